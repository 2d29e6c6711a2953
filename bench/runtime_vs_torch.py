#!/usr/bin/python3
"""xpar vs PyTorch eager on single ops and whole models, same thread count, in one run
(bench/REPORT.md).

For each row and thread count, runs xpar's bench/runtime_vs_torch program on that row (median
of --reps runs after a warm-up), then the same op in PyTorch eager with torch.set_num_threads
(median of --reps runs after a warm-up), so both see the same machine load. Prints a markdown
table: times, xpar/torch, and for GEMM-shaped rows the fraction of the f32 FMA peak.

With --cli (the xpar program), also whole models: GPT-2 124M and BERT-base forward + loss (the
zoo's models, batch 1 x 128 tokens) and ResNet-50 forward (torchvision, 1x3x224x224), traced
with torch.jit.trace and run by `xpar run model.pt --repeat reps+1` in one process: the median
of the warm runs (2..reps+1) against PyTorch eager's median after a warm-up, and xpar's first
run (oneDNN primitives created, buffers first touched) beside them.

  /usr/bin/python3 bench/runtime_vs_torch.py --xpar build-perf/bench/runtime_vs_torch \
      [--cli build-perf/xpar] [--threads 1,2] [--reps 5] [--only NAME,...] [--xpar-before OLD]
      [--cli-before OLD_XPAR]

--xpar-before runs an older build of the benchmark program on each row too (before it, in the
same run), for before/after tables; --cli-before does the same with an older xpar program for
the whole-model rows (one without --repeat: the median "ran in" time of cold processes).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import torch
import torch.nn.functional as F


def _rand(*shape, dtype=torch.float32):
    return (torch.rand(*shape) * 2 - 1).to(dtype)


def _conv(x_shape, w_shape, stride, pad, groups, dtype):
    x, w = _rand(*x_shape, dtype=dtype), _rand(*w_shape, dtype=dtype)
    return lambda: F.conv2d(x, w, stride=stride, padding=pad, groups=groups)


def _chain(n, dtype):
    a, b, c = (_rand(n, dtype=dtype) for _ in range(3))
    return lambda: torch.exp(a * b) + c


def _gemm(n, dtype):
    a, b = _rand(n, n, dtype=dtype), _rand(n, n, dtype=dtype)
    return lambda: a @ b


def _layer_norm(r, c):
    x, g, b = _rand(r, c), _rand(c), _rand(c)
    return lambda: F.layer_norm(x, (c,), g, b, 1e-5)


def _gather(vocab, dim, ids):
    table = _rand(vocab, dim)
    idx = torch.randint(0, 8, (ids,))  # as xpar's random integer arguments: [0, 8)
    return lambda: F.embedding(idx, table)


def _bn_relu(c, hw):
    """Inference batch norm + in-place ReLU, as each of ResNet-50's blocks runs them."""
    x, mean, var = _rand(1, c, hw, hw), _rand(c), torch.rand(c) + 0.5
    w, b = _rand(c), _rand(c)
    return lambda: torch.relu_(F.batch_norm(x, mean, var, w, b, False))


def _cross_entropy(rows, vocab):
    x = _rand(rows, vocab)
    labels = torch.randint(0, 8, (rows,))  # as xpar's random integer arguments: [0, 8)
    return lambda: F.cross_entropy(x, labels)


