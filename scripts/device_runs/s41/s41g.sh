#!/usr/bin/env bash
# Session 41, call g (branch probe-maxreg: 0df2be3's library with GPUCONV_EXP_OPTIONS appended to
# every build): the single pass with the tilted sum is held to 48 registers on NVIDIA; with its
# sums stored evict-first, does a looser limit (appended -cl-nv-maxrregcount, the last one given
# winning) do better? Each setting its own process, in turn, two rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
n='gpuconv/OCL_Integral.Integral/'
cases="${n}12:${n}19"
for round in 1 2; do
  for opts in "" "-cl-nv-maxrregcount=56" "-cl-nv-maxrregcount=64" "-cl-nv-maxrregcount=40"; do
    echo "### round $round, options '$opts'"
    GPUCONV_EXP_OPTIONS="$opts" GPUCONV_PERF_SAMPLES=15 with "$here/lib" 60 opencv_perf_gpuconv \
      --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
  done
done
