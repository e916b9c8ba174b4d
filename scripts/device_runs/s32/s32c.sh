#!/usr/bin/env bash
# Session 32, calls c, d, e, h (d: tiles inside the image by words; e: their local tile 16-byte aligned; h: the tile converted to f16 once; i: four chains of products): filter2D on the tensor cores (8UC1 -> 8U, kernels up to 9x9; the working
# tree's build). The filter2D tests forced onto it (OPENCV_GPUCONV_FILTER2D_TENSOR=always) on the
# GPU, then the planned choice against =never, each its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
for i in 0 1 2 3; do
  OPENCV_GPUCONV_FILTER2D_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*Filter2D*:*filter2D*' > /tmp/f_$i.log 2>&1 &
done
wait
echo "forced tensor filter2D tests: $(( $(date +%s) - s )) s"
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/f_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/f_*.log | sort -u | head
cases='gpuconv/OCL_Filter2D.Filter2D/0:gpuconv/OCL_Filter2D.Filter2D/3:gpuconv/OCL_Filter2D.Filter2D/6:gpuconv/OCL_Filter2D.Filter2D/9:gpuconv/OCL_Filter2D.Filter2D/12:gpuconv/OCL_Filter2D.Filter2D/15:gpuconv/OCL_Filter2D_Crossover.Filter2D/0'
for round in 1 2 3; do
  for mode in planned never; do
    echo "== round $round $mode"
    if [ $mode = never ]; then export OPENCV_GPUCONV_FILTER2D_TENSOR=never; else unset OPENCV_GPUCONV_FILTER2D_TENSOR; fi
    GPUCONV_PERF_SAMPLES=15 timeout 120 .gpu/run opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| filter|FAILED|Failure'
  done
done
