#!/usr/bin/env bash
# Session 39, call e (branch restrict): filter2D's kernel and sepFilter2D's single-pass kernels
# with `restrict` on their source and destination (the bundle's library, .gpu/lib) against main's
# library (.gpu/base, 7304e12's code: the library of 22d5ea7): the filter2D and sepFilter2D tests
# in 4 shards, then each library its own process, in turn, three rounds, filter2D 3x3, 5x5 and 7x7
# at 4K (8UC1, 8UC4, 32FC1) and sepFilter2D's 5-tap 4K 8UC1 and 32FC1.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
test_shards '*Filter2D*:*SepFilter2D*:*Reduced*filter*'
f='gpuconv/OCL_Filter2D.Filter2D/'; g='gpuconv/OCL_SepFilter2D.Gaussian/'
cases="${f}3:${f}4:${f}5:${f}9:${f}10:${f}11:${f}15:${f}16:${f}17:${g}9:${g}15"
for round in 1 2 3; do
  for lib in lib base; do
    echo "### round $round, $lib"
    GPUCONV_PERF_SAMPLES=15 with "$here/$lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 \
      | grep -E '\[ TABLE \] \| (filter|sep)|FAILED' | cut -d'|' -f2-4,6-8 | tee $OUT/r${round}_$lib.txt
  done
done
