#!/usr/bin/env bash
# Session 40, call f: the filter tests on the H200 with the plan's other paths forced process-wide
# (the tests force them per case too, over fewer parameters): sepFilter2D's two passes, its tiled
# single pass, and filter2D without the frequency domain; each setting in 4 shards; main's library.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
for setting in OPENCV_GPUCONV_SEPFILTER_TWO_PASS=1 OPENCV_GPUCONV_SEPFILTER_FUSED=1 OPENCV_GPUCONV_FILTER2D_SPECTRAL=never; do
  echo "### $setting"
  export "$setting"
  s=$(date +%s)
  test_shards '*Filter2D*:*SepFilter2D*:*Reduced*:*Soak*'
  echo "($(( $(date +%s) - s )) s)"
  unset "${setting%%=*}"
done
