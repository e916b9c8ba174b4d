// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"

namespace gpuconv_test {
namespace {

struct FilterCase
{
    int type;            //!< source type
    int ddepth;          //!< as given to filter2D (-1 allowed)
    Size size;           //!< source (and destination) size
    Mat kernel;
    Point anchor;        //!< as given (-1, -1 allowed)
    double delta;
    int border;
    bool srcRoi;         //!< the source is a view into a larger parent
    int dstMode;         //!< DST_NEW, DST_ROI (implies nothing), DST_INPLACE (dst is the source)
};

std::string describe(const FilterCase& c)
{
    std::ostringstream s;
    s << depthName(CV_MAT_DEPTH(c.type)) << "C" << CV_MAT_CN(c.type) << " -> ddepth "
      << depthName(c.ddepth) << ", " << c.size << ", kernel " << c.kernel.size() << " "
      << depthName(c.kernel.depth()) << ", anchor " << c.anchor << ", delta " << c.delta << ", "
      << borderName(c.border) << ", src " << (c.srcRoi ? "roi" : "whole") << ", dst "
      << dstModeName(c.dstMode);
    return s.str();
}

/** cv::filter2D's results are exact where every product and partial sum is: integer weights
    and data in float (any result below 2^24). Elsewhere integer outputs may round the other way
    (cv:: accumulates some rows with separate multiplies and adds, or through a DFT for large
    kernels), which OpenCV's own OpenCL tests allow as +-1. */
Tolerance filterTolerance(int ddepth, bool exact)
{
    if (exact)
        return Tolerance::exact();
    if (ddepth == CV_32F)
        return Tolerance::relative(1e-5);
    if (ddepth == CV_64F)
        return Tolerance::relative(1e-10);
    return Tolerance::absolute(1);
}

/** cv::filter2D on the CPU, except where its FilterEngine departs from its own border rule
    (cpuFilterFollowsBorderRule): there the reference extends the image the border rule sees with
    cv::copyMakeBorder, by more than the kernel, and filters the ROI inside it: every pixel the
    kernel reads is then a real one. */
void referenceFilter2D(const Mat& src, Mat& dst, int ddepth, const Mat& kernel, Point anchor,
                       double delta, int border)
{
    const int outDepth = ddepth < 0 ? src.depth() : ddepth;
    if (!filterEngineCorrelates(src.depth(), outDepth))
    {
        // cv::filter2D takes these pairs on UMat (and through its DFT for large kernels on whole
        // images) but not in its CPU FilterEngine: the correlation, saturated to the destination.
        // Every source depth converts to double exactly.
        Size wholeSize;
        Point ofs;
        src.locateROI(wholeSize, ofs);
        Mat whole = src, whole64, wide;
        whole.adjustROI(ofs.y, wholeSize.height - ofs.y - src.rows, ofs.x, wholeSize.width - ofs.x - src.cols);
        whole.convertTo(whole64, CV_64F);
        referenceFilter2D(whole64(Rect(ofs, src.size())), wide, CV_64F, kernel, anchor, delta, border);
        wide.convertTo(dst, outDepth);
        return;
    }
    const int mode = border & ~BORDER_ISOLATED;
    if (cpuFilterFollowsBorderRule(border, kernel.size(), src.size()))
    {
        cv::filter2D(src, dst, ddepth, kernel, anchor, delta, border);
        return;
    }
    Size wholeSize(src.cols, src.rows);
    Point ofs;
    Mat whole = src;
    if (!(border & BORDER_ISOLATED))
    {
        src.locateROI(wholeSize, ofs);
        whole.adjustROI(ofs.y, wholeSize.height - ofs.y - src.rows, ofs.x, wholeSize.width - ofs.x - src.cols);
    }
    const int pad = std::max(kernel.cols, kernel.rows);
    Mat extended;
    cv::copyMakeBorder(whole, extended, pad, pad, pad, pad, mode | BORDER_ISOLATED);
    cv::filter2D(extended(Rect(ofs.x + pad, ofs.y + pad, src.cols, src.rows)), dst, ddepth, kernel, anchor,
                 delta, BORDER_CONSTANT);
}

/** Runs one case on the source `src` (of c.type, its ROI of c.size) through cv::filter2D on Mat
    and gpuconv::filter2D on UMat and compares, including the guard around a ROI destination. */
void checkFilterOn(const FilterCase& c, TestArray& src, RNG& rng, bool exact = false)
{
    SCOPED_TRACE(describe(c));
    const int sdepth = CV_MAT_DEPTH(c.type), cn = CV_MAT_CN(c.type);
    const int outDepth = c.ddepth < 0 ? sdepth : c.ddepth;

    Mat expected;
    referenceFilter2D(src.roi, expected, c.ddepth, c.kernel, c.anchor, c.delta, c.border);
    const Tolerance tol = filterTolerance(outDepth, exact);
    if (declinedWithoutDoubles(filterNeedsDoubles(sdepth, c.ddepth), [&] {
            UMat dst;
            gpuconv::filter2D(src.uroi, dst, c.ddepth, c.kernel, c.anchor, c.delta, c.border);
        }))
        return;

    if (c.dstMode == DST_INPLACE)
    {
        ASSERT_EQ(outDepth, sdepth);
        gpuconv::filter2D(src.uroi, src.uroi, c.ddepth, c.kernel, c.anchor, c.delta, c.border);
        EXPECT_TRUE(matsNear(expected, src.uroi.getMat(ACCESS_READ), tol));
        EXPECT_TRUE(outsideRoiUnchanged(src));
        return;
    }
    if (c.dstMode == DST_ROI)
    {
        TestArray dst(rng, c.size, CV_MAKETYPE(outDepth, cn), true);
        gpuconv::filter2D(src.uroi, dst.uroi, c.ddepth, c.kernel, c.anchor, c.delta, c.border);
        EXPECT_TRUE(matsNear(expected, dst.uroi.getMat(ACCESS_READ), tol));
        EXPECT_TRUE(outsideRoiUnchanged(dst));
        EXPECT_TRUE(outsideRoiUnchanged(src));  // the source is not written either
        return;
    }
    UMat dst;
    gpuconv::filter2D(src.uroi, dst, c.ddepth, c.kernel, c.anchor, c.delta, c.border);
    EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), tol));
}

