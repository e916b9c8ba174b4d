#!/usr/bin/env bash
# s46f (carry .gpu: the bundle of the working tree, with three libraries in .gpu/v/: base = main
# (2c2040b), C = s46c_no_divisions.patch (the tiled single pass's row strips and tile words
# without a division each), D = C and every tile word stored whole (4-byte stores
# without a bound per store; the plan leaves 30 bytes after each source row instead of 18)).
# The sepFilter2D tests with D (the bundle's own library); then Nsight Compute of each library's 4K 32FC1 17-tap and 8UC4
# 17-tap kernels; then A/B rounds over the Gaussians that take the tiled single pass.
set -uo pipefail
. scripts/device_runs/s38/common.sh
test_shards '*SepFilter2D*:gpuconv/SmallGroups*:gpuconv/Reduced*'
for v in base C D; do
  cp .gpu/v/$v/libopencv_gpuconv.so.0.1 .gpu/lib/
  echo "### profile $v"
  scripts/ptx_profile/profile.sh 'gpuconv/OCL_SepFilter2D.Gaussian/16 gpuconv/OCL_SepFilter2D.Gaussian/13' 2>&1 | grep -v 'ptxas info\|^col_filter\|^row_filter\|^setMask\|TABLE' | tail -4
  mv "$OUT/profiles.tar.gz" "$OUT/profiles_$v.tar.gz"
done
cases='gpuconv/OCL_SepFilter2D.Gaussian/4:gpuconv/OCL_SepFilter2D.Gaussian/5:gpuconv/OCL_SepFilter2D.Gaussian/7:gpuconv/OCL_SepFilter2D.Gaussian/8:gpuconv/OCL_SepFilter2D.Gaussian/13:gpuconv/OCL_SepFilter2D.Gaussian/14:gpuconv/OCL_SepFilter2D.Gaussian/16:gpuconv/OCL_SepFilter2D.Gaussian/17'
for round in 1 2 3; do
  for v in base C D; do
    echo "### round $round, $v"
    GPUCONV_PERF_SAMPLES=15 with "$here/v/$v" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| [a-z]|FAILED'
  done
done
