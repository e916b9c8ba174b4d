#!/usr/bin/env bash
# Session 34, call d: main at 1f7790b (fallbacks run cv:: on the CPU and move the outputs it
# allocates to the device; filter2D's rank-one kernels decline as filter2D): the whole accuracy
# suite in 6 shards and Large.*, then the sepFilter2D cases and the host-time benchmark
# (LaunchCost) with cv:: alongside.
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
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log | sort -u | head
grep -h -E '^\[ +(OK|FAILED) +\] BadInput' /tmp/gpuconv_test_*.log
timeout 120 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
GPUCONV_PERF_SAMPLES=15 timeout 200 .gpu/run opencv_perf_gpuconv --gtest_filter='*OCL_SepFilter2D.Gaussian/*:*LaunchCost*' 2>&1 | grep -E '\[ TABLE \]|FAILED|PASSED'
