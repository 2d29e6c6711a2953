#!/usr/bin/python3
"""A rank killed or stuck mid-run ends the whole MPI job, in bounded time, naming what failed.

Starts `mpirun -np N XPAR ARGS...` (the xpar arguments after `--`), waits until every rank runs
and, with --after, until the job's output shows that text (e.g. a training step's line), then
sends --signal to the process of rank --kill-rank: KILL (a rank that dies) or STOP (a rank that
hangs: the others must time out by --collective-timeout). Requires mpirun to exit non-zero within
--deadline seconds of the signal, with output that contains every --expect text.
Exit status: 0 pass, 1 fail, 77 skipped (no mpirun).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import threading
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


class Output:
    """The job's combined output, read on a thread so that waiting never blocks on a pipe."""

    def __init__(self, stream):
        self.text = ""
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream):
        for line in iter(stream.readline, b""):
            with self.lock:
                self.text += line.decode("utf-8", "replace")

    def has(self, needle):
        with self.lock:
            return needle in self.text

    def all(self):
        with self.lock:
            return self.text


def start_and_signal(args, job, out):
    """Waits for the ranks (and --after), sends the signal; an error message, or None."""
    start = time.time()
    pids = {}
    while len(pids) < args.np and time.time() - start < args.start_limit and job.poll() is None:
        time.sleep(0.5)
        pids = rank_pids(args.xpar)
    if len(pids) < args.np:
        return f"only ranks {sorted(pids)} started"
    while args.after and not out.has(args.after) and job.poll() is None:
        if time.time() - start > args.start_limit:
            return f"'{args.after}' did not appear within {args.start_limit:.0f} s"
        time.sleep(0.2)
    time.sleep(1)  # well inside the run
    if job.poll() is not None:
        return f"the job ended before the signal (exit {job.returncode})"
    os.kill(pids[args.kill_rank], getattr(signal, "SIG" + args.signal))
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--xpar", required=True)
    ap.add_argument("--np", type=int, default=4)
    ap.add_argument("--kill-rank", type=int, default=2)
    ap.add_argument("--signal", choices=["KILL", "STOP"], default="KILL")
    ap.add_argument("--after", default="", help="send the signal once the output shows this")
    ap.add_argument("--start-limit", type=float, default=120, help="seconds allowed to start")
    ap.add_argument("--deadline", type=float, default=60, help="seconds allowed after the signal")
    ap.add_argument("--expect", action="append", default=[], help="text the output must show")
    ap.add_argument("xpar_args", nargs=argparse.REMAINDER, help="-- then xpar's arguments")
    args = ap.parse_args()
    xpar_args = args.xpar_args[1:] if args.xpar_args[:1] == ["--"] else args.xpar_args
    if shutil.which(args.mpirun) is None:
        print(f"skipped: {args.mpirun} not found")
        return 77
    cmd = [args.mpirun, "--allow-run-as-root", "--oversubscribe", "--mca", "btl", "self,vader",
           "-np", str(args.np), args.xpar] + xpar_args
    job = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           start_new_session=True)
    out = Output(job.stdout)
    try:
        failure = start_and_signal(args, job, out)
        if failure:
            print(out.all()[-3000:])
            print(f"FAIL: {failure}")
            return 1
        signalled_at = time.time()
        try:
            job.wait(timeout=args.deadline)
        except subprocess.TimeoutExpired:
            print(out.all()[-3000:])
            print(f"FAIL: the job still runs {args.deadline:.0f} s after SIG{args.signal} to rank "
                  f"{args.kill_rank}")
            return 1
        took = time.time() - signalled_at
        out.thread.join(timeout=10)
        text = out.all()
        print(text[-3000:])
        print(f"mpirun exited with {job.returncode} {took:.1f} s after SIG{args.signal} to rank "
              f"{args.kill_rank}")
        if job.returncode == 0:
            print("FAIL: mpirun reported success")
            return 1
        for needle in args.expect or [f"rank {args.kill_rank}"]:
            if needle not in text:
                print(f"FAIL: the output does not contain '{needle}'")
                return 1
        return 0
    finally:
        if job.poll() is None:
            os.killpg(job.pid, signal.SIGKILL)
            job.wait()


if __name__ == "__main__":
    sys.exit(main())
