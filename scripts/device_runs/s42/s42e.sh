#!/usr/bin/env bash
# Session 42, call e: main at 913751a (the falling walks beside the rising ones in the upright
# single pass): the integral soak on larger images (GPUCONV_SOAK_SCALE=8, seeds 114 and 115, 100
# cases each), then every benchmark case in one process, the table to $OUT/table.md (the whole
# suite ran on the same library in s42d).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
integral_soak 114 115
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md with "$here/lib" 420 opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark rc $? $(( $(date +%s) - s )) s"; grep -E 'FAILED|PASSED' $OUT/perf.log | tail -3
