#!/usr/bin/env bash
# Session 32, calls l and m: main after the review (l: the tensor kernel without its words_ok
# argument; m: one launch for the direct and tensor passes):
# the whole accuracy suite in 6 shards, the sepFilter2D tests forced onto the tensor pass in 4
# shards, then the 4K 8UC1 Gaussians of 17 and 31 taps.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 380 .gpu/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log /tmp/t_*.log | sort -u | head
GPUCONV_PERF_SAMPLES=15 timeout 100 .gpu/run opencv_perf_gpuconv --gtest_filter='*OCL_SepFilter2D.Gaussian/10:*OCL_SepFilter2D.Gaussian/11' 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED'
