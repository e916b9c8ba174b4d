#!/usr/bin/env bash
# Session 45, call b: main with the fix of s45a's find (1af54f7: the device constants' cache keys
# the weights' shape). The whole suite in 6 shards and Large.*, then the wide fuzz target at
# scales 1, 4, 8 and 16, 4 jobs of 330 s each, beside each other, from the PoCL corpus and s45a's
# three grown corpora; the corpora back under $OUT. Carry .gpu and .gpuf.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
whole_suite
export GPUCONV_FUZZ_PALETTE=wide
s=$(date +%s)
fuzz_at 1 330 & fuzz_at 4 330 & fuzz_at 8 330 & fuzz_at 16 330 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 1 4 8 16
corpus_back 1 4 8 16
