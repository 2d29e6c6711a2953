#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan: build-fuzz) and runs each for SECONDS
# (default 60) on one core, from fuzz/seeds/<target>/ plus the real IR of ../shared/corpus.
# Findings (crash-*, leak-*, timeout-*, oom-*) land in build-fuzz/fuzz/findings/<target>/; each
# fixed one is copied to fuzz/regressions/<target>/, which the default test run replays.
# Inputs are capped at MAX_LEN bytes (default 16384, was 65536): an execution costs time in
# proportion to its input (perf: a 59 KiB real HLO file takes ~22 ms of CPU under ASan), and the
# start alone (replaying 842 corpus inputs of up to 64 KiB) took 15 s of hlo_text's time under
# load. 16 KiB keeps 25 of the 65 real HLO files under 64 KiB and 106 of 109 StableHLO ones whole.
# RUNS=N stops a target after N executions when that comes before SECONDS (the issue's bar:
# 10 million executions or one hour). Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
# (targets: fuzz/CMakeLists.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(hlo_text stablehlo_text npz safetensors iopddl_json plan_json torchscript_pt)
BUILD=build-fuzz
SHARED=../shared/corpus
MAX_LEN="${MAX_LEN:-16384}"

if [ ! -f "$BUILD/build.ninja" ]; then
  # -O1 with line tables: readable sanitizer stacks, and a build that fits a small machine.
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Fuzz -DXPAR_FUZZ=ON \
    -DCMAKE_CXX_FLAGS_FUZZ="-O1 -gline-tables-only" -DCMAKE_C_FLAGS_FUZZ="-O1 -gline-tables-only" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ >/dev/null
fi
ninja -C "$BUILD" -j2 "${TARGETS[@]/#/fuzz_}"

# Real files of the corpus that fit in MAX_LEN (longer ones would be cut, and slow every mutation).
extra_seeds() {
  local under="-$((MAX_LEN / 1024))k"
  case "$1" in
    hlo_text) find "$SHARED/hlo" -name '*.hlo' -size "$under" 2>/dev/null ;;
    stablehlo_text) find "$SHARED/stablehlo" "$SHARED/mhlo" -name '*.mlir' -size "$under" 2>/dev/null ;;
    *) ;;
  esac
}

for t in "${TARGETS[@]}"; do
  out="$BUILD/fuzz/run_$t"
  mkdir -p "$out/corpus" "$out/extra" "$BUILD/fuzz/findings/$t"
  rm -f "$out"/extra/*
  extra_seeds "$t" | while read -r f; do ln -sf "$(realpath "$f")" "$out/extra/"; done
  echo "fuzz: $t for ${SECONDS_PER_TARGET}s (log $out/log)"
  # The fast unwinder (ASan's default): libtorch's leaks are then matched by library
  # (fuzz/lsan_suppressions_fast.txt says why; the slow unwinder cost torchscript_pt 15x).
  set +e
  LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan_suppressions_fast.txt:${LSAN_OPTIONS:-}" \
  "$BUILD/fuzz/fuzz_$t" -max_total_time="$SECONDS_PER_TARGET" -runs="${RUNS:--1}" -timeout=20 -rss_limit_mb=4096 \
    -max_len="$MAX_LEN" -print_final_stats=1 -artifact_prefix="$BUILD/fuzz/findings/$t/" \
    "$out/corpus" "fuzz/seeds/$t" "$out/extra" >"$out/log" 2>&1
  rc=$?
  set -e
  stat_of() { grep -o "stat::$1: *[0-9]*" "$out/log" | grep -o '[0-9]*$' || true; }
  echo "fuzz: $t: exit $rc, $(stat_of number_of_executed_units) executions," \
    "$(stat_of average_exec_per_sec)/s, $(ls "$BUILD/fuzz/findings/$t" | wc -l) findings"
done
