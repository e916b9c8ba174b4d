// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"

namespace gpuconv_test {
namespace {

struct WeightedCase
{
    int depth1, depth2, dtype, cn;
    Size size;
    int dstMode;
    double alpha, beta, gamma;
};

std::string describe(const WeightedCase& c)
{
    std::ostringstream s;
    s << depthName(c.depth1) << "C" << c.cn << " + " << depthName(c.depth2) << "C" << c.cn
      << " -> dtype " << depthName(c.dtype) << ", " << c.size << ", " << dstModeName(c.dstMode)
      << ", alpha " << c.alpha << " beta " << c.beta << " gamma " << c.gamma;
    return s.str();
}

/** Runs one case through cv::addWeighted on Mat and gpuconv::addWeighted on UMat and compares,
    including the guard around a ROI destination and in-place use of src1 or src2. */
void checkWeightedSum(const WeightedCase& c, RNG& rng)
{
    SCOPED_TRACE(describe(c));
    const bool roi = c.dstMode != DST_NEW;
    TestArray src1(rng, c.size, CV_MAKETYPE(c.depth1, c.cn), roi);
    TestArray src2(rng, c.size, CV_MAKETYPE(c.depth2, c.cn), roi);
    const int outDepth = c.dtype < 0 ? c.depth1 : c.dtype;

    Mat expected;
    cv::addWeighted(src1.roi, c.alpha, src2.roi, c.beta, c.gamma, expected, c.dtype);
    if (declinedWithoutDoubles(addWeightedNeedsDoubles(c.depth1, c.depth2, c.dtype), [&] {
            UMat dst;
            gpuconv::addWeighted(src1.uroi, c.alpha, src2.uroi, c.beta, c.gamma, dst, c.dtype);
        }))
        return;

    if (c.dstMode == DST_INPLACE)
    {
        // In place is only meaningful where dst keeps the source's type.
        ASSERT_EQ(outDepth, c.depth1);
        gpuconv::addWeighted(src1.uroi, c.alpha, src2.uroi, c.beta, c.gamma, src1.uroi, c.dtype);
        EXPECT_TRUE(matsNear(expected, src1.uroi.getMat(ACCESS_READ), defaultTolerance(outDepth)));
        EXPECT_TRUE(outsideRoiUnchanged(src1));
        return;
    }
    if (c.dstMode == DST_ROI)
    {
        TestArray dst(rng, c.size, CV_MAKETYPE(outDepth, c.cn), true);
        gpuconv::addWeighted(src1.uroi, c.alpha, src2.uroi, c.beta, c.gamma, dst.uroi, c.dtype);
        EXPECT_TRUE(matsNear(expected, dst.uroi.getMat(ACCESS_READ), defaultTolerance(outDepth)));
        EXPECT_TRUE(outsideRoiUnchanged(dst));
        return;
    }
    UMat dst;
    gpuconv::addWeighted(src1.uroi, c.alpha, src2.uroi, c.beta, c.gamma, dst, c.dtype);
    EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), defaultTolerance(outDepth)));
}

// Weights that exercise rounding ties (0.5), negative results (saturation at 0 and at the
// lower bound), overflow (saturation at the upper bound) and plain fractions.
const double kWeights[][3] = {
    { 0.5, 0.5, 0.0 }, { 0.3, 0.7, 12.25 }, { 1.75, -0.5, -3.5 }, { 2.5, 1.0, 0.0 },
};

// ---- depth x dtype x channels x destination --------------------------------------------------

typedef ::testing::TestWithParam<std::tuple<int, int, int, int>> AddWeighted_Types;

TEST_P(AddWeighted_Types, matches_cv)
{
    const int depth = std::get<0>(GetParam()), dtype = std::get<1>(GetParam());
    const int cn = std::get<2>(GetParam()), dstMode = std::get<3>(GetParam());
    if (dstMode == DST_INPLACE && dtype >= 0 && dtype != depth)
        return;  // no such case: in-place needs dst to keep src1's type (see the Inplace tests)
    RNG rng = testRng();
    for (const auto& w : kWeights)
        checkWeightedSum({ depth, depth, dtype, cn, Size(67, 13), dstMode, w[0], w[1], w[2] }, rng);
}

INSTANTIATE_TEST_CASE_P(gpuconv, AddWeighted_Types,
    ::testing::Combine(::testing::ValuesIn(kAllDepths),
                       ::testing::Values(-1, CV_8U, CV_8S, CV_16U, CV_16S, CV_32S, CV_32F, CV_64F),
                       ::testing::Values(1, 2, 3, 4),
                       ::testing::Values((int)DST_NEW, (int)DST_ROI, (int)DST_INPLACE)));

// ---- operands of different depths (dtype required) -------------------------------------------

typedef ::testing::TestWithParam<std::tuple<int, int, int>> AddWeighted_MixedDepths;

