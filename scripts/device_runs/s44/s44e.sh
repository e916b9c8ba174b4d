#!/usr/bin/env bash
# Session 44, call e: the fuzz target with main's fix (05a1f70) on NVIDIA's driver once more, at
# GPUCONV_FUZZ_SCALE 4, 8 and 12, 4 jobs of 360 s each, all beside each other, from the PoCL
# corpus; crash inputs into $OUT/fuzz<scale>. Carry .gpuf.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s44/common.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
fuzz_at 4 360 & fuzz_at 8 360 & fuzz_at 12 360 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 4 8 12
