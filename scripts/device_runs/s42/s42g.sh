#!/usr/bin/env bash
# Session 42, call g: main at f99df91 (913751a's kernels): every OCL_Integral case in one process,
# twice, to see whether the 4K tilted sum's time per call in a longer process (s42e's 83.5 us)
# differs from the A/B processes' (79.8-81.2).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
for run in 1 2; do
  echo "### process $run"
  GPUCONV_PERF_SAMPLES=15 with "$here/lib" 240 opencv_perf_gpuconv --gtest_filter='gpuconv/OCL_Integral.*' 2>&1 \
    | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
done 2>&1 | tee "${OUT:-/tmp}/s42g.log"
