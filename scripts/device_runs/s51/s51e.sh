#!/usr/bin/env bash
# Session 51, call e (carry .gpuf: s51d's clang build of the fuzz target, kernels as at a738cef, with
# scripts/device_runs/s45/corpus.tgz's inputs in .gpuf/corpus): session 46's call i over the
# kernels of sessions 49 and 50: the wide fuzz target on plans the GPU never takes by itself, 4
# jobs of 300 s each per setting, all beside each other (the settings of s46i.sh, which says what
# each forces).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
fuzz_forced_plans 300
