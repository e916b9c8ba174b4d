// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

namespace gpuconv_perf {
namespace {

enum IntegralOutputs { SUM, SUM_SQSUM, SUM_SQSUM_TILTED };

struct IntegralPerfCase
{
    int type, sdepth, sqdepth;
    IntegralOutputs outputs;
    const char* name;
};

const IntegralPerfCase kIntegralCases[] = {
    { CV_8UC1, CV_32S, CV_64F, SUM, "8UC1->32S" },
    { CV_8UC1, CV_32S, CV_64F, SUM_SQSUM, "8UC1->32S+sqsum 64F" },
    { CV_8UC4, CV_32S, CV_64F, SUM, "8UC4->32S" },
    { CV_32FC1, CV_32F, CV_64F, SUM, "32FC1->32F" },
    { CV_32FC1, CV_64F, CV_64F, SUM, "32FC1->64F" },
    { CV_8UC1, CV_32S, CV_64F, SUM_SQSUM_TILTED, "8UC1->32S+sqsum 64F+tilted" },
    { CV_32FC1, CV_32F, CV_64F, SUM_SQSUM_TILTED, "32FC1->32F+sqsum 64F+tilted" },
};

typedef ::testing::TestWithParam<std::tuple<Size, int>> OCL_Integral;

TEST_P(OCL_Integral, Integral)
{
    const Size size = std::get<0>(GetParam());
    const IntegralPerfCase& c = kIntegralCases[std::get<1>(GetParam())];
    const int cn = CV_MAT_CN(c.type);
    UMat src = randomUMat(size, c.type, 1);
    UMat sumG, sqG, tiltG, sumC, sqC, tiltC;

    const double outPixels = (double)(size.width + 1) * (size.height + 1) * cn;
    Traffic traffic;
    traffic.bytesIn = (double)size.area() * CV_ELEM_SIZE(c.type);
    traffic.bytesOut = outPixels * CV_ELEM_SIZE1(c.sdepth) * (c.outputs == SUM_SQSUM_TILTED ? 2 : 1) +
                       (c.outputs != SUM ? outPixels * CV_ELEM_SIZE1(c.sqdepth) : 0);
    const std::string label = std::string("integral ") + c.name + " " + caseName(size, c.type);
    switch (c.outputs)
    {
    case SUM:
        compareWithOpenCV(label, traffic, [&] { gpuconv::integral(src, sumG, c.sdepth); },
                          [&] { cv::integral(src, sumC, c.sdepth); });
        break;
    case SUM_SQSUM:
        compareWithOpenCV(label, traffic,
                          [&] { gpuconv::integral(src, sumG, sqG, c.sdepth, c.sqdepth); },
                          [&] { cv::integral(src, sumC, sqC, c.sdepth, c.sqdepth); });
        break;
    case SUM_SQSUM_TILTED:
        compareWithOpenCV(label, traffic,
                          [&] { gpuconv::integral(src, sumG, sqG, tiltG, c.sdepth, c.sqdepth); },
                          [&] { cv::integral(src, sumC, sqC, tiltC, c.sdepth, c.sqdepth); });
        break;
    }

    // The timed results must be the right ones (integer sums exactly; float sums relative to
    // their largest value: the accumulation orders differ).
    const double tol = c.sdepth == CV_32F ? 1e-5 : c.sdepth == CV_64F ? 1e-10 : 0;
    EXPECT_LE(cv::norm(sumG, sumC, NORM_INF), tol * cv::norm(sumC, NORM_INF));
    if (c.outputs != SUM)
    {
        EXPECT_LE(cv::norm(sqG, sqC, NORM_INF), 1e-10 * cv::norm(sqC, NORM_INF));
    }
    if (c.outputs == SUM_SQSUM_TILTED)
    {
        EXPECT_LE(cv::norm(tiltG, tiltC, NORM_INF), tol * cv::norm(tiltC, NORM_INF));
    }
}

INSTANTIATE_TEST_CASE_P(gpuconv, OCL_Integral,
    ::testing::Combine(::testing::Values(szVGA, sz1080p, sz2160p),
                       ::testing::Range(0, (int)(sizeof(kIntegralCases) / sizeof(kIntegralCases[0])))));

} // namespace
} // namespace gpuconv_perf
