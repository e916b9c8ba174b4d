#!/usr/bin/env bash
# Session 42, call a (probe lag-and-l2-policy-probe.patch, here, on 6cdb3f3: GPUCONV_EXP_OPTIONS
# appended to every build; GPUCONV_EXP_LAG sets the tilted tiles' lag behind the upright tile rows,
# planned 4; EXP_STORE_KIND 4 stores the sums L1 no-allocate with an L2 evict-first policy, 5 with
# an L2 evict-last policy, else st.global.cs as main): the integral tests with kind 4 and lag 3,
# then each setting its own process, in turn, two rounds, on 1080p and 4K 8UC1 with the squared
# and tilted sums.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
GPUCONV_EXP_OPTIONS="-D EXP_STORE_KIND=4" GPUCONV_EXP_LAG=3 test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
cases="${n}12:${n}19"
for round in 1 2; do
  for setting in main lag2 lag3 lag5 lag6 kind4 kind5 batch2; do
    lag=4; opts=""; tune=""
    case $setting in
      lag*) lag=${setting#lag} ;;
      kind*) opts="-D EXP_STORE_KIND=${setting#kind}" ;;
      batch2) tune=0,0,0,2 ;;
    esac
    echo "### round $round, $setting"
    GPUCONV_EXP_LAG=$lag GPUCONV_EXP_OPTIONS="$opts" OPENCV_GPUCONV_INTEGRAL_TUNE="$tune" GPUCONV_PERF_SAMPLES=15 \
      with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
  done
done 2>&1 | tee "${OUT:-/tmp}/s42a.log"
