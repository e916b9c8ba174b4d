#!/usr/bin/env bash
# Session 60, call b (carry .gpu: the bundle of the working tree after 157ebcf, whose diagonal scans
# read their terms 16 at a time before adding and storing them, in at most 64 chunks of at least 8
# rows; .gpu/base: the library of 48101a3). The integral tests on the GPU, then the 32FC1 tilted
# cases (640x480, 1080p, 4K) with the plan, with each chunk height 4 .. 128 (tuning field 11) and
# work-group widths 64 and 256 (field 12), the base, and the plan again; one process each.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*Integral*:*Reduced*'
cases='*OCL_Integral.Integral/6:*OCL_Integral.Integral/13:*OCL_Integral.Integral/20'
run() {
  echo "### $1"
  OPENCV_GPUCONV_INTEGRAL_TUNE=$2 GPUCONV_PERF_SAMPLES=15 with "$here/$3" 120 opencv_perf_gpuconv \
    --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| integral|FAILED'
}
run planned 0 lib
for chunk in 4 8 16 32 64 128; do run "chunk $chunk" 0,0,0,0,0,0,0,0,0,0,$chunk,0 lib; done
for group in 64 256; do run "group $group" 0,0,0,0,0,0,0,0,0,0,0,$group lib; done
run "base (48101a3)" 0 base
run planned 0 lib
