#!/usr/bin/env bash
# Session 33, call a (branch exp-maxreg): the integral single pass held to n registers
# (GPUCONV_EXP_MAXREG, sweep only; unset: the plan's 48 for the pass with the tilted sum, else the
# compiler's choice), each setting its own process, in turn, two rounds. 1080p 8UC4 in one launch
# (OPENCV_GPUCONV_INTEGRAL_TUNE=16) in its own processes.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
c='*OCL_Integral.Integral/'
cases="${c}8:${c}12:${c}14:${c}19"
for round in 1 2; do
  for n in plan 40 56 0; do
    echo "== round $round maxreg $n"
    if [ $n = plan ]; then unset GPUCONV_EXP_MAXREG; else export GPUCONV_EXP_MAXREG=$n; fi
    GPUCONV_PERF_SAMPLES=15 timeout 150 .gpu/run opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
    OPENCV_GPUCONV_INTEGRAL_TUNE=16 GPUCONV_PERF_SAMPLES=15 timeout 60 .gpu/run opencv_perf_gpuconv --gtest_filter="${c}9" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
  done
done
