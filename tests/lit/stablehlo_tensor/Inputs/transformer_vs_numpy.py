"""Runs transformer_block.mlir with xpar on NumPy-made inputs and compares with a NumPy
reference in float64. Usage: transformer_vs_numpy.py XPAR MLIR WORKDIR"""
import os
import subprocess
import sys

import numpy as np


def reference(x, gamma, wqkv, wo, w1, w2):
    xp = x + 0.01 * np.arange(4)[:, None]
    xc = xp - xp.mean(axis=1, keepdims=True)
    ln = xc / np.sqrt((xc * xc).mean(axis=1, keepdims=True) + 1e-5) * gamma
    qkv = ln @ wqkv
    q, k, v = (qkv[:, i * 8:(i + 1) * 8].reshape(4, 2, 4).transpose(1, 0, 2) for i in range(3))
    s = q @ k.transpose(0, 2, 1) * 0.5
    s = np.where(np.tril(np.ones((4, 4), dtype=bool)), s, -1e9)
    p = np.exp(s - s.max(axis=2, keepdims=True))
    p /= p.sum(axis=2, keepdims=True)
    h = xp + (p @ v).transpose(1, 0, 2).reshape(4, 8) @ wo
    y = h + np.maximum(h @ w1, 0) @ w2
    out = y.copy()
    out[2:4] = 3 * y[0:2]
    return out, out[1, 2] - out[3, 5]


def main():
    xpar, mlir, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(7)
    shapes = [(4, 8), (8,), (8, 24), (8, 8), (8, 16), (16, 8)]
    args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    args[1] = (1 + 0.1 * args[1]).astype(np.float32)
    inputs, outputs = os.path.join(work, "in.npz"), os.path.join(work, "out.npz")
    np.savez(inputs, **{f"arg{i}": a for i, a in enumerate(args)})
    subprocess.run([xpar, "run", mlir, "--inputs", inputs, "--out", outputs], check=True,
                   stdout=subprocess.DEVNULL)
    got = np.load(outputs)
    want = reference(*[a.astype(np.float64) for a in args])
    ok = True
    for i, w in enumerate(want):
        g = got[f"out{i}"]
        w = np.asarray(w)
        rel = float(np.max(np.abs(g - w)) / max(np.max(np.abs(w)), 1e-30))
        good = g.shape == w.shape and rel < 1e-5
        ok = ok and good
        print(f"{'PASS' if good else 'FAIL'} out{i} {list(g.shape)}: max relative difference "
              f"{rel:.2e} (bound 1e-5)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
