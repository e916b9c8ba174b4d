// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_TEST_HARNESS_HPP
#define GPUCONV_TEST_HARNESS_HPP

// The test harness: OpenCV on the CPU (Mat) is the oracle, gpuconv runs on UMat. Header-only so
// that opencv_test_gpuconv and opencv_perf_gpuconv of both builds share it.

#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>

#include <CL/cl.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace gpuconv_test {

using namespace cv;

/** Deterministic generator for one test, seeded from the running test's full name. */
inline RNG testRng()
{
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    // test_case_name(): the GoogleTest bundled in opencv_ts (in-tree build) predates test_suite_name().
    std::string name = info ? std::string(info->test_case_name()) + "." + info->name() : "";
    uint64 seed = 0x9E3779B97F4A7C15ull;
    for (char c : name)
        seed = (seed ^ (uint64)(uchar)c) * 0x100000001B3ull;
    return RNG(seed);
}

/** Default value range for random data of a depth: the full range of small integers, a
    generous range for wide integers and floats that keeps sums meaningful. */
inline void defaultRange(int depth, double& lo, double& hi)
{
    switch (depth)
    {
    case CV_8U:  lo = 0;      hi = 256;    break;
    case CV_8S:  lo = -128;   hi = 128;    break;
    case CV_16U: lo = 0;      hi = 65536;  break;
    case CV_16S: lo = -32768; hi = 32768;  break;
    case CV_32S: lo = -1e6;   hi = 1e6;    break;
    default:     lo = -1000;  hi = 1000;   break;
    }
}

/** Random matrix of `type`, uniform in [lo, hi) (the depth's default range when lo == hi). */
inline Mat randomMat(RNG& rng, Size size, int type, double lo = 0, double hi = 0)
{
    if (lo == hi)
        defaultRange(CV_MAT_DEPTH(type), lo, hi);
    Mat m(size, type);
    // rng.fill takes at most 4 channels: more are filled as one channel's elements.
    rng.fill(CV_MAT_CN(type) > 4 ? m.reshape(1) : m, RNG::UNIFORM, Scalar::all(lo), Scalar::all(hi));
    return m;
}

/** True when test arrays get device buffers of exactly their size (GPUCONV_TEST_EXACT_BUFFERS=1,
    set by scripts/oclgrind.sh): OpenCV's buffer pool rounds every allocation up to 4 KiB or more,
    which would hide reads and writes past the end of an array from oclgrind's bounds checks. */
inline bool exactDeviceBuffers()
{
    static const bool exact = [] {
        const char* v = std::getenv("GPUCONV_TEST_EXACT_BUFFERS");
        return v && std::string(v) == "1";
    }();
    return exact;
}

/** Whether gpuconv computes in double precision on the test's device: where the device has
    doubles, unless OPENCV_GPUCONV_DEVICE_DOUBLES=0 sets them aside (src/ocl_types.hpp,
    oclDeviceHasDoubles), as on Intel's Xe GPUs and many mobile ones, which have none. */
inline bool deviceHasDoubles()
{
    std::string v = std::getenv("OPENCV_GPUCONV_DEVICE_DOUBLES") ? std::getenv("OPENCV_GPUCONV_DEVICE_DOUBLES") : "";
    std::transform(v.begin(), v.end(), v.begin(), ::tolower);
    const bool setAside = v == "0" || v == "false";  // cv::utils' spellings of false
    return !setAside && ocl::Device::getDefault().doubleFPConfig() > 0;
}

/** Whether gpuconv needs double precision for a call, by the cv:: rules it follows (depths as
    the call gives them, defaults resolved as cv:: resolves them): filter2D and sepFilter2D for a
    CV_64F source or result. */
inline bool filterNeedsDoubles(int depth, int ddepth)
{
    ddepth = ddepth < 0 ? depth : CV_MAT_DEPTH(ddepth);
    return depth == CV_64F || ddepth == CV_64F;
}

/** addWeighted of depth1 and depth2 into dtype (-1: depth1), as filterNeedsDoubles, also where
    cv:: weighs in double: its working depth CV_32S or CV_64F (cv::arithm_op's rule). */
inline bool addWeightedNeedsDoubles(int depth1, int depth2, int dtype)
{
    const int ddepth = dtype < 0 ? depth1 : CV_MAT_DEPTH(dtype);
    const int work = depth1 == depth2 && ddepth == depth1
                         ? ddepth
                         : std::max(std::max(depth1, depth2), std::max(ddepth, (int)CV_32F));
    return work == CV_32S || work == CV_64F;
}

