#!/usr/bin/env bash
# Session 57, call a (carry .gpu: the bundle of c6b6219, whose host files decline for a device
# without doubles through one check, detail::checkDoublePrecision, and whose addWeighted validates
# its arguments before choosing the path; no kernel changed). The whole suite; the whole suite as on
# a device without double precision (OPENCV_GPUCONV_DEVICE_DOUBLES=0); then the benchmark's
# addWeighted cases, whose host path the second change touched.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter='gpuconv/OCL_AddWeighted.*' 2>&1 |
  grep -E '\[ TABLE \] \||FAILED'
