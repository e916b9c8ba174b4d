// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"

#include <functional>

namespace gpuconv_test {
namespace {

// Scale: a 16384 x 16384 8UC1 image (256 MiB; integral's sum takes 1 GiB) through all four
// functions, against cv::. Byte offsets of rows reach 2^28 and the sum's 2^30: any 32-bit
// product of a row index and a step or width in the kernels that overflowed would show here.

const Size kLarge(16384, 16384);

TEST(Large, size_16384_8UC1_all_functions_match_cv)
{
    RNG rng = testRng();
    Mat a = randomMat(rng, kLarge, CV_8UC1), b = randomMat(rng, kLarge, CV_8UC1), expected;
    UMat ua, ub, dst;
    a.copyTo(ua);
    b.copyTo(ub);
    {
        SCOPED_TRACE("addWeighted");
        cv::addWeighted(a, 0.75, b, 0.25, 2, expected);
        gpuconv::addWeighted(ua, 0.75, ub, 0.25, 2, dst);
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), Tolerance::exact()));
    }
    {
        SCOPED_TRACE("sepFilter2D");
        const Mat g = getGaussianKernel(5, 0, CV_32F);
        cv::sepFilter2D(a, expected, -1, g, g);
        gpuconv::sepFilter2D(ua, dst, -1, g, g);
        // cv::'s fixed-point tail rounds ties differently from its SIMD body (test_sep_filter2d.cpp).
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), Tolerance::absolute(1)));
    }
    {
        SCOPED_TRACE("filter2D");
        const Mat k = (Mat_<float>(3, 3) << 0, -1, 0, -1, 5, -1, 0, -1, 0);
        cv::filter2D(a, expected, -1, k);
        gpuconv::filter2D(ua, dst, -1, k);
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), Tolerance::absolute(1)));
    }
    dst.release();
    {
        SCOPED_TRACE("integral");
        cv::integral(a, expected, CV_32S);
        gpuconv::integral(ua, dst, CV_32S);
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), Tolerance::exact()));
    }
    dst.release();
    {
        SCOPED_TRACE("integral, tilted sum");
        Mat expectedSq, expectedTilted;
        cv::integral(a, expected, expectedSq, expectedTilted, CV_32S, CV_32S);
        expected.release();
        expectedSq.release();
        UMat sqsum, tilted;
        gpuconv::integral(ua, dst, sqsum, tilted, CV_32S, CV_32S);
        EXPECT_TRUE(matsNear(expectedTilted, tilted.getMat(ACCESS_READ), Tolerance::exact()));
    }
}

// Arrays the device cannot hold or gpuconv's kernels cannot address with 32-bit offsets (more than
// INT_MAX bytes): integral's 64F squared sum of this image takes 2^31 + 262152 bytes, and so does
// the 64F upright sum from which a 32F tilted sum is derived. gpuconv declines them rather than
// fail in an allocation or overflow an offset, so with fallbacks forbidden the error names the
// function and the array.
TEST(Large, arrays_beyond_32bit_offsets_or_the_allocation_limit_are_declined)
{
    UMat src(kLarge, CV_8UC1, Scalar(1)), sum, sqsum, tilted;
    const auto expectDeclined = [](const std::function<void()>& call, const std::string& array) {
        SCOPED_TRACE(array);
        try
        {
            call();
            ADD_FAILURE() << "no error";
        }
        catch (const cv::Exception& e)
        {
            EXPECT_EQ(Error::StsNotImplemented, e.code) << e.what();
            EXPECT_NE(std::string::npos, std::string(e.what()).find("gpuconv::integral")) << e.what();
            EXPECT_NE(std::string::npos, std::string(e.what()).find(array)) << e.what();
        }
    };
    expectDeclined([&] { gpuconv::integral(src, sum, sqsum, CV_32S, CV_64F); }, "squared sum");
    expectDeclined([&] { gpuconv::integral(src, sum, sqsum, tilted, CV_32F, CV_32F); },
                   "double sum for the tilted sum");
}

} // namespace
} // namespace gpuconv_test
