"""PyTorch models into xpar: capture(model, example_inputs) traces with torch.jit.trace and
loads the trace (weights kept) as an xpar.Module.

    import torch, xpar, xpar.torch
    m = xpar.torch.capture(model, (x,))
    out = xpar.run(m, [x.numpy()], mesh=(2, 2), check=True)
"""
import os
import tempfile

import torch

import xpar

_DTYPES = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16",
           torch.bfloat16: "bf16", torch.int64: "s64", torch.int32: "s32", torch.int16: "s16",
           torch.int8: "s8", torch.uint8: "u8", torch.bool: "pred"}


def _shape_text(t):
    if not isinstance(t, torch.Tensor):
        raise xpar.Error(f"example input of type {type(t).__name__}: capture takes tensors")
    if t.dtype not in _DTYPES:
        raise xpar.Error(f"example input of dtype {t.dtype} has no xpar type")
    return f"{_DTYPES[t.dtype]}[{','.join(str(d) for d in t.shape)}]"


def capture(model, example_inputs):
    """Traces `model` (a torch.nn.Module or function) on `example_inputs` (a tensor or a
    tuple of tensors) with torch.jit.trace and returns the trace as an xpar.Module. The trace
    travels through a temporary .pt file (deleted at once); the model's weights become stored
    parameters, so xpar.run takes only the example inputs' counterparts."""
    if isinstance(example_inputs, torch.Tensor):
        example_inputs = (example_inputs,)
    example_inputs = tuple(example_inputs)
    shapes = [_shape_text(t) for t in example_inputs]
    with torch.no_grad():
        traced = torch.jit.trace(model, example_inputs, check_trace=False)
    fd, path = tempfile.mkstemp(prefix="xpar_capture_", suffix=".pt")
    os.close(fd)
    try:
        torch.jit.save(traced, path)
        return xpar.load(path, input_shapes=shapes)
    finally:
        os.remove(path)
