#!/usr/bin/env bash
# Session 32, call a: the tensor single pass with movmatrix-transposed row results (.gpu) against
# the same code without (.gpu/base holds that library): tensor-forced sepFilter2D tests on the
# GPU, then A/B of the 4K and 1080p 8UC1 Gaussians, each library its own process, three rounds.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
echo "forced tensor tests: $(( $(date +%s) - s )) s"
for i in 0 1 2 3; do grep -E '^\[==========\]|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/t_*.log | sort -u | head
timeout 200 .gpu/run opencv_test_gpuconv --gtest_filter='SepFilter2D_Tensor*:*tensor*' 2>&1 | grep -E '^\[  PASSED|FAILED' | head
cases='*OCL_SepFilter2D.Gaussian/1:*OCL_SepFilter2D.Gaussian/2:*OCL_SepFilter2D.Gaussian/9:*OCL_SepFilter2D.Gaussian/10:*OCL_SepFilter2D.Gaussian/11'
for round in 1 2 3; do
  for lib in new base hack32; do
    case $lib in base) L=$PWD/.gpu/base:$PWD/.gpu/lib ;; hack32) L=$PWD/.gpu/hack:$PWD/.gpu/lib ;; *) L=$PWD/.gpu/lib ;; esac
    echo "== round $round $lib"
    LD_LIBRARY_PATH=$L OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU: GPUCONV_PERF_SAMPLES=15 \
      timeout 120 .gpu/bin/opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep '\[ TABLE \]'
  done
done
