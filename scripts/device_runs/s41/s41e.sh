#!/usr/bin/env bash
# Session 41, call e (branch probe-store-kind: a54c88c's library with GPUCONV_EXP_OPTIONS appended
# to every build; EXP_STORE_KIND picks the PTX store the evict-first path uses: 0 st.global.cs
# (main), 1 st.global.wt, 3 st.global.L1::no_allocate): the integral tests with .wt, then each
# setting and plain stores (tune field 10 at 2) its own process, in turn, two rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
GPUCONV_EXP_OPTIONS="-D EXP_STORE_KIND=1" test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
cases="${n}12:${n}14:${n}15:${n}19"
for round in 1 2; do
  for kind in 0 1 3 plain; do
    echo "### round $round, kind $kind"
    if [ $kind = plain ]; then tune=0,0,0,0,0,0,0,0,0,2; opts=""; else tune=""; opts="-D EXP_STORE_KIND=$kind"; fi
    GPUCONV_EXP_OPTIONS="$opts" OPENCV_GPUCONV_INTEGRAL_TUNE="$tune" GPUCONV_PERF_SAMPLES=15 \
      with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
  done
done
