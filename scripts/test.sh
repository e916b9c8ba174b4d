#!/usr/bin/env bash
# Runs gpuconv's accuracy tests (OpenCV on the CPU is the oracle) on the OpenCL device, with
# fallbacks to cv:: forbidden. Needs a build from scripts/setup.sh. Extra arguments go to
# GoogleTest, e.g. --gtest_filter='*AddWeighted*'.
set -euo pipefail
cd "$(dirname "$0")/.."
export OPENCV_OPENCL_DEVICE="${OPENCV_OPENCL_DEVICE-:CPU:}"
export OPENCV_GPUCONV_FALLBACK=0
results=build/test-results.xml
rm -f "$results"
status=0
build/bin/opencv_test_gpuconv --gtest_output="xml:$results" "$@" || status=$?
if [ -f "$results" ]; then
  summary=$(grep -m1 -o '<testsuites [^>]*' "$results")
  attr() { echo "$summary" | sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p"; }
  total=$(attr tests); failed=$(attr failures); skipped=$(attr skipped); disabled=$(attr disabled)
  skipped=$(( ${skipped:-0} + ${disabled:-0} ))
  echo "opencv_test_gpuconv: $(( total - failed - skipped )) passed, $failed failed, $skipped skipped"
  # A skipped case is not a pass.
  [ "$skipped" -eq 0 ] || status=1
else
  echo "opencv_test_gpuconv: no results (the test program did not finish)"
  status=1
fi
exit $status
