#!/usr/bin/env bash
# Session 37, call f: as s37e, the bundle's library (f8a603a: the carried tiles' 16-bit rows an odd
# number of words apart, the left carries added in the column scan) against 4390b3a's (.gpu/base)
# and 72daf2c's (.gpu/v1, s37e's): the integral and reduced tests in 4 shards, then each library
# its own process, in turn, three rounds: 1080p and 4K 8UC4 (OCL_Integral /9 /16), 1080p and 4K
# 8UC3 and 32FC3 (OCL_Types /20 /24 /50 /54), and with three launches forced
# (OPENCV_GPUCONV_INTEGRAL_TUNE=1) 4K 8UC1 and its squared sum (/14 /15).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
for i in 0 1 2 3; do
  GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i with "$here/lib" 240 opencv_test_gpuconv --gtest_filter='*Integral*:*Reduced*:*SmallGroups*' > /tmp/int_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/int_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/int_*.log | sort -u | head
export GPUCONV_PERF_SAMPLES=10
p='gpuconv/OCL_Integral.Integral/'; t='gpuconv/OCL_Types.OneCall/'
for round in 1 2 3; do
  for lib in lib base v1; do
    echo "### round $round, $lib"
    with "$here/$lib" 90 opencv_perf_gpuconv --gtest_filter="${p}9:${p}16:${t}20:${t}24:${t}50:${t}54" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
    OPENCV_GPUCONV_INTEGRAL_TUNE=1 with "$here/$lib" 60 opencv_perf_gpuconv --gtest_filter="${p}14:${p}15" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
  done
done
