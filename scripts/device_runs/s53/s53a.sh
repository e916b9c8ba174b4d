#!/usr/bin/env bash
# Session 53, call a (carry .gpuf: the clang-15 build of the fuzz target at a489aba, whose pixels
# now follow from the whole input, kernels as at 7ccdf61, with scripts/device_runs/s45/corpus.tgz's
# inputs in .gpuf/corpus): the wide fuzz target at scales 1, 4 and 8, 4 jobs of 360 s each, beside
# each other.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
s=$(date +%s)
fuzz_at 1 360 & fuzz_at 4 360 & fuzz_at 8 360 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 1 4 8
