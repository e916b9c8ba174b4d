// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

namespace gpuconv_perf {
namespace {

/** Times gpuconv::filter2D against cv::filter2D on a random image of `size` and `type`, and
    checks that the timed result is the right one. */
void compareFilter2D(const std::string& name, Size size, int type, const Mat& kernel)
{
    UMat src = randomUMat(size, type, 1);
    UMat dstGpuconv(size, type), dstCv(size, type);
    Traffic traffic;
    traffic.bytesIn = 1.0 * size.area() * CV_ELEM_SIZE(type);
    traffic.bytesOut = 1.0 * size.area() * CV_ELEM_SIZE(type);
    compareWithOpenCV(name + " " + caseName(size, type), traffic,
                      [&] { gpuconv::filter2D(src, dstGpuconv, -1, kernel); },
                      [&] { cv::filter2D(src, dstCv, -1, kernel); });
    Mat diff;
    cv::absdiff(dstGpuconv, dstCv, diff);
    EXPECT_LE(cv::norm(diff, NORM_INF), CV_MAT_DEPTH(type) == CV_32F ? 1e-2 : 1.0);
}

typedef ::testing::TestWithParam<std::tuple<int, Size, int>> OCL_Filter2D;

TEST_P(OCL_Filter2D, Filter2D)
{
    const int ksize = std::get<0>(GetParam());
    compareFilter2D(cv::format("filter2D %dx%d", ksize, ksize), std::get<1>(GetParam()),
                    std::get<2>(GetParam()), unitGainKernel(ksize));
}

INSTANTIATE_TEST_CASE_P(gpuconv, OCL_Filter2D,
    ::testing::Combine(::testing::Values(3, 5, 7, 15, 31),
                       ::testing::Values(sz1080p, sz2160p),
                       ::testing::Values(CV_8UC1, CV_8UC4, CV_32FC1)));

// Kernel sizes between those above at 4K, where filter2D's direct correlation and its
// frequency-domain path (src/plan.cpp, planFilter2DSpectral) cross over.
typedef ::testing::TestWithParam<std::tuple<int, int>> OCL_Filter2D_Crossover;

TEST_P(OCL_Filter2D_Crossover, Filter2D)
{
    const int ksize = std::get<0>(GetParam());
    compareFilter2D(cv::format("filter2D %dx%d", ksize, ksize), sz2160p, std::get<1>(GetParam()),
                    unitGainKernel(ksize));
}

INSTANTIATE_TEST_CASE_P(gpuconv, OCL_Filter2D_Crossover,
    ::testing::Combine(::testing::Values(9, 11, 13), ::testing::Values(CV_8UC1, CV_8UC4, CV_32FC1)));

// A Gaussian given as a 2D kernel (an outer product): gpuconv detects rank 1 and runs it as
// sepFilter2D where that is cheaper; cv::filter2D convolves in 2D.
typedef ::testing::TestWithParam<std::tuple<int, Size, int>> OCL_Filter2D_RankOne;

TEST_P(OCL_Filter2D_RankOne, Filter2D)
{
    const int ksize = std::get<0>(GetParam());
    const Mat g = cv::getGaussianKernel(ksize, -1, CV_32F);
    compareFilter2D(cv::format("filter2D gaussian %dx%d", ksize, ksize), std::get<1>(GetParam()),
                    std::get<2>(GetParam()), g * g.t());
}

INSTANTIATE_TEST_CASE_P(gpuconv, OCL_Filter2D_RankOne,
    ::testing::Combine(::testing::Values(15, 31), ::testing::Values(sz2160p),
                       ::testing::Values(CV_8UC1, CV_32FC1)));

// In place on a ROI of a larger image, as an application filtering a region of a frame does:
// the filter reads its source while it writes, so both implementations copy the source first;
// gpuconv copies the rows the filter reads, not the whole image.
TEST(OCL_Filter2D_InplaceRoi, Filter2D)
{
    const Mat kernel = (Mat_<float>(3, 3) << 0, -1, 0, -1, 5, -1, 0, -1, 0);
    const Rect roi(1664, 824, 512, 512);
    const int type = CV_8UC1;
    UMat imageGpuconv = randomUMat(sz2160p, type, 1), imageCv = imageGpuconv.clone();
    UMat roiGpuconv = imageGpuconv(roi), roiCv = imageCv(roi);
    Traffic traffic;
    traffic.bytesIn = traffic.bytesOut = 1.0 * roi.area() * CV_ELEM_SIZE(type);
    compareWithOpenCV("filter2D 3x3 in place, 512x512 ROI of " + caseName(sz2160p, type), traffic,
                      [&] { gpuconv::filter2D(roiGpuconv, roiGpuconv, -1, kernel); },
                      [&] { cv::filter2D(roiCv, roiCv, -1, kernel); });
    // The timed calls filtered each image a different number of times: check one call on the
    // same data against cv:: on the CPU.
    const UMat image = randomUMat(sz2160p, type, 2);
    Mat expected = image.getMat(ACCESS_READ).clone();
    cv::filter2D(expected(roi), expected(roi), -1, kernel);
    image.copyTo(imageGpuconv);
    gpuconv::filter2D(roiGpuconv, roiGpuconv, -1, kernel);
    Mat diff;
    cv::absdiff(imageGpuconv, expected, diff);
    EXPECT_LE(cv::norm(diff, NORM_INF), 1.0);
}

} // namespace
} // namespace gpuconv_perf
