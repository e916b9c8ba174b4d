#!/usr/bin/env bash
# Session 60, call c (carry .gpu: the bundle of the working tree after s60b, whose diagonal scans
# take their rows read at a time from the plan, tuning field 13; .gpu/base: the library of
# 48101a3). The 32FC1 tilted cases (640x480, 1080p, 4K): the plan (chunks of 8, 32 and 64 rows,
# 16 rows read at a time, at most the chunk), rows read at a time 1 .. 64, chunks of 16 and 32
# rows with 4 and 8 read at a time, work-groups 64 wide with 4; the base; the plan again.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
cases='*OCL_Integral.Integral/6:*OCL_Integral.Integral/13:*OCL_Integral.Integral/20'
run() {
  echo "### $1"
  OPENCV_GPUCONV_INTEGRAL_TUNE=$2 GPUCONV_PERF_SAMPLES=15 with "$here/$3" 120 opencv_perf_gpuconv \
    --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| integral|FAILED'
}
run planned 0 lib
for rows in 1 2 4 8 32 64; do run "rows read $rows" 0,0,0,0,0,0,0,0,0,0,0,0,$rows lib; done
for chunk in 16 32; do
  for rows in 4 8; do run "chunk $chunk, rows read $rows" 0,0,0,0,0,0,0,0,0,0,$chunk,0,$rows lib; done
done
run "group 64, rows read 4" 0,0,0,0,0,0,0,0,0,0,0,64,4 lib
run "base (48101a3)" 0 base
run planned 0 lib
