#!/usr/bin/env bash
# Session 42, call c (probe parallel-walks-probe.patch, here, on 3f9acab: GPUCONV_EXP_OPTIONS
# appended to every build; with -D EXP_PARALLEL_WALKS the tilted tiles' rising and falling walks
# run at once, the falling one's part of the band's sums in a local array of its own): the
# integral tests with the option, then both settings, each its own process, in turn, three rounds,
# on the tilted sums of 8UC1 at 1080p and 4K and of 32FC1 at 4K.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
GPUCONV_EXP_OPTIONS="-D EXP_PARALLEL_WALKS" test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
cases="${n}12:${n}19:${n}20"
for round in 1 2 3; do
  for setting in main parallel; do
    opts=""; [ $setting = parallel ] && opts="-D EXP_PARALLEL_WALKS"
    echo "### round $round, $setting"
    GPUCONV_EXP_OPTIONS="$opts" GPUCONV_PERF_SAMPLES=15 \
      with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
  done
done 2>&1 | tee "${OUT:-/tmp}/s42c.log"
