#!/usr/bin/env bash
# Session 33, call j: main at b578452 (planSepFilterTensor's length rule first): the sepFilter2D tests as
# planned and forced onto the tensor pass, each in 4 shards, and the 4K 8UC1 Gaussians (tensor pass).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for tensor in planned always; do
  for i in 0 1 2 3; do
    if [ $tensor = always ]; then export OPENCV_GPUCONV_SEPFILTER_TENSOR=always; else unset OPENCV_GPUCONV_SEPFILTER_TENSOR; fi
    GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 200 .gpu/run opencv_test_gpuconv \
      --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
  done
  wait
  unset OPENCV_GPUCONV_SEPFILTER_TENSOR
  echo "== $tensor"
  for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
  grep -h '^\[  FAILED  \]' /tmp/t_*.log | sort -u | head
done
g='*OCL_SepFilter2D.Gaussian/'
GPUCONV_PERF_SAMPLES=15 timeout 100 .gpu/run opencv_perf_gpuconv --gtest_filter="${g}9:${g}10:${g}11" 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED'
