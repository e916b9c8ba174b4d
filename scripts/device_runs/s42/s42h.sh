#!/usr/bin/env bash
# Session 42, call h: the review's kernel edit (the falling walks' array addressed from `carried`,
# the same address): the integral tests on the GPU.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s41/common.sh
test_shards '*Integral*:*integral*' 2>&1 | tee "${OUT:-/tmp}/s42h.log"
