#!/usr/bin/env bash
# Session 50, call a (carry .gpu: the bundle of 9b56d83, whose kernels split indices into quotient
# and remainder as x - q * d rather than x % d): session 49's call a over it: the whole suite in 6
# shards and Large.*, then every benchmark case in one process (each checks its result against
# cv::), the table written to $OUT/table.md.
exec bash "$(dirname "$0")/../s49/s49a.sh"
