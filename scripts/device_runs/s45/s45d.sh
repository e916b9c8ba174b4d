#!/usr/bin/env bash
# Session 45, call d: the wide fuzz target on plans the GPU never takes by itself, 4 jobs of 360 s
# each per setting, all beside each other, from corpus.tgz's union (2289 inputs): groups of at
# most 64 work items (OPENCV_GPUCONV_MAX_GROUP_ITEMS=64, as the SmallGroups tests run) at scale 3,
# of at most 128 at scale 5, and filter2D's frequency-domain path for every kernel it takes
# (OPENCV_GPUCONV_FILTER2D_SPECTRAL=always) at scale 4. The scale names each setting's directory.
# Carry .gpuf.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
OPENCV_GPUCONV_MAX_GROUP_ITEMS=64 fuzz_at 3 360 &
OPENCV_GPUCONV_MAX_GROUP_ITEMS=128 fuzz_at 5 360 &
OPENCV_GPUCONV_FILTER2D_SPECTRAL=always fuzz_at 4 360 &
wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 3 5 4
corpus_back 3 5 4
