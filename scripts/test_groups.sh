# Sourced by scripts/test.sh and scripts/build_in_tree.sh. split_tests_by_function N sets the
# array test_groups to GoogleTest filters that split the whole suite by function for N processes
# (at most 4 groups; one, the whole suite, for N < 2), so that each kernel variant is built by one
# process. GoogleTest's round-robin shards each built most of them: on PoCL from cold caches, 505
# and 488 builds of the 699 programs in two shards, 706 s against 606 s split by function.
split_tests_by_function() {
  local sep='SepFilter2D_*:gpuconv/SepFilter2D_*' integral='Integral_*:gpuconv/Integral_*'
  local filter2d='Filter2D_*:gpuconv/Filter2D_*'
  case $1 in
    0 | 1) test_groups=('*') ;;
    2) test_groups=("$sep:$integral" "*-$sep:$integral") ;;
    3) test_groups=("$sep" "$integral" "*-$sep:$integral") ;;
    *) test_groups=("$sep" "$integral" "$filter2d" "*-$sep:$integral:$filter2d") ;;
  esac
}
