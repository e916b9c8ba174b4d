#!/usr/bin/env bash
# Session 44, call a: main's library (5938a8b's kernels) on the GPU: the whole suite and Large.*,
# then the libFuzzer target (fuzz/fuzz_gpuconv.cpp, bundled in .gpuf from a clang build of the same
# sources) on NVIDIA's driver for the first time: 8 independent jobs of 300 s from the corpus of the
# PoCL runs, crash inputs into $OUT/fuzz. Carry .gpu and .gpuf.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
whole_suite 2>&1 | tee "${OUT:-/tmp}/s44a_suite.log"
{
  mkdir -p "${OUT:-/tmp}/fuzz" /tmp/fuzzrun
  cp -r .gpuf/corpus /tmp/fuzzrun/corpus
  cd /tmp/fuzzrun
  s=$(date +%s)
  timeout 420 "$OLDPWD/.gpuf/run" gpuconv_fuzz -jobs=8 -workers=8 -max_len=256 -max_total_time=300 \
    -print_final_stats=1 -artifact_prefix="${OUT:-/tmp}/fuzz/" /tmp/fuzzrun/corpus > /tmp/fuzzrun/parent.log 2>&1
  echo "fuzz: rc $? in $(( $(date +%s) - s )) s"
  for f in fuzz-*.log; do
    echo "== $f: $(grep -E '^stat::number_of_executed_units' "$f") $(grep -cE 'gpuconv_fuzz:|ERROR' "$f") errors; last: $(grep -E '^#[0-9]+' "$f" | tail -1)"
    grep -E 'gpuconv_fuzz:|ERROR|Assertion|Exception' "$f" | head -20
  done
  cp fuzz-*.log "${OUT:-/tmp}/fuzz/"
  ls "${OUT:-/tmp}/fuzz" | grep -c crash- || true
} 2>&1 | tee "${OUT:-/tmp}/s44a_fuzz.log"
