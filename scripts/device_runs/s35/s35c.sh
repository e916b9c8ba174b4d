#!/usr/bin/env bash
# Session 35, call c: main at 0a1d42c (arrays in host memory declined by name before any launch;
# BadInput.arrays_in_host_memory) on the H200: the whole accuracy suite in 6 shards and Large.*,
# the BadInput tests by name, then the soak test with two new seeds (17, 18), 1000 cases per
# function each, 8 processes.
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
s=$(date +%s)
for seed in 17 18; do
  for fn in addWeighted sepFilter2D filter2D integral; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_CASES=1000 timeout 200 .gpu/run opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_${seed}_$fn.log 2>&1 &
  done
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for f in /tmp/soak_*.log; do echo "$f: $(grep -E '^\[  PASSED|FAILED TEST|^\[  FAILED  \]' $f | tr '\n' ' ')"; grep -q PASSED $f || tail -5 $f; done