/** integral with `outputs` outputs (1 the sum, 2 and the squared sum, 3 and the tilted sum), as
    filterNeedsDoubles, of a floating-point image: a CV_64F source or CV_64F sums (its tilted sum
    adds in float without doubles); not the sums of integer images, which 64-bit integers hold
    where they are CV_64F or the tilted sum's (src/integral.cpp, longSums). */
inline bool integralNeedsDoubles(int depth, int sdepth, int sqdepth, int outputs)
{
    sdepth = sdepth <= 0 ? (depth == CV_8U ? CV_32S : CV_64F) : CV_MAT_DEPTH(sdepth);
    sqdepth = sqdepth <= 0 ? CV_64F : CV_MAT_DEPTH(sqdepth);
    const bool floatSource = depth == CV_32F || depth == CV_64F;
    return floatSource && (depth == CV_64F || sdepth == CV_64F || (outputs >= 2 && sqdepth == CV_64F));
}

/** Whether `error` is gpuconv's decline of a call that needs double precision on a device without
    it (raised so where fallbacks are forbidden). */
inline bool isDoublesDecline(const std::string& error)
{
    return error.find("no double precision") != std::string::npos;
}

/** Where `needsDoubles` and the device gives no double precision: runs `call`, which must decline
    (with fallbacks forbidden, raise "no double precision") where cv:: computes, and returns true,
    leaving the caller nothing to compare; else returns false without running it. */
inline bool declinedWithoutDoubles(bool needsDoubles, const std::function<void()>& call)
{
    if (!needsDoubles || deviceHasDoubles())
        return false;
    std::string error = "returned";
    try
    {
        call();
    }
    catch (const cv::Exception& e)
    {
        error = e.what();
    }
    EXPECT_TRUE(isDoublesDecline(error))
        << "needs double precision, which the device does not give, so gpuconv must decline it, but: " << error;
    return true;
}

/** A device array of `size` and `type`, continuous; its buffer has exactly its bytes when
    exactDeviceBuffers(), otherwise it comes from OpenCV's allocator. */
inline UMat deviceArray(Size size, int type)
{
    if (!exactDeviceBuffers() || size.area() == 0)
        return UMat(size, type);
    const size_t step = (size_t)size.width * CV_ELEM_SIZE(type);
    cl_int status = CL_SUCCESS;
    cl_mem buffer = clCreateBuffer((cl_context)ocl::Context::getDefault().ptr(), CL_MEM_READ_WRITE,
                                   step * size.height, nullptr, &status);
    CV_Assert(status == CL_SUCCESS && buffer);
    UMat u;
    ocl::convertFromBuffer(buffer, step, size.height, size.width, type, u);
    clReleaseMemObject(buffer);  // u holds its own reference
    return u;
}

/** An array the test hands to cv:: (as Mat) and to gpuconv (as UMat), with identical contents.
    With a ROI it is a view into a larger parent with uneven margins on every side (odd byte
    offsets and a row step wider than the row); the parent is random data, so filters that read
    across the ROI edge read real pixels, and any write outside the ROI is detected. */
struct TestArray
{
    Mat parent, roi;      //!< host: given to cv::
    UMat uparent, uroi;   //!< device: given to gpuconv
    Rect rect;            //!< the ROI inside the parent
    Mat parentBefore;     //!< the parent as it was made, for the guard check

    TestArray() {}
    TestArray(RNG& rng, Size size, int type, bool useRoi, double lo = 0, double hi = 0)
    {
        const int left = useRoi ? 1 + rng.uniform(0, 5) : 0, right = useRoi ? rng.uniform(0, 5) : 0;
        const int top = useRoi ? 1 + rng.uniform(0, 4) : 0, bottom = useRoi ? rng.uniform(0, 4) : 0;
        init(rng, Size(size.width + left + right, size.height + top + bottom), Rect(left, top, size.width, size.height),
             type, lo, hi);
    }

    /** The ROI `rect` of a random parent of `parentSize`. */
    TestArray(RNG& rng, Size parentSize, Rect rect_, int type) { init(rng, parentSize, rect_, type, 0, 0); }

    void init(RNG& rng, Size parentSize, Rect rect_, int type, double lo, double hi)
    {
        parent = randomMat(rng, parentSize, type, lo, hi);
        rect = rect_;
        parentBefore = parent.clone();
        uparent = deviceArray(parent.size(), type);
        parent.copyTo(uparent);
        roi = parent(rect);
        uroi = uparent(rect);
    }

