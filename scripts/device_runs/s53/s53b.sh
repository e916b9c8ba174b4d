#!/usr/bin/env bash
# Session 53, call b (carry .gpuf as in s53a): the wide fuzz target on plans the GPU never takes by
# itself (scripts/device_runs/s46/s46i.sh says what each forces), 4 jobs of 300 s per setting, all
# beside each other.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
fuzz_forced_plans 300
