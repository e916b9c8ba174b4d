#!/usr/bin/env bash
# Session 38, call g: filter2D's block shapes for 8- and 16-bit windows read as vectors (4K 8UC1
# 5x5 and 7x7, OCL_Filter2D /9 /15; 16UC1 7x7, OCL_Types /37), library of da7e517: each setting
# its own process, OPENCV_GPUCONV_FILTER2D_PLAN=<LX,LY,PX,PY> (the plan's 16x8 groups of 4x4
# blocks first and last).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
f='gpuconv/OCL_Filter2D.Filter2D/'; t='gpuconv/OCL_Types.OneCall/'
for shape in planned 16,8,4,2 16,8,4,8 32,8,4,4 16,16,4,4 32,4,4,4 8,8,4,4 16,8,4,6 planned; do
  echo "### $shape"
  if [ "$shape" = planned ]; then unset OPENCV_GPUCONV_FILTER2D_PLAN; else export OPENCV_GPUCONV_FILTER2D_PLAN=$shape; fi
  GPUCONV_PERF_SAMPLES=10 with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="${f}9:${f}15:${t}37" 2>&1 | grep -E '\[ TABLE \] \| filter|FAILED'
done
