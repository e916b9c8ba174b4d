# Session 55, call b (carry .gpu: the bundle of e651e10, whose scratch buffers are kept per thread
# and queue; in .gpu/base the library of 8490231, which kept them per thread and context). The
# whole suite, the Concurrency tests five times, then the two-queue test five times with the old
# library.
. scripts/device_runs/s41/common.sh
whole_suite
for i in 1 2 3 4 5; do
  with "$here/lib" 60 opencv_test_gpuconv --gtest_filter='Concurrency.*' 2>&1 | grep -E '^\[ +(OK|FAILED) +\]' | tr '\n' ' '; echo
done
for i in 1 2 3 4 5; do
  echo "### 8490231's library, run $i"
  with "$here/base" 60 opencv_test_gpuconv --gtest_filter='Concurrency.two_queues*' > /tmp/base_$i.log 2>&1
  echo "rc $?"
  grep -E -A3 'Failure' /tmp/base_$i.log | grep -E 'actual|Which is|call ' | tr '\n' ' ' | cut -c1-600; echo
  grep -E '^\[ +(OK|FAILED) +\]' /tmp/base_$i.log | head -2
done
