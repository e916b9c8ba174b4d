// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv {
namespace {

using detail::oclPixelBytes;

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

/** Whether sums into `depth` accumulate in 64-bit integers, stored as the bits of the nearest
    doubles (opencl/integral.cl, f64_bits_of_long): CV_64F sums (and the tilted sum's diagonal
    sums) on a device without double precision, which oclIntegral admits for integer images only,
    whose sums those integers hold exactly (and so the doubles cv:: adds up, below 2^53). */
bool longSums(int depth)
{
    return depth == CV_64F && !detail::oclDeviceHasDoubles(ocl::Device::getDefault());
}

/** The OpenCL type, of `lanes` lanes, that sums into `depth` accumulate in. */
std::string accumulatorTypeName(int depth, int lanes = 1)
{
    if (longSums(depth))
        return lanes == 1 ? "long" : cv::format("long%d", lanes);
    return detail::oclAccumulatorTypeName(depth, lanes);
}

/** Options shared by the integral kernels for a sum of `cn` lanes accumulated in `accDepth`
    and written as `outDepth`, named with `prefix` (WTN, DT1, WT_TO_DT; WT1 without prefix). */
std::string accumulatorOptions(int cn, int accDepth, int outDepth, const char* prefix = "")
{
    using detail::oclTypeName;
    // Wrapped 32-bit sums are stored with their bits unchanged; 64-bit integer ones as doubles'
    // bits, or converted to float (the tilted sum into CV_32F).
    CV_Assert(!longSums(accDepth) || outDepth >= CV_32F);
    const bool doubleBits = longSums(accDepth) && outDepth == CV_64F;
    const std::string toOut = accDepth == CV_32S ? "as_" + oclTypeName(CV_32S, cn)
                              : doubleBits ? std::string("f64_bits_of_long")
                                           : detail::oclConvertName(accDepth, outDepth, cn);
    return cv::format(" -D %sWTN=%s -D %sDT1=%s -D %sWT_TO_DT=%s", prefix,
                      accumulatorTypeName(accDepth, cn).c_str(), prefix,
                      doubleBits ? "ulong" : oclTypeName(outDepth).c_str(), prefix, toOut.c_str()) +
           (*prefix ? std::string()
                    : cv::format(" -D CN=%d -D WT1=%s", cn, accumulatorTypeName(accDepth).c_str()));
}

/** Scratch memory of at least `pixels` accumulator pixels. */
UMat scratch(detail::ScratchSlot slot, size_t pixels, int accDepth, int cn)
{
    return detail::scratchBytes(slot, pixels * oclPixelBytes(accDepth, cn));
}

/** Whether the scan kernels may read source pixels and write output pixels as whole vectors of
    `cn` lanes (2 or 4; a 3-lane vector would take 4 elements). */
bool pixelsAligned(int cn, std::initializer_list<const UMat*> arrays)
{
    if (cn != 2 && cn != 4)
        return false;
    std::vector<detail::ArrayLayout> layouts;
    int rows = 0;
    for (const UMat* m : arrays)
        if (!m->empty())
        {
            layouts.push_back(detail::ArrayLayout::of(*m));
            rows = std::max(rows, m->rows);
        }
    return detail::rowsStartOnVectors(rows, cn, layouts);
}

/** The look-back's slots of `tileCount` tiles (the single pass's and the tilted sum's): per tile
    two chains of tile + 1 lanes (the single pass's corner chain in its column chain's last lane),
    each a value of `depth` x cn whose 32-bit words take 64 bits with their tag
    (opencl/common/integral_tile.cl). Zeroed when allocated: the atomic exchanges that
    publish values read the old contents, which memory checkers (oclgrind) would report as
    uninitialised. */
UMat lookBackSlots(detail::ScratchSlot slot, size_t tileCount, int tile, int depth, int cn)
{
    return detail::scratchBytes(slot, tileCount * 2 * (size_t)(tile + 1) * 2 * oclPixelBytes(depth, cn), true);
}

/** The look-back's flags: the tile ticket (opencl/integral.cl, take_ticket), zeroed once. */
UMat lookBackFlags()
{
    return detail::scratchBytes(detail::SCRATCH_LOOK_BACK_FLAGS, sizeof(unsigned), true);
}

/** The epoch of the next single-pass launch. The look-back buffers (flags, carries) are zeroed
    when allocated and then told apart by epoch, which the launches count, so they need no
    clearing per call; when the epoch (30 bits in a word's tag) wraps, they are dropped, to be
    allocated (zeroed) again. Per thread, as the buffers are (scratch.hpp). */
unsigned nextLookBackEpoch()
{
    thread_local unsigned epoch = 0;
    if (++epoch >= (1u << 30))
    {
        for (detail::ScratchSlot slot : { detail::SCRATCH_LOOK_BACK_CARRIES, detail::SCRATCH_LOOK_BACK_SQ_CARRIES,
                                          detail::SCRATCH_TILTED_LOOK_BACK_CARRIES, detail::SCRATCH_LOOK_BACK_FLAGS })
            detail::releaseScratch(slot);
        epoch = 1;
    }
    return epoch;
}

/** Whether the squared sum shares the sum's single pass: one-channel 8-bit images with 32-bit
    sums, whose tiles of both fit 8 bytes a pixel (the squared sum's tile in 32-bit integers: a
    tile's sums of squares, at most 64 x 64 x 255^2, fit exactly, and integer scans cost less than
    those of its accumulator). Others scan the squares in a pass of their own: their tiles
    together would take smaller tiles, and so more of them. */
bool squaresShareThePass(int depth, int cn, int sdepth)
{
    return depth == CV_8U && oclPixelBytes(sdepth, cn) + oclPixelBytes(CV_32S, cn) <= 8;
}

/** The depth of the three launches' carried tiles in local memory (ROW_LTN), and of the single
    pass's tile for the sum alone (scanPass); -1 for the accumulator's type. For 8-bit images, one
    that holds a tile row's sum exactly and takes less room than the accumulator, where that lets
    more groups share a compute unit: 16-bit integers (tiles of up to 64 pixels: at most 64 x 255)
    for accumulators of 16 bytes a pixel or more (3 and 4 channels of 32-bit sums), 32-bit ones for
    squares (64 x 255^2; integer adds, not double ones); else the accumulator. (H200, s37f: 4K 8UC4
    into 32-bit sums 87.1-87.2 device us against 94.3-94.8, 8UC3 89.7-91.2 against 98.9-99.0; one
    channel in 16 bits was slower, 40.0-42.2 against 38.9-39.5 for 8UC1, whose groups already
    fill a compute unit; docs/PERFORMANCE.md, integral.) Not for 8S into 32-bit sums, whose
    accumulator is unsigned (wrapping like cv::'s): negative values would not convert. */
int rowPrefixDepth(int depth, bool square, int sdepth, int cn)
{
    const bool narrowable = depth == CV_8U || (depth == CV_8S && (square || sdepth != CV_32S));
    if (narrowable && square)
        return CV_32S;
    if (narrowable && oclPixelBytes(sdepth, cn) >= 16)
        return depth == CV_8U ? CV_16U : CV_16S;
    return -1;
}

/** rowPrefixDepth's type, or the accumulator's. */
std::string rowPrefixTypeName(int depth, bool square, int sdepth, int cn)
{
    const int rowDepth = rowPrefixDepth(depth, square, sdepth, cn);
    return rowDepth >= 0 ? detail::oclTypeName(rowDepth, cn) : accumulatorTypeName(sdepth, cn);
}

/** Build options of the scan kernels for a source of `depth`, `cn` channels and the plan's
    tiles: the sum in sdepth (with `square` the sum of squares); with sqdepth >= 0 the squared
    sum too (single pass, where squaresShareThePass); `narrowRows`: the single pass's tile in rowPrefixTypeName's type (scanPass). */
const std::string& scanOptions(const ocl::Device& device, int depth, int cn, int sdepth, int sqdepth,
                               bool square, bool aligned, const detail::TiledScanPlan& plan,
                               const detail::TiltedInPassPlan& withTilted = detail::TiltedInPassPlan(),
                               bool narrowRows = false)
{
    uint64 key = 0;
    // 7 fields of 7 bits, then the look-back's or the carries' 7 bits (56 in all); the channels'
    // field carries narrowRows in its bit 3 (cn is 1..4).
    for (int field : { depth, cn + 8 * (int)narrowRows, sdepth, sqdepth + 1,
                       (int)square + 2 * (int)plan.evictFirstStores + 4 * (int)aligned + 8 * (int)plan.singlePass +
                           32 * (int)withTilted.joins +
                           64 * (int)(withTilted.maxRegisters > 0),
                       plan.tile, plan.segments })
        key = key * 128 + (uint64)field;
    // The look-back's shape, 7 bits: plain words (1 bit), tickets by group order (1 bit) and batch
    // (1 .. 8, 3 bits); for the three launches the carries' segments (1 .. 8, 4 bits) and the log2
    // of their lanes per work-group (CARRY_LANES, a power of two up to 32, 3 bits).
    int lanesLog2 = 0;
    while (((size_t)2 << lanesLog2) <= plan.carries.local[0])
        ++lanesLog2;
    CV_Assert(plan.singlePass || (plan.carrySegments > 0 && plan.carrySegments <= 8 &&
                                  plan.carries.local[0] == ((size_t)1 << lanesLog2) && lanesLog2 <= 5));
    key = key * 128 + (plan.singlePass ? (uint64)(64 * (int)plan.plainLookBack + 8 * (int)plan.groupOrderTickets +
                                                  plan.lookBackBatch - 1)
                                       : (uint64)(plan.carrySegments + 16 * lanesLog2));
    static detail::VariantOptionsCache optionsCache;
    return optionsCache.get(device, key, [&] {
        std::string o = cv::format("-D TILE=%d -D SEGMENTS=%d -D SRC_T1=%s -D SRC_TO_WT=convert_%s%s",
                                   plan.tile, plan.segments, detail::oclTypeName(depth).c_str(),
                                   accumulatorTypeName(sdepth, cn).c_str(),
                                   square ? " -D SQUARE" : "") +
                        accumulatorOptions(cn, sdepth, sdepth) + (aligned ? " -D ALIGNED" : "") +
                        (plan.evictFirstStores ? " -D EVICT_FIRST_STORES" : "");
        const std::string rowType = rowPrefixTypeName(depth, square, sdepth, cn);
        const std::string rowOptions = cv::format(" -D ROW_LTN=%s -D WT_TO_ROW_LT=convert_%s -D ROW_LT_TO_WT=convert_%s",
                                                  rowType.c_str(), rowType.c_str(),
                                                  accumulatorTypeName(sdepth, cn).c_str());
        if (plan.singlePass)
        {
            if (narrowRows)
                o += rowOptions;
            o += cv::format(" -D SINGLE_PASS -D LOOK_BACK_BATCH=%d%s%s", plan.lookBackBatch,
                            plan.plainLookBack ? " -D PLAIN_LOOK_BACK" : "",
                            plan.groupOrderTickets ? " -D GROUP_ORDER_TICKETS" : "");
            if (withTilted.joins)
                o += cv::format(" -D WITH_TILTED -D BAND=%d -D TILTED_LAG=%d", plan.tile / 2, withTilted.lag);
            if (withTilted.maxRegisters > 0)
                o += cv::format(" -cl-nv-maxrregcount=%d", withTilted.maxRegisters);
        }
        else
        {
            o += cv::format(" -D CARRY_LANES=%d -D CARRY_SEGMENTS=%d%s", (int)plan.carries.local[0], plan.carrySegments,
                            rowPrefixDepth(depth, square, sdepth, cn) < 0 ? " -D ROWS_SEEDED" : "") +
                 rowOptions;
        }
        if (sqdepth >= 0)
        {
            const std::string sqAcc = accumulatorTypeName(sqdepth, cn);
            const std::string tileType = detail::oclTypeName(CV_32S, cn);
            o += " -D SQSUM" + accumulatorOptions(cn, sqdepth, sqdepth, "SQ_") +
                 cv::format(" -D SQ_LTN=%s -D WT_TO_SQ_LT=convert_%s -D SQ_LT_TO_WT=convert_%s",
                            tileType.c_str(), tileType.c_str(), sqAcc.c_str());
        }
        return o + detail::oclCommonOptions(device);
    });
}

/** out = the integral of src (or of src squared) in outDepth in three launches: tile totals, their
    scans (the carries), the tiles. */
detail::OclDecline scanWithCarries(const UMat& src, UMat& out, int outDepth, bool square)
{
    const ocl::Device& device = ocl::Device::getDefault();
    const int cn = src.channels(), rows = src.rows, cols = src.cols;
    const detail::TiledScanPlan plan =
        detail::planTiledScan(device, src.size(), oclPixelBytes(outDepth, cn), false);
    const std::string& options = scanOptions(device, src.depth(), cn, outDepth, -1, square,
                                             pixelsAligned(cn, { &src, &out }), plan);
    detail::KernelLaunch totals("integral_tile_totals", kernels::integral(), options);
    detail::KernelLaunch carries("integral_carries", kernels::integral(), options);
    detail::KernelLaunch tiles("integral_carried_tiles", kernels::integral(), options);
    if (totals.empty() || carries.empty() || tiles.empty())
        return "the integral kernels failed to build: " + options;

    UMat rowTotals = scratch(detail::SCRATCH_ROW_TOTALS, (size_t)plan.tilesX * rows, outDepth, cn);
    UMat colTotals = scratch(detail::SCRATCH_COL_TOTALS, (size_t)plan.tilesY * cols, outDepth, cn);
    UMat tileSums = scratch(detail::SCRATCH_TILE_SUMS, (size_t)plan.tilesX * plan.tilesY, outDepth, cn);
    totals.args(ocl::KernelArg::ReadOnlyNoSize(src), rows, cols, ocl::KernelArg::PtrWriteOnly(rowTotals),
                ocl::KernelArg::PtrWriteOnly(colTotals), ocl::KernelArg::PtrWriteOnly(tileSums));
    carries.args(ocl::KernelArg::PtrReadWrite(rowTotals), ocl::KernelArg::PtrReadWrite(colTotals),
                 ocl::KernelArg::PtrReadWrite(tileSums), rows, cols, plan.tilesX, plan.tilesY);
    tiles.args(ocl::KernelArg::ReadOnlyNoSize(src), rows, cols, ocl::KernelArg::PtrReadOnly(rowTotals),
               ocl::KernelArg::PtrReadOnly(colTotals), ocl::KernelArg::PtrReadOnly(tileSums),
               ocl::KernelArg::WriteOnlyNoSize(out));
    if (!totals.enqueue(plan.tiles) || !carries.enqueue(plan.carries) || !tiles.enqueue(plan.tiles))
        return "enqueueing the integral kernels failed";
    return detail::OclDecline();
}

/** The tilted sum offered to a pass (scanPass), in the sum's depth: its output and plan; `done`
    once the pass has computed it. */
struct TiltedInPass
{
    UMat out;
    detail::TiltedScanPlan plan;
    bool done = false;
};

/** out = the integral (with its zero first row and column) of src (or of src squared where
    `square`) in the precision of outDepth (wrapping 32-bit integers for CV_32S), and sqsum (unless
    empty; only where squaresShareThePass) that of src squared in sqdepth: in one launch where the
    plan says so, else in three per output. `tilted` (unless null): the tilted sum too, where it can join the
    one launch (planTiltedInPass). */
detail::OclDecline scanPass(const UMat& src, UMat& out, int outDepth, UMat& sqsum, int sqdepth, bool square,
                            TiltedInPass* tilted = nullptr)
{
    const ocl::Device& device = ocl::Device::getDefault();
    const int cn = src.channels(), depth = src.depth();
    const bool withSq = !sqsum.empty();
    CV_Assert(!withSq || (!square && squaresShareThePass(depth, cn, outDepth)));
    const int rows = src.rows, cols = src.cols;
    // The local tiles hold both outputs (the squares' as 32-bit integers). The sum alone (no
    // squared or tilted sum beside it) keeps its tile's rows in rowPrefixDepth's type where that
    // is narrower than the sum's: 8-bit images of 16-byte sums and more, whose tiles of 64 then
    // fit (H200, 1080p 8UC4: docs/PERFORMANCE.md, integral, s38c).
    const size_t sumBytes = oclPixelBytes(outDepth, cn) + (withSq ? oclPixelBytes(CV_32S, cn) : 0);
    const int rowDepth = withSq || square || tilted ? -1 : rowPrefixDepth(depth, false, outDepth, cn);
    const bool narrowRows = rowDepth >= 0;
    const detail::TiledScanPlan plan =
        detail::planTiledScan(device, src.size(), sumBytes, true, narrowRows ? oclPixelBytes(rowDepth, cn) : 0);

    if (!plan.singlePass)
    {
        detail::OclDecline decline = scanWithCarries(src, out, outDepth, square);
        if (decline.empty() && withSq)
            decline = scanWithCarries(src, sqsum, sqdepth, true);
        return decline;
    }
    const detail::TiltedInPassPlan withTilted =
        tilted ? detail::planTiltedInPass(device, plan, tilted->plan) : detail::TiltedInPassPlan();
    const std::string& options =
        scanOptions(device, depth, cn, outDepth, withSq ? sqdepth : -1, square,
                    pixelsAligned(cn, { &src, &out, &sqsum }), plan, withTilted, narrowRows);
    detail::KernelLaunch tiles("integral_tiles", kernels::integral(), options);
    if (tiles.empty())
        return "the integral kernel failed to build: " + options;

    const unsigned epoch = nextLookBackEpoch();
    const size_t tileCount = (size_t)plan.tilesX * plan.tilesY;
    UMat carries = lookBackSlots(detail::SCRATCH_LOOK_BACK_CARRIES, tileCount, plan.tile, outDepth, cn);
    UMat flags = lookBackFlags();
    UMat sqCarries = withSq ? lookBackSlots(detail::SCRATCH_LOOK_BACK_SQ_CARRIES, tileCount, plan.tile, sqdepth, cn)
                            : UMat();
    int i = tiles.set(0, ocl::KernelArg::ReadOnlyNoSize(src));
    i = tiles.set(i, rows);
    i = tiles.set(i, cols);
    i = tiles.set(i, ocl::KernelArg::WriteOnlyNoSize(out));
    if (withSq)
    {
        i = tiles.set(i, ocl::KernelArg::WriteOnlyNoSize(sqsum));
        i = tiles.set(i, ocl::KernelArg::PtrReadWrite(sqCarries));
    }
    i = tiles.set(i, ocl::KernelArg::PtrReadWrite(carries));
    i = tiles.set(i, ocl::KernelArg::PtrReadWrite(flags));
    i = tiles.set(i, plan.tilesX);
    i = tiles.set(i, (int)epoch);
    if (withTilted.joins)
    {
        const detail::TiltedScanPlan& tp = tilted->plan;
        const UMat tiltedCarries = lookBackSlots(detail::SCRATCH_TILTED_LOOK_BACK_CARRIES,
                                                 (size_t)tp.tilesX * tp.bands, tp.tile, outDepth, cn);
        i = tiles.set(i, ocl::KernelArg::WriteOnlyNoSize(tilted->out));
        i = tiles.set(i, ocl::KernelArg::PtrReadWrite(tiltedCarries));  // held by the launch
        tiles.set(i, tp.tilesX);
    }
    if (!tiles.enqueue(withTilted.joins ? withTilted.tiles : plan.tiles))
        return "enqueueing the integral kernel failed";
    if (withTilted.joins)
        tilted->done = true;
    return detail::OclDecline();
}

/** sum = the integral of src in sdepth, and sqsum (unless empty) that of src squared in sqdepth,
    in one pass where squaresShareThePass, else one pass each; `tilted` as scanPass takes it. */
detail::OclDecline scanIntegral(const UMat& src, UMat& sum, int sdepth, UMat& sqsum, int sqdepth,
                                TiltedInPass* tilted = nullptr)
{
    if (sqsum.empty() || squaresShareThePass(src.depth(), src.channels(), sdepth))
        return scanPass(src, sum, sdepth, sqsum, sqdepth, false, tilted);
    UMat none;
    detail::OclDecline decline = scanPass(src, sum, sdepth, none, -1, false);
    return decline.empty() ? scanPass(src, sqsum, sqdepth, none, -1, true) : decline;
}

/** tilted = the integral of the integer image src rotated by 45 degrees, accumulated in accDepth
    (wrapping 32-bit integers, 64-bit ones, or double) in one launch as `plan` schedules it, given
    the upright integral `upright` of src in accDepth. */
detail::OclDecline tiltedIntegral(const UMat& src, const UMat& upright, int accDepth, UMat& tilted,
                                  const detail::TiltedScanPlan& plan)
{
    const ocl::Device& device = ocl::Device::getDefault();
    const int cn = src.channels(), depth = src.depth(), rows = src.rows, cols = src.cols;
    uint64 key = 0;
    const bool keyFits = detail::packVariantKey(
        { { cn, 3 }, { depth, 3 }, { accDepth, 3 }, { tilted.depth(), 3 },
          { plan.band, 6 }, { (int)plan.plainLookBack + 2 * (int)plan.groupOrderTickets + 4 * (int)plan.evictFirstStores, 3 } },
        key);
    CV_Assert(keyFits);
    static detail::VariantOptionsCache optionsCache;
    const std::string& options = optionsCache.get(device, key, [&] {
        std::string o = cv::format(" -D TILTED -D BAND=%d -D TILE=%d -D SEGMENTS=4 -D SRC_T1=%s -D SRC_TO_WT=convert_%s%s",
                                   plan.band, plan.tile, detail::oclTypeName(depth).c_str(),
                                   accumulatorTypeName(accDepth, cn).c_str(),
                                   plan.plainLookBack ? " -D PLAIN_LOOK_BACK" : "");
        if (plan.groupOrderTickets)
            o += " -D GROUP_ORDER_TICKETS";
        if (plan.evictFirstStores)
            o += " -D EVICT_FIRST_STORES";
        if (longSums(accDepth))
            o += " -D UPRIGHT_F64_BITS";  // the upright sum's CV_64F is 64-bit integer sums
        return o + accumulatorOptions(cn, accDepth, tilted.depth()) + detail::oclCommonOptions(device);
    });
    detail::KernelLaunch tiles("integral_tilted", kernels::integral(), options);
    if (tiles.empty())
        return "the tilted integral kernel failed to build: " + options;

    const unsigned epoch = nextLookBackEpoch();
    UMat carries = lookBackSlots(detail::SCRATCH_TILTED_LOOK_BACK_CARRIES, (size_t)plan.tilesX * plan.bands,
                                 plan.tile, accDepth, cn);
    UMat flags = lookBackFlags();
    int i = tiles.set(0, ocl::KernelArg::ReadOnlyNoSize(src));
    i = tiles.set(i, rows);
    i = tiles.set(i, cols);
    i = tiles.set(i, ocl::KernelArg::ReadOnlyNoSize(upright));
    i = tiles.set(i, ocl::KernelArg::WriteOnlyNoSize(tilted));
    i = tiles.set(i, ocl::KernelArg::PtrReadWrite(carries));
    i = tiles.set(i, ocl::KernelArg::PtrReadWrite(flags));
    i = tiles.set(i, plan.tilesX);
    tiles.set(i, (int)epoch);
    if (!tiles.enqueue(plan.tiles))
        return "enqueueing the tilted integral kernel failed";
    return detail::OclDecline();
}

/** tilted = the integral of the floating-point image src rotated by 45 degrees, each output the sum
    of its own pixels in accDepth (as cv::'s, whose recurrence only adds), by two scans along
    diagonals as `plan` schedules them (opencl/integral_diagonal.cl). */
detail::OclDecline additiveTiltedIntegral(const UMat& src, int accDepth, UMat& tilted,
                                          const detail::DiagonalScanPlan& plan)
{
    const ocl::Device& device = ocl::Device::getDefault();
    const int cn = src.channels(), rows = src.rows, cols = src.cols;
    UMat rising = detail::scratchBytes(detail::SCRATCH_DIAGONAL_SUMS, plan.sumsBytes);
    UMat totals = detail::scratchBytes(detail::SCRATCH_DIAGONAL_TOTALS, plan.totalsBytes);
    for (const bool up : { true, false })
    {
        uint64 key = 0;
        CV_Assert(detail::packVariantKey({ { (int)up, 1 }, { src.depth(), 3 }, { accDepth, 3 }, { tilted.depth(), 3 },
                                           { cn, 3 },
                                           { plan.chunk, 9 }, { plan.batch, 9 } },
                                         key));
        static detail::VariantOptionsCache optionsCache;
        const std::string& options = optionsCache.get(device, key, [&] {
            const std::string wt = detail::oclTypeName(accDepth);
            return cv::format("-D CN=%d -D DIAGONAL_CHUNK=%d -D DIAGONAL_BATCH=%d -D WT1=%s", cn, plan.chunk,
                              plan.batch, wt.c_str()) +
                   (up ? " -D RISING -D SRC_T1=" + detail::oclTypeName(src.depth()) + " -D SRC_TO_WT=convert_" + wt
                       : " -D DT1=" + detail::oclTypeName(tilted.depth()) +
                             " -D WT_TO_DT=" + detail::oclConvertName(accDepth, tilted.depth(), 1)) +
                   detail::oclCommonOptions(device);
        });
        detail::KernelLaunch sums("integral_diagonal_totals", kernels::integral_diagonal(), options);
        detail::KernelLaunch scan("integral_diagonal_scan", kernels::integral_diagonal(), options);
        if (sums.empty() || scan.empty())
            return "the tilted integral's diagonal scans failed to build: " + options;
        if (up)
        {
            sums.args(ocl::KernelArg::ReadOnlyNoSize(src), rows, cols, ocl::KernelArg::PtrWriteOnly(totals));
            scan.args(ocl::KernelArg::ReadOnlyNoSize(src), rows, cols, ocl::KernelArg::PtrReadOnly(totals),
                      ocl::KernelArg::PtrWriteOnly(rising));
        }
        else
        {
            sums.args(ocl::KernelArg::PtrReadOnly(rising), rows, cols, ocl::KernelArg::PtrWriteOnly(totals));
            scan.args(ocl::KernelArg::PtrReadOnly(rising), rows, cols, ocl::KernelArg::PtrReadOnly(totals),
                      ocl::KernelArg::WriteOnlyNoSize(tilted));
        }
        const detail::LaunchShape& shape = up ? plan.rising : plan.falling;
        if (!sums.enqueue(shape) || !scan.enqueue(shape))
            return "enqueueing the tilted integral's diagonal scans failed";
    }
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
    // The tilted sum of an integer image subtracts diagonal prefix sums of its upright sum, exact
    // in integers; into floating point they are kept in double (64-bit integers without doubles:
    // longSums), which holds them exactly, so a CV_32F sum takes an upright sum in double of its
    // own. That of a floating-point image adds each output's pixels (additiveTiltedIntegral: a
    // difference would round an output by the magnitudes of other pixels), in double where the
    // device has it (else in float, as cv:: adds CV_32F sums).
    const bool floatSource = d.depth == CV_32F || d.depth == CV_64F;
    const bool tiltedInSumDepth =
        !wantTilted || d.sdepth == CV_32S || (floatSource && !detail::oclDeviceHasDoubles(device));
    const int tiltedDepth = tiltedInSumDepth ? d.sdepth : CV_64F;
    const bool uprightOfItsOwn = wantTilted && d.sdepth == CV_32F && !floatSource;
    // Without double precision, the CV_64F sums of integer images accumulate in 64-bit integers
    // (longSums); only a floating-point image's sums need doubles.
    detail::OclDecline decline;
    if (floatSource)
        decline = detail::checkDoublePrecision(device, { d.depth, d.sdepth, wantSq ? d.sqdepth : d.sdepth, tiltedDepth });
    if (!decline.empty())
        return decline;

    UMat src = srcIn.getUMat();
    // From the argument: an empty Mat's UMat is 0x0 whatever its rows or columns (cv::integral of
    // a 0x5 image is 6x1 zeros).
    const Size isize = srcIn.size() + Size(1, 1);
    decline = detail::checkDeviceArrays("integral", { &src });
    // Outputs, and the scratch of the tilted sum: of an integer image, sums and carries down each
    // diagonal per band; of a floating-point image, the sums up the rising diagonals and their
    // totals per chunk.
    const size_t pixels = (size_t)isize.width * isize.height;
    const bool tiltedByDifferences = wantTilted && !floatSource && !src.empty();
    const detail::TiltedScanPlan tiltedPlan =
        tiltedByDifferences ? detail::planTiltedScan(device, src.size(), oclPixelBytes(tiltedDepth, d.cn))
                            : detail::TiltedScanPlan();
    const size_t tiltedLanes = 2 * (size_t)tiltedPlan.tilesX * tiltedPlan.bands * (tiltedPlan.tile + 1);
    const bool tiltedByAdditions = wantTilted && floatSource && !src.empty();
    const detail::DiagonalScanPlan diagonalPlan =
        tiltedByAdditions ? detail::planDiagonalScan(device, src.size(), d.cn, oclPixelBytes(tiltedDepth, d.cn))
                          : detail::DiagonalScanPlan();
    const struct { bool wanted; size_t bytes; const char* what; } allocations[] = {
        { true, pixels * CV_ELEM_SIZE(CV_MAKETYPE(d.sdepth, d.cn)), "sum" },
        { wantSq, pixels * CV_ELEM_SIZE(CV_MAKETYPE(d.sqdepth, d.cn)), "squared sum" },
        { wantTilted, pixels * CV_ELEM_SIZE(CV_MAKETYPE(d.sdepth, d.cn)), "tilted sum" },
        { uprightOfItsOwn, pixels * CV_ELEM_SIZE(CV_MAKETYPE(CV_64F, d.cn)), "double sum for the tilted sum" },
        { tiltedByDifferences, tiltedLanes * 2 * oclPixelBytes(tiltedDepth, d.cn), "tilted sum's look-back scratch" },
        { tiltedByAdditions, diagonalPlan.sumsBytes, "tilted sum's diagonal sums" },
        { tiltedByAdditions, diagonalPlan.totalsBytes, "tilted sum's diagonal totals" },
    };
    if (decline.empty() && tiltedByDifferences && !tiltedPlan.feasible)
        decline = "the tilted sum needs 64-bit atomics and tiles that fit the device's local memory and work-groups";
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
        // cv::integral of an empty image: zeros, one row or column.
        for (UMat* out : { &sum, &sqsum, &tilted })
            if (!out->empty())
                out->setTo(Scalar::all(0));
        return detail::OclDecline();
    }

