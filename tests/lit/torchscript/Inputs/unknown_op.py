"""Traces a module that uses an op the PyTorch frontend does not lower (cumsum), for the
diagnostics test. Usage: unknown_op.py OUT.pt [--no-shapes]"""
import json
import sys

import torch


class CumSum(torch.nn.Module):
    def forward(self, x):
        y = x * 2.0
        return torch.cumsum(y, dim=1)


x = torch.ones(2, 3)
traced = torch.jit.trace(CumSum(), (x,))
extra = {} if "--no-shapes" in sys.argv else {
    "xpar_inputs.json": json.dumps({"inputs": [{"name": "arg0", "dtype": "f32", "shape": [2, 3]}]})}
torch.jit.save(traced, sys.argv[1], _extra_files=extra)
