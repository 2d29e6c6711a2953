#!/usr/bin/env bash
# Sets up, builds and runs every test (gtest units, corpus tests, lit golden tests) under ctest,
# except those labelled `heavy` (minutes each: `cd build && ctest -L heavy` runs them).
# --sanitize: the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer (clang,
# -O1, line tables) in build-asan (-DXPAR_SANITIZE=ON); any sanitizer report fails the test that
# caused it. It runs the whole default suite: units, `lit`, corpus, MPI, faults, fuzz replays,
# python_api (python3 with the ASan runtime preloaded); on a slow 2-core machine its build
# takes about 41 minutes and its tests more than 20.
# --sanitize --quick: a subset (ctest label `sanitize`; what CI runs after the Release suite,
# .ci/run), built without optimisation (-O0) in build-asan-quick: 31 minutes on that machine
# (build 22, tests 8). All gtest units, the frontends' golden tests (lit_frontends: parsers,
# verifier, diagnostics, StableHLO, npz, mutations), the fuzz regressions and seeds
# (fuzz_regressions_replay), the mutation corpus (mutation_corpus) and the MPI fault tests;
# only the targets those need are built. Left out: the rest of lit (models, training,
# TorchScript vs PyTorch, MPI CLI), the corpus gtests, conformance, python_api.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sanitize" ]; then
  shift
  quick=0
  if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
  # Leaks are not reported: OpenMPI and libtorch keep allocations alive on purpose until exit.
  # Set before the build too: gtest_discover_tests runs the unit-test binary at build time.
  export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:${ASAN_OPTIONS:-}"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
  scripts/setup.sh --no-build
  dir=build-asan opt=-O1
  [ $quick = 1 ] && dir=build-asan-quick opt=-O0
  cmake -S . -B $dir -G Ninja -DCMAKE_BUILD_TYPE=Asan -DXPAR_SANITIZE=ON \
    -DCMAKE_CXX_FLAGS_ASAN="$opt -gline-tables-only" -DCMAKE_C_FLAGS_ASAN="$opt -gline-tables-only" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
  if [ $quick = 1 ]; then
    cmake --build $dir --target xpar xpar_unit_tests xpar_fuzz_replay
  else
    cmake --build $dir
  fi
  cd $dir
  if [ $quick = 1 ]; then
    ctest --output-on-failure -j2 -L sanitize -LE heavy "$@"
  else
    ctest --output-on-failure -j2 -LE 'heavy|sanitize_subset' "$@"
  fi
  exit
fi
scripts/setup.sh
cd build
ctest --output-on-failure -j2 -LE heavy "$@"
