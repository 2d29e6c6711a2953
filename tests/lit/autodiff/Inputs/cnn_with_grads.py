#!/usr/bin/env python3
"""A small CNN with a cross-entropy loss, traced with plain torch.jit.trace + torch.jit.save (no
recorded input shapes), covering the vision ops of the TorchScript frontend under autodiff:
convolutions with stride, padding, dilation and groups, a transposed convolution, batch norm in
training and in eval mode, ReLU/SiLU/hardtanh, max and average pooling (ceil_mode, padding),
nearest and bilinear upsampling, adaptive average pooling and a linear head. Saves OUT/cnn.pt,
OUT/inputs.npz (arrays named as the forward's arguments), OUT/params.npz (the weights by name)
and OUT/torch_grads.npz (the loss and torch.autograd's gradient of every parameter).

usage: cnn_with_grads.py OUT_DIR
"""
import os
import sys
import warnings

import numpy as np
import torch
import torch.nn.functional as F


class SmallCnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 3, stride=1, padding=1, bias=False)
        self.bn = torch.nn.BatchNorm2d(8)
        self.dw = torch.nn.Conv2d(8, 8, 3, stride=2, padding=2, dilation=2, groups=4)
        self.up = torch.nn.ConvTranspose2d(8, 4, 3, stride=2, padding=1, output_padding=1)
        self.eval_bn = torch.nn.BatchNorm2d(4)
        self.head = torch.nn.Linear(4 * 2 * 2, 5)

    def forward(self, image, labels):
        h = F.relu(self.bn(self.stem(image)))                          # [2, 8, 12, 12]
        h = F.hardtanh(self.dw(h), -0.5, 2.0)                           # [2, 8, 6, 6]
        a = F.max_pool2d(h, 3, stride=2, padding=1, ceil_mode=True)     # [2, 8, 3, 3]
        b = F.avg_pool2d(h, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        h = F.interpolate(a + b, scale_factor=2, mode="nearest")        # [2, 8, 6, 6]
        h = F.interpolate(h, size=(5, 7), mode="bilinear", align_corners=False)
        u = F.silu(self.eval_bn(self.up(h)))                            # [2, 4, 10, 14]
        u = F.adaptive_avg_pool2d(u, (2, 2)).flatten(1)
        return F.cross_entropy(self.head(u), labels)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    model = SmallCnn()
    gen = torch.Generator().manual_seed(1)
    with torch.no_grad():
        model.eval_bn.running_mean.copy_(torch.randn(4, generator=gen) * 0.1)
        model.eval_bn.running_var.copy_(torch.rand(4, generator=gen) + 0.5)
    model.train()
    model.eval_bn.eval()  # running statistics: an elementwise affine map
    image = torch.randn(2, 3, 12, 12, generator=gen)
    labels = torch.tensor([1, 3])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (image, labels), check_trace=False)
    torch.jit.save(traced, os.path.join(out, "cnn.pt"))
    np.savez(os.path.join(out, "inputs.npz"), image=image.numpy(), labels=labels.numpy())
    np.savez(os.path.join(out, "params.npz"),
             **{n: p.detach().numpy() for n, p in model.named_parameters()},
             **{n: b.numpy() for n, b in model.named_buffers()})
    loss = model(image, labels)
    loss.backward()
    np.savez(os.path.join(out, "torch_grads.npz"), loss=loss.detach().numpy(),
             **{n: p.grad.numpy() for n, p in model.named_parameters()})


if __name__ == "__main__":
    main()
