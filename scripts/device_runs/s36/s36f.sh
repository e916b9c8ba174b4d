#!/usr/bin/env bash
# Session 36, call f: main at 6312a78 (the tile totals kernel's tile in the source's type) on the H200:
# the whole suite in 6 shards and
# Large.*, then the soak on larger images (GPUCONV_SOAK_SCALE=8) with four new seeds (87-90),
# 200 cases per function each, counting the cases where the padded image's filter overruled cv::.
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
timeout 120 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
s=$(date +%s)
for seed in 87 88 89 90; do
  for fn in addWeighted sepFilter2D filter2D integral; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=8 GPUCONV_SOAK_CASES=200 timeout 300 .gpu/run opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_${seed}_$fn.log 2>&1 &
  done
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for f in /tmp/soak_*.log; do echo "$f: $(grep -E '^\[  PASSED|FAILED TEST|^\[  FAILED  \]' $f | tr '\n' ' ') overruled: $(grep -c 'cv:: overruled' $f)"; grep -q PASSED $f || tail -5 $f; done
grep -h 'cv:: overruled' /tmp/soak_*.log | cut -c1-300
