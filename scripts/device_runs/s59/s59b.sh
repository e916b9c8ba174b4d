#!/usr/bin/env bash
# Session 59, call b (carry .gpu: the bundle of af2b0ae, whose review mends rebuilt addWeighted's
# scalar operand on the host; no kernel changed since s59a's 10b2e00). The whole suite with and
# without doubles.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