    /** Overwrites the ROI (host and device) with new random data, as an input. */
    void fill(RNG& rng, double lo = 0, double hi = 0)
    {
        randomMat(rng, roi.size(), roi.type(), lo, hi).copyTo(roi);
        parent.copyTo(uparent);
        parentBefore = parent.clone();
    }
};

/** Every depth; addWeighted takes them all. */
const int kAllDepths[] = { CV_8U, CV_8S, CV_16U, CV_16S, CV_32S, CV_32F, CV_64F };
/** The depths cv::filter2D and cv::sepFilter2D filter, and their ddepths (-1: the source's). */
const int kFilterDepths[] = { CV_8U, CV_16U, CV_16S, CV_32F, CV_64F };
const int kFilterDdepths[] = { -1, CV_8U, CV_16U, CV_16S, CV_32F, CV_64F };
/** The (source, destination) depth pairs cv::filter2D's CPU correlation implements (the table of
    cv::getLinearFilter), -1 included, and 32F -> 64F. cv::filter2D takes every other pair of these
    depths on UMat and, for kernels of 50 taps or more on whole images, through its DFT; gpuconv
    takes them all (test_filter2d.cpp, Filter2D_OpenCLOnlyPairs). */
const std::pair<int, int> kFilter2DDepthPairs[] = {
    { CV_8U, -1 },     { CV_8U, CV_16U },  { CV_8U, CV_16S }, { CV_8U, CV_32F }, { CV_8U, CV_64F },
    { CV_16U, -1 },    { CV_16U, CV_32F }, { CV_16U, CV_64F },
    { CV_16S, CV_16S }, { CV_16S, CV_32F }, { CV_16S, CV_64F },
    { CV_32F, -1 },    { CV_32F, CV_64F }, { CV_64F, -1 },
};

/** Whether cv::filter2D's CPU FilterEngine correlates `sdepth` into `ddepth` (cv::getLinearFilter):
    the pairs above but 32F -> 64F. */
inline bool filterEngineCorrelates(int sdepth, int ddepth)
{
    ddepth = ddepth < 0 ? sdepth : ddepth;
    if (sdepth == CV_32F && ddepth == CV_64F)
        return false;
    for (const auto& pair : kFilter2DDepthPairs)
        if (pair.first == sdepth && (pair.second < 0 ? sdepth : pair.second) == ddepth)
            return true;
    return false;
}

/** The border modes cv::filter2D and cv::sepFilter2D take (each also with BORDER_ISOLATED). */
const int kBorders[] = { BORDER_CONSTANT, BORDER_REPLICATE, BORDER_REFLECT, BORDER_WRAP, BORDER_REFLECT_101 };

inline std::string borderName(int border)
{
    static const char* const names[] = { "CONSTANT", "REPLICATE", "REFLECT", "WRAP", "REFLECT_101" };
    const int mode = border & ~BORDER_ISOLATED;
    return std::string(mode >= 0 && mode <= 4 ? names[mode] : "?") +
           (border & BORDER_ISOLATED ? "|ISOLATED" : "");
}

/** Whether cv::filter2D and cv::sepFilter2D on the CPU follow their own border rule
    (cv::borderInterpolate), which gpuconv follows everywhere, for a `ksize` kernel over a
    `roiSize` source. Their FilterEngine rejects BORDER_WRAP (which cv::filter2D accepts on
    UMat), and under BORDER_REFLECT and BORDER_REFLECT_101 a kernel larger than the ROI in either
    direction needs more than one reflection, where the engine trips an assertion (srcY >= startY)
    or returns wrong pixels, off by up to ~200 on 8-bit data (found by comparing with a padded
    image over 3000 random cases; CONSTANT and REPLICATE agree). Where it does not, the references
    pad the image with cv::copyMakeBorder and filter the ROI inside it. */
inline bool cpuFilterFollowsBorderRule(int border, Size ksize, Size roiSize)
{
    const int mode = border & ~BORDER_ISOLATED;
    const bool kernelBeyondRoi = ksize.width > roiSize.width || ksize.height > roiSize.height;
    return mode != BORDER_WRAP && !((mode == BORDER_REFLECT || mode == BORDER_REFLECT_101) && kernelBeyondRoi);
}

/** ROIs of a parent of kRoiParentSize placed so that a filter's apron stays inside the parent
    on some sides and crosses its edges on others: in place, gpuconv filters a copy of only what
    the border rule reads. */
const Size kRoiParentSize(64, 48);
inline std::vector<Rect> roisAcrossParent()
{
    return { Rect(20, 15, 9, 7), Rect(0, 30, 12, 18), Rect(55, 2, 6, 5), Rect(30, 0, 3, 48),
             Rect(0, 20, 2, 5), Rect(62, 44, 2, 4), Rect(10, 0, 4, 2) };
}

