#!/usr/bin/env bash
# s46e (carry .gpu, the bundle of main's library): Nsight Compute of the tiled single pass of
# sepFilter2D, 4K 32FC1 at 17 and 31 taps and 4K 8UC4 at 17 (scripts/ptx_profile; the program's
# other entries dropped, the driver's JIT first).
set -uo pipefail
. scripts/device_runs/s38/common.sh
scripts/ptx_profile/profile.sh 'gpuconv/OCL_SepFilter2D.Gaussian/16 gpuconv/OCL_SepFilter2D.Gaussian/17 gpuconv/OCL_SepFilter2D.Gaussian/13' 2>&1 | grep -v 'ptxas info\|^col_filter\|^row_filter\|^setMask' | tail -20
