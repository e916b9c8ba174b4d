// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"

namespace gpuconv_test {
namespace {

/** What the kernels are, which decides cv::'s arithmetic (see src/sep_filter2d.cpp). */
enum KernelKind
{
    KERNEL_RANDOM,    //!< random coefficients in [-0.5, 1), L1-normalised (OpenCV's own test): float path
    KERNEL_SMOOTH8,   //!< symmetric, non-negative, multiples of 1/256 summing to 1: 8U -> 8U fixed point
    KERNEL_INTEGER    //!< integer, symmetric or antisymmetric (Sobel-like): 8U -> 16S in integers
};

struct SepCase
{
    int depth, ddepth, cn;
    int kxLen, kyLen;
    KernelKind kind;
    int ktype;          //!< CV_32F or CV_64F coefficients
    Point anchor;
    int border;         //!< may include BORDER_ISOLATED
    Size size;
    int dstMode;
    bool srcRoi;
    double delta;
};

std::string describe(const SepCase& c)
{
    std::ostringstream s;
    s << depthName(c.depth) << "C" << c.cn << " -> ddepth " << depthName(c.ddepth) << ", kernel "
      << c.kxLen << "x" << c.kyLen << " kind " << (int)c.kind << " ktype " << depthName(c.ktype)
      << ", anchor " << c.anchor << ", border " << (c.border & ~BORDER_ISOLATED)
      << ((c.border & BORDER_ISOLATED) ? "|ISOLATED" : "") << ", " << c.size << ", src "
      << (c.srcRoi ? "roi" : "whole") << ", dst " << dstModeName(c.dstMode) << ", delta " << c.delta;
    return s.str();
}

Mat makeKernel(RNG& rng, int len, KernelKind kind, int ktype, bool antisymmetric)
{
    Mat k(1, len, CV_64F);
    if (kind == KERNEL_RANDOM)
    {
        rng.fill(k, RNG::UNIFORM, -0.5, 1.0);
        cv::normalize(k.clone(), k, 1.0, 0.0, NORM_L1);
    }
    else if (kind == KERNEL_SMOOTH8)
    {
        // Random symmetric weights quantised to 1/256, the centre absorbing the rounding.
        Mat w(1, len / 2 + 1, CV_64F);
        rng.fill(w, RNG::UNIFORM, 0.2, 1.0);
        double total = w.at<double>(0, len / 2);
        for (int i = 0; i < len / 2; ++i)
            total += 2 * w.at<double>(0, i);
        int used = 0;
        for (int i = 0; i < len / 2; ++i)
        {
            const int q = (int)std::floor(w.at<double>(0, i) / total * 256);
            k.at<double>(0, i) = k.at<double>(0, len - 1 - i) = q / 256.0;
            used += 2 * q;
        }
        k.at<double>(0, len / 2) = (256 - used) / 256.0;
    }
    else
    {
        for (int i = 0; i <= len / 2; ++i)
        {
            const int v = rng.uniform(-3, 4);
            k.at<double>(0, i) = v;
            k.at<double>(0, len - 1 - i) = antisymmetric ? -v : v;
        }
        if (antisymmetric)
            k.at<double>(0, len / 2) = 0;
    }
    Mat out;
    k.convertTo(out, ktype);
    return out;
}

/** Compares a result of cv::'s 8U smoothing fixed-point mode. cv:: computes all but the last
    (cols * cn) % 4 elements of each row with float sums rounded to even (SIMD) and those with
    integer sums rounded half up (scalar tail), so at exact ties the tail may differ by one. */
::testing::AssertionResult fixedPointNear(const Mat& expected, const Mat& actual)
{
    const int rowElems = expected.cols * expected.channels();
    const int tail = rowElems % 4;
    Mat e = expected.reshape(1), a = actual.reshape(1);
    ::testing::AssertionResult body = matsNear(e.colRange(0, rowElems - tail), a.colRange(0, rowElems - tail),
                                               Tolerance::exact());
    if (!body || tail == 0)
        return body;
    return matsNear(e.colRange(rowElems - tail, rowElems), a.colRange(rowElems - tail, rowElems),
                    Tolerance::absolute(1));
}

/** cv::sepFilter2D on the CPU, except where its FilterEngine departs from its own border rule
    (cpuFilterFollowsBorderRule): there the reference is cv::sepFilter2D of the padded image
    (padding the parent, whose pixels a ROI reads, unless isolated), cropped. */
Mat referenceSepFilter(const TestArray& src, int ddepth, const Mat& kx, const Mat& ky, Point anchor,
                       double delta, int border)
{
    Mat expected;
    if (src.roi.depth() == CV_64F && ddepth == CV_32F)
    {
        // cv::sepFilter2D takes 64F -> 32F on UMat only: the double result, rounded to float.
        referenceSepFilter(src, CV_64F, kx, ky, anchor, delta, border).convertTo(expected, CV_32F);
        return expected;
    }
    const int mode = border & ~BORDER_ISOLATED;
    const int nx = (int)kx.total(), ny = (int)ky.total();
    if (cpuFilterFollowsBorderRule(border, Size(nx, ny), src.roi.size()))
    {
        cv::sepFilter2D(src.roi, expected, ddepth, kx, ky, anchor, delta, border);
        return expected;
    }
    const Point a(anchor.x < 0 ? nx / 2 : anchor.x, anchor.y < 0 ? ny / 2 : anchor.y);
    const bool isolated = (border & BORDER_ISOLATED) != 0;
    const Mat& image = isolated ? src.roi : src.parent;
    const Rect roi = isolated ? Rect(Point(0, 0), src.roi.size()) : src.rect;
    Mat padded;
    copyMakeBorder(image, padded, a.y, ny - 1 - a.y, a.x, nx - 1 - a.x, mode | BORDER_ISOLATED);
    const Rect window(roi.x, roi.y, roi.width + nx - 1, roi.height + ny - 1);
    Mat full;
    cv::sepFilter2D(padded(window), full, ddepth, kx, ky, a, delta, BORDER_CONSTANT | BORDER_ISOLATED);
    full(Rect(a.x, a.y, roi.width, roi.height)).copyTo(expected);
    return expected;
}

/** Runs one case on `src` (c.size, c.depth and c.cn are src's) through cv::sepFilter2D on Mat and
    gpuconv::sepFilter2D on UMat and compares, including the guard around a ROI destination and
    in-place use. */
void checkSepFilterOn(const SepCase& c, TestArray& src, RNG& rng)
{
    SCOPED_TRACE(describe(c));
    const bool antisym = c.kind == KERNEL_INTEGER && rng.uniform(0, 2) == 1;
    const Mat kx = makeKernel(rng, c.kxLen, c.kind, c.ktype, antisym);
    const Mat ky = makeKernel(rng, c.kyLen, c.kind, c.ktype, !antisym && c.kind == KERNEL_INTEGER && rng.uniform(0, 2));
    const int outDepth = c.ddepth < 0 ? c.depth : c.ddepth;

    const Mat expected = referenceSepFilter(src, c.ddepth, kx, ky, c.anchor, c.delta, c.border);

    Tolerance tol = defaultTolerance(outDepth);
    if (c.kind == KERNEL_RANDOM && outDepth < CV_32F)
        tol = Tolerance::absolute(1);  // float sums in another order: OpenCV's own test allows 1
    if (c.kind == KERNEL_RANDOM && outDepth >= CV_32F && c.kxLen * c.kyLen > 1000)
        tol = Tolerance::relative(outDepth == CV_32F ? 1e-4 : 1e-9);  // long float sums
    const auto compare = [&](const Mat& actual) {
        return c.kind == KERNEL_SMOOTH8 && c.depth == CV_8U && outDepth == CV_8U && c.kyLen > 1
                   ? fixedPointNear(expected, actual)
                   : matsNear(expected, actual, tol);
    };
    if (declinedWithoutDoubles(filterNeedsDoubles(c.depth, c.ddepth), [&] {
            UMat dst;
            gpuconv::sepFilter2D(src.uroi, dst, c.ddepth, kx, ky, c.anchor, c.delta, c.border);
        }))
        return;

    if (c.dstMode == DST_INPLACE)
    {
        ASSERT_EQ(outDepth, c.depth);
        gpuconv::sepFilter2D(src.uroi, src.uroi, c.ddepth, kx, ky, c.anchor, c.delta, c.border);
        EXPECT_TRUE(compare(src.uroi.getMat(ACCESS_READ)));
        EXPECT_TRUE(outsideRoiUnchanged(src));
        return;
    }
    if (c.dstMode == DST_ROI)
    {
        TestArray dst(rng, c.size, CV_MAKETYPE(outDepth, c.cn), true);
        gpuconv::sepFilter2D(src.uroi, dst.uroi, c.ddepth, kx, ky, c.anchor, c.delta, c.border);
        EXPECT_TRUE(compare(dst.uroi.getMat(ACCESS_READ)));
        EXPECT_TRUE(outsideRoiUnchanged(dst));
        return;
    }
    UMat dst;
    gpuconv::sepFilter2D(src.uroi, dst, c.ddepth, kx, ky, c.anchor, c.delta, c.border);
    EXPECT_TRUE(compare(dst.getMat(ACCESS_READ)));
    EXPECT_TRUE(outsideRoiUnchanged(src));  // the source is never written
}

/** checkSepFilterOn a random source of c.size, a ROI of a larger parent where the case asks. */
void checkSepFilter(const SepCase& c, RNG& rng)
{
    TestArray src(rng, c.size, CV_MAKETYPE(c.depth, c.cn), c.srcRoi || c.dstMode != DST_NEW);
    checkSepFilterOn(c, src, rng);
}

SepCase baseCase(int depth, int ddepth, int cn)
{
    return { depth, ddepth, cn, 5, 3, KERNEL_RANDOM, CV_32F, Point(-1, -1), BORDER_REFLECT_101,
             Size(45, 23), DST_ROI, true, 7.25 };
}

// ---- depth x ddepth x channels ---------------------------------------------------------------

typedef ::testing::TestWithParam<std::tuple<int, int, int>> SepFilter2D_Types;

TEST_P(SepFilter2D_Types, matches_cv)
{
    const int depth = std::get<0>(GetParam()), ddepth = std::get<1>(GetParam());
    const int cn = std::get<2>(GetParam());
    RNG rng = testRng();
    SepCase c = baseCase(depth, ddepth, cn);
    checkSepFilter(c, rng);
    // The same lengths throughout: short kernels are built with their lengths, and PoCL takes a
    // second per build (SepFilter2D_Lengths and _FixedPoint vary them).
    c.ktype = CV_64F;
    c.dstMode = DST_NEW;
    c.delta = -3.75;
    checkSepFilter(c, rng);
    // The fixed-point modes where they apply, plain float arithmetic otherwise.
    c.kind = KERNEL_SMOOTH8;
    checkSepFilter(c, rng);
    c.kind = KERNEL_INTEGER;
    c.delta = 2.25;
    checkSepFilter(c, rng);
}

INSTANTIATE_TEST_CASE_P(gpuconv, SepFilter2D_Types,
    ::testing::Combine(::testing::ValuesIn(kFilterDepths), ::testing::ValuesIn(kFilterDdepths),
                       ::testing::Values(1, 2, 3, 4)));

// ---- kernel lengths: the single pass, and two passes where it does not fit -------------------

typedef ::testing::TestWithParam<std::tuple<int, int, int>> SepFilter2D_Lengths;

TEST_P(SepFilter2D_Lengths, matches_cv)
{
    const int type = std::get<0>(GetParam());
    const int kxLen = std::get<1>(GetParam()), kyLen = std::get<2>(GetParam());
    const int depth = CV_MAT_DEPTH(type), cn = CV_MAT_CN(type);
    RNG rng = testRng();
    for (KernelKind kind : { KERNEL_RANDOM, KERNEL_SMOOTH8 })
    {
        SepCase c = baseCase(depth, -1, cn);
        c.kind = kind;
        c.kxLen = kxLen;
        c.kyLen = kyLen;
        c.size = Size(70, 41);
        c.border = BORDER_REFLECT;
        checkSepFilter(c, rng);
        std::swap(c.kxLen, c.kyLen);  // long rows, short columns
        c.border = BORDER_CONSTANT;
        c.dstMode = DST_NEW;
        checkSepFilter(c, rng);
    }
}

INSTANTIATE_TEST_CASE_P(gpuconv, SepFilter2D_Lengths,
    ::testing::Combine(::testing::Values(CV_8UC1, CV_8UC4, CV_32FC1, CV_16SC3),
                       ::testing::Values(1, 3, 5, 7, 9),
                       ::testing::Values(3, 17, 31, 63, 511)));

// ---- anchors x borders x BORDER_ISOLATED x ROI -----------------------------------------------

typedef ::testing::TestWithParam<std::tuple<int, int, bool, bool>> SepFilter2D_Borders;

TEST_P(SepFilter2D_Borders, matches_cv)
{
    const int type = std::get<0>(GetParam()), border = std::get<1>(GetParam());
    const bool isolated = std::get<2>(GetParam()), useRoi = std::get<3>(GetParam());
    RNG rng = testRng();
    const Point anchors[] = { Point(-1, -1), Point(0, 0), Point(4, 1), Point(2, 6), Point(8, 6) };
    for (const Point& anchor : anchors)
        for (KernelKind kind : { KERNEL_RANDOM, KERNEL_SMOOTH8 })
        {
            SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
            c.kind = kind;
            c.kxLen = 9;
            c.kyLen = 7;
            c.anchor = anchor;
            c.border = border | (isolated ? BORDER_ISOLATED : 0);
            c.srcRoi = useRoi;
            c.dstMode = useRoi ? DST_ROI : DST_NEW;
            c.size = Size(37, 19);
            checkSepFilter(c, rng);
        }
}

INSTANTIATE_TEST_CASE_P(gpuconv, SepFilter2D_Borders,
    ::testing::Combine(::testing::Values(CV_8UC2, CV_16UC1, CV_32FC3),
                       ::testing::ValuesIn(kBorders), ::testing::Bool(), ::testing::Bool()));

// ---- sizes: 1x1, images smaller than the kernel, odd shapes, 1080p -----------------------------

typedef ::testing::TestWithParam<std::tuple<int, int>> SepFilter2D_Sizes;

TEST_P(SepFilter2D_Sizes, matches_cv)
{
    const int type = std::get<0>(GetParam()), border = std::get<1>(GetParam());
    RNG rng = testRng();
    const Size sizes[] = { Size(1, 1), Size(2, 3), Size(5, 1), Size(1, 7), Size(13, 4), Size(33, 9),
                           Size(257, 65) };
    for (const Size& size : sizes)
        for (int len : { 3, 17, 31 })
        {
            SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
            c.kxLen = len;
            c.kyLen = len == 3 ? 17 : 3;
            c.border = border;
            c.size = size;
            checkSepFilter(c, rng);
        }
    // Large images, where the plan builds the single pass for its lengths, short kernels too for
    // wide pixels.
    for (int len : { 17, 5 })
    {
        SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
        c.kind = KERNEL_SMOOTH8;
        c.kxLen = c.kyLen = len;
        c.size = Size(1920, 1080);
        c.border = border;
        checkSepFilter(c, rng);
    }
}

INSTANTIATE_TEST_CASE_P(gpuconv, SepFilter2D_Sizes,
    ::testing::Combine(::testing::Values(CV_8UC1, CV_8UC2, CV_8UC4, CV_32FC1),
                       ::testing::Values((int)BORDER_REFLECT_101, (int)BORDER_WRAP, (int)BORDER_CONSTANT)));

// ---- in place, and the tiled single pass and the two-pass path forced for short kernels ---------

/** Which kernels run: as planned (direct up to 7 taps, else the tiled single pass where its tile
    fits, here built for lengths given at run time since the image is small), the tiled single
    pass built for the kernels' lengths (as planned for large images) or for lengths given at run
    time, or the two passes. */
enum SepPath { PATH_PLANNED, PATH_FUSED, PATH_FUSED_TAPS_AT_RUN_TIME, PATH_TWO_PASS };

typedef ::testing::TestWithParam<std::tuple<int, int>> SepFilter2D_InplaceAndPasses;

TEST_P(SepFilter2D_InplaceAndPasses, matches_cv)
{
    const int type = std::get<0>(GetParam());
    const int path = std::get<1>(GetParam());
    ScopedEnv forceTwoPass("OPENCV_GPUCONV_SEPFILTER_TWO_PASS", path == PATH_TWO_PASS ? "1" : "0");
    const bool fused = path == PATH_FUSED || path == PATH_FUSED_TAPS_AT_RUN_TIME;
    ScopedEnv forceFused("OPENCV_GPUCONV_SEPFILTER_FUSED", fused ? "1" : "0");
    ScopedEnv fixedTaps("OPENCV_GPUCONV_SEPFILTER_FIXED_TAPS",
                        path == PATH_FUSED ? "always" : path == PATH_FUSED_TAPS_AT_RUN_TIME ? "never" : "planned");
    RNG rng = testRng();
    for (int dstMode : { (int)DST_INPLACE, (int)DST_ROI, (int)DST_NEW })
        for (int border : { (int)BORDER_REPLICATE, (int)(BORDER_REFLECT | BORDER_ISOLATED), (int)BORDER_WRAP })
            for (KernelKind kind : { KERNEL_RANDOM, KERNEL_SMOOTH8 })
            {
                SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
                c.kind = kind;
                // Short kernels (direct when planned) and longer ones (the tiled single pass).
                const bool longer = kind == KERNEL_SMOOTH8;
                c.kxLen = longer ? 9 : 7;
                c.kyLen = longer ? 11 : 5;
                c.anchor = Point(1, 3);
                c.border = border;
                c.dstMode = dstMode;
                c.size = Size(51, 29);
                checkSepFilter(c, rng);
            }
    // Long kernels in place: the two-pass path without a copy.
    SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
    c.kxLen = 31;
    c.kyLen = 511;
    c.dstMode = DST_INPLACE;
    c.size = Size(40, 30);
    checkSepFilter(c, rng);
}

INSTANTIATE_TEST_CASE_P(gpuconv, SepFilter2D_InplaceAndPasses,
    ::testing::Combine(::testing::Values(CV_8UC1, CV_8UC3, CV_16SC1, CV_32FC4, CV_64FC1),
                       ::testing::Values((int)PATH_PLANNED, (int)PATH_FUSED, (int)PATH_FUSED_TAPS_AT_RUN_TIME,
                                         (int)PATH_TWO_PASS)));

TEST(SepFilter2D_FixedTaps, every_symmetry)
{
    // The single pass built for its lengths (as planned for large images) with general, symmetric
    // and antisymmetric kernels, odd and even lengths up to the 32 taps it is built for.
    ScopedEnv forceFused("OPENCV_GPUCONV_SEPFILTER_FUSED", "1");
    ScopedEnv fixedTaps("OPENCV_GPUCONV_SEPFILTER_FIXED_TAPS", "always");
    RNG rng = testRng();
    for (int type : { CV_8UC1, CV_32FC1 })
        for (KernelKind kind : { KERNEL_RANDOM, KERNEL_SMOOTH8, KERNEL_INTEGER })
            for (const Size& lengths : { Size(9, 11), Size(31, 17), Size(32, 8) })
            {
                const bool integer16s = kind == KERNEL_INTEGER && type == CV_8UC1;
                SepCase c = baseCase(CV_MAT_DEPTH(type), integer16s ? CV_16S : -1, CV_MAT_CN(type));
                c.kind = kind;
                c.kxLen = lengths.width;
                c.kyLen = lengths.height;
                c.size = Size(70, 45);
                checkSepFilter(c, rng);
            }
}

TEST(SepFilter2D_LocalMemory, tiles_that_fill_the_local_memory)
{
    // 16-byte pixels, 14 x 33 taps: on a device of 48 KiB of local memory (NVIDIA's) the single
    // pass's two tiles took all of it, and with the kernel's own local memory on top the launch was
    // refused (CL_OUT_OF_RESOURCES; found by the soak test on larger images, seed 47).
    RNG rng = testRng();
    for (int type : { CV_32FC4, CV_64FC2 })
    {
        SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
        c.kxLen = 14;
        c.kyLen = 33;
        c.anchor = Point(10, 19);
        c.border = BORDER_CONSTANT;
        c.size = Size(124, 60);
        checkSepFilter(c, rng);
    }
}

TEST(SepFilter2D_LocalMemory, tiles_within_their_alignment_of_the_local_memory)
{
    // 16UC2 into 32F, 34 x 11 taps, 144 x 240: on NVIDIA's 48 KiB the single pass's two tiles
    // (30360 and 18768 bytes) and the kernel's own byte left 23 bytes free, but the driver starts
    // the first tile, a ulong4 array, on its 32-byte boundary, and refused the launch (found by the
    // fuzz target on the H200). Elsewhere this checks results only.
    RNG rng = testRng();
    SepCase c = baseCase(CV_16U, CV_32F, 2);
    c.kxLen = 34;
    c.kyLen = 11;
    c.anchor = Point(13, 1);
    c.border = BORDER_CONSTANT;
    c.size = Size(144, 240);
    c.delta = 0;
    checkSepFilter(c, rng);
}

TEST(SepFilter2D_LocalMemory, row_segments_that_fill_the_local_memory)
{
    // The two passes' row kernel holds a segment of up to 256 source pixels and its apron in local
    // memory. Here the kernel is as long as makes the segment of 256 take all of the device's local
    // memory (32-byte pixels, 48 KiB: 1281 taps), so the kernel's own local memory (NVIDIA's: 1
    // byte) must make the plan take a shorter segment. Where that length passes 4096 taps (CPU
    // devices) a 1281-tap kernel is filtered, which checks results only.
    const ocl::Device& device = ocl::Device::getDefault();
    const int type = device.doubleFPConfig() > 0 ? CV_64FC4 : CV_32FC4;
    const size_t filling = device.localMemSize() / CV_ELEM_SIZE(type) - 255;
    RNG rng = testRng();
    SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
    c.kxLen = filling <= 4096 ? (int)filling : 1281;
    c.kyLen = 3;
    c.border = BORDER_REPLICATE;
    c.size = Size(300, 6);
    checkSepFilter(c, rng);
}

TEST(SepFilter2D_Inplace, roi_reading_part_of_its_parent)
{
    // As Filter2D_Inplace: in place, the direct kernel (7x5) and the tiled one (9x11) filter a
    // copy of only the pixels the border rule reads around the ROI.
    RNG rng = testRng();
    for (int border : kBorders)
        for (bool longer : { false, true })
            for (const Rect& rect : roisAcrossParent())
            {
                const Mat kx = makeKernel(rng, longer ? 9 : 7, KERNEL_RANDOM, CV_32F, false);
                const Mat ky = makeKernel(rng, longer ? 11 : 5, KERNEL_RANDOM, CV_32F, false);
                const Point anchor = longer ? Point(6, 2) : Point(1, 3);
                TestArray src(rng, kRoiParentSize, rect, CV_8UC1);
                SCOPED_TRACE(cv::format("%s, kernel %dx%d, ROI (%d, %d) %dx%d", borderName(border).c_str(), (int)kx.total(),
                                        (int)ky.total(), rect.x, rect.y, rect.width, rect.height));
                const Mat expected = referenceSepFilter(src, -1, kx, ky, anchor, 0, border);
                gpuconv::sepFilter2D(src.uroi, src.uroi, -1, kx, ky, anchor, 0, border);
                EXPECT_TRUE(matsNear(expected, src.uroi.getMat(ACCESS_READ), Tolerance::absolute(1)));
                EXPECT_TRUE(outsideRoiUnchanged(src));
            }
}

// One-lane 4-byte sources whose rows lie whole 16-byte vectors apart: the direct kernel reads its
// windows as aligned vectors, its blocks shifted so that they start on one (by 0-3 pixels, from
// the image's offset in its buffer, the ROI and the anchor), and stores no output left of the
// image. Images large enough for 4x4 blocks to give every compute unit many work items (as for
// Filter2D_VectorWindows): with few, the plan reads single pixels.
TEST(SepFilter2D_VectorWindows, shifted_blocks_match_cv)
{
    RNG rng = testRng();
    struct VectorCase
    {
        Size parent;
        Rect roi;
        int kxLen, kyLen;
        Point anchor;
        int border, dstMode;
    };
    const VectorCase cases[] = {
        // block shifts 3, 2 (the ROI's offset as the whole image), 1, 0, 2 (in place: a copy)
        { Size(2332, 1904), Rect(5, 3, 2320, 1900), 5, 5, Point(-1, -1), BORDER_REFLECT_101, DST_ROI },
        { Size(2332, 1904), Rect(6, 1, 2320, 1900), 7, 3, Point(0, 2), BORDER_CONSTANT | BORDER_ISOLATED, DST_NEW },
        { Size(2332, 1904), Rect(6, 2, 2321, 1899), 3, 7, Point(1, 6), BORDER_WRAP, DST_ROI },
        { Size(2320, 1900), Rect(0, 0, 2320, 1900), 1, 5, Point(0, 4), BORDER_REPLICATE, DST_NEW },
        { Size(2324, 1900), Rect(3, 0, 2317, 1899), 6, 4, Point(1, 0), BORDER_REFLECT, DST_INPLACE },
        // rows 9284 bytes apart: single pixels
        { Size(2321, 1900), Rect(0, 0, 2321, 1900), 5, 5, Point(-1, -1), BORDER_REFLECT, DST_NEW },
    };
    for (const VectorCase& v : cases)
    {
        SCOPED_TRACE(cv::format("parent %dx%d, roi at (%d, %d)", v.parent.width, v.parent.height,
                                v.roi.x, v.roi.y));
        TestArray src(rng, v.parent, v.roi, CV_32FC1);
        const SepCase c = { CV_32F, -1, 1, v.kxLen, v.kyLen, KERNEL_RANDOM, CV_32F, v.anchor, v.border,
                            v.roi.size(), v.dstMode, true, 0.5 };
        checkSepFilterOn(c, src, rng);
    }
}

// ---- the tensor cores' single pass ------------------------------------------------------------

TEST(SepFilter2D_Tensor, borders_anchors_and_layouts)
{
    // One-channel 8-bit images with float kernels, forced onto the tensor cores' single pass (on
    // devices without them its mma emulated in OpenCL C): every border rule, isolated and not,
    // anchors inside and at the corners, ROIs on both sides and in place; several tiles each way,
    // interior ones loaded by words. Two pairs of lengths, so two builds.
    ScopedEnv tensor("OPENCV_GPUCONV_SEPFILTER_TENSOR", "always");
    RNG rng = testRng();
    for (const Size& lengths : { Size(17, 31), Size(9, 3) })
        for (int border : kBorders)
            for (bool isolated : { false, true })
            {
                const Point anchors[] = { Point(-1, -1), Point(0, lengths.height - 1), Point(lengths.width - 1, 0) };
                const int dstModes[] = { DST_ROI, DST_INPLACE, DST_NEW };
                const int pick = rng.uniform(0, 3);
                SepCase c = baseCase(CV_8U, -1, 1);
                c.kxLen = lengths.width;
                c.kyLen = lengths.height;
                c.anchor = anchors[pick];
                c.border = border | (isolated ? BORDER_ISOLATED : 0);
                c.dstMode = dstModes[(pick + (int)isolated) % 3];
                c.srcRoi = c.dstMode != DST_NEW || isolated;
                c.size = Size(150, 170);
                checkSepFilter(c, rng);
            }
    // Rows 16-byte aligned and whole tiles: the outputs stored as 16-byte words.
    SepCase c = baseCase(CV_8U, -1, 1);
    c.kxLen = 31;
    c.kyLen = 17;
    c.dstMode = DST_NEW;
    c.srcRoi = false;
    c.size = Size(192, 136);
    checkSepFilter(c, rng);
}

// ---- tiles inside the image: 16-byte word loads for every pixel size that divides 16 ----------

typedef ::testing::TestWithParam<int> SepFilter2D_InteriorWords;

TEST_P(SepFilter2D_InteriorWords, matches_cv)
{
    // Big enough for tiles away from every border, inside ROIs of random parents (rows starting
    // anywhere modulo 16), isolated and not, with short and long kernels.
    const int type = GetParam();
    RNG rng = testRng();
    for (int len : { 3, 17 })
        for (int border : { (int)BORDER_REFLECT_101, (int)(BORDER_CONSTANT | BORDER_ISOLATED) })
        {
            SepCase c = baseCase(CV_MAT_DEPTH(type), -1, CV_MAT_CN(type));
            c.kxLen = len;
            c.kyLen = 20 - len;
            c.border = border;
            c.size = Size(203, 97);
            checkSepFilter(c, rng);
        }
}

INSTANTIATE_TEST_CASE_P(gpuconv, SepFilter2D_InteriorWords,
    ::testing::Values(CV_8UC2, CV_16UC1, CV_16SC4, CV_32FC2, CV_32FC4, CV_64FC2));

// ---- cv::'s fixed-point modes: Gaussian 8U -> 8U and Sobel 8U -> 16S are bit-exact -------------

TEST(SepFilter2D_FixedPoint, gaussian_and_sobel)
{
    RNG rng = testRng();
    for (int ksize : { 3, 5, 7 })
    {
        TestArray src(rng, Size(64, 40), CV_8UC1, true);
        // getGaussianKernel's tables for ksize <= 7 are multiples of 1/256 (fixed-point mode).
        const Mat g = getGaussianKernel(ksize, 0, CV_32F);
        Mat expected;
        cv::sepFilter2D(src.roi, expected, -1, g, g, Point(-1, -1), 0, BORDER_REFLECT_101);
        UMat dst;
        gpuconv::sepFilter2D(src.uroi, dst, -1, g, g, Point(-1, -1), 0, BORDER_REFLECT_101);
        EXPECT_TRUE(fixedPointNear(expected, dst.getMat(ACCESS_READ))) << "Gaussian " << ksize;

        Mat dx, dy;
        getDerivKernels(dx, dy, 1, 0, ksize, false, CV_32F);
        cv::sepFilter2D(src.roi, expected, CV_16S, dx, dy, Point(-1, -1), 3, BORDER_REPLICATE);
        gpuconv::sepFilter2D(src.uroi, dst, CV_16S, dx, dy, Point(-1, -1), 3, BORDER_REPLICATE);
        EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), Tolerance::exact())) << "Sobel " << ksize;
    }
}

