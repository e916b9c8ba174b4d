#!/usr/bin/env bash
# s46j (carry .gpuf: the clang build of the fuzz target at a1d5df4, library as at 2c2040b but for
# comments, with scripts/device_runs/s45/corpus.tgz's 2392 inputs in .gpuf/corpus): the wide fuzz
# target on four more plans the GPU does not take by itself, 4 jobs of 270 s each per setting, the
# 16 at once: scale 2, work-groups of at most 32 items (OPENCV_GPUCONV_MAX_GROUP_ITEMS=32); scale 3,
# sepFilter2D's tiled single pass as 128 x 8 tiles of row strips of 8 and column strips of 4
# (OPENCV_GPUCONV_SEPFILTER_TUNE=8,4,128,2); scale 4, filter2D's direct kernel in groups of 32 x 8
# items of 4 x 1 pixels (OPENCV_GPUCONV_FILTER2D_PLAN=32,8,4,1,0); scale 6, integral with one tile
# per compute unit, plain look-back loads of 8 predecessors at a time, bands of 32 rows, 8 items per
# tile column and tickets from work-group ids (OPENCV_GPUCONV_INTEGRAL_TUNE=1,1,0,8,32,8,0,0,1,0).
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
export GPUCONV_FUZZ_PALETTE=wide
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
fuzz_plans 270 2:OPENCV_GPUCONV_MAX_GROUP_ITEMS=32 3:OPENCV_GPUCONV_SEPFILTER_TUNE=8,4,128,2 \
  4:OPENCV_GPUCONV_FILTER2D_PLAN=32,8,4,1,0 6:OPENCV_GPUCONV_INTEGRAL_TUNE=1,1,0,8,32,8,0,0,1,0
