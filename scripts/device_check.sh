#!/usr/bin/env bash
# What one call of the device tool runs on the GPU machine: the whole accuracy suite (6 shards at
# once, because building each kernel variant with NVIDIA's compiler takes most of the time), then
# every benchmark case. Bundle first, here:
#   ../shared/device/bundle .gpu build/bin/opencv_perf_gpuconv build/bin/opencv_test_gpuconv
# then, on the device with carry [".gpu"]: scripts/device_check.sh. Results land in $OUT, in few
# files (the device tool brings back at most 8): tests.log (every shard), perf.log, perf.xml,
# table.md.
cd "$(dirname "$0")/.."
bundle=${GPUCONV_BUNDLE:-.gpu}
export OPENCV_GPUCONV_FALLBACK=0 GPUCONV_SOAK_CASES=100
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 380 $bundle/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
echo "tests: $(( $(date +%s) - s )) s"
status=0
for i in 0 1 2 3 4 5; do
  log=/tmp/gpuconv_test_$i.log
  echo "shard $i: $(grep -E '^\[==========\]|^\[  PASSED|FAILED TESTS?' $log | tr '\n' ' ')"
  grep -q '^\[  PASSED  \]' $log && ! grep -q 'FAILED TEST' $log || status=1
  { echo "=== shard $i"; cat $log; } >> $OUT/tests.log
done
grep -h '^\[  FAILED  \]' $OUT/tests.log | sort -u | head -20
s=$(date +%s)
GPUCONV_PERF_TABLE=$OUT/table.md timeout 400 $bundle/run opencv_perf_gpuconv --gtest_output=xml:$OUT/perf.xml > $OUT/perf.log 2>&1
perf_status=$?
echo "perf rc=$perf_status $(( $(date +%s) - s )) s"
[ $perf_status -eq 0 ] || status=1
grep -E '^\[  FAILED' $OUT/perf.log | head
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
exit $status
