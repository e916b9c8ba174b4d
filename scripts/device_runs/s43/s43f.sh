#!/usr/bin/env bash
# Session 43, call f: main at ef71b18 (5938a8b's kernels, the tests' tie rule and a new test): the
# sepFilter2D tests and the reduced suite on the GPU, SepFilter2D_FixedPoint.* among them.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*SepFilter*:*Reduced*:*SmallGroups*' 2>&1 | tee "${OUT:-/tmp}/s43f.log"
with "$here/lib" 60 opencv_test_gpuconv --gtest_filter='SepFilter2D_FixedPoint.*' 2>&1 | grep -E '^\[       OK|FAILED|PASSED' | tee -a "${OUT:-/tmp}/s43f.log"
