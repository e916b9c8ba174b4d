#!/usr/bin/env bash
# Session 51, call a (carry .gpu: the bundle of b43494f, whose integral kernels take a ticket's tile
# row by integer division instead of through float): session 49's call a over it: the whole suite
# in 6 shards and Large.*, then every benchmark case in one process (each checks its result against
# cv::), the table written to $OUT/table.md.
exec bash "$(dirname "$0")/../s49/s49a.sh"
