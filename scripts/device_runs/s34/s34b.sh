#!/usr/bin/env bash
# Session 34, call b: main at e7762e0 (filter2D and sepFilter2D decline rows off whole pixels;
# fallbacks run cv:: on the CPU), .gpu/base holding bd1ac89's library: the new test against
# bd1ac89 (expected to abort there), the whole accuracy suite in 6 shards and Large.*, then the
# soak test with two other seeds, 300 cases per function each, 8 processes.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== BadInput.rows_off_the_pixel_size with bd1ac89's library"
LD_LIBRARY_PATH=$PWD/.gpu/base:$PWD/.gpu/lib OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU: \
  timeout 60 .gpu/bin/opencv_test_gpuconv --gtest_filter='BadInput.rows_off_the_pixel_size' 2>&1 | tail -4
echo "rc ${PIPESTATUS[0]}"
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
grep -h -E '^\[ +(OK|FAILED) +\] BadInput' /tmp/gpuconv_test_*.log
timeout 120 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
s=$(date +%s)
for seed in 11 12; do
  for fn in addWeighted sepFilter2D filter2D integral; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_CASES=300 timeout 280 .gpu/run opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_${seed}_$fn.log 2>&1 &
  done
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for f in /tmp/soak_*.log; do echo "$f: $(grep -E '^\[  PASSED|FAILED TEST|^\[       OK|^\[  FAILED  \]' $f | tr '\n' ' ')"; grep -q PASSED $f || tail -5 $f; done
grep -h -A3 'Failure' /tmp/soak_*.log | head -40
