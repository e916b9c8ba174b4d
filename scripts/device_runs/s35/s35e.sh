#!/usr/bin/env bash
# Session 35, call e: main at 94b08b1 (the soak's integral tolerance and second filter oracle) on
# the H200: the soak on larger images again, seeds 19-22 as in s35d, then seeds 23-26 (sides x16
# and x8, 200 and 400 cases per function), 16 processes per round.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
soak_round() {
  local s=$(date +%s)
  for run in "$@"; do
    set -- $run
    for fn in addWeighted sepFilter2D filter2D integral; do
      GPUCONV_SOAK_SEED=$1 GPUCONV_SOAK_SCALE=$2 GPUCONV_SOAK_CASES=$3 timeout 280 .gpu/run opencv_test_gpuconv \
        --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_$1_$fn.log 2>&1 &
    done
  done
  wait
  echo "round: $(( $(date +%s) - s )) s"
}
soak_round "19 16 200" "20 16 200" "21 4 500" "22 4 500"
soak_round "23 16 200" "24 16 200" "25 8 400" "26 8 400"
for f in /tmp/soak_*.log; do
  echo "$f: $(grep -E '^\[       OK|^\[  PASSED|FAILED TEST|^\[  FAILED  \]' $f | tr '\n' ' ')"
  grep -q PASSED $f || grep -E 'case [0-9]+ of|Failure|timeout|Abort|Segmentation' $f | cut -c1-600 | head -12
done
cat /tmp/soak_*.log > $OUT/soak.log
