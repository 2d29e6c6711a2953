"""xpar.load: the three formats, what a Module reports, and errors as xpar.Error."""
import numpy as np
import pytest

import xpar
from conftest import MLP_STEP, SHARDED_MLP, STABLEHLO_LAYER


def test_hlo_parameters_and_outputs():
    m = xpar.load(MLP_STEP)
    params = {p.name: p for p in m.parameters}
    assert len(params) == 5
    assert params["p3.15"].shape == (10, 784) and params["p3.15"].dtype == "f32"
    assert params["p1.6"].shape == (32,) and params["p1.6"].dtype == "s64"
    assert params["p0.1"].shape == () and not params["p0.1"].stored
    assert [p.number for p in m.parameters] == sorted(p.number for p in m.parameters)
    assert len(m.outputs) == 8 and m.outputs[0] == xpar.Output((10, 784), "f32")
    assert "parameters (5" in m.summary() and "outputs (8" in m.summary()


def test_hlo_text_round_trips(write):
    text = xpar.load(MLP_STEP).to_hlo()
    again = xpar.load(write("again.hlo", text))
    assert again.to_hlo() == text


def test_stablehlo_loads_and_prints(write):
    m = xpar.load(write("layer.mlir", STABLEHLO_LAYER))
    assert [(p.shape, p.dtype) for p in m.parameters] == [
        ((4, 3), "f32"), ((3, 5), "f32"), ((5,), "f32")]
    assert m.outputs == [xpar.Output((4, 5), "f32"), xpar.Output((), "s32")]
    assert "stablehlo.dot_general" in m.to_stablehlo()
    assert "dot(" in m.to_hlo()


def test_parse_error_is_located(write):
    path = write("bad.hlo", SHARDED_MLP.replace("tanh(h)", "tanhh(h)"))
    with pytest.raises(xpar.Error) as e:
        xpar.load(path)
    message = str(e.value)
    assert f"{path}:" in message and "error:" in message and "tanhh" in message


def test_missing_file_and_bad_shapes_raise():
    with pytest.raises(xpar.Error, match="no_such_model.hlo"):
        xpar.load("/nonexistent/no_such_model.hlo")
    assert issubclass(xpar.CheckError, xpar.Error) and issubclass(xpar.Error, Exception)


def test_module_outputs_are_numpy():
    m = xpar.load(MLP_STEP)
    outs = xpar.run(m, "random:0")
    assert len(outs) == 8 and all(isinstance(o, np.ndarray) for o in outs)
    assert outs[3].dtype == np.int64 and outs[0].dtype == np.float32
