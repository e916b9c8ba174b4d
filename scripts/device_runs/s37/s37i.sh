#!/usr/bin/env bash
# Session 37, call i: the sepFilter2D tests forced onto the tensor pass
# (OPENCV_GPUCONV_SEPFILTER_TENSOR=always) on the H200 at 5bfa11c's library, 4 shards: in place,
# sepFilter2D now copies its source before planning, on every path.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 150 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/t_*.log | sort -u | head -20
