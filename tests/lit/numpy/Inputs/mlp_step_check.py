"""Recomputes one SGD step of examples/mlp_train_step.hlo (linear layer + NLL loss) in NumPy and
prints the largest relative difference from xpar's outputs for each quantity."""
import sys

import numpy as np

i, o = np.load(sys.argv[1]), np.load(sys.argv[2])
alpha, y, b, w, x = i["arg0"], i["arg1"], i["arg2"], i["arg3"], i["arg4"]
logits = x @ w.T + b
loss = -logits[np.arange(32), y].mean()
g = np.zeros((32, 10), np.float32)
g[np.arange(32), y] = -1.0 / 32
grad_b, grad_w = g.sum(0), g.T @ x
expected = {"out4": logits, "out5": loss, "out6": grad_b, "out7": grad_w,
            "out1": b + alpha * grad_b, "out0": w + alpha * grad_w}
for name, want in expected.items():
    err = np.abs(want - o[name]).max() / max(np.abs(want).max(), 1e-30)
    print(f"{name} {'ok' if err <= 1e-5 else 'MISMATCH'} rel_err={err:.2e}")
