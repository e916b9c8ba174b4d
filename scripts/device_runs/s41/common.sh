# Sourced by this session's device scripts: scripts/device_runs/s38/common.sh, and
# `suite_shards`: the whole suite but Large.* in 6 shards at once with the bundle's library, each
# shard's summary and the failed tests' names; `whole_suite`: the same, then Large.*;
# `integral_soak <seed>...`: the integral soak at sides x8, 100 cases per seed, the seeds at once.
. scripts/device_runs/s38/common.sh
suite_shards() {
  local s=$(date +%s) i
  for i in 0 1 2 3 4 5; do
    GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i with "$here/lib" 300 opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/suite_$i.log 2>&1 &
  done
  wait
  echo "suite: $(( $(date +%s) - s )) s"
  for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/suite_$i.log | tr '\n' ' '; echo; done
  grep -h '^\[  FAILED  \]' /tmp/suite_*.log | sort -u | head
}
whole_suite() {
  suite_shards
  with "$here/lib" 120 opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
}
integral_soak() {
  local s=$(date +%s) seed
  for seed in "$@"; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=8 GPUCONV_SOAK_CASES=100 with "$here/lib" 150 opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/integral" > /tmp/soak_$seed.log 2>&1 &
  done
  wait
  echo "soak: $(( $(date +%s) - s )) s"
  for seed in "$@"; do echo "seed $seed: $(grep -E '^\[  PASSED|FAILED TEST|^\[  FAILED  \]' /tmp/soak_$seed.log | tr '\n' ' ') overruled: $(grep -c 'cv:: overruled' /tmp/soak_$seed.log)"; grep -q PASSED /tmp/soak_$seed.log || tail -5 /tmp/soak_$seed.log; done
}