/** checkFilterOn a random source: a ROI of a larger parent where the case asks for one. */
void checkFilter(const FilterCase& c, RNG& rng, bool exact = false)
{
    TestArray src(rng, c.size, c.type, c.srcRoi || c.dstMode == DST_INPLACE);
    checkFilterOn(c, src, rng, exact);
}

/** A random kernel whose absolute weights sum to `gain`: results stay in the range of the data
    (with some saturation for gain > 1), as with real filters, so that comparisons are meaningful. */
Mat randomKernel(RNG& rng, Size ksize, int depth = CV_32F, double gain = 1.25)
{
    Mat k(ksize, CV_64F);
    rng.fill(k, RNG::UNIFORM, -1.0, 1.0);
    k *= gain / std::max(1e-9, cv::norm(k, NORM_L1));
    Mat out;
    k.convertTo(out, depth);
    return out;
}

/** Integer weights in [-lo, hi]: with integer data every sum is exact in float. */
Mat integerKernel(RNG& rng, Size ksize, int lo, int hi, int depth = CV_32F)
{
    Mat k(ksize, CV_32S);
    rng.fill(k, RNG::UNIFORM, -lo, hi + 1);
    Mat out;
    k.convertTo(out, depth);
    return out;
}

// ---- source depth x ddepth x channels x destination ------------------------------------------

typedef ::testing::TestWithParam<std::tuple<std::pair<int, int>, int>> Filter2D_Types;

TEST_P(Filter2D_Types, matches_cv)
{
    const int sdepth = std::get<0>(GetParam()).first, ddepth = std::get<0>(GetParam()).second;
    const int cn = std::get<1>(GetParam());
    const int outDepth = ddepth < 0 ? sdepth : ddepth;
    RNG rng = testRng();
    const Mat kernel = randomKernel(rng, Size(3, 3));
    const int type = CV_MAKETYPE(sdepth, cn);
    checkFilter({ type, ddepth, Size(67, 23), kernel, Point(-1, -1), 0, BORDER_REFLECT_101, false, DST_NEW }, rng);
    checkFilter({ type, ddepth, Size(41, 17), kernel, Point(0, 2), 7.25, BORDER_REFLECT_101, true, DST_ROI }, rng);
    checkFilter({ type, ddepth, Size(33, 9), kernel, Point(2, 1), -3.5,
                  BORDER_REFLECT_101 | BORDER_ISOLATED, true, DST_ROI }, rng);
    if (outDepth == sdepth)
        checkFilter({ type, ddepth, Size(29, 19), kernel, Point(-1, -1), 1.5, BORDER_REFLECT_101, true,
                      DST_INPLACE }, rng);
}

INSTANTIATE_TEST_CASE_P(gpuconv, Filter2D_Types,
    ::testing::Combine(::testing::ValuesIn(kFilter2DDepthPairs), ::testing::Values(1, 2, 3, 4)));

// ---- depth pairs beyond cv::filter2D's CPU correlation -----------------------------------------

/** Pairs cv::filter2D takes on UMat (its OpenCL path) and through its DFT (kernels of 50 taps or
    more on whole images), not in its CPU FilterEngine: destinations narrower than the source, and
    16U -> 16S. */
