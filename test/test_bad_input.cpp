// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"
#include "reliability_cases.hpp"

#include <CL/cl.h>

#include <functional>

namespace gpuconv_test {
namespace {

// Bad and unusual input: gpuconv must raise a cv::Exception that names the function where cv::
// raises, and otherwise give cv::'s result; never crash or write outside its destination. Each
// function has a table of calls; adding a case is one row.

/** The arguments of one call of any of the four functions, as device arrays. */
struct Call
{
    int fn = FN_ADD_WEIGHTED;
    UMat src, src2;                 //!< src2: addWeighted
    Mat kernel, kernelY;            //!< filter2D: kernel; sepFilter2D: kernel (X) and kernelY
    int ddepth = -1, sqdepth = -1;  //!< ddepth / dtype / sdepth; integral's sqdepth
    int outputs = 1;                //!< integral: 1 sum, 2 + squared sum, 3 + tilted sum
    Point anchor = Point(-1, -1);
    double delta = 0, alpha = 0.5, beta = 0.25, gamma = 1;
    int border = BORDER_DEFAULT;
    UMat dst;  //!< a destination of the result's size and type for gpuconv to fill, or empty
};

/** One call of `c.fn` on `src` (and `src2`) into `out` (Mat or UMat): gpuconv's or its cv:: twin. */
template <typename Array>
void call(const Call& c, bool useGpuconv, const Array& src, const Array& src2, std::vector<Array>& out)
{
    switch (c.fn)
    {
    case FN_ADD_WEIGHTED:
        useGpuconv ? gpuconv::addWeighted(src, c.alpha, src2, c.beta, c.gamma, out[0], c.ddepth)
                   : cv::addWeighted(src, c.alpha, src2, c.beta, c.gamma, out[0], c.ddepth);
        break;
    case FN_SEP_FILTER2D:
        useGpuconv ? gpuconv::sepFilter2D(src, out[0], c.ddepth, c.kernel, c.kernelY, c.anchor, c.delta, c.border)
                   : cv::sepFilter2D(src, out[0], c.ddepth, c.kernel, c.kernelY, c.anchor, c.delta, c.border);
        break;
    case FN_FILTER2D:
        useGpuconv ? gpuconv::filter2D(src, out[0], c.ddepth, c.kernel, c.anchor, c.delta, c.border)
                   : cv::filter2D(src, out[0], c.ddepth, c.kernel, c.anchor, c.delta, c.border);
        break;
    case FN_INTEGRAL:
        if (c.outputs == 1)
            useGpuconv ? gpuconv::integral(src, out[0], c.ddepth) : cv::integral(src, out[0], c.ddepth);
        else if (c.outputs == 2)
            useGpuconv ? gpuconv::integral(src, out[0], out[1], c.ddepth, c.sqdepth)
                       : cv::integral(src, out[0], out[1], c.ddepth, c.sqdepth);
        else
            useGpuconv ? gpuconv::integral(src, out[0], out[1], out[2], c.ddepth, c.sqdepth)
                       : cv::integral(src, out[0], out[1], out[2], c.ddepth, c.sqdepth);
        break;
    }
}

enum Path
{
    CV_TWIN,          //!< cv:: on host copies, so that its own OpenCL path is not involved
    GPUCONV_DEVICE,   //!< gpuconv on the UMat arrays, into c.dst where given
    GPUCONV_HOST      //!< gpuconv on host copies: the cv:: twin's path inside gpuconv
};

/** Runs the call on `path`. */
Outcome invoke(const Call& c, Path path)
{
    return runGuarded([&](std::vector<Mat>& results) {
        const int n = c.fn == FN_INTEGRAL ? c.outputs : 1;
        if (path == GPUCONV_DEVICE)
        {
            std::vector<UMat> u(3);
            u[0] = c.dst;
            call(c, true, c.src, c.src2, u);
            for (int i = 0; i < n; ++i)
                results.push_back(u[i].getMat(ACCESS_READ).clone());
            return;
        }
        const Mat src = c.src.getMat(ACCESS_READ).clone(), src2 = c.src2.getMat(ACCESS_READ).clone();
        std::vector<Mat> m(3);
        call(c, path == GPUCONV_HOST, src, src2, m);
        results.assign(m.begin(), m.begin() + n);
    });
}

/** gpuconv against cv:: for one call, under both fallback policies: with fallbacks forbidden (as
    all tests run) gpuconv may also refuse a case its OpenCL path does not cover, with an error
    naming the function; with fallbacks allowed it must do exactly what cv:: does. */
void expectSameOutcome(const std::string& what, const Call& c)
{
    SCOPED_TRACE(std::string(functionName(c.fn)) + ": " + what);
    const Outcome expected = invoke(c, CV_TWIN);
    for (const char* fallback : { "0", "1" })
    {
        SCOPED_TRACE(std::string("OPENCV_GPUCONV_FALLBACK=") + fallback);
        ScopedEnv policy("OPENCV_GPUCONV_FALLBACK", fallback);
        const Outcome actual = invoke(c, GPUCONV_DEVICE);
        const std::string name = std::string("gpuconv::") + functionName(c.fn);
        if (actual.raised)
        {
            EXPECT_TRUE(expected.raised || fallback[0] == '0')
                << "gpuconv raised where cv:: returned: " << actual.error;
            EXPECT_NE(std::string::npos, actual.error.find(name))
                    << "the error does not name " << name << ": " << actual.error;
            continue;
        }
        EXPECT_FALSE(expected.raised) << "gpuconv returned where cv:: raised: " << expected.error;
        if (expected.raised)
            continue;
        ASSERT_EQ(expected.results.size(), actual.results.size());
        for (size_t i = 0; i < expected.results.size(); ++i)
        {
            const int depth = expected.results[i].depth();
            const Tolerance tol = c.fn == FN_ADD_WEIGHTED || c.fn == FN_INTEGRAL
                                      ? defaultTolerance(depth)
                                      : depth < CV_32F ? Tolerance::absolute(1) : defaultTolerance(depth);
            EXPECT_TRUE(matsNear(expected.results[i], actual.results[i], tol)) << "output " << i;
        }
    }
}

UMat randomUMat(RNG& rng, Size size, int type, double lo = 0, double hi = 0)
{
    UMat u;
    if (size.area() == 0)
        return u;
    randomMat(rng, size, type, lo, hi).copyTo(u);
    return u;
}

/** A float image with NaN, +Inf and -Inf sprinkled over random data. */
UMat withSpecials(RNG& rng, Size size, int type)
{
    Mat m = randomMat(rng, size, type, -10, 10);
    Mat flat = m.reshape(1);
    const double specials[] = { std::numeric_limits<double>::quiet_NaN(),
                                std::numeric_limits<double>::infinity(),
                                -std::numeric_limits<double>::infinity() };
    for (int i = 0; i < 6; ++i)
    {
        const int y = rng.uniform(0, flat.rows), x = rng.uniform(0, flat.cols);
        if (flat.depth() == CV_32F)
            flat.at<float>(y, x) = (float)specials[i % 3];
        else
            flat.at<double>(y, x) = specials[i % 3];
    }
    UMat u;
    m.copyTo(u);
    return u;
}

struct Row
{
    const char* what;
    std::function<Call(RNG&)> make;
    /** cv:: cannot be the oracle: OpenCV 4.6 crashes on the call (a null function pointer for
        CV_16F in cv::addWeighted). gpuconv must raise an error naming the function. */
    bool cvCrashes = false;
};

/** gpuconv must raise a cv::Exception naming the function on every path: a device destination
    under both fallback policies, the same with OpenCL off, and host arrays. */
void expectError(const std::string& what, const Call& c)
{
    SCOPED_TRACE(std::string(functionName(c.fn)) + ": " + what);
    const auto expectRaised = [&](const Outcome& actual, const std::string& where) {
        EXPECT_TRUE(actual.raised) << where;
        EXPECT_NE(std::string::npos, actual.error.find(std::string("gpuconv::") + functionName(c.fn)))
            << where << ": " << actual.error;
    };
    for (const char* fallback : { "0", "1" })
    {
        ScopedEnv policy("OPENCV_GPUCONV_FALLBACK", fallback);
        const std::string where = std::string("OPENCV_GPUCONV_FALLBACK=") + fallback;
        expectRaised(invoke(c, GPUCONV_DEVICE), where);
        ocl::setUseOpenCL(false);
        const Outcome withoutOpenCL = invoke(c, GPUCONV_DEVICE);
        ocl::setUseOpenCL(true);
        expectRaised(withoutOpenCL, where + ", OpenCL off");
    }
    expectRaised(invoke(c, GPUCONV_HOST), "host arrays");
}

void runTable(int fn, const std::vector<Row>& rows)
{
    RNG rng = testRng();
    for (const Row& row : rows)
    {
        Call c = row.make(rng);
        c.fn = fn;
        if (row.cvCrashes)
            expectError(row.what, c);
        else
            expectSameOutcome(row.what, c);
    }
}

// ---- addWeighted -------------------------------------------------------------------------------

Call weighted(RNG& rng, int type1, Size size1, int type2, Size size2, int dtype = -1)
{
    Call c;
    c.src = randomUMat(rng, size1, type1);
    c.src2 = randomUMat(rng, size2, type2);
    c.ddepth = dtype;
    return c;
}

TEST(BadInput, addWeighted)
{
    const Size s(13, 7);
    runTable(FN_ADD_WEIGHTED, {
        { "both empty", [](RNG&) { return Call(); } },
        { "one empty", [&](RNG& r) { return weighted(r, CV_8UC1, s, CV_8UC1, Size()); } },
        { "sizes differ", [&](RNG& r) { return weighted(r, CV_8UC1, s, CV_8UC1, Size(7, 13)); } },
        { "types differ, no dtype", [&](RNG& r) { return weighted(r, CV_8UC1, s, CV_16SC1, s); } },
        { "types differ, dtype given", [&](RNG& r) { return weighted(r, CV_8UC1, s, CV_16SC1, s, CV_32F); } },
        { "channels differ", [&](RNG& r) { return weighted(r, CV_8UC3, s, CV_8UC1, s); } },
        { "5 channels", [&](RNG& r) { return weighted(r, CV_8UC(5), s, CV_8UC(5), s); } },
        { "16F", [&](RNG& r) { return weighted(r, CV_16FC1, s, CV_16FC1, s); }, true },
        { "dtype 16F", [&](RNG& r) { return weighted(r, CV_32FC1, s, CV_32FC1, s, CV_16F); }, true },
        { "dtype out of range", [&](RNG& r) { return weighted(r, CV_8UC1, s, CV_8UC1, s, 9); } },
        { "NaN and Inf", [&](RNG& r) {
              Call c = weighted(r, CV_32FC2, s, CV_32FC2, s);
              c.src = withSpecials(r, s, CV_32FC2);
              c.src2 = withSpecials(r, s, CV_32FC2);
              return c; } },
        { "NaN and Inf weights", [&](RNG& r) {
              Call c = weighted(r, CV_64FC1, s, CV_64FC1, s);
              c.alpha = std::numeric_limits<double>::infinity();
              c.gamma = std::numeric_limits<double>::quiet_NaN();
              return c; } },
    });
}

// ---- sepFilter2D and filter2D --------------------------------------------------------------------

Call filterCall(RNG& rng, int fn, int type, Size size, Size ksize, int ktype = CV_32F)
{
    Call c;
    c.fn = fn;
    c.src = randomUMat(rng, size, type);
    if (fn == FN_SEP_FILTER2D)
    {
        c.kernel = makeCoefficients(rng, 1, ksize.width, COEFF_RANDOM, ktype);
        c.kernelY = makeCoefficients(rng, 1, ksize.height, COEFF_RANDOM, ktype);
    }
    else
        c.kernel = makeCoefficients(rng, ksize.height, ksize.width, COEFF_RANDOM, ktype);
    return c;
}

/** The rows both filters share; `fn` is FN_SEP_FILTER2D or FN_FILTER2D. */
std::vector<Row> filterRows(int fn)
{
    const Size s(17, 11), k(3, 5), k56(8, 7);
    const auto make = [fn](RNG& r, int type, Size size, Size ksize) { return filterCall(r, fn, type, size, ksize); };
    const auto withKernel = [fn, make, s, k](Mat kernel) {
        return [=](RNG& r) {
            Call c = make(r, CV_8UC1, s, k);
            c.kernel = kernel;
            if (fn == FN_SEP_FILTER2D)
                c.kernelY = kernel;
            return c;
        };
    };
    std::vector<Row> rows = {
        { "empty source", [=](RNG& r) { Call c = make(r, CV_8UC1, s, k); c.src = UMat(); return c; } },
        { "empty kernel", withKernel(Mat()) },
        { "2-channel kernel", withKernel(Mat(1, 3, CV_32FC2, Scalar::all(0.25))) },
        { "integer kernel", withKernel(Mat(1, 3, CV_32S, Scalar(1))) },
        { "3-D kernel", withKernel(Mat(std::vector<int>{ 3, 3, 3 }, CV_32F, Scalar(0.1))) },
        { "kernel larger than the image", [=](RNG& r) { return make(r, CV_8UC1, Size(4, 3), Size(9, 7)); } },
        { "anchor outside the kernel", [=](RNG& r) { Call c = make(r, CV_8UC1, s, k); c.anchor = Point(3, 0); return c; } },
        { "anchor below -1", [=](RNG& r) { Call c = make(r, CV_8UC1, s, k); c.anchor = Point(-2, 1); return c; } },
        { "5 channels", [=](RNG& r) { return make(r, CV_8UC(5), s, k); } },
        { "16F", [=](RNG& r) { return make(r, CV_16FC1, s, k); } },
        { "32S", [=](RNG& r) { return make(r, CV_32SC1, s, k); } },
        { "8S", [=](RNG& r) { return make(r, CV_8SC1, s, k); } },
        { "ddepth 8S", [=](RNG& r) { Call c = make(r, CV_8UC1, s, k); c.ddepth = CV_8S; return c; } },
        { "ddepth 16F", [=](RNG& r) { Call c = make(r, CV_32FC1, s, k); c.ddepth = CV_16F; return c; } },
        // Kernels of 56 taps on whole images: cv::filter2D takes any depths there (its DFT path).
        { "ddepth narrower than the source", [=](RNG& r) { Call c = make(r, CV_16SC1, s, k56); c.ddepth = CV_8U; return c; } },
        { "8S, 56 taps", [=](RNG& r) { return make(r, CV_8SC1, s, k56); } },
        { "32S into 32F, 56 taps", [=](RNG& r) { Call c = make(r, CV_32SC1, s, k56); c.ddepth = CV_32F; return c; } },
        { "ddepth with channels", [=](RNG& r) { Call c = make(r, CV_8UC3, s, k); c.ddepth = CV_32FC3; return c; } },
        { "BORDER_TRANSPARENT", [=](RNG& r) { Call c = make(r, CV_8UC1, s, k); c.border = BORDER_TRANSPARENT; return c; } },
        { "border type out of range", [=](RNG& r) { Call c = make(r, CV_8UC1, s, k); c.border = 42; return c; } },
        { "NaN and Inf in the image", [=](RNG& r) {
              Call c = make(r, CV_32FC1, s, k);
              c.src = withSpecials(r, s, CV_32FC1);
              return c; } },
        { "NaN and Inf in the kernel", [=](RNG& r) {
              Call c = make(r, CV_32FC3, s, k);
              c.kernel.at<float>(0, 1) = std::numeric_limits<float>::infinity();
              if (fn == FN_SEP_FILTER2D)
                  c.kernelY.at<float>(0, 0) = std::numeric_limits<float>::quiet_NaN();
              else
                  c.kernel.at<float>(1, 0) = std::numeric_limits<float>::quiet_NaN();
              return c; } },
        { "NaN delta", [=](RNG& r) {
              Call c = make(r, CV_32FC1, s, k);
              c.delta = std::numeric_limits<double>::quiet_NaN();
              return c; } },
    };
    // cv::sepFilter2D takes it on UMat only, as gpuconv's does (SepFilter2D_Types).
    if (fn == FN_FILTER2D)
        rows.push_back({ "64F into 32F, 56 taps", [=](RNG& r) { Call c = make(r, CV_64FC1, s, k56); c.ddepth = CV_32F; return c; } });
    return rows;
}

TEST(BadInput, sepFilter2D)
{
    std::vector<Row> rows = filterRows(FN_SEP_FILTER2D);
    rows.push_back({ "2D kernelX", [](RNG& r) {
        Call c = filterCall(r, FN_SEP_FILTER2D, CV_8UC1, Size(9, 9), Size(3, 3));
        c.kernel = Mat::ones(3, 3, CV_32F) / 9;
        return c; } });
    rows.push_back({ "kernels of different types", [](RNG& r) {
        Call c = filterCall(r, FN_SEP_FILTER2D, CV_8UC1, Size(9, 9), Size(3, 3));
        c.kernelY.convertTo(c.kernelY, CV_64F);
        return c; } });
    runTable(FN_SEP_FILTER2D, rows);
}

TEST(BadInput, filter2D)
{
    runTable(FN_FILTER2D, filterRows(FN_FILTER2D));
}

// ---- integral --------------------------------------------------------------------------------

TEST(BadInput, integral)
{
    const Size s(15, 9);
    const auto make = [s](int type, int sdepth, int sqdepth, int outputs) {
        return [=](RNG& r) {
            Call c;
            c.src = randomUMat(r, s, type);
            c.ddepth = sdepth;
            c.sqdepth = sqdepth;
            c.outputs = outputs;
            return c;
        };
    };
    runTable(FN_INTEGRAL, {
        { "empty source", [](RNG&) { Call c; c.outputs = 3; return c; } },
        { "16U into 32S", make(CV_16UC1, CV_32S, -1, 1) },
        { "64F into 32F", make(CV_64FC1, CV_32F, -1, 1) },
        { "32F squared into 32S", make(CV_32FC1, CV_32F, CV_32S, 2) },
        { "8U squared into 16U", make(CV_8UC1, CV_32S, CV_16U, 2) },
        { "sdepth 8U", make(CV_8UC1, CV_8U, -1, 1) },
        { "sdepth 16F", make(CV_8UC1, CV_16F, -1, 1) },
        { "sdepth out of range", make(CV_8UC1, 11, -1, 1) },
        { "32S source", make(CV_32SC1, -1, -1, 1) },
        { "8S source", make(CV_8SC1, -1, -1, 1) },
        { "16F source", make(CV_16FC1, -1, -1, 1) },
        { "5 channels", make(CV_8UC(5), -1, -1, 3) },
        { "NaN and Inf", [s](RNG& r) {
              Call c;
              c.src = withSpecials(r, s, CV_64FC1);
              c.outputs = 2;
              return c; } },
    });
}

// A tilted sum derived by differences of diagonal prefix sums would carry a NaN or an infinity into
// tilted sums whose rotated rectangles do not contain it; gpuconv's adds each output's own pixels
// for floating-point images (opencl/integral_diagonal.cl), on OpenCL: no fallback.
TEST(BadInput, integral_tilted_nonfinite)
{
    RNG rng = testRng();
    Call c;
    c.fn = FN_INTEGRAL;
    c.src = withSpecials(rng, Size(15, 9), CV_64FC1);
    c.outputs = 3;
    expectSameOutcome("NaN and Inf, tilted sum", c);
    ScopedEnv policy("OPENCV_GPUCONV_FALLBACK", "0");
    const Outcome actual = invoke(c, GPUCONV_DEVICE);
    if (!deviceHasDoubles())
        EXPECT_TRUE(actual.raised && isDoublesDecline(actual.error)) << actual.error;
    else
        EXPECT_FALSE(actual.raised) << actual.error;
}

// ---- rows that do not start on a whole pixel ---------------------------------------------------

/** A `size` x `type` (2 to 4 channels) view whose rows lie one element past a multiple of the pixel
    size, a layout cv::Mat allows (steps need only be multiples of the element size): a
    one-channel matrix one element wider, cut and reshaped. `parent` keeps the whole. */
UMat offPixelView(RNG& rng, Size size, int type, UMat& parent)
{
    const int cn = CV_MAT_CN(type);
    parent = randomUMat(rng, Size(size.width * cn + 1, size.height), CV_MAT_DEPTH(type));
    return parent.colRange(0, size.width * cn).reshape(cn);
}

/** Every function on `size` images whose source (both, for addWeighted) or destination rows lie
    off the pixel size; the filters with `ksize` kernels. integral and addWeighted read such rows by
    elements and run on OpenCL, as the filters do for 3-channel pixels; the filters decline 2- and
    4-channel ones (checkWholePixelRows) and fall back. None may fault (NVIDIA's GPUs do on a
    misaligned vector) or write the elements between the destination's rows. */
void checkRowsOffThePixelSize(RNG& rng, Size s, Size ksize)
{
    for (int fn : { (int)FN_ADD_WEIGHTED, (int)FN_SEP_FILTER2D, (int)FN_FILTER2D, (int)FN_INTEGRAL })
        for (int type : { CV_8UC4, CV_16UC2, CV_16UC3, CV_32FC4 })
            for (bool offDestination : { false, true })
            {
                const bool filter = fn == FN_SEP_FILTER2D || fn == FN_FILTER2D;
                const bool withoutDoubles = fn == FN_INTEGRAL && !deviceHasDoubles() &&
                                            integralNeedsDoubles(CV_MAT_DEPTH(type), -1, -1, 1);
                const bool declined = (filter && CV_MAT_CN(type) != 3) || withoutDoubles;
                Call c = filter ? filterCall(rng, fn, type, s, ksize) : Call();
                c.fn = fn;
                c.src = randomUMat(rng, s, type);
                c.src2 = fn == FN_ADD_WEIGHTED ? randomUMat(rng, s, type) : UMat();
                const int sumDepth = CV_MAT_DEPTH(type) == CV_8U ? CV_32S : CV_64F;  // cv::integral's default
                const Size dstSize = fn == FN_INTEGRAL ? s + Size(1, 1) : s;
                const int dstType = fn == FN_INTEGRAL ? CV_MAKETYPE(sumDepth, CV_MAT_CN(type)) : type;
                UMat srcParent, src2Parent, dstParent;
                Mat between;  // the parent's last column, which lies between the destination's rows
                if (offDestination)
                {
                    c.dst = offPixelView(rng, dstSize, dstType, dstParent);
                    between = dstParent.getMat(ACCESS_READ).col(dstParent.cols - 1).clone();
                }
                else
                {
                    c.src = offPixelView(rng, s, type, srcParent);
                    if (fn == FN_ADD_WEIGHTED)
                        c.src2 = offPixelView(rng, s, type, src2Parent);
                }
                const std::string what = cv::format("%s %s", typeToString(type).c_str(),
                                                    offDestination ? "destination" : "source");
                expectSameOutcome(what, c);

                SCOPED_TRACE(std::string(functionName(fn)) + ": " + what);
                ScopedEnv forbid("OPENCV_GPUCONV_FALLBACK", "0");
                const Outcome onOpenCL = invoke(c, GPUCONV_DEVICE);
                EXPECT_EQ(declined, onOpenCL.raised) << onOpenCL.error;
                if (declined)
                {
                    EXPECT_TRUE(withoutDoubles ? isDoublesDecline(onOpenCL.error)
                                               : onOpenCL.error.find("whole") != std::string::npos)
                        << onOpenCL.error;
                }
                if (offDestination)
                {
                    EXPECT_EQ(0, cv::norm(between, dstParent.getMat(ACCESS_READ).col(dstParent.cols - 1), NORM_INF));
                }
            }
}

TEST(BadInput, rows_off_the_pixel_size)
{
    // 300 x 200 and 17 taps: where NVIDIA faulted (the tiled single pass's loads).
    RNG rng = testRng();
    const Size s(300, 200);
    checkRowsOffThePixelSize(rng, s, Size(17, 17));

    const Mat g = getGaussianKernel(17, -1, CV_32F);
    // filter2D's rank-one kernels run through sepFilter2D's entry and are declined as filter2D.
    Call c = filterCall(rng, FN_FILTER2D, CV_16UC2, s, Size(17, 17));
    c.kernel = g * g.t();
    UMat parent;
    c.src = offPixelView(rng, s, CV_16UC2, parent);
    expectSameOutcome("rank-one kernel, 16UC2 source", c);
    ScopedEnv forbid("OPENCV_GPUCONV_FALLBACK", "0");
    const Outcome onOpenCL = invoke(c, GPUCONV_DEVICE);
    EXPECT_NE(std::string::npos, onOpenCL.error.find("gpuconv::filter2D: the OpenCL path does not run this case (rows"))
        << onOpenCL.error;
}

TEST(BadInput, rows_off_the_pixel_size_small)
{
    // The same on images oclgrind simulates quickly: scripts/oclgrind.sh runs it, whose checks
    // report the misaligned vector accesses that PoCL runs as if aligned.
    RNG rng = testRng();
    checkRowsOffThePixelSize(rng, Size(19, 6), Size(3, 3));
}

// ---- what a fallback leaves ----------------------------------------------------------------------

TEST(BadInput, fallback_destination_is_device_memory)
{
    // A destination the declined case's twin allocates (on the CPU) is moved to the device, so
    // that OpenCL calls take it afterwards. 5-channel images: the filters decline them before
    // they create their destination.
    RNG rng = testRng();
    const UMat src = randomUMat(rng, Size(40, 30), CV_8UC(5));
    const Mat k = Mat::ones(3, 3, CV_32F) / 9;
    UMat filtered;
    {
        ScopedEnv allow("OPENCV_GPUCONV_FALLBACK", "1");
        gpuconv::filter2D(src, filtered, -1, k);
    }
    Mat expected, expectedSum;
    cv::filter2D(src.getMat(ACCESS_READ), expected, -1, k);
    cv::addWeighted(expected, 1, expected, 1, 0, expectedSum);
    UMat sum;
    gpuconv::addWeighted(filtered, 1, filtered, 1, 0, sum);  // on OpenCL: fallbacks are forbidden here
    EXPECT_TRUE(matsNear(expectedSum, sum.getMat(ACCESS_READ), Tolerance::exact()));
}

TEST(BadInput, fallback_fills_preallocated_outputs_in_place)
{
    // integral declined before it creates its outputs (its tilted sum needs work-groups of 32 items
    // or more, capped at 16 here), the squared sum not asked for: the twin writes the tilted sum
    // into the preallocated ROI, whose parent must see it (nothing moved to a new buffer).
    ScopedEnv cap("OPENCV_GPUCONV_MAX_GROUP_ITEMS", "16");
    RNG rng = testRng();
    const UMat src = randomUMat(rng, Size(20, 15), CV_8UC1);
    UMat sum, tiltedParent(Size(25, 20), CV_32SC1, Scalar(-1));
    UMat tilted = tiltedParent(Rect(2, 3, 21, 16));
    {
        ScopedEnv forbid("OPENCV_GPUCONV_FALLBACK", "0");
        EXPECT_EQ(Error::StsNotImplemented, errorCode([&] { gpuconv::integral(src, sum, noArray(), tilted, CV_32S); }));
    }
    ScopedEnv allow("OPENCV_GPUCONV_FALLBACK", "1");
    gpuconv::integral(src, sum, noArray(), tilted, CV_32S);
    Mat expectedSum, expectedTilted, expectedParent(tiltedParent.size(), CV_32SC1, Scalar(-1));
    cv::integral(src.getMat(ACCESS_READ), expectedSum, noArray(), expectedTilted, CV_32S);
    expectedTilted.copyTo(expectedParent(Rect(2, 3, 21, 16)));
    EXPECT_TRUE(matsNear(expectedSum, sum.getMat(ACCESS_READ), Tolerance::exact()));
    EXPECT_TRUE(matsNear(expectedParent, tiltedParent.getMat(ACCESS_READ), Tolerance::exact()));
    // And the ROI is still a view of its parent, as cv::'s create() keeps a matching array.
    tilted.setTo(Scalar(5));
    expectedParent(Rect(2, 3, 21, 16)).setTo(Scalar(5));
    EXPECT_TRUE(matsNear(expectedParent, tiltedParent.getMat(ACCESS_READ), Tolerance::exact()));
}

TEST(BadInput, fallback_follows_the_border_rule)
{
    // cv::'s FilterEngine rejects BORDER_WRAP and misreads REFLECT and REFLECT_101 past one
    // reflection (cpuFilterFollowsBorderRule): the two REFLECT shapes below give a pixel off by 255
    // and trip its assertion (srcY >= this_.startY) in cv::. gpuconv's filters through cv:: on the
    // CPU, a declined case's (5 channels) and host arrays', must still give the padded image's
    // result, in place too, and write nothing outside the ROI.
    struct Shape { Size parent; Rect roi; Size ksize; Point anchor; int border; };
    const Shape shapes[] = {
        { Size(20, 14), Rect(2, 1, 17, 11), Size(5, 3), Point(-1, -1), BORDER_WRAP },
        { Size(20, 14), Rect(2, 1, 17, 11), Size(3, 5), Point(2, 0), BORDER_WRAP | BORDER_ISOLATED },
        { Size(5, 9), Rect(1, 0, 4, 7), Size(10, 11), Point(1, 10), BORDER_REFLECT },
        { Size(7, 7), Rect(1, 2, 4, 4), Size(7, 8), Point(5, 0), BORDER_REFLECT_101 },
    };
    ScopedEnv allow("OPENCV_GPUCONV_FALLBACK", "1");
    RNG rng = testRng();
    for (int fn : { (int)FN_FILTER2D, (int)FN_SEP_FILTER2D })
        for (const Shape& shape : shapes)
            for (bool inPlace : { false, true })
                for (bool onDevice : { true, false })
                {
                    SCOPED_TRACE(cv::format("%s %dx%d kernel on %dx%d, %s, %s, %s", functionName(fn),
                                            shape.ksize.width, shape.ksize.height, shape.roi.width,
                                            shape.roi.height, borderName(shape.border).c_str(),
                                            inPlace ? "in place" : "new destination",
                                            onDevice ? "device arrays" : "host arrays"));
                    TestArray src(rng, shape.parent, shape.roi, CV_8UC(5));
                    const Mat kx = makeCoefficients(rng, 1, shape.ksize.width, COEFF_RANDOM, CV_32F);
                    const Mat ky = makeCoefficients(rng, 1, shape.ksize.height, COEFF_RANDOM, CV_32F);
                    const Mat k2d = makeCoefficients(rng, shape.ksize.height, shape.ksize.width, COEFF_RANDOM, CV_32F);
                    const auto filter = [&](auto in, auto& out, Point anchor, int border) {
                        if (fn == FN_FILTER2D)
                            gpuconv::filter2D(in, out, -1, k2d, anchor, 0, border);
                        else
                            gpuconv::sepFilter2D(in, out, -1, kx, ky, anchor, 0, border);
                    };
                    const Mat expected = paddedReference(src, shape.ksize, shape.anchor, shape.border,
                                                         [&](const Mat& in, Mat& out, Point a) {
                        if (fn == FN_FILTER2D)
                            cv::filter2D(in, out, -1, k2d, a, 0, BORDER_CONSTANT | BORDER_ISOLATED);
                        else
                            cv::sepFilter2D(in, out, -1, kx, ky, a, 0, BORDER_CONSTANT | BORDER_ISOLATED);
                    });
                    Mat result, parentAfter;
                    if (onDevice)
                    {
                        UMat dst = inPlace ? src.uroi : UMat();
                        EXPECT_NO_THROW(filter(src.uroi, dst, shape.anchor, shape.border));
                        result = dst.getMat(ACCESS_READ).clone();
                        parentAfter = src.uparent.getMat(ACCESS_READ).clone();
                    }
                    else
                    {
                        Mat dst = inPlace ? src.roi : Mat();
                        EXPECT_NO_THROW(filter(src.roi, dst, shape.anchor, shape.border));
                        result = dst;
                        parentAfter = src.parent;
                    }
                    EXPECT_TRUE(matsNear(expected, result, Tolerance::exact()));
                    Mat expectedParent = src.parentBefore.clone();
                    if (inPlace)
                        expected.copyTo(expectedParent(src.rect));
                    EXPECT_TRUE(matsNear(expectedParent, parentAfter, Tolerance::exact()));
                }
}

/** An ordinary call of `fn` on a `size` 8UC3 image (integral: the sum alone, CV_32S), which cv::
    and gpuconv's OpenCL path both take; its destination's size and type. */
Call plainCall(RNG& rng, int fn, Size size)
{
    Call c = fn == FN_ADD_WEIGHTED ? weighted(rng, CV_8UC3, size, CV_8UC3, size)
             : fn == FN_INTEGRAL  ? Call()
                                  : filterCall(rng, fn, CV_8UC3, size, Size(5, 3));
    c.fn = fn;
    if (fn == FN_INTEGRAL)
    {
        c.src = randomUMat(rng, size, CV_8UC3);
        c.ddepth = CV_32S;
    }
    return c;
}
Size plainDstSize(int fn, Size size) { return fn == FN_INTEGRAL ? size + Size(1, 1) : size; }
int plainDstType(int fn) { return fn == FN_INTEGRAL ? CV_32SC3 : CV_8UC3; }

TEST(BadInput, arrays_in_host_memory)
{
    // A UMat allocated while OpenCL was off lies in host memory, which no kernel can take: gpuconv
    // gives cv::'s result (or, with fallbacks forbidden, raises naming the function), fills the
    // caller's destination itself, and its kernels still run for device arrays afterwards.
    const auto inHostMemory = [](const UMat& device) {
        const Mat values = device.getMat(ACCESS_READ).clone();
        ocl::setUseOpenCL(false);
        UMat host;
        values.copyTo(host);
        ocl::setUseOpenCL(true);
        return host;
    };
    RNG rng = testRng();
    const Size size(23, 9);
    for (int fn : { (int)FN_ADD_WEIGHTED, (int)FN_SEP_FILTER2D, (int)FN_FILTER2D, (int)FN_INTEGRAL })
    {
        const Call device = plainCall(rng, fn, size);
        const Size dstSize = plainDstSize(fn, size);
        const int dstType = plainDstType(fn);
        const Outcome expected = invoke(device, CV_TWIN);
        ASSERT_FALSE(expected.raised) << expected.error;
        const Tolerance tol = fn == FN_INTEGRAL ? Tolerance::exact() : Tolerance::absolute(1);
        for (const char* array : { "source", "destination" })
        {
            SCOPED_TRACE(std::string(functionName(fn)) + ", " + array + " in host memory");
            Call c = device;
            if (array[0] == 's')
                c.src = inHostMemory(device.src);
            else
                c.dst = inHostMemory(UMat(dstSize, dstType, Scalar::all(7)));
            expectSameOutcome(array, c);
            {
                ScopedEnv forbid("OPENCV_GPUCONV_FALLBACK", "0");
                const Outcome declined = invoke(c, GPUCONV_DEVICE);
                EXPECT_TRUE(declined.raised);
                EXPECT_NE(std::string::npos, declined.error.find("host memory")) << declined.error;
            }
            ScopedEnv allow("OPENCV_GPUCONV_FALLBACK", "1");
            const Outcome actual = invoke(c, GPUCONV_DEVICE);
            ASSERT_FALSE(actual.raised) << actual.error;
            if (!c.dst.empty())
            {
                EXPECT_TRUE(matsNear(expected.results[0], c.dst.getMat(ACCESS_READ), tol))
                    << "the caller's destination does not hold the result";
            }
        }
        SCOPED_TRACE(std::string(functionName(fn)) + ", device arrays afterwards");
        ScopedEnv forbid("OPENCV_GPUCONV_FALLBACK", "0");
        const Outcome actual = invoke(device, GPUCONV_DEVICE);
        ASSERT_FALSE(actual.raised) << actual.error;
        EXPECT_TRUE(matsNear(expected.results[0], actual.results[0], tol));
    }
}

// ---- a destination that aliases the source where cv:: allows it --------------------------------

Case inplaceCase(int fn)
{
    Case c;
    c.fn = fn;
    c.type = CV_8UC3;
    c.size = Size(21, 13);
    c.srcRoi = true;
    c.dstMode = DST_INPLACE;
    c.ksize = Size(5, 3);
    return c;
}

TEST(BadInput, destination_aliases_source)
{
    RNG rng = testRng();
    // In place over a ROI.
    for (int fn : { (int)FN_ADD_WEIGHTED, (int)FN_SEP_FILTER2D, (int)FN_FILTER2D })
        EXPECT_TRUE(runCase(inplaceCase(fn), rng));
    // dst = src2 for addWeighted, and src1 == src2 == dst.
    Mat a = randomMat(rng, Size(19, 7), CV_16SC2), b = randomMat(rng, Size(19, 7), CV_16SC2), expected;
    cv::addWeighted(a, 0.5, b, 0.25, 3, expected);
    UMat ua, ub;
    a.copyTo(ua);
    b.copyTo(ub);
    gpuconv::addWeighted(ua, 0.5, ub, 0.25, 3, ub);
    EXPECT_TRUE(matsNear(expected, ub.getMat(ACCESS_READ), Tolerance::absolute(1)));
    // The sum written over its own source is not allowed to corrupt the source before it is read:
    // integral's outputs are larger than its source, so cv:: reallocates; gpuconv must as well.
    UMat s;
    a.copyTo(s);
    Mat expectedSum;
    cv::integral(a, expectedSum, CV_64F);
    gpuconv::integral(s, s, CV_64F);
    EXPECT_TRUE(matsNear(expectedSum, s.getMat(ACCESS_READ), Tolerance::exact()));
}

TEST(BadInput, destination_shares_a_mat_with_the_source)
{
    // Mat::getUMat gives each call a buffer of its own over the Mat's memory (on PoCL the same
    // memory): a destination made so from the source's Mat is in place, although its buffer is
    // not the source's, and the filters must copy what they read first, as for one buffer.
    RNG rng = testRng();
    for (int fn : { (int)FN_FILTER2D, (int)FN_SEP_FILTER2D })
        for (int type : { CV_8UC1, CV_32FC3 })
            for (bool sourceAsUMat : { false, true })
            {
                SCOPED_TRACE(cv::format("%s %s, source given as %s", functionName(fn), typeToString(type).c_str(),
                                        sourceAsUMat ? "a second UMat of the Mat" : "the Mat"));
                Mat m = randomMat(rng, Size(45, 31), type);
                const Mat kx = makeCoefficients(rng, 1, 5, COEFF_RANDOM, CV_32F);
                const Mat ky = makeCoefficients(rng, 1, 3, COEFF_RANDOM, CV_32F);
                const Mat k2d = makeCoefficients(rng, 3, 5, COEFF_RANDOM, CV_32F);
                Mat expected;
                if (fn == FN_FILTER2D)
                    cv::filter2D(m, expected, -1, k2d);
                else
                    cv::sepFilter2D(m, expected, -1, kx, ky);
                {
                    UMat dst = m.getUMat(ACCESS_RW);
                    const UMat src = sourceAsUMat ? m.getUMat(ACCESS_READ) : UMat();
                    const _InputArray in = sourceAsUMat ? _InputArray(src) : _InputArray(m);
                    if (fn == FN_FILTER2D)
                        gpuconv::filter2D(in, dst, -1, k2d);
                    else
                        gpuconv::sepFilter2D(in, dst, -1, kx, ky);
                }
                EXPECT_TRUE(matsNear(expected, m, CV_MAT_DEPTH(type) == CV_8U ? Tolerance::absolute(1)
                                                                             : defaultTolerance(CV_32F)));
            }
}

TEST(BadInput, host_views_alive)
{
    // A UMat whose Mat view (UMat::getMat) is alive cannot be handed to a kernel (UMat::handle
    // asserts): gpuconv gives cv::'s result through the twin, and with fallbacks forbidden raises
    // naming the function, for a viewed source and a viewed destination.
    RNG rng = testRng();
    const Size size(23, 9);
    for (int fn : { (int)FN_ADD_WEIGHTED, (int)FN_SEP_FILTER2D, (int)FN_FILTER2D, (int)FN_INTEGRAL })
    {
        Call c = plainCall(rng, fn, size);
        {
            const Mat view = c.src.getMat(ACCESS_READ);
            expectSameOutcome("a source viewed on the host", c);
        }
        c.dst = UMat(plainDstSize(fn, size), plainDstType(fn), Scalar::all(7));
        {
            const Mat view = c.dst.getMat(ACCESS_READ);
            expectSameOutcome("a destination viewed on the host", c);
        }
    }
    // In place through the view: the source is the destination's Mat view.
    ScopedEnv allow("OPENCV_GPUCONV_FALLBACK", "1");
    const Mat k = makeCoefficients(rng, 3, 5, COEFF_RANDOM, CV_32F);
    UMat u = randomUMat(rng, size, CV_8UC3);
    Mat expected;
    cv::filter2D(u.getMat(ACCESS_READ), expected, -1, k);
    {
        const Mat view = u.getMat(ACCESS_READ);
        gpuconv::filter2D(view, u, -1, k);
    }
    EXPECT_TRUE(matsNear(expected, u.getMat(ACCESS_READ), Tolerance::absolute(1)));
}

TEST(BadInput, fixed_type_destination_of_another_type)
{
    // cv:: refuses a Mat_<T> (or another fixed-type array) of a type other than the result's; so
    // must gpuconv, on its padded route through cv:: too (a kernel larger than the image under
    // REFLECT_101, WRAP), where copying the result would otherwise convert it.
    RNG rng = testRng();
    const Mat src = randomMat(rng, Size(8, 3), CV_8UC1);
    const Mat k = makeCoefficients(rng, 5, 5, COEFF_RANDOM, CV_32F), k1 = makeCoefficients(rng, 1, 5, COEFF_RANDOM, CV_32F);
    for (int border : { BORDER_REFLECT_101, BORDER_WRAP, BORDER_CONSTANT })
    {
        SCOPED_TRACE(borderName(border));
        Mat_<float> mdst;
        std::vector<float> vdst;
        EXPECT_NE(0, errorCode([&] { cv::filter2D(src, mdst, -1, k, Point(-1, -1), 0, BORDER_CONSTANT); }));
        EXPECT_NE(0, errorCode([&] { gpuconv::filter2D(src, mdst, -1, k, Point(-1, -1), 0, border); }));
        EXPECT_NE(0, errorCode([&] { gpuconv::filter2D(src.getUMat(ACCESS_READ), mdst, -1, k, Point(-1, -1), 0, border); }));
        EXPECT_NE(0, errorCode([&] { gpuconv::filter2D(src, vdst, -1, k.row(0), Point(-1, -1), 0, border); }));
        EXPECT_NE(0, errorCode([&] { gpuconv::sepFilter2D(src, mdst, -1, k1, k1, Point(-1, -1), 0, border); }));
        EXPECT_TRUE(mdst.empty());
    }
}

TEST(BadInput, unsupported_border_where_no_border_is_read)
{
    // cv::filter2D and cv::sepFilter2D consult the border rule only for pixels outside the image:
    // they take BORDER_TRANSPARENT or a value of no rule where a ROI's window stays inside its
    // parent (or the kernel is 1x1), and raise where it does not. So does gpuconv, on OpenCL.
    RNG rng = testRng();
    const Size size(17, 11), ksize(5, 3);
    for (int fn : { (int)FN_FILTER2D, (int)FN_SEP_FILTER2D })
        for (int border : { (int)BORDER_TRANSPARENT, 6, 7 })
            for (int type : { CV_8UC1, CV_32FC3 })
            {
                SCOPED_TRACE(cv::format("%s border %d %s", functionName(fn), border, typeToString(type).c_str()));
                const Mat kx = makeCoefficients(rng, 1, ksize.width, COEFF_RANDOM, CV_32F);
                const Mat ky = makeCoefficients(rng, 1, ksize.height, COEFF_RANDOM, CV_32F);
                const Mat k2d = makeCoefficients(rng, ksize.height, ksize.width, COEFF_RANDOM, CV_32F);
                const Mat k1 = Mat(1, 1, CV_32F, Scalar(0.75));
                const auto filter = [&](auto in, auto& out, bool pointKernel, int b) {
                    if (fn == FN_FILTER2D)
                        gpuconv::filter2D(in, out, -1, pointKernel ? k1 : k2d, Point(-1, -1), 0, b);
                    else
                        gpuconv::sepFilter2D(in, out, -1, pointKernel ? k1 : kx, pointKernel ? k1 : ky, Point(-1, -1), 0, b);
                };
                const auto twin = [&](const Mat& in, Mat& out, bool pointKernel, int b) {
                    if (fn == FN_FILTER2D)
                        cv::filter2D(in, out, -1, pointKernel ? k1 : k2d, Point(-1, -1), 0, b);
                    else
                        cv::sepFilter2D(in, out, -1, pointKernel ? k1 : kx, pointKernel ? k1 : ky, Point(-1, -1), 0, b);
                };
                const Tolerance tol = CV_MAT_DEPTH(type) == CV_8U ? Tolerance::absolute(1) : defaultTolerance(CV_32F);
                // The window inside the parent: exactly, and with room; a 1x1 kernel on a whole image.
                struct Shape { Rect roi; bool pointKernel; int flags; };
                for (const Shape& shape : { Shape{ Rect(2, 1, 17, 11), false, 0 }, Shape{ Rect(4, 3, 17, 11), false, 0 },
                                            Shape{ Rect(0, 0, 21, 13), true, BORDER_ISOLATED } })
                {
                    SCOPED_TRACE(cv::format("ROI (%d, %d)", shape.roi.x, shape.roi.y));
                    TestArray src(rng, Size(21, 13) + (shape.roi.x == 4 ? Size(4, 3) : Size()), shape.roi, type);
                    Mat expected;
                    ASSERT_EQ(0, errorCode([&] { twin(src.roi, expected, shape.pointKernel, border | shape.flags); }));
                    UMat dst;
                    ASSERT_EQ(0, errorCode([&] { filter(src.uroi, dst, shape.pointKernel, border | shape.flags); }));
                    EXPECT_TRUE(matsNear(expected, dst.getMat(ACCESS_READ), tol));
                }
                // One column of the window past the parent's left edge.
                TestArray src(rng, Size(21, 13), Rect(1, 1, 17, 11), type);
                Mat mdst;
                UMat dst;
                EXPECT_EQ(Error::StsBadArg, errorCode([&] { twin(src.roi, mdst, false, border); }));
                EXPECT_EQ(Error::StsBadArg, errorCode([&] { filter(src.uroi, dst, false, border); }));
            }
}

// ---- a UMat from another OpenCL context -----------------------------------------------------------

TEST(BadInput, umat_from_another_opencl_context)
{
    cl_device_id device = (cl_device_id)ocl::Device::getDefault().ptr();
    cl_int status = CL_SUCCESS;
    cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
    ASSERT_EQ(CL_SUCCESS, status);
    const Size size(16, 8);
    cl_mem buffer = clCreateBuffer(other, CL_MEM_READ_WRITE, size.area(), nullptr, &status);
    ASSERT_EQ(CL_SUCCESS, status);
    {
        UMat foreign, dst;
        ocl::convertFromBuffer(buffer, size.width, size.height, size.width, CV_8UC1, foreign);
        UMat local(size, CV_8UC1, Scalar(1));
        const Mat k = Mat::ones(1, 3, CV_32F) / 3;
        const std::vector<std::pair<int, std::function<void()>>> calls = {
            { FN_ADD_WEIGHTED, [&] { gpuconv::addWeighted(foreign, 1, local, 1, 0, dst); } },
            { FN_ADD_WEIGHTED, [&] { gpuconv::addWeighted(local, 1, local, 1, 0, foreign); } },
            { FN_SEP_FILTER2D, [&] { gpuconv::sepFilter2D(foreign, dst, -1, k, k); } },
            { FN_FILTER2D, [&] { gpuconv::filter2D(foreign, dst, -1, Mat::ones(3, 3, CV_32F) / 9); } },
            { FN_INTEGRAL, [&] { gpuconv::integral(foreign, dst); } },
        };
        for (const auto& call : calls)
        {
            SCOPED_TRACE(functionName(call.first));
            try
            {
                call.second();
                ADD_FAILURE() << "no error for an array of another OpenCL context";
            }
            catch (const cv::Exception& e)
            {
                EXPECT_NE(std::string::npos, std::string(e.what()).find(std::string("gpuconv::") + functionName(call.first)))
                    << e.what();
                EXPECT_NE(std::string::npos, std::string(e.what()).find("another OpenCL context")) << e.what();
            }
        }
    }
    clReleaseMemObject(buffer);
    clReleaseContext(other);
}

} // namespace
} // namespace gpuconv_test
