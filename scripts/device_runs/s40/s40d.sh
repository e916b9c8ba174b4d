#!/usr/bin/env bash
# Session 40, call d: the benchmark harness times gpuconv, cv:: and the copy in turn within each
# sample (perf/gpuconv_perf.cpp, timeOperations), so that the host's drifting speed reaches the
# three figures of a row alike. First the 1080p cases whose time per call is the host's, through
# the harness of 41b2b53 (opencv_perf_gpuconv_old, its library the same) and the new one, each its
# own process, in turn, two rounds; then every benchmark case in one process with the new harness,
# the table to $OUT/table.md. The harness was not kept: its change is interleaved-harness.patch here
# (on 0925f66), which the bundle's benchmark was built with.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
f='gpuconv/OCL_Filter2D.Filter2D/'; g='gpuconv/OCL_SepFilter2D.Gaussian/'; n='gpuconv/OCL_Integral.Integral/'
cases="${f}0:${f}1:${f}2:${f}6:${f}8:${f}14:${g}0:${g}1:${g}6:${g}7:${n}7:${n}12:*OCL_AddWeighted.AddWeighted/0"
for round in 1 2; do
  for prog in opencv_perf_gpuconv_old opencv_perf_gpuconv; do
    echo "### round $round, $prog"
    GPUCONV_PERF_SAMPLES=15 with "$here/lib" 100 $prog --gtest_filter="$cases" 2>&1 \
      | grep -E '\[ TABLE \] \| (filter|sep|integral|addW)|FAILED' | cut -d'|' -f2-4,6-9 | tee $OUT/ab_r${round}_$prog.txt
  done
done
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md with "$here/lib" 380 opencv_perf_gpuconv > /tmp/perf.log 2>&1
echo "benchmark rc $? $(( $(date +%s) - s )) s"; grep -E 'FAILED|PASSED' /tmp/perf.log | tail -3
grep -E 'LAUNCH' /tmp/perf.log > $OUT/launch.txt
