#!/usr/bin/env bash
# Session 55, call h (carry .gpu: the bundle of 6224022, whose tilted sum keeps both non-finite kernels
# within half the local memory). The whole suite, SmallLocalMemory among it; then the reduced
# suite at 8 KiB and at 1 KiB of local memory.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the reduced suite at 8 KiB of local memory"
OPENCV_GPUCONV_MAX_LOCAL_BYTES=8192 test_shards '*Reduced*'
echo "### at 1 KiB (integral's launches must be refused: failures expected)"
OPENCV_GPUCONV_MAX_LOCAL_BYTES=1024 with "$here/lib" 120 opencv_test_gpuconv --gtest_filter='*Reduced*' > /tmp/cap1k.log 2>&1
grep -E '^\[  PASSED|^\[  FAILED  \] [0-9]+ tests' /tmp/cap1k.log
grep -h -o 'does not run this case ([^)]*' /tmp/cap1k.log | cut -c1-100 | sort | uniq -c
