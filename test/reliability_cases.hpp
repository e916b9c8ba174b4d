// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_TEST_RELIABILITY_CASES_HPP
#define GPUCONV_TEST_RELIABILITY_CASES_HPP

// One parameter space for all four functions, shared by the reduced suite that runs under oclgrind
// (test_reliability.cpp), the randomised soak test (test_soak.cpp) and the libFuzzer target
// (fuzz/fuzz_gpuconv.cpp). A Case is one call; runCase() runs it through cv:: on Mat and gpuconv
// on UMat and holds gpuconv to the public contract: where cv:: raises, gpuconv raises a
// cv::Exception; where cv:: returns, gpuconv returns the same result (within the tolerance of the
// function's accuracy tests), writes nothing outside its destination and never its source.

#include "gpuconv_test.hpp"

#include <opencv2/imgproc.hpp>
#include <opencv2/gpuconv.hpp>

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>

namespace gpuconv_test {

enum Function { FN_ADD_WEIGHTED, FN_SEP_FILTER2D, FN_FILTER2D, FN_INTEGRAL, FN_COUNT };

inline const char* functionName(int fn)
{
    static const char* const names[] = { "addWeighted", "sepFilter2D", "filter2D", "integral" };
    return fn >= 0 && fn < FN_COUNT ? names[fn] : "?";
}

/** How filter coefficients are made; it decides cv::'s arithmetic (src/sep_filter2d.cpp). */
enum CoefficientKind
{
    COEFF_RANDOM,   //!< random in [-0.5, 1), L1-normalised: float arithmetic
    COEFF_SMOOTH,   //!< non-negative multiples of 1/256 summing to 1, symmetric: 8U fixed point
    COEFF_INTEGER   //!< small symmetric integers: the 8U -> 16S integer mode
};

struct Case
{
    int fn = FN_ADD_WEIGHTED;
    int type = CV_8UC1;       //!< source type (both sources of addWeighted)
    int ddepth = -1;          //!< ddepth / dtype / sdepth
    int sqdepth = -1;         //!< integral
    int outputs = 1;          //!< integral: 1 sum, 2 + squared sum, 3 + tilted sum
    Size size = Size(16, 8);
    bool srcRoi = false;      //!< the source is a ROI of a larger array
    int dstMode = DST_NEW;    //!< DST_ROI: a ROI of a guarded parent; DST_INPLACE: dst is src
    Size ksize = Size(3, 3);  //!< sepFilter2D: (kernelX length, kernelY length); filter2D: kernel size
    Point anchor = Point(-1, -1);
    int border = BORDER_REFLECT_101;
    int coeffKind = COEFF_RANDOM;
    int ktype = CV_32F;
    double delta = 0, alpha = 0.5, beta = 0.5, gamma = 0;
    bool twoPass = false;     //!< sepFilter2D: force the two-pass path
    bool fixedTaps = false;   //!< sepFilter2D: the single pass built for its lengths at any size
    bool tensor = false;      //!< sepFilter2D: the tensor cores' single pass (emulated where missing)
};

inline std::string describe(const Case& c)
{
    std::ostringstream s;
    s << functionName(c.fn) << " " << depthName(CV_MAT_DEPTH(c.type)) << "C" << CV_MAT_CN(c.type)
      << " " << c.size << (c.srcRoi ? " src-roi" : "") << " dst " << dstModeName(c.dstMode);
    if (c.fn == FN_ADD_WEIGHTED)
        s << " dtype " << c.ddepth << " alpha " << c.alpha << " beta " << c.beta << " gamma " << c.gamma;
    else if (c.fn == FN_INTEGRAL)
        s << " sdepth " << c.ddepth << " sqdepth " << c.sqdepth << " outputs " << c.outputs;
    else
        s << " ddepth " << c.ddepth << " ksize " << c.ksize << " anchor " << c.anchor << " border "
          << (c.border & ~BORDER_ISOLATED) << ((c.border & BORDER_ISOLATED) ? "|ISOLATED" : "")
          << " coeff " << c.coeffKind << " ktype " << depthName(c.ktype) << " delta " << cv::format("%.17g", c.delta)
          << (c.twoPass ? " two-pass" : "") << (c.fixedTaps ? " fixed-taps" : "") << (c.tensor ? " tensor" : "");
    return s.str();
}

/** Whether case `c` needs double precision on the device (test/gpuconv_test.hpp, *NeedsDoubles). */
inline bool caseNeedsDoubles(const Case& c)
{
    const int depth = CV_MAT_DEPTH(c.type);
    switch (c.fn)
    {
    case FN_INTEGRAL: return integralNeedsDoubles(depth, c.ddepth, c.sqdepth, c.outputs);
    case FN_ADD_WEIGHTED: return addWeightedNeedsDoubles(depth, depth, c.ddepth);
    default: return filterNeedsDoubles(depth, c.ddepth);
    }
}

/** Coefficients of `len` taps (a row), `rows` x `len` for filter2D. */
inline Mat makeCoefficients(RNG& rng, int rows, int len, int kind, int ktype)
{
    Mat k(rows, len, CV_64F);
    if (rows > 1 && kind == COEFF_SMOOTH)
    {
        // An outer product of two smoothing rows, as a Gaussian built in 2D (rank one).
        k = makeCoefficients(rng, 1, rows, kind, CV_64F).t() * makeCoefficients(rng, 1, len, kind, CV_64F);
    }
    else if (kind == COEFF_RANDOM || rows > 1)
    {
        rng.fill(k, RNG::UNIFORM, -0.5, 1.0);
        cv::normalize(k.clone(), k, 1.0, 0.0, NORM_L1);
    }
    else if (kind == COEFF_SMOOTH)
    {
        int used = 0;
        for (int i = 0; i < len / 2; ++i)
        {
            const int q = rng.uniform(0, 256 / len + 1);
            k.at<double>(0, i) = k.at<double>(0, len - 1 - i) = q / 256.0;
            used += 2 * q;
        }
        if (len % 2 == 0)
            k.at<double>(0, len / 2 - 1) = k.at<double>(0, len / 2) = (256 - used) / 512.0;
        else
            k.at<double>(0, len / 2) = (256 - used) / 256.0;
    }
    else
    {
        for (int i = 0; i <= len / 2; ++i)
            k.at<double>(0, i) = k.at<double>(0, len - 1 - i) = rng.uniform(-3, 4);
    }
    Mat out;
    k.convertTo(out, ktype);
    return out;
}

/** Tolerance of integral's output `output` (0 sum, 1 squared sum, 2 tilted sum) of `depth` for the
    source `src`, whose values are integers (runCase): exact while its sums stay within the
    depth's exact integers, else the bound of two summation orders (summationBound), over the
    longest chain of additions of either side: W + H + 2 along a row and down a column, and up to
    2 H + 2 in cv::'s tilted recurrence. */
inline Tolerance integralTolerance(const Mat& src, int depth, int output)
{
    Mat values;
    src.convertTo(values, CV_64F);
    const double magnitude = output == 1 ? values.dot(values) : cv::norm(values, NORM_L1);
    const double steps = src.cols + src.rows + 2 + (output == 2 ? std::max(0, src.rows - src.cols) : 0);
    return Tolerance::absolute(summationBound(depth, steps, magnitude, true));
}

/** Tolerance of a result of `depth` for case `c` of the filters or addWeighted: that of the
    functions' own accuracy tests. `terms`: for the filters, the largest magnitude a result's
    terms reach, |delta| + max |source| x the kernel's L1 norm. */
inline Tolerance caseTolerance(const Case& c, int depth, double terms = 0)
{
    const bool integerResult = depth < CV_32F;
    switch (c.fn)
    {
    case FN_ADD_WEIGHTED:
        // cv::addWeighted's SIMD body rounds a fused multiply-add, its scalar row tail does not:
        // with arbitrary weights an integer result at a rounding tie may differ by one between
        // them (test_add_weighted.cpp's weights are exact and hold gpuconv to bit-exactness).
        return integerResult ? Tolerance::absolute(1) : defaultTolerance(depth);
    default:
        // Float sums in another order: OpenCV's own filter tests allow 1 on integer results.
        // Integer sepFilter2D kernels are exact, but for a delta near a half-integer: cv::'s
        // 8U -> 16S integer mode adds delta to the sums in float arithmetic in its SIMD body,
        // where a fraction within a float's resolution of a half (2^-9 at 16-bit magnitudes) is
        // a tie and rounds to even, and saturate_cast<int>(delta) in its scalar row tail, so it
        // differs from itself by one (the fuzzer drew -7.5, -17.4999999999999964 and 12.5000...;
        // SepFilter2D_FixedPoint.integer_mode_delta_near_a_half).
        if (integerResult)
        {
            const bool nearHalf = std::abs(c.delta - std::floor(c.delta) - 0.5) <= 1.0 / 256;
            return c.coeffKind == COEFF_INTEGER && c.fn == FN_SEP_FILTER2D && !nearHalf ? Tolerance::exact()
                                                                                         : Tolerance::absolute(1);
        }
        // Relative to the result, and to the terms: a sum's rounding errors follow its terms'
        // magnitude, which a delta or taps of both signs can make far larger than the result (the
        // fuzzer: a 1x1 32FC1 image, 9x9 taps, delta -20, result 0.593; cv:: 3.1e-5 from the sum
        // in double, gpuconv 7.4e-6).
        Tolerance t = Tolerance::relative(depth == CV_32F ? (c.ksize.area() > 100 ? 1e-4 : 1e-5) : 1e-9);
        t.abs = t.rel * terms;
        // cv::filter2D correlates kernels of 50 taps or more on whole images through crossCorr's
        // DFT, which rounds a 64F kernel to float for integer sources (OpenCV 4.6, templmatch.cpp):
        // its 64F results are then as close as float weights make them (the wide palette: 16UC4
        // -> 64F, 11x5 taps, 3.4e-4 off at 21696; gpuconv keeps the double weights).
        if (c.fn == FN_FILTER2D && depth == CV_64F && CV_MAT_DEPTH(c.type) < CV_32F && c.ktype == CV_64F &&
            c.ksize.area() >= 50)
            t.abs = std::max(t.abs, terms * FLT_EPSILON);
        return t;
    }
}

/** The outcome of one call: its results, or the cv::Exception it raised. */
struct Outcome
{
    bool raised = false;
    std::string error;
    std::vector<Mat> results;
};

template <typename Call>
Outcome runGuarded(Call&& call)
{
    Outcome o;
    try
    {
        call(o.results);
    }
    catch (const cv::Exception& e)
    {
        o.raised = true;
        o.error = e.what();
        o.results.clear();
    }
    return o;
}

/** A destination the case asks for: a fresh UMat, a ROI of a guarded parent, or the source. */
struct Destination
{
    TestArray guarded;
    UMat fresh;
    UMat* target = &fresh;
};

/** cv::'s filter of `src` computed from an explicitly padded image: the parent (whose pixels a ROI
    reads unless isolated) is extended by the border rule with copyMakeBorder, filtered, and the
    ROI's window cropped. The reference where cv:: cannot filter the case itself: BORDER_WRAP, which
    cv::sepFilter2D rejects, and images shorter than the kernel with an off-centre anchor, where
    OpenCV 4.6's FilterEngine misbehaves: it asserts (srcY >= this_.startY) or returns NaN for finite
    data (64FC4, 23x1, 10x9 kernel, BORDER_REFLECT_101). */
template <typename Filter>
Mat paddedReference(const TestArray& src, Size ksize, Point anchor, int border, Filter&& filter)
{
    const Point a(anchor.x < 0 ? ksize.width / 2 : anchor.x, anchor.y < 0 ? ksize.height / 2 : anchor.y);
    const bool isolated = (border & BORDER_ISOLATED) != 0;
    const Mat& image = isolated ? src.roi : src.parent;
    const Rect roi = isolated ? Rect(Point(0, 0), src.roi.size()) : src.rect;
    Mat padded;
    copyMakeBorder(image, padded, a.y, ksize.height - 1 - a.y, a.x, ksize.width - 1 - a.x,
                   (border & ~BORDER_ISOLATED) | BORDER_ISOLATED);
    const Rect window(roi.x, roi.y, roi.width + ksize.width - 1, roi.height + ksize.height - 1);
    Mat full;
    filter(padded(window), full, a);
    return full(Rect(a.x, a.y, roi.width, roi.height)).clone();
}

/** Runs case `c` through cv:: and gpuconv and compares (see the top of this file). Random data
    comes from `rng`; gpuconv's results are stored in `results` when given. */
inline ::testing::AssertionResult runCase(const Case& c, RNG& rng, std::vector<Mat>* results = nullptr)
{
    const int depth = CV_MAT_DEPTH(c.type);
    const bool integralCase = c.fn == FN_INTEGRAL;
    // Integral's sources hold integers (floats too), so that its sums compare exactly while they
    // stay within the depth's exact integers (integralTolerance).
    TestArray src(rng, c.size, c.type, c.srcRoi || c.dstMode != DST_NEW);
    if (integralCase && depth >= CV_32F)
    {
        Mat ints = randomMat(rng, c.size, CV_MAKETYPE(CV_32S, CV_MAT_CN(c.type)), -64, 65);
        ints.convertTo(src.roi, depth);
        src.parent.copyTo(src.uparent);
        src.parentBefore = src.parent.clone();
    }
    TestArray src2;
    if (c.fn == FN_ADD_WEIGHTED)
        src2 = TestArray(rng, c.size, c.type, c.srcRoi || c.dstMode != DST_NEW);
    const int kd = c.ktype;
    Mat kx, ky, k2d;
    if (c.fn == FN_SEP_FILTER2D)
    {
        kx = makeCoefficients(rng, 1, std::max(1, c.ksize.width), c.coeffKind, kd);
        ky = makeCoefficients(rng, 1, std::max(1, c.ksize.height), c.coeffKind, kd).t();
    }
    else if (c.fn == FN_FILTER2D)
        k2d = makeCoefficients(rng, std::max(1, c.ksize.height), std::max(1, c.ksize.width), c.coeffKind, kd);

    Outcome expected = runGuarded([&](std::vector<Mat>& out) {
        out.resize(integralCase ? c.outputs : 1);
        switch (c.fn)
        {
        case FN_ADD_WEIGHTED:
            cv::addWeighted(src.roi, c.alpha, src2.roi, c.beta, c.gamma, out[0], c.ddepth);
            break;
        case FN_SEP_FILTER2D:
            cv::sepFilter2D(src.roi, out[0], c.ddepth, kx, ky, c.anchor, c.delta, c.border);
            break;
        case FN_FILTER2D:
            cv::filter2D(src.roi, out[0], c.ddepth, k2d, c.anchor, c.delta, c.border);
            break;
        case FN_INTEGRAL:
            if (c.outputs == 1)
                cv::integral(src.roi, out[0], c.ddepth);
            else if (c.outputs == 2)
                cv::integral(src.roi, out[0], out[1], c.ddepth, c.sqdepth);
            else
                cv::integral(src.roi, out[0], out[1], out[2], c.ddepth, c.sqdepth);
            break;
        }
    });

    const bool filterCase = c.fn == FN_SEP_FILTER2D || c.fn == FN_FILTER2D;
    // The largest magnitude of a filter result's terms (caseTolerance); 0 where the source holds
    // values that are not finite.
    double terms = 0;
    if (filterCase)
    {
        const double sourceMax = norm(src.parent, NORM_INF);
        const double kernelL1 = c.fn == FN_SEP_FILTER2D ? norm(kx, NORM_L1) * norm(ky, NORM_L1) : norm(k2d, NORM_L1);
        terms = std::isfinite(sourceMax) ? std::abs(c.delta) + sourceMax * kernelL1 : 0;
    }
    const bool wrap = (c.border & ~BORDER_ISOLATED) == BORDER_WRAP;
    const Size ks = c.fn == FN_SEP_FILTER2D ? Size((int)kx.total(), (int)ky.total()) : k2d.size();
    const bool smallerThanKernel = c.size.width < ks.width || c.size.height < ks.height;
    const bool engineAssert = expected.raised && expected.error.find("srcY >= this_.startY") != std::string::npos;
    const auto padded = [&] {
        return runGuarded([&](std::vector<Mat>& out) {
            out.push_back(paddedReference(src, ks, c.anchor, c.border, [&](const Mat& in, Mat& res, Point a) {
                if (c.fn == FN_SEP_FILTER2D)
                    cv::sepFilter2D(in, res, c.ddepth, kx, ky, a, c.delta, BORDER_CONSTANT | BORDER_ISOLATED);
                else
                    cv::filter2D(in, res, c.ddepth, k2d, a, c.delta, BORDER_CONSTANT | BORDER_ISOLATED);
            }));
        });
    };
    if (filterCase && (wrap || engineAssert || (smallerThanKernel && !expected.raised)))
        expected = padded();

    // Destinations: a guarded ROI needs the result's type, known once cv:: returned.
    Destination dst[3];
    for (int i = 0; i < (int)expected.results.size(); ++i)
    {
        if (c.dstMode == DST_ROI)
        {
            const Mat& e = expected.results[i];
            dst[i].guarded = TestArray(rng, e.size(), e.type(), true);
            dst[i].target = &dst[i].guarded.uroi;
        }
    }
    const bool inplace = c.dstMode == DST_INPLACE && !integralCase;
    if (inplace)
        dst[0].target = &src.uroi;
    // Only set when needed: changing the environment is not thread-safe (test_concurrency.cpp).
    std::unique_ptr<ScopedEnv> twoPass;
    if (c.twoPass)
        twoPass.reset(new ScopedEnv("OPENCV_GPUCONV_SEPFILTER_TWO_PASS", "1"));
    std::unique_ptr<ScopedEnv> fixedTaps;
    if (c.fixedTaps)
        fixedTaps.reset(new ScopedEnv("OPENCV_GPUCONV_SEPFILTER_FIXED_TAPS", "always"));
    std::unique_ptr<ScopedEnv> tensor;
    if (c.tensor)
        tensor.reset(new ScopedEnv("OPENCV_GPUCONV_SEPFILTER_TENSOR", "always"));
    const Outcome actual = runGuarded([&](std::vector<Mat>& out) {
        switch (c.fn)
        {
        case FN_ADD_WEIGHTED:
            gpuconv::addWeighted(src.uroi, c.alpha, src2.uroi, c.beta, c.gamma, *dst[0].target, c.ddepth);
            break;
        case FN_SEP_FILTER2D:
            gpuconv::sepFilter2D(src.uroi, *dst[0].target, c.ddepth, kx, ky, c.anchor, c.delta, c.border);
            break;
        case FN_FILTER2D:
            gpuconv::filter2D(src.uroi, *dst[0].target, c.ddepth, k2d, c.anchor, c.delta, c.border);
            break;
        case FN_INTEGRAL:
            if (c.outputs == 1)
                gpuconv::integral(src.uroi, *dst[0].target, c.ddepth);
            else if (c.outputs == 2)
                gpuconv::integral(src.uroi, *dst[0].target, *dst[1].target, c.ddepth, c.sqdepth);
            else
                gpuconv::integral(src.uroi, *dst[0].target, *dst[1].target, *dst[2].target, c.ddepth,
                                  c.sqdepth);
            break;
        }
        for (int i = 0; i < (integralCase ? c.outputs : 1); ++i)
            out.push_back(dst[i].target->getMat(ACCESS_READ).clone());
    });

    if (results)
        *results = actual.results;
    // Without double precision the call declines (and, with fallbacks forbidden, raises), where
    // cv:: returns; with it, and for every other case, it runs as below.
    if (!expected.raised && !deviceHasDoubles() && caseNeedsDoubles(c))
    {
        if (actual.raised && isDoublesDecline(actual.error))
            return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure()
               << describe(c) << ": needs double precision, which the device does not give, so gpuconv "
               << "must decline it (no double precision), but " << (actual.raised ? "raised: " + actual.error : std::string("returned"));
    }
    if (expected.raised != actual.raised)
        return ::testing::AssertionFailure()
               << describe(c) << ": " << (expected.raised ? "cv:: raised but gpuconv returned"
                                                          : "gpuconv raised but cv:: returned")
               << ": " << (expected.raised ? expected.error : actual.error);
    if (expected.raised)
        return ::testing::AssertionSuccess();
    for (size_t i = 0; i < expected.results.size(); ++i)
    {
        const Mat& e = expected.results[i];
        const Tolerance tol = integralCase ? integralTolerance(src.roi, e.depth(), (int)i) : caseTolerance(c, e.depth(), terms);
        ::testing::AssertionResult same = matsNear(e, actual.results[i], tol);
        // cv::'s own border handling is wrong in some cases (OpenCV 4.6's filter2D: the last row of
        // a 16UC2 -> 32F 9x9 filter with anchor (4, 0), BORDER_REFLECT_101 | BORDER_ISOLATED over
        // a ROI; soak seed 19, GPUCONV_SOAK_SCALE=16, case 98, checked against a sum in double):
        // the filter of the explicitly padded image decides.
        if (!same && filterCase)
        {
            const Outcome reference = padded();
            if (!reference.raised)
                same = matsNear(reference.results[0], actual.results[i], tol);
            // Said aloud, so that a log shows how often cv:: was overruled (grep "cv:: overruled").
            if (same)
                std::cout << cv::format("[ NOTE ] cv:: overruled by the padded image's filter: %s\n",
                                        describe(c).c_str()) << std::flush;
        }
        if (!same)
            return ::testing::AssertionFailure() << describe(c) << ", output " << i << ": " << same.message();
        if (c.dstMode == DST_ROI)
        {
            ::testing::AssertionResult guard = outsideRoiUnchanged(dst[i].guarded);
            if (!guard)
                return ::testing::AssertionFailure() << describe(c) << ", output " << i << ": " << guard.message();
        }
    }
    // In place, the source is the destination and its guard is checked; otherwise the sources
    // are never written, ROI included.
    for (const TestArray* in : { &src, &src2 })
    {
        if (in->uparent.empty())
            continue;
        ::testing::AssertionResult guard = inplace && in == &src ? outsideRoiUnchanged(*in) : unchanged(*in);
        if (!guard)
            return ::testing::AssertionFailure() << describe(c) << ": source: " << guard.message();
    }
    return ::testing::AssertionSuccess();
}

/** Whether the environment variable `name` asks for randomCase's wide palette ("wide"). */
inline bool widePaletteAsked(const char* name)
{
    const char* v = std::getenv(name);
    return v && std::string(v) == "wide";
}

/** An element of `table` drawn by `rng`, each equally likely (one rng.uniform over its size). */
template <typename Rng, typename T, size_t N>
const T& pick(Rng& rng, const T (&table)[N])
{
    return table[rng.uniform(0, (int)N)];
}

/** A random case of function `fn` from `rng`: sizes from 1x1 up, types from a palette (some cv::
    rejects), borders, anchors, kernel sizes (some larger than the image), ROIs, in-place use.
    Used by the soak test (Rng = cv::RNG) and the fuzzer (an Rng drawing from the fuzzer's input);
    Rng needs uniform(int a, int b) in [a, b) and uniform(double a, double b). `sizeScale` multiplies
    the image's sides: the plans take other paths for images that span many tiles and waves (the
    three-launch integral, the tensor pass), which the small sizes never reach. `widePalette`
    draws every depth, channel count and depth pair the functions take (and some they refuse), and
    kernels of any size; it suits a GPU, whose compiler builds a variant in a fraction of PoCL's
    second. */
template <typename Rng>
Case randomCase(Rng& rng, int fn, int sizeScale = 1, bool widePalette = false)
{
    // Types from a palette: every depth, channel count and combination is covered by the
    // functions' own suites, and each new combination costs kernel builds (about a second each on
    // PoCL); the soak's variety is in the geometry. {source type, ddepth/dtype}:
    static const int weightedTypes[][2] = {
        { CV_8UC1, -1 }, { CV_8UC3, -1 }, { CV_8UC4, CV_16S }, { CV_16SC2, -1 }, { CV_32SC1, CV_32F },
        { CV_32FC4, -1 }, { CV_64FC1, -1 }, { CV_8UC2, CV_64F }, { CV_16UC1, CV_8U },
    };
    static const int filterTypes[][2] = {
        { CV_8UC1, -1 }, { CV_8UC3, -1 }, { CV_8UC4, -1 }, { CV_8UC1, CV_32F }, { CV_16SC1, -1 },
        { CV_16UC2, CV_32F }, { CV_32FC1, -1 }, { CV_32FC4, -1 }, { CV_64FC2, -1 }, { CV_32FC1, CV_8U },
    };
    // The wide palette's filter2D pairs: those of cv::filter2D's CPU correlation, its oracle; not
    // 32F -> 64F, which cv::filter2D takes through its DFT for large kernels only (test_filter2d.cpp
    // checks it).
    static const std::vector<std::pair<int, int>> filter2DPairs = [] {
        std::vector<std::pair<int, int>> pairs;
        for (const auto& pair : kFilter2DDepthPairs)
            if (filterEngineCorrelates(pair.first, pair.second))
                pairs.push_back(pair);
        return pairs;
    }();
    Case c;
    c.fn = fn;
    // Mostly small images, sometimes a line or a single pixel, sometimes a few hundred pixels wide.
    const int shape = rng.uniform(0, 10);
    c.size = shape == 0 ? Size(rng.uniform(1, 4), rng.uniform(1, 4)) :
             shape == 1 ? Size(rng.uniform(100, 300), rng.uniform(1, 40)) :
                          Size(rng.uniform(1, 70), rng.uniform(1, 50));
    c.size = Size(c.size.width * sizeScale, c.size.height * sizeScale);
    c.srcRoi = rng.uniform(0, 2) == 1;
    c.dstMode = rng.uniform(0, 3);
    switch (fn)
    {
    case FN_ADD_WEIGHTED:
    {
        const int* t = pick(rng, weightedTypes);
        c.type = t[0];
        c.ddepth = t[1];
        if (widePalette)
        {
            c.type = CV_MAKETYPE(pick(rng, kAllDepths), rng.uniform(1, 5));
            c.ddepth = rng.uniform(0, 2) ? -1 : pick(rng, kAllDepths);
        }
        const int depth = CV_MAT_DEPTH(c.type);
        if (c.dstMode == DST_INPLACE && c.ddepth >= 0 && c.ddepth != depth)
            c.dstMode = DST_ROI;
        c.alpha = rng.uniform(-2.0, 2.0);
        c.beta = rng.uniform(-2.0, 2.0);
        c.gamma = rng.uniform(-50.0, 50.0);
        break;
    }
    case FN_SEP_FILTER2D:
    case FN_FILTER2D:
    {
        const int* t = pick(rng, filterTypes);
        c.type = t[0];
        c.ddepth = t[1];
        if (widePalette && fn == FN_FILTER2D)
        {
            const std::pair<int, int>& pair = filter2DPairs[rng.uniform(0, (int)filter2DPairs.size())];
            c.type = CV_MAKETYPE(pair.first, rng.uniform(1, 5));
            c.ddepth = pair.second;
        }
        else if (widePalette)
        {
            c.type = CV_MAKETYPE(pick(rng, kFilterDepths), rng.uniform(1, 5));
            c.ddepth = pick(rng, kFilterDdepths);
        }
        const int depth = CV_MAT_DEPTH(c.type);
        const int outDepth = c.ddepth < 0 ? depth : c.ddepth;
        if (c.dstMode == DST_INPLACE && outDepth != depth)
            c.dstMode = DST_ROI;
        if (fn == FN_FILTER2D && depth == CV_32F && c.ddepth == CV_8U)
            c.ddepth = -1;  // cv::filter2D takes it through its DFT path for large kernels only
        if (fn == FN_SEP_FILTER2D && depth == CV_64F && c.ddepth == CV_32F)
            c.ddepth = -1;  // cv::sepFilter2D takes it on UMat only (SepFilter2D_Types checks it)
        const int lengths = rng.uniform(0, 8);
        // Wide: filter2D up to 64x64; sepFilter2D up to 520 taps, past the fixed-length builds
        // (32) and the 511.
        const int maxLen = !widePalette ? (lengths == 0 ? 40 : 17)
                         : lengths == 0 ? (fn == FN_FILTER2D ? 64 : 520) : lengths < 3 ? 40 : 17;
        c.ksize = Size(rng.uniform(1, maxLen + 1), rng.uniform(1, maxLen + 1));
        // The narrow palette keeps to a few sizes where the size is part of the kernel variant.
        if (!widePalette && fn == FN_FILTER2D)
        {
            // The kernel size is part of filter2D's kernel variant (a build each).
            static const Size sizes[] = { Size(3, 3), Size(5, 5), Size(2, 6), Size(9, 9), Size(23, 19) };
            c.ksize = pick(rng, sizes);
        }
        else if (!widePalette && c.ksize.width <= 7 && c.ksize.height <= 7)
        {
            // Up to 7 taps both ways the lengths are part of sepFilter2D's direct kernel variant.
            static const Size shortSizes[] = { Size(3, 3), Size(5, 5), Size(1, 7), Size(4, 2) };
            c.ksize = pick(rng, shortSizes);
        }
        c.anchor = rng.uniform(0, 2) == 0 ? Point(-1, -1)
                                          : Point(rng.uniform(0, c.ksize.width), rng.uniform(0, c.ksize.height));
        c.border = pick(rng, kBorders) | (rng.uniform(0, 3) == 0 ? BORDER_ISOLATED : 0);
        c.coeffKind = depth == CV_8U ? rng.uniform(0, 3) : COEFF_RANDOM;
        if (c.coeffKind == COEFF_SMOOTH)
        {
            c.ddepth = rng.uniform(0, 2) ? -1 : CV_8U;  // cv::'s fixed-point mode
            c.ksize = Size(c.ksize.width | 1, c.ksize.height | 1);
            c.anchor = Point(-1, -1);
        }
        if (c.coeffKind == COEFF_INTEGER)
        {
            c.ddepth = CV_16S;
            c.ksize = Size(c.ksize.width | 1, c.ksize.height | 1);
            c.anchor = Point(-1, -1);
            if (c.dstMode == DST_INPLACE)
                c.dstMode = DST_ROI;
        }
        c.ktype = rng.uniform(0, 2) ? CV_32F : CV_64F;
        c.delta = rng.uniform(0, 2) ? 0.0 : rng.uniform(-20.0, 20.0);
        c.twoPass = fn == FN_SEP_FILTER2D && rng.uniform(0, 4) == 0;
        // The single pass built for its lengths and the tensor cores' pass, at any size.
        const int sepPath = widePalette && fn == FN_SEP_FILTER2D && !c.twoPass ? rng.uniform(0, 4) : 0;
        c.fixedTaps = sepPath == 1;
        c.tensor = sepPath == 2;
        break;
    }
    case FN_INTEGRAL:
    {
        static const int combos[][3] = {
            { CV_8U, CV_32S, CV_64F },  { CV_8U, CV_32S, CV_32F },  { CV_8U, CV_32F, CV_64F },
            { CV_8U, CV_64F, CV_64F },  { CV_16U, CV_64F, CV_64F }, { CV_16S, CV_64F, CV_64F },
            { CV_32F, CV_32F, CV_64F }, { CV_32F, CV_64F, CV_64F }, { CV_64F, CV_64F, CV_64F },
            { CV_8U, -1, -1 },          { CV_16U, CV_32S, -1 },     { CV_64F, CV_32F, -1 },
        };
        const int* combo = pick(rng, combos);
        c.type = CV_MAKETYPE(combo[0], rng.uniform(1, 5));
        c.ddepth = combo[1];
        c.sqdepth = combo[2];
        if (widePalette)
        {
            // Every source depth cv::integral takes and more; sums of -1, 32S, 32F or 64F.
            static const int sumDepths[] = { -1, CV_32S, CV_32F, CV_64F };
            c.type = CV_MAKETYPE(pick(rng, kAllDepths), rng.uniform(1, 5));
            c.ddepth = pick(rng, sumDepths);
            c.sqdepth = pick(rng, sumDepths);
        }
        c.outputs = rng.uniform(1, 4);
        if (c.dstMode == DST_INPLACE)
            c.dstMode = DST_NEW;
        break;
    }
    }
    return c;
}

} // namespace gpuconv_test

#endif
