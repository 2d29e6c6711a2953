#!/usr/bin/env bash
# Installs every Debian package xpar needs (idempotent), then configures and builds.
# Usage: scripts/setup.sh [--no-build]
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config ccache
  libopenblas-dev          # GEMM for dot
  libdnnl-dev              # oneDNN: bf16/f16 matmul and convolution
  nlohmann-json3-dev       # plan / instance JSON
  libcli11-dev             # command line
  libfmt-dev               # formatting
  libzip-dev               # NumPy .npz archives
  zlib1g-dev               # gzip'd IOPDDL instances
  coinor-libcbc-dev        # exact integer programming backend
  libgtest-dev libgmock-dev libbenchmark-dev
  llvm-14-tools python3    # FileCheck and lit for golden tests
  clang libclang-rt-14-dev # libFuzzer targets with ASan/UBSan (scripts/fuzz.sh)
  python3-numpy            # differential tests against NumPy
  python3-scipy            # CHLO special functions checked against SciPy
  libopenmpi-dev openmpi-bin  # multi-process runtime (mpirun)
  libtorch-dev python3-torch  # TorchScript frontend; PyTorch reference numerics
  python3-torchvision      # vision models traced by the TorchScript tests
  pybind11-dev python3-pytest  # the `xpar` Python module and its pytest suite
  chromium python3-pil     # the plan report test: headless screenshot, checked not blank
  python3-jsonschema       # `xpar run --trace` output validated against the trace event schema
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  # Refresh the package lists when they are missing or older than a day.
  if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -n1)" ]; then
    $SUDO apt-get update -q
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

[ "${1:-}" = "--no-build" ] && exit 0
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