TEST_P(AddWeighted_MixedDepths, matches_cv)
{
    const int depth1 = std::get<0>(GetParam()), depth2 = std::get<1>(GetParam());
    const int dtype = std::get<2>(GetParam());
    if (depth1 == depth2)
        return;  // covered by AddWeighted_Types
    RNG rng = testRng();
    checkWeightedSum({ depth1, depth2, dtype, 3, Size(33, 7), DST_ROI, 0.3, 0.7, 12.25 }, rng);
    checkWeightedSum({ depth1, depth2, dtype, 1, Size(40, 5), DST_NEW, 1.75, -0.5, -3.5 }, rng);
}

INSTANTIATE_TEST_CASE_P(gpuconv, AddWeighted_MixedDepths,
    ::testing::Combine(::testing::Values(CV_8U, CV_16S, CV_32S, CV_32F),
                       ::testing::Values(CV_8S, CV_16U, CV_32F, CV_64F),
                       ::testing::Values(CV_8U, CV_16S, CV_32F, CV_64F)));

// ---- shapes: 1x1, 1xN, Nx1, every width 1..17, 1080p ----------------------------------------

typedef ::testing::TestWithParam<std::tuple<int, int>> AddWeighted_Sizes;

TEST_P(AddWeighted_Sizes, matches_cv)
{
    const int type = std::get<0>(GetParam()), dstMode = std::get<1>(GetParam());
    const int depth = CV_MAT_DEPTH(type), cn = CV_MAT_CN(type);
    RNG rng = testRng();
    std::vector<Size> sizes = { Size(1, 1), Size(1, 257), Size(1023, 1), Size(1920, 1080) };
    for (int width = 1; width <= 17; ++width)
        sizes.push_back(Size(width, 3));
    for (const Size& size : sizes)
        checkWeightedSum({ depth, depth, -1, cn, size, dstMode, 0.3, 0.7, 12.25 }, rng);
}

INSTANTIATE_TEST_CASE_P(gpuconv, AddWeighted_Sizes,
    ::testing::Combine(::testing::Values(CV_8UC1, CV_8UC4, CV_16SC3, CV_32FC1, CV_64FC2),
                       ::testing::Values((int)DST_NEW, (int)DST_ROI, (int)DST_INPLACE)));

// ---- in place: dst is src2, and dst is src1 with a dtype equal to its depth ----------------

TEST(AddWeighted_Inplace, dst_is_src2)
{
    RNG rng = testRng();
    for (int type : { CV_8UC1, CV_16UC3, CV_32FC4 })
    {
        TestArray src1(rng, Size(45, 9), type, true), src2(rng, Size(45, 9), type, true);
        Mat expected;
        cv::addWeighted(src1.roi, 0.25, src2.roi, 0.75, 1.5, expected);
        gpuconv::addWeighted(src1.uroi, 0.25, src2.uroi, 0.75, 1.5, src2.uroi);
        EXPECT_TRUE(matsNear(expected, src2.uroi.getMat(ACCESS_READ), defaultTolerance(CV_MAT_DEPTH(type))));
        EXPECT_TRUE(outsideRoiUnchanged(src2));
    }
}

TEST(AddWeighted_Inplace, src1_is_src2_is_dst)
{
    RNG rng = testRng();
    TestArray a(rng, Size(31, 17), CV_16SC2, true);
    Mat expected;
    cv::addWeighted(a.roi, 0.5, a.roi, -1.5, 7, expected, CV_16S);
    gpuconv::addWeighted(a.uroi, 0.5, a.uroi, -1.5, 7, a.uroi, CV_16S);
    EXPECT_TRUE(matsNear(expected, a.uroi.getMat(ACCESS_READ), Tolerance::exact()));
    EXPECT_TRUE(outsideRoiUnchanged(a));
}

// ---- scalar operands, as cv::addWeighted accepts them ---------------------------------------

