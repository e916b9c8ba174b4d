#!/usr/bin/env bash
# Session 55, call f (carry .gpu: the bundle of 182c9f3, whose tilted sum keeps the non-finite
# reach within half the local memory). The whole suite, SmallLocalMemory among it; then the reduced
# suite at 8 KiB and at 1 KiB of local memory.
# The same commands as s55e.sh, over this bundle.
exec bash "$(dirname "$0")/s55e.sh"
