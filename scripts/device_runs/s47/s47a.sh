#!/usr/bin/env bash
# Session 47, call a (carry .gpu: the bundle of d61296d, whose single-pass tile layout moved into
# src/sep_tile_layout.hpp): the whole suite in 6 shards and Large.*, then every function's soak
# with the wide palette at sides x4 (seed 4701, 100 cases per function), the four at once.
cd "$(dirname "$0")/../../.."
. scripts/device_runs/s45/common.sh
whole_suite
wide_soak 4 4701 100