/** Tolerance of a comparison: |expected - actual| <= abs, or <= rel * max(1, |expected|_inf). */
struct Tolerance
{
    double abs = 0;
    double rel = 0;
    static Tolerance exact() { return Tolerance(); }
    static Tolerance absolute(double a) { Tolerance t; t.abs = a; return t; }
    static Tolerance relative(double r) { Tolerance t; t.rel = r; return t; }
};

/** How far two sums of the same terms, added in different orders in `depth`, may lie apart: each
    is a recursive summation with at most `steps` roundings in a chain, so within steps * eps *
    magnitude of the exact sum, `magnitude` being the sum of the terms' absolute values (Higham,
    Accuracy and Stability of Numerical Algorithms, 2nd ed., §4.2); the two within twice that.
    Integer terms whose magnitude stays within the depth's exact integers (2^24 for CV_32F, 2^53 for
    CV_64F) make every partial sum exact, in any order: 0. */
inline double summationBound(int depth, double steps, double magnitude, bool integerTerms)
{
    if (depth < CV_32F)
        return 0;
    const double exactIntegers = depth == CV_32F ? 16777216.0 : 9007199254740992.0;
    if (integerTerms && magnitude <= exactIntegers)
        return 0;
    return 2 * steps * (depth == CV_32F ? FLT_EPSILON : DBL_EPSILON) * magnitude;
}

/** Compares every element against its own limit (`limits`, CV_64F, of expected's size and
    channels); NaN must meet NaN and an infinity the same infinity, whatever the limit. Reports the element furthest past
    its limit and its position. */
inline ::testing::AssertionResult matsNear(const Mat& expected, const Mat& actual, const Mat& limits)
{
    if (expected.size() != actual.size() || expected.type() != actual.type())
        return ::testing::AssertionFailure()
               << "size/type mismatch: expected " << expected.size() << " type " << expected.type()
               << ", got " << actual.size() << " type " << actual.type();
    if (expected.empty())
        return ::testing::AssertionSuccess();
    CV_Assert(limits.size() == expected.size() && limits.type() == CV_MAKETYPE(CV_64F, expected.channels()));
    Mat e, a;
    expected.reshape(1).convertTo(e, CV_64F);
    actual.reshape(1).convertTo(a, CV_64F);
    const Mat l = limits.reshape(1);
    double worst = -1, worstExcess = -std::numeric_limits<double>::infinity();
    Point worstAt;
    int bad = 0;
    for (int y = 0; y < e.rows; ++y)
        for (int x = 0; x < e.cols; ++x)
        {
            const double ev = e.at<double>(y, x), av = a.at<double>(y, x), limit = l.at<double>(y, x);
            // Non-finite values must match whatever the limit.
            const bool nonFinite = !std::isfinite(ev) || !std::isfinite(av);
            const bool same = (std::isnan(ev) && std::isnan(av)) || ev == av;
            const double diff = nonFinite ? (same ? 0 : std::numeric_limits<double>::infinity()) : std::fabs(ev - av);
            if (nonFinite ? !same : diff > limit)
                ++bad;
            if (diff - limit > worstExcess)
            {
                worst = diff;
                worstExcess = diff - limit;
                worstAt = Point(x, y);
            }
        }
    if (bad == 0)
        return ::testing::AssertionSuccess();
    const int cn = expected.channels();
    return ::testing::AssertionFailure()
           << bad << " of " << e.total() << " elements differ by more than their limit; furthest past it: "
           << worst << " (limit " << l.at<double>(worstAt) << ") at pixel (" << worstAt.x / cn << ", "
           << worstAt.y << ") channel " << worstAt.x % cn << ": expected " << e.at<double>(worstAt)
           << ", got " << a.at<double>(worstAt) << " (size " << expected.size()
           << ", type " << expected.type() << ")";
}

/** Compares every element within `tol`, its relative part scaled by expected's largest finite
    magnitude (at least 1). */
inline ::testing::AssertionResult matsNear(const Mat& expected, const Mat& actual, Tolerance tol)
{
    double scale = 1;
    if (tol.rel > 0 && !expected.empty())
    {
        Mat finite;
        expected.reshape(1).convertTo(finite, CV_64F);
        finite.setTo(0, finite != finite);  // NaN
        finite.setTo(0, abs(finite) == std::numeric_limits<double>::infinity());
        scale = std::max(1.0, norm(finite, NORM_INF));
    }
    const double limit = std::max(tol.abs, tol.rel * scale);
    const int cn = expected.channels();  // any count: a Scalar holds 4
    return matsNear(expected, actual,
                    expected.empty() ? Mat() : Mat(expected.rows, expected.cols * cn, CV_64F, Scalar(limit)).reshape(cn));
}