// The integer mode with a delta near a half-integer (the fuzzer drew -17.4999999999999964 and
// 12.5000...): cv::'s SIMD body adds delta to the sums in float arithmetic, where the fraction
// becomes a half and the tie rounds to even; its scalar row tail adds saturate_cast<int>(delta).
// gpuconv adds the integer nearest the double everywhere: the exact result, within 1 of cv::'s.
TEST(SepFilter2D_FixedPoint, integer_mode_delta_near_a_half)
{
    RNG rng = testRng();
    TestArray src(rng, Size(32, 7), CV_8UC1, true);
    const Mat kx = (Mat_<double>(1, 3) << -1, 3, -1), ky = (Mat_<double>(1, 3) << 2, -5, 2);
    for (double delta : { std::nextafter(-17.5, 0.0), 12.500001, 100.4999 })
    {
        // Integer sums are exact in double; the exact result adds the integer nearest delta.
        Mat exact;
        referenceSepFilter(src, CV_64F, kx, ky, Point(-1, -1), 0, BORDER_CONSTANT)
            .convertTo(exact, CV_16S, 1, (double)std::lround(delta));
        const Mat expected = referenceSepFilter(src, CV_16S, kx, ky, Point(-1, -1), delta, BORDER_CONSTANT);
        UMat dst;
        gpuconv::sepFilter2D(src.uroi, dst, CV_16S, kx, ky, Point(-1, -1), delta, BORDER_CONSTANT);
        const Mat got = dst.getMat(ACCESS_READ);
        EXPECT_TRUE(matsNear(exact, got, Tolerance::exact())) << "delta " << delta;
        EXPECT_TRUE(matsNear(expected, got, Tolerance::absolute(1))) << "delta " << delta;
    }
}

