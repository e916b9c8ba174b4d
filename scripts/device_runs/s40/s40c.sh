#!/usr/bin/env bash
# Session 40, call c: whether NVIDIA's driver enqueues a kernel recorded into a command buffer
# (cl_khr_command_buffer) for less host time than the kernel itself: OCL_LaunchCost.command_buffer,
# three processes. The probe is command-buffer-probe.patch here (perf/perf_launch.cpp, on 41b2b53;
# not merged): apply it and bundle the benchmark to run this again.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
for round in 1 2 3; do
  echo "### round $round"
  GPUCONV_PERF_SAMPLES=25 with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter='*LaunchCost.command_buffer*' 2>&1 \
    | grep -E 'LAUNCH|OK \]|FAILED|Failure|Expected|Which is|clCreate|clCommand|clFinal' | tee $OUT/r$round.txt
done
