#!/usr/bin/env bash
# Session 43, call g: main at 45230b0 (the tests' tie rule near half-integers; the integer-mode test
# with three deltas): the sepFilter2D tests and the reduced suite on the GPU, then
# SepFilter2D_FixedPoint.*.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*SepFilter*:*Reduced*:*SmallGroups*' 2>&1 | tee "${OUT:-/tmp}/s43g.log"
with "$here/lib" 60 opencv_test_gpuconv --gtest_filter='SepFilter2D_FixedPoint.*' 2>&1 | grep -E '^\[       OK|FAILED|PASSED' | tee -a "${OUT:-/tmp}/s43g.log"
