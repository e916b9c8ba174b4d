#!/usr/bin/env bash
# Session 48, call a (carry .gpu: the bundle of 0518c2d, whose mma emulation reads each lane's
# fragments once and whose loops around products stay unrolled only on NVIDIA): the whole suite in
# 6 shards and Large.*, the tensor-forced sepFilter2D tests, then the benchmark's 8UC1 17- and
# 31-tap Gaussians (4K: the tensor pass) in three processes, to compare with the table.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
whole_suite
with "$here/lib" 200 opencv_test_gpuconv --gtest_filter='SepFilter2D_Tensor*:*Reduced*tensor*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
for round in 1 2 3; do
  echo "### round $round"
  GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv \
    --gtest_filter='*OCL_SepFilter2D.Gaussian/1:*OCL_SepFilter2D.Gaussian/2:*OCL_SepFilter2D.Gaussian/10:*OCL_SepFilter2D.Gaussian/11' 2>&1 | grep -E '\[ TABLE \] \||FAILED'
done
