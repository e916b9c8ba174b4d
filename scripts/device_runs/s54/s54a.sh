#!/usr/bin/env bash
# Session 54, call a: integral's kernels with reqd_work_group_size (branch exp-reqd-wg, the working
# tree on 2b916ad) against 2b916ad's kernels in .gpu/base: the integral tests, then the integral
# cases at 1080p and 4K with each library, each its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'
ab_rounds "${n}7:${n}8:${n}12:${n}14:${n}15:${n}16:${n}17:${n}19" 2>&1 | grep -v '| case |' | tee "${OUT:-/tmp}/s54a_ab.log"
