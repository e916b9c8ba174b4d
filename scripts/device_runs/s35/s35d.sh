#!/usr/bin/env bash
# Session 35, call d: the soak test on larger images (GPUCONV_SOAK_SCALE, commit of this script),
# on the H200: seeds 19 and 20 with the sides x16 (200 cases per function), seeds 21 and 22 x4
# (500 cases per function), 16 processes at once; the paths that small images never reach (the
# three-launch integral, the tensor pass, many tiles and waves of every kernel).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
for run in "19 16 200" "20 16 200" "21 4 500" "22 4 500"; do
  set -- $run
  for fn in addWeighted sepFilter2D filter2D integral; do
    GPUCONV_SOAK_SEED=$1 GPUCONV_SOAK_SCALE=$2 GPUCONV_SOAK_CASES=$3 timeout 480 .gpu/run opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_$1_$fn.log 2>&1 &
  done
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for f in /tmp/soak_*.log; do
  echo "$f: $(grep -E '^\[       OK|^\[  PASSED|FAILED TEST|^\[  FAILED  \]' $f | tr '\n' ' ')"
  grep -q PASSED $f || grep -E 'case [0-9]+ of|Failure|timeout|Abort|Segmentation' $f | cut -c1-600 | head -12
done
cat /tmp/soak_*.log > $OUT/soak.log
