#!/usr/bin/env bash
# Session 41, call d (branch probe-sources: 5c7da3c's library, the benchmark's gpuconv calls of
# OCL_Integral cycling through GPUCONV_PERF_INTEGRAL_SOURCES sources): where the evict-first
# stores' gain comes from. Sums stored evict-first (planned) or plainly (tune field 10 at 2), with
# one source or 8 (8 x 8.3 MB at 4K 8UC1, more than the L2 cache), each its own process, in turn,
# two rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
n='gpuconv/OCL_Integral.Integral/'
cases="${n}12:${n}14:${n}15:${n}19"
for round in 1 2; do
  for sources in 1 8; do
    for tune in "" "0,0,0,0,0,0,0,0,0,2"; do
      echo "### round $round, sources $sources, tune '$tune'"
      GPUCONV_PERF_INTEGRAL_SOURCES=$sources OPENCV_GPUCONV_INTEGRAL_TUNE="$tune" GPUCONV_PERF_SAMPLES=15 \
        with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
    done
  done
done
