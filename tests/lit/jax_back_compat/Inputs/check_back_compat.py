"""Runs one JAX back-compat case (tests/jax_back_compat/<file>.mlir with its inputs and
expected outputs in tests/jax_back_compat/cases.py) with xpar and checks the results the way
JAX's export_back_compat_test does for the op: `exact` compares every output; `eigh` compares
the eigenvalues and checks A v = w v and orthonormal eigenvectors (eigenvectors of repeated
eigenvalues are not unique); `svd` compares singular values, U and Vt up to the sign of each
singular pair, and checks U diag(s) Vt = A. Tolerances: f32 1e-5 relative to the largest
magnitude, f64 1e-12.
Usage: check_back_compat.py XPAR CASE_DIR FILE WORKDIR"""
import os
import subprocess
import sys

import numpy as np


def close(name, got, want, tol):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    scale = max(float(np.max(np.abs(want))), 1e-30)
    err = float(np.max(np.abs(got - want))) / scale if want.size else 0.0
    ok = got.shape == want.shape and err <= tol
    print(f"{'PASS' if ok else 'FAIL'} {name} {list(got.shape)}: max difference {err:.2e} "
          f"of the largest magnitude (bound {tol:g})")
    return ok


def small(name, residual, scale, tol):
    err = float(np.max(np.abs(residual))) / scale
    ok = err <= tol
    print(f"{'PASS' if ok else 'FAIL'} {name} {list(residual.shape)}: max {err:.2e} of the "
          f"largest magnitude of A (bound {tol:g})")
    return ok


def check_eigh(got, want, tol):
    v, w = np.asarray(got[0], np.float64), np.asarray(got[1], np.float64)
    m = np.arange(64, dtype=np.float64).reshape(8, 8)
    a = (m + m.T) / 2
    ok = close("eigenvalues", w, want[1], tol)
    ok &= small("A v - w v", a @ v - v * w, float(np.abs(a).max()), tol)
    ok &= close("v^T v", v.T @ v, np.eye(8), tol * 10)
    return ok


def check_svd(got, want, a, tol):
    u, s, vt = (np.asarray(x, np.float64) for x in got)
    ok = close("singular values", s, want[1], tol)
    sign = np.sign(np.sum(u * want[0], axis=-2, keepdims=True))  # per singular pair
    ok &= close("U (up to sign)", u * sign, want[0], tol * 10)
    ok &= close("Vt (up to sign)", vt * np.swapaxes(sign, -1, -2), want[2], tol * 10)
    ok &= close("U diag(s) Vt", (u * s[..., None, :]) @ vt, a, tol * 10)
    return ok


def main():
    xpar, case_dir, name, work = sys.argv[1:5]
    sys.path.insert(0, case_dir)
    from cases import CASES  # noqa: E402
    case = CASES[name]
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "out.npz")
    cmd = [xpar, "run", os.path.join(case_dir, name), "--out", out]
    if case["inputs"]:
        inp = os.path.join(work, "in.npz")
        np.savez(inp, **{f"arg{i}": x for i, x in enumerate(case["inputs"])})
        cmd += ["--inputs", inp]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    res = np.load(out)
    got = [res[f"out{i}"] for i in range(len(case["expected_outputs"]))]
    want = case["expected_outputs"]
    tol = 1e-12 if want[0].dtype == np.float64 else 1e-5
    if case["kind"] == "eigh":
        ok = check_eigh(got, want, tol)
    elif case["kind"] == "svd":
        ok = check_svd(got, want, np.asarray(case["inputs"][0], np.float64), tol)
    else:
        ok = all([close(f"out{i}", g, w, tol) for i, (g, w) in enumerate(zip(got, want))])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
