#!/usr/bin/env bash
# Session 43, call a: the tilted tiles load the upright row chain's words before their walks and
# read them after (the working tree on 5938a8b) against 5938a8b's kernels in .gpu/base: the
# integral tests, then the tilted sums of 8UC1 at 1080p and 4K and of 32FC1 at 4K with each
# library, each its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
ab_rounds "${n}12:${n}19:${n}20" 2>&1 | grep -v '| case |' | tee "${OUT:-/tmp}/s43a_ab.log"