/** Checks that gpuconv wrote its result into the destination ROI itself (no reallocation) and
    that no byte of the parent outside the ROI changed. */
inline ::testing::AssertionResult outsideRoiUnchanged(const TestArray& dst)
{
    if (dst.uparent.u == nullptr || dst.uroi.u != dst.uparent.u)
        return ::testing::AssertionFailure() << "the destination was reallocated instead of written in place";
    Mat after = dst.uparent.getMat(ACCESS_READ).clone();
    Mat before = dst.parentBefore.clone();
    Mat mask(after.size(), CV_8U, Scalar(255));
    mask(dst.rect).setTo(0);
    // Compare as bytes so that NaN payloads and -0 count as changes too.
    Mat ab(after.rows, (int)(after.cols * after.elemSize()), CV_8U, after.data, after.step);
    Mat bb(before.rows, (int)(before.cols * before.elemSize()), CV_8U, before.data, before.step);
    for (int y = 0; y < ab.rows; ++y)
        for (int xb = 0; xb < ab.cols; ++xb)
        {
            const int x = xb / (int)after.elemSize();
            if (!mask.at<uchar>(y, x))
                continue;
            if (ab.at<uchar>(y, xb) != bb.at<uchar>(y, xb))
                return ::testing::AssertionFailure()
                       << "byte " << xb << " of parent row " << y << " (pixel " << x
                       << "), outside the destination ROI " << dst.rect << ", was changed";
        }
    return ::testing::AssertionSuccess();
}

/** Checks that no byte of an input array (its parent, ROI included) changed. */
inline ::testing::AssertionResult unchanged(const TestArray& array)
{
    Mat after = array.uparent.getMat(ACCESS_READ);
    const Mat& before = array.parentBefore;
    for (int y = 0; y < after.rows; ++y)
        if (std::memcmp(after.ptr(y), before.ptr(y), after.cols * after.elemSize()) != 0)
            return ::testing::AssertionFailure() << "row " << y << " of an input array was written";
    return ::testing::AssertionSuccess();
}

/** Expected tolerance of OpenCV's own OpenCL tests for a result depth: exact for integers
    unless a test says otherwise, relative 1e-5 for float, 1e-10 for double. */
inline Tolerance defaultTolerance(int depth)
{
    return depth == CV_32F ? Tolerance::relative(1e-5) :
           depth == CV_64F ? Tolerance::relative(1e-10) : Tolerance::exact();
}

inline const char* depthName(int depth)
{
    return depth >= 0 && depth < 8 ? depthToString(depth) + 3 : "-1";  // "CV_8U" -> "8U"
}

/** How the destination relates to the source in a test case. */
enum DstMode { DST_NEW, DST_ROI, DST_INPLACE };
inline const char* dstModeName(int mode)
{
    return mode == DST_NEW ? "new" : mode == DST_ROI ? "roi" : "inplace";
}

/** The code of the cv::Exception `call` raises, 0 when it raises none (error-parity tests). */
inline int errorCode(const std::function<void()>& call)
{
    try
    {
        call();
    }
    catch (const cv::Exception& e)
    {
        return e.code;
    }
    return 0;
}

/** Sets an environment variable for the lifetime of the object (tests of configuration). */
class ScopedEnv
{
public:
    ScopedEnv(const char* name, const char* value) : name_(name)
    {
        const char* old = std::getenv(name);
        hadOld_ = old != nullptr;
        if (hadOld_)
            old_ = old;
        setenv(name, value, 1);
    }
    ~ScopedEnv()
    {
        if (hadOld_)
            setenv(name_.c_str(), old_.c_str(), 1);
        else
            unsetenv(name_.c_str());
    }

private:
    std::string name_, old_;
    bool hadOld_ = false;
};

/** Must hold before any test runs: gpuconv's tests compare OpenCL results, never CPU ones. */
inline bool openclDeviceReady(std::ostream& report)
{
    if (!ocl::useOpenCL())
    {
        report << "gpuconv tests: no usable OpenCL device (set OPENCV_OPENCL_DEVICE, e.g. :CPU: for PoCL)\n";
        return false;
    }
    const ocl::Device& d = ocl::Device::getDefault();
    report << "gpuconv tests: OpenCL device: " << d.name() << " (" << d.vendorName() << ", "
           << d.version() << ", driver " << d.driverVersion() << ")\n";
    return true;
}

} // namespace gpuconv_test

#endif
