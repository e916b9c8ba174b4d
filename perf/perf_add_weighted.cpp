// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

namespace gpuconv_perf {
namespace {

typedef ::testing::TestWithParam<std::tuple<Size, int>> OCL_AddWeighted;

TEST_P(OCL_AddWeighted, AddWeighted)
{
    const Size size = std::get<0>(GetParam());
    const int type = std::get<1>(GetParam());
    UMat src1 = randomUMat(size, type, 1), src2 = randomUMat(size, type, 2);
    UMat dstGpuconv(size, type), dstCv(size, type);
    const double alpha = 0.3, beta = 0.7, gamma = 12.25;

    Traffic traffic;
    traffic.bytesIn = 2.0 * size.area() * CV_ELEM_SIZE(type);
    traffic.bytesOut = 1.0 * size.area() * CV_ELEM_SIZE(type);
    compareWithOpenCV("addWeighted " + caseName(size, type), traffic,
                      [&] { gpuconv::addWeighted(src1, alpha, src2, beta, gamma, dstGpuconv); },
                      [&] { cv::addWeighted(src1, alpha, src2, beta, gamma, dstCv); });

    // The timed result must be the right one.
    Mat diff;
    cv::absdiff(dstGpuconv, dstCv, diff);
    EXPECT_LE(cv::norm(diff, NORM_INF), CV_MAT_DEPTH(type) == CV_32F ? 1e-3 : 0.0);
}

INSTANTIATE_TEST_CASE_P(gpuconv, OCL_AddWeighted,
    ::testing::Combine(::testing::Values(sz1080p, sz2160p),
                       ::testing::Values(CV_8UC1, CV_8UC4, CV_32FC1)));

} // namespace
} // namespace gpuconv_perf
