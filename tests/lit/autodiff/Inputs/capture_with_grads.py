#!/usr/bin/env python3
"""Traces a zoo model as python/xpar_capture.py does (model.pt, inputs.npz, params.npz) and also
saves torch.autograd's gradient of the loss for every parameter (torch_grads.npz, by parameter
name, plus `loss`), so that one PyTorch start serves the whole test.

  capture_with_grads.py --model llama --config tiny -o DIR
"""
import argparse
import os
import sys

import numpy as np
import torch

sys.dont_write_bytecode = True
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
import xpar_capture  # noqa: E402
from xpar_zoo import build_model  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--model", required=True)
    p.add_argument("--config", default="tiny")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("-o", "--out", required=True)
    args = p.parse_args()
    batch, seq = 2, 8
    xpar_capture.main(["--model", args.model, "--config", args.config, "--seed", str(args.seed),
                       "--batch", str(batch), "--seq", str(seq), "-o", args.out])
    torch.set_default_dtype(torch.float32)
    model, cfg = build_model(args.model, args.config, seed=args.seed)
    inputs = xpar_capture.example_inputs(cfg, batch, seq, args.seed)
    loss = model(*inputs)
    loss.backward()
    grads = {name: p.grad.detach().numpy() for name, p in model.named_parameters()
             if p.grad is not None}
    np.savez(os.path.join(args.out, "torch_grads.npz"), loss=loss.detach().numpy(), **grads)


if __name__ == "__main__":
    main()
