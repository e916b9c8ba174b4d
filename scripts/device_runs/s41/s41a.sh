#!/usr/bin/env bash
# Session 41, call a (branch exp-stream-stores, main's kernels unless GPUCONV_EXP_OPTIONS says
# otherwise): the whole suite in 6 shards without the experiment (main's kernels on this machine's
# driver), the integral and filter2D tests with "-D EXP_STREAM_STORES" (outputs stored with PTX
# st.global.cs: evict first), then each setting its own process, in turn, three rounds, on the
# integral's and filter2D's 4K cases and the 1080p tilted sum.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
suite_shards
echo "### tests with EXP_STREAM_STORES"
GPUCONV_EXP_OPTIONS="-D EXP_STREAM_STORES" test_shards '*Integral*:*integral*:*Filter2D*:-*SepFilter2D*'
i='gpuconv/OCL_Integral.Integral/' f='gpuconv/OCL_Filter2D.Filter2D/'
cases="${i}12:${i}14:${i}15:${i}16:${i}19:${f}3:${f}4:${f}5:${f}9:${f}10:${f}11:${f}17"
for round in 1 2 3; do
  for opts in "" "-D EXP_STREAM_STORES"; do
    echo "### round $round, options '$opts'"
    GPUCONV_EXP_OPTIONS="$opts" GPUCONV_PERF_SAMPLES=15 with "$here/lib" 150 opencv_perf_gpuconv \
      --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \||FAILED'
  done
done
