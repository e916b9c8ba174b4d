// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

#include <cstdlib>
#include <iostream>

// Benchmarks run with fallbacks forbidden: a case that silently ran on the CPU would otherwise
// report CPU time as gpuconv's.
static void forbidFallbacks()
{
    setenv("OPENCV_GPUCONV_FALLBACK", "0", 1);
}

static void warmUpDevice()
{
    // GPUs idle at low clocks and ramp up under load: the first case must not pay for that.
    cv::UMat a(1, 64 << 20, CV_8U, cv::Scalar(1)), b;
    const int64 start = cv::getTickCount();
    while ((cv::getTickCount() - start) < cv::getTickFrequency() / 2)
    {
        a.copyTo(b);
        cv::ocl::finish();
    }
}

static bool prepareDevice()
{
    if (!cv::ocl::useOpenCL())
    {
        std::cerr << "opencv_perf_gpuconv: no usable OpenCL device (set OPENCV_OPENCL_DEVICE)\n";
        return false;
    }
    const cv::ocl::Device& d = cv::ocl::Device::getDefault();
    std::cout << "[ DEVICE ] " << d.name() << " | " << d.vendorName() << " | " << d.version()
              << " | driver " << d.driverVersion() << std::endl;
    std::cout << "[ TABLE ] | case | gpuconv us/call | gpuconv device us | cv:: us/call | cv:: device us"
                 " | copy us/call | copy device us | gpuconv/copy | cv::/gpuconv | gpuconv GB/s |"
              << std::endl;
    warmUpDevice();
    return true;
}

#ifdef GPUCONV_WITH_OPENCV_TS
static void requireDevice()
{
    if (!prepareDevice())
        std::exit(EXIT_FAILURE);
}
CV_PERF_TEST_MAIN(gpuconv, forbidFallbacks(), requireDevice())
#else
int main(int argc, char** argv)
{
    forbidFallbacks();
    ::testing::InitGoogleTest(&argc, argv);
    if (!prepareDevice())
        return EXIT_FAILURE;
    return RUN_ALL_TESTS();
}
#endif
