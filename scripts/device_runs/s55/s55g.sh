#!/usr/bin/env bash
# Session 55, call g (carry .gpu: s55f's bundle): the reduced suite's tilted 32FC3 row at a cap of
# 8 KiB of local memory, with the debug log of the kernel variants it built, for the reason of its
# decline.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
OPENCV_LOG_LEVEL=DEBUG OPENCV_GPUCONV_MAX_LOCAL_BYTES=8192 with "$here/lib" 120 opencv_test_gpuconv \
  --gtest_filter='*Reduced*integral_tilted_32FC3' 2>&1 | grep -E 'gpuconv: integral|Failure|does not run|Actual|WARN' |
  cut -c1-600 | tee "${OUT:-/tmp}/s55g.log" | head -20
