#!/usr/bin/env bash
# Session 58, call a (carry .gpu: the bundle of the commit named in README.md, whose filter2D runs
# every pair of the depths 8U, 16U, 16S, 32F and 64F on OpenCL, as cv::filter2D takes them on UMat,
# masks a ddepth given with channels, and whose integral sizes the sums of a Mat with rows but no
# columns from the argument; filter2d.cl unchanged, the spectral plan kept to the pairs it had).
# The whole suite with Filter2D_OpenCLOnlyPairs among it, with and without doubles.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite
echo "### the whole suite without doubles"
OPENCV_GPUCONV_DEVICE_DOUBLES=0 whole_suite
