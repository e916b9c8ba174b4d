# Sourced by this session's device scripts (run from the repository root on the GPU machine, carry
# `.gpu`): `with <libdir> <seconds> <program> <args>` runs a bundled program on the GPU with the
# library of <libdir> first; `test_shards <filter>` runs the tests with the bundle's library in 4
# shards at once and prints each shard's summary; `ab_rounds <cases>` runs the benchmark cases
# with the bundle's library (.gpu/lib) and the base's (.gpu/base), each its own process, in turn,
# three rounds.
export OPENCV_GPUCONV_FALLBACK=0
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
test_shards() {
  for i in 0 1 2 3; do
    GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i with "$here/lib" 240 opencv_test_gpuconv --gtest_filter="$1" > /tmp/shard_$i.log 2>&1 &
  done
  wait
  for i in 0 1 2 3; do grep -E '^\[==========\] [0-9]+ tests|^\[  PASSED|FAILED TESTS?' /tmp/shard_$i.log | tr '\n' ' '; echo; done
  grep -h '^\[  FAILED  \]' /tmp/shard_*.log | sort -u | head
}
ab_rounds() {
  for round in 1 2 3; do
    for lib in lib base; do
      echo "### round $round, $lib"
      GPUCONV_PERF_SAMPLES=15 with "$here/$lib" 120 opencv_perf_gpuconv --gtest_filter="$1" 2>&1 | grep -E '\[ TABLE \] \||FAILED'
    done
  done
}
