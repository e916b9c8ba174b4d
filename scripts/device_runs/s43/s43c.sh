#!/usr/bin/env bash
# Session 43, call c: the probe filter-evict-first-probe.patch (here, on b65e370: GPUCONV_EXP_OPTIONS
# appended to every build; filter2D's and sepFilter2D's destination stores through STORE_RESULT,
# which -D EVICT_FIRST_STORES turns into PTX st.global.cs as the integral's sums are stored): the
# filter tests with the option, then the 4K filter2D (3x3, 5x5, 7x7) and sepFilter2D (5, 17 taps)
# cases of 8UC1, 8UC4 and 32FC1 without and with it, each setting its own process, in turn, three
# rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
(export GPUCONV_EXP_OPTIONS="-D EVICT_FIRST_STORES"; test_shards '*ilter2D*:*Reduced*:*SmallGroups*:*RankOne*')
f='gpuconv/OCL_Filter2D.Filter2D/' s='gpuconv/OCL_SepFilter2D.Gaussian/'
cases="${f}3:${f}4:${f}5:${f}9:${f}10:${f}11:${f}15:${f}16:${f}17:${s}9:${s}10:${s}12:${s}13:${s}15:${s}16"
for round in 1 2 3; do
  for opt in "" "-D EVICT_FIRST_STORES"; do
    echo "### round $round, options '$opt'"
    GPUCONV_EXP_OPTIONS="$opt" GPUCONV_PERF_SAMPLES=15 with "$here/lib" 200 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 \
      | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
  done
done 2>&1 | tee "${OUT:-/tmp}/s43c.log"
