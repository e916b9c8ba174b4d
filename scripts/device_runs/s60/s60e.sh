#!/usr/bin/env bash
# Session 60, call e (carry .gpu: the bundle of the commit that adds the tilted sum of float
# images in float on devices without doubles). The whole suite without doubles, then the integral
# and reduced tests with them.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
echo "### the integral and reduced tests with doubles"
test_shards '*Integral*:*Reduced*'
