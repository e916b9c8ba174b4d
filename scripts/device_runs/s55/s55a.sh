# Session 55, call a (carry .gpu: the bundle of the working tree at 8490231, and in .gpu/sab_scratch
# and .gpu/sab_constants its library with scratch-without-context.patch or
# constants-without-context.patch applied). The whole suite on the GPU, then the two-context test
# with each deliberately broken library: does NVIDIA's driver tell one context's buffers in
# another's launches?
. scripts/device_runs/s41/common.sh
whole_suite
with "$here/lib" 60 opencv_test_gpuconv --gtest_filter='Concurrency.*' 2>&1 | grep -E '^\[ +(OK|FAILED) +\]|PASSED|FAILED TEST'
for sab in sab_scratch sab_constants; do
  echo "### $sab"
  with "$here/$sab" 60 opencv_test_gpuconv --gtest_filter='Concurrency.two*' > /tmp/$sab.log 2>&1
  echo "rc $?"
  grep -E 'Failure|differs|CL_INVALID|failed:|^\[ +(OK|FAILED) +\]' /tmp/$sab.log | sort | uniq -c | sort -rn | head -12
done
