"""The PyTorch side of `xpar train` tests, in one process (importing torch costs seconds).

  torch_train.py prepare --model M --config C --steps N --batch B --lr LR --wd WD -o DIR
      traces the zoo model as xpar_capture.py does (DIR/model.pt, same seeded weights), writes
      DIR/data.npz (token ids arg0 and labels arg1: N*B rows each; step i uses rows i*B..),
      trains the model on those rows with torch.optim.AdamW and writes one loss per line to
      DIR/torch.txt. With --microbatches M a step takes M batches of B rows (rows i*M*B..) and
      accumulates their gradients; its loss is the mean of the M batch losses (what
      `xpar train --stages S --microbatches M` computes: the traced model is one microbatch)
  torch_train.py compare DIR/torch.txt xpar_output.txt --rtol R
      compares them with the `step i/N ... loss X` lines of `xpar train`
"""
import argparse
import os
import re
import sys

sys.dont_write_bytecode = True
PYTHON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..",
                          "python")


def prepare(a):
    import numpy as np
    import torch
    sys.path.insert(0, PYTHON_DIR)
    from xpar_capture import capture, example_inputs
    from xpar_zoo import build_model
    capture(argparse.Namespace(model=a.model, config=a.config, seed=a.seed, batch=a.batch,
                               seq=a.seq, logits=False, init_std=None, print_graph=False,
                               out=a.out))
    model, cfg = build_model(a.model, a.config, seed=a.seed)
    m = a.microbatches
    steps = [example_inputs(cfg, a.batch, a.seq, a.seed + 100 + i) for i in range(a.steps * m)]
    ids = torch.cat([s[0] for s in steps])
    labels = torch.cat([s[1] for s in steps])
    np.savez(os.path.join(a.out, "data.npz"), arg0=ids.numpy(), arg1=labels.numpy())
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=a.wd, foreach=False)
    losses = []
    for i in range(a.steps):
        opt.zero_grad()
        total = 0.0
        for j in range(m):
            rows = slice((i * m + j) * a.batch, (i * m + j + 1) * a.batch)
            loss = model(ids[rows], labels[rows]) / m
            loss.backward()
            total += loss.item()
        opt.step()
        losses.append(f"{total:.9g}\n")
    with open(os.path.join(a.out, "torch.txt"), "w") as f:
        f.writelines(losses)


def compare(a):
    want = [float(x) for x in open(a.torch_losses).read().split()]
    got = [float(m.group(1)) for m in re.finditer(r"^step +\d+/\d+ .*? loss (\S+)",
                                                   open(a.xpar_output).read(), re.M)]
    if len(got) != len(want):
        print(f"FAIL: xpar printed {len(got)} losses, PyTorch {len(want)}")
        return 1
    bad = 0
    for i, (g, w) in enumerate(zip(got, want)):
        rel = abs(g - w) / max(abs(w), 1e-30)
        ok = rel <= a.rtol
        bad += not ok
        print(f"step {i + 1}: xpar {g:.6f} torch {w:.6f} rel {rel:.2e} {'ok' if ok else 'FAIL'}")
    print(f"{len(want) - bad} of {len(want)} steps within {a.rtol:g}")
    return 1 if bad else 0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("prepare")
    s.add_argument("--model", required=True)
    s.add_argument("--config", default="tiny")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--steps", type=int, required=True)
    s.add_argument("--batch", type=int, default=2)
    s.add_argument("--microbatches", type=int, default=1)
    s.add_argument("--seq", type=int, default=8)
    s.add_argument("--lr", type=float, default=1e-3)
    s.add_argument("--wd", type=float, default=0.0)
    s.add_argument("-o", "--out", required=True)
    c = sub.add_parser("compare")
    c.add_argument("torch_losses")
    c.add_argument("xpar_output")
    c.add_argument("--rtol", type=float, default=1e-4)
    a = p.parse_args()
    if a.cmd == "prepare":
        prepare(a)
        return 0
    return compare(a)


if __name__ == "__main__":
    sys.exit(main())
