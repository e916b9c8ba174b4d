// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

#include <vector>

namespace cv { namespace gpuconv {
namespace {

/** The arithmetic of one cv::filter2D call, decided as cv::getLinearFilter decides it. */
struct Correlation
{
    int sdepth = -1, ddepth = -1, cn = 0;
    int accDepth = -1;   //!< CV_32F, or CV_64F when either side is CV_64F
    Size ksize;
    Point anchor;
    bool openclDepths = true;  //!< false: depths only cv::filter2D's DFT path takes, left to it
};

/** Whether cv::filter2D on the CPU correlates `src` through its DFT (hal's dftFilter2D), which
    takes any depths: a kernel of 50 taps or more (130 for the pairs its direct correlation
    vectorises, all of them OpenCL depths) over a whole image, or a ROI under BORDER_ISOLATED. */
bool cvCorrelatesThroughDft(const _InputArray& src, Size ksize, int borderType)
{
    if (ksize.area() < 50)
        return false;
    if (borderType & BORDER_ISOLATED)
        return true;
    Size whole;
    Point offset;
    if (src.isUMat())
        src.getUMat().locateROI(whole, offset);
    else
        src.getMat().locateROI(whole, offset);
    return offset == Point(0, 0) && whole == src.size();
}

/** Validates the arguments with cv::filter2D's rules and errors. */
Correlation resolveCorrelation(const _InputArray& src, int ddepth, const Mat& kernel, Point anchor, int borderType)
{
    // StsAssert, the code of cv::filter2D's own checks.
    if (src.empty() || kernel.empty())
        CV_Error(Error::StsAssert, "gpuconv::filter2D: the source and the kernel must not be empty");
    CV_CheckEQ(kernel.channels(), 1, "gpuconv::filter2D: the kernel must have a single channel");
    CV_CheckLE(kernel.dims, 2, "gpuconv::filter2D: the kernel must be a 2D matrix");
    Correlation c;
    c.sdepth = src.depth();
    c.cn = src.channels();
    c.ddepth = ddepth < 0 ? c.sdepth : CV_MAT_DEPTH(ddepth);
    c.ksize = kernel.size();
    // cv::normalizeAnchor
    c.anchor = anchor;
    if (c.anchor.x == -1)
        c.anchor.x = c.ksize.width / 2;
    if (c.anchor.y == -1)
        c.anchor.y = c.ksize.height / 2;
    if (!c.anchor.inside(Rect(0, 0, c.ksize.width, c.ksize.height)))
        CV_Error(Error::StsAssert, "gpuconv::filter2D: the anchor must lie inside the kernel");
    // cv::filter2D's OpenCL path takes any pair of the filter depths, its CPU path the pairs
    // cv::getLinearFilter implements and, through its DFT, any pair of any depths.
    c.openclDepths = detail::oclFilterDepth(c.sdepth) && detail::oclFilterDepth(c.ddepth);
    if (!c.openclDepths && !cvCorrelatesThroughDft(src, c.ksize, borderType))
    {
        // cv::getLinearFilter's errors, in its order.
        if (c.ddepth < c.sdepth)
            CV_Error(Error::StsAssert,
                     "gpuconv::filter2D: the destination depth must not be narrower than the source's");
        CV_Error_(Error::StsNotImplemented,
                  ("gpuconv::filter2D: unsupported combination of source format (=%d) and "
                   "destination format (=%d)", src.type(), CV_MAKETYPE(c.ddepth, c.cn)));
    }
    c.accDepth = c.sdepth == CV_64F || c.ddepth == CV_64F ? CV_64F : CV_32F;
    return c;
}

/** Factors `kernel` as the outer product column * row when it is one to within 1e-7 of its
    largest weight per weight (Gaussian and box kernels built as 2D, Sobel-like kernels): the
    product of the factors then differs from each weight by far less than the float rounding of
    the correlation itself, so the separable result stays within filter2D's tolerance. */
bool rankOneFactors(const Mat& kernel, Mat& row, Mat& column)
{
    Mat k;
    kernel.convertTo(k, CV_64F);
    double maxAbs = 0;
    Point at;
    cv::minMaxLoc(cv::abs(k), nullptr, &maxAbs, nullptr, &at);
    if (!(maxAbs > 0) || !cv::checkRange(k))
        return false;
    Mat column64 = k.col(at.x).clone();                  // KH x 1
    Mat row64 = k.row(at.y) / k.at<double>(at);          // 1 x KW
    if (cv::norm(k - column64 * row64, NORM_INF) > 1e-7 * maxAbs)
        return false;
    const int depth = kernel.depth() == CV_64F ? CV_64F : CV_32F;
    row64.convertTo(row, depth);
    column64.convertTo(column, depth);
    return true;
}

/** The arguments both filter2D kernels start with: the source, its border geometry, the
    destination and the anchor; returns the next argument's index. */
int setCorrelationArgs(detail::KernelLaunch& k, const UMat& src, const detail::BorderGeometry& border,
                       const UMat& dst, Point anchor)
{
    int arg = detail::setBorderedSourceArgs(k, 0, src, border);
    arg = k.set(arg, ocl::KernelArg::WriteOnly(dst));
    arg = k.set(arg, anchor.x);
    arg = k.set(arg, anchor.y);
    return arg;
}

/** The conjugate of the transform of `weights` (KH x KW) zero-padded to the spectral tile,
    divided by the tile's area (the inverse transform's scale), in the digit-reversed order that
    opencl/filter2d_spectral.cl's radix-8 passes leave on both axes: position 8a + b holds
    frequency a + 8b. The product with a tile's transform is the transform of their correlation. */
Mat correlationSpectrum(const Mat& weights)
{
    const int n = detail::Filter2DSpectralPlan::tile;
    CV_Assert(n == 64 && weights.rows <= n && weights.cols <= n);
    Mat padded = Mat::zeros(n, n, CV_64F), corner = padded(Rect(0, 0, weights.cols, weights.rows));
    weights.convertTo(corner, CV_64F);
    Mat transform;
    cv::dft(padded, transform, DFT_COMPLEX_OUTPUT);
    const auto frequency = [](int position) { return (position >> 3) + 8 * (position & 7); };
    const double scale = 1.0 / (n * n);
    Mat spectrum(n, n, CV_32FC2);
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
        {
            const Vec2d f = transform.at<Vec2d>(frequency(y), frequency(x));
            spectrum.at<Vec2f>(y, x) = Vec2f((float)(f[0] * scale), (float)(-f[1] * scale));
        }
    return spectrum;
}

/** filter2D through the frequency domain (detail::planFilter2DSpectral chose it). */
detail::OclDecline spectralFilter2D(const UMat& src, const UMat& dst, const detail::BorderGeometry& border,
                                    const Correlation& c, const Mat& weights, double delta,
                                    const detail::Filter2DSpectralPlan& plan)
{
    using detail::oclConvertName;
    using detail::oclTypeName;
    const ocl::Device& device = ocl::Device::getDefault();
    const auto assembleOptions = [&]() {
        return cv::format("-D SRC_T1=%s -D CN=%d -D SRC_TO_FLOAT=%s -D DST_T1=%s -D TO_DST1=%s -D TO_DST2=%s"
                          " -D KW=%d -D KH=%d -D TN=%d -D GROUP_ITEMS=%d",
                          oclTypeName(c.sdepth).c_str(), c.cn, oclConvertName(c.sdepth, CV_32F, c.cn).c_str(),
                          oclTypeName(c.ddepth).c_str(), oclConvertName(CV_32F, c.ddepth).c_str(),
                          oclConvertName(CV_32F, c.ddepth, 2).c_str(), c.ksize.width, c.ksize.height,
                          detail::Filter2DSpectralPlan::tile, detail::Filter2DSpectralPlan::groupItems) +
               (c.sdepth == CV_32F ? " -D NONFINITE_CHECK" : "") + detail::oclCommonOptions(device);
    };
    // Kernels of up to 33x33 on a few depths: every field fits its bits.
    uint64 key = 0;
    const bool keyFits = detail::packVariantKey(
        { { c.sdepth, 3 }, { c.ddepth, 3 }, { c.cn, 3 }, { c.ksize.width, 7 }, { c.ksize.height, 7 } },
        key);
    CV_Assert(keyFits);
    static detail::VariantOptionsCache optionsCache;
    const std::string& options = optionsCache.get(device, key, assembleOptions);
    detail::KernelLaunch k("filter2d_spectral", kernels::filter2d_spectral(), options);
    if (k.empty())
        return "the filter2d_spectral kernel failed to build: " + options;
    const UMat spectrum = detail::deviceConstants(weights, "correlationSpectrum", correlationSpectrum);
    int arg = setCorrelationArgs(k, src, border, dst, c.anchor);
    arg = k.set(arg, (float)delta);
    arg = k.set(arg, ocl::KernelArg::PtrReadOnly(spectrum));
    // Float tiles holding a NaN or an infinity correlate directly (the kernel says why).
    const UMat deviceWeights = detail::deviceConstants(weights.reshape(1, 1));
    arg = k.set(arg, ocl::KernelArg::PtrReadOnly(deviceWeights));
    if (!k.enqueue(plan.launchShape(dst.size())))
        return "enqueueing the filter2d_spectral kernel failed";
    return detail::OclDecline();
}

detail::OclDecline oclFilter2D(const _InputArray& _src, const _OutputArray& _dst, int ddepth,
                               const _InputArray& _kernel, Point anchor, double delta, int borderType)
{
    const Mat kernel = _kernel.getMat();
    const Correlation c = resolveCorrelation(_src, ddepth, kernel, anchor, borderType);
    if (_src.dims() > 2)
        return "arrays of more than two dimensions";
    if (!c.openclDepths)
        return "8S, 32S or 16F data, which only cv::filter2D's DFT path takes";
    if (c.cn > 4)
        return "more than 4 channels";
    const ocl::Device& device = ocl::Device::getDefault();
    detail::OclDecline decline = detail::checkDoublePrecision(device, { c.accDepth });
    if (!decline.empty())
        return decline;

    // Outer-product kernels (Gaussians, boxes) run as two 1D passes where that is cheaper.
    Mat kernelRow, kernelColumn;
    if (detail::planRankOneAsSeparable(device, c.ksize) && rankOneFactors(kernel, kernelRow, kernelColumn))
        return detail::oclSepFilter2D(_src, _dst, ddepth, kernelRow, kernelColumn, c.anchor, delta, borderType);

    UMat src = _src.getUMat();
    detail::BorderGeometry border = detail::filterBorderGeometry(src, borderType, c.ksize, c.anchor, "filter2D");
    UMat dst;
    decline = detail::createCheckedOutput(
        "filter2D", { &src }, _dst, src.size(), CV_MAKETYPE(c.ddepth, c.cn), dst);
    if (decline.empty())
        decline = detail::checkWholePixelRows({ &src, &dst });
    if (!decline.empty())
        return decline;

    // Work groups read their source window while others write their results: a destination
    // sharing the source's buffer (in place, or an overlapping view of the same parent) would be
    // read after it was written. Such a source is first copied, with what its border rule reads.
    if (detail::sharesMemory(src, dst))
        src = detail::copyFilterSource(src, border, c.ksize, c.anchor);

    // The weights in the accumulator depth, as cv::getLinearFilter converts them (same rounding).
    Mat weights;
    kernel.convertTo(weights, c.accDepth);
    const detail::Filter2DSpectralPlan spectral = detail::planFilter2DSpectral(device, c.ksize, c.sdepth, c.ddepth, c.cn);
    if (spectral.use)
        return spectralFilter2D(src, dst, border, c, weights, delta, spectral);
    const size_t weightsBytes = weights.total() * weights.elemSize();
    const size_t srcPixelBytes = detail::oclPixelBytes(c.sdepth, c.cn);
    const detail::Filter2DPlan plan =
        detail::planFilter2D(device, dst.size(), c.ksize, srcPixelBytes, c.cn, CV_ELEM_SIZE1(c.accDepth),
                             weightsBytes, detail::srcRowsOnVectors(src, border));

    const auto assembleOptions = [&]() {
        using detail::oclConvertName;
        using detail::oclTypeName;
        std::string o = cv::format(
            "-D SRC_T1=%s -D CN=%d -D WT=%s -D SRC_TO_WT=noconvert -D ACC_T=%s -D ACC1=%s"
            " -D TO_ACC=%s -D DST_T1=%s -D TO_DST=%s -D KW=%d -D KH=%d",
            oclTypeName(c.sdepth).c_str(), c.cn, oclTypeName(c.sdepth, c.cn).c_str(),
            oclTypeName(c.accDepth, c.cn).c_str(), oclTypeName(c.accDepth).c_str(),
            oclConvertName(c.sdepth, c.accDepth, c.cn).c_str(), oclTypeName(c.ddepth).c_str(),
            oclConvertName(c.accDepth, c.ddepth, c.cn).c_str(), c.ksize.width, c.ksize.height);
        o += plan.buildOptions() + detail::oclCommonOptions(device);
        if (c.cn == 1 && plan.pixelsX > 1)
            o += cv::format(" -D TO_ACC_PX=%s -D TO_DST_PX=%s",
                            oclConvertName(c.sdepth, c.accDepth, plan.pixelsX).c_str(),
                            oclConvertName(c.accDepth, c.ddepth, plan.pixelsX).c_str());
        // Other direct reads of one-channel 8- and 16-bit rows go through aligned 32-bit words.
        const int elemBytes = (int)CV_ELEM_SIZE1(c.sdepth);
        if (!plan.tiled && !plan.vectorWindows && c.cn == 1 && elemBytes <= 2)
            o += cv::format(" -D ROW_WORDS=%d -D TO_ACC_WORD=%s", 4 / elemBytes,
                            oclConvertName(c.sdepth, c.accDepth, 4 / elemBytes).c_str());
        return o;
    };
    // Everything the options depend on, packed into a key for the cache of assembled options;
    // a field too wide for its bits (kernels of 4096 rows, say), or fields past the key's 64 bits,
    // assemble them every time.
    uint64 key = 0;
    const bool keyFits = detail::packVariantKey(
        { { c.sdepth, 3 }, { c.ddepth, 3 }, { c.cn, 3 }, { c.ksize.width, 12 }, { c.ksize.height, 12 },
          { plan.groupW, 7 }, { plan.groupH, 7 }, { plan.pixelsX, 5 },
          { plan.pixelsY, 4 }, { (int)plan.tiled, 1 }, { (int)plan.constantWeights, 1 },
          { (int)plan.weightsByValue, 1 }, { (int)plan.interiorTestPerRow, 1 }, { (int)plan.vectorWindows, 1 } },
        key);
    static detail::VariantOptionsCache optionsCache;
    const std::string uncachedOptions = keyFits ? std::string() : assembleOptions();
    const std::string& options = keyFits ? optionsCache.get(device, key, assembleOptions) : uncachedOptions;

    detail::KernelLaunch k("filter2d", kernels::filter2d(), options);
    if (k.empty())
        return "the filter2d kernel failed to build: " + options;

    int arg = setCorrelationArgs(k, src, border, dst, c.anchor);
    if (c.accDepth == CV_64F)
        arg = k.set(arg, delta);
    else
        arg = k.set(arg, (float)delta);
    UMat deviceWeights;  // the argument refers to it until the launch
    if (plan.weightsByValue)
    {
        arg = k.setBytes(arg, weights.ptr(), weightsBytes);
    }
    else
    {
        deviceWeights = detail::deviceConstants(weights.reshape(1, 1));
        arg = k.set(arg, ocl::KernelArg::PtrReadOnly(deviceWeights));
    }
    if (!k.enqueue(plan.launchShape(dst.size())))
        return "enqueueing the filter2d kernel failed";
    return detail::OclDecline();
}

} // namespace

void filter2D(InputArray src, OutputArray dst, int ddepth, InputArray kernel, Point anchor,
              double delta, int borderType)
{
    CV_INSTRUMENT_REGION();
    detail::runWithFallback(
        "filter2D", { &dst },
        [&]() { return oclFilter2D(src, dst, ddepth, kernel, anchor, delta, borderType); },
        [&]() {
            detail::filterOnTheCpu(src, dst, kernel.size(), anchor, borderType,
                                   [&](InputArray s, OutputArray d, Point a, int border) {
                                       cv::filter2D(s, d, ddepth, kernel, a, delta, border);
                                   });
        });
}

}} // namespace cv::gpuconv
