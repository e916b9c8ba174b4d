// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_LAUNCH_HPP
#define GPUCONV_LAUNCH_HPP

// How every gpuconv kernel is launched.
//
// cv::ocl::Kernel::run() registers a completion callback on every asynchronous launch to release
// its UMat arguments; on NVIDIA's driver that callback alone costs ~10 us of host time per launch,
// more than many whole filters take on the GPU (docs/PERFORMANCE.md). A KernelLaunch takes the same
// arguments as cv::ocl::Kernel (ocl::KernelArg for UMats, plain values), gets its cl_kernel from a
// cv::ocl::Kernel built from gpuconv's ProgramSource through OpenCV's program cache (one per thread
// and variant, reused), and enqueues it on OpenCV's queue for the thread without a callback. The
// UMats stay referenced by a short per-thread list of launches in flight, which drops them once
// an event reports completion (one launch in four asks for an event, which also covers the
// launches before it in the in-order queue; polled at the next such launch, waited for beyond a
// few groups).
// Launches with arguments that need OpenCV's own bookkeeping (UMats over host memory, which OpenCV
// synchronises after the kernel; constant buffers; n-dimensional UMats) go through
// cv::ocl::Kernel::run() unchanged.

#include <opencv2/core/ocl.hpp>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "plan.hpp"

namespace cv { namespace gpuconv { namespace detail {

class KernelLaunch
{
public:
    KernelLaunch(const char* kernelName, const ocl::ProgramSource& source, const std::string& options);

    /** True when the program failed to build for the device. */
    bool empty() const { return kernel_.empty(); }

    /** Sets argument `index` (a UMat takes the slots ocl::Kernel::set gives it); returns the next
        index, as ocl::Kernel::set does. The launch holds the UMat itself from here on, so the
        caller's may go before enqueue(). */
    int set(int index, const ocl::KernelArg& arg);
    int set(int index, int value) { return setValue(index, &value, sizeof(value)); }
    int set(int index, float value) { return setValue(index, &value, sizeof(value)); }
    int set(int index, double value) { return setValue(index, &value, sizeof(value)); }
    int set(int index, uint64 value) { return setValue(index, &value, sizeof(value)); }
    /** Sets argument `index` to `size` bytes passed by value (a struct of filter weights, which
        the kernel then reads as constant operands, without loads). */
    int setBytes(int index, const void* value, size_t size) { return setValue(index, value, size); }

    /** Sets all arguments from index 0, as ocl::Kernel::args does. */
    template <typename... Args>
    KernelLaunch& args(const Args&... values)
    {
        int index = 0;
        (void)std::initializer_list<int>{ (index = set(index, values), 0)... };
        return *this;
    }

    /** Enqueues the kernel asynchronously; false when the driver refused it. */
    bool enqueue(const LaunchShape& shape);

private:
    struct Argument
    {
        int index;
        bool isArray;
        ocl::KernelArg array;  // valid when isArray; its m is cleared:
        bool hasUMat = false;  // ... whether it was a UMat,
        UMat held;             // ... and that UMat: the launch's own reference
        uchar bytes[16];       // the value otherwise
        std::vector<uchar> large;  // ... or there when it is longer
        size_t size;
        const uchar* value() const { return size <= sizeof(bytes) ? bytes : large.data(); }
    };
    int setValue(int index, const void* value, size_t size);
    bool needsOpenCVRun() const;
    bool enqueueThroughOpenCV(const LaunchShape& shape);

    std::string name_;
    const ocl::ProgramSource* source_;
    std::string options_;
    ocl::Kernel kernel_;  // this thread's reusable kernel of the variant
    std::vector<Argument> args_;
};

/** `values` (filter weights, coefficients) in device memory. An upload waits for the queue, and
    filters are applied to many images with the same weights, so recent uploads are kept, keyed by
    OpenCL context, type, shape and content, and returned again. Entries are never written after
    their upload; kernels in flight keep theirs alive. Thread-safe. */
UMat deviceConstants(const Mat& values);

/** deviceConstants of `derive(values)`, cached under `values` and `derivation` (a name for what
    `derive` computes): constants derived on the host at some cost, such as a kernel's spectrum,
    are derived once per kernel. The shape is part of the key: the same weights in another shape
    have another spectrum. */
UMat deviceConstants(const Mat& values, const char* derivation, const std::function<Mat(const Mat&)>& derive);

}}} // namespace cv::gpuconv::detail

#endif
