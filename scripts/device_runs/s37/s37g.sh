#!/usr/bin/env bash
# Session 37, call g: main at 5bfa11c on the H200 (sepFilter2D's vector windows, the carried tiles'
# narrow rows where the accumulator takes 16 bytes a pixel or more): the whole suite in 6 shards and
# Large.*, a soak on larger images (GPUCONV_SOAK_SCALE=8, seeds 91-92, integral and sepFilter2D),
# then the library (.gpu/lib) against 4390b3a's (.gpu/base), each its own process, in turn, two
# rounds: 1080p and 4K 8UC4 (OCL_Integral /9 /16), 4K 8UC3 and 32FC3 (OCL_Types /50 /54), and with
# three launches forced (OPENCV_GPUCONV_INTEGRAL_TUNE=1) 4K 8UC1 and its squared sum (/14 /15).
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
s=$(date +%s)
for i in 0 1 2 3 4 5; do
  GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$i with "$here/lib" 300 opencv_test_gpuconv --gtest_filter='-Large.*' > /tmp/gpuconv_test_$i.log 2>&1 &
done
wait
echo "suite: $(( $(date +%s) - s )) s"
for i in 0 1 2 3 4 5; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/gpuconv_test_$i.log | tr '\n' ' '; echo; done
grep -h '^\[  FAILED  \]' /tmp/gpuconv_test_*.log | sort -u | head
with "$here/lib" 120 opencv_test_gpuconv --gtest_filter='Large.*' 2>&1 | grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED'
s=$(date +%s)
for seed in 91 92; do
  for fn in sepFilter2D integral; do
    GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=8 GPUCONV_SOAK_CASES=200 with "$here/lib" 200 opencv_test_gpuconv \
      --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/soak_${seed}_$fn.log 2>&1 &
  done
done
wait
echo "soak: $(( $(date +%s) - s )) s"
for f in /tmp/soak_*.log; do echo "$f: $(grep -E '^\[  PASSED|FAILED TEST|^\[  FAILED  \]' $f | tr '\n' ' ') overruled: $(grep -c 'cv:: overruled' $f)"; grep -q PASSED $f || tail -5 $f; done
export GPUCONV_PERF_SAMPLES=10
p='gpuconv/OCL_Integral.Integral/'; t='gpuconv/OCL_Types.OneCall/'
for round in 1 2; do
  for lib in lib base; do
    echo "### round $round, $lib"
    with "$here/$lib" 90 opencv_perf_gpuconv --gtest_filter="${p}9:${p}16:${t}50:${t}54" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
    OPENCV_GPUCONV_INTEGRAL_TUNE=1 with "$here/$lib" 60 opencv_perf_gpuconv --gtest_filter="${p}14:${p}15" 2>&1 | grep -E '\[ TABLE \] \| int|FAILED'
  done
done
