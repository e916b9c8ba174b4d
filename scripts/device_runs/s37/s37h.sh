#!/usr/bin/env bash
# Session 37, call h: every benchmark case at 5bfa11c's library (the bundle of the commit that adds
# this script), one process, the table to $OUT/table.md.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md timeout 480 .gpu/run opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark rc $? $(( $(date +%s) - s )) s"; grep -E 'FAILED|PASSED' $OUT/perf.log | tail -3
