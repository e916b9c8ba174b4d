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
fuzz_plans 360 3:OPENCV_GPUCONV_MAX_GROUP_ITEMS=64 5:OPENCV_GPUCONV_MAX_GROUP_ITEMS=128 \
  4:OPENCV_GPUCONV_FILTER2D_SPECTRAL=always
corpus_back 3 5 4
