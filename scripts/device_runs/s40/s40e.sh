#!/usr/bin/env bash
# Session 40, call e: filter2D's block and group shapes on the H200 (the plan's come from H100
# sweeps): 4K 3x3 8UC1, 4K 3x3 8UC4 and 4K 5x5 8UC1, each shape forced through
# OPENCV_GPUCONV_FILTER2D_PLAN=LX,LY,PX,PY[,TILED] ("plan": none forced), each its own process,
# in turn, two rounds; main's library.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
sweep() {
  local case=$1; shift
  for round in 1 2; do
    for shape in plan "$@"; do
      if [ "$shape" = plan ]; then unset OPENCV_GPUCONV_FILTER2D_PLAN; else export OPENCV_GPUCONV_FILTER2D_PLAN=$shape; fi
      printf '%s r%d %-14s' "$case" "$round" "$shape"
      GPUCONV_PERF_SAMPLES=15 with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="gpuconv/OCL_Filter2D.Filter2D/$case" 2>&1 \
        | grep -E '\[ TABLE \] \| filter|FAILED' | cut -d'|' -f3-8
    done
  done
  unset OPENCV_GPUCONV_FILTER2D_PLAN
}
# /3: 3x3 4K 8UC1 (planned 16x8 groups of 8x2)
sweep 3 16,8,8,1 16,8,8,4 16,8,4,2 16,8,4,4 16,16,8,2 32,4,8,2 32,8,8,2 16,4,8,2 8,8,8,2 16,8,16,1 16,8,8,2,1 | tee $OUT/f3.txt
# /4: 3x3 4K 8UC4 (planned 16x8 groups of 4x2)
sweep 4 16,8,2,2 16,8,4,1 16,8,2,4 16,8,8,1 32,4,4,2 16,16,4,2 32,8,4,2 8,8,4,2 16,4,4,2 16,8,4,2,1 | tee $OUT/f4.txt
# /9: 5x5 4K 8UC1 (planned 16x8 groups of 4x4, vector windows)
sweep 9 16,8,8,2 16,8,8,4 16,8,4,2 16,8,8,1 32,4,4,4 16,16,4,4 32,8,4,4 16,4,4,4 16,8,4,4,1 | tee $OUT/f9.txt
