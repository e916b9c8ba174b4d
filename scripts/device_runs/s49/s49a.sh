#!/usr/bin/env bash
# Session 49, call a (carry .gpu: the bundle of 645cca0, whose kernels mark their unrolled loops
# with UNROLL, `#pragma unroll` everywhere but on CPU devices): the whole suite in 6 shards and
# Large.*, then every benchmark case in one process (each checks its result against cv::), the
# table written to $OUT/table.md.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
whole_suite
s=$(date +%s)
OPENCV_GPUCONV_FALLBACK=0 GPUCONV_PERF_TABLE=$OUT/table.md with "$here/lib" 420 opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark: rc $?, $(( $(date +%s) - s )) s, $(grep -cE '^\[       OK \]' $OUT/perf.log) passed, $(grep -cE '^\[  FAILED  \]' $OUT/perf.log) failed"
grep -E '^\[  FAILED  \]' $OUT/perf.log | head
