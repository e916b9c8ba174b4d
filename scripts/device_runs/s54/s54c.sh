#!/usr/bin/env bash
# Session 54, call c: the register limit of integral's single pass with the tilted sum's tiles in
# it (TiltedInPassPlan::maxRegisters, planned 48), swept again since the falling walks (913751a)
# and the evict-first stores (5c7da3c) changed that pass: the bundle of 31714bc with a hook,
# GPUCONV_EXP_MAXREG (0: no limit), each setting its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
n='gpuconv/OCL_Integral.Integral/'
for round in 1 2 3; do
  for regs in 48 0 40 56 64 72; do
    echo "### round $round, maxrregcount $regs"
    GPUCONV_EXP_MAXREG=$regs GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv \
      --gtest_filter="${n}12:${n}19" 2>&1 | grep -E '\[ TABLE \] \| integral|FAILED'
  done
done | tee "${OUT:-/tmp}/s54c.log"
