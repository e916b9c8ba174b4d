#!/usr/bin/env bash
# Session 34, call c: main at the commit that names this script's call (BadInput.rows_off_the_pixel_size
# at 300 x 200, 17 taps, 3-channel rows too), .gpu/base holding bd1ac89's library: that test
# against bd1ac89 and against this build, BadInput.* and the filters' tests, then the soak test
# with two more seeds, 1000 cases per function each, 8 processes.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== BadInput.rows_off_the_pixel_size with bd1ac89's library"
LD_LIBRARY_PATH=$PWD/.gpu/base:$PWD/.gpu/lib OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU: \
  timeout 60 .gpu/bin/opencv_test_gpuconv --gtest_filter='BadInput.rows_off_the_pixel_size' > /tmp/old.log 2>&1
echo "rc $?"; grep -E 'Failure|CL_|terminate|what' /tmp/old.log | head -6; tail -3 /tmp/old.log
echo "== this build"
timeout 200 .gpu/run opencv_test_gpuconv --gtest_filter='BadInput.*' 2>&1 | grep -E '^\[ +(OK|FAILED) +\]|PASSED|FAILED TEST|Failure' | head -20
s=$(date +%s)
for seed in 13 14; do
  for fn in addWeighted sepFilter2D filter2D integral; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_CASES=1000 timeout 280 .gpu/run opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_${seed}_$fn.log 2>&1 &
  done
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for f in /tmp/soak_*.log; do echo "$f: $(grep -E '^\[  PASSED|FAILED TEST|^\[       OK|^\[  FAILED  \]' $f | tr '\n' ' ')"; grep -q PASSED $f || tail -5 $f; done
grep -h -A3 'Failure' /tmp/soak_*.log | head -40
