# Session 55, call c (carry .gpu: s55b's bundle, its test program rebuilt with the two-queue test
# on 4K images on a GPU; .gpu/base as in s55b). The Concurrency tests five times with the library
# of e651e10, then the two-queue test five times with 8490231's.
. scripts/device_runs/s41/common.sh
for i in 1 2 3 4 5; do
  with "$here/lib" 90 opencv_test_gpuconv --gtest_filter='Concurrency.*' 2>&1 | grep -E '^\[ +(OK|FAILED) +\]' | tr '\n' ' '; echo
done
for i in 1 2 3 4 5; do
  echo "### 8490231's library, run $i"
  with "$here/base" 90 opencv_test_gpuconv --gtest_filter='Concurrency.two_queues*' > /tmp/base_$i.log 2>&1
  echo "rc $?"
  grep -E 'actual|Which is|call ' /tmp/base_$i.log | tr '\n' ' ' | cut -c1-700; echo
  grep -E '^\[ +(OK|FAILED) +\]' /tmp/base_$i.log | head -1
done
