#!/usr/bin/env bash
# Session 37, call d: sepFilter2D's single pass on 32FC1 Gaussians of 17 and 31 taps, 1080p and 4K
# (OCL_SepFilter2D /7 /8 /16 /17), in other strips and tile shapes than planned, on the H200:
# each setting its own process, OPENCV_GPUCONV_SEPFILTER_TUNE="rowStrip,colStrip,tileW,groupH",
# planned first and last.
cd "$(dirname "$0")/../../.."
export OPENCV_GPUCONV_FALLBACK=0 GPUCONV_PERF_SAMPLES=10
here=$PWD/.gpu
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
with() {
  local lib=$1 limit=$2 prog=$3; shift 3
  LD_LIBRARY_PATH="$lib:$here/lib" OCL_ICD_VENDORS="$here/vendors" OPENCV_OPENCL_DEVICE=:GPU: timeout "$limit" "$here/bin/$prog" "$@"
}
s='gpuconv/OCL_SepFilter2D.Gaussian/'
run() {
  echo "### $1"
  OPENCV_GPUCONV_SEPFILTER_TUNE=$1 with "$here/lib" 60 opencv_perf_gpuconv --gtest_filter="${s}7:${s}8:${s}16:${s}17" 2>&1 | grep -E '\[ TABLE \] \| sep|FAILED' | cut -d'|' -f2-4,8
}
run 0,0,0,0
for strips in 8,8 4,8 8,4 4,4; do
  for tile in 32,4 32,8 64,2 64,4 128,2 128,1 64,1 32,16; do
    run "$strips,$tile"
  done
done
run 0,0,0,0
