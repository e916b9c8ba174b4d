#!/usr/bin/env bash
# s46b (carry .gpu, the bundle of s46a): s46a's profiles again, with ptxprof.cu's local
# arguments in a static shared array (the driver refused s46a's extern one) and its JIT log.
set -uo pipefail
. scripts/device_runs/s38/common.sh
scripts/ptx_profile/profile.sh 'gpuconv/OCL_SepFilter2D.Gaussian/16 gpuconv/OCL_SepFilter2D.Gaussian/17' 2>&1 | grep -v 'ptxas info\|^col_filter\|^row_filter\|^setMask' | tail -20
