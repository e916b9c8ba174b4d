#!/usr/bin/env bash
# s46h (carry .gpu: the bundle of main plus a temporary switch, not committed:
# GPUCONV_EXPERIMENT_BATCH=n builds the tiled single pass with TILE_WORD_BATCH n, the 16-byte
# words each work item has in flight while staging the tile; main's is 4, which takes two round
# trips for the 1040 words of a 4K 32FC1 17-tap tile in groups of 256). Two rounds over n, unset
# (main) first, over the Gaussians that take the tiled single pass.
set -uo pipefail
. scripts/device_runs/s38/common.sh
cases='gpuconv/OCL_SepFilter2D.Gaussian/4:gpuconv/OCL_SepFilter2D.Gaussian/5:gpuconv/OCL_SepFilter2D.Gaussian/7:gpuconv/OCL_SepFilter2D.Gaussian/8:gpuconv/OCL_SepFilter2D.Gaussian/13:gpuconv/OCL_SepFilter2D.Gaussian/14:gpuconv/OCL_SepFilter2D.Gaussian/16:gpuconv/OCL_SepFilter2D.Gaussian/17'
for round in 1 2; do
  for n in main 2 5 6 8; do
    echo "### round $round, batch $n"
    ( [ "$n" != main ] && export GPUCONV_EXPERIMENT_BATCH=$n
      GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| [a-z]|FAILED' )
  done
done
