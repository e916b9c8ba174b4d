// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"

#include <cstdlib>
#include <iostream>

// Tests run with fallbacks forbidden, so CPU work can never pass for OpenCL work, and they fail
// (never skip) without an OpenCL device.
static void forbidFallbacks()
{
    setenv("OPENCV_GPUCONV_FALLBACK", "0", 1);
    // OpenCV pools released buffers by default only on Intel devices; pooling everywhere makes the
    // tests see buffer reuse (test_launch.cpp) on every device.
    setenv("OPENCV_OPENCL_BUFFERPOOL_LIMIT", "536870912", 0);
}

#ifdef GPUCONV_WITH_OPENCV_TS

static void requireOpenCL()
{
    if (!gpuconv_test::openclDeviceReady(std::cout))
        std::exit(EXIT_FAILURE);
}
CV_TEST_MAIN("gpuconv", forbidFallbacks(), requireOpenCL())

#else

int main(int argc, char** argv)
{
    forbidFallbacks();
    ::testing::InitGoogleTest(&argc, argv);
    if (!gpuconv_test::openclDeviceReady(std::cout))
        return EXIT_FAILURE;
    return RUN_ALL_TESTS();
}

#endif
