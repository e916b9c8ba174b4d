// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"
#include "sep_tile_layout.hpp"

#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace cv { namespace gpuconv { namespace detail {

namespace {

/** Override of the plan for tuning measurements (docs/PERFORMANCE.md), read once:
    OPENCV_GPUCONV_SEPFILTER_TUNE="rowStrip,colStrip,tileW,groupH", 0 for planned. A forced tile
    shape may exceed the 256 items the plan allows itself (never the kernel's limit); where it
    does not fit, the two-pass path runs. */
const int* sepFilterOverride()
{
    static int values[4] = { 0, 0, 0, 0 };
    static const bool parsed = [] {
        if (const char* s = std::getenv("OPENCV_GPUCONV_SEPFILTER_TUNE"))
            std::sscanf(s, "%d,%d,%d,%d", &values[0], &values[1], &values[2], &values[3]);
        return true;
    }();
    (void)parsed;
    return values;
}

/** Override of the direct kernel's plan, read once: OPENCV_GPUCONV_SEPFILTER_DIRECT="w,h,maxTaps"
    (outputs per work item, at most 8 each; the longest kernel it takes, at most 7; 0 for planned,
    maxTaps -1 for never). */
const int* sepFilterDirectOverride()
{
    static int values[3] = { 0, 0, 0 };
    static const bool parsed = [] {
        if (const char* s = std::getenv("OPENCV_GPUCONV_SEPFILTER_DIRECT"))
            std::sscanf(s, "%d,%d,%d", &values[0], &values[1], &values[2]);
        return true;
    }();
    (void)parsed;
    return values;
}

/** Whether `device` executes PTX's mma.sync on f16 (NVIDIA, compute capability 8.0 or later),
    asked once per device. */
bool hasTensorMma(const ocl::Device& device)
{
    static std::mutex mutex;
    static std::map<void*, bool> known;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = known.find(device.ptr());
    if (it == known.end())
    {
        const cl_device_info computeCapabilityMajorNV = 0x4000;  // cl_nv_device_attribute_query
        cl_uint major = 0;
        const bool has = device.type() == ocl::Device::TYPE_GPU && device.isNVidia() &&
                         device.isExtensionSupported("cl_nv_device_attribute_query") &&
                         clGetDeviceInfo((cl_device_id)device.ptr(), computeCapabilityMajorNV, sizeof(major),
                                         &major, nullptr) == CL_SUCCESS && major >= 8;
        it = known.emplace(device.ptr(), has).first;
    }
    return it->second;
}

/** The tensor single pass's tile for kernels of kxLen x kyLen taps and tileH output rows. */
MmaTileLayout mmaTileLayout(int kxLen, int kyLen, int tileH)
{
    MmaTileLayout l;
    l.tileW = 64;
    l.tileH = tileH;
    l.warps = 4;
    // A row-pass output group of 8 columns reads 8 + kxLen - 1 source columns, a column-pass one of
    // 16 rows 16 + kyLen - 1 rows, in whole products of 16.
    l.rowSteps = (8 + kxLen - 1 + 15) / 16;
    l.colSteps = (16 + kyLen - 1 + 15) / 16;
    // The last product of each pass reads past the taps (zero coefficients): staged as well.
    l.rows = tileH - 16 + 16 * l.colSteps;
    l.cols = l.tileW - 8 + 16 * l.rowSteps;
    // Room for the word loads' shift (18 bytes), and an odd number of 16-byte units, so that the
    // 8 rows a fragment gathers from lie in different local-memory banks.
    l.pitch = 16 * (((l.cols + 18 + 15) / 16) | 1);
    // 8 more f16 per intermediate column spread a fragment's 8 columns over the banks.
    l.inter = l.rows + 8;
    return l;
}

} // namespace