const std::pair<int, int> kFilter2DOpenCLOnlyPairs[] = {
    { CV_16U, CV_8U },  { CV_16U, CV_16S }, { CV_16S, CV_8U },  { CV_16S, CV_16U },
    { CV_32F, CV_8U },  { CV_32F, CV_16U }, { CV_32F, CV_16S }, { CV_64F, CV_8U },
    { CV_64F, CV_16U }, { CV_64F, CV_16S }, { CV_64F, CV_32F },
};

typedef ::testing::TestWithParam<std::tuple<std::pair<int, int>, int>> Filter2D_OpenCLOnlyPairs;

TEST_P(Filter2D_OpenCLOnlyPairs, matches_cv)
{
    const int sdepth = std::get<0>(GetParam()).first, ddepth = std::get<0>(GetParam()).second;
    const int type = CV_MAKETYPE(sdepth, std::get<1>(GetParam()));
    ASSERT_FALSE(filterEngineCorrelates(sdepth, ddepth));
    RNG rng = testRng();
    // Data past the destination's range on both sides: saturation, as cv:: saturates.
    const double lo = sdepth == CV_16U ? 0 : -40000, hi = 70000;
    const Mat kernel = randomKernel(rng, Size(3, 3));
    TestArray whole(rng, Size(67, 23), type, false), roi(rng, Size(41, 17), type, true);
    whole.fill(rng, lo, hi);
    roi.fill(rng, lo, hi);
    checkFilterOn({ type, ddepth, Size(67, 23), kernel, Point(-1, -1), 0, BORDER_REFLECT_101, false, DST_NEW }, whole, rng);
    checkFilterOn({ type, ddepth, Size(41, 17), kernel, Point(0, 2), 7.25, BORDER_WRAP, true, DST_ROI }, roi, rng);
    checkFilterOn({ type, ddepth, Size(41, 17), kernel, Point(2, 1), -3.5, BORDER_CONSTANT | BORDER_ISOLATED, true,
                    DST_ROI }, roi, rng);

    // 56 taps on a whole image: cv::filter2D on the CPU takes the pair through its DFT, and is
    // itself the oracle.
    const Mat large = randomKernel(rng, Size(8, 7));
    for (const int border : { (int)BORDER_REFLECT_101, (int)BORDER_REPLICATE })
    {
        SCOPED_TRACE(cv::format("cv::filter2D's DFT path, 8x7 kernel, %s", borderName(border).c_str()));
        Mat expected;
        cv::filter2D(whole.roi, expected, ddepth, large, Point(-1, -1), 1.5, border);
        if (declinedWithoutDoubles(filterNeedsDoubles(sdepth, ddepth), [&] {
                UMat dst;
                gpuconv::filter2D(whole.uroi, dst, ddepth, large, Point(-1, -1), 1.5, border);
            }))
            return;
        UMat dst;
        gpuconv::filter2D(whole.uroi, dst, ddepth, large, Point(-1, -1), 1.5, border);
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), filterTolerance(ddepth, false)));
    }
}

INSTANTIATE_TEST_CASE_P(gpuconv, Filter2D_OpenCLOnlyPairs,
    ::testing::Combine(::testing::ValuesIn(kFilter2DOpenCLOnlyPairs), ::testing::Values(1, 3)));

// A ddepth given as a type (CV_32FC3): its depth counts, as in cv::filter2D's CV_MAKETYPE.
TEST(Filter2D_Types, ddepth_given_with_channels)
{
    RNG rng = testRng();
    const Mat kernel = randomKernel(rng, Size(3, 3));
    TestArray src(rng, Size(30, 20), CV_8UC3, false);
    for (const int ddepth : { (int)CV_32FC3, (int)CV_16SC2, (int)CV_8UC4 })
    {
        SCOPED_TRACE(typeToString(ddepth));
        Mat expected;
        cv::filter2D(src.roi, expected, ddepth, kernel);
        UMat dst;
        gpuconv::filter2D(src.uroi, dst, ddepth, kernel);
        ASSERT_EQ(expected.type(), dst.type());
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), filterTolerance(expected.depth(), false)));
    }
}

// ---- kernel size x border x ISOLATED x anchor x ROI ---------------------------------------------

typedef ::testing::TestWithParam<std::tuple<int, Size, int>> Filter2D_KernelBorder;

