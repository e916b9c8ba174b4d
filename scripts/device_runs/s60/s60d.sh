#!/usr/bin/env bash
# Session 60, call d (carry .gpu: the bundle of the commit that follows s60c's sweep: chunks of at
# least 8 rows, at most 128 of them, read 8 rows at a time; .gpu/base: the library of 48101a3).
# The whole suite with doubles, the integral tests without, then the integral cases with a tilted
# sum, 8UC1 and 32FC1, at 640x480, 1080p and 4K: the two libraries in turn, three rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the integral tests without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 test_shards '*Integral*'
echo "### A/B: this commit (lib) against 48101a3 (base)"
ab_rounds '*OCL_Integral.Integral/5:*OCL_Integral.Integral/6:*OCL_Integral.Integral/12:*OCL_Integral.Integral/13:*OCL_Integral.Integral/19:*OCL_Integral.Integral/20'
