#!/usr/bin/python3
"""A rank killed mid-run ends the whole MPI job, within a bounded time, with a message naming it.

Starts `mpirun -np 4 xpar run` on a program that loops over all-reduces for as long as nothing
stops it, kills the process of rank --kill-rank with SIGKILL once all ranks are running, and
requires mpirun to exit (non-zero) within --deadline seconds with output that names the rank.
Exit status: 0 pass, 1 fail, 77 skipped (no mpirun).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import time


def rank_pids(xpar):
    """PIDs of running xpar processes started by mpirun, by OMPI_COMM_WORLD_RANK."""
    found = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
            if not argv or os.path.basename(argv[0]) != b"xpar":
                continue
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = dict(e.split(b"=", 1) for e in f.read().split(b"\0") if b"=" in e)
        except OSError:
            continue
        rank = env.get(b"OMPI_COMM_WORLD_RANK")
        if rank is not None and os.path.realpath(argv[0].decode()) == os.path.realpath(xpar):
            found[int(rank)] = int(pid)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--xpar", required=True)
    ap.add_argument("--kill-rank", type=int, default=2)
    ap.add_argument("--deadline", type=float, default=60, help="seconds allowed after the kill")
    ap.add_argument("hlo")
    args = ap.parse_args()
    if shutil.which(args.mpirun) is None:
        print(f"skipped: {args.mpirun} not found")
        return 77
    cmd = [args.mpirun, "--allow-run-as-root", "--oversubscribe", "--mca", "btl", "self,vader",
           "-np", "4", args.xpar, "run", args.hlo, "--devices", "4"]
    job = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           start_new_session=True)
    try:
        start = time.time()
        pids = {}
        while len(pids) < 4 and time.time() - start < 60 and job.poll() is None:
            time.sleep(0.5)
            pids = rank_pids(args.xpar)
        if len(pids) < 4:
            print(f"FAIL: only ranks {sorted(pids)} started")
            return 1
        time.sleep(2)  # well inside the loop of all-reduces
        if job.poll() is not None:
            print(f"FAIL: the job ended before the kill (exit {job.returncode})")
            return 1
        os.kill(pids[args.kill_rank], signal.SIGKILL)
        killed_at = time.time()
        try:
            out, _ = job.communicate(timeout=args.deadline)
        except subprocess.TimeoutExpired:
            print(f"FAIL: the job still runs {args.deadline:.0f} s after rank {args.kill_rank} "
                  "was killed")
            return 1
        took = time.time() - killed_at
        text = out.decode("utf-8", "replace")
        print(text[-2000:])
        print(f"mpirun exited with {job.returncode} {took:.1f} s after the kill")
        if job.returncode == 0:
            print("FAIL: mpirun reported success")
            return 1
        if f"rank {args.kill_rank}" not in text:
            print(f"FAIL: the output does not name rank {args.kill_rank}")
            return 1
        return 0
    finally:
        if job.poll() is None:
            os.killpg(job.pid, signal.SIGKILL)
            job.wait()


if __name__ == "__main__":
    sys.exit(main())
