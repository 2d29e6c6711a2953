"""Writes the seeds of the torchscript_pt fuzz target: small TorchScript traces saved with
torch.jit.save, one with the xpar_inputs.json record python/xpar_capture.py adds (recorded input
shapes), one without (plain torch.jit.save), and one with an op xpar does not lower. Each stays a
few KiB so that mutations run fast.

usage: /usr/bin/python3 fuzz/make_torchscript_seeds.py fuzz/seeds/torchscript_pt
"""
import json
import os
import sys

import torch
import torch.nn.functional as F


class Mlp(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(4, 6)
        self.fc2 = torch.nn.Linear(6, 3)
        self.register_buffer("scale", torch.tensor([0.5, 2.0, 1.0]))

    def forward(self, x):
        h = F.gelu(self.fc1(x))
        return torch.softmax(self.fc2(h) * self.scale, dim=-1).sum()


class Conv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(2, 3, 3, padding=1)
        self.norm = torch.nn.LayerNorm([3, 4, 4])

    def forward(self, image, bias):
        h = F.max_pool2d(F.relu(self.norm(self.conv(image))), 2)
        return h.reshape(1, -1).transpose(0, 1) + bias


class Unsupported(torch.nn.Module):
    def forward(self, x):
        return torch.cumsum(x, 0)


def save(model, inputs, path, record):
    torch.manual_seed(0)
    with torch.no_grad():
        traced = torch.jit.trace(model, inputs, check_trace=False)
    extra = {}
    if record:
        meta = {"inputs": [{"name": f"arg{i}", "dtype": "f32", "shape": list(t.shape)}
                           for i, t in enumerate(inputs)]}
        extra = {"xpar_inputs.json": json.dumps(meta)}
    torch.jit.save(traced, path, _extra_files=extra)


def main(out):
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    save(Mlp(), (torch.randn(2, 4),), os.path.join(out, "mlp_recorded.pt"), True)
    save(Conv(), (torch.randn(1, 2, 4, 4), torch.randn(12, 1)), os.path.join(out, "conv_plain.pt"),
         False)
    save(Unsupported(), (torch.randn(5),), os.path.join(out, "unsupported_op.pt"), True)


if __name__ == "__main__":
    main(sys.argv[1])
