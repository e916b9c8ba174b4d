#!/usr/bin/env bash
# Session 33, call h: main at 85096a0 (its bundle; .gpu/base b0574bc's library): the whole
# accuracy suite in 6 shards and Large.*, the sepFilter2D tests forced onto the tensor pass in 4
# shards, an A/B against b0574bc (each its own process, in turn, two rounds: the tensor pass's 4K
# cases and the tiled pass's 4K 8UC4 and 32FC1 ones), then every benchmark case into $OUT/table.md.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 OCL_ICD_VENDORS=$PWD/.gpu/vendors OPENCV_OPENCL_DEVICE=:GPU:
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i timeout 300 .gpu/run opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
timeout 120 .gpu/run opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
for i in 0 1 2 3; do
  OPENCV_GPUCONV_SEPFILTER_TENSOR=always GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 200 .gpu/run opencv_test_gpuconv \
    --gtest_filter='*SepFilter2D*:*sepFilter2D*' > /tmp/t_$i.log 2>&1 &
done
wait
for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/t_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log /tmp/t_*.log | sort -u | head
g='*OCL_SepFilter2D.Gaussian/'
cases="${g}10:${g}11:${g}13:${g}14:${g}16:${g}17"
for round in 1 2; do
  for lib in 85096a0 b0574bc; do
    L=$PWD/.gpu/lib; [ $lib = b0574bc ] && L=$PWD/.gpu/base:$PWD/.gpu/lib
    echo "== round $round $lib"
    LD_LIBRARY_PATH=$L GPUCONV_PERF_SAMPLES=15 timeout 100 .gpu/bin/opencv_perf_gpuconv --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED'
  done
done
GPUCONV_PERF_TABLE=$OUT/table.md timeout 330 .gpu/run opencv_perf_gpuconv > $OUT/perf.log 2>&1
echo "benchmark rc $?"; grep -E 'FAILED|PASSED' $OUT/perf.log | tail -3