TEST_P(Filter2D_KernelBorder, matches_cv)
{
    const int type = std::get<0>(GetParam()), border = std::get<2>(GetParam());
    const Size ksize = std::get<1>(GetParam());
    const int depth = CV_MAT_DEPTH(type);
    RNG rng = testRng();
    const Mat kernel = randomKernel(rng, ksize, depth == CV_64F ? CV_64F : CV_32F);
    const Point anchors[] = { Point(-1, -1), Point(0, 0), Point(ksize.width - 1, ksize.height - 1),
                              Point(rng.uniform(0, ksize.width), rng.uniform(0, ksize.height)) };
    for (const Point& anchor : anchors)
        for (int isolated : { 0, (int)BORDER_ISOLATED })
        {
            checkFilter({ type, -1, Size(53, 37), kernel, anchor, 0, border | isolated, true, DST_ROI }, rng);
            checkFilter({ type, -1, Size(20, 13), kernel, anchor, 2.5, border | isolated, true, DST_INPLACE }, rng);
        }
    // Whole images, and images smaller than the kernel (several reflections, wrapping around).
    for (const Size& size : { Size(130, 70), Size(std::max(1, ksize.width / 2), std::max(1, ksize.height / 3)),
                              Size(1, 1), Size(2, 7), Size(ksize.width + 1, 2) })
    {
        checkFilter({ type, -1, size, kernel, Point(-1, -1), 0, border, false, DST_NEW }, rng);
        checkFilter({ type, -1, size, kernel, Point(0, ksize.height - 1), 0, border, true, DST_ROI }, rng);
    }
}

INSTANTIATE_TEST_CASE_P(gpuconv, Filter2D_KernelBorder,
    ::testing::Combine(::testing::Values(CV_8UC1, CV_32FC3),
                       ::testing::Values(Size(1, 1), Size(3, 3), Size(5, 5), Size(7, 7), Size(9, 3),
                                         Size(4, 4), Size(15, 15), Size(31, 31)),
                       ::testing::ValuesIn(kBorders)));

// ---- the frequency-domain path for large kernels ---------------------------------------------

// Every kernel up to the spectral tile's limit (33x33) through the frequency domain, whatever the
// cost model says: each channel count (one channel packs two blocks into a transform, three and
// four channels take two transforms), each destination depth it serves, blocks cut by the image's
// edges, and a kernel past the limit, which the direct path takes.
TEST(Filter2D_Spectral, matches_cv)
{
    ScopedEnv spectral("OPENCV_GPUCONV_FILTER2D_SPECTRAL", "always");
    RNG rng = testRng();
    const Mat wide = randomKernel(rng, Size(17, 9)), largest = randomKernel(rng, Size(33, 33));
    const std::pair<int, int> pairs[] = { { CV_8U, -1 }, { CV_8U, CV_16U }, { CV_8U, CV_16S },
                                          { CV_8U, CV_32F }, { CV_32F, -1 } };
    for (const auto& depths : pairs)
        for (int cn : { 1, 2, 3, 4 })
        {
            const int type = CV_MAKETYPE(depths.first, cn);
            // 17x9 blocks are 48x56: two and a bit groups across, one and a bit down.
            checkFilter({ type, depths.second, Size(101, 59), wide, Point(3, 7), 1.5, BORDER_REFLECT_101, true, DST_ROI }, rng);
            if (depths.second < 0)
                checkFilter({ type, -1, Size(50, 61), wide, Point(-1, -1), 0, BORDER_WRAP, true, DST_INPLACE }, rng);
        }
    for (int type : { CV_8UC1, CV_32FC4 })
    {
        checkFilter({ type, -1, Size(70, 40), largest, Point(-1, -1), -2, BORDER_CONSTANT, true, DST_ROI }, rng);
        checkFilter({ type, -1, Size(20, 9), largest, Point(32, 0), 0, BORDER_REFLECT | BORDER_ISOLATED, true, DST_ROI }, rng);
    }
    checkFilter({ CV_8UC1, -1, Size(75, 40), randomKernel(rng, Size(34, 34)), Point(-1, -1), 0, BORDER_REPLICATE,
                  false, DST_NEW }, rng);
}

// The kernel's spectrum is cached on the device by its weights: the same weights in another shape
// (here 9 rows of 17, then 17 rows of 9) have another spectrum, which the cache once ignored. The
// fuzz target can draw such pairs (inputs that differ in the kernel's shape but seed its values
// alike); on the H200 two jobs failed on this path with whole outputs wrong, inputs that pass
// when replayed alone, and none since the fix.
TEST(Filter2D_Spectral, the_same_weights_in_another_shape)
{
    ScopedEnv spectral("OPENCV_GPUCONV_FILTER2D_SPECTRAL", "always");
    RNG rng = testRng();
    const Mat wide = randomKernel(rng, Size(17, 9)), tall = wide.reshape(1, 17);
    ASSERT_EQ(Size(9, 17), tall.size());
    for (const Mat& kernel : { wide, tall, wide })
        checkFilter({ CV_8UC1, -1, Size(80, 60), kernel, Point(0, 0), 0, BORDER_CONSTANT, false, DST_NEW }, rng);
}

