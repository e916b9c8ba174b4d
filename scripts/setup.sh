#!/usr/bin/env bash
# Sets up a fresh Debian bookworm machine for gpuconv, builds it, and runs the blend sample on
# two images from opencv-doc on the OpenCL device (PoCL on the CPU unless OPENCV_OPENCL_DEVICE
# says otherwise). Idempotent: installed packages and an existing build are reused.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make pkg-config libopencv-dev libgtest-dev pocl-opencl-icd ocl-icd-opencl-dev
          opencl-headers clinfo oclgrind opencv-doc)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PWD/build/install" >/dev/null
cmake --build build -j"$(nproc)"

export OPENCV_OPENCL_DEVICE="${OPENCV_OPENCL_DEVICE-:CPU:}"
data=/usr/share/doc/opencv-doc/examples/data
build/bin/gpuconv_sample_blend "$data/LinuxLogo.jpg" "$data/WindowsLogo.jpg" build/blend.png 0.6 0.4 0
