#!/usr/bin/env bash
# The main job on the bundled example: set up, build, then auto-parallelize a real PyTorch/XLA
# training step (examples/mlp_train_step.hlo): plan its sharding for a 2x2 mesh, run the
# partitioned program on 4 simulated devices and check it against the single-device run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
example=examples/mlp_train_step.hlo
out=$(mktemp -d)
echo "== xpar inspect $example"
build/xpar inspect "$example"
echo
# The step is tiny (130 KiB of weights): on a DGX A100 replicating it is fastest, so a 100 KiB
# per-device memory limit makes the planner shard it, as it must for a model that does not fit.
echo "== xpar plan $example --mesh 2x2 --cluster dgx-a100 --memory 100KiB -o $out/plan.hlo"
build/xpar plan "$example" --mesh 2x2 --cluster dgx-a100 --memory 100KiB --quiet --rows 8 \
  -o "$out/plan.hlo" --json "$out/plan.json"
echo
echo "== xpar run $out/plan.hlo --mesh 2x2 --check --inputs random:0"
build/xpar run "$out/plan.hlo" --mesh 2x2 --check --inputs random:0