SepFilterPlan planSepFilterTensor(const ocl::Device& device, Size size, int kxLen, int kyLen)
{
    SepFilterPlan plan;
    const char* forced = std::getenv("OPENCV_GPUCONV_SEPFILTER_TENSOR");
    const bool always = forced && std::strcmp(forced, "always") == 0;
    if ((forced && std::strcmp(forced, "never") == 0) || kxLen > 32 || kyLen > 32)
        return plan;
    // Up to 7 taps the direct kernel stays (it needs no local memory and no second build).
    if (!always && std::max(kxLen, kyLen) <= 7)
        return plan;
    const bool native = hasTensorMma(device);
    if (!always && (!native || !planSepFilterFixedTaps(size, kxLen, kyLen)))
        return plan;
    // Output rows per group: 64 where the local memory holds them (fewer apron rows per output),
    // else 32 (oclgrind's 32 KB).
    for (int tileH : { 64, 32 })
    {
        const MmaTileLayout layout = mmaTileLayout(kxLen, kyLen, tileH);
        const size_t groupItems = 32 * (size_t)layout.warps;
        // The staged source, the intermediate's hi and lo parts, the emulation's fragments
        // (common/mma.cl's MMA_SCRATCH_WORDS per warp).
        const size_t localBytes = (size_t)layout.rows * layout.pitch + 2 * (size_t)layout.tileW * layout.inter * 2 +
                                  (native ? 4 : (size_t)layout.warps * 6 * 32 * 4 + 4);
        if (localBytes > maxLocalBytes(device) || groupItems > maxGroupItems(device))
            continue;
        // Each group runs its phases (tile loads, row products, column products, stores) one
        // after another; with fewer than about 8 groups per compute unit they do not overlap
        // enough across groups, and the tiled single pass is faster (H100: 1080p, 4 groups per
        // compute unit, slower; 4K, 15, faster; docs/PERFORMANCE.md, sepFilter2D).
        const size_t groupsX = (size_t)(size.width + layout.tileW - 1) / layout.tileW;
        const size_t groupsY = (size_t)(size.height + tileH - 1) / tileH;
        if (!always && groupsX * groupsY < 8 * (size_t)device.maxComputeUnits())
            break;
        plan.feasible = plan.tensor = true;
        plan.tensorNative = native;
        plan.tensorForced = always;
        plan.mma = layout;
        plan.shape.local[0] = groupItems;
        plan.shape.local[1] = 1;
        plan.shape.global[0] = groupsX * groupItems;
        plan.shape.global[1] = groupsY;
        break;
    }
    return plan;
}

