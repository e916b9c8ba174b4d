# Sourced by session 44's fuzz calls (run from the repository root on the GPU machine, carry
# `.gpuf`): `fuzz_at <scale> <seconds>` runs the bundled fuzz target with GPUCONV_FUZZ_SCALE=<scale>,
# 4 jobs of <seconds> each from a copy of .gpuf/corpus, crash inputs into $OUT/fuzz<scale>;
# `fuzz_report <scale>...` prints each job's inputs, errors and last line, and keeps the logs
# without their NEW/REDUCE lines in $OUT/fuzz<scale>.
root=$PWD
fuzz_at() {
  local scale=$1 seconds=$2 dir=/tmp/fuzz$1
  mkdir -p "${OUT:-/tmp}/fuzz$scale" "$dir"
  cp -r .gpuf/corpus "$dir/corpus"
  (cd "$dir" && GPUCONV_FUZZ_SCALE=$scale timeout $(( seconds + 80 )) "$root/.gpuf/run" gpuconv_fuzz -jobs=4 -workers=4 \
    -max_len=256 -max_total_time=$seconds -print_final_stats=1 -artifact_prefix="${OUT:-/tmp}/fuzz$scale/" \
    "$dir/corpus" > "$dir/parent.log" 2>&1; echo "scale $scale: rc $?")
}
fuzz_report() {
  local scale f
  for scale in "$@"; do
    for f in /tmp/fuzz$scale/fuzz-*.log; do
      echo "== scale $scale $(basename $f): $(grep -E '^stat::number_of_executed_units' "$f") $(grep -cE 'gpuconv_fuzz:|ERROR' "$f") errors; last: $(grep -E '^#[0-9]+' "$f" | tail -1)"
      grep -E 'WARN|gpuconv_fuzz:|ERROR|Assertion|Exception|Failure|Expected' "$f" | grep -v symbolizer | head -20
      grep -vE '^#[0-9]+.*(NEW|REDUCE|pulse|RELOAD)' "$f" | tail -40 > "${OUT:-/tmp}/fuzz$scale/$(basename $f)"
    done
    echo "crash files: $(ls "${OUT:-/tmp}/fuzz$scale" | grep -c crash-)"
  done
}
