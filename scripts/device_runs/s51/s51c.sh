#!/usr/bin/env bash
# Session 51, call c (carry .gpu: the bundle of b43494f with .gpu/lib's library replaced by the
# working tree's on 7ccdf61, whose ticket_row multiplies by native_recip((float)tiles_x) instead of
# dividing, and in .gpu/base the library of 7ccdf61): the 1080p and 4K tilted sums of 8UC1, the 4K
# tilted sum of 32FC1 and the 4K 8UC1 sum with each library, each its own process, in turn, three
# rounds (session 38's ab_rounds), after the integral tests with the new library.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
ab_rounds "${n}12:${n}14:${n}19:${n}20" 2>&1 | grep -v '| case |' | tee "${OUT:-/tmp}/s51c_ab.log"
