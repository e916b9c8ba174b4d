#!/usr/bin/env bash
# Session 42, call d: the bundle of the falling walks' own array in the upright single pass (the
# commit after 3f9acab), against 3f9acab's kernels in .gpu/base (the s42c probe's library, whose
# hook is idle without GPUCONV_EXP_OPTIONS): the whole suite and Large.*, then the integral's
# tilted cases with each library, each its own process, in turn, three rounds.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite 2>&1 | tee "${OUT:-/tmp}/s42d_suite.log"
n='gpuconv/OCL_Integral.Integral/'
ab_rounds "${n}5:${n}6:${n}12:${n}13:${n}19:${n}20" 2>&1 | grep -v '| case |' | tee "${OUT:-/tmp}/s42d_ab.log"
