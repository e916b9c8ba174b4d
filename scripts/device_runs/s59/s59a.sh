#!/usr/bin/env bash
# Session 59, call a (carry .gpu: the bundle of this session's parity fixes: addWeighted weighs
# CV_32F work in double as cv:: does and takes scalars of any channel count; the filters copy a
# source that shares a Mat with the destination, decline arrays with a live host view, and take
# border values outside the five rules where no border pixel is read). The whole suite with and
# without doubles, then the addWeighted benchmark (gpuconv, cv:: and a copy in each process) in
# three processes.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
for round in 1 2 3; do
  echo "### addWeighted benchmark, process $round"
  with "$here/lib" 120 opencv_perf_gpuconv --gtest_filter='*OCL_AddWeighted*' 2>&1 | grep -E '\[ TABLE \] \||FAILED|PASSED'
done
