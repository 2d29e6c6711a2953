#!/usr/bin/env python3
"""Compares xpar's gradients with torch.autograd's (f32).

  compare_grads.py OUTPUTS.txt XPAR.npz TORCH.npz [--rtol 1e-4]

OUTPUTS.txt is what `xpar grad MODEL -o OUT.hlo` prints (out0: loss, outN: d loss / d NAME ...);
XPAR.npz holds `xpar run`'s outputs (out0, out1, ...); TORCH.npz the loss and the gradients by
parameter name (capture_with_grads.py). A gradient passes when max |xpar - torch| <= rtol x
max(max |torch|, 1e-3 x the largest max |torch| of the model): gradients that are zero in exact
arithmetic (an attention key bias: softmax ignores a per-query constant) are rounding noise in
both, judged against the model's gradient scale. Prints one line per failure and a summary;
exits 1 on any failure.
"""
import argparse
import re
import sys

import numpy as np


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("outputs")
    p.add_argument("xpar")
    p.add_argument("torch")
    p.add_argument("--rtol", type=float, default=1e-4)
    args = p.parse_args()
    got, ref = np.load(args.xpar), np.load(args.torch)
    names = {}
    with open(args.outputs) as f:
        for line in f:
            m = re.match(r"out(\d+): d loss / d (\S+) ", line)
            if m:
                names[m.group(2)] = f"out{m.group(1)}"
    loss, want = float(got["out0"]), float(ref["loss"])
    loss_ok = abs(loss - want) <= args.rtol * abs(want)
    print(f"loss {'ok' if loss_ok else 'MISMATCH'}: xpar {loss:.6f} torch {want:.6f}")
    ok, worst, count = loss_ok, 0.0, 0
    floor = 1e-3 * max(float(np.abs(ref[n]).max()) for n in ref.files if n != "loss")
    for name in ref.files:
        if name == "loss":
            continue
        count += 1
        if name not in names:
            print(f"{name}: MISSING from xpar's gradients")
            ok = False
            continue
        mine, theirs = got[names[name]], ref[name]
        if mine.shape != theirs.shape:
            print(f"{name}: SHAPE {mine.shape} vs torch {theirs.shape}")
            ok = False
            continue
        err = float(np.abs(mine - theirs).max()) / max(float(np.abs(theirs).max()), floor)
        worst = max(worst, err)
        if err > args.rtol:
            print(f"{name}: MISMATCH max error {err:.3g} x max|grad|")
            ok = False
    print(f"{count} gradients {'ok' if ok else 'NOT ok'}: worst error {worst:.2g} x max|grad|")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
