"""Runs an MLIR file with xpar on seeded NumPy inputs and compares each output with a NumPy
expression of the arguments a0, a1, ... (float64).
Usage: run_vs_numpy.py XPAR MLIR WORKDIR SHAPES EXPR [EXPR...] [-- xpar run options...]
SHAPES: "8x16,16x32" (float32 arguments; "16:i64<65" is an int64 argument in [0, 65));
EXPR: e.g. "(2 * a0) @ a1", one per output."""
import os
import subprocess
import sys

import numpy as np


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    xpar, mlir, work, shapes = argv[:4]
    exprs = argv[4:]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(5)
    args = []
    for s in shapes.split(","):
        dims, _, ints = s.partition(":i64<")
        shape = [int(d) for d in dims.split("x")]
        args.append(rng.integers(0, int(ints), shape).astype(np.int64) if ints else
                    rng.standard_normal(shape).astype(np.float32))
    inputs, outputs = os.path.join(work, "in.npz"), os.path.join(work, "out.npz")
    np.savez(inputs, **{f"arg{i}": a for i, a in enumerate(args)})
    subprocess.run([xpar, "run", mlir, "--inputs", inputs, "--out", outputs] + extra,
                   check=True, stdout=subprocess.DEVNULL)
    got = np.load(outputs)
    env = {"np": np, **{f"a{i}": a.astype(np.float64) for i, a in enumerate(args)}}
    ok = True
    for i, expr in enumerate(exprs):
        g = got[f"out{i}"].astype(np.float64)
        w = np.asarray(eval(expr, env), dtype=np.float64)
        rel = float(np.max(np.abs(g - w)) / max(np.max(np.abs(w)), 1e-30)) \
            if g.shape == w.shape else float("inf")
        good = rel < 1e-5
        ok = ok and good
        print(f"{'PASS' if good else 'FAIL'} out{i} {list(g.shape)} = {expr}: max relative "
              f"difference {rel:.2e} (bound 1e-5)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
