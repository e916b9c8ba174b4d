// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv {
namespace {

/** The depths of one cv::integral call, resolved and validated with cv::integral's rules. */
struct IntegralDepths
{
    int depth = -1, cn = 0, sdepth = -1, sqdepth = -1;
};

IntegralDepths resolveIntegralDepths(const _InputArray& src, int sdepth, int sqdepth)
{
    IntegralDepths d;
    const int type = src.type();
    d.depth = CV_MAT_DEPTH(type);
    d.cn = CV_MAT_CN(type);
    // cv::integral: defaults apply to non-positive values (CV_8U included); the squared-sum depth
    // takes part in the validation even when no squared sum is requested.
    d.sdepth = CV_MAT_DEPTH(sdepth <= 0 ? (d.depth == CV_8U ? CV_32S : CV_64F) : sdepth);
    d.sqdepth = CV_MAT_DEPTH(sqdepth <= 0 ? CV_64F : sqdepth);
    // The (source, sum, squared sum) depth combinations cv::hal::integral implements.
    static const int supported[][3] = {
        { CV_8U, CV_32S, CV_64F },  { CV_8U, CV_32S, CV_32F },  { CV_8U, CV_32S, CV_32S },
        { CV_8U, CV_32F, CV_64F },  { CV_8U, CV_32F, CV_32F },  { CV_8U, CV_64F, CV_64F },
        { CV_16U, CV_64F, CV_64F }, { CV_16S, CV_64F, CV_64F }, { CV_32F, CV_32F, CV_64F },
        { CV_32F, CV_32F, CV_32F }, { CV_32F, CV_64F, CV_64F }, { CV_64F, CV_64F, CV_64F },
    };
    for (const auto& s : supported)
        if (s[0] == d.depth && s[1] == d.sdepth && s[2] == d.sqdepth)
            return d;
    CV_Error_(Error::StsUnsupportedFormat,
              ("gpuconv::integral: unsupported combination of source depth %d, sdepth %d and "
               "sqdepth %d", d.depth, d.sdepth, d.sqdepth));
}

/** Bytes of one pixel of `cn` lanes of an OpenCL vector type of `depth` (3 lanes take 4). */
size_t oclPixelBytes(int depth, int cn)
{
    return (size_t)CV_ELEM_SIZE1(depth) * (cn == 3 ? 4 : cn);
}

/** Options shared by the integral kernels for a sum of `cn` lanes accumulated in `accDepth`
    and written as `outDepth`. */
std::string accumulatorOptions(int cn, int accDepth, int outDepth)
{
    using detail::oclAccumulatorTypeName;
    using detail::oclTypeName;
    // Wrapped 32-bit sums are stored with their bits unchanged.
    const std::string toOut = accDepth == CV_32S ? "as_" + oclTypeName(CV_32S, cn)
                                                 : detail::oclConvertName(accDepth, outDepth, cn);
    return cv::format(" -D CN=%d -D WT1=%s -D WTN=%s -D DT1=%s -D WT_TO_DT=%s", cn,
                      oclAccumulatorTypeName(accDepth).c_str(),
                      oclAccumulatorTypeName(accDepth, cn).c_str(), oclTypeName(outDepth).c_str(),
                      toOut.c_str());
}

/** Scratch array of `pixels` accumulator pixels for the kernels. */
UMat scratch(size_t pixels, int accDepth, int cn)
{
    const int lanes = cn == 3 ? 4 : cn;
    return UMat(1, (int)std::max<size_t>(1, pixels), CV_MAKETYPE(accDepth, lanes));
}

/** out = the integral (with its zero first row and column) of src, or of src squared, summed in
    the precision of outDepth (wrapping 32-bit integers for CV_32S). */
detail::OclDecline scanIntegral(const UMat& src, UMat& out, int outDepth, bool square)
{
    const ocl::Device& device = ocl::Device::getDefault();
    const int cn = src.channels(), depth = src.depth();
    const int accDepth = outDepth;
    const int rows = src.rows, cols = src.cols;
    const detail::TiledScanPlan plan =
        detail::planTiledScan(device, src.size(), oclPixelBytes(accDepth, cn));

    const bool doubles = device.doubleFPConfig() > 0;
    uint64 key = 0;
    for (int field : { depth, cn, accDepth, outDepth, (int)square, plan.tile, (int)doubles })
        key = key * 128 + (uint64)field;
    static detail::VariantOptionsCache optionsCache;
    const std::string& options = optionsCache.get(key, [&] {
        return cv::format("-D TILE=%d -D SRC_T1=%s -D SRC_TO_WT=%s%s", plan.tile,
                          detail::oclTypeName(depth).c_str(),
                          ("convert_" + detail::oclAccumulatorTypeName(accDepth, cn)).c_str(),
                          square ? " -D SQUARE" : "") +
               accumulatorOptions(cn, accDepth, outDepth) + detail::oclCommonOptions(device);
    });
    detail::KernelLaunch totals("integral_tile_totals", kernels::integral(), options);
    detail::KernelLaunch carries("integral_carries", kernels::integral(), options);
    detail::KernelLaunch tiles("integral_tiles", kernels::integral(), options);
    if (totals.empty() || carries.empty() || tiles.empty())
        return "the integral kernels failed to build: " + options;

    UMat rowTotals = scratch((size_t)plan.tilesX * rows, accDepth, cn);
    UMat colTotals = scratch((size_t)plan.tilesY * cols, accDepth, cn);
    UMat tileTotals = scratch((size_t)plan.tilesX * plan.tilesY, accDepth, cn);
    UMat corners = scratch((size_t)plan.tilesX * plan.tilesY, accDepth, cn);

    totals.args(ocl::KernelArg::ReadOnlyNoSize(src), rows, cols, ocl::KernelArg::PtrWriteOnly(rowTotals),
                ocl::KernelArg::PtrWriteOnly(colTotals), ocl::KernelArg::PtrWriteOnly(tileTotals));
    carries.args(ocl::KernelArg::PtrReadWrite(rowTotals), ocl::KernelArg::PtrReadWrite(colTotals),
                 ocl::KernelArg::PtrReadOnly(tileTotals), ocl::KernelArg::PtrWriteOnly(corners), rows,
                 cols, plan.tilesX, plan.tilesY);
    tiles.args(ocl::KernelArg::ReadOnlyNoSize(src), rows, cols, ocl::KernelArg::PtrReadOnly(rowTotals),
               ocl::KernelArg::PtrReadOnly(colTotals), ocl::KernelArg::PtrReadOnly(corners),
               ocl::KernelArg::WriteOnlyNoSize(out));
    if (!totals.enqueue(plan.tiles) || !carries.enqueue(plan.carries) || !tiles.enqueue(plan.tiles))
        return "enqueueing the integral kernels failed";
    return detail::OclDecline();
}

/** tilted = the integral of src rotated by 45 degrees, from the upright integral `upright`
    (accumulated in accDepth: wrapping 32-bit integers, or double). */
detail::OclDecline tiltedIntegral(const UMat& upright, int accDepth, UMat& tilted, int outDepth)
{
    const ocl::Device& device = ocl::Device::getDefault();
    const int cn = tilted.channels();
    const int rows = tilted.rows - 1, cols = tilted.cols - 1;
    uint64 key = 0;
    for (int field : { cn, accDepth, outDepth, (int)(device.doubleFPConfig() > 0) })
        key = key * 128 + (uint64)field;
    static detail::VariantOptionsCache optionsCache;
    const std::string& options = optionsCache.get(key, [&] {
        return " -D TILTED" + accumulatorOptions(cn, accDepth, outDepth) +
               detail::oclCommonOptions(device);
    });
    detail::KernelLaunch diagonalsKernel("integral_tilted_diagonals", kernels::integral(), options);
    detail::KernelLaunch combine("integral_tilted_combine", kernels::integral(), options);
    if (diagonalsKernel.empty() || combine.empty())
        return "the tilted integral kernels failed to build: " + options;

    const size_t count = (size_t)rows + cols + 1;
    UMat diagonals = scratch(2 * count * rows, accDepth, cn);
    diagonalsKernel.args(ocl::KernelArg::ReadOnlyNoSize(upright), rows, cols,
                         ocl::KernelArg::PtrWriteOnly(diagonals));
    combine.args(ocl::KernelArg::PtrReadOnly(diagonals), rows, cols,
                 ocl::KernelArg::WriteOnlyNoSize(tilted));
    if (!diagonalsKernel.enqueue(detail::planPerElement(2 * count)) ||
        !combine.enqueue(detail::planPerElement(cols + 1, rows + 1)))
        return "enqueueing the tilted integral kernels failed";
    return detail::OclDecline();
}

detail::OclDecline oclIntegral(const _InputArray& srcIn, const _OutputArray& sumOut,
                               const _OutputArray& sqsumOut, const _OutputArray& tiltedOut,
                               const IntegralDepths& d)
{
    if (srcIn.dims() > 2)
        return "arrays of more than two dimensions";
    if (d.cn > 4)
        return "more than 4 channels";
    const ocl::Device& device = ocl::Device::getDefault();
    const bool wantSq = sqsumOut.needed(), wantTilted = tiltedOut.needed();
    // The tilted sum subtracts diagonal prefix sums; in floating point they are kept in double
    // so that the cancellation stays far below float rounding.
    const bool tiltedInDouble = wantTilted && d.sdepth != CV_32S;
    for (int depth : { d.depth, d.sdepth, wantSq ? d.sqdepth : d.sdepth,
                       tiltedInDouble ? CV_64F : d.sdepth })
        if (!detail::oclSupportsDepth(device, depth))
            return "the OpenCL device has no double precision";

    UMat src = srcIn.getUMat();
    const Size isize(src.cols + 1, src.rows + 1);
    detail::OclDecline decline = detail::checkDeviceArrays("integral", { &src });
    // Outputs, and the scratch of the tilted sum (two diagonal prefix sums per row).
    const size_t pixels = (size_t)isize.width * isize.height;
    const size_t diagonals = 2 * ((size_t)src.rows + src.cols + 1) * src.rows;
    const struct { bool wanted; size_t bytes; const char* what; } allocations[] = {
        { true, pixels * CV_ELEM_SIZE(CV_MAKETYPE(d.sdepth, d.cn)), "sum" },
        { wantSq, pixels * CV_ELEM_SIZE(CV_MAKETYPE(d.sqdepth, d.cn)), "squared sum" },
        { wantTilted, pixels * CV_ELEM_SIZE(CV_MAKETYPE(d.sdepth, d.cn)), "tilted sum" },
        { wantTilted && d.sdepth == CV_32F, pixels * CV_ELEM_SIZE(CV_MAKETYPE(CV_64F, d.cn)), "double sum for the tilted sum" },
        { wantTilted, diagonals * oclPixelBytes(tiltedInDouble ? CV_64F : d.sdepth, d.cn), "tilted sum's diagonal scratch" },
    };
    for (const auto& a : allocations)
        if (decline.empty() && a.wanted)
            decline = detail::checkAllocation(device, a.bytes, a.what);
    if (!decline.empty())
        return decline;
    sumOut.create(isize, CV_MAKETYPE(d.sdepth, d.cn));
    UMat sum = sumOut.getUMat(), sqsum, tilted;
    if (wantSq)
    {
        sqsumOut.create(isize, CV_MAKETYPE(d.sqdepth, d.cn));
        sqsum = sqsumOut.getUMat();
    }
    if (wantTilted)
    {
        tiltedOut.create(isize, CV_MAKETYPE(d.sdepth, d.cn));
        tilted = tiltedOut.getUMat();
    }
    decline = detail::checkDeviceArrays("integral", { &sum, &sqsum, &tilted });
    if (!decline.empty())
        return decline;
    if (src.empty())
    {
        // cv::integral of an empty image: a single zero.
        for (UMat* out : { &sum, &sqsum, &tilted })
            if (!out->empty())
                out->setTo(Scalar::all(0));
        return detail::OclDecline();
    }

    decline = scanIntegral(src, sum, d.sdepth, false);
    if (decline.empty() && wantSq)
        decline = scanIntegral(src, sqsum, d.sqdepth, true);
    if (decline.empty() && wantTilted)
    {
        UMat upright = sum;
        if (d.sdepth == CV_32F)
        {
            upright.create(isize, CV_MAKETYPE(CV_64F, d.cn));
            decline = scanIntegral(src, upright, CV_64F, false);
        }
        if (decline.empty())
            decline = tiltedIntegral(upright, d.sdepth == CV_32S ? CV_32S : CV_64F, tilted, d.sdepth);
    }
    return decline;
}

void integralImpl(const _InputArray& src, const _OutputArray& sum, const _OutputArray& sqsum,
                  const _OutputArray& tilted, int sdepth, int sqdepth)
{
    const IntegralDepths d = resolveIntegralDepths(src, sdepth, sqdepth);
    detail::runWithFallback(
        "integral", sum, [&]() { return oclIntegral(src, sum, sqsum, tilted, d); },
        [&]() { cv::integral(src, sum, sqsum, tilted, d.sdepth, d.sqdepth); });
}

} // namespace

void integral(InputArray src, OutputArray sum, int sdepth)
{
    CV_INSTRUMENT_REGION();
    integralImpl(src, sum, noArray(), noArray(), sdepth, -1);
}

void integral(InputArray src, OutputArray sum, OutputArray sqsum, int sdepth, int sqdepth)
{
    CV_INSTRUMENT_REGION();
    integralImpl(src, sum, sqsum, noArray(), sdepth, sqdepth);
}

void integral(InputArray src, OutputArray sum, OutputArray sqsum, OutputArray tilted, int sdepth,
              int sqdepth)
{
    CV_INSTRUMENT_REGION();
    integralImpl(src, sum, sqsum, tilted, sdepth, sqdepth);
}

}} // namespace cv::gpuconv
