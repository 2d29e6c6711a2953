"""A small two-input model traced with plain torch.jit.trace + torch.jit.save (no recorded input
shapes), covering the vision ops the torchvision models of vision_vs_pytorch.test do not: dilated
and strided depthwise convolution, conv_transpose2d, "same" padding, max/avg pooling with
ceil_mode, padding and count_include_pad=False, adaptive pooling to sizes that do not divide,
hardtanh/relu6/leaky_relu/silu/hardsigmoid, nearest and bilinear upsampling, and a batch norm
traced in training mode (batch statistics). Saves OUT/plain.pt, OUT/plain_named.npz (arrays named
as the arguments), OUT/plain_positional.npz (np.savez's arr_0, arr_1) and OUT/plain_reference.npz.

usage: plain_trace.py OUT_DIR
"""
import os
import sys
import warnings

import numpy as np
import torch
import torch.nn.functional as F


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 3, stride=1, padding="same", bias=False)
        self.bn = torch.nn.BatchNorm2d(8)
        self.dw = torch.nn.Conv2d(8, 8, 3, stride=2, padding=2, dilation=2, groups=8)
        self.up = torch.nn.ConvTranspose2d(8, 4, 3, stride=2, padding=1, output_padding=1)
        self.train_bn = torch.nn.BatchNorm2d(4)
        self.head = torch.nn.Linear(4 * 3 * 3 + 8, 5)

    def forward(self, image, shift):
        h = F.relu6(self.bn(self.stem(image)))                       # [1, 8, 15, 15]
        h = F.hardtanh(self.dw(h), -0.5, 2.0)                         # [1, 8, 8, 8]
        a = F.max_pool2d(h, 3, stride=2, padding=1, dilation=1, ceil_mode=True)
        b = F.avg_pool2d(h, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        h = F.leaky_relu(a + b, 0.1) * torch.sigmoid(b) + F.hardsigmoid(a)
        h = F.interpolate(h, scale_factor=2, mode="nearest")          # [1, 8, 10, 10]
        h = F.interpolate(h, size=(7, 9), mode="bilinear", align_corners=False)
        h = F.interpolate(h, size=(8, 8), mode="bilinear", align_corners=True)
        u = self.up(h)                                                # [1, 4, 16, 16]
        u = F.silu(self.train_bn(u)) + shift.view(1, 4, 1, 1)
        p = F.adaptive_avg_pool2d(u, (3, 3))                          # bins do not divide 16
        m = F.adaptive_avg_pool2d(h, 1)
        return self.head(torch.cat([torch.flatten(p, 1), torch.flatten(m, 1)], 1))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    warnings.filterwarnings("ignore")
    torch.manual_seed(0)
    model = Small()
    model.eval()
    model.train_bn.train()  # traced in training mode: normalised by the batch's statistics
    with torch.no_grad():
        model.bn.running_mean.uniform_(-0.2, 0.2)
        model.bn.running_var.uniform_(0.5, 1.5)
    image = torch.randn(1, 3, 15, 15)
    shift = torch.randn(4)
    traced = torch.jit.trace(model, (image, shift), check_trace=False)
    torch.jit.save(traced, os.path.join(out, "plain.pt"))
    model.train_bn.train()
    with torch.no_grad():
        y = model(image, shift)
    np.savez(os.path.join(out, "plain_named.npz"), image=image.numpy(), shift=shift.numpy())
    np.savez(os.path.join(out, "plain_positional.npz"), image.numpy(), shift.numpy())
    np.savez(os.path.join(out, "plain_reference.npz"), out0=y.numpy())
    np.savez(os.path.join(out, "plain_misnamed.npz"), picture=image.numpy(), shift=shift.numpy())
    np.savez(os.path.join(out, "plain_params.npz"),
             **{k: v.detach().numpy() for k, v in model.named_parameters()})


if __name__ == "__main__":
    main()
