#!/usr/bin/env bash
# Session 43, call e: main at 6b77433 (5938a8b's kernels): the tilted sums of 8UC1 at 1080p and 4K
# (OCL_Integral /12, /19), eight times in one process (--gtest_repeat), for the spread of their
# time per call and of their copies' against a device time that s43b found constant.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
n='gpuconv/OCL_Integral.Integral/'
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader
GPUCONV_PERF_SAMPLES=15 with "$here/lib" 400 opencv_perf_gpuconv --gtest_filter="${n}12:${n}19" --gtest_repeat=8 2>&1 \
  | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |' | tee "${OUT:-/tmp}/s43e.log"
