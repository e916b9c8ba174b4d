#!/usr/bin/env bash
# Session 33, call g: the tiled single pass's interior word loads in batches of 2 instead of 4
# (.gpu/v/b2: dfe43b0 with TILE_WORD_BATCH 2 in opencl/sep_filter2d.cl) against dfe43b0 (.gpu/lib),
# each its own process, in turn, three rounds, the sepFilter2D cases that take the tiled single pass.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU:
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
g='*OCL_SepFilter2D.Gaussian/'
cases="${g}1:${g}2:${g}4:${g}5:${g}7:${g}8:${g}13:${g}14:${g}16:${g}17"
for round in 1 2 3; do
  for lib in b4 b2; do
    L=$PWD/.gpu/lib; [ $lib = b2 ] && L=$PWD/.gpu/v/b2:$PWD/.gpu/lib
    echo "== round $round $lib"
    LD_LIBRARY_PATH=$L GPUCONV_PERF_SAMPLES=15 timeout 150 .gpu/bin/opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED'
  done
done
