#!/usr/bin/env bash
# Session 39, call c (branch exp-backoff): upper bounds of the loads' latency in the one-launch
# pass with the tilted sum, timing only (wrong sums): every tilted tile loading band 0's first
# columns (GPUCONV_EXP_OPTIONS="-D EXP_HOT_TILTED"), every upright tile loading tile (0, 0)'s
# pixels ("-D EXP_HOT_UPRIGHT"), both, against the planned loads; each its own process, in turn,
# three rounds: 1080p and 4K 8UC1 with the squared and tilted sums, 4K with the squared sum.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
n='gpuconv/OCL_Integral.Integral/'
cases="${n}12:${n}15:${n}19"
for round in 1 2 3; do
  for v in none tilted upright both; do
    case $v in
      none) opts="" ;; tilted) opts="-D EXP_HOT_TILTED" ;; upright) opts="-D EXP_HOT_UPRIGHT" ;;
      both) opts="-D EXP_HOT_TILTED -D EXP_HOT_UPRIGHT" ;;
    esac
    echo "### round $round, hot $v"
    GPUCONV_EXP_OPTIONS="$opts" GPUCONV_PERF_SAMPLES=15 with "$here/lib" 150 opencv_perf_gpuconv \
      --gtest_filter="$cases" 2>&1 | grep -E '\[ TABLE \] \| integral' | cut -d'|' -f2-4,6-8 | tee $OUT/r${round}_$v.txt
  done
done
