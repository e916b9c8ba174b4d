// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

namespace gpuconv_perf {
namespace {

// The pixel types the headline cases leave out (3-channel colour images, 16-bit and two-channel
// data), one call of each function at 1080p and at 4K: gpuconv against cv:: on UMat, so that
// "never slower than cv::" is seen beyond 8UC1, 8UC4 and 32FC1. (The plans change shape with the
// image size: 4K 32FC3 7x7 filter2D was slower than cv::'s until d083d75.) The size is the first
// parameter, so the 1080p cases keep their indices /0 to /29.
enum TypeCaseOp { FILTER2D_3, FILTER2D_7, GAUSSIAN_5, GAUSSIAN_17, INTEGRAL, ADD_WEIGHTED };

typedef ::testing::TestWithParam<std::tuple<Size, int, int>> OCL_Types;

TEST_P(OCL_Types, OneCall)
{
    const Size size = std::get<0>(GetParam());
    const int op = std::get<1>(GetParam()), type = std::get<2>(GetParam());
    UMat src = randomUMat(size, type, 1), src2 = randomUMat(size, type, 2);
    UMat dstGpuconv, dstCv;
    Traffic traffic;
    traffic.bytesIn = traffic.bytesOut = 1.0 * size.area() * CV_ELEM_SIZE(type);
    // The largest difference from cv::'s result allowed: absolute, plus relative to cv::'s largest value.
    double absTolerance = CV_MAT_DEPTH(type) == CV_32F ? 1e-3 : 1.0, relTolerance = 0;
    std::string label;
    std::function<void()> gpuconvCall, cvCall;
    if (op == FILTER2D_3 || op == FILTER2D_7)
    {
        const int ksize = op == FILTER2D_3 ? 3 : 7;
        const Mat kernel = unitGainKernel(ksize);
        label = cv::format("filter2D %dx%d", ksize, ksize);
        gpuconvCall = [=, &dstGpuconv] { gpuconv::filter2D(src, dstGpuconv, -1, kernel); };
        cvCall = [=, &dstCv] { cv::filter2D(src, dstCv, -1, kernel); };
    }
    else if (op == GAUSSIAN_5 || op == GAUSSIAN_17)
    {
        const int ksize = op == GAUSSIAN_5 ? 5 : 17;
        const Mat kernel = getGaussianKernel(ksize, 0, CV_32F);
        label = cv::format("sepFilter2D %dx%d", ksize, ksize);
        gpuconvCall = [=, &dstGpuconv] { gpuconv::sepFilter2D(src, dstGpuconv, -1, kernel, kernel); };
        cvCall = [=, &dstCv] { cv::sepFilter2D(src, dstCv, -1, kernel, kernel); };
    }
    else if (op == INTEGRAL)
    {
        // The default sum depth: 32S for 8-bit sources, 64F otherwise (sums compared exactly,
        // doubles relative to the largest sum).
        const int sdepth = CV_MAT_DEPTH(type) == CV_8U ? CV_32S : CV_64F;
        traffic.bytesOut = (double)(size.width + 1) * (size.height + 1) * CV_MAT_CN(type) * CV_ELEM_SIZE1(sdepth);
        absTolerance = 0;
        relTolerance = sdepth == CV_32S ? 0 : 1e-10;
        label = "integral";
        gpuconvCall = [=, &dstGpuconv] { gpuconv::integral(src, dstGpuconv, sdepth); };
        cvCall = [=, &dstCv] { cv::integral(src, dstCv, sdepth); };
    }
    else
    {
        traffic.bytesIn *= 2;
        absTolerance = CV_MAT_DEPTH(type) == CV_32F ? 1e-3 : 0;
        label = "addWeighted";
        gpuconvCall = [=, &dstGpuconv] { gpuconv::addWeighted(src, 0.3, src2, 0.7, 12.25, dstGpuconv); };
        cvCall = [=, &dstCv] { cv::addWeighted(src, 0.3, src2, 0.7, 12.25, dstCv); };
    }
    compareWithOpenCV(label + " " + caseName(size, type), traffic, gpuconvCall, cvCall);

    // The timed result must be the right one.
    EXPECT_LE(cv::norm(dstGpuconv, dstCv, NORM_INF), absTolerance + relTolerance * cv::norm(dstCv, NORM_INF));
}

INSTANTIATE_TEST_CASE_P(gpuconv, OCL_Types,
    ::testing::Combine(::testing::Values(sz1080p, sz2160p),
                       ::testing::Values(FILTER2D_3, FILTER2D_7, GAUSSIAN_5, GAUSSIAN_17, INTEGRAL, ADD_WEIGHTED),
                       ::testing::Values(CV_8UC3, CV_8UC2, CV_16UC1, CV_16SC1, CV_32FC3)));

} // namespace
} // namespace gpuconv_perf
