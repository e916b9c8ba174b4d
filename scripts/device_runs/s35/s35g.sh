#!/usr/bin/env bash
# Session 35, call g: main at 634497d (the single pass's local memory net of the kernel's own) on
# the H200: the new test with the kernel's limits logged, s35f's failing soak case alone (seed 47,
# sides x4, case 45 of sepFilter2D), then the whole suite in 6 shards and the sepFilter2D tests
# forced onto the tensor pass.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
OPENCV_LOG_LEVEL=DEBUG .gpu/run opencv_test_gpuconv --gtest_filter='SepFilter2D_LocalMemory*' 2>&1 | grep -E 'own local|OUT_OF|OK \]|FAILED' | cut -c1-400
GPUCONV_SOAK_SEED=47 GPUCONV_SOAK_SCALE=4 GPUCONV_SOAK_CASES=500 GPUCONV_SOAK_ONLY=45 .gpu/run opencv_test_gpuconv \
  --gtest_filter='*Soak.random_cases_match_cv/sepFilter2D' 2>&1 | grep -E 'case [0-9]+ of|OK \]|FAILED \]' | cut -c1-400
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 200 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log /tmp/t_*.log | sort -u | head
