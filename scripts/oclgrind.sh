#!/usr/bin/env bash
# Runs the reduced suite (test/test_reduced.cpp: one tiny case per kernel variant and path of every
# function), and its cases again as on a device of at most 64 items per work-group (SmallGroups:
# the plans' shrunk groups and carries), and every function on rows off the pixel size
# (BadInput.rows_off_the_pixel_size_small), on oclgrind's simulated OpenCL device with its memory
# checks: out-of-bounds and misaligned accesses, reads of uninitialised values, data races, barrier
# divergence, and OpenCL API errors. Exits non-zero on any report or test failure. Needs a build from
# scripts/setup.sh and the Debian package oclgrind. Extra arguments go to GoogleTest (e.g.
# --gtest_filter='*Reduced.*integral*').
set -euo pipefail
cd "$(dirname "$0")/.."

icd_lib=""
for dir in /usr/lib/oclgrind /usr/lib/x86_64-linux-gnu/oclgrind /usr/local/lib/oclgrind; do
  [ -f "$dir/liboclgrind-rt-icd.so" ] && icd_lib="$dir/liboclgrind-rt-icd.so" && break
done
[ -n "$icd_lib" ] || { echo "oclgrind.sh: liboclgrind-rt-icd.so not found (apt-get install oclgrind)"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "$icd_lib" > "$work/oclgrind.icd"
logs=build/oclgrind
rm -rf "$logs"
mkdir -p "$logs"

# The OpenCL ICD loader sees oclgrind alone, so OpenCV and gpuconv both use its device.
export OCL_ICD_VENDORS="$work"
export OPENCV_OPENCL_DEVICE=Oclgrind::
export OCLGRIND_CHECK_API=1 OCLGRIND_DATA_RACES=1
# A caller may leave uninitialised values out (OCLGRIND_UNINITIALIZED=0), as .ci/run does for its
# second pass over kernels this script has checked with them.
export OCLGRIND_UNINITIALIZED=${OCLGRIND_UNINITIALIZED:-1}
# Test arrays on buffers of exactly their size: OpenCV's buffer pool rounds allocations up to
# 4 KiB, which would hide accesses past the end of small arrays from the bounds checks.
export GPUCONV_TEST_EXACT_BUFFERS=1
export OPENCV_GPUCONV_FALLBACK=0
# Kernel binaries cached by OpenCV for other devices are not wanted; oclgrind compiles quickly.
export OPENCV_OPENCL_CACHE_ENABLE=0

filter='*Reduced.*:*SmallGroups.*:BadInput.rows_off_the_pixel_size_small'
for arg in "$@"; do
  case "$arg" in --gtest_filter=*) filter="${arg#--gtest_filter=}" ;; esac
done
tests=$(OPENCV_OPENCL_DEVICE=Oclgrind:: build/bin/opencv_test_gpuconv --gtest_list_tests \
          --gtest_filter="$filter" 2>/dev/null | awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }')
[ -n "$tests" ] || { echo "oclgrind.sh: no test matches $filter"; exit 1; }

