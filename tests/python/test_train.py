"""xpar.train: the training library from Python against PyTorch's AdamW, the per-step callback
(every step; an exception stops training and propagates), check=True, checkpoints and resume
(bit-identical), data as dicts or .npz files, and errors."""
import numpy as np
import pytest

import xpar
from conftest import MLP_FORWARD, assert_resumed_equals_whole, mlp_arrays


@pytest.fixture
def mlp_data():
    """x and y for 4 steps of 8 rows (the MLP forward's batch)."""
    return mlp_arrays(32)


def train_mlp(data, **kw):
    options = dict(mesh=2, steps=4, optimizer="sgd", lr=0.2, plan_time_limit=1)
    options.update(kw)
    return xpar.train(MLP_FORWARD, data=data, **options)


def test_gpt_neox_matches_a_pytorch_adamw_loop():
    torch = pytest.importorskip("torch")
    import xpar.torch
    from xpar_capture import example_inputs
    from xpar_zoo import build_model
    steps, batch, lr, wd = 3, 4, 1e-2, 0.01
    model, cfg = build_model("gpt_neox", "tiny", seed=0)
    batches = [example_inputs(cfg, batch, 8, 100 + i) for i in range(steps)]
    m = xpar.torch.capture(model, batches[0])
    data = {"arg0": torch.cat([b[0] for b in batches]).numpy(),
            "arg1": torch.cat([b[1] for b in batches]).numpy()}
    seen = []
    result = xpar.train(m, mesh=(2, 2), steps=steps, lr=lr, weight_decay=wd, data=data,
                        shard_parameters=True, check=True, plan_time_limit=1,
                        callback=seen.append)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=wd, foreach=False)
    want = []
    for ids, labels in batches:
        opt.zero_grad()
        loss = model(ids, labels)
        loss.backward()
        opt.step()
        want.append(loss.item())
    assert result.devices == 4 and len(result.losses) == steps
    np.testing.assert_allclose(result.losses, want, rtol=1e-4)
    assert [r.step for r in seen] == [1, 2, 3]
    assert all(r.rel_diff <= 1e-4 and not r.check_failed for r in seen)
    trained = dict(model.named_parameters())
    assert set(result.parameters) == set(trained)
    # Per weight, a relative norm: Adam's step lr * m / sqrt(v) is about lr wherever a gradient
    # is tiny, so float noise there moves single elements by up to ~lr (seen: 3e-3), while the
    # three steps move the weights by ~3 * lr = 0.03 each, about their own size.
    for name, value in result.parameters.items():
        want = trained[name].detach().numpy()
        assert np.linalg.norm(value - want) <= 1e-2 * np.linalg.norm(want), name


def test_the_callback_sees_every_step_in_order(mlp_data):
    seen = []
    result = train_mlp(mlp_data, steps=6, callback=seen.append)
    assert [r.step for r in seen] == list(range(1, 7)) and all(r.steps == 6 for r in seen)
    assert [r.loss for r in seen] == result.losses
    assert all(r.seconds > 0 and r.samples_per_s > 0 and r.reference_loss is None for r in seen)
    assert result.losses[-1] < result.losses[0]  # it learns
    assert set(result.parameters) == {"w1", "w2"} and result.optimizer_state == {}


def test_a_raising_callback_stops_training_and_propagates(mlp_data):
    class Stop(Exception):
        pass

    seen = []

    def stop_after_two(report):
        seen.append(report.step)
        if report.step == 2:
            raise Stop("enough")

    with pytest.raises(Stop, match="enough"):
        train_mlp(mlp_data, steps=6, callback=stop_after_two)
    assert seen == [1, 2]
    # Nothing is left half-done: the next run works and starts from scratch.
    assert len(train_mlp(mlp_data, steps=2).losses) == 2


