#!/usr/bin/env bash
# Benchmark: a LLaMA-style step on 4 devices, planned by auto-sharding on meshes 4 and 2x2: median
# time per step on one device, 4 threads and 4 MPI ranks, and bytes sent per collective kind
# (measured on both transports vs the plan's estimate).
#   bench/llama_step.sh [BUILD_DIR] [MODEL.hlo] [more llama_step_bench flags]
#   default model: ../shared/corpus/hlo/transformers_neuronx/kahf__llama__tp_1.hlo; STEPS=3
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
shift || true
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
exec "$build/bench/llama_step_bench" "$@" --steps "${STEPS:-3}" --mesh "${MESHES:-4,2x2}"
