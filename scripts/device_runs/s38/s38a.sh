#!/usr/bin/env bash
# Session 38, call a: one-lane 8- and 16-bit windows read as aligned vectors by filter2D's small
# kernels and sepFilter2D's direct kernel, whose output rows leave as one vector (the bundle's
# library, .gpu/lib) against 31ff934's (.gpu/base: 8-bit rows by funnel-shifted words in filter2D,
# single pixels in sepFilter2D): the filter tests in 4 shards, then each library its own process,
# in turn, three rounds: filter2D 4K 8UC1 3x3, 5x5, 7x7 (OCL_Filter2D /3 /9 /15) and 32FC1 3x3
# (/5, unchanged), sepFilter2D 4K 8UC1 and 32FC1 5 taps (OCL_SepFilter2D.Gaussian /9 /15), and 4K
# 16UC1 and 16SC1 filter2D 3x3, 7x7 and 5-tap Gaussians (OCL_Types /32 /33 /37 /38 /42 /43).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
test_shards '*Filter2D*:*Reduced*'
s='gpuconv/OCL_SepFilter2D.Gaussian/'; f='gpuconv/OCL_Filter2D.Filter2D/'; t='gpuconv/OCL_Types.OneCall/'
ab_rounds "${f}3:${f}9:${f}15:${f}5:${s}9:${s}15:${t}32:${t}33:${t}37:${t}38:${t}42:${t}43"
