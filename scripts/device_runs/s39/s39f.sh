#!/usr/bin/env bash
# Session 39, call f: main's library after the review mend (narrowRows decided once in scanPass,
# no plan changed): the integral tests in 4 shards, then the integral benchmark cases that the
# narrow rows serve and beside them (1080p and 4K 8UC1 and 8UC4), one process.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="${n}7:${n}9:${n}14:${n}16" 2>&1 \
  | grep -E '\[ TABLE \] \||FAILED|PASSED'
