#!/usr/bin/env bash
# Session 54, call b: the whole suite on the bundle of 2911d22 (each kernel variant a thread first
# takes is named in the debug log), and the debug log of the benchmark's 4K integral cases: which
# variant each takes on the GPU.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
n='gpuconv/OCL_Integral.Integral/'
OPENCV_LOG_LEVEL=DEBUG GPUCONV_PERF_SAMPLES=3 with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="${n}14:${n}15:${n}16:${n}17:${n}18:${n}19:${n}20" 2>&1 |
  grep -oE 'gpuconv: [a-z_0-9]+ \(.*|\[ TABLE \] \|.*' | tee "${OUT:-/tmp}/s54b_variants.log" | cut -c1-200
