#!/usr/bin/env python3
"""Traces a zoo model's forward + loss with torch.jit.trace and saves what xpar needs to run it
and what a test needs to check it against PyTorch:

  model.pt            the TorchScript trace (weights inside; example input shapes recorded in
                      the extra file xpar_inputs.json)
  inputs.npz          the forward's inputs in order: arg0 (token ids), arg1 (labels)
  params.npz          the parameters by name (model.layers.0.self_attn.q_proj.weight, ...)
  reference.npz       PyTorch's outputs: out0 (the loss) and, with --logits, out1 (the logits)

Example: /usr/bin/python3 python/xpar_capture.py --model llama --config tiny -o out/
"""
import argparse
import json
import os
import sys

import numpy as np
import torch

sys.dont_write_bytecode = True  # keep the source tree clean when tests run the script
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xpar_zoo import CONFIGS, build_model  # noqa: E402


def example_inputs(cfg, batch, seq, seed, ignored_fraction=0.25):
    """Token ids and labels drawn from a seeded generator; a fraction of the labels is -100
    (ignored by the loss) so that the trace exercises ignore_index."""
    gen = torch.Generator().manual_seed(seed + 1)
    ids = torch.randint(0, cfg["vocab_size"], (batch, seq), generator=gen)
    labels = torch.randint(0, cfg["vocab_size"], (batch, seq), generator=gen)
    ignored = torch.rand((batch, seq), generator=gen) < ignored_fraction
    return ids, labels.masked_fill(ignored, -100)


def input_description(inputs):
    dtypes = {torch.int64: "s64", torch.int32: "s32", torch.float32: "f32", torch.bool: "pred"}
    return [{"name": f"arg{i}", "dtype": dtypes[t.dtype], "shape": list(t.shape)}
            for i, t in enumerate(inputs)]


def unique_parameters(model):
    """Parameters by their first name (tied weights appear once, as named_parameters() does)."""
    return {name: p.detach().numpy() for name, p in model.named_parameters()}


def capture(args):
    torch.set_default_dtype(torch.float32)
    model, cfg = build_model(args.model, args.config, seed=args.seed,
                             return_logits=args.logits, init_std=args.init_std)
    inputs = example_inputs(cfg, args.batch, args.seq, args.seed)
    with torch.no_grad():
        traced = torch.jit.trace(model, inputs, check_trace=False)
        outputs = model(*inputs)
    if not isinstance(outputs, tuple):
        outputs = (outputs,)
    os.makedirs(args.out, exist_ok=True)
    meta = {"model": args.model, "config": args.config, "seed": args.seed,
            "inputs": input_description(inputs)}
    torch.jit.save(traced, os.path.join(args.out, "model.pt"),
                   _extra_files={"xpar_inputs.json": json.dumps(meta)})
    np.savez(os.path.join(args.out, "inputs.npz"),
             **{f"arg{i}": t.numpy() for i, t in enumerate(inputs)})
    np.savez(os.path.join(args.out, "params.npz"), **unique_parameters(model))
    np.savez(os.path.join(args.out, "reference.npz"),
             **{f"out{i}": t.detach().numpy() for i, t in enumerate(outputs)})
    if args.print_graph:
        print(traced.inlined_graph)
    print(f"traced {args.model}/{args.config} into {args.out}: "
          f"loss={float(outputs[0]):.6f}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", required=True, choices=sorted(CONFIGS))
    p.add_argument("--config", default="tiny")
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--seq", type=int, default=8)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--logits", action="store_true",
                   help="return (loss, logits) instead of the loss alone")
    p.add_argument("--init-std", type=float, default=None,
                   help="override the config's initializer_range")
    p.add_argument("--print-graph", action="store_true", help="print the inlined trace")
    p.add_argument("-o", "--out", required=True, help="output directory")
    capture(p.parse_args(argv))


if __name__ == "__main__":
    main()
