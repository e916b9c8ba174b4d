#!/usr/bin/env bash
# Session 38, call f: main at da7e517 on the H200 (4fa3959's kernels and the three launches' seeded
# rows): the whole suite in 6 shards and Large.*.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i with "$here/lib" 300 opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/suite_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/suite_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/suite_*.log | sort -u | head
with "$here/lib" 120 opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
