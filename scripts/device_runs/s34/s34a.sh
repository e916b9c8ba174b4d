#!/usr/bin/env bash
# Session 34, call a: main at bd1ac89 (the tiled single pass honours words_ok again), which never
# ran on the GPU: the whole accuracy suite in 6 shards and Large.*, the sepFilter2D tests forced
# onto the tensor pass in 4 shards, then the sepFilter2D benchmark cases (18) with cv:: alongside.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
grep -h 'InteriorWords' /tmp/gpuconv_test_*.log | grep -E '^\[ +(OK|FAILED) ' | head -3
timeout 120 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 200 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log /tmp/t_*.log | sort -u | head
echo "all tests: $(( $(date +%s) - s )) s"
GPUCONV_PERF_SAMPLES=15 timeout 150 .gpu/run opencv_perf_gpuconv --gtest_filter='*OCL_SepFilter2D.Gaussian/*' 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED|PASSED'
