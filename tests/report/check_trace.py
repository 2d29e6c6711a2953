#!/usr/bin/env python3
"""`xpar run --trace` writes Chrome/Perfetto trace JSON: validated against
tests/report/trace_event_schema.json (python3-jsonschema), then checked against the program:
on every device thread, one "X" event per executed instruction of the entry computation (every
instruction but the parameters), named and ordered as the program runs them, timestamps
non-decreasing and intervals not overlapping; "M" events name each device thread.

Usage: check_trace.py --xpar BIN --workdir DIR --expect-threads N MODEL.hlo [xpar run options...]
With --mesh among the run options, the program run is the partitioned one (`xpar partition`).
Exit 77 (skipped) without python3-jsonschema unless CI=true."""
import argparse
import json
import os
import re
import subprocess
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trace_event_schema.json")


def entry_instructions(hlo_text):
    """Names of the ENTRY computation's instructions in order, without the parameters."""
    names, inside = [], False
    for line in hlo_text.splitlines():
        if line.startswith("ENTRY"):
            inside = True
            continue
        if inside and line.startswith("}"):
            break
        m = re.match(r"\s*(?:ROOT\s+)?%?([^\s=%]+)\s*=\s*\S", line) if inside else None
        if m and not re.search(r"\sparameter\(\d+\)", line):
            names.append(m.group(1))
    return names


def fail(message):
    print("check_trace: FAIL: " + message)
    sys.exit(1)


def check(trace, names, devices):
    per_tid, named = {}, set()
    for e in trace["traceEvents"]:
        if e["ph"] == "M" and e["name"] == "thread_name":
            named.add(e["tid"])
        elif e["ph"] == "X":
            per_tid.setdefault(e["tid"], []).append(e)
    if sorted(per_tid) != list(range(devices)):
        fail("events on threads %s, expected devices 0..%d" % (sorted(per_tid), devices - 1))
    if named != set(per_tid):
        fail("thread_name metadata for %s, events on %s" % (sorted(named), sorted(per_tid)))
    for tid, events in per_tid.items():
        got = [e["name"] for e in events]
        if got != names:
            fail("device %d ran %d events %s..., the program has %d instructions %s..."
                 % (tid, len(got), got[:5], len(names), names[:5]))
        for a, b in zip(events, events[1:]):
            if b["ts"] < a["ts"] or b["ts"] + 1e-3 < a["ts"] + a["dur"]:
                fail("device %d: %s at %.3f us overlaps or precedes %s at %.3f+%.3f us"
                     % (tid, b["name"], b["ts"], a["name"], a["ts"], a["dur"]))
    return sum(len(v) for v in per_tid.values())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--xpar", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--expect-threads", type=int, required=True, help="device threads expected")
    p.add_argument("model")
    args, run_args = p.parse_known_args()
    try:
        import jsonschema
    except ImportError:
        print("check_trace: python3-jsonschema is not installed (scripts/setup.sh installs it)")
        sys.exit(1 if os.environ.get("CI") == "true" else 77)
    os.makedirs(args.workdir, exist_ok=True)
    trace_path = os.path.join(args.workdir, "trace.json")
    run = subprocess.run([args.xpar, "run", args.model, "--trace", trace_path] + run_args,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        fail("xpar run exited %d: %s" % (run.returncode, run.stderr))
    with open(trace_path) as f:
        trace = json.load(f)
    with open(SCHEMA) as f:
        schema = json.load(f)
    try:
        jsonschema.validate(trace, schema)
    except jsonschema.ValidationError as e:
        fail("not a valid trace: %s at %s" % (e.message, list(e.absolute_path)))
    program = args.model
    if "--mesh" in run_args:
        mesh = run_args[run_args.index("--mesh") + 1]
        program = os.path.join(args.workdir, "partitioned.hlo")
        subprocess.run([args.xpar, "partition", args.model, "--mesh", mesh, "-o", program],
                       check=True, stdout=subprocess.DEVNULL)
    with open(program) as f:
        names = entry_instructions(f.read())
    if not names:
        fail("no instructions found in the entry of " + program)
    n = check(trace, names, args.expect_threads)
    print("check_trace: ok: %d events on %d devices, %d per device, schema-valid"
          % (n, args.expect_threads, len(names)))


if __name__ == "__main__":
    main()
