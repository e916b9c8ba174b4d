#!/usr/bin/env bash
# Session 38, call c: the integral's single pass with its tile's rows in 16-bit lanes for 8-bit
# images of 16-byte sums (tiles of 64 in one launch where 8UC4 and 8UC3 took three launches or
# tiles of 32; the bundle's library, .gpu/lib) against 31ff934's (.gpu/base): the integral,
# reduced and small-group integral tests in 4 shards, then each library its own process, in turn,
# three rounds: OCL_Integral /2 /9 /16 (8UC4 -> 32S at 640x480, 1080p, 4K), OCL_Types /20 /50
# (8UC3 at 1080p and 4K) and, unchanged, /21 /51 (8UC2) and /24 /54 (32FC3).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'; t='gpuconv/OCL_Types.OneCall/'
ab_rounds "${n}2:${n}9:${n}16:${t}20:${t}50:${t}21:${t}51:${t}24:${t}54"
