#!/usr/bin/env bash
# Session 38, call b: call a's cases again (s38a.sh, same libraries' roles), the bundle's library
# now taking 8- and 16-bit vector windows only under kernels above 3x3 (filter2D and sepFilter2D)
# and storing sepFilter2D's direct outputs pixel by pixel as before: the filter tests in 4 shards,
# then each library its own process, in turn, three rounds.
exec bash "$(dirname "$0")/s38a.sh"
