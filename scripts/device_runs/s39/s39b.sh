#!/usr/bin/env bash
# Session 39, call b (branch exp-backoff): the look-back words through PTX's relaxed loads and
# stores at GPU scope (GPUCONV_EXP_OPTIONS="-D LOOK_BACK_PTX=1") or L2-cached weak ones ("=2"),
# against volatile accesses (none): the integral tests with each in 4 shards, then each setting its
# own process, in turn, three rounds: the single-pass cases of OCL_Integral at 1080p and 4K.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
for v in 1 2; do GPUCONV_EXP_OPTIONS="-D LOOK_BACK_PTX=$v" test_shards '*Integral*:*integral*'; done
n='gpuconv/OCL_Integral.Integral/'
cases="${n}7:${n}8:${n}9:${n}12:${n}14:${n}15:${n}18:${n}19"
for round in 1 2 3; do
  for v in none 1 2; do
    echo "### round $round, ptx $v"
    if [ "$v" = none ]; then opts=""; else opts="-D LOOK_BACK_PTX=$v"; fi
    GPUCONV_EXP_OPTIONS="$opts" GPUCONV_PERF_SAMPLES=15 with "$here/lib" 150 opencv_perf_gpuconv \
      --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| integral|FAILED' | cut -d'|' -f2-4,6-8 > $OUT/r${round}_$v.txt
    cat $OUT/r${round}_$v.txt
  done
done
