#!/usr/bin/env bash
# s46i (carry .gpuf: the clang build of the fuzz target at 87193ad, library as at 2c2040b, with
# scripts/device_runs/s45/corpus.tgz's 2392 inputs in .gpuf/corpus): the wide fuzz target on
# plans the GPU never takes by itself, 4 jobs of 360 s each per setting, all beside each other:
# scale 2, sepFilter2D's tiled single pass forced to strips of 4 and tiles 16 x 16
# (OPENCV_GPUCONV_SEPFILTER_TUNE=4,4,16,16); scale 3, filter2D's tiled kernel in groups of 8 x 8
# items of 2 x 2 pixels (OPENCV_GPUCONV_FILTER2D_PLAN=8,8,2,2,1); scale 4, sepFilter2D's direct
# kernel for every kernel up to 7 taps in blocks of one output (OPENCV_GPUCONV_SEPFILTER_DIRECT=1,1,7);
# scale 5, integral with 2 tiles per compute unit, look-back words and tickets through atomics,
# one predecessor per read, bands of 8 rows, 2 items per tile column and plain stores
# (OPENCV_GPUCONV_INTEGRAL_TUNE=2,2,0,1,8,2,0,0,2,2).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
fuzz_forced_plans 360
corpus_back 2 3 4 5
