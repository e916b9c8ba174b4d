#!/usr/bin/env bash
# Session 56, call a (carry .gpu: the bundle of 0c44f33, whose tests hold calls that need doubles to
# gpuconv's decline outside runCase too, and whose integral adds the tilted sum of integer images
# into floating point in 64-bit integers on devices without doubles). The whole suite; then the
# whole suite as on a device without double precision (OPENCV_GPUCONV_DEVICE_DOUBLES=0, on NVIDIA's
# compiler); then the integral cases of the benchmark at 4K (the library's integral kernels changed
# only by functions the double-precision builds do not call).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
n='gpuconv/OCL_Integral.Integral/'
GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="${n}14:${n}15:${n}16:${n}17:${n}19" 2>&1 |
  grep -E '\[ TABLE \] \||FAILED'