# The checks must be live: kernels with one deliberate defect each (test/oclgrind_canary) have to
# be reported with the same settings, compiled both normally and without optimisation.
canaries=test/oclgrind_canary
reported=0
for sim in "$canaries"/*.sim; do
  name=$(basename "$sim" .sim)
  case "$name" in
    uninitialized_*) [ "$OCLGRIND_UNINITIALIZED" = 1 ] || continue; expected='Uninitialized value' ;;
    out_of_bounds_*) expected='Invalid read' ;;
    data_race) expected='data race' ;;
    *) echo "oclgrind.sh: no expected report for canary $name"; exit 1 ;;
  esac
  for build_options in "" "-cl-opt-disable"; do
    output=$(cd "$canaries" && OCLGRIND_BUILD_OPTIONS="$build_options" oclgrind-kernel "$name.sim" 2>&1 || true)
    if ! grep -q "$expected" <<< "$output"; then
      echo "oclgrind.sh: canary $name was not reported ('$expected', build options '$build_options')"
      exit 1
    fi
  done
  reported=$((reported + 1))
done
echo "oclgrind: all $reported canaries (deliberate defects) of the checks that are on reported"

# oclgrind's device has 32 KiB of local memory, less than filter2D's frequency-domain path needs
# (33 KiB; GPUs have 48 KiB or more) and than integral's single pass with the squared and tilted
# sums in tiles of 64 takes: their cases run on a device with 48 KiB.
run_case() {
  local log=$1; shift
  local local_mem=""
  case "$t" in *spectral*|*Spectral*|*in_pass*) local_mem=OCLGRIND_LOCAL_MEM_SIZE=49152 ;; esac
  env $local_mem "$@" OCLGRIND_LOG="$log" build/bin/opencv_test_gpuconv --gtest_filter="$t" > "$log.out" 2>&1
}
# oclgrind writes one blank-line separated record per report. OpenCV's device probing asks an
# OpenCL 1.2 device for newer properties (clGetDeviceInfo -> CL_INVALID_VALUE): not gpuconv's.
gpuconv_reports() {
  [ -s "$1" ] || return 0
  awk -v RS= '/Function: clGetDeviceInfo/ && /CL_INVALID_VALUE/ && /param_name/ { next } { print; print "" }' "$1"
}
count_reports() {
  gpuconv_reports "$1" | awk -v RS= 'END { print NR + 0 }'
}

# One process per case, so that a crash of the simulator names its case, as many at once as the
# machine has cores (at most 4; oclgrind simulates a case on about one). oclgrind 21.10's
# uninitialised-value plugin cannot follow some optimised code: it crashes (SIGSEGV in memcpy) on
# 3-element vectors (vload3, vstore3), stops with a fatal error on LLVM's `freeze` instruction
# (opencl/common/vector.cl, "Remainders", keeps it out of gpuconv's kernels), and reports the store
# of a vector built from scalars into local memory, which oclgrind lowers to a store of an undefined
# vector followed by stores of its elements. Such a case, and any case whose only reports are of
# uninitialised values, runs twice more: compiled normally with the bounds, race and API checks, and
# compiled without optimisation (-cl-opt-disable, where none of these constructs appears) with every
# check; the second decides on uninitialised values.
# check_case writes to $log.result: "<exit status> <reports> <1 if rerun unoptimised>", and the
# reports and failures of a failed case to $log.failure.
check_case() {
  local t=$1 log=$2 case_logs=$2 status=0 uninitialized_plugin_failed=0 n=0 l
  run_case "$log" || status=$?
  if [ "$status" -eq 139 ] && ! grep -q -v -e '^$' -e 'runtime error detected' -e 'clGetDeviceInfo' \
       -e 'CL_INVALID_VALUE' -e "param_name" "$log" 2>/dev/null; then
    uninitialized_plugin_failed=1
  elif grep -q 'OCLGRIND FATAL ERROR (.*Uninitialized.cpp' "$log" 2>/dev/null && \
       grep -q 'Unsupported instruction: freeze' "$log"; then
    uninitialized_plugin_failed=1
  elif [ "$(count_reports "$log")" -gt 0 ] && \
       ! gpuconv_reports "$log" | awk -v RS= '!/Uninitialized value|suppressing further errors/ { found = 1 } END { exit !found }'; then
    uninitialized_plugin_failed=1
  fi
  if [ "$uninitialized_plugin_failed" -eq 1 ]; then
    status=0
    run_case "$log" OCLGRIND_UNINITIALIZED=0 || status=$?
    run_case "$log.O0" OCLGRIND_BUILD_OPTIONS=-cl-opt-disable || status=$?
    case_logs="$log $log.O0"
  fi
  for l in $case_logs; do n=$((n + $(count_reports "$l"))); done
  if [ "$status" -ne 0 ] || [ "$n" -ne 0 ]; then
    {
      echo "FAILED $t: exit status $status, $n oclgrind report(s) ($case_logs and their .out)"
      for l in $case_logs; do
        gpuconv_reports "$l" | head -40 || true
        grep -a -A5 "Failure" "$l.out" | head -20 || true
      done
    } > "$log.failure"
  fi
  echo "$status $n $uninitialized_plugin_failed" > "$log.result"
}

jobs_max=$(nproc 2>/dev/null || echo 1)
[ "$jobs_max" -le 4 ] || jobs_max=4
for t in $tests; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  check_case "$t" "$logs/${t//\//_}.log" &
done
wait

failed=0 reports=0 count=0 unoptimised=""
for t in $tests; do
  count=$((count + 1))
  log="$logs/${t//\//_}.log"
  read -r status n rerun < "$log.result" || { status=1 n=0 rerun=0; echo "FAILED $t: no result (see $log.out)"; }
  [ "$rerun" = 1 ] && unoptimised="$unoptimised $t"
  if [ "$status" -ne 0 ] || [ "$n" -ne 0 ]; then
    [ -f "$log.failure" ] && cat "$log.failure"
    failed=$((failed + 1)); reports=$((reports + n))
  fi
done
[ -z "$unoptimised" ] || echo "oclgrind: uninitialised values checked on unoptimised code (the plugin cannot follow the optimised code):$unoptimised"
echo "oclgrind: $count case(s), $failed failed, $reports report(s) (logs in $logs)"
[ "$failed" -eq 0 ]
