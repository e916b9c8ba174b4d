#!/usr/bin/env bash
# Session 37, call b: filter2D's direct kernel on 4K 32FC1 (vector windows) in other shapes than
# the plan's 16x8 groups of 4x2 blocks, on the H200: each shape its own process
# (OPENCV_GPUCONV_FILTER2D_PLAN="LX,LY,PX,PY[,TILED,BY_VALUE,PER_ROW]"), 7x7 and 5x5 (OCL_Filter2D
# /17 /11), the planned shape first and last.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 GPUCONV_PERF_SAMPLES=10
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
f='gpuconv/OCL_Filter2D.Filter2D/'
echo "### planned"
with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="${f}17:${f}11" 2>&1 | grep -E '\[ TABLE \] \| filter|FAILED'
for shape in 16,8,4,1 16,8,4,3 16,8,4,4 32,8,4,2 32,4,4,2 64,2,4,2 8,8,4,2 16,16,4,2 16,4,4,4 32,8,4,1 16,8,4,2,0,1,1 16,8,4,2,0,1,0; do
  echo "### $shape"
  OPENCV_GPUCONV_FILTER2D_PLAN=$shape with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="${f}17:${f}11" 2>&1 | grep -E '\[ TABLE \] \| filter|FAILED'
done
echo "### planned"
with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="${f}17:${f}11" 2>&1 | grep -E '\[ TABLE \] \| filter|FAILED'
