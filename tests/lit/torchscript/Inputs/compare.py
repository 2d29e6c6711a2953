"""Compares xpar's outputs with PyTorch's reference outputs (npz files with out0, out1, ...).

Relative error of an output: max |xpar - torch| / max |torch| (norm-wise, so entries near zero
do not dominate). Prints 'outN ok' when it is at most --tol, else 'outN MISMATCH'."""
import argparse
import sys

import numpy as np


def main():
    p = argparse.ArgumentParser()
    p.add_argument("reference")
    p.add_argument("actual")
    p.add_argument("--tol", type=float, default=1e-5)
    a = p.parse_args()
    ref, act = np.load(a.reference), np.load(a.actual)
    ok = True
    for name in sorted(ref.files):
        r = ref[name].astype(np.float64)
        if name not in act.files:
            print(f"{name} MISSING")
            ok = False
            continue
        x = act[name].astype(np.float64)
        if x.shape != r.shape:
            print(f"{name} SHAPE {x.shape} vs {r.shape}")
            ok = False
            continue
        scale = max(np.max(np.abs(r)), np.finfo(np.float32).tiny)
        rel = float(np.max(np.abs(x - r)) / scale) if r.size else 0.0
        good = rel <= a.tol and np.all(np.isfinite(x) == np.isfinite(r))
        print(f"{name} {'ok' if good else 'MISMATCH'} rel={rel:.3g}")
        ok = ok and good
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
