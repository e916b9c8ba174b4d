#!/usr/bin/env bash
# Session 32, call g: dcd3151 (.gpu/lib; the tensor pass's row results transposed by movmatrix)
# against eb1d59e (.gpu/base), each its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU:
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cases='*OCL_SepFilter2D.Gaussian/1:*OCL_SepFilter2D.Gaussian/2:*OCL_SepFilter2D.Gaussian/10:*OCL_SepFilter2D.Gaussian/11'
for round in 1 2 3; do
  for lib in dcd3151 eb1d59e; do
    L=$PWD/.gpu/lib; [ $lib = eb1d59e ] && L=$PWD/.gpu/base:$PWD/.gpu/lib
    echo "== round $round $lib"
    LD_LIBRARY_PATH=$L GPUCONV_PERF_SAMPLES=15 timeout 120 .gpu/bin/opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED'
  done
done
