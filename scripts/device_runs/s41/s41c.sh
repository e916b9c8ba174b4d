#!/usr/bin/env bash
# Session 41, call c: main at 5c7da3c (the integral's sums stored evict-first) on the H200: the
# whole suite and Large.*, then every benchmark case in one process, the table to $OUT/table.md.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite | tee $OUT/suite.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md with "$here/lib" 420 opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark rc $? $(( $(date +%s) - s )) s"; grep -E 'FAILED|PASSED' $OUT/perf.log | tail -3
