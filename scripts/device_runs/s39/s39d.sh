#!/usr/bin/env bash
# Session 39, call d (branch exp-backoff): the tilted bands' lag behind the upright tile rows in
# the one-launch pass (GPUCONV_EXP_LAG, planned 4; 64 puts every upright tile first), each its own
# process, in turn, three rounds: 1080p and 4K 8UC1 with the squared and tilted sums. Then the
# integral tests with lag 64 in 4 shards.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
n='gpuconv/OCL_Integral.Integral/'
for round in 1 2 3; do
  for lag in 4 2 8 64; do
    echo "### round $round, lag $lag"
    GPUCONV_EXP_LAG=$lag GPUCONV_PERF_SAMPLES=15 with "$here/lib" 150 opencv_perf_gpuconv \
      --gtest_filter="${n}12:${n}19" 2>&1 | grep -E '\[ TABLE \] \| integral|FAILED' | cut -d'|' -f2-4,6-8 | tee $OUT/r${round}_$lag.txt
  done
done
GPUCONV_EXP_LAG=64 test_shards '*Integral*:*integral*'
