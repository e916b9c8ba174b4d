// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"

#include <CL/cl.h>

#include <thread>

// What src/launch.hpp promises: kernels enqueued without OpenCV's completion callback still keep
// their UMat arguments alive until the device is done, work from several threads, and UMats over
// host memory are synchronised as OpenCV synchronises them.

namespace gpuconv_test {
namespace {

/** Holds this thread's OpenCV queue: commands enqueued after it wait until release(). */
class QueueGate
{
public:
    QueueGate()
    {
        cl_int err = CL_SUCCESS;
        gate_ = clCreateUserEvent((cl_context)ocl::Context::getDefault().ptr(), &err);
        if (err == CL_SUCCESS)
            err = clEnqueueMarkerWithWaitList((cl_command_queue)ocl::Queue::getDefault().ptr(), 1,
                                              &gate_, nullptr);
        ok_ = err == CL_SUCCESS;
    }
    ~QueueGate() { release(); }
    bool ok() const { return ok_; }
    void release()
    {
        if (gate_)
        {
            clSetUserEventStatus(gate_, CL_COMPLETE);
            clReleaseEvent(gate_);
            gate_ = nullptr;
        }
    }

private:
    cl_event gate_ = nullptr;
    bool ok_ = false;
};

TEST(Launch, arguments_stay_referenced_until_the_kernel_ran)
{
    // gpuconv enqueues without OpenCV's completion callback (src/launch.hpp), so it must itself
    // keep each UMat argument referenced until the kernel has run: otherwise a released argument
    // could go back to OpenCV's buffer pool and be overwritten through another queue first. The
    // call is enqueued behind a gate, so its kernel cannot run until the gate opens.
    RNG rng = testRng();
    const Size size(64, 48);
    Mat a = randomMat(rng, size, CV_32FC1), b = randomMat(rng, size, CV_32FC1), expected;
    cv::addWeighted(a, 0.3, b, 0.7, 12.25, expected);
    UMat ua, ub, dst(size, CV_32FC1);
    a.copyTo(ua);
    b.copyTo(ub);
    ocl::finish();
    const int before = ua.u->urefcount;
    {
        QueueGate gate;
        ASSERT_TRUE(gate.ok());
        gpuconv::addWeighted(ua, 0.3, ub, 0.7, 12.25, dst);
        EXPECT_EQ(before + 1, (int)ua.u->urefcount) << "src1 is not held while its kernel waits";
        EXPECT_EQ(before + 1, (int)ub.u->urefcount) << "src2 is not held while its kernel waits";
    }
    ocl::finish();
    // Later launches from this thread let go of the finished one: events are asked for on one
    // launch in four, so the one that follows its group's event does at the latest.
    UMat other;
    for (int i = 0; i < 8; ++i)
    {
        gpuconv::addWeighted(dst, 1, dst, 0, 0, other);
        ocl::finish();
    }
    EXPECT_EQ(before, (int)ua.u->urefcount) << "src1 is still held after its kernel ran";
    EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), defaultTolerance(CV_32F)));
}

TEST(Launch, threads_each_with_their_own_data_match_one_thread)
{
    const int threads = 4, rounds = 20;
    std::vector<int> failures(threads, 0);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([t, &failures] {
            RNG rng(1000 + t);
            const int type = t % 2 ? CV_8UC3 : CV_32FC1;
            for (int r = 0; r < rounds; ++r)
            {
                Mat a = randomMat(rng, Size(333, 97), type), b = randomMat(rng, Size(333, 97), type), e;
                cv::addWeighted(a, 0.25, b, 0.5, 1.5, e);
                UMat ua, ub, dst;
                a.copyTo(ua);
                b.copyTo(ub);
                gpuconv::addWeighted(ua, 0.25, ub, 0.5, 1.5, dst);
                if (!matsNear(e, dst.getMat(ACCESS_READ), defaultTolerance(CV_MAT_DEPTH(type))))
                    ++failures[t];
            }
        });
    for (std::thread& w : workers)
        w.join();
    for (int t = 0; t < threads; ++t)
        EXPECT_EQ(0, failures[t]) << "thread " << t;
}

TEST(Launch, umats_over_host_memory_are_synchronised)
{
    RNG rng = testRng();
    Mat a = randomMat(rng, Size(640, 480), CV_16SC2), b = randomMat(rng, Size(640, 480), CV_16SC2);
    Mat expected, result(a.size(), a.type(), Scalar::all(0));
    cv::addWeighted(a, 0.5, b, -0.25, 3, expected);
    {
        UMat ua = a.getUMat(ACCESS_READ), ub = b.getUMat(ACCESS_READ);
        UMat ur = result.getUMat(ACCESS_WRITE);
        gpuconv::addWeighted(ua, 0.5, ub, -0.25, 3, ur);
    }  // releasing the UMat over `result` makes the kernel's output visible in it
    EXPECT_TRUE(matsNear(expected, result, Tolerance::exact()));
}

} // namespace
} // namespace gpuconv_test
