"""CHLO special and elementwise functions, as xpar decomposes them, against SciPy/NumPy.

Usage: chlo_vs_scipy.py XPAR WORKDIR. For each op and element type, writes a module whose @main
applies the CHLO op to its arguments, inputs over the op's domain (.npz), runs
`xpar run m.mlir --inputs in.npz --out out.npz` and compares with the reference in float64.
Prints one line per case with the largest error found and the bound it is held to; exits 1
when any case is outside its bound.
"""
import os
import subprocess
import sys

import numpy as np
import scipy.special as sp

RNG = np.random.default_rng(0)
N = 512


def away_from_poles(x, gap=0.02):
    """Moves points within `gap` of a non-positive integer off it."""
    near = (x <= 0.5) & (np.abs(x - np.round(x)) < gap)
    return np.where(near, x + 2 * gap, x)


def uniform(lo, hi):
    return lambda: RNG.uniform(lo, hi, N)


# op -> (number of operands, input generator, reference, {dtype: (rtol, atol)}).
# Bounds: within JAX's own special-function tolerances (float32 1e-5 .. 1e-3 relative), set a few
# times above the errors measured so that a wrong coefficient or branch fails; bfloat16 about
# two ulps of its 8-bit significand.
TIGHT = {"f32": (2e-6, 1e-7), "f64": (1e-14, 1e-15), "bf16": (8e-3, 1e-3)}
CASES = {
    "lgamma": (1, lambda: away_from_poles(RNG.uniform(-10, 30, N)), sp.gammaln,
               {"f32": (2e-5, 2e-6), "f64": (1e-12, 1e-13), "bf16": (8e-3, 1e-3)}),
    "digamma": (1, lambda: away_from_poles(RNG.uniform(-10, 30, N)), sp.digamma,
                {"f32": (2e-5, 2e-6), "f64": (1e-12, 1e-13), "bf16": (8e-3, 1e-3)}),
    "erf_inv": (1, uniform(-0.999, 0.999), sp.erfinv,
                {"f32": (1e-5, 1e-6), "f64": (1e-14, 1e-15), "bf16": (8e-3, 1e-3)}),
    "bessel_i1e": (1, uniform(-50, 50), sp.i1e, TIGHT),
    "sinh": (1, uniform(-20, 20), np.sinh, TIGHT),
    "cosh": (1, uniform(-20, 20), np.cosh, TIGHT),
    "tan": (1, uniform(-1.5, 1.5), np.tan, {"f32": (2e-6, 1e-7), "f64": (1e-14, 1e-15)}),
    "atan": (1, uniform(-50, 50), np.arctan, TIGHT),
    "asin": (1, uniform(-1, 1), np.arcsin, TIGHT),
    "acos": (1, uniform(-1, 1), np.arccos, TIGHT),
    "asinh": (1, uniform(-100, 100), np.arcsinh, TIGHT),
    "acosh": (1, uniform(1, 100), np.arccosh, TIGHT),
    "atanh": (1, uniform(-0.99, 0.99), np.arctanh, TIGHT),
    "zeta": (2, lambda: (RNG.uniform(1.5, 10, N), RNG.uniform(0.5, 10, N)), sp.zeta,
             {"f32": (1e-5, 1e-6), "f64": (1e-12, 1e-14)}),
    "polygamma": (2, lambda: (RNG.integers(0, 4, N).astype(np.float64), RNG.uniform(0.5, 10, N)),
                  lambda n, x: sp.polygamma(n.astype(int), x),
                  {"f32": (2e-5, 2e-6), "f64": (1e-12, 1e-13)}),
}
TYPES = {"f32": np.float32, "f64": np.float64, "bf16": np.float32}


def to_bf16(x):
    """Rounds float32 values to bfloat16 (nearest even), kept as float32."""
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    b = (b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000
    return b.astype(np.uint32).view(np.float32)


def write_module(path, op, arity, ty):
    t = f"tensor<{N}x{ty}>"
    args = ", ".join(f"%arg{i}: {t}" for i in range(arity))
    uses = ", ".join(f"%arg{i}" for i in range(arity))
    sig = f"({', '.join([t] * arity)})" if arity > 1 else t
    with open(path, "w") as f:
        f.write(f"func.func @main({args}) -> {t} {{\n"
                f"  %0 = chlo.{op} {uses} : {sig} -> {t}\n"
                f"  return %0 : {t}\n}}\n")


def run_case(xpar, work, op, ty):
    arity, gen, ref, bounds = CASES[op]
    inputs = gen()
    inputs = inputs if isinstance(inputs, tuple) else (inputs,)
    inputs = [x.astype(TYPES[ty]) for x in inputs]
    if ty == "bf16":
        inputs = [to_bf16(x) for x in inputs]
    stem = os.path.join(work, f"{op}_{ty}")
    write_module(stem + ".mlir", op, arity, ty)
    np.savez(stem + "_in.npz", **{f"arg{i}": x for i, x in enumerate(inputs)})
    subprocess.run([xpar, "run", stem + ".mlir", "--inputs", stem + "_in.npz", "--out",
                    stem + "_out.npz"], check=True, stdout=subprocess.DEVNULL)
    got = np.load(stem + "_out.npz")["out0"].astype(np.float64)
    want = ref(*[x.astype(np.float64) for x in inputs])
    if ty == "bf16":
        want = to_bf16(want).astype(np.float64)
    rtol, atol = bounds[ty]
    err = np.abs(got - want)
    ok = np.isfinite(want)
    excess = err[ok] - (atol + rtol * np.abs(want[ok]))
    worst = np.max(err[ok] / (atol + rtol * np.abs(want[ok])))
    good = bool(np.all(excess <= 0)) and np.array_equal(np.isnan(got), np.isnan(want))
    print(f"{'PASS' if good else 'FAIL'} {op} {ty}: max |err| {err[ok].max():.3g}, "
          f"worst err/bound {worst:.3g} (rtol {rtol:g}, atol {atol:g})")
    return good


def next_after_case(xpar, work, ty):
    np_ty = TYPES[ty]
    x = np.concatenate([RNG.uniform(-10, 10, N - 8), [0, -0.0, 1, 1, np.inf, -1, 0, 5]])
    y = np.concatenate([RNG.uniform(-10, 10, N - 8), [1, -1, 1, 2, 0, -np.inf, -0.0, 5]])
    x, y = x.astype(np_ty), y.astype(np_ty)
    stem = os.path.join(work, f"next_after_{ty}")
    write_module(stem + ".mlir", "next_after", 2, ty)
    np.savez(stem + "_in.npz", arg0=x, arg1=y)
    subprocess.run([xpar, "run", stem + ".mlir", "--inputs", stem + "_in.npz", "--out",
                    stem + "_out.npz"], check=True, stdout=subprocess.DEVNULL)
    got = np.load(stem + "_out.npz")["out0"].astype(np_ty)
    good = np.array_equal(got.view(np.uint8), np.nextafter(x, y).view(np.uint8))
    print(f"{'PASS' if good else 'FAIL'} next_after {ty}: bit-exact")
    return good


def main():
    xpar, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    results = [next_after_case(xpar, work, ty) for ty in ("f32", "f64")]
    for op, (_, _, _, bounds) in CASES.items():
        for ty in bounds:
            results.append(run_case(xpar, work, op, ty))
    print(f"{sum(results)} of {len(results)} cases within bounds")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