SepFilterPlan planSepFilterDirect(const ocl::Device& device, Size size, int kxLen, int kyLen, int cn,
                                  size_t srcPixelBytes, size_t bufPixelBytes, bool srcRowsOnVectors)
{
    SepFilterPlan plan;
    const int* tune = sepFilterDirectOverride();
    // Up to 7 taps: there the tiled single pass spends more on its tile loads, barriers and
    // apron rows than the caches save it (4K 5x5 Gaussian, H100: docs/PERFORMANCE.md).
    // At most 7 even when overridden: the whole window stays in registers.
    const int maxTaps = tune[2] != 0 ? std::min(tune[2], 7) : 7;
    if (kxLen > maxTaps || kyLen > maxTaps)
        return plan;
    // Row-filtered pixels of 8 bytes or more (8UC2, 8UC4, 32FC4) load and convert whole vectors
    // per window pixel: the tiled single pass, which loads each once, is faster where it is built
    // for its lengths (5x5 Gaussians, H100: 8UC4 69.9 against 93.4 us at 4K, 23.8 against 29.8 at
    // 1080p; 8UC2 44.9-45.3 against 52.3-52.5 device us at 4K, 21.3-21.9 against 22.5-22.9 at
    // 1080p, with the strips below; docs/PERFORMANCE.md, sepFilter2D).
    const bool overridden = tune[0] != 0 || tune[1] != 0 || tune[2] != 0;
    if (!overridden && bufPixelBytes >= 8 && planSepFilterFixedTaps(size, kxLen, kyLen))
        return plan;
    // The window row and the row-filtered block live in registers. Measured on an H100 (5x5
    // Gaussians, 1080p and 4K, with OPENCV_GPUCONV_SEPFILTER_DIRECT): 4-byte buffer pixels (8UC1,
    // 32FC1) 4x4 outputs, 2x less time than 4x8 at 4K, as fast as 2x8 or 1x8 or faster (8UC1 at
    // 4K: 1.2x less than 1x8); 16-byte ones (8UC4) 2x8, up to 1.1x less than 1x8 and 1.3x less
    // than 4x4; 8-byte ones (8UC2, on images too small for the single pass built for its
    // lengths) 2x4, at 1080p the fastest of seven shapes (22.6-22.9 device us, the others 24.9 or
    // more). Not measured: 32-byte ones 1x4.
    int w = 4, h = 4;
    if (bufPixelBytes == 8)
        w = 2;
    else if (bufPixelBytes == 16)
        w = 2, h = 8;
    else if (bufPixelBytes > 16)
        w = 1;
    if (tune[0] > 0)
        w = std::min(tune[0], 8);
    if (tune[1] > 0)
        h = std::min(tune[1], 8);
    const size_t maxGroup = maxGroupItems(device);
    const size_t groupW = std::min<size_t>(32, maxGroup), groupH = std::max<size_t>(1, std::min<size_t>(8, maxGroup / groupW));
    plan.feasible = plan.direct = true;
    plan.directW = w;
    plan.directH = h;
    // Floats only: 8- and 16-bit windows as vectors took as much device time here and up to 1 us
    // more per call (H200, 4K 5-tap 8UC1 24.7-25.1 against 24.1-24.4; docs/PERFORMANCE.md,
    // filter2D, s38b), where filter2D's 5x5 and 7x7 gain from them.
    plan.vectorWindows = readsVectorWindows(device, size, cn, srcPixelBytes, w, false, srcRowsOnVectors);
    const int width = directBlocksSpan(size.width, w, plan.vectorWindows);
    plan.shape.local[0] = groupW;
    plan.shape.local[1] = groupH;
    plan.shape.global[0] = roundUp((width + w - 1) / w, groupW);
    plan.shape.global[1] = roundUp((size.height + h - 1) / h, groupH);
    return plan;
}

SepFilterStrips planSepFilterStrips(size_t bufPixelBytes, bool fixedTaps, int maxTaps)
{
    // Row strips of 4 outputs for every pixel type, column strips of 8, and of 4 for 16-byte
    // row-filtered pixels, as measured on an H100 (4K Gaussians of 5, 17, 31 taps, tiled kernel;
    // docs/PERFORMANCE.md): row strips of 4 instead of 8 took 1.0x-1.3x less time at 5 and 17
    // taps for 8UC1 and 32FC1 (31 taps: within 10%), and less than 2 or 8 for 8UC4; column strips
    // of 4 instead of 8 took 1.2x less for 8UC4 at 17 and 31 taps, 1080p and 4K (b778236), and up
    // to 1.26x more for 8UC1 and 32FC1. The row pass filters the apron rows too, which favours
    // short row strips.
    SepFilterStrips strips;
    strips.col = bufPixelBytes >= 16 ? 4 : 8;
    // Built for the lengths (unrolled, coefficients by value), the arithmetic per row-filtered
    // pixel is short enough for longer strips: 4-byte row-filtered pixels take row strips of 8 in
    // groups 32 wide (which the estimate ties with 64), 16-byte ones up to 7 taps strips of 8 both
    // ways (H100, device time against strips of 4: 4K 17-tap 8UC1 46.6-47.1 against 51.0-51.5 us,
    // 31-tap 65.0 against 70.4-70.5, 5x5 8UC4 61.5-61.6 against 72.3; 17-tap 32FC1 unchanged, no
    // case slower; docs/PERFORMANCE.md, sepFilter2D).
    if (fixedTaps && bufPixelBytes == 4)
        strips.row = 8, strips.tileWidth = 32;
    // 8-byte ones (8UC2) row strips of 8 as well (H100, 17-tap Gaussian 8UC2, device us: 4K
    // 69.6-69.8 against 75.7 with strips of 4, 1080p 29.4-30.0 against 30.9-31.0).
    if (fixedTaps && bufPixelBytes == 8)
        strips.row = 8;
    if (fixedTaps && bufPixelBytes >= 16 && maxTaps <= 7)
        strips.row = strips.col = 8;
    // The kernel writes strips out for 2, 4 and 8 outputs (STRIP_FOR_EACH_TAP).
    const int* tune = sepFilterOverride();
    if (tune[0] == 2 || tune[0] == 4 || tune[0] == 8)
        strips.row = tune[0];
    if (tune[1] == 2 || tune[1] == 4 || tune[1] == 8)
        strips.col = tune[1];
    return strips;
}

