#!/usr/bin/env bash
# Session 39, call a (branch exp-backoff): a pause (PTX nanosleep) between two reads of a look-back
# word not yet published, in the integral's three spin loops, its length from
# GPUCONV_EXP_OPTIONS="-D LOOK_BACK_SLEEP_NS=<n>" (the branch appends that variable to every
# build). The integral tests with a 100 ns pause in 4 shards, then each setting its own process,
# in turn, three rounds: the single-pass cases of OCL_Integral at 1080p and 4K.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
GPUCONV_EXP_OPTIONS="-D LOOK_BACK_SLEEP_NS=100" test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
cases="${n}7:${n}8:${n}9:${n}12:${n}14:${n}15:${n}18:${n}19"
for round in 1 2 3; do
  for ns in none 32 128 512; do
    echo "### round $round, pause $ns"
    if [ "$ns" = none ]; then opts=""; else opts="-D LOOK_BACK_SLEEP_NS=$ns"; fi
    GPUCONV_EXP_OPTIONS="$opts" GPUCONV_PERF_SAMPLES=15 with "$here/lib" 150 opencv_perf_gpuconv \
      --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED'
  done
done
