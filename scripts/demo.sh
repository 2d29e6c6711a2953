#!/usr/bin/env bash
# The main job on the bundled example: set up, build, inspect and run a real PyTorch/XLA
# training step (examples/mlp_train_step.hlo).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
example=examples/mlp_train_step.hlo
echo "== xpar inspect $example"
build/xpar inspect "$example"
echo
echo "== xpar run $example --inputs random:0"
build/xpar run "$example" --inputs random:0