bool planSepFilterFixedTaps(Size size, int kxLen, int kyLen)
{
    // Kernels of up to 32 taps each (the benchmark's 31-tap Gaussians included) on images of a
    // quarter megapixel or more: built for their lengths, the single pass took 1.3x-1.75x less
    // device time than built for lengths at run time (H100, 17- and 31-tap Gaussians at 1080p and
    // 4K, docs/PERFORMANCE.md). A build per pair of lengths costs the driver's compiler about a
    // second, which a small image does not repay; longer kernels share one build for every
    // length, since their unrolled code would grow with the taps.
    // OPENCV_GPUCONV_SEPFILTER_FIXED_TAPS=always (up to 32 taps) or never overrides the image
    // size rule, for tests of both builds.
    const char* forced = std::getenv("OPENCV_GPUCONV_SEPFILTER_FIXED_TAPS");
    if (forced && std::strcmp(forced, "never") == 0)
        return false;
    const bool shortEnough = kxLen <= 32 && kyLen <= 32;
    return shortEnough && ((forced && std::strcmp(forced, "always") == 0) || (double)size.area() >= 512.0 * 512.0);
}

SepFilterPlan planSepFilter(const ocl::Device& device, Size size, int kxLen, int kyLen,
                            size_t srcPixelBytes, size_t bufPixelBytes, const SepFilterStrips& strips,
                            const KernelLimits& fused, const KernelLimits& rowPass, bool forceTwoPass)
{
    CV_Assert(size.width > 0 && size.height > 0 && kxLen > 0 && kyLen > 0);
    SepFilterPlan plan;
    plan.rowStrip = strips.row;
    plan.colStrip = strips.col;
    // The tiles and row segments are the kernels' __local arguments; whatever a kernel takes itself
    // comes on top (NVIDIA refuses the launch, CL_OUT_OF_RESOURCES, where the sum passes the
    // device's size: 32FC4, 14 x 33 taps, whose single-pass tiles took all 48 KiB), and so does the
    // padding that starts each argument on its type's boundary, up to 128 bytes (OpenCL's widest
    // types): NVIDIA's driver refused the single pass's two tiles 24 bytes short of 48 KiB, whose
    // ulong4 tile it placed after the kernel's own byte (16UC2, 34 x 11 taps; found by the fuzz
    // target on the H200 at 8 times its sizes).
    const size_t localMem = maxLocalBytes(device), maxGroup = maxGroupItems(device);
    const size_t widestTypeAlignment = 128;  // long16, double16
    const auto localBeside = [&](const KernelLimits& kernel, size_t localArguments) {
        return localMem - std::min(localMem, kernel.localBytes + widestTypeAlignment * localArguments);
    };
    const auto itemsAllowed = [&](const KernelLimits& kernel) {
        return kernel.maxItems > 0 ? std::min(kernel.maxItems, maxGroup) : maxGroup;
    };
    const size_t singlePassLocal = localBeside(fused, 2);
    const int* tune = sepFilterOverride();

    // Single pass: the tile shape with the least estimated work over the whole image (loading
    // tile + apron, row strips over the apron rows, column strips), among those whose two local
    // buffers fit and whose groups are big enough to keep a GPU busy. At most 256 work items, so
    // that several groups share a multiprocessor and one's loads overlap another's arithmetic,
    // and no more than the built kernel allows (its registers per item limit that).
    if (!forceTwoPass)
    {
        const size_t kernelMax = itemsAllowed(fused);
        const size_t maxItems = std::min<size_t>(256, kernelMax), minItems = std::min<size_t>(64, maxItems);
        // The strips' tile width where a tile of it fits, else any (a second search only where
        // the first kept to a width).
        for (const size_t onlyWidth : { (size_t)std::max(0, strips.tileWidth), (size_t)0 })
        {
            double bestCost = 0;
            for (size_t tileW : { 128, 64, 32, 16 })
            {
                for (size_t groupH : { 16, 8, 4, 2, 1 })
                {
                    const size_t items = tileW * groupH;
                    if (tune[2] > 0 ? tileW != (size_t)tune[2] || groupH != (size_t)tune[3]
                                    : onlyWidth > 0 && tileW != onlyWidth)
                        continue;
                    if (items > (tune[2] > 0 ? kernelMax : maxItems) || items < minItems || tileW % plan.rowStrip != 0)
                        continue;
                    const size_t tileH = groupH * plan.colStrip, rowsH = tileH + kyLen - 1;
                    const size_t srcW = tileW + kxLen - 1;
                    const size_t srcPitch = sourceTilePitch(srcW, srcPixelBytes);
                    const size_t rowPitch = bankSpreadPitch(tileW, bufPixelBytes);
                    const size_t srcBytes = srcPitch * rowsH * srcPixelBytes, rowBytes = rowPitch * rowsH * bufPixelBytes;
                    if (srcBytes + rowBytes > singlePassLocal)
                        continue;
                    // Work of one group in rounds of all its items: ~8 operations per loaded pixel,
                    // taps + 2 per filtered output.
                    const auto rounds = [&](size_t units) { return (double)((units + items - 1) / items * items); };
                    const double groupCost = rounds(srcW * rowsH) * 8 +
                                             rounds(rowsH * tileW / plan.rowStrip) * plan.rowStrip * (kxLen + 2) +
                                             (double)items * plan.colStrip * (kyLen + 2);
                    const double groups = (double)((size.width + tileW - 1) / tileW) *
                                          (double)((size.height + tileH - 1) / tileH);
                    const double cost = groups * groupCost;
                    if (plan.singlePass && cost >= bestCost)
                        continue;
                    bestCost = cost;
                    plan.feasible = plan.singlePass = true;
                    plan.srcPitch = (int)srcPitch;
                    plan.rowPitch = (int)rowPitch;
                    plan.srcTileBytes = srcBytes;
                    plan.rowTileBytes = rowBytes;
                    plan.shape.local[0] = tileW;
                    plan.shape.local[1] = groupH;
                    plan.shape.global[0] = roundUp(size.width, tileW);
                    plan.shape.global[1] = (size_t)(size.height + tileH - 1) / tileH * groupH;
                }
            }
            if (plan.singlePass)
                return plan;
            if (onlyWidth == 0)
                break;
        }
    }

    // Two passes. Row pass: one row segment per group, the segment and its apron in local memory.
    const size_t rowPassLocal = localBeside(rowPass, 1);
    size_t rowGroupW = std::min<size_t>(256, itemsAllowed(rowPass));
    while (rowGroupW > 1 && (rowGroupW + kxLen - 1) * srcPixelBytes > rowPassLocal)
        rowGroupW /= 2;
    if ((rowGroupW + kxLen - 1) * srcPixelBytes > rowPassLocal)
        return plan;
    plan.feasible = true;
    plan.srcTileBytes = (rowGroupW + kxLen - 1) * srcPixelBytes;
    plan.rowShape.local[0] = rowGroupW;
    plan.rowShape.local[1] = 1;
    plan.rowShape.global[0] = roundUp(size.width, rowGroupW);
    plan.rowShape.global[1] = (size_t)size.height + kyLen - 1;
    // Column pass: each item sums down its column; a row of a group reads consecutive pixels.
    const size_t groupW = std::min<size_t>(32, maxGroup);
    const size_t groupH = std::max<size_t>(1, std::min<size_t>(8, maxGroup / groupW));
    plan.shape.local[0] = groupW;
    plan.shape.local[1] = groupH;
    plan.shape.global[0] = roundUp(size.width, groupW);
    plan.shape.global[1] = roundUp(size.height, groupH);
    return plan;
}

}}} // namespace cv::gpuconv::detail
