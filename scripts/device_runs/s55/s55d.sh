#!/usr/bin/env bash
# Session 55, call d (carry .gpu: the bundle of 454708f, with integral's 64-bit
# integer sums for devices without doubles; 8490231's library in .gpu/base). The whole suite; then
# as on a device without double precision (OPENCV_GPUCONV_DEVICE_DOUBLES=0): CI's subset and every
# integral test, on NVIDIA's compiler; Integral_LargeSums both ways; then the integral cases of the
# benchmark at 4K with each library, each its own process, in turn, two rounds (the library's
# integral kernels changed only by a function the double-precision builds do not call).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### without doubles: CI's subset"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 test_shards '*Reduced*:*SmallGroups*:*Soak*:Concurrency.*:Integral_LargeSums.*'
echo "### without doubles: the integral tests (failures expected only where doubles are needed)"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 with "$here/lib" 300 opencv_test_gpuconv --gtest_filter='*Integral*' \
  --gtest_output="xml:${OUT:-/tmp}/nd_integral.xml" > /tmp/nd_integral.log 2>&1
grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|^\[  FAILED  \] [0-9]+ tests' /tmp/nd_integral.log
for doubles in 1 0; do
  OPENCV_GPUCONV_DEVICE_DOUBLES=$doubles with "$here/lib" 120 opencv_test_gpuconv --gtest_filter='Integral_LargeSums.*' 2>&1 | grep -E 'NOTE|^\[ +(OK|FAILED) +\]'
done
n='gpuconv/OCL_Integral.Integral/'
for round in 1 2; do
  for lib in lib base; do
    echo "### round $round, $lib"
    GPUCONV_PERF_SAMPLES=15 with "$here/$lib" 120 opencv_perf_gpuconv --gtest_filter="${n}14:${n}15:${n}16:${n}17:${n}19" 2>&1 | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
  done
done
