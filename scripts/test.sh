#!/usr/bin/env bash
# Sets up, builds and runs every test (gtest units, corpus tests, lit golden tests) under ctest,
# except those labelled `heavy` (minutes each: `cd build && ctest -L heavy` runs them).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cd build
ctest --output-on-failure -j2 -LE heavy "$@"