// cv::addWeighted fuses its multiply-adds in the SIMD body of a row but not in the scalar tail,
// so where the exact result is a tie (k + 1/2) cv:: itself rounds one way or the other depending
// on the column. gpuconv computes what the SIMD body computes; the weights of these tests keep the
// exact sums of integer operands off ties so that the comparison is bit-exact everywhere.
TEST(AddWeighted_Scalar, array_and_scalar)
{
    RNG rng = testRng();
    for (int type : { CV_8UC1, CV_8UC3, CV_16SC4, CV_32FC2, CV_64FC1 })
        for (const Scalar& s : { Scalar(7), Scalar(3.25, -1, 300, 0.5), Scalar::all(-2) })
        {
            SCOPED_TRACE(cv::format("type %d scalar %g %g %g %g", type, s[0], s[1], s[2], s[3]));
            TestArray src(rng, Size(29, 6), type, true);
            UMat dst;
            // A scalar operand is CV_64F, and so cv::'s working depth (cv::arithm_op).
            if (declinedWithoutDoubles(addWeightedNeedsDoubles(CV_MAT_DEPTH(type), CV_64F, -1),
                                       [&] { gpuconv::addWeighted(src.uroi, 0.6, s, 0.8, 2.25, dst); }))
                continue;
            Mat expected;
            cv::addWeighted(src.roi, 0.6, s, 0.8, 2.25, expected);
            gpuconv::addWeighted(src.uroi, 0.6, s, 0.8, 2.25, dst);
            EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), defaultTolerance(CV_MAT_DEPTH(type))));

            // A scalar first operand: cv:: swaps the operands but keeps alpha on the array.
            cv::addWeighted(s, 0.6, src.roi, 0.8, 2.25, expected);
            gpuconv::addWeighted(s, 0.6, src.uroi, 0.8, 2.25, dst);
            EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), defaultTolerance(CV_MAT_DEPTH(type))));
        }
}

TEST(AddWeighted_Scalar, more_than_four_channels)
{
    // cv:: takes a scalar of 1 or of cn values (a 1 x cn CV_64F Mat) for any channel count;
    // gpuconv passes the cn values to its kernel.
    RNG rng = testRng();
    for (int type : { CV_8UC(5), CV_32FC(7), CV_16SC(12) })
        for (bool perChannel : { false, true })
        {
            const int cn = CV_MAT_CN(type);
            SCOPED_TRACE(cv::format("%s, scalar of %d values", typeToString(type).c_str(), perChannel ? cn : 1));
            Mat scalar(1, perChannel ? cn : 1, CV_64F);
            rng.fill(scalar, RNG::UNIFORM, -40, 40);
            TestArray src(rng, Size(29, 6), type, true), dst(rng, Size(29, 6), type, true);
            if (declinedWithoutDoubles(addWeightedNeedsDoubles(CV_MAT_DEPTH(type), CV_64F, -1),
                                       [&] { gpuconv::addWeighted(src.uroi, 0.6, scalar, 0.8, 2.25, dst.uroi); }))
                continue;
            Mat expected;
            cv::addWeighted(src.roi, 0.6, scalar, 0.8, 2.25, expected);
            gpuconv::addWeighted(src.uroi, 0.6, scalar, 0.8, 2.25, dst.uroi);
            EXPECT_TRUE(matsNear(expected, dst.uroi.getMat(ACCESS_READ), defaultTolerance(CV_MAT_DEPTH(type))));
            EXPECT_TRUE(outsideRoiUnchanged(dst));
            // The scalar first (a row: cv:: takes no column of more than 4 values).
            cv::addWeighted(scalar, 0.6, src.roi, 0.8, 2.25, expected);
            gpuconv::addWeighted(scalar, 0.6, src.uroi, 0.8, 2.25, dst.uroi);
            EXPECT_TRUE(matsNear(expected, dst.uroi.getMat(ACCESS_READ), defaultTolerance(CV_MAT_DEPTH(type))));
        }
}

// ---- integer results weighed in float work: cv:: sums in double ----------------------------------

TEST(AddWeighted_FloatWork, integer_results_at_ties)
{
    // Operands or a destination of other depths make cv::'s working depth CV_32F, whose weighted
    // sum cv::hal::addWeighted32f takes in double and rounds to float before the conversion to
    // the destination. Weights that make exact ties (0.7 a - 0.4 b + 3.3 is k + 1/2 wherever
    // 7a - 4b + 3 is a multiple of 10) round as cv:: rounds them only in that arithmetic: in float
    // sums, about one element in a hundred differs by one. Devices without doubles weigh in
    // float (src/add_weighted.cpp), within one of cv::.
    RNG rng = testRng();
    const Tolerance tol = deviceHasDoubles() ? Tolerance::exact() : Tolerance::absolute(1);
    struct Pair { int depth1, depth2, dtype; };
    for (const Pair& p : { Pair{ CV_8U, CV_8U, CV_16U }, Pair{ CV_8U, CV_8U, CV_32S }, Pair{ CV_16U, CV_16U, CV_16S },
                           Pair{ CV_32F, CV_32F, CV_16S }, Pair{ CV_8U, CV_16S, CV_8U } })
    {
        SCOPED_TRACE(cv::format("%s + %s -> %s", depthName(p.depth1), depthName(p.depth2), depthName(p.dtype)));
        TestArray a(rng, Size(67, 13), CV_MAKETYPE(p.depth1, 2), true, 0, 256);
        TestArray b(rng, Size(67, 13), CV_MAKETYPE(p.depth2, 2), true, 0, 256);
        for (TestArray* t : { &a, &b })
            if (t->roi.depth() == CV_32F)  // integers: ties need them
            {
                Mat integers;
                t->roi.convertTo(integers, CV_32S);
                integers.convertTo(t->roi, CV_32F);
                t->parent.copyTo(t->uparent);
            }
        Mat expected;
        cv::addWeighted(a.roi, 0.7, b.roi, -0.4, 3.3, expected, p.dtype);
        UMat dst;
        gpuconv::addWeighted(a.uroi, 0.7, b.uroi, -0.4, 3.3, dst, p.dtype);
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), tol));
    }
}

