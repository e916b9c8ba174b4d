#!/usr/bin/env bash
# Session 36, call c: which of a1b2dd3's two three-launch changes moved which case in s36b (32FC3
# faster, 8-bit cases slower by 1-2 device us)? Libraries: .gpu/lib (a1b2dd3, both), .gpu/varB
# (0c83540 with only the carried tiles' early carry loads), .gpu/varC (0c83540 with only the
# carries kernel's held totals), .gpu/base (0c83540); each its own process, in turn, three rounds:
# 1080p and 4K 8UC4 (OCL_Integral /9 /16), 4K 32FC3 (OCL_Types /54), and 4K 8UC1 forced into
# three launches (/14, OPENCV_GPUCONV_INTEGRAL_TUNE=1).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 GPUCONV_PERF_SAMPLES=15
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
p='gpuconv/OCL_Integral.Integral/'; t='gpuconv/OCL_Types.OneCall/'
for round in 1 2 3; do
  for lib in lib varB varC base; do
    echo "### round $round, $lib"
    with "$here/$lib" 60 opencv_perf_gpuconv --gtest_filter="${p}9:${p}16:${t}54" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
    OPENCV_GPUCONV_INTEGRAL_TUNE=1 with "$here/$lib" 40 opencv_perf_gpuconv --gtest_filter="${p}14" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
  done
done
