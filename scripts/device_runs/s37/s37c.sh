#!/usr/bin/env bash
# Session 37, call c: filter2D 4K 32FC1 7x7 and 5x5 (OCL_Filter2D /17 /11) with NVIDIA's register
# limit forced on every program, OPENCV_OPENCL_BUILD_EXTRA_OPTIONS="-cl-nv-verbose
# -cl-nv-maxrregcount=N" (OpenCV appends it to every build, cv::'s programs too), each limit its own
# process; the verbose build logs (OPENCV_LOG_LEVEL=INFO) give each kernel's registers.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 GPUCONV_PERF_SAMPLES=10
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
f='gpuconv/OCL_Filter2D.Filter2D/'
for n in 0 255 128 96 80 64 56 48 40; do
  echo "### maxrregcount $n"
  extra="-cl-nv-verbose"
  [ "$n" != 0 ] && extra="$extra -cl-nv-maxrregcount=$n"
  OPENCV_LOG_LEVEL=INFO OPENCV_OPENCL_BUILD_EXTRA_OPTIONS="$extra" with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="${f}17:${f}11" > /tmp/r_$n.log 2>&1
  grep -E '\[ TABLE \] \| filter|FAILED' /tmp/r_$n.log
  grep -E "Compiling entry function|Used [0-9]+ registers" /tmp/r_$n.log | grep -A1 "'filter2d'" | head -8
done
