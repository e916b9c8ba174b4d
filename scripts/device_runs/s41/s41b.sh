#!/usr/bin/env bash
# Session 41, call b: the integral's sums stored evict-first on NVIDIA's GPUs (PTX st.global.cs,
# planned; OPENCV_GPUCONV_INTEGRAL_TUNE's 10th field 2 stores them plainly). The whole suite in 6
# shards as planned, the integral tests with plain stores in 4, then each setting its own process,
# in turn, two rounds: every OCL_Integral case and OCL_Types' integral cases.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### integral tests, plain stores"
OPENCV_GPUCONV_INTEGRAL_TUNE=0,0,0,0,0,0,0,0,0,2 test_shards '*Integral*:*integral*'
t='gpuconv/OCL_Types.OneCall/'
cases="gpuconv/OCL_Integral.*:${t}20:${t}21:${t}22:${t}23:${t}24:${t}50:${t}51:${t}52:${t}53:${t}54"
for round in 1 2; do
  for tune in "" "0,0,0,0,0,0,0,0,0,2"; do
    s=$(date +%s)
    echo "### round $round, tune '$tune'"
    OPENCV_GPUCONV_INTEGRAL_TUNE="$tune" GPUCONV_PERF_SAMPLES=15 with "$here/lib" 150 opencv_perf_gpuconv \
      --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
    echo "($(( $(date +%s) - s )) s)"
  done
done
