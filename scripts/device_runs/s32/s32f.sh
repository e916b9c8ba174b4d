#!/usr/bin/env bash
# Session 32, call f: main at dcd3151, the whole accuracy suite and every benchmark case
# (scripts/device_check.sh), then Large.*.
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash scripts/device_check.sh
echo "device_check rc=$?"
OPENCV_GPUCONV_FALLBACK=0 timeout 100 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[  PASSED|FAILED'
