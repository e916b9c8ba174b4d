#!/usr/bin/env bash
# Session 51, call b (carry .gpu: the bundle of b43494f, and in .gpu/base the library of a738cef,
# whose integral kernels took a ticket's tile row through float): the 1080p and 4K tilted sums of
# 8UC1, the 4K tilted sum of 32FC1 and the 4K 8UC1 sum with each library, each its own process, in
# turn, three rounds (session 38's ab_rounds).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
n='gpuconv/OCL_Integral.Integral/'
ab_rounds "${n}12:${n}14:${n}19:${n}20" 2>&1 | grep -v '| case |' | tee "${OUT:-/tmp}/s51b_ab.log"
