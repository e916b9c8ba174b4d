#!/usr/bin/env bash
# Session 42, call b: where the evict-first stores' gain comes from, through CUDA (main at
# 9bca151, whose library is 6cdb3f3's). The 4K 8UC1 integral with the squared sum
# (OCL_Integral.Integral/15) runs once with evict-first stores (planned) and once with plain stores
# (OPENCV_GPUCONV_INTEGRAL_TUNE's tenth field at 2), each leaving its single pass's PTX in its own
# OpenCV cache; scripts/ptx_profile's ptxprof then launches each PTX 21 times (each launch waited
# for, none flushing the caches in between) and Nsight Compute measures the fifth of six launches
# with the caches as the fourth left them (--cache-control none) and flushed (all).
cd "$(dirname "$0")/../../.."
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
which nvcc ncu || { echo "no CUDA toolkit here"; exit 1; }
work=$(mktemp -d)
nvcc -O2 -o "$work/ptxprof" scripts/ptx_profile/ptxprof.cu -lcuda || exit 1
safe=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,l1tex__t_sector_hit_rate.pct
more=lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_read_lookup_hit.sum,lts__t_sectors_op_write_lookup_hit.sum
for setting in evict plain; do
  tune=""; [ $setting = plain ] && tune=0,0,0,0,0,0,0,0,0,2
  OPENCV_OPENCL_CACHE_DIR="$work/cache_$setting" OPENCV_GPUCONV_INTEGRAL_TUNE="$tune" OPENCV_GPUCONV_FALLBACK=0 \
    GPUCONV_PERF_SAMPLES=15 .gpu/run opencv_perf_gpuconv --gtest_filter=gpuconv/OCL_Integral.Integral/15 2>&1 | grep 'TABLE ] | [a-z]'
  python3 scripts/ptx_profile/extract_ptx.py "$work/cache_$setting" "$work/ptx_$setting" > "$work/launch_$setting.txt" 2> "$work/programs_$setting.txt"
  grep -c EVICT_FIRST_STORES "$work/programs_$setting.txt"
  line=$(grep 'integral_tiles.*_sq1 ' "$work/launch_$setting.txt" | head -1)
  echo "## $setting: $line"
  [ -n "$line" ] || continue
  read -r kernel ptx label args <<< "$line"
  grep -c 'st.global.cs' "$ptx"
  for round in 1 2; do echo "ptxprof $setting $round: $("$work/ptxprof" "$ptx" 3840 2160 $kernel $args 21)"; done
  for cache in none all; do
    echo "### ncu $setting, cache-control $cache"
    timeout 180 ncu --cache-control $cache -k $kernel --launch-skip 4 --launch-count 1 --metrics $safe \
      "$work/ptxprof" "$ptx" 3840 2160 $kernel $args 6 2>&1 | grep -E '^ +[a-z0-9_]+__|==ERROR|==WARNING' | awk '{$1=$1; print}'
    timeout 180 ncu --cache-control $cache -k $kernel --launch-skip 4 --launch-count 1 --metrics $more \
      "$work/ptxprof" "$ptx" 3840 2160 $kernel $args 6 2>&1 | grep -E '^ +[a-z0-9_]+__|==ERROR|==WARNING' | awk '{$1=$1; print}'
  done
done 2>&1 | tee "${OUT:-/tmp}/s42b.log"
