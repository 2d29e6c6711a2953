#!/usr/bin/env python3
"""`xpar run` under mpirun against the threads run of the same command (ctest: mpi_cli_*).

  mpi_vs_threads.py --xpar XPAR --np N MODEL [xpar run flags...]
      Runs MODEL with threads and with `mpirun -np N`. With --deterministic (sets
      XPAR_MPI_DETERMINISTIC=1) the printed outputs must be identical text (values are printed
      shortest-round-trip, so this is bit for bit); otherwise every number must agree within
      --rtol of the largest magnitude in the output. Also checks that only rank 0 printed.
  A model path that does not exist skips the test (exit 77), or fails it under CI=true.
  mpi_vs_threads.py --xpar XPAR --np N --expect-error TEXT MODEL [flags...]
      The MPI run must fail (non-zero exit, no hang) and its stderr contain TEXT (repeatable).
"""
import argparse
import os
import re
import subprocess
import sys

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)")


def mpirun_command(mpirun, np_, xpar, run_args):
    return [mpirun, "--allow-run-as-root", "--oversubscribe", "--mca", "mpi_yield_when_idle",
            "1", "--mca", "btl", "self,vader", "-x", "XPAR_MPI_DETERMINISTIC", "-x",
            "XPAR_MPI_MAX_MESSAGE_BYTES", "-np", str(np_),
            xpar, "run"] + run_args


def run(cmd, env, timeout):
    try:
        return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        sys.exit(f"FAIL: timed out after {timeout} s (hang?): {' '.join(cmd)}")


def numbers_close(a, b, rtol):
    """Same text apart from numbers; numbers within rtol of the largest magnitude per line."""
    la, lb = a.splitlines(), b.splitlines()
    if len(la) != len(lb):
        return f"{len(la)} lines vs {len(lb)}"
    for i, (x, y) in enumerate(zip(la, lb)):
        if NUMBER.sub("#", x) != NUMBER.sub("#", y):
            return f"line {i + 1} differs in text:\n  {x}\n  {y}"
        nx = [float(t) for t in NUMBER.findall(x)]
        ny = [float(t) for t in NUMBER.findall(y)]
        finite = [abs(v) for v in nx + ny if v == v and abs(v) != float("inf")]
        scale = max(finite, default=0.0)
        for u, v in zip(nx, ny):
            if u != u or v != v or abs(u) == float("inf") or abs(v) == float("inf"):
                if not (u == v or (u != u and v != v)):
                    return f"line {i + 1}: {u} vs {v}"
            elif abs(u - v) > rtol * scale:
                return f"line {i + 1}: {u} vs {v} (tolerance {rtol * scale:g})"
    return None


def main():
    p = argparse.ArgumentParser(allow_abbrev=False)
    p.add_argument("--xpar", required=True)
    p.add_argument("--np", type=int, required=True)
    p.add_argument("--mpirun", default="mpirun")
    p.add_argument("--deterministic", action="store_true")
    p.add_argument("--rtol", type=float, default=1e-5)
    p.add_argument("--timeout", type=int, default=150)
    p.add_argument("--expect-error", action="append", default=[])
    args, run_args = p.parse_known_args()
    missing = [a for a in run_args if a.endswith(".hlo") and not os.path.exists(a)]
    if missing:
        if os.environ.get("CI") == "true":
            sys.exit(f"FAIL: {missing[0]} is missing (CI=true)")
        print(f"skipped: {missing[0]} is not here (../shared absent?)")
        sys.exit(77)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_mpi_yield_when_idle="1",
               XPAR_MPI_DETERMINISTIC="1" if args.deterministic else "0")
    mpi = run(mpirun_command(args.mpirun, args.np, args.xpar, run_args), env, args.timeout)
    if args.expect_error:
        if mpi.returncode == 0:
            sys.exit("FAIL: the MPI run succeeded but an error was expected")
        for text in args.expect_error:
            if text not in mpi.stderr:
                sys.exit(f"FAIL: stderr lacks {text!r}:\n{mpi.stderr}")
        print(f"ok: MPI run failed as expected (exit {mpi.returncode})")
        return
    if mpi.returncode != 0:
        sys.exit(f"FAIL: MPI run exit {mpi.returncode}\n{mpi.stdout}\n{mpi.stderr}")
    threads = run([args.xpar, "run"] + run_args, env, args.timeout)
    if threads.returncode != 0:
        sys.exit(f"FAIL: threads run exit {threads.returncode}\n{threads.stderr}")
    if mpi.stderr.count(" device(s) in ") + mpi.stderr.count(" devices) in ") != 1:
        sys.exit(f"FAIL: expected exactly one rank to report the run:\n{mpi.stderr}")
    if args.deterministic:
        if mpi.stdout != threads.stdout:
            sys.exit(f"FAIL: outputs differ\n--- threads\n{threads.stdout}\n--- mpi\n{mpi.stdout}")
        print(f"ok: MPI ({args.np} ranks) output identical to threads "
              f"({len(mpi.stdout.splitlines())} lines)")
        return
    problem = numbers_close(mpi.stdout, threads.stdout, args.rtol)
    if problem:
        sys.exit(f"FAIL: {problem}\n--- threads\n{threads.stdout}\n--- mpi\n{mpi.stdout}")
    print(f"ok: MPI ({args.np} ranks) within {args.rtol:g} of threads")


if __name__ == "__main__":
    main()
