"""xpar.run: NumPy in and out, one device and partitioned meshes, check=True, errors."""
import numpy as np
import pytest

import xpar
from conftest import MLP_STEP, SHARDED_MLP, STABLEHLO_LAYER


def mlp_reference(x, w1, w2):
    y = np.tanh(x.astype(np.float64) @ w1) @ w2
    return y, np.sum(y * y)


@pytest.fixture
def mlp_inputs():
    rng = np.random.default_rng(7)
    return [rng.standard_normal(s).astype(np.float32) for s in ((8, 16), (16, 12), (12, 4))]


def test_numpy_inputs_match_numpy(write, mlp_inputs):
    m = xpar.load(write("mlp.hlo", SHARDED_MLP))
    y, loss = xpar.run(m, mlp_inputs)
    want_y, want_loss = mlp_reference(*mlp_inputs)
    np.testing.assert_allclose(y, want_y, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(loss, want_loss, rtol=1e-5)
    assert y.dtype == np.float32 and y.shape == (8, 4) and loss.shape == ()


def test_mesh_run_by_the_modules_shardings_checks(write, mlp_inputs):
    m = xpar.load(write("mlp.hlo", SHARDED_MLP))
    outs = xpar.run(m, mlp_inputs, mesh=(2, 2), check=True)
    assert outs.devices == 4 and len(outs.differences) == 2
    assert max(outs.differences) <= 1e-5
    one = xpar.run(m, mlp_inputs)
    for a, b in zip(outs, one):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_a_failed_check_raises(write, mlp_inputs):
    m = xpar.load(write("mlp.hlo", SHARDED_MLP))
    # A negative tolerance no difference can meet, so the comparison itself must report.
    with pytest.raises(xpar.CheckError, match="exceeds rtol -1"):
        xpar.run(m, mlp_inputs, mesh=(2, 2), check=True, rtol=-1)


def test_planned_run_checks_and_matches_one_device():
    m = xpar.load(MLP_STEP)
    p = xpar.plan(m, mesh=(2, 2), memory="100KiB", time_limit=20)
    outs = xpar.run(m, "random:3", plan=p, check=True)
    assert outs.devices == 4 and max(outs.differences) <= 1e-5
    one = xpar.run(m, "random:3")
    for a, b in zip(outs, one):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_outputs_view_xpar_buffers_without_copies(write, mlp_inputs):
    m = xpar.load(write("mlp.hlo", SHARDED_MLP))
    y, _ = xpar.run(m, mlp_inputs)
    assert not y.flags.owndata and y.base is not None and y.flags.c_contiguous
    y[0, 0] = 42.0  # writable, and the array keeps its buffer alive on its own
    del m
    assert y[0, 0] == 42.0


def test_dict_inputs_and_dtype_conversion(write):
    m = xpar.load(write("layer.mlir", STABLEHLO_LAYER))
    rng = np.random.default_rng(1)
    x, w = rng.standard_normal((4, 3)), rng.standard_normal((3, 5))  # float64: rounded to f32
    b = rng.standard_normal(5).astype(np.float32)
    r, n = xpar.run(m, {"arg0": x, "arg1": w, "arg2": b})
    s = x.astype(np.float32).astype(np.float64) @ w.astype(np.float32) + b
    np.testing.assert_allclose(r, np.maximum(s, 0), rtol=1e-5, atol=1e-6)
    assert r.dtype == np.float32 and n.dtype == np.int32 and int(n) == int((s > 0).sum())


def test_integer_parameters_take_only_exact_values():
    m = xpar.load(MLP_STEP)
    arrays = {p.name: np.zeros(p.shape, np.float32) for p in m.parameters}
    arrays["p1.6"] = np.full((32,), 0.5)  # labels must be integers
    with pytest.raises(xpar.Error, match="p1.6.*not exactly representable"):
        xpar.run(m, arrays)
    arrays["p1.6"] = np.arange(32) % 10
    assert len(xpar.run(m, arrays)) == 8


def test_random_inputs_match_the_cli(xpar_cli, tmp_path):
    out = tmp_path / "cli.npz"
    xpar_cli("run", MLP_STEP, "--inputs", "random:5", "--out", out)
    cli = np.load(out)
    api = xpar.run(xpar.load(MLP_STEP), "random:5")
    assert len(api) == len(cli.files)
    for i, a in enumerate(api):
        np.testing.assert_array_equal(a, cli[f"out{i}"])


@pytest.mark.parametrize("inputs, message", [
    ("random:x", "random:SEED"),
    ("/nonexistent/inputs.npz", "inputs.npz"),
])
def test_bad_input_specs_raise(inputs, message):
    with pytest.raises(xpar.Error, match=message):
        xpar.run(xpar.load(MLP_STEP), inputs)


def test_wrong_inputs_raise(write, mlp_inputs):
    m = xpar.load(write("mlp.hlo", SHARDED_MLP))
    with pytest.raises(xpar.Error, match="takes 3 input"):
        xpar.run(m, mlp_inputs[:2])
    with pytest.raises(xpar.Error):
        xpar.run(m, [mlp_inputs[0].T, mlp_inputs[1], mlp_inputs[2]])  # wrong shape
    with pytest.raises(xpar.Error, match="dtype"):
        xpar.run(m, [mlp_inputs[0].astype(np.complex64), mlp_inputs[1], mlp_inputs[2]])
    with pytest.raises(xpar.Error, match="give mesh"):
        xpar.run(m, mlp_inputs, check=True)
    with pytest.raises(xpar.Error, match="mesh"):
        xpar.run(m, mlp_inputs, mesh=(3, 0))
