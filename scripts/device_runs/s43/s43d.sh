#!/usr/bin/env bash
# Session 43, call d: main at 473ee27 (5938a8b's kernels): the whole suite and Large.*, then the
# soak of every function at sides x16 with two new seeds (301, 302; 100 cases per function each),
# the seeds at once.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite 2>&1 | tee "${OUT:-/tmp}/s43d_suite.log"
{
  s=$(date +%s)
  for seed in 301 302; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=16 GPUCONV_SOAK_CASES=100 with "$here/lib" 400 opencv_test_gpuconv \
      --gtest_filter='*Soak*' > /tmp/soak16_$seed.log 2>&1 &
  done
  wait
  echo "soak x16: $(( $(date +%s) - s )) s"
  for seed in 301 302; do
    echo "seed $seed: $(grep -E '^\[       OK|^\[  FAILED  \]|^\[  PASSED' /tmp/soak16_$seed.log | tr '\n' ' ') overruled: $(grep -c 'cv:: overruled' /tmp/soak16_$seed.log)"
    grep -q PASSED /tmp/soak16_$seed.log || tail -8 /tmp/soak16_$seed.log
  done
} 2>&1 | tee "${OUT:-/tmp}/s43d_soak.log"
