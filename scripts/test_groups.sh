# Sourced by scripts/test.sh and scripts/build_in_tree.sh. split_tests_by_function N [EXCLUDED]
# sets the array test_groups to GoogleTest filters that split the whole suite by function for N
# processes (at most 4 groups; one, the whole suite, for N < 2), leaving out the tests EXCLUDED
# names (a filter, e.g. 'Large.*'), so that each kernel variant is built by one process.
# GoogleTest's round-robin shards each built most of them: on PoCL from cold caches, 505 and 488
# builds of the 699 programs in two shards, 706 s against 606 s split by function.
split_tests_by_function() {
  local sep='SepFilter2D_*:gpuconv/SepFilter2D_*' integral='Integral_*:gpuconv/Integral_*'
  local filter2d='Filter2D_*:gpuconv/Filter2D_*'
  local without=${2:+-$2} also=${2:+:$2}  # EXCLUDED as a group's only negative pattern, or one more
  case $1 in
    0 | 1) test_groups=("*$without") ;;
    # Large.* (16384x16384 images, 84 s of compute on PoCL), unless excluded, with the sepFilter2D
    # and integral tests, to even out two processes from cold kernel caches: a984a14's clean-clone
    # run took 549 s for those and 677 s for the rest, Large.* among it.
    2) local first="$sep:$integral"
       [[ -n ${2:-} ]] || first+=":Large.*"
       test_groups=("$first$without" "*-$first$also") ;;
    3) test_groups=("$sep$without" "$integral$without" "*-$sep:$integral$also") ;;
    *) test_groups=("$sep$without" "$integral$without" "$filter2d$without" "*-$sep:$integral:$filter2d$also") ;;
  esac
}
