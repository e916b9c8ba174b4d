#!/usr/bin/env bash
# Session 32, call k: the tensor single pass's tile shape. .gpu holds 39c6c45 (tiles 64 x 64, row-pass
# units of 4 output groups); .gpu/v/w32hHs2 hold the same code with tiles 32 wide, H tall, units of 2.
# Each: the tensor tests forced onto it, then 4K 8UC1 Gaussians of 17 and 31 taps, each library its
# own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export OPENCV_GPUCONV_FALLBACK=0 OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU:
for v in w32h64s2 w32h128s2; do
  echo "== tests $v: $(LD_LIBRARY_PATH=$PWD/.gpu/v/$v:$PWD/.gpu/lib OPENCV_GPUCONV_SEPFILTER_TENSOR=always timeout 200 .gpu/bin/opencv_test_gpuconv \
    --gtest_filter='SepFilter2D_Tensor*:*tensor*:SepFilter2D_Sizes*' 2>&1 | grep -E '^\[  PASSED|FAILED' | tr '\n' ' ')"
done
cases='*OCL_SepFilter2D.Gaussian/10:*OCL_SepFilter2D.Gaussian/11'
for round in 1 2 3; do
  for v in main w32h64s2 w32h128s2; do
    L=$PWD/.gpu/lib; [ $v = main ] || L=$PWD/.gpu/v/$v:$PWD/.gpu/lib
    echo "== round $round $v"
    LD_LIBRARY_PATH=$L GPUCONV_PERF_SAMPLES=15 timeout 120 .gpu/bin/opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep '\[ TABLE \] | sep'
  done
done
