"""Runs the shard_map training step (tests/stablehlo_shardy/shard_map_train_step.mlir) with xpar
on NumPy-made inputs and compares with the same step written with NumPy on whole arrays
(float64): what the per-device program with its psums and all-gather computes globally.
Usage: shard_map_vs_numpy.py XPAR MLIR WORKDIR [xpar run options...]"""
import os
import subprocess
import sys

import numpy as np


def reference(w1, w2, x, y):
    pre = x @ w1
    h = np.maximum(pre, 0)
    out = h @ w2
    d = out - y
    loss = np.sum(d * d) / 32
    g = d * (2 / 32)
    gw2 = h.T @ g
    gh = np.where(pre > 0, g @ w2.T, 0)
    gw1 = x.T @ gh
    return loss, w1 - 0.1 * gw1, w2 - 0.1 * gw2, out, np.arange(4)


def main():
    xpar, mlir, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(3)
    shapes = [(16, 32), (32, 4), (8, 16), (8, 4)]
    args = [(0.3 * rng.standard_normal(s)).astype(np.float32) for s in shapes]
    inputs, outputs = os.path.join(work, "in.npz"), os.path.join(work, "out.npz")
    np.savez(inputs, **{f"arg{i}": a for i, a in enumerate(args)})
    subprocess.run([xpar, "run", mlir, "--inputs", inputs, "--out", outputs] + sys.argv[4:],
                   check=True, stdout=subprocess.DEVNULL)
    got = np.load(outputs)
    want = reference(*[a.astype(np.float64) for a in args])
    ok = True
    for i, w in enumerate(want):
        g = got[f"out{i}"].astype(np.float64)
        w = np.asarray(w, dtype=np.float64)
        rel = float(np.max(np.abs(g - w)) / max(np.max(np.abs(w)), 1e-30))
        good = g.shape == w.shape and rel < 1e-5
        ok = ok and good
        print(f"{'PASS' if good else 'FAIL'} out{i} {list(g.shape)}: max relative difference "
              f"{rel:.2e} (bound 1e-5)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