// ---- kernels in every layout cv::sepFilter2D reads: rows, columns, parts of a matrix, integers ---

TEST(SepFilter2D_KernelLayouts, read_like_cv)
{
    // The host reads the coefficients in place: a column cut from a wider matrix has a step, and
    // integer kernels are converted as cv:: converts them.
    RNG rng = testRng();
    Mat wide(7, 4, CV_64F);
    rng.fill(wide, RNG::UNIFORM, -1, 1);
    Mat tall(5, 3, CV_32F);
    rng.fill(tall, RNG::UNIFORM, -1, 1);
    const Mat sobel = (Mat_<int>(1, 3) << -1, 0, 1), smooth = (Mat_<int>(3, 1) << 1, 2, 1);
    const struct { const char* what; Mat kx, ky; bool integer; } layouts[] = {
        { "column of a 7x4 matrix, row of it", wide.col(2), wide.row(3).colRange(0, 3), false },
        { "column of a 5x3 float matrix, row of it", tall.col(1), tall.row(4), false },
        { "integer kernels", sobel, smooth.t(), true },
    };
    for (const auto& layout : layouts)
        for (int type : { CV_8UC1, CV_32FC3 })
        {
            SCOPED_TRACE(cv::format("%s, type %d", layout.what, type));
            TestArray src(rng, Size(37, 29), type, true);
            const int ddepth = CV_MAT_DEPTH(type) == CV_8U ? CV_16S : -1;
            Mat expected;
            cv::sepFilter2D(src.roi, expected, ddepth, layout.kx, layout.ky, Point(-1, -1), 1.5, BORDER_REFLECT);
            UMat dst;
            gpuconv::sepFilter2D(src.uroi, dst, ddepth, layout.kx, layout.ky, Point(-1, -1), 1.5, BORDER_REFLECT);
            const int outDepth = expected.depth();
            // Float sums in another order: OpenCV's own test allows 1 on integer outputs.
            const Tolerance tol = !layout.integer && outDepth < CV_32F ? Tolerance::absolute(1) : defaultTolerance(outDepth);
            EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), tol));
        }
}

