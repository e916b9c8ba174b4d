#!/usr/bin/env bash
# Session 38, call e: the three launches' carried tiles with their rows seeded with the sums left of
# the tile where the row type is the accumulator's (ROWS_SEEDED; the bundle's library, .gpu/lib)
# against 223123b's (.gpu/base: the left sums added in the column scan, as since f8a603a): the
# integral, reduced and small-group integral tests in 4 shards, then each library its own
# process, in turn, three rounds: 4K 8UC1 and its squared sum with three launches forced
# (OPENCV_GPUCONV_INTEGRAL_TUNE=1, OCL_Integral /14 /15), and 32FC3 at 1080p and 4K (three launches
# as planned, OCL_Types /24 /54) with 4K 8UC4 beside them (narrow rows, unchanged; OCL_Integral /16).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s38/common.sh
test_shards '*Integral*:*integral*'
n='gpuconv/OCL_Integral.Integral/'; t='gpuconv/OCL_Types.OneCall/'
OPENCV_GPUCONV_INTEGRAL_TUNE=1 ab_rounds "${n}14:${n}15"
ab_rounds "${t}24:${t}54:${n}16"
