"""xpar.torch.capture: PyTorch models traced and run by xpar, compared with PyTorch itself."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

import xpar  # noqa: E402
import xpar.torch  # noqa: E402
from xpar_capture import example_inputs  # noqa: E402  (python/, on the path via conftest)
from xpar_zoo import build_model  # noqa: E402


def test_small_mlp_matches_pytorch():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(),
                                torch.nn.Linear(32, 4)).eval()
    x = torch.randn(8, 16)
    m = xpar.torch.capture(model, x)
    stored = [p for p in m.parameters if p.stored]
    assert len(stored) == 4 and len(m.parameters) == 5  # the weights travel with the module
    assert set(m.stored_weights) == {p.name for p in stored}
    (y,) = xpar.run(m, [x.numpy()])
    with torch.no_grad():
        want = model(x).numpy()
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)
    (y2,) = xpar.run(m, [x.requires_grad_()])  # tensors are taken as they are, grad or not
    np.testing.assert_array_equal(y2, y)


@pytest.mark.parametrize("name", ["llama", "gpt2"])
def test_zoo_model_matches_pytorch_on_one_device_and_a_mesh(name):
    torch.set_default_dtype(torch.float32)
    model, cfg = build_model(name, "tiny", seed=0, return_logits=True, init_std=0.2)
    ids, labels = example_inputs(cfg, batch=2, seq=8, seed=0)
    with torch.no_grad():
        want_loss, want_logits = (t.numpy() for t in model(ids, labels))
    m = xpar.torch.capture(model, (ids, labels))
    loss, logits = xpar.run(m, [ids.numpy(), labels.numpy()])
    np.testing.assert_allclose(loss, want_loss, rtol=1e-5)
    np.testing.assert_allclose(logits, want_logits, rtol=1e-4, atol=1e-5 * abs(want_logits).max())
    # Planned for two devices with every weight stored split (ZeRO-3 style, so the run
    # gathers them), run partitioned: the same numbers, checked by xpar itself.
    p = xpar.plan(m, mesh=(2,), cluster="dgx-a100", shard_parameters=True, time_limit=10)
    embed = next(q.name for q in m.parameters if q.stored and len(q.shape) == 2)
    assert "S(0)" in p.sharding(embed).specs[0]
    outs = xpar.run(m, [ids.numpy(), labels.numpy()], plan=p, check=True)
    assert outs.devices == 2 and max(outs.differences) <= 1e-5
    np.testing.assert_allclose(outs[0], want_loss, rtol=1e-5)


def test_capture_rejects_non_tensors():
    with pytest.raises(xpar.Error, match="tensors"):
        xpar.torch.capture(torch.nn.Identity(), ([1, 2, 3],))


def test_plain_saved_trace_needs_input_shapes(tmp_path):
    model = torch.nn.Linear(3, 2).eval()
    x = torch.randn(4, 3)
    path = str(tmp_path / "linear.pt")
    torch.jit.save(torch.jit.trace(model, x), path)  # records no input shapes
    with pytest.raises(xpar.Error, match="records no input shapes"):
        xpar.load(path)
    m = xpar.load(path, input_shapes=["f32[4,3]"])
    assert [p.shape for p in m.parameters if not p.stored] == [(4, 3)]
    np.savez(tmp_path / "x.npz", arg0=x.numpy())
    m2 = xpar.load(path, inputs_file=tmp_path / "x.npz")
    (y,) = xpar.run(m2, str(tmp_path / "x.npz"))
    with torch.no_grad():
        np.testing.assert_allclose(y, model(x).numpy(), rtol=1e-5, atol=1e-6)
    by_shape = {w.shape: w for w in m.stored_weights.values()}
    np.testing.assert_array_equal(by_shape[(2, 3)], model.weight.detach().numpy())
    np.testing.assert_array_equal(by_shape[(2,)], model.bias.detach().numpy())
