// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv {
namespace {

/** The arithmetic of one cv::addWeighted call, decided the way cv::arithm_op decides it. */
struct WeightedSum
{
    int depth1 = -1;        //!< depth of the array operand
    int depth2 = -1;        //!< depth of the second operand (of the scalar when it is one)
    int workDepth = -1;     //!< both operands are converted to it; the sum saturates to it
    int accDepth = -1;      //!< precision of alpha, beta, gamma and of the fused multiply-adds
    int dstDepth = -1;
    int cn = 0;
    bool src2IsScalar = false;
    bool swapped = false;   //!< src1 was the scalar: it keeps alpha, the array keeps beta
};

// cv::checkScalar (core/src/precomp.hpp), which is not exported.
bool isScalarOperand(const _InputArray& sc, int arrayType, _InputArray::KindFlag scKind,
                     _InputArray::KindFlag arrayKind)
{
    if (sc.dims() > 2 || !sc.isContinuous())
        return false;
    const Size sz = sc.size();
    if (sz.width != 1 && sz.height != 1)
        return false;
    const int cn = CV_MAT_CN(arrayType);
    if (arrayKind == _InputArray::MATX && scKind != _InputArray::MATX)
        return false;
    return sz == Size(1, 1) || sz == Size(1, cn) || sz == Size(cn, 1) ||
           (sz == Size(1, 4) && sc.type() == CV_64F && cn <= 4);
}

/** Validates the operands with cv::addWeighted's rules and errors, and derives its arithmetic.
    Swaps the operands when src1 is the scalar, as cv:: does. */
WeightedSum resolveWeightedSum(const _InputArray*& psrc1, const _InputArray*& psrc2,
                               const _OutputArray& dst, int dtype)
{
    const _InputArray::KindFlag kind1 = psrc1->kind(), kind2 = psrc2->kind();
    int type1 = psrc1->type(), type2 = psrc2->type();
    const int dims1 = psrc1->dims(), dims2 = psrc2->dims();
    const Size sz1 = dims1 <= 2 ? psrc1->size() : Size(), sz2 = dims2 <= 2 ? psrc2->size() : Size();
    const int cn1 = CV_MAT_CN(type1), cn2 = CV_MAT_CN(type2);
    const bool src1Scalar = isScalarOperand(*psrc1, type2, kind1, kind2);
    const bool src2Scalar = isScalarOperand(*psrc2, type1, kind2, kind1);

    WeightedSum ws;
    ws.depth1 = CV_MAT_DEPTH(type1);
    ws.depth2 = CV_MAT_DEPTH(type2);
    ws.cn = cn1;
    if ((kind1 == kind2 || cn1 == 1) && sz1 == sz2 && dims1 <= 2 && dims2 <= 2 && type1 == type2 &&
        ((!dst.fixedType() && (dtype < 0 || CV_MAT_DEPTH(dtype) == ws.depth1)) ||
         (dst.fixedType() && dst.type() == type1)) &&
        src1Scalar == src2Scalar)
    {
        ws.workDepth = ws.dstDepth = ws.depth1;
    }
    else
    {
        if (dims1 != dims2 || sz1 != sz2 || cn1 != cn2 ||
            (kind1 == _InputArray::MATX && (sz1 == Size(1, 4) || sz1 == Size(1, 1))) ||
            (kind2 == _InputArray::MATX && (sz2 == Size(1, 4) || sz2 == Size(1, 1))))
        {
            if (type1 == CV_64F && (sz1.height == 1 || sz1.height == 4) && src1Scalar)
            {
                std::swap(psrc1, psrc2);
                std::swap(type1, type2);
                std::swap(ws.depth1, ws.depth2);
                ws.cn = cn2;
                ws.swapped = true;
            }
            else if (!src2Scalar)
                CV_Error(Error::StsUnmatchedSizes,
                         "gpuconv::addWeighted: the operation is neither 'array op array' (where "
                         "arrays have the same size and the same number of channels), nor 'array "
                         "op scalar', nor 'scalar op array'");
            ws.src2IsScalar = true;
            const Size scSize = psrc2->size();
            CV_CheckType(type2, type2 == CV_64F && (scSize.height == 1 || scSize.height == 4),
                         "gpuconv::addWeighted: a scalar operand must be CV_64F");
            ws.depth2 = CV_64F;  // addWeighted is a "muldiv" operation for cv::arithm_op
        }
        if (dtype < 0)
        {
            if (dst.fixedType())
                dtype = dst.type();
            else
            {
                if (!ws.src2IsScalar && type1 != type2)
                    CV_Error(Error::StsBadArg,
                             "gpuconv::addWeighted: src1 and src2 have different types, so the "
                             "output type (dtype) must be given explicitly");
                dtype = type1;
            }
        }
        ws.dstDepth = CV_MAT_DEPTH(dtype);
        // cv::arithm_op's rule for its "muldiv" operations, addWeighted among them.
        ws.workDepth = ws.depth1 == ws.depth2 && ws.dstDepth == ws.depth1
                           ? ws.dstDepth
                           : std::max(std::max(ws.depth1, ws.depth2), std::max(ws.dstDepth, (int)CV_32F));
    }
    CV_CheckDepth(ws.dstDepth, ws.dstDepth >= CV_8U && ws.dstDepth <= CV_64F,
                  "gpuconv::addWeighted: unsupported output depth");
    CV_CheckDepth(ws.depth1, ws.depth1 >= CV_8U && ws.depth1 <= CV_64F,
                  "gpuconv::addWeighted: unsupported input depth");
    // cv::hal::addWeighted8u..16s weigh in float; 32s, 32f and 64f in double (add_weighted_loop_d),
    // 32f rounding the double sum to float.
    ws.accDepth = ws.workDepth >= CV_32S ? CV_64F : CV_32F;
    return ws;
}

/** The scalar operand's value for each of the ws.cn channels (cv:: takes any count), converted to
    the working type as cv:: converts it, then to `accDepth`: one row, the kernel's by-value
    argument. */
Mat scalarOperand(const Mat& scalar, const WeightedSum& ws, int accDepth)
{
    const int scn = (int)scalar.total();
    Mat work, perChannel;
    Mat(1, std::min(ws.cn, scn), CV_64F, (void*)scalar.ptr<double>()).convertTo(work, ws.workDepth);
    if (scn == 1)
        work = cv::repeat(work, 1, ws.cn);
    work.convertTo(perChannel, accDepth);
    return perChannel;
}

/** `psrc1` and `psrc2` as resolveWeightedSum left them: the array first. */
detail::OclDecline oclAddWeighted(const _InputArray* psrc1, double alpha, const _InputArray* psrc2, double beta,
                                  double gamma, const _OutputArray& dst, const WeightedSum& ws)
{
    if (psrc1->dims() > 2)
        return "arrays of more than two dimensions";
    const ocl::Device& device = ocl::Device::getDefault();
    // Without doubles, 32F work weighs in float: float results stay within their tolerance, and
    // integer ones differ from cv::'s by one at most, where the exact sum is a tie.
    const int accDepth = ws.workDepth == CV_32F && !detail::oclDeviceHasDoubles(device) ? CV_32F : ws.accDepth;
    detail::OclDecline decline = detail::checkDoublePrecision(device, { ws.depth1, ws.depth2, accDepth, ws.dstDepth });
    if (!decline.empty())
        return decline;

    UMat src1 = psrc1->getUMat();
    UMat src2 = ws.src2IsScalar ? UMat() : psrc2->getUMat();
    // The scalar's channel values go by value, as the kernel's last argument.
    const Mat scalar = ws.src2IsScalar ? scalarOperand(psrc2->getMat(), ws, accDepth) : Mat();
    const size_t scalarBytes = scalar.total() * scalar.elemSize();
    // Room for the other arguments beside the values.
    if (scalarBytes + 256 > device.maxParameterSize())
        return cv::format("a scalar of %d channels, more than the kernel's arguments can hold", ws.cn);
    UMat out;
    decline = detail::createCheckedOutput(
        "addWeighted", { &src1, &src2 }, dst, src1.size(), CV_MAKETYPE(ws.dstDepth, ws.cn), out);
    if (!decline.empty())
        return decline;
    if (src1.empty())
        return detail::OclDecline();

    int rows = src1.rows, rowElements = src1.cols * ws.cn;
    if (src1.isContinuous() && out.isContinuous() && (ws.src2IsScalar || src2.isContinuous()))
    {
        rowElements *= rows;
        rows = 1;
    }
    const size_t widestElemSize = std::max(std::max(src1.elemSize1(), out.elemSize1()),
                                           ws.src2IsScalar ? (size_t)1 : src2.elemSize1());
    const detail::ElementwisePlan plan = detail::planElementwise(device, rows, rowElements, widestElemSize);

    const int scalarOperand = !ws.src2IsScalar ? 0 : ws.swapped ? 1 : 2;
    // The channel count shapes the program only through the scalar (CV_CN_MAX is 512).
    uint64 key = 0;
    const bool keyFits = detail::packVariantKey(
        { { ws.depth1, 3 }, { ws.depth2, 3 }, { ws.workDepth, 3 }, { accDepth, 3 }, { ws.dstDepth, 3 },
          { scalarOperand ? ws.cn : 0, 10 }, { scalarOperand, 2 }, { plan.vectorWidth, 5 } },
        key);
    CV_Assert(keyFits);
    static detail::VariantOptionsCache optionsCache;
    const std::string& options = optionsCache.get(device, key, [&] {
        const int vec = plan.vectorWidth;
        using detail::oclConvertName;
        using detail::oclTypeName;
        std::string o = cv::format(
            "-D T1=%s -D T2=%s -D AT=%s -D DT=%s -D T1V=%s -D T2V=%s -D ATV=%s -D DTV=%s"
            " -D SRC1_TO_WT=%s -D SRC2_TO_WT=%s -D WT_TO_AT=%s -D AT_TO_WT=%s -D WT_TO_DT=%s",
            oclTypeName(ws.depth1).c_str(), oclTypeName(ws.depth2).c_str(),
            oclTypeName(accDepth).c_str(), oclTypeName(ws.dstDepth).c_str(),
            oclTypeName(ws.depth1, vec).c_str(), oclTypeName(ws.depth2, vec).c_str(),
            oclTypeName(accDepth, vec).c_str(), oclTypeName(ws.dstDepth, vec).c_str(),
            oclConvertName(ws.depth1, ws.workDepth, vec).c_str(),
            oclConvertName(ws.depth2, ws.workDepth, vec).c_str(),
            oclConvertName(ws.workDepth, accDepth, vec).c_str(),
            oclConvertName(accDepth, ws.workDepth, vec).c_str(),
            oclConvertName(ws.workDepth, ws.dstDepth, vec).c_str());
        if (scalarOperand)
            o += cv::format(" -D SCALAR_OPERAND=%d -D CN=%d", scalarOperand, ws.cn);
        return o + plan.buildOptions() + detail::oclCommonOptions(device);
    });

    detail::KernelLaunch kernel("add_weighted", kernels::add_weighted(), options);
    if (kernel.empty())
        return "the add_weighted kernel failed to build: " + options;

    int arg = 0;
    arg = kernel.set(arg, ocl::KernelArg::ReadOnlyNoSize(src1));
    if (!ws.src2IsScalar)
        arg = kernel.set(arg, ocl::KernelArg::ReadOnlyNoSize(src2));
    arg = kernel.set(arg, ocl::KernelArg::WriteOnlyNoSize(out));
    arg = kernel.set(arg, rows);
    arg = kernel.set(arg, rowElements);
    if (accDepth == CV_32F)
    {
        for (double v : { alpha, beta, gamma })
            arg = kernel.set(arg, (float)v);
    }
    else
    {
        for (double v : { alpha, beta, gamma })
            arg = kernel.set(arg, v);
    }
    if (ws.src2IsScalar)
        arg = kernel.setBytes(arg, scalar.ptr(), scalarBytes);
    if (!kernel.enqueue(plan.shape))
        return "enqueueing the add_weighted kernel failed";
    return detail::OclDecline();
}

} // namespace

void addWeighted(InputArray src1, double alpha, InputArray src2, double beta, double gamma,
                 OutputArray dst, int dtype)
{
    CV_INSTRUMENT_REGION();
    // Validated before the path is chosen: cv::addWeighted of CV_16F arrays into CV_16F calls a
    // function OpenCV 4.6 does not have, and crashes.
    const _InputArray* psrc1 = &src1;
    const _InputArray* psrc2 = &src2;
    const WeightedSum ws = resolveWeightedSum(psrc1, psrc2, dst, dtype);
    detail::runWithFallback(
        "addWeighted", { &dst },
        [&]() { return oclAddWeighted(psrc1, alpha, psrc2, beta, gamma, dst, ws); },
        [&]() { cv::addWeighted(src1, alpha, src2, beta, gamma, dst, dtype); });
}

}} // namespace cv::gpuconv