// A NaN or an infinity in a float image reaches the outputs whose window holds it, as in cv::'s
// direct correlation (below cv::'s DFT threshold of 130 taps, and on ROIs): a transform would
// spread it over its whole tile, so such tiles correlate directly.
TEST(Filter2D_Spectral, nonfinite_values_stay_local)
{
    ScopedEnv spectral("OPENCV_GPUCONV_FILTER2D_SPECTRAL", "always");
    RNG rng = testRng();
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    for (int type : { CV_32FC1, CV_32FC3, CV_32FC4 })
    {
        SCOPED_TRACE(typeToString(type));
        Mat parent(110, 170, type);
        rng.fill(parent, RNG::UNIFORM, -100.0, 100.0);
        parent.at<float>(40, 60) = nan;                  // inside the ROI below
        parent.at<float>(75, 3 * CV_MAT_CN(type)) = inf;  // left of it: read across its edge
        parent.at<float>(10, 150 * CV_MAT_CN(type) + 1) = -inf;
        const Rect roi(5, 3, 150, 100);
        for (const Size& ksize : { Size(9, 9), Size(17, 9) })
        {
            const Mat kernel = randomKernel(rng, ksize);
            Mat expected;
            cv::filter2D(parent(roi), expected, -1, kernel, Point(-1, -1), 0.5, BORDER_REFLECT_101);
            UMat uparent, dst;
            parent.copyTo(uparent);
            gpuconv::filter2D(uparent(roi), dst, -1, kernel, Point(-1, -1), 0.5, BORDER_REFLECT_101);
            EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), Tolerance::relative(1e-5))) << ksize;
        }
    }
}

// ---- widths 1..17 and tiny heights, for every pixel layout ------------------------------------

typedef ::testing::TestWithParam<std::tuple<int, Size>> Filter2D_Sizes;

TEST_P(Filter2D_Sizes, matches_cv)
{
    const int type = std::get<0>(GetParam());
    const Size ksize = std::get<1>(GetParam());
    RNG rng = testRng();
    const Mat kernel = randomKernel(rng, ksize);
    for (int width = 1; width <= 17; ++width)
        for (int height : { 1, 2, 5 })
        {
            checkFilter({ type, -1, Size(width, height), kernel, Point(-1, -1), 0, BORDER_REFLECT_101, false, DST_NEW }, rng);
            checkFilter({ type, -1, Size(width, height), kernel, Point(-1, -1), 1, BORDER_REFLECT_101, true, DST_ROI }, rng);
        }
    checkFilter({ type, -1, Size(1920, 1080), kernel, Point(-1, -1), 0, BORDER_REFLECT_101, false, DST_NEW }, rng);
    // Where 4x4 blocks would leave a compute unit under 2048 items (1080p on a GPU of 132 units),
    // one-lane items take smaller blocks (3x3) or the local-memory tile (5x5, 7x7); beyond, direct
    // 4x4 blocks (8x2 for 8-bit 3x3): 4K reaches those on such a GPU, 1080p on a CPU device of a
    // few units.
    if (CV_MAT_CN(type) == 1)
        checkFilter({ type, -1, Size(3840, 2160), kernel, Point(-1, -1), 0, BORDER_REFLECT_101, false, DST_NEW }, rng);
}

INSTANTIATE_TEST_CASE_P(gpuconv, Filter2D_Sizes,
    ::testing::Combine(::testing::Values(CV_8UC1, CV_8UC4, CV_16SC3, CV_32FC1),
                       ::testing::Values(Size(3, 3), Size(5, 5), Size(7, 7))));

// ---- one-lane windows read as aligned vectors ----------------------------------------------------

// Large one-lane images read their windows as aligned vectors of 4 pixels (floats; 8- and 16-bit
// elements under kernels above 3x3), each group's block shifted left by 0-3 pixels so that its
// windows start on one (src/plan.cpp, readsVectorWindows); the shift follows the whole image's
// offset in its buffer, the ROI and the anchor, and rows that lie no whole number of vectors apart
// read single pixels. The images are large enough for direct blocks 4 pixels wide on CPU devices
// and on GPUs of up to 132 compute units (smaller ones take other shapes).
TEST(Filter2D_VectorWindows, shifted_blocks_match_cv)
{
    RNG rng = testRng();
    struct VectorCase
    {
        Size parent;
        Rect roi;
        Size ksize;
        Point anchor;
        int border;
        bool inPlace;
    };
    // Block shifts 2, 1 (the ROI's offset as the whole image), in place (a copy), 3, 0 (3x3:
    // floats only), 0, single pixels.
    const VectorCase cases[] = {
        { Size(2336, 1904), Rect(5, 3, 2320, 1900), Size(7, 7), Point(-1, -1), BORDER_REFLECT_101, false },
        { Size(2336, 1904), Rect(6, 1, 2320, 1900), Size(5, 5), Point(1, 2), BORDER_CONSTANT | BORDER_ISOLATED, false },
        { Size(2336, 1900), Rect(0, 0, 2336, 1900), Size(5, 5), Point(1, 0), BORDER_WRAP, true },
        { Size(2336, 1900), Rect(7, 0, 2320, 1900), Size(5, 4), Point(0, 3), BORDER_REPLICATE, false },
        { Size(2336, 1904), Rect(1, 2, 2320, 1900), Size(3, 3), Point(-1, -1), BORDER_REFLECT, false },
        { Size(2336, 1904), Rect(12, 2, 2320, 1900), Size(7, 5), Point(0, 1), BORDER_REFLECT_101, false },
        { Size(2321, 1900), Rect(0, 0, 2321, 1900), Size(7, 7), Point(-1, -1), BORDER_REFLECT, false },
    };
    for (const int type : { CV_32FC1, CV_8UC1, CV_16SC1 })
        for (const VectorCase& v : cases)
        {
            SCOPED_TRACE(cv::format("%s, parent %dx%d, roi at (%d, %d)", depthName(CV_MAT_DEPTH(type)),
                                    v.parent.width, v.parent.height, v.roi.x, v.roi.y));
            TestArray src(rng, v.parent, v.roi, type);
            checkFilterOn({ type, -1, v.roi.size(), randomKernel(rng, v.ksize), v.anchor, 0.5, v.border,
                            true, v.inPlace ? DST_INPLACE : DST_ROI }, src, rng);
        }
}