// ---- invalid arguments raise cv::Exception like cv::sepFilter2D ----------------------------------

TEST(SepFilter2D_Errors, rejected_like_cv)
{
    UMat src(10, 10, CV_8UC1, Scalar(1)), dst;
    const Mat k3 = Mat::ones(1, 3, CV_32F) / 3;
    EXPECT_THROW(gpuconv::sepFilter2D(src, dst, -1, k3, k3, Point(3, 0)), cv::Exception);
    EXPECT_THROW(gpuconv::sepFilter2D(src, dst, -1, k3, Mat::ones(1, 3, CV_64F)), cv::Exception);
    EXPECT_THROW(gpuconv::sepFilter2D(src, dst, -1, k3, Mat::ones(3, 3, CV_32F)), cv::Exception);
    EXPECT_THROW(gpuconv::sepFilter2D(src, dst, CV_8S, k3, k3), cv::Exception);
    EXPECT_THROW(gpuconv::sepFilter2D(UMat(10, 10, CV_32SC1), dst, -1, k3, k3), cv::Exception);
    EXPECT_THROW(gpuconv::sepFilter2D(src, dst, -1, k3, k3, Point(-1, -1), 0, BORDER_TRANSPARENT), cv::Exception);
    EXPECT_THROW(gpuconv::sepFilter2D(UMat(), dst, -1, k3, k3), cv::Exception);
}

} // namespace
} // namespace gpuconv_test