// ---- errors: the same kind of cv::Exception as cv:: --------------------------------------------

TEST(AddWeighted_Errors, same_exception_as_cv)
{
    UMat a(10, 10, CV_8UC1, Scalar(1)), b(10, 11, CV_8UC1, Scalar(2)), c(10, 10, CV_8UC3, Scalar(3));
    UMat d(10, 10, CV_16SC1, Scalar(4)), dst;
    Mat am = a.getMat(ACCESS_READ), bm = b.getMat(ACCESS_READ), cm = c.getMat(ACCESS_READ);
    Mat dm = d.getMat(ACCESS_READ), dstm;
    const int sizeCode = errorCode([&] { cv::addWeighted(am, 1, bm, 1, 0, dstm); });
    ASSERT_NE(0, sizeCode);
    EXPECT_EQ(sizeCode, errorCode([&] { gpuconv::addWeighted(a, 1, b, 1, 0, dst); }));
    const int channelCode = errorCode([&] { cv::addWeighted(am, 1, cm, 1, 0, dstm); });
    ASSERT_NE(0, channelCode);
    EXPECT_EQ(channelCode, errorCode([&] { gpuconv::addWeighted(a, 1, c, 1, 0, dst); }));
    const int typeCode = errorCode([&] { cv::addWeighted(am, 1, dm, 1, 0, dstm); });
    ASSERT_NE(0, typeCode);
    EXPECT_EQ(typeCode, errorCode([&] { gpuconv::addWeighted(a, 1, d, 1, 0, dst); }));
}

TEST(AddWeighted_Errors, empty_input_gives_empty_output)
{
    UMat empty, dst;
    Mat expected;
    cv::addWeighted(Mat(), 1, Mat(), 1, 0, expected);
    gpuconv::addWeighted(empty, 1, empty, 1, 0, dst);
    EXPECT_TRUE(expected.empty());
    EXPECT_TRUE(dst.empty());
}

// ---- the fallback policy -------------------------------------------------------------------------

TEST(Dispatch, fallback_raises_when_forbidden_and_runs_cv_when_allowed)
{
    // Arrays of more than two dimensions are a case the OpenCL path declines.
    const int sizes[] = { 4, 5, 6 };
    Mat a(3, sizes, CV_8UC1), b(3, sizes, CV_8UC1);
    RNG rng = testRng();
    rng.fill(a, RNG::UNIFORM, 0, 256);
    rng.fill(b, RNG::UNIFORM, 0, 256);
    UMat ua = a.getUMat(ACCESS_READ), ub = b.getUMat(ACCESS_READ), udst;
    {
        ScopedEnv forbid("OPENCV_GPUCONV_FALLBACK", "0");
        try
        {
            gpuconv::addWeighted(ua, 0.5, ub, 0.5, 0, udst);
            ADD_FAILURE() << "a declined case ran without an exception";
        }
        catch (const cv::Exception& e)
        {
            EXPECT_EQ(cv::Error::StsNotImplemented, e.code);
            EXPECT_NE(std::string::npos, e.err.find("addWeighted")) << e.err;
            EXPECT_NE(std::string::npos, e.err.find("two dimensions")) << e.err;
        }
    }
    {
        ScopedEnv allow("OPENCV_GPUCONV_FALLBACK", "1");
        Mat expected;
        cv::addWeighted(a, 0.5, b, 0.5, 0, expected);
        gpuconv::addWeighted(ua, 0.5, ub, 0.5, 0, udst);
        Mat got = udst.getMat(ACCESS_READ);
        EXPECT_EQ(0, cv::norm(expected, got, NORM_INF));
    }
}

TEST(Dispatch, host_destination_runs_cv)
{
    RNG rng = testRng();
    Mat a = randomMat(rng, Size(20, 10), CV_8UC3), b = randomMat(rng, Size(20, 10), CV_8UC3);
    Mat expected, got;
    cv::addWeighted(a, 0.5, b, 0.25, 3, expected);
    gpuconv::addWeighted(a, 0.5, b, 0.25, 3, got);
    EXPECT_TRUE(matsNear(expected, got, Tolerance::exact()));
}

TEST(Environment, opencl_device_is_used)
{
    ASSERT_TRUE(ocl::useOpenCL()) << "no OpenCL device: the tests must run on one";
    EXPECT_FALSE(ocl::Device::getDefault().name().empty());
}

} // namespace
} // namespace gpuconv_test