// ---- exactness where the computation is exact --------------------------------------------------

TEST(Filter2D_Exact, integer_kernels_on_integer_data)
{
    RNG rng = testRng();
    // <= 7x7 on whole images and any size on ROIs: cv:: correlates directly (its DFT path, for
    // larger kernels on whole images, is not exact).
    const Size ksizes[] = { Size(3, 3), Size(5, 5), Size(7, 7), Size(9, 3) };
    const std::pair<int, int> pairs[] = { { CV_8UC1, CV_8U }, { CV_8UC1, CV_16S }, { CV_8UC3, CV_16S },
                                          { CV_8UC4, CV_8U }, { CV_8UC1, CV_32F }, { CV_16SC1, CV_16S },
                                          { CV_16UC2, CV_32F } };
    int caseIndex = 0;
    for (const Size& ksize : ksizes)
        for (const auto& p : pairs)
        {
            const Mat kernel = integerKernel(rng, ksize, 4, 4);
            const bool roi = ksize.area() > 49;
            // One border per case, each in turn: borders do not change the arithmetic, and every
            // extra combination is one more program for the OpenCL compiler.
            const int border = kBorders[caseIndex++ % 5];
            checkFilter({ p.first, p.second, Size(45, 21), kernel, Point(-1, -1), 3, border, roi,
                          roi ? DST_ROI : DST_NEW }, rng, true);
            checkFilter({ p.first, p.second, Size(30, 16), kernel, Point(0, 1), -2, border, true, DST_ROI }, rng, true);
        }
}

// Weights with exact binary fractions and data of 8 bits: results land exactly on halves, where
// rounding (to nearest even in cv::saturate_cast) decides, and must decide the same way.
TEST(Filter2D_Exact, rounding_ties_of_8bit_results)
{
    RNG rng = testRng();
    const Mat kernel = (Mat_<float>(3, 3) << 0.25, 0.5, 0.25, 0, -0.5, 0, 0.25, 0.125, 0.125);
    for (int type : { CV_8UC1, CV_8UC3 })
        for (int ddepth : { -1, (int)CV_16S, (int)CV_16U })
            checkFilter({ type, ddepth, Size(64, 31), kernel, Point(-1, -1), 0.5, BORDER_REPLICATE, false, DST_NEW },
                        rng, true);
}

// Float sums whose terms cancel (a delta against taps that sum near it): the rounding error
// follows the terms' magnitude, not the result's. gpuconv stays within a few float ulps of the
// terms of the sum in double (cv:: was 3.1e-5 from it on a 1x1 image where the fuzzer found this).
TEST(Filter2D_Exact, cancelling_delta_within_float_rounding_of_the_terms)
{
    RNG rng = testRng();
    for (Size size : { Size(1, 1), Size(5, 4) })
        for (int trial = 0; trial < 20; ++trial)
        {
            Mat src(size, CV_32FC1), k(9, 9, CV_32F);
            rng.fill(src, RNG::UNIFORM, 20.0, 30.0);
            rng.fill(k, RNG::UNIFORM, -0.5, 1.0);
            k /= norm(k, NORM_L1);
            const double delta = -20;
            const Point anchor(0, 1);
            Mat exact;
            referenceFilter2D(src, exact, CV_64F, k, anchor, delta, BORDER_REFLECT);
            UMat dst;
            gpuconv::filter2D(src.getUMat(ACCESS_READ), dst, -1, k, anchor, delta, BORDER_REFLECT);
            Mat got;
            dst.getMat(ACCESS_READ).convertTo(got, CV_64F);
            const double terms = std::abs(delta) + norm(src, NORM_INF) * norm(k, NORM_L1);
            EXPECT_LE(norm(got, exact, NORM_INF), 8 * FLT_EPSILON * terms) << size << ", trial " << trial;
        }
}

