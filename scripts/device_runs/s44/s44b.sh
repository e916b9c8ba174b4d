#!/usr/bin/env bash
# Session 44, call b: the fuzz target (12dc015) on NVIDIA's driver at larger sizes: 4 jobs with
# GPUCONV_FUZZ_SCALE=8 and 4 with 16 (images up to 768x512 and 1536x1024), 400 s each, beside each
# other, from the PoCL corpus; crash inputs into $OUT/fuzz<scale>. Carry .gpuf (and .gpu, unused).
cd "$(dirname "$0")/../../.."
root=$PWD
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
fuzz_at() {
  local scale=$1 dir=/tmp/fuzz$1
  mkdir -p "${OUT:-/tmp}/fuzz$scale" "$dir"
  cp -r .gpuf/corpus "$dir/corpus"
  (cd "$dir" && GPUCONV_FUZZ_SCALE=$scale timeout 480 "$root/.gpuf/run" gpuconv_fuzz -jobs=4 -workers=4 \
    -max_len=256 -max_total_time=400 -print_final_stats=1 -artifact_prefix="${OUT:-/tmp}/fuzz$scale/" \
    "$dir/corpus" > "$dir/parent.log" 2>&1; echo "scale $scale: rc $?")
}
s=$(date +%s)
fuzz_at 8 & fuzz_at 16 & wait
echo "fuzz: $(( $(date +%s) - s )) s"
for scale in 8 16; do
  for f in /tmp/fuzz$scale/fuzz-*.log; do
    echo "== scale $scale $(basename $f): $(grep -E '^stat::number_of_executed_units' "$f") $(grep -cE 'gpuconv_fuzz:|ERROR' "$f") errors; last: $(grep -E '^#[0-9]+' "$f" | tail -1)"
    grep -E 'gpuconv_fuzz:|ERROR|Assertion|Exception|Failure|Expected' "$f" | head -20
    grep -vE '^#[0-9]+.*(NEW|REDUCE|pulse|RELOAD)' "$f" | tail -40 > "${OUT:-/tmp}/fuzz$scale/$(basename $f)"
  done
  echo "crash files: $(ls "${OUT:-/tmp}/fuzz$scale" | grep -c crash-)"
done
