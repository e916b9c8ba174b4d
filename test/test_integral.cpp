// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"

namespace gpuconv_test {
namespace {

// The (source, sdepth, sqdepth) combinations cv::integral implements (cv::hal::integral).
const int kCombinations[][3] = {
    { CV_8U, CV_32S, CV_64F },  { CV_8U, CV_32S, CV_32F },  { CV_8U, CV_32S, CV_32S },
    { CV_8U, CV_32F, CV_64F },  { CV_8U, CV_32F, CV_32F },  { CV_8U, CV_64F, CV_64F },
    { CV_16U, CV_64F, CV_64F }, { CV_16S, CV_64F, CV_64F }, { CV_32F, CV_32F, CV_64F },
    { CV_32F, CV_32F, CV_32F }, { CV_32F, CV_64F, CV_64F }, { CV_64F, CV_64F, CV_64F },
};

enum Outputs { SUM = 1, SUM_SQSUM = 2, SUM_SQSUM_TILTED = 3 };

struct IntegralCase
{
    int depth, cn, sdepth, sqdepth;
    Outputs outputs;
    Size size;
    bool roi;
};

std::string describe(const IntegralCase& c)
{
    std::ostringstream s;
    s << depthName(c.depth) << "C" << c.cn << " -> sdepth " << depthName(c.sdepth) << ", sqdepth "
      << depthName(c.sqdepth) << ", outputs " << (int)c.outputs << ", " << c.size
      << (c.roi ? ", ROIs" : "");
    return s.str();
}

/** Largest magnitude of source values for which every sum of the case is exact in the sums'
    precision: then any accumulation order gives the same result and comparisons are exact. Integer
    sums wrap modulo 2^32 in cv:: and in gpuconv alike, so they take the full range. */
double exactMagnitude(const IntegralCase& c)
{
    double m = c.depth == CV_8U ? 255 : c.depth == CV_16U ? 65535 : c.depth == CV_16S ? 32767 : 1000;
    const double pixels = std::max(1.0, (double)c.size.area());
    const double floatInts = 16777216.0;  // 2^24: floats hold every integer up to it
    if (c.sdepth == CV_32F)
        m = std::min(m, std::floor(floatInts / pixels));
    if (c.outputs != SUM && c.sqdepth == CV_32F)
        m = std::min(m, std::floor(std::sqrt(floatInts / pixels)));
    const double doubleInts = 9007199254740992.0;  // 2^53
    if (c.outputs != SUM && c.sqdepth == CV_64F)
        m = std::min(m, std::floor(std::sqrt(doubleInts / pixels)));
    return std::max(1.0, m);
}

/** A source ROI (or whole array) of integer values in [-m, m] ([0, m] for unsigned depths). */
TestArray integerSource(RNG& rng, const IntegralCase& c, double m)
{
    const int type = CV_MAKETYPE(c.depth, c.cn);
    TestArray src(rng, c.size, type, c.roi);
    const bool isUnsigned = c.depth == CV_8U || c.depth == CV_16U;
    Mat values = randomMat(rng, c.size, CV_MAKETYPE(CV_32S, c.cn), isUnsigned ? 0 : -m, m + 1);
    values.convertTo(src.roi, c.depth);
    src.parent.copyTo(src.uparent);
    src.parentBefore = src.parent.clone();
    return src;
}

/** One output: cv::'s result and gpuconv's destination (a fresh UMat or a ROI of a larger one). */
struct Output
{
    Mat expected;
    TestArray dst;
    UMat fresh;
    UMat& target() { return dst.uparent.empty() ? fresh : dst.uroi; }
};

void makeTarget(RNG& rng, Output& out, Size isize, int type, bool roi)
{
    if (roi)
        out.dst = TestArray(rng, isize, type, true);
}

/** Runs cv::integral on Mat and gpuconv::integral on UMat for `c` with source `src`, and
    compares every output within `tol(depth, output)` (output 0 the sum, 1 the squared sum, 2 the
    tilted sum), checking the guard around ROI outputs. */
template <typename ToleranceOf>
void runAndCompare(RNG& rng, const IntegralCase& c, const TestArray& src, ToleranceOf tol)
{
    SCOPED_TRACE(describe(c));
    const Size isize(c.size.width + 1, c.size.height + 1);
    Output sum, sqsum, tilted;
    makeTarget(rng, sum, isize, CV_MAKETYPE(c.sdepth, c.cn), c.roi);
    makeTarget(rng, sqsum, isize, CV_MAKETYPE(c.sqdepth, c.cn), c.roi);
    makeTarget(rng, tilted, isize, CV_MAKETYPE(c.sdepth, c.cn), c.roi);
    const auto gpuconvIntegral = [&](UMat& s, UMat& q, UMat& t) {
        if (c.outputs == SUM)
            gpuconv::integral(src.uroi, s, c.sdepth);
        else if (c.outputs == SUM_SQSUM)
            gpuconv::integral(src.uroi, s, q, c.sdepth, c.sqdepth);
        else
            gpuconv::integral(src.uroi, s, q, t, c.sdepth, c.sqdepth);
    };
    if (declinedWithoutDoubles(integralNeedsDoubles(c.depth, c.sdepth, c.sqdepth, c.outputs), [&] {
            UMat s, q, t;
            gpuconvIntegral(s, q, t);
        }))
        return;
    if (c.outputs == SUM)
        cv::integral(src.roi, sum.expected, c.sdepth);
    else if (c.outputs == SUM_SQSUM)
        cv::integral(src.roi, sum.expected, sqsum.expected, c.sdepth, c.sqdepth);
    else
        cv::integral(src.roi, sum.expected, sqsum.expected, tilted.expected, c.sdepth, c.sqdepth);
    gpuconvIntegral(sum.target(), sqsum.target(), tilted.target());
    const char* names[] = { "sum", "sqsum", "tilted" };
    Output* outs[] = { &sum, &sqsum, &tilted };
    for (int i = 0; i < (int)c.outputs; ++i)
    {
        SCOPED_TRACE(names[i]);
        Output& o = *outs[i];
        EXPECT_TRUE(matsNear(o.expected, o.target().getMat(ACCESS_READ), tol(o.expected.depth(), i)));
        if (c.roi)
        {
            EXPECT_TRUE(outsideRoiUnchanged(o.dst));
        }
    }
    EXPECT_TRUE(outsideRoiUnchanged(src)) << "the source was written";
}

void checkExact(RNG& rng, const IntegralCase& c)
{
    TestArray src = integerSource(rng, c, exactMagnitude(c));
    runAndCompare(rng, c, src, [](int, int) { return Tolerance::exact(); });
}

// 100 x 330: more tile rows (of 64) than the tilted sum's bands trail the upright tiles by where
// they share the single pass (src/plan.cpp, planTiltedInPass), in few enough tiles for one pass.
const Size kSizes[] = { Size(1, 1), Size(37, 1), Size(1, 29), Size(67, 13), Size(130, 70),
                        Size(64, 64), Size(200, 129), Size(100, 330) };

// ---- every combination x channels x outputs x ROI, over awkward sizes, exact ------------------

typedef ::testing::TestWithParam<std::tuple<int, int, int, bool>> Integral_Types;

TEST_P(Integral_Types, matches_cv_exactly)
{
    const auto& comb = kCombinations[std::get<0>(GetParam())];
    const int cn = std::get<1>(GetParam());
    const Outputs outputs = (Outputs)std::get<2>(GetParam());
    const bool roi = std::get<3>(GetParam());
    RNG rng = testRng();
    for (Size size : kSizes)
        checkExact(rng, { comb[0], cn, comb[1], comb[2], outputs, size, roi });
}

INSTANTIATE_TEST_CASE_P(gpuconv, Integral_Types,
    ::testing::Combine(::testing::Range(0, (int)(sizeof(kCombinations) / sizeof(kCombinations[0]))),
                       ::testing::Values(1, 2, 3, 4),
                       ::testing::Values((int)SUM, (int)SUM_SQSUM, (int)SUM_SQSUM_TILTED),
                       ::testing::Bool()));

// ---- default and typed sdepth / sqdepth arguments ---------------------------------------------

TEST(Integral_Defaults, resolve_as_cv)
{
    RNG rng = testRng();
    for (int depth : { CV_8U, CV_16U, CV_16S, CV_32F, CV_64F })
        for (int sdepth : { -1, 0, CV_32SC1, CV_64FC3 })
        {
            if (sdepth == CV_32SC1 && depth != CV_8U)
                continue;  // rejected; see Integral_Rejects
            SCOPED_TRACE(cv::format("depth %d sdepth %d", depth, sdepth));
            TestArray src(rng, Size(45, 17), CV_MAKETYPE(depth, 2), false, 0, 100);
            Mat expected, expectedSq;
            UMat sum, sqsum;
            if (declinedWithoutDoubles(integralNeedsDoubles(depth, sdepth, -1, SUM_SQSUM),
                                       [&] { gpuconv::integral(src.uroi, sum, sqsum, sdepth, -1); }))
                continue;
            cv::integral(src.roi, expected, expectedSq, sdepth, -1);
            gpuconv::integral(src.uroi, sum, sqsum, sdepth, -1);
            EXPECT_TRUE(matsNear(expected, sum.getMat(ACCESS_READ), Tolerance::relative(1e-6)));
            EXPECT_TRUE(matsNear(expectedSq, sqsum.getMat(ACCESS_READ), Tolerance::relative(1e-12)));
        }
}

// ---- combinations cv::integral rejects raise the same error ----------------------------------

TEST(Integral_Rejects, same_error_as_cv)
{
    RNG rng = testRng();
    const int cases[][3] = { { CV_8S, -1, -1 },          { CV_8S, CV_32S, CV_64F },
                             { CV_16U, CV_32S, -1 },      { CV_16S, CV_32F, -1 },
                             { CV_8U, CV_64F, CV_32F },   { CV_32F, CV_32S, -1 },
                             { CV_64F, CV_32F, -1 },      { CV_8U, CV_16U, -1 },
                             { CV_8U, CV_32S, CV_16S } };
    for (const auto& k : cases)
    {
        SCOPED_TRACE(cv::format("depth %d sdepth %d sqdepth %d", k[0], k[1], k[2]));
        TestArray src(rng, Size(9, 5), CV_MAKETYPE(k[0], 1), false);
        int cvCode = 0, gpuconvCode = 0;
        try { Mat s, q; cv::integral(src.roi, s, q, k[1], k[2]); }
        catch (const cv::Exception& e) { cvCode = e.code; }
        try { UMat s, q; gpuconv::integral(src.uroi, s, q, k[1], k[2]); }
        catch (const cv::Exception& e) { gpuconvCode = e.code; }
        EXPECT_NE(cvCode, 0) << "cv::integral accepted the case";
        EXPECT_EQ(cvCode, gpuconvCode);
    }
}

TEST(Integral_Empty, gives_a_single_zero_as_cv)
{
    Mat src(0, 0, CV_8UC1), expected, expectedSq, expectedTilted;
    cv::integral(src, expected, expectedSq, expectedTilted);
    UMat usrc(0, 0, CV_8UC1), sum, sqsum, tilted;
    gpuconv::integral(usrc, sum, sqsum, tilted);
    EXPECT_TRUE(matsNear(expected, sum.getMat(ACCESS_READ), Tolerance::exact()));
    EXPECT_TRUE(matsNear(expectedSq, sqsum.getMat(ACCESS_READ), Tolerance::exact()));
    EXPECT_TRUE(matsNear(expectedTilted, tilted.getMat(ACCESS_READ), Tolerance::exact()));
}

// An image with rows but no columns (or the reverse) has (W + 1) x (H + 1) zero sums in cv::, a
// Mat source as much as a UMat one. (cv::integral's tilted sum of such a Mat crashes OpenCV 4.6:
// gpuconv's is zeros of the sum's size.)
TEST(Integral_Empty, rows_or_columns_without_pixels)
{
    for (const Size& size : { Size(5, 0), Size(0, 5), Size(0, 0) })
        for (const int type : { CV_8UC1, CV_16UC2 })  // integer images: no doubles needed
            for (const bool matSource : { true, false })
            {
                SCOPED_TRACE(cv::format("%dx%d %s, %s source", size.width, size.height, typeToString(type).c_str(),
                                        matSource ? "Mat" : "UMat"));
                const Mat src(size, type);
                Mat expected, expectedSq;
                cv::integral(src, expected, expectedSq, -1, CV_64F);
                UMat usrc(size, type), sum, sqsum, tilted;
                if (matSource)
                    gpuconv::integral(src, sum, sqsum, tilted, -1, CV_64F);
                else
                    gpuconv::integral(usrc, sum, sqsum, tilted, -1, CV_64F);
                ASSERT_EQ(expected.size(), sum.size());
                ASSERT_EQ(expected.type(), sum.type());
                EXPECT_TRUE(matsNear(expected, sum.getMat(ACCESS_READ), Tolerance::exact()));
                ASSERT_EQ(expectedSq.size(), sqsum.size());
                ASSERT_EQ(expectedSq.type(), sqsum.type());
                EXPECT_TRUE(matsNear(expectedSq, sqsum.getMat(ACCESS_READ), Tolerance::exact()));
                ASSERT_EQ(expected.size(), tilted.size());
                ASSERT_EQ(expected.type(), tilted.type());
                EXPECT_EQ(0, cv::norm(tilted, NORM_INF));
            }
}

// ---- 32-bit integer sums that overflow wrap exactly as cv::'s --------------------------------

TEST(Integral_Overflow, int32_sums_wrap_as_cv)
{
    RNG rng = testRng();
    // 3000 x 3000 pixels near 255: the sum passes 2^31 near the bottom right; the squared and
    // tilted sums wrap many times.
    const IntegralCase c = { CV_8U, 1, CV_32S, CV_32S, SUM_SQSUM_TILTED, Size(3000, 3000), true };
    TestArray src(rng, c.size, CV_8UC1, c.roi, 240, 256);
    Mat plain;
    cv::integral(src.roi, plain, CV_32S);
    ASSERT_LT(plain.at<int>(c.size.height, c.size.width), 0) << "the case must overflow";
    runAndCompare(rng, c, src, [](int, int) { return Tolerance::exact(); });
}

// ---- 4K -------------------------------------------------------------------------------------

TEST(Integral_4K, matches_cv_exactly)
{
    RNG rng = testRng();
    const Size uhd(3840, 2160);
    checkExact(rng, { CV_8U, 1, CV_32S, CV_64F, SUM_SQSUM_TILTED, uhd, false });
    checkExact(rng, { CV_8U, 4, CV_32S, CV_64F, SUM, uhd, true });
    checkExact(rng, { CV_32F, 1, CV_32F, CV_64F, SUM, uhd, false });
    checkExact(rng, { CV_32F, 1, CV_64F, CV_64F, SUM_SQSUM, uhd, false });
}

/** Images wider, and taller, than any other test's: 132 tiles of 32 across (down), so that the
    three launches' carries kernel scans segments of 17 tile totals along each image row (column)
    and tile row, three of its blocks of loads. 1848 tiles, more than a single pass takes on
    devices of up to 231 compute units. */
TEST(Integral_LongCarryLanes, matches_cv_exactly)
{
    RNG rng = testRng();
    checkExact(rng, { CV_8U, 4, CV_32S, CV_64F, SUM, Size(4200, 420), true });
    checkExact(rng, { CV_8U, 4, CV_32S, CV_64F, SUM, Size(420, 4200), false });
}

/** Squared sums of a 16-bit image past 2^53, where doubles no longer hold every integer, against
    the exact sums (64-bit integers on the host, each rounded once to a double). Added in doubles,
    each output is within the bound of Integral_FloatData below, (W + H + 2) eps times itself (its
    terms are positive); the sums, below 2^53, are exact. Without double precision
    (OPENCV_GPUCONV_DEVICE_DOUBLES=0) gpuconv adds 64-bit integers and rounds each sum once
    (opencl/integral.cl, f64_bits_of_long), so there every output must be the exact sum's double. */
TEST(Integral_LargeSums, squares_past_2_to_the_53)
{
    const Size size(2048, 2048);
    RNG rng = testRng();
    Mat src(size, CV_16UC1);
    rng.fill(src, RNG::UNIFORM, 60000, 65536);
    UMat usrc, usum, usqsum;
    src.copyTo(usrc);
    gpuconv::integral(usrc, usum, usqsum, CV_64F, CV_64F);
    const Mat sum = usum.getMat(ACCESS_READ), sqsum = usqsum.getMat(ACCESS_READ);
    std::vector<int64> above(size.width + 1, 0), sqAbove(size.width + 1, 0);
    const double roundings = deviceHasDoubles() ? size.width + size.height + 2 : 0;
    int64 worst = 0;
    double largest = 0;
    for (int y = 1; y <= size.height; ++y)
    {
        int64 row = 0, sqRow = 0;
        for (int x = 1; x <= size.width; ++x)
        {
            const int64 v = src.at<ushort>(y - 1, x - 1);
            row += v;
            sqRow += v * v;
            above[x] += row;
            sqAbove[x] += sqRow;
            const double exact = (double)sqAbove[x];
            const int64 off = std::abs((int64)(sqsum.at<double>(y, x) - exact));
            if (off > roundings * DBL_EPSILON * exact || sum.at<double>(y, x) != (double)above[x])
            {
                ADD_FAILURE() << "at (" << x << ", " << y << "): squared sum " << cv::format("%.17g", sqsum.at<double>(y, x))
                              << " against the exact " << sqAbove[x] << ", sum " << cv::format("%.17g", sum.at<double>(y, x))
                              << " against " << above[x];
                return;
            }
            worst = std::max(worst, off);
            largest = std::max(largest, exact);
        }
    }
    EXPECT_GT(largest, 9007199254740992.0);  // 2^53: the test reaches the doubles it is about
    std::cout << "[ NOTE ] largest squared sum " << cv::format("%.17g", largest) << ", furthest from the exact "
              << worst << std::endl;
}

// ---- real-valued floating-point data: accumulation order differs --------------------------------

/** Both cv:: and gpuconv add up each output with at most W + H + 2 roundings in the output
    precision (cv:: runs along the row, then down the column, and its tilted recurrence adds fewer
    than 2 H + 2 terms in a chain; gpuconv within a tile row and column, then over tile carries).
    By the bound of recursive summation (Higham, Accuracy and Stability of Numerical Algorithms,
    2nd ed., §4.2), each differs from the exact sum by at most (W + H + 2) * eps * (sum of |terms|)
    <= (W + H + 2) * eps * S with S the sum of |src| (or of src^2) over the whole image; the two by
    twice that. gpuconv's tilted sum of a floating-point image adds in double, in chains of at most
    2 H + 2 (opencl/integral_diagonal.cl), and that of an integer image is exact in double before
    its rounding to the output; the images here are wider than tall. */
TEST(Integral_FloatData, within_the_summation_error_bound)
{
    RNG rng = testRng();
    const int combos[][3] = { { CV_32F, CV_32F, CV_32F }, { CV_32F, CV_32F, CV_64F },
                              { CV_32F, CV_64F, CV_64F }, { CV_64F, CV_64F, CV_64F },
                              { CV_8U, CV_32F, CV_32F } };
    for (const auto& k : combos)
        for (Size size : { Size(67, 13), Size(300, 200), Size(1920, 1080) })
        {
            const IntegralCase c = { k[0], 3, k[1], k[2], SUM_SQSUM_TILTED, size, true };
            TestArray src(rng, size, CV_MAKETYPE(c.depth, c.cn), c.roi);  // uniform, non-integer
            Mat s64;
            src.roi.convertTo(s64, CV_64F);
            const double absSum = cv::norm(s64, NORM_L1), sqSum = s64.dot(s64);
            const double steps = size.width + size.height + 2;
            runAndCompare(rng, c, src, [&](int depth, int) {
                // sqsum is the only output with a depth of its own when they differ; otherwise
                // take the larger of the two magnitudes.
                return Tolerance::absolute(summationBound(depth, steps, std::max(absSum, sqSum), false));
            });
        }
}

/** Each output of cv::'s tilted sum adds up the pixels of its own triangle only, so its rounding
    error scales with those pixels' magnitudes, not with the image's: a few huge values (1e17, or
    1e308 whose sums overflow) elsewhere in the image leave the other outputs as accurate as their
    own pixels allow. Each output of all three sums is held to the summation bound of its own
    terms' magnitude (the same sums of |src| and src^2), with 2 H + W + 4 roundings in a chain:
    cv::'s tilted recurrence and gpuconv's diagonal scans each take fewer. */
TEST(Integral_FloatData, huge_values_elsewhere_leave_each_sum_to_its_own_terms)
{
    RNG rng = testRng();
    const int combos[][3] = { { CV_32F, CV_32F, CV_32F }, { CV_32F, CV_32F, CV_64F }, { CV_32F, CV_64F, CV_64F },
                              { CV_64F, CV_64F, CV_64F } };
    for (const auto& k : combos)
        for (double huge : { 1e17, 1e308 })
            for (int cn : { 1, 3 })
                for (Size size : { Size(17, 17), Size(67, 13), Size(120, 45) })
                {
                    if (huge > FLT_MAX && k[0] == CV_32F)
                        continue;  // not a float value
                    const IntegralCase c = { k[0], cn, k[1], k[2], SUM_SQSUM_TILTED, size, false };
                    SCOPED_TRACE(describe(c) + cv::format(", huge values %g", huge));
                    if (declinedWithoutDoubles(integralNeedsDoubles(c.depth, c.sdepth, c.sqdepth, c.outputs), [&] {
                            UMat s, q, t;
                            gpuconv::integral(UMat(size, CV_MAKETYPE(c.depth, cn), Scalar::all(0)), s, q, t,
                                              c.sdepth, c.sqdepth);
                        }))
                        continue;
                    Mat src = randomMat(rng, size, CV_MAKETYPE(c.depth, cn), -1, 1);
                    Mat values = src.reshape(1);
                    for (int i = 0; i < 3; ++i)  // of one sign: sums of two 1e308 overflow in any order
                    {
                        const int y = rng.uniform(0, values.rows), x = rng.uniform(0, values.cols);
                        if (values.depth() == CV_32F)
                            values.at<float>(y, x) = (float)huge;
                        else
                            values.at<double>(y, x) = huge;
                    }
                    Mat expected[3], magnitude[3];
                    cv::integral(src, expected[0], expected[1], expected[2], c.sdepth, c.sqdepth);
                    Mat absolute;
                    cv::absdiff(src, Scalar::all(0), absolute);
                    absolute.convertTo(absolute, CV_MAKETYPE(CV_64F, cn));
                    cv::integral(absolute, magnitude[0], magnitude[1], magnitude[2], CV_64F, CV_64F);
                    UMat usrc, out[3];
                    src.copyTo(usrc);
                    gpuconv::integral(usrc, out[0], out[1], out[2], c.sdepth, c.sqdepth);
                    // The bound is linear in the magnitude of the terms.
                    const double steps = 2.0 * size.height + size.width + 4;
                    const char* names[] = { "sum", "sqsum", "tilted" };
                    for (int i = 0; i < 3; ++i)
                    {
                        const Mat limits = magnitude[i] * summationBound(expected[i].depth(), steps, 1.0, false);
                        EXPECT_TRUE(matsNear(expected[i], out[i].getMat(ACCESS_READ), limits)) << names[i];
                    }
                }
}

/** The diagonal scans' chunks grow with the image's height (src/plan.cpp, planDiagonalScan) up to
    256 rows: images taller than 32768 rows take more than 128 chunks of the largest height (their
    chunk height once reached 512, past what the kernels' options cache takes, and raised). */
TEST(Integral_FloatData, tall_images)
{
    RNG rng = testRng();
    const Size size(1, 32769);
    const IntegralCase c = { CV_32F, 1, CV_32F, CV_32F, SUM_SQSUM_TILTED, size, false };
    TestArray src(rng, size, CV_32FC1, false);
    const double steps = 2.0 * size.height + size.width + 4;
    const double magnitude = std::max(cv::norm(src.roi, NORM_L1), src.roi.dot(src.roi));
    runAndCompare(rng, c, src, [&](int depth, int) {
        return Tolerance::absolute(summationBound(depth, steps, magnitude, false));
    });
}

// ---- NaN and infinities ---------------------------------------------------------------------

/** cv::integral's sums are purely additive, so an output is NaN where the pixels it adds up hold
    a NaN or infinities of both signs and +-Inf where they hold infinities of one sign, and so are
    gpuconv's (its tilted sum of a floating-point image too: opencl/integral_diagonal.cl). Integer
    finite values keep every sum exact, so the comparison is exact: each NaN
    and infinity must be where cv:: has it. Scattered values, whole rows and columns of them, one
    in a corner. */
TEST(Integral_NonFinite, propagate_as_cv)
{
    RNG rng = testRng();
    const int combos[][3] = { { CV_32F, CV_32F, CV_64F }, { CV_32F, CV_64F, CV_64F },
                              { CV_64F, CV_64F, CV_64F } };
    const double kinds[] = { std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity() };
    for (const auto& k : combos)
        for (int cn = 1; cn <= 4; ++cn)
            for (Size size : { Size(1, 1), Size(37, 1), Size(1, 29), Size(67, 13), Size(130, 70), Size(300, 41) })
                for (int pattern = 0; pattern < 3; ++pattern)
                {
                    const IntegralCase c = { k[0], cn, k[1], k[2], SUM_SQSUM_TILTED, size, pattern == 1 };
                    SCOPED_TRACE(cv::format("pattern %d", pattern));
                    TestArray src = integerSource(rng, c, 100);
                    Mat values = src.roi.reshape(1);
                    auto setElement = [&](int y, int x, double v) {
                        if (values.depth() == CV_32F)
                            values.at<float>(y, x) = (float)v;
                        else
                            values.at<double>(y, x) = v;
                    };
                    const int count = pattern == 0 ? std::max(1, (int)values.total() / 50) : 1;
                    for (int i = 0; i < count; ++i)
                    {
                        const double v = kinds[rng.uniform(0, 3)];
                        const int y = rng.uniform(0, values.rows), x = rng.uniform(0, values.cols);
                        if (pattern == 1)  // a whole row and a whole column of one channel
                        {
                            const int ch = x % cn;
                            for (int xx = ch; xx < values.cols; xx += cn)
                                setElement(y, xx, v);
                            for (int yy = 0; yy < values.rows; ++yy)
                                setElement(yy, x, kinds[(i + 1) % 3]);
                        }
                        else if (pattern == 2)  // the last pixel: reaches only the last output
                            setElement(values.rows - 1, values.cols - 1, v);
                        else
                            setElement(y, x, v);
                    }
                    src.parent.copyTo(src.uparent);
                    src.parentBefore = src.parent.clone();
                    runAndCompare(rng, c, src, [](int, int) { return Tolerance::exact(); });
                }
}

} // namespace
} // namespace gpuconv_test
