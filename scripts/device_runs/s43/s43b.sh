#!/usr/bin/env bash
# Session 43, call b: main at 5938a8b. Why the 4K tilted sum (OCL_Integral /19) takes 2-4 us more
# per call in longer processes (s42g): /19 alone three times in one process (--gtest_repeat), after
# the other 4K integral cases, after the VGA and 1080p ones, and alone again; the GPU's clocks and
# temperature before each process.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
n='gpuconv/OCL_Integral.Integral/'
run() {
  echo "### $1"; shift
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader
  GPUCONV_PERF_SAMPLES=15 with "$here/lib" 240 opencv_perf_gpuconv "$@" 2>&1 \
    | grep -E '\[ TABLE \] \||FAILED' | grep -v '| case |'
}
{
  run "alone, repeated 3 times" --gtest_filter="${n}19" --gtest_repeat=3
  run "after the other 4K cases" --gtest_filter="${n}14:${n}15:${n}16:${n}17:${n}18:${n}19"
  run "after the VGA and 1080p cases" --gtest_filter="$(for i in $(seq 0 13); do printf '%s%d:' "$n" "$i"; done)${n}19"
  run "alone" --gtest_filter="${n}19"
} 2>&1 | tee "${OUT:-/tmp}/s43b.log"
