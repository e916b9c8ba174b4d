#!/usr/bin/env bash
# Session 60, call a (carry .gpu: the bundle of 157ebcf, whose integral takes the tilted sum of
# floating-point images by additive diagonal scans; .gpu/base: the library of 48101a3, built the
# same way). The whole suite with doubles, then the integral cases with a tilted sum, 8UC1 (the
# integer path, unchanged) and 32FC1 (the new path), at 640x480, 1080p and 4K: the two libraries
# in turn, three rounds (ab_rounds), each checking its results against cv::.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### A/B: 157ebcf (lib) against 48101a3 (base)"
ab_rounds '*OCL_Integral.Integral/5:*OCL_Integral.Integral/6:*OCL_Integral.Integral/12:*OCL_Integral.Integral/13:*OCL_Integral.Integral/19:*OCL_Integral.Integral/20'
