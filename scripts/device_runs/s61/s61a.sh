#!/usr/bin/env bash
# Session 61, call a (carry .gpu: the bundle of the commit that keys the caches of assembled build
# options on the device's kind of common options). The whole suite (the tall float image's tilted
# sum of 71c7b06 among it), then every benchmark case in one process, the table to $OUT/table.md.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
whole_suite
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md with "$here/lib" 420 opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark rc $? $(( $(date +%s) - s )) s"; grep -E 'FAILED|PASSED' $OUT/perf.log | tail -3
