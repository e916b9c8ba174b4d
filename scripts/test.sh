#!/usr/bin/env bash
# Runs gpuconv's accuracy tests (OpenCV on the CPU is the oracle) on the OpenCL device, with
# fallbacks to cv:: forbidden. Needs a build from scripts/setup.sh. Extra arguments go to
# GoogleTest, e.g. --gtest_filter='*AddWeighted*'. The tests run as one process per CPU core, at
# most 4 (GPUCONV_TEST_SHARDS overrides): on PoCL, building the kernel variants takes most of the
# time and one process builds them one at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
export OPENCV_OPENCL_DEVICE="${OPENCV_OPENCL_DEVICE-:CPU:}"
export OPENCV_GPUCONV_FALLBACK=0
# PoCL compiles a kernel again for every work-group size and grid class it meets unless told not
# to; the tests' many image sizes made that most of a cold run (addWeighted's size sweep: 162
# compiled work-group functions and 58 s, against 20 and 9 s without). The kernels are the same.
export POCL_WORK_GROUP_SPECIALIZATION="${POCL_WORK_GROUP_SPECIALIZATION-0}"
shards=${GPUCONV_TEST_SHARDS:-$(nproc)}
# Without a filter of the caller's, one process per group of whole functions' tests
# (scripts/test_groups.sh); with one, GoogleTest's shards of it.
source scripts/test_groups.sh
user_filter=0
for arg in "$@"; do
  case $arg in --gtest_filter=*) user_filter=1 ;; esac
done
test_groups=()
if [ "$user_filter" -eq 0 ]; then
  split_tests_by_function "$shards"
  shards=${#test_groups[@]}
fi
rm -f build/test-results-*.xml build/test-shard-*.log
pids=()
# A shard that runs longer than GPUCONV_TEST_TIMEOUT seconds (default 1800; a cold run takes a few
# minutes) is stopped and fails: a kernel whose look-back waits on a tile that never publishes
# would otherwise hang the run rather than fail it.
limit=${GPUCONV_TEST_TIMEOUT:-1800}
for ((i = 0; i < shards; ++i)); do
  if [ ${#test_groups[@]} -gt 0 ]; then
    timeout "$limit" build/bin/opencv_test_gpuconv --gtest_filter="${test_groups[$i]}" \
      --gtest_output="xml:build/test-results-$i.xml" "$@" > "build/test-shard-$i.log" 2>&1 &
  else
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i timeout "$limit" build/bin/opencv_test_gpuconv \
      --gtest_output="xml:build/test-results-$i.xml" "$@" > "build/test-shard-$i.log" 2>&1 &
  fi
  pids+=($!)
done
status=0
timed_out=()
for ((i = 0; i < shards; ++i)); do
  rc=0
  wait "${pids[$i]}" || rc=$?
  [ "$rc" -eq 0 ] || status=$rc
  [ "$rc" -ne 124 ] || timed_out+=("$i")
done
total=0 failed=0 skipped=0
for ((i = 0; i < shards; ++i)); do
  echo "=== shard $((i + 1)) of $shards"
  cat "build/test-shard-$i.log"
  results=build/test-results-$i.xml
  if [[ " ${timed_out[*]} " == *" $i "* ]]; then
    echo "opencv_test_gpuconv: shard $((i + 1)) stopped after $limit s, in: $(grep '^\[ RUN' "build/test-shard-$i.log" | tail -1)"
  fi
  if [ ! -f "$results" ]; then
    echo "opencv_test_gpuconv: no results from shard $((i + 1)) (the test program did not finish)"
    status=1
    continue
  fi
  summary=$(grep -m1 -o '<testsuites [^>]*' "$results")
  attr() { echo "$summary" | sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p"; }
  total=$((total + $(attr tests))); failed=$((failed + $(attr failures)))
  s=$(attr skipped); d=$(attr disabled)
  skipped=$((skipped + ${s:-0} + ${d:-0}))
done
echo "opencv_test_gpuconv: $(( total - failed - skipped )) passed, $failed failed, $skipped skipped"
# A skipped case is not a pass.
[ "$skipped" -eq 0 ] || status=1
exit $status
