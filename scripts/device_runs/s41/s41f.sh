#!/usr/bin/env bash
# Session 41, call f: main at da282ad (the integral's sums evict-first): the integral soak on larger
# images (GPUCONV_SOAK_SCALE=8, seeds 112 and 113, 100 cases each) and the integral tests with
# plain stores forced (tune field 10 at 2), the path other devices take.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
integral_soak 112 113
OPENCV_GPUCONV_INTEGRAL_TUNE=0,0,0,0,0,0,0,0,0,2 test_shards '*Integral*:*integral*'
