#!/usr/bin/env bash
# Session 37, call a: sepFilter2D's direct kernel reading one-lane float windows as aligned vectors
# (the bundle's library, .gpu/lib) against e84e40f's (.gpu/base, single floats): the filter tests
# in 4 shards, then each library its own process, in turn, three rounds: 5-tap Gaussians on 32FC1
# at 1080p and 4K (OCL_SepFilter2D /6 /15) and filter2D 32FC1 5x5 and 7x7 at 4K beside them
# (OCL_Filter2D /11 /17: the same kernel before and after, its shift now a shared function); then the new library's direct block shapes at
# 4K and 1080p (OPENCV_GPUCONV_SEPFILTER_DIRECT=w,h).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
for i in 0 1 2 3; do
  GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i with "$here/lib" 240 opencv_test_gpuconv --gtest_filter='*Filter2D*:*Reduced*' > /tmp/f_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/f_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/f_*.log | sort -u | head
export GPUCONV_PERF_SAMPLES=15
s='gpuconv/OCL_SepFilter2D.Gaussian/'; f='gpuconv/OCL_Filter2D.Filter2D/'
for round in 1 2 3; do
  for lib in lib base; do
    echo "### round $round, $lib"
    with "$here/$lib" 60 opencv_perf_gpuconv --gtest_filter="${s}6:${s}15:${f}11:${f}17" 2>&1 | grep -E '\[ TABLE \] \||FAILED'
  done
done
for shape in 4,2 4,1 4,8 2,4; do
  echo "### direct $shape"
  OPENCV_GPUCONV_SEPFILTER_DIRECT=$shape with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="${s}6:${s}15" 2>&1 | grep -E '\[ TABLE \] \||FAILED'
done
