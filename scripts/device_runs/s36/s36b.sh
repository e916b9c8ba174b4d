#!/usr/bin/env bash
# Session 36, call b: s36a's parts 1 and 3 again (its helper could not run under timeout in call a;
# its suite passed there: 1659 + 2 new = 1661 in 6 shards, Large.* 2).
# From s36a: main at a1b2dd3 on the H200, with 0c83540's library in .gpu/base.
# 1. The new tests (row segments that fill the local memory; carry lanes longer than the
#    registers hold) and the 4K integral test; the row-segment test again against 0c83540's
#    library, which should be refused at launch there. The kernels' limits are logged.
# 2. The whole suite in 6 shards and Large.*.
# 3. A/B of the three launches' integral (a1b2dd3 against 0c83540), each library its own process,
#    in turn, three rounds: 1080p and 4K 8UC4 (OCL_Integral /9 /16), 8UC3 and 32FC3 (OCL_Types
#    /20 /24 /50 /54), and 4K 8UC1 forced into three launches (/14, OPENCV_GPUCONV_INTEGRAL_TUNE=1).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
# with <library folder> <seconds> <program> [args]: the bundle's program against that folder's
# gpuconv, stopped after that many seconds
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
echo "== new tests, a1b2dd3"
OPENCV_LOG_LEVEL=DEBUG with "$here/lib" 200 opencv_test_gpuconv \
  --gtest_filter='SepFilter2D_LocalMemory.*:Integral_LongCarryLanes.*:Integral_4K.*' 2>&1 |
  grep -E 'sep_filter2d_(rows|fused)|^\[ +(OK|FAILED) +\]|^\[  PASSED|FAILED TEST' | cut -c1-400
echo "== row segments, 0c83540"
OPENCV_LOG_LEVEL=DEBUG with "$here/base" 100 opencv_test_gpuconv \
  --gtest_filter='SepFilter2D_LocalMemory.row_segments*' 2>&1 |
  grep -E 'sep_filter2d_(rows|fused)|^\[ +(OK|FAILED) +\]|rror|refused|failed' | cut -c1-400 | head -12
export GPUCONV_PERF_SAMPLES=15
p='gpuconv/OCL_Integral.Integral/'; t='gpuconv/OCL_Types.OneCall/'
cases="${p}9:${p}16:${t}20:${t}24:${t}50:${t}54"
for round in 1 2 3; do
  for lib in lib base; do
    echo "### round $round, $lib"
    with "$here/$lib" 100 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
    OPENCV_GPUCONV_INTEGRAL_TUNE=1 with "$here/$lib" 60 opencv_perf_gpuconv --gtest_filter="${p}14" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
  done
done
