// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

#include <CL/cl.h>

#include <iostream>

// The host cost of one launch, the floor under every small case: how gpuconv launches
// (src/launch.hpp) against cv::ocl::Kernel::run() and the raw OpenCL calls, on a 16-element array
// so that the device work is negligible. docs/PERFORMANCE.md explains the figures.

namespace gpuconv_perf {
namespace {

void CL_CALLBACK ignoreCompletion(cl_event, cl_int, void*) {}

TEST(OCL_LaunchCost, host_time_per_launch)
{
    UMat a(1, 16, CV_8U, Scalar(1)), b(1, 16, CV_8U, Scalar(2)), d(1, 16, CV_8U);
    // Each function's whole host path (validation, plan, options, launch) on a 16x16 image.
    UMat small = randomUMat(Size(16, 16), CV_8UC1), smallDst(16, 16, CV_8UC1);
    UMat smallSum(17, 17, CV_32SC1);
    Mat kernel3x3(3, 3, CV_32F, Scalar(0.1)), kernel7x7(7, 7, CV_32F, Scalar(0.02));
    kernel3x3.at<float>(0, 0) = 0.2f;  // not rank 1
    kernel7x7.at<float>(0, 0) = 0.1f;
    const Mat taps5 = cv::getGaussianKernel(5, -1, CV_32F);
    ocl::ProgramSource source("__kernel void touch(__global uchar* p, int step, int offset)"
                              " { if (get_global_id(0) == 0) p[offset] = 1; }");
    ocl::Kernel cached("touch", source, "");
    ASSERT_FALSE(cached.empty());
    // The driver's cost per buffer argument: four distinct buffers.
    ocl::ProgramSource source4("__kernel void touch4(__global uchar* p, __global uchar* q,"
                               " __global uchar* r, __global uchar* s)"
                               " { if (get_global_id(0) == 0) { p[0] = q[0] + r[0] + s[0]; } }");
    ocl::Kernel cached4("touch4", source4, "");
    ASSERT_FALSE(cached4.empty());
    UMat e(1, 16, CV_8U, Scalar(3));
    cl_kernel raw4 = (cl_kernel)cached4.ptr();
    const cl_mem buffers4[] = { (cl_mem)d.handle(ACCESS_RW), (cl_mem)a.handle(ACCESS_READ),
                                (cl_mem)b.handle(ACCESS_READ), (cl_mem)e.handle(ACCESS_READ) };
    for (cl_uint i = 0; i < 4; ++i)
        clSetKernelArg(raw4, i, sizeof(cl_mem), &buffers4[i]);
    // The driver's cost per argument set: one buffer and 16 ints, as many as filter2D sets.
    ocl::ProgramSource source17("__kernel void touch17(__global uchar* p, int a0, int a1, int a2,"
                                " int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10,"
                                " int a11, int a12, int a13, int a14, int a15)"
                                " { if (get_global_id(0) == 0) p[0] = (uchar)(a0 + a15); }");
    ocl::Kernel cached17("touch17", source17, "");
    ASSERT_FALSE(cached17.empty());
    cl_kernel raw17 = (cl_kernel)cached17.ptr();
    const cl_mem buffer17 = (cl_mem)d.handle(ACCESS_RW);
    const auto setArgs17 = [&] {
        clSetKernelArg(raw17, 0, sizeof(cl_mem), &buffer17);
        for (cl_uint i = 1; i <= 16; ++i)
            clSetKernelArg(raw17, i, sizeof(int), &i);
    };
    setArgs17();
    cl_kernel raw = (cl_kernel)cached.ptr();
    cl_mem buffer = (cl_mem)d.handle(ACCESS_RW);
    const int zero = 0;
    clSetKernelArg(raw, 0, sizeof(buffer), &buffer);
    clSetKernelArg(raw, 1, sizeof(zero), &zero);
    clSetKernelArg(raw, 2, sizeof(zero), &zero);
    cl_command_queue queue = (cl_command_queue)ocl::Queue::getDefault().ptr();
    size_t one = 1;

    const struct { const char* what; std::function<void()> call; } cases[] = {
        { "gpuconv::addWeighted 1x16", [&] { gpuconv::addWeighted(a, 0.5, b, 0.5, 0, d); } },
        { "cv::addWeighted 1x16", [&] { cv::addWeighted(a, 0.5, b, 0.5, 0, d); } },
        { "UMat::copyTo 16 bytes", [&] { a.copyTo(d); } },
        { "gpuconv::filter2D 3x3 16x16", [&] { gpuconv::filter2D(small, smallDst, -1, kernel3x3); } },
        { "gpuconv::filter2D 7x7 16x16", [&] { gpuconv::filter2D(small, smallDst, -1, kernel7x7); } },
        { "gpuconv::sepFilter2D 5 taps 16x16", [&] {
              gpuconv::sepFilter2D(small, smallDst, -1, taps5, taps5); } },
        { "gpuconv::integral 16x16", [&] { gpuconv::integral(small, smallSum, CV_32S); } },
        { "cv::filter2D 3x3 16x16", [&] { cv::filter2D(small, smallDst, -1, kernel3x3); } },
        { "cv::filter2D 7x7 16x16", [&] { cv::filter2D(small, smallDst, -1, kernel7x7); } },
        { "cv::sepFilter2D 5 taps 16x16", [&] { cv::sepFilter2D(small, smallDst, -1, taps5, taps5); } },
        { "cv::integral 16x16", [&] { cv::integral(small, smallSum, CV_32S); } },
        { "cv::ocl::Kernel ctor + args + run()", [&] {
              ocl::Kernel k("touch", source, "");
              k.args(ocl::KernelArg::WriteOnlyNoSize(d));
              k.run(1, &one, nullptr, false);
          } },
        { "clEnqueueNDRangeKernel, no event", [&] {
              clEnqueueNDRangeKernel(queue, raw, 1, nullptr, &one, nullptr, 0, nullptr, nullptr);
          } },
        { "clEnqueueNDRangeKernel, 4 buffer arguments, no event", [&] {
              clEnqueueNDRangeKernel(queue, raw4, 1, nullptr, &one, nullptr, 0, nullptr, nullptr);
          } },
        { "clEnqueueNDRangeKernel, 17 arguments set once, no event", [&] {
              clEnqueueNDRangeKernel(queue, raw17, 1, nullptr, &one, nullptr, 0, nullptr, nullptr);
          } },
        { "clSetKernelArg x17 + clEnqueueNDRangeKernel, no event", [&] {
              setArgs17();
              clEnqueueNDRangeKernel(queue, raw17, 1, nullptr, &one, nullptr, 0, nullptr, nullptr);
          } },
        { "clSetKernelArg x17 alone", [&] { setArgs17(); } },
        { "clEnqueueNDRangeKernel with an event", [&] {
              cl_event event = nullptr;
              clEnqueueNDRangeKernel(queue, raw, 1, nullptr, &one, nullptr, 0, nullptr, &event);
              clReleaseEvent(event);
          } },
        { "clEnqueueNDRangeKernel + clSetEventCallback", [&] {
              cl_event event = nullptr;
              clEnqueueNDRangeKernel(queue, raw, 1, nullptr, &one, nullptr, 0, nullptr, &event);
              clSetEventCallback(event, CL_COMPLETE, ignoreCompletion, nullptr);
              clReleaseEvent(event);
          } },
    };
    for (const auto& c : cases)
    {
        const Timing t = timeOperation(c.call);
        std::cout << "[ LAUNCH ] " << c.what << ": " << t.median << " us per call" << std::endl;
        ::testing::Test::RecordProperty(c.what, cv::format("%.2f", t.median));
    }
}

} // namespace
} // namespace gpuconv_perf
