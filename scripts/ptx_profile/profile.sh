#!/usr/bin/env bash
# On an NVIDIA GPU machine: the machine code of every kernel variant that some benchmark cases
# build, and Nsight Compute profiles of those ptxprof.cu can launch (filter2d; sep_filter2d_fused
# built for its lengths; integral_tilted and integral_tiles of 8UC1 images). ncu does not see
# OpenCL launches, so each case runs once to leave its programs' PTX (NVIDIA's OpenCL binaries) in
# OpenCV's binary cache; every variant's PTX goes through ptxas -v (registers, spills) and
# cuobjdump -sass, and each launchable variant runs again through the CUDA driver API
# (ptxprof.cu) under ncu. Needs the
# CUDA toolkit (nvcc, ptxas, cuobjdump, ncu) there. Here, first:
#   ../shared/device/bundle .gpu build/bin/opencv_perf_gpuconv
# then on the device, carry [".gpu"]:
#   scripts/ptx_profile/profile.sh 'gpuconv/OCL_Filter2D.Filter2D/17 gpuconv/OCL_Integral.Integral/5'
# The argument: GoogleTest filters separated by spaces, one process each. Results land in
# $OUT/profiles.tar.gz (PTX, SASS and ptxas report of every variant, programs.txt listing their
# build options; per launchable variant its device time through CUDA and ncu's report, as text, as
# per-instruction CSV and as .ncu-rep; regions.py reads the CSV by stretches between barriers);
# registers and the key ncu lines are printed. Profiled at
# WIDTH x HEIGHT (default 3840 x 2160), whatever the case's own size.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=$PATH:/usr/local/cuda/bin
work=$(mktemp -d)
mkdir -p "$work/profiles"
for filter in $1; do
  rm -rf "$work/cache"
  OPENCV_OPENCL_CACHE_DIR="$work/cache" OPENCV_GPUCONV_FALLBACK=0 GPUCONV_PERF_SAMPLES=1 \
    GPUCONV_PERF_CALLS=1 .gpu/run opencv_perf_gpuconv --gtest_filter="$filter" 2>&1 | grep 'TABLE ] | [a-z]'
  python3 scripts/ptx_profile/extract_ptx.py "$work/cache" "$work/ptx" >> "$work/launchable.txt" \
    2>> "$work/profiles/programs.txt"
done
for ptx in "$work"/ptx/*.ptx; do
  name=$(basename "$ptx" .ptx)
  sed 's/%envreg[0-9]/0/g' "$ptx" > "$work/profiles/$name.ptx"
  ptxas -arch=sm_90 -v "$work/profiles/$name.ptx" -o "$work/$name.cubin" > "$work/profiles/$name.ptxas.txt" 2>&1
  cuobjdump -sass "$work/$name.cubin" > "$work/profiles/$name.sass"
  echo "$name: $(grep -h 'registers\|spill' "$work/profiles/$name.ptxas.txt" | tr -s ' \n' ' ')"
done
nvcc -O2 -o "$work/ptxprof" scripts/ptx_profile/ptxprof.cu -lcuda || exit 1
width=${WIDTH:-3840} height=${HEIGHT:-2160}
sort -u "$work/launchable.txt" | while read -r kernel ptx label args; do
  report="$work/profiles/$(basename "$ptx" .ptx)_$label"
  # Time limits: a look-back kernel whose launch is set up wrongly waits for ever.
  echo "== $(basename "$report"): $(timeout 60 "$work/ptxprof" "$ptx" $width $height $kernel $args 21 || echo "ptxprof failed or timed out")"
  timeout 300 ncu -k $kernel --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
    --section Occupancy --section LaunchStats --section SchedulerStats --section WarpStateStats \
    --section InstructionStats --section SourceCounters -o "$report" -f \
    "$work/ptxprof" "$ptx" $width $height $kernel $args 5 > "$report.ncu.log" 2>&1
  ncu --import "$report.ncu-rep" --print-details all > "$report.ncu.txt" 2>&1
  ncu --import "$report.ncu-rep" --page source --csv --print-source sass > "$report.source.csv" 2>&1
  grep -E "^ +(Duration|Issue Slots Busy|L1/TEX Cache Throughput|DRAM Throughput|Registers Per Thread|Achieved Occupancy|Theoretical Occupancy|Block Limit [A-Za-z ]+|Warp Cycles Per Issued Instruction|Stall [A-Za-z ]+) " \
    "$report.ncu.txt" | awk '{$1=$1; print}' | sort -u | paste -sd ';'
done
tar czf "$OUT/profiles.tar.gz" -C "$work" profiles