// ---- in place, the case OpenCV 4.6's own OpenCL path gets wrong on PoCL --------------------------

TEST(Filter2D_Inplace, matches_out_of_place)
{
    RNG rng = testRng();
    const Mat kernel = randomKernel(rng, Size(3, 3));
    for (int border : kBorders)
        for (int isolated : { 0, (int)BORDER_ISOLATED })
        {
            checkFilter({ CV_16SC3, -1, Size(300, 200), kernel, Point(-1, -1), 0, border | isolated, false, DST_INPLACE }, rng);
            checkFilter({ CV_16SC3, -1, Size(77, 45), kernel, Point(-1, -1), 0, border | isolated, true, DST_INPLACE }, rng);
        }
}

TEST(Filter2D_Inplace, destination_overlapping_the_source_window)
{
    // dst is a different view of the source's parent that overlaps the pixels the filter reads.
    RNG rng = testRng();
    const Mat kernel = randomKernel(rng, Size(5, 5));
    Mat parent = randomMat(rng, Size(80, 60), CV_8UC1);
    UMat uparent;
    parent.copyTo(uparent);
    const Rect srcRect(10, 10, 50, 40), dstRect(12, 13, 50, 40);
    Mat expectedParent = parent.clone(), expected;
    cv::filter2D(parent(srcRect), expected, -1, kernel);
    expected.copyTo(expectedParent(dstRect));
    UMat udst = uparent(dstRect);
    gpuconv::filter2D(uparent(srcRect), udst, -1, kernel);
    EXPECT_TRUE(matsNear(expectedParent, uparent.getMat(ACCESS_READ), Tolerance::absolute(1)));
}

TEST(Filter2D_Inplace, roi_reading_part_of_its_parent)
{
    // In place, gpuconv filters a copy of the pixels the border rule reads around the ROI, not
    // of the whole parent: every rule, aprons inside the parent, across its edges and longer
    // than the ROI, and an anchor off the kernel's centre.
    RNG rng = testRng();
    const Mat kernels[] = { randomKernel(rng, Size(3, 3)), randomKernel(rng, Size(5, 5)), randomKernel(rng, Size(15, 7)) };
    const Point anchors[] = { Point(-1, -1), Point(1, 3), Point(10, 5) };
    for (int border : kBorders)
        for (int k = 0; k < 3; ++k)
            for (const Rect& rect : roisAcrossParent())
            {
                TestArray src(rng, kRoiParentSize, rect, CV_8UC1);
                SCOPED_TRACE(cv::format("%s, kernel %dx%d, ROI (%d, %d) %dx%d", borderName(border).c_str(),
                                        kernels[k].cols, kernels[k].rows, rect.x, rect.y, rect.width, rect.height));
                Mat expected;
                referenceFilter2D(src.roi, expected, -1, kernels[k], anchors[k], 0, border);
                gpuconv::filter2D(src.uroi, src.uroi, -1, kernels[k], anchors[k], 0, border);
                EXPECT_TRUE(matsNear(expected, src.uroi.getMat(ACCESS_READ), Tolerance::absolute(1)));
                EXPECT_TRUE(outsideRoiUnchanged(src));
            }
}

// ---- kernels as CV_64F, double precision accumulation, large kernels --------------------------

TEST(Filter2D_Kernels, kernel_depths_and_accumulators)
{
    RNG rng = testRng();
    checkFilter({ CV_32FC1, -1, Size(50, 30), randomKernel(rng, Size(5, 3), CV_64F), Point(-1, -1), 0.5,
                  BORDER_REFLECT, true, DST_ROI }, rng);
    checkFilter({ CV_8UC1, CV_64F, Size(50, 30), randomKernel(rng, Size(5, 3), CV_32F), Point(-1, -1), 0.5,
                  BORDER_REFLECT, true, DST_ROI }, rng);
    checkFilter({ CV_8UC1, -1, Size(50, 30), randomKernel(rng, Size(4, 2), CV_64F), Point(1, 1), 0,
                  BORDER_WRAP, true, DST_ROI }, rng);
}

TEST(Filter2D_Kernels, up_to_63x63)
{
    RNG rng = testRng();
    // 63x63 of 4-channel doubles does not fit in local memory: the direct variant.
    for (int type : { CV_32FC1, CV_8UC4, CV_64FC4 })
    {
        const Mat kernel = randomKernel(rng, Size(63, 63), CV_MAT_DEPTH(type) == CV_64F ? CV_64F : CV_32F);
        checkFilter({ type, -1, Size(90, 70), kernel, Point(-1, -1), 0, BORDER_REFLECT_101, true, DST_ROI }, rng);
        checkFilter({ type, -1, Size(40, 20), kernel, Point(3, 50), 0, BORDER_WRAP, false, DST_NEW }, rng);
    }
    // 91x91 doubles (66 KB) exceed the 64 KB constant buffer: weights read from global memory.
    checkFilter({ CV_64FC1, -1, Size(40, 30), randomKernel(rng, Size(91, 91), CV_64F), Point(-1, -1), 0,
                  BORDER_REPLICATE, true, DST_ROI }, rng);
    const Mat wide = randomKernel(rng, Size(61, 2));
    checkFilter({ CV_16UC1, CV_32F, Size(100, 9), wide, Point(-1, -1), 0, BORDER_CONSTANT, true, DST_ROI }, rng);
}

