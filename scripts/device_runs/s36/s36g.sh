#!/usr/bin/env bash
# Session 36, call g: the review's mend of the tile totals kernel (the tile holds the source pixels
# as loaded, also for the squared sum's launches; bundle's build, .gpu/lib) against 6312a78's
# library (.gpu/prev): the integral tests, then each library its own process, in turn, two rounds:
# 1080p and 4K 8UC4 (OCL_Integral /9 /16) and 4K sum + squared sum forced into three launches
# (/15, OPENCV_GPUCONV_INTEGRAL_TUNE=1: the squares' own launches).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
for i in 0 1 2 3; do
  GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i with "$here/lib" 200 opencv_test_gpuconv --gtest_filter='*Integral*:*Reduced*integral*:*Soak*integral*' > /tmp/int_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/int_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/int_*.log | sort -u | head
export GPUCONV_PERF_SAMPLES=15
p='gpuconv/OCL_Integral.Integral/'
for round in 1 2; do
  for lib in lib prev; do
    echo "### round $round, $lib"
    with "$here/$lib" 60 opencv_perf_gpuconv --gtest_filter="${p}9:${p}16" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
    OPENCV_GPUCONV_INTEGRAL_TUNE=1 with "$here/$lib" 40 opencv_perf_gpuconv --gtest_filter="${p}15" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
  done
done
