#!/usr/bin/env bash
# Runs the reduced suite (test/test_reduced.cpp: one tiny case per kernel variant and path of every
# function) on oclgrind's simulated OpenCL device with its memory checks: out-of-bounds accesses,
# reads of uninitialised values, data races, barrier divergence, and OpenCL API errors. Exits
# non-zero on any report or test failure. Needs a build from scripts/setup.sh and the Debian
# package oclgrind. Extra arguments go to GoogleTest (e.g. --gtest_filter='*Reduced.*integral*').
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
export OCLGRIND_CHECK_API=1 OCLGRIND_DATA_RACES=1 OCLGRIND_UNINITIALIZED=1
# Test arrays on buffers of exactly their size: OpenCV's buffer pool rounds allocations up to
# 4 KiB, which would hide accesses past the end of small arrays from the bounds checks.
export GPUCONV_TEST_EXACT_BUFFERS=1
export OPENCV_GPUCONV_FALLBACK=0
# Kernel binaries cached by OpenCV for other devices are not wanted; oclgrind compiles quickly.
export OPENCV_OPENCL_CACHE_ENABLE=0

filter='*Reduced.*'
for arg in "$@"; do
  case "$arg" in --gtest_filter=*) filter="${arg#--gtest_filter=}" ;; esac
done
tests=$(OPENCV_OPENCL_DEVICE=Oclgrind:: build/bin/opencv_test_gpuconv --gtest_list_tests \
          --gtest_filter="$filter" 2>/dev/null | awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }')
[ -n "$tests" ] || { echo "oclgrind.sh: no test matches $filter"; exit 1; }

# One process per case, so that a crash of the simulator names its case. oclgrind 21.10's
# --uninitialized plugin crashes (SIGSEGV in memcpy) on kernels with 3-element vectors (vload3,
# vstore3: the 3-channel cases, cv::'s own filter2D kernels too), and stops with a fatal error on
# LLVM's `freeze` instruction, which newer compilers emit for some integer divisions; such a case
# is run again with the bounds, race and API checks only, and listed.
failed=0 reports=0 count=0 partial=""
for t in $tests; do
  count=$((count + 1))
  log="$logs/${t//\//_}.log"
  status=0
  OCLGRIND_LOG="$log" build/bin/opencv_test_gpuconv --gtest_filter="$t" > "$log.out" 2>&1 || status=$?
  uninitialized_plugin_failed=0
  if [ "$status" -eq 139 ] && ! grep -q -v -e '^$' -e 'runtime error detected' -e 'clGetDeviceInfo' \
       -e 'CL_INVALID_VALUE' -e "param_name" "$log" 2>/dev/null; then
    uninitialized_plugin_failed=1
  elif grep -q 'OCLGRIND FATAL ERROR (.*Uninitialized.cpp' "$log" 2>/dev/null && \
       grep -q 'Unsupported instruction: freeze' "$log"; then
    uninitialized_plugin_failed=1
  fi
  if [ "$uninitialized_plugin_failed" -eq 1 ]; then
    partial="$partial $t"
    status=0
    OCLGRIND_UNINITIALIZED=0 OCLGRIND_LOG="$log" build/bin/opencv_test_gpuconv --gtest_filter="$t" \
      > "$log.out" 2>&1 || status=$?
  fi
  # oclgrind writes one blank-line separated record per report. OpenCV's device probing asks an
  # OpenCL 1.2 device for newer properties (clGetDeviceInfo -> CL_INVALID_VALUE): not gpuconv's.
  n=0
  if [ -s "$log" ]; then
    n=$(awk -v RS= '
      /Function: clGetDeviceInfo/ && /CL_INVALID_VALUE/ && /param_name/ { next }
      { n++ } END { print n + 0 }' "$log")
  fi
  if [ "$status" -ne 0 ] || [ "$n" -ne 0 ]; then
    echo "FAILED $t: exit status $status, $n oclgrind report(s) ($log, $log.out)"
    awk -v RS= '/Function: clGetDeviceInfo/ && /CL_INVALID_VALUE/ && /param_name/ { next } { print; print "" }' "$log" 2>/dev/null | head -40
    grep -a -A5 "Failure" "$log.out" | head -20 || true
    failed=$((failed + 1)); reports=$((reports + n))
  fi
done
[ -z "$partial" ] || echo "oclgrind: without the uninitialised-value check (oclgrind crashed):$partial"
echo "oclgrind: $count case(s), $failed failed, $reports report(s) (logs in $logs)"
[ "$failed" -eq 0 ]