// ---- rank-1 kernels: large outer products run as sepFilter2D, within filter2D's tolerance ----

TEST(Filter2D_RankOne, outer_products_match_cv)
{
    RNG rng = testRng();
    const Mat gauss = cv::getGaussianKernel(31, -1, CV_32F);
    const Mat box = Mat::ones(21, 1, CV_32F) / 21.0;
    const Mat ramp = (Mat_<float>(1, 17) << -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8);
    const Mat kernels[] = { gauss * gauss.t(), box * Mat(gauss.t()), Mat(box(Rect(0, 0, 1, 17)) * 17.0) * ramp / 64.0 };
    int caseIndex = 0;
    for (const Mat& kernel : kernels)
        for (int type : { CV_8UC1, CV_8UC3, CV_16SC1, CV_32FC1 })
        {
            const int border = caseIndex++ % 2 ? BORDER_CONSTANT : BORDER_REFLECT_101;
            checkFilter({ type, -1, Size(97, 61), kernel, Point(-1, -1), 0, border, true, DST_ROI }, rng);
            checkFilter({ type, -1, Size(64, 40), kernel, Point(3, 5), 2, border, false, DST_NEW }, rng);
        }
    // Almost an outer product: stays on the 2D path, and must match too.
    Mat nearly = gauss * gauss.t(), noise(nearly.size(), CV_32F);
    rng.fill(noise, RNG::UNIFORM, -1e-4, 1e-4);
    nearly += noise;
    checkFilter({ CV_8UC1, -1, Size(70, 50), nearly, Point(-1, -1), 0, BORDER_REFLECT_101, true, DST_ROI }, rng);
    // In place through the separable path.
    checkFilter({ CV_32FC1, -1, Size(70, 50), kernels[0], Point(-1, -1), 0, BORDER_REFLECT_101, true, DST_INPLACE }, rng);
}

// ---- errors: the same kind of cv::Exception as cv:: --------------------------------------------

TEST(Filter2D_Errors, same_exception_as_cv)
{
    const Mat m(10, 10, CV_16UC1, Scalar(1)), m8s(10, 10, CV_8SC1, Scalar(1)), m32s(10, 10, CV_32SC1, Scalar(1));
    const Mat parent8s(20, 20, CV_8SC1, Scalar(1));
    Mat mdst;
    UMat udst;
    const Mat k = Mat::ones(3, 3, CV_32F), k56 = Mat::ones(7, 8, CV_32F);
    struct Bad { Mat src; int ddepth; Mat kernel; Point anchor; int border; };
    const Bad cases[] = {
        { m32s, CV_16S, k, Point(-1, -1), BORDER_DEFAULT },          // ddepth below the source depth
        { m8s, CV_16U, k, Point(-1, -1), BORDER_DEFAULT },           // 8S -> 16U is not implemented
        { m, -1, k, Point(3, 0), BORDER_DEFAULT },                   // anchor outside the kernel
        { m, -1, k, Point(-1, -1), BORDER_TRANSPARENT },             // no such border for filters
        { m8s, -1, k, Point(-1, -1), BORDER_DEFAULT },               // 8S sources are not implemented
        { parent8s(Rect(2, 3, 10, 10)), -1, k56, Point(-1, -1), BORDER_DEFAULT },  // nor through the DFT on a ROI
    };
    for (const Bad& b : cases)
    {
        SCOPED_TRACE(cv::format("%s ddepth %d kernel %dx%d anchor (%d, %d) border %d", typeToString(b.src.type()).c_str(),
                                b.ddepth, b.kernel.cols, b.kernel.rows, b.anchor.x, b.anchor.y, b.border));
        const Mat& src = b.src;
        const UMat usrc = src.getUMat(ACCESS_READ);
        const int code = errorCode([&] { cv::filter2D(src, mdst, b.ddepth, b.kernel, b.anchor, 0, b.border); });
        ASSERT_NE(0, code);
        EXPECT_EQ(code, errorCode([&] { gpuconv::filter2D(usrc, udst, b.ddepth, b.kernel, b.anchor, 0, b.border); }));
    }
    EXPECT_NE(0, errorCode([&] { gpuconv::filter2D(UMat(), udst, -1, k); }));
    EXPECT_NE(0, errorCode([&] { gpuconv::filter2D(m.getUMat(ACCESS_READ), udst, -1, Mat()); }));
}

} // namespace
} // namespace gpuconv_test