def test_check_compares_every_step_with_one_device(mlp_data):
    result = train_mlp(mlp_data, mesh=(2, 2), check=True, optimizer="adamw", lr=1e-2,
                       shard_parameters=True)
    assert result.devices == 4
    for r in result.reports:
        assert r.reference_loss is not None and r.rel_diff <= 1e-4 and not r.check_failed
    # A tolerance no difference meets makes the comparison itself fail.
    with pytest.raises(xpar.CheckError, match="step 1: .* over rtol -1"):
        train_mlp(mlp_data, check=True, rtol=-1)


def test_resume_continues_bit_identically(mlp_data, tmp_path):
    plan = str(tmp_path / "plan.json")
    whole = train_mlp(mlp_data, mesh=(2, 2), steps=4, optimizer="adamw", lr=1e-2,
                      shard_parameters=True, save_plan=plan)
    first = train_mlp(mlp_data, mesh=(2, 2), steps=2, optimizer="adamw", lr=1e-2,
                      plan_file=plan, checkpoint_dir=str(tmp_path / "ck"))
    assert first.reports[-1].checkpoint_written
    rest = train_mlp(mlp_data, mesh=(2, 2), steps=4, optimizer="adamw", lr=1e-2,
                     checkpoint_dir=str(tmp_path / "ck"), resume=True)
    assert_resumed_equals_whole(first, rest, whole)


def test_data_as_an_npz_file_equals_data_as_a_dict(mlp_data, tmp_path):
    path = tmp_path / "data.npz"
    np.savez(path, **mlp_data)
    assert train_mlp(str(path)).losses == train_mlp(mlp_data).losses


def test_a_loaded_module_trains_and_stays_unchanged(mlp_data):
    m = xpar.load(MLP_FORWARD)
    before = m.to_hlo()
    assert xpar.train(m, data=mlp_data, steps=2, mesh=2, plan_time_limit=1).losses == \
        train_mlp(mlp_data, steps=2, optimizer="adamw", lr=1e-3).losses
    assert m.to_hlo() == before


def test_errors_raise_xpar_error_with_the_message(mlp_data, write):
    with pytest.raises(xpar.Error, match="--steps must be positive"):
        train_mlp(mlp_data, steps=0)
    with pytest.raises(xpar.Error, match="the model has no parameter 'nope'"):
        train_mlp(mlp_data, weights=["nope"])
    with pytest.raises(xpar.Error, match="data: array 'z' names no data parameter"):
        train_mlp({"z": mlp_data["x"]})
    with pytest.raises(xpar.Error, match="resume=True continues from checkpoint_dir"):
        train_mlp(mlp_data, resume=True)
    bad = write("bad.hlo", "HloModule m\nENTRY e {\n  ROOT p = f32[] parmeter(0)\n}\n")
    with pytest.raises(xpar.Error, match=r"bad.hlo:3:\d+: error: "):
        xpar.train(bad, steps=1)


def test_inputs_give_the_starting_weights(mlp_data):
    r = np.random.default_rng(1)
    start = {"w1": r.standard_normal((4, 16)).astype(np.float32),
             "w2": r.standard_normal((16, 1)).astype(np.float32)}
    still = train_mlp(mlp_data, steps=1, lr=0.0, inputs=start)  # SGD with lr 0 keeps them
    for name, value in start.items():
        assert np.array_equal(still.parameters[name], value), name
    moved = train_mlp(mlp_data, steps=1, inputs=start)
    assert not np.array_equal(moved.parameters["w1"], start["w1"])


def test_a_whole_training_step_runs_as_it_is(capsys):
    from conftest import MLP_STEP
    m = xpar.load(MLP_STEP)  # PyTorch/XLA's step: its outputs alias its inputs
    result = xpar.train(m, mesh=(2, 2), steps=2, check=True, plan_time_limit=1, verbose=True,
                        memory="100KiB")
    out = capsys.readouterr().out
    assert "whole training step" in out and "on 4 devices, checked against 1 device" in out
    assert "plan for " in out and "(fits)" in out
    assert len(result.losses) == 2 and all(r.rel_diff <= 1e-4 for r in result.reports)
