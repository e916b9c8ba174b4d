#!/usr/bin/env bash
# s46d (carry .gpu, the bundle of main plus a temporary switch, not committed:
# GPUCONV_EXPERIMENT_STAGGER=n makes the tiled single pass's first 132 x 8 groups wait
# ((group / 132) % 5) x n dependent multiply-adds before they start, so that the groups sharing a
# compute unit start their phases at different times). Two rounds over n, unset (main's kernel)
# first; then Nsight Compute of the 4K 32FC1 17-tap kernel (scripts/ptx_profile, the program's
# other entries dropped).
set -uo pipefail
. scripts/device_runs/s38/common.sh
cases='gpuconv/OCL_SepFilter2D.Gaussian/4:gpuconv/OCL_SepFilter2D.Gaussian/5:gpuconv/OCL_SepFilter2D.Gaussian/7:gpuconv/OCL_SepFilter2D.Gaussian/8:gpuconv/OCL_SepFilter2D.Gaussian/13:gpuconv/OCL_SepFilter2D.Gaussian/14:gpuconv/OCL_SepFilter2D.Gaussian/16:gpuconv/OCL_SepFilter2D.Gaussian/17'
for round in 1 2; do
  for n in none 100 300 1000 3000; do
    echo "### round $round, stagger $n"
    ( [ "$n" != none ] && export GPUCONV_EXPERIMENT_STAGGER=$n
      GPUCONV_PERF_SAMPLES=15 with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| [a-z]|FAILED' )
  done
done
scripts/ptx_profile/profile.sh 'gpuconv/OCL_SepFilter2D.Gaussian/16' 2>&1 | grep -v 'ptxas info\|^col_filter\|^row_filter\|^setMask\|TABLE' | tail -6
