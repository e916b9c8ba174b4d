# Sourced by session 45's device calls (run from the repository root on the GPU machine):
# session 44's `fuzz_at` and `fuzz_report` (carry `.gpuf`), and `corpus_back <scale>...`, which
# packs each scale's grown corpus into $OUT/corpus<scale>.tgz; with `.gpu` carried too, session
# 41's `whole_suite` and `wide_soak <scale> <seed> <cases>`: every function's soak with the wide
# palette (GPUCONV_SOAK_PALETTE=wide), the four functions at once; `fuzz_plans <seconds>
# <scale>:<VAR=value>...`: fuzz_at each scale for <seconds> with its setting in the environment,
# all beside each other, then the time they took and fuzz_report of the scales in that order;
# `fuzz_forced_plans <seconds>`: fuzz_plans with session 46's call i's four settings, the plans the
# GPU never takes by itself (scripts/device_runs/s46/s46i.sh says what each forces).
. scripts/device_runs/s44/common.sh
if [ -d .gpu ]; then . scripts/device_runs/s41/common.sh; fi
corpus_back() {
  local scale
  for scale in "$@"; do
    tar czf "${OUT:-/tmp}/corpus$scale.tgz" -C "/tmp/fuzz$scale" corpus
    echo "corpus $scale: $(ls /tmp/fuzz$scale/corpus | wc -l) inputs"
  done
}
wide_soak() {
  local scale=$1 seed=$2 cases=$3 fn s=$(date +%s)
  for fn in addWeighted sepFilter2D filter2D integral; do
    GPUCONV_SOAK_PALETTE=wide GPUCONV_SOAK_SEED=$seed GPUCONV_SOAK_SCALE=$scale GPUCONV_SOAK_CASES=$cases \
      with "$here/lib" 450 opencv_test_gpuconv --gtest_filter="*Soak.random_cases_match_cv/$fn" > /tmp/wsoak_$fn.log 2>&1 &
  done
  wait
  echo "wide soak, scale $scale, seed $seed, $cases cases each: $(( $(date +%s) - s )) s"
  for fn in addWeighted sepFilter2D filter2D integral; do
    echo "$fn: $(grep -E '^\[  PASSED|^\[  FAILED  \]' /tmp/wsoak_$fn.log | head -2 | tr '\n' ' ') overruled: $(grep -c 'cv:: overruled' /tmp/wsoak_$fn.log)"
    grep -A3 'Failure' /tmp/wsoak_$fn.log | cut -c1-700 | head -20
  done
}
fuzz_plans() {
  local seconds=$1 s=$(date +%s) spec scales=()
  shift
  for spec in "$@"; do
    scales+=("${spec%%:*}")
    (export "${spec#*:}"; fuzz_at "${spec%%:*}" "$seconds") &
  done
  wait
  echo "fuzz: $(( $(date +%s) - s )) s"
  fuzz_report "${scales[@]}"
}
fuzz_forced_plans() {
  fuzz_plans "$1" 2:OPENCV_GPUCONV_SEPFILTER_TUNE=4,4,16,16 3:OPENCV_GPUCONV_FILTER2D_PLAN=8,8,2,2,1 \
    4:OPENCV_GPUCONV_SEPFILTER_DIRECT=1,1,7 5:OPENCV_GPUCONV_INTEGRAL_TUNE=2,2,0,1,8,2,0,0,2,2
}
