"""Shared fixtures of the Python API tests: the repository's paths, small models written on the
fly, and the xpar CLI (XPAR_BIN, set by ctest) for tests that compare the API with it."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.join(ROOT, "python"))  # xpar_zoo (after the built xpar package)
sys.dont_write_bytecode = True

MLP_STEP = os.path.join(ROOT, "examples", "mlp_train_step.hlo")
# A forward + loss: x f32[8,4], y f32[8,1], weights w1, w2 (xpar.train's tests).
MLP_FORWARD = os.path.join(ROOT, "tests", "lit", "train", "mlp_forward_sgd.hlo")


def assert_resumed_equals_whole(first, rest, whole):
    """A run resumed after `first`'s 2 of 4 steps (`rest`) continues `whole` bit-identically:
    losses, parameters and optimizer state."""
    import numpy as np
    assert rest.first_step == 2 and [r.step for r in rest.reports] == [3, 4]
    assert first.losses + rest.losses == whole.losses
    for name in whole.parameters:
        assert np.array_equal(rest.parameters[name], whole.parameters[name]), name
    for name in whole.optimizer_state:
        assert np.array_equal(rest.optimizer_state[name], whole.optimizer_state[name]), name


def mlp_arrays(rows):
    """x and y of `rows` rows for MLP_FORWARD's data parameters (by name), seed 0."""
    import numpy as np
    r = np.random.default_rng(0)
    x = r.standard_normal((rows, 4)).astype(np.float32)
    return {"x": x, "y": np.tanh(x @ r.standard_normal((4, 1))).astype(np.float32)}

# Two dense layers sharded over a 2x2 mesh (batch over axis 0, hidden units over axis 1), so
# the partitioned program needs a partial-sum all-reduce; out = (y, sum(y * y)).
SHARDED_MLP = """HloModule sharded_mlp

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[8,16] parameter(0), sharding={devices=[2,1,2]<=[4] last_tile_dim_replicate}
  w1 = f32[16,12] parameter(1), sharding={devices=[1,2,2]<=[2,2]T(1,0) last_tile_dim_replicate}
  w2 = f32[12,4] parameter(2), sharding={devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}
  h = f32[8,12] dot(x, w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}, sharding={devices=[2,2]<=[4]}
  act = f32[8,12] tanh(h), sharding={devices=[2,2]<=[4]}
  y = f32[8,4] dot(act, w2), lhs_contracting_dims={1}, rhs_contracting_dims={0}, sharding={devices=[2,1,2]<=[4] last_tile_dim_replicate}
  zero = f32[] constant(0)
  sq = f32[8,4] multiply(y, y), sharding={devices=[2,1,2]<=[4] last_tile_dim_replicate}
  loss = f32[] reduce(sq, zero), dimensions={0,1}, to_apply=sum, sharding={replicated}
  ROOT out = (f32[8,4], f32[]) tuple(y, loss), sharding={{replicated}, {replicated}}
}
"""

# StableHLO: relu(x @ w + b), with an integer output counting the positive entries.
STABLEHLO_LAYER = """func.func @main(%x: tensor<4x3xf32>, %w: tensor<3x5xf32>, %b: tensor<5xf32>)
    -> (tensor<4x5xf32>, tensor<i32>) {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<5xf32>) -> tensor<4x5xf32>
  %s = stablehlo.add %d, %bb : tensor<4x5xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x5xf32>
  %r = stablehlo.maximum %s, %z : tensor<4x5xf32>
  %pos = stablehlo.compare GT, %s, %z : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
  %ones = stablehlo.convert %pos : (tensor<4x5xi1>) -> tensor<4x5xi32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.reduce(%ones init: %zi) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<i32>
  return %r, %n : tensor<4x5xf32>, tensor<i32>
}
"""


@pytest.fixture
def write(tmp_path):
    """write(name, text) -> the path of a new file holding text."""
    def _write(name, text):
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return _write


@pytest.fixture
def xpar_cli():
    """Runs the xpar CLI (XPAR_BIN, or build/xpar) and returns its stdout; skips without it."""
    binary = os.environ.get("XPAR_BIN") or os.path.join(ROOT, "build", "xpar")
    if not os.path.exists(binary):
        pytest.skip("the xpar CLI is not built (set XPAR_BIN)")

    # In a sanitizer build python runs with the shared ASan runtime preloaded (LD_PRELOAD, set
    # by ctest); the CLI links its own runtime and aborts on a second one, so it does not inherit it.
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}

    def _run(*args):
        done = subprocess.run([binary, *map(str, args)], capture_output=True, text=True,
                              check=False, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout
    return _run
