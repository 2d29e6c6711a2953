#!/usr/bin/env bash
# Sets up, builds and runs every test (gtest units, corpus tests, lit golden tests) under ctest,
# except those labelled `heavy` (minutes each: `cd build && ctest -L heavy` runs them).
# --sanitize: the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer in
# build-asan (-DXPAR_SANITIZE=ON); any sanitizer report fails the test that caused it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sanitize" ]; then
  shift
  scripts/setup.sh --no-build
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DXPAR_SANITIZE=ON
  cmake --build build-asan
  cd build-asan
  # Leaks are reported at exit; OpenMPI and libtorch keep allocations alive on purpose.
  export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:${ASAN_OPTIONS:-}"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
  ctest --output-on-failure -j2 -LE heavy "$@"
  exit
fi
scripts/setup.sh
cd build
ctest --output-on-failure -j2 -LE heavy "$@"
