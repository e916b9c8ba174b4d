#!/usr/bin/env bash
# Session 35, call f: main at the commit of this script (library as at 0a1d42c) on the H200: the
# whole accuracy suite in 6 shards and Large.*, then the soak on larger images with 24 new seeds
# in three rounds of 16 processes: 27-34 sides x16 (200 cases per function), 35-42 x8 (300),
# 43-50 x4 (500).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log | sort -u | head
timeout 120 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
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
soak_round 16 200 27 28 29 30
soak_round 16 200 31 32 33 34
soak_round 8 300 35 36 37 38 39 40 41 42
soak_round 4 500 43 44 45 46 47 48 49 50
echo "soak: $(grep -l '^\[  PASSED  \] 1 test' /tmp/soak_*.log | wc -l) of $(ls /tmp/soak_*.log | wc -l) passed"
for f in /tmp/soak_*.log; do
  grep -q '^\[  PASSED  \] 1 test' $f && continue
  echo "$f:"; grep -E 'case [0-9]+ of|Failure|Abort|Segmentation|terminate' $f | cut -c1-600 | head -12; tail -2 $f
done
cat /tmp/soak_*.log > $OUT/soak.log
