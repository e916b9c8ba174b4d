#!/usr/bin/env bash
# Session 33, call c (branch sep-mma-persist at 8db6bd9: the tensor pass's groups walk the tiles
# with the next one's words prefetched): the sepFilter2D tests forced onto the tensor pass in 4
# shards; then each library its own process, in turn, three rounds, 4K 8UC1 Gaussians of 17 and
# 31 taps: .gpu/lib (8db6bd9: 4 groups per compute unit), .gpu/base (main, b0574bc),
# .gpu/v/f<n> (8db6bd9 with n groups per compute unit; 16 makes one tile per group at 4K).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU:
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i LD_LIBRARY_PATH=$PWD/.gpu/lib \
    timeout 300 .gpu/bin/opencv_test_gpuconv --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/t_*.log | sort -u | head
cases='*OCL_SepFilter2D.Gaussian/10:*OCL_SepFilter2D.Gaussian/11'
for round in 1 2 3; do
  for lib in f4 base f5 f8 f16; do
    case $lib in f4) L=$PWD/.gpu/lib ;; base) L=$PWD/.gpu/base:$PWD/.gpu/lib ;; *) L=$PWD/.gpu/v/$lib:$PWD/.gpu/lib ;; esac
    echo "== round $round $lib"
    LD_LIBRARY_PATH=$L GPUCONV_PERF_SAMPLES=15 timeout 100 .gpu/bin/opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED'
  done
done
