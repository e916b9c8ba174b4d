#!/usr/bin/env bash
# Session 41, call f: main at da282ad (the integral's sums evict-first): the integral soak on larger
# images (GPUCONV_SOAK_SCALE=8, seeds 112 and 113, 100 cases each) and the integral tests with
# plain stores forced (tune field 10 at 2), the path other devices take.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
s=$(date +%s)
for seed in 112 113; do
  GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=8 GPUCONV_SOAK_CASES=100 with "$here/lib" 150 opencv_test_gpuconv \
    --gtest_filter="*Soak.random_cases_match_cv/integral" > /tmp/soak_$seed.log 2>&1 &
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for seed in 112 113; do echo "seed $seed: $(grep -E '^\[  PASSED|FAILED TEST|^\[  FAILED  \]' /tmp/soak_$seed.log | tr '\n' ' ') overruled: $(grep -c 'cv:: overruled' /tmp/soak_$seed.log)"; grep -q PASSED /tmp/soak_$seed.log || tail -5 /tmp/soak_$seed.log; done
OPENCV_GPUCONV_INTEGRAL_TUNE=0,0,0,0,0,0,0,0,0,2 test_shards '*Integral*:*integral*'
