#!/usr/bin/env bash
# Session 42, call f: the falling walks starting on a warp boundary (warp-aligned-walks.patch,
# here, on 76e347c) against 913751a's kernels in .gpu/base: the integral tests, then the tilted
# sums of 8UC1 at 1080p and 4K with each library, each its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
ab_rounds "${n}12:${n}19" 2>&1 | grep -v '| case |' | tee "${OUT:-/tmp}/s42f_ab.log"
