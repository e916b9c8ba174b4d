#!/usr/bin/env bash
# Session 57, call b (carry .gpu: the bundle of 333c896, whose filter2D and sepFilter2D on the CPU
# (host arrays, declined cases) run BORDER_WRAP, and REFLECT/REFLECT_101 with a kernel larger than
# the ROI, on the image extended by copyMakeBorder; no kernel changed). The whole suite, with
# BadInput.fallback_follows_the_border_rule among it, with and without doubles.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
