// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

#include <map>
#include <mutex>
#include <tuple>

namespace cv { namespace gpuconv {
namespace {

// cv::getKernelType's flags (imgproc's private filterengine.hpp).
enum KernelTypeFlags
{
    KERNEL_SYMMETRICAL = 1,   //!< k[i] == k[n-1-i], anchor in the middle
    KERNEL_ASYMMETRICAL = 2,  //!< k[i] == -k[n-1-i], anchor in the middle
    KERNEL_SMOOTH = 4,        //!< all k[i] >= 0 and their sum is 1
    KERNEL_INTEGER = 8        //!< all k[i] are integers
};

/** cv::getKernelType for a kernel of `coeffs` anchored at `anchor`. */
int kernelType(const std::vector<double>& coeffs, int anchor)
{
    const int n = (int)coeffs.size();
    int type = KERNEL_SMOOTH + KERNEL_INTEGER;
    if (anchor * 2 + 1 == n)
        type |= KERNEL_SYMMETRICAL + KERNEL_ASYMMETRICAL;
    double sum = 0;
    for (int i = 0; i < n; ++i)
    {
        const double a = coeffs[i], b = coeffs[n - i - 1];
        if (a != b)
            type &= ~KERNEL_SYMMETRICAL;
        if (a != -b)
            type &= ~KERNEL_ASYMMETRICAL;
        if (a < 0)
            type &= ~KERNEL_SMOOTH;
        if (a != saturate_cast<int>(a))
            type &= ~KERNEL_INTEGER;
        sum += a;
    }
    if (std::fabs(sum - 1) > FLT_EPSILON * (std::fabs(sum) + 1))
        type &= ~KERNEL_SMOOTH;
    return type;
}

/** createBitExactKernel_32S of cv::createSeparableLinearFilter: the kernel in fixed point with
    `bits` fraction bits, or false when that is not exact enough. */
bool fixedPointKernel(const std::vector<double>& coeffs, int bits, std::vector<int>& fixed)
{
    const double scale = 1 << bits, eps = 10 * FLT_EPSILON * scale;
    fixed.resize(coeffs.size());
    for (size_t i = 0; i < coeffs.size(); ++i)
    {
        fixed[i] = saturate_cast<int>(coeffs[i] * scale);
        if (std::fabs(coeffs[i] * scale - fixed[i]) > eps)
            return false;
    }
    return true;
}

/** The arithmetic of one cv::sepFilter2D call, decided as cv::createSeparableLinearFilter and
    the row and column filters it picks decide it. */
struct SepArithmetic
{
    int sdepth = -1, ddepth = -1, cn = 0;
    int bufDepth = -1;     //!< row pass result: CV_32F/CV_64F; the fixed-point modes: integers, in CV_32F (exact) for 8U smoothing
    int colDepth = -1;     //!< column pass accumulator
    int colShift = 0;      //!< fraction bits of an integer column result (cv::FixedPtCastEx)
    Mat kx, ky;            //!< coefficients, of bufDepth and colDepth
    double delta = 0;      //!< in colDepth's terms
    Point anchor;
    int symX = 0, symY = 0;  //!< 0 general, 1 symmetric, 2 antisymmetric about the anchor
    bool fixedPoint = false; //!< one of cv::'s fixed-point modes (exact integer arithmetic)
};

std::vector<double> kernelCoefficients(const _InputArray& kernel)
{
    // Read in place (a Mat's header, no conversion buffers): the host path runs on every call.
    Mat k = kernel.getMat();
    CV_Assert(k.channels() == 1 && (k.rows == 1 || k.cols == 1));
    if (k.depth() != CV_32F && k.depth() != CV_64F)
        k.convertTo(k, CV_64F);  // what cv:: accepts beyond the usual float kernels
    std::vector<double> coeffs(k.total());
    for (int i = 0; i < (int)coeffs.size(); ++i)
    {
        const uchar* at = k.rows == 1 ? k.ptr(0, i) : k.ptr(i);
        coeffs[i] = k.depth() == CV_32F ? (double)*(const float*)at : *(const double*)at;
    }
    return coeffs;
}

/** `values` times `scale` as one row of `depth` (CV_32S, CV_32F or CV_64F), converted as
    Mat::convertTo converts them. */
template <typename T>
Mat coefficientRow(const std::vector<T>& values, int depth, double scale = 1)
{
    Mat row(1, (int)values.size(), depth);
    for (int i = 0; i < row.cols; ++i)
    {
        const double v = values[i] * scale;
        if (depth == CV_32S)
            row.at<int>(i) = saturate_cast<int>(v);
        else if (depth == CV_32F)
            row.at<float>(i) = saturate_cast<float>(v);
        else
            row.at<double>(i) = v;
    }
    return row;
}

int foldedSymmetry(int type)
{
    return (type & KERNEL_SYMMETRICAL) ? 1 : (type & KERNEL_ASYMMETRICAL) ? 2 : 0;
}

SepArithmetic resolveSepArithmetic(int srcType, int ddepth, const _InputArray& kernelX,
                                   const _InputArray& kernelY, Point anchor, double delta)
{
    SepArithmetic a;
    a.sdepth = CV_MAT_DEPTH(srcType);
    a.cn = CV_MAT_CN(srcType);
    a.ddepth = ddepth < 0 ? a.sdepth : CV_MAT_DEPTH(ddepth);
    CV_CheckDepth(a.sdepth, detail::oclFilterDepth(a.sdepth),
                  "gpuconv::sepFilter2D: source depth must be 8U, 16U, 16S, 32F or 64F");
    CV_CheckDepth(a.ddepth, detail::oclFilterDepth(a.ddepth),
                  "gpuconv::sepFilter2D: destination depth must be 8U, 16U, 16S, 32F or 64F");
    // 64F -> 32F, which cv::sepFilter2D takes on UMat (odd kernels, its OpenCL path) but not on
    // the CPU (no column filter from a double buffer into float), filters in double below.
    CV_CheckEQ(kernelX.type(), kernelY.type(), "gpuconv::sepFilter2D: kernelX and kernelY must have one type");
    CV_Check(kernelX.size(), kernelX.rows() == 1 || kernelX.cols() == 1,
             "gpuconv::sepFilter2D: kernelX must be a row or a column");
    CV_Check(kernelY.size(), kernelY.rows() == 1 || kernelY.cols() == 1,
             "gpuconv::sepFilter2D: kernelY must be a row or a column");
    CV_CheckEQ(kernelX.channels(), 1, "gpuconv::sepFilter2D: the kernels must have one channel");

    const std::vector<double> kx = kernelCoefficients(kernelX), ky = kernelCoefficients(kernelY);
    const int nx = (int)kx.size(), ny = (int)ky.size();
    a.anchor = Point(anchor.x < 0 ? nx / 2 : anchor.x, anchor.y < 0 ? ny / 2 : anchor.y);
    CV_Check(a.anchor, a.anchor.x < nx && a.anchor.y < ny,
             "gpuconv::sepFilter2D: the anchor must lie inside the kernel");
    const int rtype = kernelType(kx, a.anchor.x), ctype = kernelType(ky, a.anchor.y);
    a.symX = foldedSymmetry(rtype);
    a.symY = foldedSymmetry(ctype);

    // cv::'s fixed-point modes for 8-bit sources: smoothing kernels to 8U (8 + 8 fraction bits),
    // integer (anti)symmetric kernels to 16S.
    const int symmetric = KERNEL_SYMMETRICAL + KERNEL_ASYMMETRICAL;
    const bool smooth8u = rtype == KERNEL_SMOOTH + KERNEL_SYMMETRICAL &&
                          ctype == KERNEL_SMOOTH + KERNEL_SYMMETRICAL && a.ddepth == CV_8U;
    const bool integer16s = (rtype & symmetric) && (ctype & symmetric) &&
                            (rtype & ctype & KERNEL_INTEGER) && a.ddepth == CV_16S;
    std::vector<int> fx, fy;
    if (a.sdepth == CV_8U && (smooth8u || integer16s) && fixedPointKernel(kx, smooth8u ? 8 : 0, fx) &&
        fixedPointKernel(ky, smooth8u ? 8 : 0, fy))
    {
        a.fixedPoint = true;
        a.bufDepth = CV_32S;
        a.kx = coefficientRow(fx, CV_32S);
        if (smooth8u && ny > 1)
        {
            // cv::SymmColumnVec_32s8u, which does every element but a row's last (width * cn) % 4:
            // float sums of exact products with ky / 2^16, from (float)delta, rounded to even.
            a.colDepth = CV_32F;
            // cv::'s integer row sums of 8-bit pixels times fixed-point weights summing to 256
            // stay below 2^24, so float computes them exactly: same buffer values, and GPUs
            // multiply-add floats at twice their integer rate.
            a.bufDepth = CV_32F;
            a.kx = coefficientRow(fx, CV_32F);
            a.ky = coefficientRow(fy, CV_32F, 1.0 / 65536);
            a.delta = (float)delta;
        }
        else
        {
            // Integer column sums from saturate_cast<int>(delta in fixed point), then
            // (sum + half) >> bits.
            a.colDepth = CV_32S;
            a.colShift = smooth8u ? 16 : 0;
            a.ky = coefficientRow(fy, CV_32S);
            a.delta = saturate_cast<int>(delta * (1 << a.colShift));
        }
        return a;
    }
    a.bufDepth = a.colDepth = std::max((int)CV_32F, std::max(a.sdepth, a.ddepth));
    a.kx = coefficientRow(kx, a.bufDepth);
    a.ky = coefficientRow(ky, a.colDepth);
    a.delta = a.colDepth == CV_32F ? (double)(float)delta : delta;
    return a;
}

/** Whether the tensor cores' single pass (opencl/sep_filter2d.cl, sep_filter2d_mma) computes `a`
    within cv::'s tolerance: one channel, 8U to 8U with float sums (cv:: rounds those to within 1
    of each other in any order; its fixed-point modes are exact and stay with the other kernels),
    coefficients and row sums inside f16's range, where their hi + lo parts keep about 22 bits. */
bool tensorComputes(const SepArithmetic& a)
{
    if (a.sdepth != CV_8U || a.ddepth != CV_8U || a.cn != 1 || a.fixedPoint || a.bufDepth != CV_32F ||
        a.colDepth != CV_32F)
        return false;
    // The sum of |coefficients|, or infinity where one is past 2^14 or NaN.
    const auto absSum = [](const Mat& k) {
        double sum = 0;
        for (int i = 0; i < k.cols; ++i)
        {
            const double v = std::fabs(k.at<float>(i));
            sum += v <= 16384 ? v : INFINITY;
        }
        return sum;
    };
    return 255 * absSum(a.kx) <= 32768 && absSum(a.ky) < INFINITY;
}

int setScalar(detail::KernelLaunch& kernel, int arg, int depth, double value)
{
    if (depth == CV_32S)
        return kernel.set(arg, (int)value);
    if (depth == CV_32F)
        return kernel.set(arg, (float)value);
    return kernel.set(arg, value);
}

/** What `kernelName` (a string literal: its address is the key) built with `options` allows on
    `device` (detail::KernelLimits; maxItems 0 where it does not build); asked once per kernel,
    variant and device. */
detail::KernelLimits kernelLimits(const ocl::Device& device, const char* kernelName, uint64 variantKey,
                                  const std::string& options)
{
    static std::mutex mutex;
    static std::map<std::tuple<void*, const char*, uint64>, detail::KernelLimits> known;
    const std::tuple<void*, const char*, uint64> key(device.ptr(), kernelName, variantKey);
    std::lock_guard<std::mutex> lock(mutex);
    auto it = known.find(key);
    if (it == known.end())
    {
        ocl::Kernel kernel(kernelName, kernels::sep_filter2d(), options);
        detail::KernelLimits limits;
        if (!kernel.empty())
        {
            limits.maxItems = kernel.workGroupSize();
            limits.localBytes = kernel.localMemSize();
        }
        CV_LOG_DEBUG(NULL, "gpuconv: " << kernelName << " (" << options << "): at most " << limits.maxItems
                               << " work items per group, " << limits.localBytes << " bytes of its own local memory");
        it = known.emplace(key, limits).first;
    }
    return it->second;
}

} // namespace

namespace detail {

OclDecline oclSepFilter2D(const _InputArray& srcIn, const _OutputArray& dst, int ddepth,
                          const _InputArray& kernelX, const _InputArray& kernelY,
                          Point anchor, double delta, int borderType, bool allowTensor)
{
    if (srcIn.dims() > 2)
        return "arrays of more than two dimensions";
    if (srcIn.channels() > 4)
        return "more than 4 channels";
    const SepArithmetic a = resolveSepArithmetic(srcIn.type(), ddepth, kernelX, kernelY, anchor, delta);
    const ocl::Device& device = ocl::Device::getDefault();
    detail::OclDecline decline = detail::checkDoublePrecision(device, { a.sdepth, a.bufDepth, a.colDepth, a.ddepth });
    if (!decline.empty())
        return decline;

    UMat src = srcIn.getUMat();
    const Size ksize(a.kx.cols, a.ky.cols);
    detail::BorderGeometry geometry = detail::filterBorderGeometry(src, borderType, ksize, a.anchor, "sepFilter2D");
    UMat out;
    decline = detail::createCheckedOutput(
        "sepFilter2D", { &src }, dst, src.size(), CV_MAKETYPE(a.ddepth, a.cn), out);
    if (decline.empty())
        decline = detail::checkWholePixelRows({ &src, &out });
    if (!decline.empty())
        return decline;
    // The single passes and the direct kernel read neighbours that other groups may already have
    // written, as filter2D's kernels do: in place, they filter a copy of what they read. (The two
    // passes would not need it, but their kernels are long and rare in place.)
    if (detail::sharesMemory(src, out))
        src = detail::copyFilterSource(src, geometry, ksize, a.anchor);

    const int kxLen = a.kx.cols, kyLen = a.ky.cols;
    const size_t srcPixelBytes = detail::oclPixelBytes(a.sdepth, a.cn), bufPixelBytes = detail::oclPixelBytes(a.bufDepth, a.cn);

    const int cn = a.cn;
    // Tests of the paths the plan leaves to other kernels: the tiled single pass (FUSED) and the
    // two passes (TWO_PASS) for kernels the direct kernel would take.
    const bool forceTwoPass = utils::getConfigurationParameterBool("OPENCV_GPUCONV_SEPFILTER_TWO_PASS", false);
    const bool forceTiled = forceTwoPass || utils::getConfigurationParameterBool("OPENCV_GPUCONV_SEPFILTER_FUSED", false);
    const detail::SepFilterPlan tensorPlan = forceTiled || !allowTensor || !tensorComputes(a) ? detail::SepFilterPlan()
        : detail::planSepFilterTensor(device, src.size(), kxLen, kyLen);
    const detail::SepFilterPlan directPlan = forceTiled || tensorPlan.tensor ? detail::SepFilterPlan()
        : detail::planSepFilterDirect(device, src.size(), kxLen, kyLen, cn, srcPixelBytes, bufPixelBytes,
                                      detail::srcRowsOnVectors(src, geometry));
    // The direct kernel and the tensor cores' single pass are always built for their lengths; the
    // tiled single pass where the plan says so, and then for the symmetries too.
    const bool fixedTaps = tensorPlan.tensor || directPlan.direct || detail::planSepFilterFixedTaps(src.size(), kxLen, kyLen);
    const bool singlePassFixedTaps = fixedTaps && !directPlan.direct;
    const detail::SepFilterStrips strips =
        detail::planSepFilterStrips(bufPixelBytes, singlePassFixedTaps, std::max(kxLen, kyLen));

    uint64 key = 0;
    const bool keyFits = detail::packVariantKey(
        { { a.sdepth, 3 }, { a.bufDepth, 3 }, { a.colDepth, 3 }, { a.ddepth, 3 }, { cn, 3 },
          { a.colShift, 5 }, { strips.row, 4 }, { strips.col, 4 },
          { fixedTaps ? kxLen : 0, 6 },
          { fixedTaps ? kyLen : 0, 6 }, { singlePassFixedTaps ? a.symX : 0, 2 },
          { singlePassFixedTaps ? a.symY : 0, 2 }, { directPlan.directW, 4 }, { directPlan.directH, 4 },
          { (int)directPlan.vectorWindows, 1 },
          { tensorPlan.mma.tileH / 16, 3 }, { (int)tensorPlan.tensorNative, 1 } },
        key);
    const auto assembleOptions = [&] {
        using detail::oclConvertName;
        using detail::oclTypeName;
        std::string o = cv::format(
            "-D SRC_T1=%s -D CN=%d -D ST=%s -D BT=%s -D CT=%s -D DT1=%s -D DT=%s -D BKT=%s -D CKT=%s"
            " -D ST_TO_BT=%s -D BT_TO_CT=%s -D CT_TO_DT=%s",
            oclTypeName(a.sdepth).c_str(), cn, oclTypeName(a.sdepth, cn).c_str(),
            oclTypeName(a.bufDepth, cn).c_str(), oclTypeName(a.colDepth, cn).c_str(),
            oclTypeName(a.ddepth).c_str(), oclTypeName(a.ddepth, cn).c_str(),
            oclTypeName(a.bufDepth).c_str(), oclTypeName(a.colDepth).c_str(),
            oclConvertName(a.sdepth, a.bufDepth, cn).c_str(), oclConvertName(a.bufDepth, a.colDepth, cn).c_str(),
            oclConvertName(a.colDepth, a.ddepth, cn).c_str());
        if (a.colShift > 0)
            o += cv::format(" -D COL_SHIFT=%d", a.colShift);
        o += cv::format(" -D ROW_STRIP=%d -D COL_STRIP=%d", strips.row, strips.col);
        if (fixedTaps)
            o += cv::format(" -D FIXED_KX=%d -D FIXED_KY=%d", kxLen, kyLen);
        if (singlePassFixedTaps)
            o += cv::format(" -D FIXED_SX=%d -D FIXED_SY=%d", a.symX, a.symY);
        // The direct kernel's block: its registers are indexed by it.
        if (directPlan.direct)
            o += cv::format(" -D DIRECT_BW=%d -D DIRECT_BH=%d%s", directPlan.directW, directPlan.directH,
                            directPlan.vectorWindows ? " -D VECTOR_WINDOWS" : "");
        if (tensorPlan.tensor)
        {
            const detail::MmaTileLayout& l = tensorPlan.mma;
            o += cv::format(" -D MMA_TILE -D MMA_TW=%d -D MMA_TH=%d -D MMA_WARPS=%d -D MMA_KR=%d -D MMA_KC=%d"
                            " -D MMA_ROWS=%d -D MMA_COLS=%d -D MMA_PITCH=%d -D MMA_INTER=%d",
                            l.tileW, l.tileH, l.warps, l.rowSteps, l.colSteps, l.rows, l.cols, l.pitch, l.inter);
            if (tensorPlan.tensorNative)
                o += " -D NV_MMA";
        }
        return o + detail::oclCommonOptions(device);
    };
    CV_Assert(keyFits);  // every field is bounded: depths, 1-4 channels, strips, fixed lengths <= 32
    static detail::VariantOptionsCache optionsCache;
    const std::string& options = optionsCache.get(device, key, assembleOptions);

    // A driver may reject the tensor pass's inline PTX: the other kernels then take the case.
    if (tensorPlan.tensor && !tensorPlan.tensorForced &&
        kernelLimits(device, "sep_filter2d_mma", key, options).maxItems < tensorPlan.shape.local[0])
        return oclSepFilter2D(srcIn, dst, ddepth, kernelX, kernelY, anchor, delta, borderType, false);

    const detail::SepFilterPlan plan = tensorPlan.tensor ? tensorPlan : directPlan.direct ? directPlan : detail::planSepFilter(
        device, src.size(), kxLen, kyLen, srcPixelBytes, bufPixelBytes, strips,
        forceTwoPass ? detail::KernelLimits() : kernelLimits(device, "sep_filter2d_fused", key, options),
        kernelLimits(device, "sep_filter2d_rows", key, options), forceTwoPass);
    if (!plan.feasible)
        return cv::format("a %d-tap row kernel does not fit the device's local memory", kxLen);

    // Kernels built for their lengths take the coefficients by value; the others read them from
    // a buffer.
    const bool byValue = fixedTaps && (plan.direct || plan.singlePass);
    const UMat ukx = byValue ? UMat() : detail::deviceConstants(a.kx);
    const UMat uky = byValue ? UMat() : detail::deviceConstants(a.ky);
    const auto setCoefficients = [&](detail::KernelLaunch& k, int arg, const Mat& coefficients,
                                     const UMat& deviceCoefficients) {
        return byValue ? k.setBytes(arg, coefficients.ptr(), coefficients.total() * coefficients.elemSize())
                       : k.set(arg, ocl::KernelArg::PtrReadOnly(deviceCoefficients));
    };
    const int rows = src.rows, cols = src.cols;
    const auto setSource = [&](detail::KernelLaunch& k, int arg) {
        arg = detail::setBorderedSourceArgs(k, arg, src, geometry);
        arg = setCoefficients(k, arg, a.kx, ukx);
        arg = k.set(arg, kxLen);
        arg = k.set(arg, a.anchor.x);
        return k.set(arg, a.symX);
    };
    const auto setColumnPass = [&](detail::KernelLaunch& k, int arg) {
        arg = k.set(arg, ocl::KernelArg::WriteOnlyNoSize(out));
        arg = k.set(arg, rows);
        arg = k.set(arg, cols);
        arg = setCoefficients(k, arg, a.ky, uky);
        arg = k.set(arg, kyLen);
        arg = k.set(arg, a.anchor.y);
        arg = k.set(arg, a.symY);
        return setScalar(k, arg, a.colDepth, a.delta);
    };

    if (plan.direct || plan.tensor)
    {
        // Both take the single-pass arguments and nothing else.
        const char* name = plan.tensor ? "sep_filter2d_mma" : "sep_filter2d_direct";
        detail::KernelLaunch k(name, kernels::sep_filter2d(), options);
        if (k.empty())
            return cv::format("the %s kernel failed to build: ", name) + options;
        setColumnPass(k, setSource(k, 0));
        if (!k.enqueue(plan.shape))
            return cv::format("enqueueing the %s kernel failed", name);
        return detail::OclDecline();
    }

    if (plan.singlePass)
    {
        detail::KernelLaunch k("sep_filter2d_fused", kernels::sep_filter2d(), options);
        if (k.empty())
            return "the sep_filter2d_fused kernel failed to build: " + options;
        int arg = setColumnPass(k, setSource(k, 0));
        arg = k.set(arg, plan.srcPitch);
        arg = k.set(arg, plan.rowPitch);
        // Interior tiles are loaded by 16-byte words (the kernel's TILE_WORDS) where pixels divide
        // 16 bytes (not 3 channels, not 64FC4); every row starts on a whole pixel
        // (checkWholePixelRows).
        arg = k.set(arg, (int)(cn != 3 && 16 % src.elemSize() == 0));
        arg = k.set(arg, ocl::KernelArg::Local(plan.srcTileBytes));
        arg = k.set(arg, ocl::KernelArg::Local(plan.rowTileBytes));
        if (!k.enqueue(plan.shape))
            return "enqueueing the sep_filter2d_fused kernel failed";
        return detail::OclDecline();
    }

    detail::KernelLaunch rowPass("sep_filter2d_rows", kernels::sep_filter2d(), options);
    detail::KernelLaunch colPass("sep_filter2d_cols", kernels::sep_filter2d(), options);
    if (rowPass.empty() || colPass.empty())
        return "the two-pass sep_filter2d kernels failed to build: " + options;
    // Row-filtered source rows, vertical apron included; 3 channels padded to 4 like BT.
    decline = detail::checkAllocation(device, ((size_t)rows + kyLen - 1) * cols * detail::oclPixelBytes(a.bufDepth, cn),
                                      "row-filtered intermediate image");
    if (!decline.empty())
        return decline;
    UMat buf = detail::scratchImage(detail::SCRATCH_ROW_FILTERED, Size(cols, rows + kyLen - 1),
                                    CV_MAKETYPE(a.bufDepth, detail::oclVectorLanes(cn)));
    int arg = setSource(rowPass, 0);
    arg = rowPass.set(arg, ocl::KernelArg::WriteOnlyNoSize(buf));
    arg = rowPass.set(arg, buf.rows);
    arg = rowPass.set(arg, buf.cols);
    arg = rowPass.set(arg, a.anchor.y);
    arg = rowPass.set(arg, ocl::KernelArg::Local(plan.srcTileBytes));
    if (!rowPass.enqueue(plan.rowShape))
        return "enqueueing the sep_filter2d_rows kernel failed";
    setColumnPass(colPass, colPass.set(0, ocl::KernelArg::ReadOnlyNoSize(buf)));
    if (!colPass.enqueue(plan.shape))
        return "enqueueing the sep_filter2d_cols kernel failed";
    return detail::OclDecline();
}

} // namespace detail

void sepFilter2D(InputArray src, OutputArray dst, int ddepth, InputArray kernelX,
                 InputArray kernelY, Point anchor, double delta, int borderType)
{
    CV_INSTRUMENT_REGION();
    if (src.empty() || kernelX.empty() || kernelY.empty())
        CV_Error(Error::StsAssert, "gpuconv::sepFilter2D: the source and both kernels must not be empty");
    detail::runWithFallback(
        "sepFilter2D", { &dst },
        [&]() { return detail::oclSepFilter2D(src, dst, ddepth, kernelX, kernelY, anchor, delta, borderType); },
        [&]() {
            detail::filterOnTheCpu(src, dst, Size((int)kernelX.total(), (int)kernelY.total()), anchor, borderType,
                                   [&](InputArray s, OutputArray d, Point a, int border) {
                                       cv::sepFilter2D(s, d, ddepth, kernelX, kernelY, a, delta, border);
                                   });
        });
}

}} // namespace cv::gpuconv
