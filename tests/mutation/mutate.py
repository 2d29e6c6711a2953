#!/usr/bin/python3
"""Mutation driver: damages real IR files and checks that xpar reports, never crashes.

Each mutant of a corpus file (truncated, lines dropped or duplicated, numbers made extreme,
brackets flipped, random bytes) goes through `xpar inspect`, and small ones through `xpar run`,
with a timeout. A mutant passes when the command exits normally: 0, or 1 with a diagnostic that
names a place (`FILE:LINE:COL: error:` or, for run-time errors, an instruction `%name`). It
fails on death by a signal, a hang, a sanitizer report, or an error that says nowhere. One
exception: a mutant that inspects cleanly but whose `xpar run` outlasts the timeout is reported
as possibly non-terminating (a mutated loop bound can make a valid program loop forever; `run`
is held to --max-memory, so this is computation, not allocation), not counted as a failure.
Failing mutants are kept in --keep for reproduction. Seeded: the same --seed gives the same
mutants. Exit status: 0 all passed, 1 some failed, 77 no corpus (skipped).
"""
import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

EXTREME_NUMBERS = ["0", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                   "4294967296", "1000000000", "99999999999999999999999", "1e309", "-0", "nan",
                   "0x7fffffff", "2147483648", "100000000000"]
BRACKETS = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<"}
CRASH_MARKERS = ["AddressSanitizer", "UndefinedBehaviorSanitizer", "runtime error:",
                 "LeakSanitizer", "terminate called", "Assertion", "Segmentation fault"]


def truncate(rng, text):
    return text[:rng.randrange(len(text) + 1)]


def drop_lines(rng, text):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        if lines:
            del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(rng, text):
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return "\n".join(lines)


def extreme_number(rng, text):
    spots = [m.span() for m in re.finditer(r"-?\d+(\.\d+)?(e[+-]?\d+)?", text)]
    if not spots:
        return truncate(rng, text)
    for _ in range(rng.randint(1, 3)):
        a, b = rng.choice(spots)
        text = text[:a] + rng.choice(EXTREME_NUMBERS) + text[b:]
        spots = [m.span() for m in re.finditer(r"-?\d+(\.\d+)?(e[+-]?\d+)?", text)]
    return text


def flip_bracket(rng, text):
    spots = [i for i, c in enumerate(text) if c in BRACKETS]
    if not spots:
        return truncate(rng, text)
    i = rng.choice(spots)
    action = rng.randrange(3)
    if action == 0:
        return text[:i] + BRACKETS[text[i]] + text[i + 1:]
    if action == 1:
        return text[:i] + text[i + 1:]
    return text[:i] + text[i] + text[i:]


def random_bytes(rng, text):
    data = bytearray(text.encode("utf-8", "surrogateescape"))
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return data.decode("utf-8", "surrogateescape")


MUTATIONS = [truncate, drop_lines, duplicate_line, extreme_number, flip_bracket, random_bytes]


def located(stderr, path):
    name = re.escape(os.path.basename(path))
    return (re.search(name + r":\d+:\d+: error", stderr) is not None or
            re.search(r"%[\w.\-]+", stderr) is not None)


def check(cmd, path, timeout):
    """Returns None when the command behaved, else a one-line reason."""
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout,
                           env=dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1"))
    except subprocess.TimeoutExpired:
        return f"hang: no exit within {timeout} s"
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode < 0:
        return f"killed by signal {-p.returncode}: {err.strip()[-300:]}"
    for marker in CRASH_MARKERS:
        if marker in err:
            return f"'{marker}' in stderr: {err.strip()[-300:]}"
    if p.returncode == 0:
        return None
    if p.returncode != 1:
        return f"exit status {p.returncode}: {err.strip()[-300:]}"
    if "error" not in err:
        return f"exit 1 without an error message: {err.strip()[-300:]}"
    if cmd[1] == "inspect" and not located(err, path):
        return f"error without a location: {err.strip()[-300:]}"
    return None


def one_mutant(args, index, source, text):
    rng = random.Random(f"{args.seed}:{index}")
    mutation = rng.choice(MUTATIONS)
    mutant = mutation(rng, text)
    ext = os.path.splitext(source)[1]
    path = os.path.join(args.workdir, f"m{index}{ext}")
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(mutant)
    commands = [[args.xpar, "inspect", path]]
    if len(mutant) <= args.run_max_bytes:
        commands.append([args.xpar, "run", path, "--max-memory", args.max_memory,
                         "--print-limit", "4"])
    failures = []
    for cmd in commands:
        why = check(cmd, path, args.timeout)
        if why and cmd[1] == "run" and why.startswith("hang") and not failures:
            args.slow.append(f"{os.path.basename(source)} ({mutation.__name__}): run {why}")
            continue
        if why:
            failures.append(f"{' '.join(cmd[1:2])} {os.path.basename(source)} ({mutation.__name__}): {why}")
    if failures and args.keep:
        os.makedirs(args.keep, exist_ok=True)
        kept = os.path.join(args.keep, f"seed{args.seed}_m{index}_{mutation.__name__}{ext}")
        with open(kept, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(mutant)
        failures = [f + f" [kept as {kept}]" for f in failures]
    os.remove(path)
    return failures


def corpus_files(roots, max_bytes):
    files = []
    for root in roots:
        for dirpath, _, names in os.walk(root):
            for n in names:
                p = os.path.join(dirpath, n)
                if n.endswith((".hlo", ".mlir")) and os.path.getsize(p) <= max_bytes:
                    files.append(p)
    return sorted(files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xpar", required=True)
    ap.add_argument("--count", type=int, default=300, help="number of mutants")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=30, help="seconds per command")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-file-bytes", type=int, default=65536, help="corpus files up to this size")
    ap.add_argument("--run-max-bytes", type=int, default=6000, help="`xpar run` mutants up to this size")
    ap.add_argument("--max-memory", default="2GiB", help="--max-memory of `xpar run`")
    ap.add_argument("--keep", help="folder for failing mutants")
    ap.add_argument("roots", nargs="+", help="folders of .hlo / .mlir files")
    args = ap.parse_args()
    files = corpus_files([r for r in args.roots if os.path.isdir(r)], args.max_file_bytes)
    if not files:
        print("mutate: no corpus files (skipped)")
        return 77
    texts = {f: open(f, encoding="utf-8", errors="surrogateescape").read() for f in files}
    pick = random.Random(args.seed)
    plan = [(i, pick.choice(files)) for i in range(args.count)]
    failures = []
    args.slow = []
    with tempfile.TemporaryDirectory(prefix="xpar_mutants_") as workdir:
        args.workdir = workdir
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(one_mutant, args, i, f, texts[f]) for i, f in plan]
            for fut in futures:
                failures.extend(fut.result())
    for f in failures:
        print("FAIL", f)
    for f in args.slow:
        print("possibly non-terminating (not a failure):", f)
    print(f"mutate: {args.count} mutants of {len(files)} files (seed {args.seed}): "
          f"{len(failures)} failure(s), {len(args.slow)} possibly non-terminating run(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
