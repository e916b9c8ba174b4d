// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

namespace gpuconv_perf {
namespace {

typedef ::testing::TestWithParam<std::tuple<Size, int, int>> OCL_SepFilter2D;

// GaussianBlur-style use: the same Gaussian along x and y, border REFLECT_101.
TEST_P(OCL_SepFilter2D, Gaussian)
{
    const Size size = std::get<0>(GetParam());
    const int type = std::get<1>(GetParam()), ksize = std::get<2>(GetParam());
    UMat src = randomUMat(size, type, 1);
    UMat dstGpuconv(size, type), dstCv(size, type);
    const Mat kernel = getGaussianKernel(ksize, 0, CV_32F);

    Traffic traffic;
    traffic.bytesIn = traffic.bytesOut = 1.0 * size.area() * CV_ELEM_SIZE(type);
    compareWithOpenCV(cv::format("sepFilter2D %dx%d ", ksize, ksize) + caseName(size, type), traffic,
                      [&] { gpuconv::sepFilter2D(src, dstGpuconv, -1, kernel, kernel); },
                      [&] { cv::sepFilter2D(src, dstCv, -1, kernel, kernel); });

    // The timed result must be the right one (cv::'s OpenCL path rounds its float sums its own way).
    Mat diff;
    cv::absdiff(dstGpuconv, dstCv, diff);
    EXPECT_LE(cv::norm(diff, NORM_INF), CV_MAT_DEPTH(type) == CV_32F ? 1e-3 : 1.0);
}

INSTANTIATE_TEST_CASE_P(gpuconv, OCL_SepFilter2D,
    ::testing::Combine(::testing::Values(sz1080p, sz2160p),
                       ::testing::Values(CV_8UC1, CV_8UC4, CV_32FC1),
                       ::testing::Values(5, 17, 31)));

} // namespace
} // namespace gpuconv_perf
