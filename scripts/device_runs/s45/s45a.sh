#!/usr/bin/env bash
# Session 45, call a: the fuzz target with the wide palette (GPUCONV_FUZZ_PALETTE=wide: every type,
# filter2D kernels up to 64x64, sepFilter2D up to 520 taps, its single pass built for the lengths
# and the tensor pass forced at any size) on NVIDIA's driver, at scales 1, 4 and 8, 4 jobs of
# 380 s each, beside each other, from the PoCL corpus; beside them the soak with the wide palette
# at scale 8 (seed 4502, 100 cases per function); then the grown corpora back under $OUT.
# Carry .gpu and .gpuf.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
fuzz_at 1 380 & fuzz_at 4 380 & fuzz_at 8 380 & wide_soak 8 4502 100 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 1 4 8
corpus_back 1 4 8
