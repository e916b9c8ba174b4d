#!/usr/bin/env bash
# Session 45, call c: the same bundles as s45b (main's library at 1af54f7's fix). The wide soak at
# scale 16 (seed 4503, 100 cases per function) beside the wide fuzz target at scales 2, 6 and 12,
# 4 jobs of 360 s each, from the union of the PoCL corpus and s45a's and s45b's grown ones (2147
# inputs); the corpora back under $OUT. Carry .gpu and .gpuf.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
s=$(date +%s)
fuzz_at 2 360 & fuzz_at 6 360 & fuzz_at 12 360 & wide_soak 16 4503 100 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
fuzz_report 2 6 12
corpus_back 2 6 12