    // The tilted sum in the upright sum's pass where it accumulates in the sum's depth from that
    // sum itself.
    TiltedInPass tiltedInPass;
    const bool offerTilted = tiltedByDifferences && !uprightOfItsOwn && tiltedDepth == d.sdepth;
    if (offerTilted)
    {
        tiltedInPass.out = tilted;
        tiltedInPass.plan = tiltedPlan;
    }
    decline = scanIntegral(src, sum, d.sdepth, sqsum, d.sqdepth, offerTilted ? &tiltedInPass : nullptr);
    if (decline.empty() && tiltedByAdditions)
        decline = additiveTiltedIntegral(src, tiltedDepth, tilted, diagonalPlan);
    if (decline.empty() && tiltedByDifferences && !tiltedInPass.done)
    {
        UMat upright = sum;
        if (uprightOfItsOwn)
        {
            upright = detail::scratchImage(detail::SCRATCH_TILTED_UPRIGHT, isize, CV_MAKETYPE(CV_64F, d.cn));
            UMat noSqsum;
            decline = scanIntegral(src, upright, CV_64F, noSqsum, CV_64F);
        }
        if (decline.empty())
            decline = tiltedIntegral(src, upright, tiltedDepth, tilted, tiltedPlan);
    }
    return decline;
}

void integralImpl(const _InputArray& src, const _OutputArray& sum, const _OutputArray& sqsum,
                  const _OutputArray& tilted, int sdepth, int sqdepth)
{
    const IntegralDepths d = resolveIntegralDepths(src, sdepth, sqdepth);
    detail::runWithFallback(
        "integral", { &sum, &sqsum, &tilted }, [&]() { return oclIntegral(src, sum, sqsum, tilted, d); },
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
