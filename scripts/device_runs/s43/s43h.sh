#!/usr/bin/env bash
# Session 43, call h: main at ffdbcf0 (the filters' float tolerance scaled by their terms; the test
# Filter2D_Exact.cancelling_delta_within_float_rounding_of_the_terms): the filter2D and sepFilter2D
# tests on the GPU, then the soak of every function at sides x16, seed 303.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*ilter2D*' 2>&1 | tee "${OUT:-/tmp}/s43h.log"
with "$here/lib" 60 opencv_test_gpuconv --gtest_filter='Filter2D_Exact.*:SepFilter2D_FixedPoint.*' 2>&1 | grep -E '^\[       OK|FAILED|PASSED' | tee -a "${OUT:-/tmp}/s43h.log"
GPUCONV_SOAK_SEED=303 GPUCONV_SOAK_SCALE=16 GPUCONV_SOAK_CASES=100 with "$here/lib" 300 opencv_test_gpuconv --gtest_filter='*Soak*' 2>&1 \
  | grep -E '^\[       OK|FAILED|PASSED|overruled' | tee -a "${OUT:-/tmp}/s43h.log"
