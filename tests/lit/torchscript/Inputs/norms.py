"""Vector norms as PyTorch code writes them (Tensor.norm, torch.linalg.vector_norm, torch.norm with
p = 1, 2, 3, inf, -inf, over all dims or some, keepdim), traced with plain torch.jit.trace +
torch.jit.save. Saves OUT/norms.pt, OUT/norms_inputs.npz and OUT/norms_reference.npz (out0..).

usage: norms.py OUT_DIR
"""
import os
import sys
import warnings

import numpy as np
import torch


class Norms(torch.nn.Module):
    def forward(self, x):
        return (x.norm(dim=-1, keepdim=True),
                x.norm(),
                torch.linalg.vector_norm(x, ord=1, dim=(0, 2)),
                torch.linalg.vector_norm(x, ord=float("inf"), dim=1),
                torch.linalg.vector_norm(x, ord=float("-inf")),
                torch.norm(x, p=3, dim=2),
                x / x.norm(dim=-1, keepdim=True).detach())


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    warnings.filterwarnings("ignore")
    x = torch.randn(3, 4, 5, generator=torch.Generator().manual_seed(0))
    traced = torch.jit.trace(Norms(), (x,), check_trace=False)
    torch.jit.save(traced, os.path.join(out, "norms.pt"))
    np.savez(os.path.join(out, "norms_inputs.npz"), x=x.numpy())
    outs = Norms()(x)
    np.savez(os.path.join(out, "norms_reference.npz"),
             **{f"out{i}": o.numpy() for i, o in enumerate(outs)})


if __name__ == "__main__":
    main()
