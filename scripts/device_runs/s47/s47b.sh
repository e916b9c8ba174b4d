#!/usr/bin/env bash
# Session 47, call b (carry .gpu: the bundle of 269652c, whose integral kernels' template
# common/integral_tile.cl undefines its own parameters): the whole suite in 6 shards and Large.*,
# the integral soak at sides x8 (seeds 4711 and 4712, 100 cases each), then the integral cases of
# the benchmark (each checks its result against cv::) in one process.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
integral_soak 4711 4712
GPUCONV_PERF_SAMPLES=15 with "$here/lib" 300 opencv_perf_gpuconv --gtest_filter='*OCL_Integral*' 2>&1 | grep -E '\[ TABLE \] \||FAILED|PASSED'
