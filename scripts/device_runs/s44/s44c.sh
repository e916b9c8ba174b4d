#!/usr/bin/env bash
# Session 44, call c: why NVIDIA's driver refused sep_filter2d_fused in s44b's find (sepFilter2D
# 16UC2 144x240, 34 x 11 taps, into 32F). The fuzz target's library carries a temporary log of the
# plan (not committed); the find replayed with it; then /tmp/lprobe/localprobe.cpp (in
# scripts/device_runs/s44/): which sizes of two __local arguments the driver launches. Carry .gpuf.
cd "$(dirname "$0")/../../.."
root=$PWD
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p /tmp/replay && cd /tmp/replay
for f in "$root"/.gpuf/crash/crash-*; do
  echo "== $(basename $f)"
  GPUCONV_FUZZ_SCALE=8 timeout 120 "$root/.gpuf/run" gpuconv_fuzz "$f" 2>&1 | grep -E 'DIAG|WARN|gpuconv_fuzz:|Executed' | cut -c1-700
done
cd "$root"
timeout 200 .gpuf/run localprobe 2>&1 | tail -30
