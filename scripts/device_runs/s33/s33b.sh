#!/usr/bin/env bash
# Session 33, call b (branch exp-sep-ablate): where the sepFilter2D tensor pass's time goes at 4K
# (8UC1 Gaussians, 17 and 31 taps). Each ablation (GPUCONV_EXP_SEP: build options of the tensor
# kernel, sweep only; results wrong on purpose, timings only) its own process, in turn, two rounds.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cases='*OCL_SepFilter2D.Gaussian/10:*OCL_SepFilter2D.Gaussian/11'
for round in 1 2; do
  for v in none "-D ABL_LOAD" "-D ABL_ROW" "-D ABL_COL" "-D ABL_STORE" "-D ABL_ROW -D ABL_COL" "-D ABL_LOAD -D ABL_ROW -D ABL_COL"; do
    echo "== round $round ablation: $v"
    if [ "$v" = none ]; then unset GPUCONV_EXP_SEP; else export GPUCONV_EXP_SEP="$v"; fi
    GPUCONV_PERF_SAMPLES=15 timeout 100 .gpu/run opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| sep|error|rror:' | head -4
  done
done
