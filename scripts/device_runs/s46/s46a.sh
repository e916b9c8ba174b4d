#!/usr/bin/env bash
# s46a (carry .gpu, the bundle of this session's build): the tiled single pass of sepFilter2D on
# 4K 32FC1 Gaussians of 17 and 31 taps under Nsight Compute (scripts/ptx_profile, which launches
# sep_filter2d_fused since this session), its registers and SASS; then the same cases through the
# library beside cv::, one sample set each.
set -uo pipefail
. scripts/device_runs/s38/common.sh
scripts/ptx_profile/profile.sh 'gpuconv/OCL_SepFilter2D.Gaussian/16 gpuconv/OCL_SepFilter2D.Gaussian/17' 2>&1 | tail -40
mkdir -p /tmp/p && tar xzf "$OUT/profiles.tar.gz" -C /tmp/p
for f in /tmp/p/profiles/sep_filter2d_fused_*.ptx; do
  echo "== $f"; grep -A30 '.entry sep_filter2d_fused(' "$f" | grep -m30 'param' | head -30
done
GPUCONV_PERF_SAMPLES=10 with "$here/lib" 200 opencv_perf_gpuconv \
  --gtest_filter='gpuconv/OCL_SepFilter2D.Gaussian/7:gpuconv/OCL_SepFilter2D.Gaussian/8:gpuconv/OCL_SepFilter2D.Gaussian/16:gpuconv/OCL_SepFilter2D.Gaussian/17' 2>&1 | grep -E '\[ TABLE \] \||FAILED'
