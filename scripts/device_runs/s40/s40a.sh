#!/usr/bin/env bash
# Session 40, call a: arguments a cl_kernel already holds are not set again (src/launch.cpp; the
# bundle's library, .gpu/lib) against main's library (.gpu/base, 907a08b). The whole suite in 4
# shards with the bundle's library, then OCL_LaunchCost (with its new rows: clSetKernelArg x17)
# and the host-bound 1080p cases, each library its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
for i in 0 1 2 3; do
  GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i with "$here/lib" 400 opencv_test_gpuconv > /tmp/shard_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/shard_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/shard_*.log | sort -u | head
f='gpuconv/OCL_Filter2D.Filter2D/'; g='gpuconv/OCL_SepFilter2D.Gaussian/'; n='gpuconv/OCL_Integral.Integral/'
cases="*OCL_LaunchCost*:${f}0:${f}1:${f}2:${f}8:${f}14:${g}0:${g}6:${g}7:${n}7:${n}12:*OCL_AddWeighted.AddWeighted/0"
for round in 1 2 3; do
  for lib in lib base; do
    echo "### round $round, $lib"
    GPUCONV_PERF_SAMPLES=15 with "$here/$lib" 150 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 \
      | grep -E '\[ LAUNCH \]|\[ TABLE \] \| (filter|sep|integral|addW)|FAILED' | sed 's/ us per call//' | tee $OUT/r${round}_$lib.txt
  done
done
