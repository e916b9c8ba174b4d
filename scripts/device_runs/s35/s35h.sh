#!/usr/bin/env bash
# Session 35, call h: main at 634497d's library and tests (bundle of d355ff2) on the H200: the
# soak on larger images with 32 more seeds: 51-58 sides x16 (200 cases per function), 59-82 x8
# (300), in rounds of 16 or 32 processes.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
soak_round() {
  local s=$(date +%s) scale=$1 cases=$2
  shift 2
  for seed in "$@"; do
    for fn in addWeighted sepFilter2D filter2D integral; do
      GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=$scale GPUCONV_SOAK_CASES=$cases timeout 150 .gpu/run opencv_test_gpuconv \
        --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_${seed}_$fn.log 2>&1 &
    done
  done
  wait
  echo "round x$scale: $(( $(date +%s) - s )) s"
}
soak_round 16 200 51 52 53 54
soak_round 16 200 55 56 57 58
soak_round 8 300 59 60 61 62 63 64 65 66
soak_round 8 300 67 68 69 70 71 72 73 74
soak_round 8 300 75 76 77 78 79 80 81 82
echo "soak: $(grep -l '^\[  PASSED  \] 1 test' /tmp/soak_*.log | wc -l) of $(ls /tmp/soak_*.log | wc -l) passed"
for f in /tmp/soak_*.log; do
  grep -q '^\[  PASSED  \] 1 test' $f && continue
  echo "$f:"; grep -E 'case [0-9]+ of|Failure|Abort|Segmentation|terminate|OUT_OF' $f | cut -c1-700 | head -12; tail -2 $f
done
