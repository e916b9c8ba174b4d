#!/usr/bin/env bash
# Session 44, call d: sepFilter2D's plan leaving 128 bytes per __local argument for alignment (the
# fix of s44b's find). 1) Which benchmark cases it changes the plan of: the library with a
# temporary log of the plan (.gpu/diag, not committed; GPUCONV_DIAG_OLD=1 takes the old rule), every
# sepFilter2D case of the benchmark, one sample, both rules, the plans diffed. 2) The whole suite and
# Large.* with the fixed library. 3) s44b's find replayed, then the fuzz target (fixed library) at
# GPUCONV_FUZZ_SCALE 8 and 16, 4 jobs of 180 s each. Carry .gpu and .gpuf.
cd "$(dirname "$0")/../../.."
root=$PWD
. scripts/device_runs/s41/common.sh
cases='gpuconv/OCL_SepFilter2D.*:gpuconv/OCL_Types.OneCall/10:gpuconv/OCL_Types.OneCall/11:gpuconv/OCL_Types.OneCall/12:gpuconv/OCL_Types.OneCall/13:gpuconv/OCL_Types.OneCall/14:gpuconv/OCL_Types.OneCall/15:gpuconv/OCL_Types.OneCall/16:gpuconv/OCL_Types.OneCall/17:gpuconv/OCL_Types.OneCall/18:gpuconv/OCL_Types.OneCall/19:gpuconv/OCL_Types.OneCall/40:gpuconv/OCL_Types.OneCall/41:gpuconv/OCL_Types.OneCall/42:gpuconv/OCL_Types.OneCall/43:gpuconv/OCL_Types.OneCall/44:gpuconv/OCL_Types.OneCall/45:gpuconv/OCL_Types.OneCall/46:gpuconv/OCL_Types.OneCall/47:gpuconv/OCL_Types.OneCall/48:gpuconv/OCL_Types.OneCall/49:'
for rule in old new; do
  if [ $rule = old ]; then export GPUCONV_DIAG_OLD=1; else unset GPUCONV_DIAG_OLD; fi
  GPUCONV_PERF_SAMPLES=1 GPUCONV_PERF_CALLS=1 with "$here/diag" 300 opencv_perf_gpuconv --gtest_filter="$cases" > /tmp/diag_$rule.log 2>&1
  echo "$rule: rc $? $(grep -c 'DIAG plan' /tmp/diag_$rule.log) plan lines, $(grep -cE '^\[       OK' /tmp/diag_$rule.log) cases ok"
  grep 'DIAG plan' /tmp/diag_$rule.log | sed 's/.*DIAG plan/plan/' | sort -u > /tmp/plans_$rule
done
unset GPUCONV_DIAG_OLD
echo "distinct plans: old $(wc -l < /tmp/plans_old), new $(wc -l < /tmp/plans_new); differing:"
diff /tmp/plans_old /tmp/plans_new && echo "(none)"
cp /tmp/plans_new "${OUT:-/tmp}/plans_new.txt"
whole_suite 2>&1 | tee "${OUT:-/tmp}/s44d_suite.log"
echo "== replay of s44b's find"
(mkdir -p /tmp/replay && cd /tmp/replay && GPUCONV_FUZZ_SCALE=8 timeout 60 "$root/.gpuf/run" gpuconv_fuzz "$root/.gpuf/crash-79478a12969644f4" 2>&1 | grep -E 'WARN|gpuconv_fuzz:|Executed')
. scripts/device_runs/s44/common.sh
fuzz_at 8 180 & fuzz_at 16 180 & wait
fuzz_report 8 16
