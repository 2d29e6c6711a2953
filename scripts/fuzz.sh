#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan: build-fuzz) and runs each for SECONDS
# (default 60) on one core, from fuzz/seeds/<target>/ plus the real IR of ../shared/corpus.
# Findings (crash-*, leak-*, timeout-*, oom-*) land in build-fuzz/fuzz/findings/<target>/; each
# fixed one is copied to fuzz/regressions/<target>/, which the default test run replays.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]     (targets: fuzz/CMakeLists.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(hlo_text stablehlo_text npz safetensors iopddl_json plan_json torchscript_pt)
BUILD=build-fuzz
SHARED=../shared/corpus

if [ ! -f "$BUILD/build.ninja" ]; then
  # -O1 with line tables: readable sanitizer stacks, and a build that fits a small machine.
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Fuzz -DXPAR_FUZZ=ON \
    -DCMAKE_CXX_FLAGS_FUZZ="-O1 -gline-tables-only" -DCMAKE_C_FLAGS_FUZZ="-O1 -gline-tables-only" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ >/dev/null
fi
ninja -C "$BUILD" -j2 "${TARGETS[@]/#/fuzz_}"

# Real files of the corpus under 64 KiB (bigger ones slow every mutation down).
extra_seeds() {
  case "$1" in
    hlo_text) find "$SHARED/hlo" -name '*.hlo' -size -64k 2>/dev/null ;;
    stablehlo_text) find "$SHARED/stablehlo" "$SHARED/mhlo" -name '*.mlir' -size -64k 2>/dev/null ;;
    *) ;;
  esac
}

for t in "${TARGETS[@]}"; do
  out="$BUILD/fuzz/run_$t"
  mkdir -p "$out/corpus" "$out/extra" "$BUILD/fuzz/findings/$t"
  extra_seeds "$t" | while read -r f; do ln -sf "$(realpath "$f")" "$out/extra/"; done
  echo "fuzz: $t for ${SECONDS_PER_TARGET}s (log $out/log)"
  # Third-party leaks (libtorch) are suppressed by name, which needs the slow unwinder where
  # libtorch is on the stack (fuzz/lsan_suppressions.txt).
  unwind=""
  [ "$t" = torchscript_pt ] && unwind="fast_unwind_on_malloc=0:"
  set +e
  LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan_suppressions.txt:${LSAN_OPTIONS:-}" \
  ASAN_OPTIONS="$unwind${ASAN_OPTIONS:-}" \
  "$BUILD/fuzz/fuzz_$t" -max_total_time="$SECONDS_PER_TARGET" -timeout=20 -rss_limit_mb=4096 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$BUILD/fuzz/findings/$t/" \
    "$out/corpus" "fuzz/seeds/$t" "$out/extra" >"$out/log" 2>&1
  rc=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/log" | grep -o '[0-9]*$' || true)
  echo "fuzz: $t: exit $rc, ${runs:-?} executions, $(ls "$BUILD/fuzz/findings/$t" | wc -l) findings"
done