ROWS = {
    "gemm_f32_1024": lambda: _gemm(1024, torch.float32),
    "gemm_bf16_1024": lambda: _gemm(1024, torch.bfloat16),
    "gemm_bf16_2048": lambda: _gemm(2048, torch.bfloat16),
    "conv3x3_f32": lambda: _conv((8, 64, 56, 56), (64, 64, 3, 3), 1, 1, 1, torch.float32),
    "conv3x3_bf16": lambda: _conv((8, 64, 56, 56), (64, 64, 3, 3), 1, 1, 1, torch.bfloat16),
    "conv7x7s2_f32": lambda: _conv((8, 3, 224, 224), (64, 3, 7, 7), 2, 3, 1, torch.float32),
    "conv_depthwise_f32": lambda: _conv((8, 64, 56, 56), (64, 1, 3, 3), 1, 1, 64,
                                        torch.float32),
    "chain_f32_16M": lambda: _chain(1 << 24, torch.float32),
    "chain_bf16_16M": lambda: _chain(1 << 24, torch.bfloat16),
    "softmax_f32_4096x1024": lambda: (lambda x: lambda: torch.softmax(x, -1))(_rand(4096, 1024)),
    "layernorm_f32_4096x768": lambda: _layer_norm(4096, 768),
    "gather_f32_50257x768_4096": lambda: _gather(50257, 768, 4096),
    "bn_relu_f32_1x256x56x56": lambda: _bn_relu(256, 56),
    "cross_entropy_f32_127x50257": lambda: _cross_entropy(127, 50257),
}


def _zoo_model(name, config):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
    from xpar_capture import example_inputs  # noqa: E402
    from xpar_zoo import build_model  # noqa: E402
    model, cfg = build_model(name, config, seed=0)
    return model, example_inputs(cfg, 1, 128, 0)


def _resnet50():
    import torchvision
    torch.manual_seed(0)
    return torchvision.models.resnet50().eval(), (torch.randn(1, 3, 224, 224),)


MODELS = {
    "gpt2_124m_fwd_loss_1x128": lambda: _zoo_model("gpt2", "gpt2"),
    "bert_base_fwd_loss_1x128": lambda: _zoo_model("bert", "bert-base"),
    "resnet50_fwd_1x224": _resnet50,
}

_DTYPES = {torch.int64: "s64", torch.float32: "f32"}


def save_trace(model, inputs, folder):
    """model.pt (with the input shapes xpar reads) and inputs.npz, as python/xpar_capture.py."""
    meta = {"inputs": [{"name": f"arg{i}", "dtype": _DTYPES[t.dtype], "shape": list(t.shape)}
                       for i, t in enumerate(inputs)]}
    with torch.no_grad():
        traced = torch.jit.trace(model, inputs, check_trace=False)
    torch.jit.save(traced, os.path.join(folder, "model.pt"),
                   _extra_files={"xpar_inputs.json": json.dumps(meta)})
    np.savez(os.path.join(folder, "inputs.npz"), **{f"arg{i}": t.numpy()
                                                     for i, t in enumerate(inputs)})


