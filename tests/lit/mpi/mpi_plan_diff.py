#!/usr/bin/env python3
"""A corpus step planned by xpar, run partitioned on threads and on MPI ranks (ctest: mpi_plan_*).

  mpi_plan_diff.py --xpar XPAR --mesh MESH [--np N] [--rtol R] MODEL.hlo
      1. `xpar plan MODEL --mesh MESH -o planned.hlo` (the auto-sharding plan as annotations);
      2. `xpar run planned.hlo --mesh MESH --check --rtol R --out threads.npz` (threads);
      3. the same under `mpirun -np N` with XPAR_MPI_DETERMINISTIC=1 (--out mpi.npz).
      Both runs must pass --check (each output within R of the single-device run), and the two
      saved outputs must be bit-identical: in deterministic mode every floating-point reduction
      is combined in group rank order on both backends.
  A MODEL that does not exist skips the test (exit 77), or fails it under CI=true.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import zipfile


def run(cmd, env, timeout, what):
    try:
        r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        sys.exit(f"FAIL: {what} timed out after {timeout} s (hang?): {' '.join(cmd)}")
    if r.returncode != 0:
        sys.exit(f"FAIL: {what} exit {r.returncode}: {' '.join(cmd)}\n{r.stdout}\n{r.stderr}")
    return r


def checks_passed(stdout, what):
    lines = [l for l in stdout.splitlines() if l.startswith("check ")]
    if not lines or any(not l.endswith("(ok)") for l in lines):
        sys.exit(f"FAIL: {what}: --check lines missing or failing:\n{stdout}")
    return len(lines)


def npz_members(path):
    """Each saved output's .npy bytes (header: dtype and shape; then the raw values)."""
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in sorted(z.namelist())}


def main():
    p = argparse.ArgumentParser(allow_abbrev=False)
    p.add_argument("--xpar", required=True)
    p.add_argument("--mpirun", default="mpirun")
    p.add_argument("--np", type=int, default=4)
    p.add_argument("--mesh", required=True)
    p.add_argument("--rtol", default="1e-5")
    p.add_argument("--timeout", type=int, default=200)
    p.add_argument("model")
    args = p.parse_args()
    if not os.path.exists(args.model):
        if os.environ.get("CI") == "true":
            sys.exit(f"FAIL: {args.model} is missing (CI=true)")
        print(f"skipped: {args.model} is not here (../shared absent?)")
        sys.exit(77)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_mpi_yield_when_idle="1", XPAR_MPI_DETERMINISTIC="1")
    with tempfile.TemporaryDirectory(prefix="xpar_mpi_plan_") as tmp:
        planned = os.path.join(tmp, "planned.hlo")
        run([args.xpar, "plan", args.model, "--mesh", args.mesh, "--quiet", "-o", planned], env,
            args.timeout, "xpar plan")
        run_args = ["run", planned, "--mesh", args.mesh, "--check", "--rtol", args.rtol,
                    "--print-limit", "0"]
        thr_out, mpi_out = os.path.join(tmp, "threads.npz"), os.path.join(tmp, "mpi.npz")
        threads = run([args.xpar] + run_args + ["--out", thr_out], env, args.timeout, "threads")
        n = checks_passed(threads.stdout, "threads")
        mpi = run([args.mpirun, "--allow-run-as-root", "--oversubscribe", "--mca",
                   "mpi_yield_when_idle", "1", "--mca", "btl", "self,vader", "-x",
                   "XPAR_MPI_DETERMINISTIC", "-np", str(args.np), args.xpar] + run_args +
                  ["--out", mpi_out], env, args.timeout, f"mpirun -np {args.np}")
        checks_passed(mpi.stdout, "MPI")
        a, b = npz_members(thr_out), npz_members(mpi_out)
        if list(a) != list(b):
            sys.exit(f"FAIL: saved outputs differ in names: {list(a)} vs {list(b)}")
        differ = [name for name in a if a[name] != b[name]]
        if differ:
            sys.exit(f"FAIL: MPI outputs not bit-identical to threads: {differ}")
    print(f"ok: {os.path.basename(args.model)} planned on mesh {args.mesh}: threads and MPI "
          f"({args.np} ranks) pass --check --rtol {args.rtol} on {n} outputs and are "
          f"bit-identical")


if __name__ == "__main__":
    main()
