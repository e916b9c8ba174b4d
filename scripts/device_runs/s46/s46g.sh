#!/usr/bin/env bash
# s46g (carry .gpu: the bundle of the working tree, libraries in .gpu/v/: base = main (2c2040b),
# E = every tile word of the tiled single pass stored whole (4-byte stores without a bound per
# store; the plan leaves 30 bytes after each source row instead of 18), F = E and the tile words'
# rows and columns stepped without a division per word (s46f's D without its row-strip change)).
# The sepFilter2D tests with E and with F; then A/B rounds over the Gaussians that take the tiled
# single pass.
set -uo pipefail
. scripts/device_runs/s38/common.sh
for v in E F; do
  cp .gpu/v/$v/libopencv_gpuconv.so.0.1 .gpu/lib/
  echo "### tests $v"
  test_shards '*SepFilter2D*:gpuconv/SmallGroups*:gpuconv/Reduced*'
done
cases='gpuconv/OCL_SepFilter2D.Gaussian/4:gpuconv/OCL_SepFilter2D.Gaussian/5:gpuconv/OCL_SepFilter2D.Gaussian/7:gpuconv/OCL_SepFilter2D.Gaussian/8:gpuconv/OCL_SepFilter2D.Gaussian/13:gpuconv/OCL_SepFilter2D.Gaussian/14:gpuconv/OCL_SepFilter2D.Gaussian/16:gpuconv/OCL_SepFilter2D.Gaussian/17'
for round in 1 2 3; do
  for v in base E F; do
    echo "### round $round, $v"
    GPUCONV_PERF_SAMPLES=15 with "$here/v/$v" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| [a-z]|FAILED'
  done
done
