#!/usr/bin/env bash
# Benchmark: median time per step of 4-device modules with the threads backend vs the MPI
# backend (4 ranks, fast and deterministic modes), and the bytes per collective kind.
#   bench/mpi_vs_threads.sh [BUILD_DIR] [MODEL.hlo ...]   (default: build, two models)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
shift || true
models=("$@")
if [ ${#models[@]} -eq 0 ]; then
  models=("$root/tests/lit/mpi/Inputs/collectives_4dev.hlo")
  corpus="$root/../shared/corpus/hlo/torch_xla/kahf__mlp__mlp_dp_2_updated.hlo"
  [ -f "$corpus" ] && models+=("$corpus")
fi
bench="$build/bench/mpi_vs_threads"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
for model in "${models[@]}"; do
  echo "== $(basename "$model")"
  "$bench" "$model" --devices 4 --steps "${STEPS:-5}"
  mpirun --oversubscribe --mca btl self,vader -np 4 "$bench" "$model" --devices 4 \
    --steps "${STEPS:-5}"
done
