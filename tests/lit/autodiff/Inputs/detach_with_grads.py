#!/usr/bin/env python3
"""A model whose loss reads values through `detach` (a target network's output, a stop-gradient
normaliser), traced with plain torch.jit.trace + torch.jit.save. torch.autograd sends no gradient
back through a detached value, so `target.weight` gets its gradient only from its own term.
Saves OUT/detach.pt, OUT/inputs.npz, OUT/params.npz and OUT/torch_grads.npz (the loss and the
gradient of every parameter), like cnn_with_grads.py.

usage: detach_with_grads.py OUT_DIR
"""
import os
import sys
import warnings

import numpy as np
import torch


class DetachModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.online = torch.nn.Linear(6, 4)
        self.target = torch.nn.Linear(6, 4)

    def forward(self, x):
        online = torch.tanh(self.online(x))
        target = torch.tanh(self.target(x))
        scale = (online * online).sum(-1, keepdim=True).sqrt().detach()  # stop-gradient norm
        bootstrap = ((online / scale - target.detach()) ** 2).mean()
        return bootstrap + 0.1 * (target ** 2).mean()


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    model = DetachModel()
    x = torch.randn(3, 6, generator=torch.Generator().manual_seed(1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (x,), check_trace=False)
    torch.jit.save(traced, os.path.join(out, "detach.pt"))
    np.savez(os.path.join(out, "inputs.npz"), x=x.numpy())
    np.savez(os.path.join(out, "params.npz"),
             **{n: p.detach().numpy() for n, p in model.named_parameters()})
    loss = model(x)
    loss.backward()
    np.savez(os.path.join(out, "torch_grads.npz"), loss=loss.detach().numpy(),
             **{n: p.grad.numpy() for n, p in model.named_parameters()})


if __name__ == "__main__":
    main()
