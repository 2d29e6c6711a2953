"""Traces torchvision models the way a user would (plain torch.jit.trace + torch.jit.save, no
recorded input shapes), with random seeded weights in eval mode, and saves for each model NAME:
NAME.pt, NAME_inputs.npz (the image as `x`, the forward's argument name), NAME_params.npz (the
weights by name, for running an imported or planned .hlo) and NAME_reference.npz (torch's output
as out0).

Sizes are small so that xpar's reference interpreter (direct-loop convolutions) runs them in
seconds: 3x64x64 images for the CNNs, and for ViT the architecture of vit_b_16 (patch 16, class
token, pre-norm encoder blocks, GELU MLP) with image 32, 2 layers, 4 heads, width 64; the full
vit_b_16 traces to the same aten ops.

usage: vision_models.py OUT_DIR [resnet50 mobilenet_v3_large vit]
"""
import os
import sys
import warnings

import numpy as np
import torch
import torchvision
from torchvision.models.vision_transformer import VisionTransformer


def build(name):
    if name == "resnet50":
        return torchvision.models.resnet50(weights=None), (1, 3, 64, 64)
    if name == "mobilenet_v3_large":
        return torchvision.models.mobilenet_v3_large(weights=None), (1, 3, 64, 64)
    if name == "vit":
        model = VisionTransformer(image_size=32, patch_size=16, num_layers=2, num_heads=4,
                                  hidden_dim=64, mlp_dim=128, num_classes=10)
        return model, (1, 3, 32, 32)
    raise SystemExit(f"unknown model {name}")


def randomize_zero_inits(model, gen):
    """Fresh BatchNorm layers have mean 0 and variance 1 (the identity), and torchvision starts
    ViT's classifier at zero (every output 0); give them other values so that the comparison
    sees them used."""
    for m in model.modules():
        if isinstance(m, VisionTransformer):
            m.heads.head.weight.copy_(torch.randn(m.heads.head.weight.shape, generator=gen) * 0.1)
            m.heads.head.bias.copy_(torch.randn(m.heads.head.bias.shape, generator=gen) * 0.1)
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.copy_(torch.randn(m.running_mean.shape, generator=gen) * 0.1)
            m.running_var.copy_(torch.rand(m.running_var.shape, generator=gen) + 0.5)


def main():
    out = sys.argv[1]
    names = sys.argv[2:] or ["resnet50", "mobilenet_v3_large", "vit"]
    os.makedirs(out, exist_ok=True)
    warnings.filterwarnings("ignore")
    torch.set_num_threads(1)
    for name in names:
        torch.manual_seed(0)
        gen = torch.Generator().manual_seed(1)
        model, shape = build(name)
        with torch.no_grad():
            randomize_zero_inits(model, gen)
        model.eval()
        x = torch.randn(shape, generator=gen)
        traced = torch.jit.trace(model, (x,), check_trace=False)
        torch.jit.save(traced, os.path.join(out, name + ".pt"))
        with torch.no_grad():
            y = traced(x)
        np.savez(os.path.join(out, name + "_inputs.npz"), x=x.numpy())
        np.savez(os.path.join(out, name + "_params.npz"),
                 **{k: v.detach().numpy() for k, v in model.named_parameters()})
        np.savez(os.path.join(out, name + "_reference.npz"), out0=y.numpy())
        print(f"{name}: input {list(shape)} output {list(y.shape)}")


if __name__ == "__main__":
    main()
