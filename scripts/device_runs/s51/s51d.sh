#!/usr/bin/env bash
# Session 51, call d (carry .gpu: the bundle of b56c740, whose kernels are a738cef's; .gpuf: the
# clang build of the fuzz target at b56c740 with scripts/device_runs/s45/corpus.tgz's inputs in
# .gpuf/corpus): session 45's call a over the kernels of sessions 49 and 50 (UNROLL, remainders
# written x - q * d), which no fuzz run has taken yet: the fuzz target with the wide palette at
# scales 1, 3 and 6, 4 jobs of 360 s each, beside each other, and beside them the soak with the
# wide palette at scale 12 (seed 5101, 100 cases per function).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
s=$(date +%s)
fuzz_at 1 360 & fuzz_at 3 360 & fuzz_at 6 360 & wide_soak 12 5101 100 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 1 3 6
