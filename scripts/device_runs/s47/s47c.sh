#!/usr/bin/env bash
# Session 47, call c (carry .gpu: the bundle of a658ef8 plus the word-aligned windows try, an
# environment switch GPUCONV_EXP_WORD_WINDOWS: 1 = filter2D's one-lane 8- and 16-bit direct reads
# from windows that start on a word (blocks shifted as for vector windows, no funnel shifts) where
# the image gives each compute unit many items, 2 = wherever rows lie on 16-byte vectors): the
# filter2D tests with 2, then with 1; then 4K 3x3 8UC1, 16UC1 and 16SC1 with 0 and 1, each its own
# process, in turn, four rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
for v in 2 1; do
  echo "### tests, GPUCONV_EXP_WORD_WINDOWS=$v"
  GPUCONV_EXP_WORD_WINDOWS=$v test_shards 'Filter2D_*:gpuconv/Filter2D_*:*Reduced*filter2D*:*SmallGroups*filter2D*'
done
cases='gpuconv/OCL_Filter2D.Filter2D/3:gpuconv/OCL_Types.OneCall/32:gpuconv/OCL_Types.OneCall/33:gpuconv/OCL_Filter2D.Filter2D/0'
for round in 1 2 3 4; do
  for v in 0 1; do
    echo "### round $round, GPUCONV_EXP_WORD_WINDOWS=$v"
    GPUCONV_EXP_WORD_WINDOWS=$v GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| [a-z]|FAILED'
  done
done
