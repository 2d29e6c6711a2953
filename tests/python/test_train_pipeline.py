"""xpar.train(stages=...): pipelined training from Python (the library behind `xpar train
--stages`) against PyTorch's AdamW with gradient accumulation, check=True, checkpoints and
resume (bit-identical), and its errors."""
import os

import numpy as np
import pytest

import xpar
from conftest import MLP_FORWARD, assert_resumed_equals_whole, mlp_arrays


@pytest.fixture
def mlp_data():
    """x and y for 4 steps of 2 microbatches of 8 rows (the MLP forward's batch)."""
    return mlp_arrays(64)


def train_mlp(data, **kw):
    options = dict(mesh=2, steps=4, optimizer="adamw", lr=1e-2, plan_time_limit=1, stages=2,
                   microbatches=2)
    options.update(kw)
    return xpar.train(MLP_FORWARD, data=data, **options)


def test_pipelined_gpt_neox_matches_pytorch_adamw_with_accumulation():
    torch = pytest.importorskip("torch")
    import xpar.torch
    from xpar_capture import example_inputs
    from xpar_zoo import build_model
    steps, micro, batch, lr, wd = 3, 2, 2, 1e-2, 0.01
    model, cfg = build_model("gpt_neox", "tiny", seed=0)
    batches = [example_inputs(cfg, batch, 8, 100 + i) for i in range(steps * micro)]
    m = xpar.torch.capture(model, batches[0])  # one microbatch
    data = {"arg0": torch.cat([b[0] for b in batches]).numpy(),
            "arg1": torch.cat([b[1] for b in batches]).numpy()}
    seen = []
    result = xpar.train(m, mesh=(2, 2), steps=steps, lr=lr, weight_decay=wd, data=data,
                        stages=2, microbatches=micro, shard_parameters=True, check=True,
                        plan_time_limit=1, callback=seen.append)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=wd, foreach=False)
    want = []
    for s in range(steps):
        opt.zero_grad()
        total = 0.0
        for ids, labels in batches[s * micro:(s + 1) * micro]:
            loss = model(ids, labels) / micro  # the mean loss over the microbatches
            loss.backward()
            total += loss.item()
        opt.step()
        want.append(total)
    assert result.devices == 4 and [r.step for r in seen] == [1, 2, 3]
    np.testing.assert_allclose(result.losses, want, rtol=1e-4)
    assert all(r.reference_loss is not None and not r.check_failed for r in seen)
    assert all(r.samples_per_s > 0 for r in seen)
    trained = dict(model.named_parameters())
    assert set(result.parameters) == set(trained)
    for name, value in result.parameters.items():  # see test_train.py for the tolerance
        want_w = trained[name].detach().numpy()
        assert np.linalg.norm(value - want_w) <= 1e-2 * np.linalg.norm(want_w), name
    assert set(result.optimizer_state)  # AdamW's moments and step count


def test_pipelined_resume_continues_bit_identically(mlp_data, tmp_path):
    plan = str(tmp_path / "plan.json")
    whole = train_mlp(mlp_data, save_plan=plan, schedule="gpipe")
    assert os.path.getsize(plan) > 0
    first = train_mlp(mlp_data, steps=2, plan_file=plan, schedule="gpipe",
                      checkpoint_dir=str(tmp_path / "ck"))
    assert first.reports[-1].checkpoint_written
    rest = train_mlp(mlp_data, schedule="gpipe", checkpoint_dir=str(tmp_path / "ck"),
                     resume=True)
    assert_resumed_equals_whole(first, rest, whole)


def test_pipelined_errors_raise_xpar_error(mlp_data, tmp_path):
    from conftest import MLP_STEP
    with pytest.raises(xpar.Error, match="--stages needs a forward \\+ loss model"):
        xpar.train(MLP_STEP, mesh=2, steps=1, stages=2, microbatches=2, plan_time_limit=1)
    with pytest.raises(xpar.Error, match="--microbatches < 1"):
        train_mlp(mlp_data, microbatches=0)
    train_mlp(mlp_data, steps=1, checkpoint_dir=str(tmp_path / "ck"))
    with pytest.raises(xpar.Error, match="written with --stages 2 --microbatches 2 --schedule "
                                         "1f1b; resume with the same"):
        train_mlp(mlp_data, steps=2, microbatches=4, checkpoint_dir=str(tmp_path / "ck"),
                  resume=True)
