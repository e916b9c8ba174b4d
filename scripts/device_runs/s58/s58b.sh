#!/usr/bin/env bash
# Session 58, call b (carry .gpu: the bundle of 8f399e7, whose sepFilter2D also takes CV_64F into
# CV_32F, filtered in double; no kernel changed). The whole suite with and without doubles.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
