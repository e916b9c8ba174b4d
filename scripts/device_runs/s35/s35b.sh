#!/usr/bin/env bash
# Session 35, call b: main at 408a517's library (bundle of e578f9f) on the H200: do the integral
# plan's H100 choices hold on the H200 for the cases over 2x their copy in s35a? Each setting its
# own process, in turn, three rounds: 1080p and 4K 8UC4 (/9 /16) as planned (three launches) and
# in one launch (16 tiles per compute unit); the tilted sums (/12 /19) with bands of 32 rows
# (planned) and 16; every integral case at 1080p and 4K as planned once more.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 GPUCONV_PERF_SAMPLES=15
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
p='gpuconv/OCL_Integral.Integral/'
run() { echo "== $1 ${2:-planned}"; OPENCV_GPUCONV_INTEGRAL_TUNE=$2 timeout 60 .gpu/run opencv_perf_gpuconv --gtest_filter="$1" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'; }
for round in 1 2 3; do
  echo "### round $round"
  run "$p"9:"$p"16
  run "$p"9:"$p"16 16
  run "$p"12:"$p"19
  run "$p"12:"$p"19 0,0,0,0,16
done
run "$p"7:"$p"8:"$p"9:"$p"10:"$p"11:"$p"12:"$p"14:"$p"15:"$p"16:"$p"17:"$p"18:"$p"19