def xpar_model_ms(cli, folder, threads, reps):
    """(warm median ms, first run ms) of `xpar run --repeat reps+1` in one process: the first
    run creates oneDNN primitives and touches every buffer, the rest are warm as PyTorch's
    timed calls are. An xpar without --repeat (an older build): (None, median over reps cold
    processes of the "ran in" time)."""
    env = dict(os.environ, XPAR_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads))
    cmd = [cli, "run", os.path.join(folder, "model.pt"), "--inputs",
           os.path.join(folder, "inputs.npz")]
    r = subprocess.run(cmd + ["--repeat", str(reps + 1)], env=env, capture_output=True,
                       text=True)
    warm = re.search(r"warm median of runs .*: ([0-9.]+) s", r.stderr)
    first = re.search(r"run 1 of [0-9]+: ([0-9.]+) s", r.stderr)
    if r.returncode == 0 and warm and first:
        return float(warm.group(1)) * 1e3, float(first.group(1)) * 1e3
    if "--repeat" not in r.stderr:
        last = (r.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(last[:160])
    times = []
    for _ in range(reps):
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
        m = re.search(r"ran .* in ([0-9.]+) s", r.stderr)
        if r.returncode != 0 or not m:
            last = (r.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(last[:160])
        times.append(float(m.group(1)) * 1e3)
    return None, statistics.median(times)


def _fmt_model(ms, tms):
    """Warm and first-run columns of one xpar build: 'warm | warm/torch | first'."""
    warm, first = ms
    if warm is None:
        return f"| cold only | | {first:.1f} "
    return f"| {warm:.1f} | {warm / tms:.2f} | {first:.1f} "


def model_rows(cli, threads, reps, only, cli_before=""):
    before = " before warm ms | before/torch | before first ms |" if cli_before else ""
    print("\n| model | threads | torch ms | xpar warm ms | xpar/torch | xpar first run ms |"
          + before + "\n|---|---|---|---|---|---|" + ("---|---|---|" if cli_before else ""))
    for name, make in MODELS.items():
        if only and name not in only:
            continue
        model, inputs = make()
        with tempfile.TemporaryDirectory(prefix="xpar_bench_") as folder:
            save_trace(model, inputs, folder)
            for t in threads:
                tms = torch_ms(lambda: (lambda: model(*inputs)), t, reps)
                try:
                    old = ""
                    if cli_before:
                        old = _fmt_model(xpar_model_ms(cli_before, folder, t, reps), tms)
                    new = _fmt_model(xpar_model_ms(cli, folder, t, reps), tms)
                    print(f"| {name} | {t} | {tms:.1f} {new}{old}|", flush=True)
                except RuntimeError as e:
                    print(f"| {name} | {t} | {tms:.1f} | failed: {e} | | |", flush=True)


def torch_ms(make, threads, reps):
    torch.set_num_threads(threads)
    fn = make()
    with torch.no_grad():
        fn()
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def _ms(ms):
    """Milliseconds with three significant figures or more (rows of 0.2-0.3 ms differ)."""
    return f"{ms:.3f}" if ms < 1 else f"{ms:.2f}" if ms < 10 else f"{ms:.1f}"


def xpar_run(binary, args):
    out = subprocess.run([binary] + args, check=True, capture_output=True, text=True).stdout
    return [line.split() for line in out.splitlines()]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--xpar", required=True, help="the runtime_vs_torch benchmark program")
    p.add_argument("--cli", default="", help="the xpar program, for the whole-model rows")
    p.add_argument("--threads", default="1,2")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--only", default="")
    p.add_argument("--xpar-before", default="",
                   help="an older build of the benchmark program: its times side by side")
    p.add_argument("--cli-before", default="",
                   help="an older build of the xpar program: its whole-model times side by side")
    a = p.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    only = [x for x in a.only.split(",") if x]
    rows = [r for r in ROWS if not only or r in only]
    peak = {int(f[2]): float(f[4])
            for f in xpar_run(a.xpar, ["--threads", a.threads, "--only", "none"])
            if f[0] == "peak"}
    print(f"torch {torch.__version__}; f32 FMA peak GFLOP/s: "
          + ", ".join(f"{t} thread(s) {peak[t]:.1f}" for t in threads))
    before = "| before ms | before/torch " if a.xpar_before else ""
    print(f"| row | threads | xpar ms | torch ms | xpar/torch {before}| xpar % of peak | "
          "torch % of peak |")
    print("|---|---|---|---|---|" + ("---|---|" if before else "") + "---|---|")
    for row in rows:
        for t in threads:
            args = ["--threads", str(t), "--reps", str(a.reps), "--only", row]
            bms = None  # an older build may not have the row
            if a.xpar_before:
                b = [x for x in xpar_run(a.xpar_before, args) if x[0] == "row"]
                bms = float(b[0][5]) if b else None
            f = [x for x in xpar_run(a.xpar, args) if x[0] == "row"][0]
            xms, gflop = float(f[5]), float(f[7])
            tms = torch_ms(ROWS[row], t, a.reps)
            pct = (lambda ms: f"{100 * gflop / (ms / 1e3) / peak[t]:.0f}%" if gflop else "")
            old = ""
            if a.xpar_before:
                old = f"| {_ms(bms)} | {bms / tms:.2f} " if bms else "| no such row | "
            print(f"| {row} | {t} | {_ms(xms)} | {_ms(tms)} | {xms / tms:.2f} {old}| {pct(xms)} | "
                  f"{pct(tms)} |", flush=True)
    if a.cli:
        model_rows(a.cli, threads, a.reps, only, a.cli_before)


if __name__ == "__main__":
    main()
