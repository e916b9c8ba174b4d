#!/usr/bin/env bash
# Session 35, call a: main at 408a517 on the first H200 the project has had (every earlier figure
# is from an H100): the whole accuracy suite in 6 shards and Large.*, the sepFilter2D tests forced
# onto the tensor pass in 4 shards, then every benchmark case into $OUT/table.md.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
timeout 120 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 200 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log /tmp/t_*.log | sort -u | head -20
cat /tmp/gpuconv_test_*.log /tmp/t_*.log > $OUT/tests.log
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md timeout 330 .gpu/run opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark rc $? $(( $(date +%s) - s )) s"; grep -E 'FAILED|PASSED' $OUT/perf.log | tail -3
