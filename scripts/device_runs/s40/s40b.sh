#!/usr/bin/env bash
# Session 40, call b: main at 9970195 on the H200 (src/ and opencl/ as at 907a08b; the benchmark with
# OCL_LaunchCost's clSetKernelArg rows): the whole
# suite in 6 shards and Large.*, a soak on larger images (GPUCONV_SOAK_SCALE=8, seeds 108-109,
# filter2D and integral), then every benchmark case in one process, the table to $OUT/table.md.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i with "$here/lib" 300 opencv_test_gpuconv --gtest_filter='-Large.*' > $OUT/suite_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' $OUT/suite_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' $OUT/suite_*.log | sort -u | head
with "$here/lib" 120 opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
s=$(date +%s)
for seed in 108 109; do
  for fn in filter2D integral; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=8 GPUCONV_SOAK_CASES=200 with "$here/lib" 200 opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/$fn" > $OUT/soak_${seed}_$fn.log 2>&1 &
  done
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for f in $OUT/soak_*.log; do echo "$f: $(grep -E '^\[  PASSED|FAILED TEST|^\[  FAILED  \]' $f | tr '\n' ' ') overruled: $(grep -c 'cv:: overruled' $f)"; grep -q PASSED $f || tail -5 $f; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md with "$here/lib" 400 opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark rc $? $(( $(date +%s) - s )) s"; grep -E 'FAILED|PASSED' $OUT/perf.log | tail -3
