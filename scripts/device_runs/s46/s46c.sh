#!/usr/bin/env bash
# s46c (carry .gpu: the bundle of the working tree, and main's library, 2c2040b, in .gpu/base):
# the tiled single pass of sepFilter2D without a division per row strip and per tile word,
# against main. The suite's sepFilter2D tests first; then A/B rounds (ab_rounds of
# scripts/device_runs/s38/common.sh) over the Gaussians that take the tiled single pass (8UC4 and
# 32FC1, 17 and 31 taps, 1080p and 4K); then Nsight Compute of the 4K 32FC1 17-tap kernel of
# both (scripts/ptx_profile through ptxas).
set -uo pipefail
. scripts/device_runs/s38/common.sh
test_shards '*SepFilter2D*:gpuconv/SmallGroups*:gpuconv/Reduced*'
# Rounds of: main; this tree; this tree with the single pass's registers capped at 40 and at 32
# (GPUCONV_EXPERIMENT_SEP_MAXRREG, a temporary switch of this bundle, not committed).
cases='gpuconv/OCL_SepFilter2D.Gaussian/4:gpuconv/OCL_SepFilter2D.Gaussian/5:gpuconv/OCL_SepFilter2D.Gaussian/7:gpuconv/OCL_SepFilter2D.Gaussian/8:gpuconv/OCL_SepFilter2D.Gaussian/13:gpuconv/OCL_SepFilter2D.Gaussian/14:gpuconv/OCL_SepFilter2D.Gaussian/16:gpuconv/OCL_SepFilter2D.Gaussian/17'
for round in 1 2 3; do
  for variant in base lib lib:40 lib:32; do
    lib=${variant%%:*} reg=${variant#*:}; [ "$reg" = "$variant" ] && reg=
    echo "### round $round, $variant"
    ( [ -n "$reg" ] && export GPUCONV_EXPERIMENT_SEP_MAXRREG=$reg
      GPUCONV_PERF_SAMPLES=15 with "$here/$lib" 120 opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| [a-z]|FAILED' )
  done
done
profile() {
  scripts/ptx_profile/profile.sh 'gpuconv/OCL_SepFilter2D.Gaussian/16' 2>&1 | grep -v 'ptxas info\|^col_filter\|^row_filter\|^setMask\|TABLE' | tail -6
}
echo "### profile, this tree"
profile; mv "$OUT/profiles.tar.gz" "$OUT/profiles_new.tar.gz"
cp .gpu/lib/libopencv_gpuconv.so.0.1 /tmp/new.so && cp .gpu/base/libopencv_gpuconv.so.0.1 .gpu/lib/
echo "### profile, main"
profile; mv "$OUT/profiles.tar.gz" "$OUT/profiles_base.tar.gz"
cp /tmp/new.so .gpu/lib/libopencv_gpuconv.so.0.1
