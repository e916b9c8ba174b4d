#!/usr/bin/env bash
# Session 44, call b: the fuzz target (12dc015) on NVIDIA's driver at larger sizes: 4 jobs with
# GPUCONV_FUZZ_SCALE=8 and 4 with 16 (images up to 768x512 and 1536x1024), 400 s each, beside each
# other, from the PoCL corpus; crash inputs into $OUT/fuzz<scale>. Carry .gpuf (and .gpu, unused).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s44/common.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
fuzz_at 8 400 & fuzz_at 16 400 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 8 16
