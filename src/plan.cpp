// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cv { namespace gpuconv { namespace detail {

size_t maxGroupItems(const ocl::Device& device)
{
    const size_t deviceMax = std::max<size_t>(1, device.maxWorkGroupSize());
    const char* cap = std::getenv("OPENCV_GPUCONV_MAX_GROUP_ITEMS");
    const long long items = cap ? std::atoll(cap) : 0;
    return items > 0 ? std::min(deviceMax, (size_t)items) : deviceMax;
}

size_t maxLocalBytes(const ocl::Device& device)
{
    const char* cap = std::getenv("OPENCV_GPUCONV_MAX_LOCAL_BYTES");
    const long long bytes = cap ? std::atoll(cap) : 0;
    return bytes > 0 ? std::min(device.localMemSize(), (size_t)bytes) : device.localMemSize();
}

size_t roundUp(size_t value, size_t multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

std::string ElementwisePlan::buildOptions() const
{
    return cv::format(" -D VEC=%d", vectorWidth);
}

bool rowsStartOnVectors(int rows, int vectorWidth, const std::vector<ArrayLayout>& arrays)
{
    for (const ArrayLayout& a : arrays)
    {
        const size_t vectorBytes = (size_t)vectorWidth * a.elemSize;
        if (a.offset % vectorBytes != 0 || (rows > 1 && a.step % vectorBytes != 0))
            return false;
    }
    return true;
}

bool fewFilterItems(const ocl::Device& device, Size dstSize)
{
    return (double)((dstSize.width + 3) / 4) * (double)((dstSize.height + 3) / 4) <
           2048.0 * std::max(1, device.maxComputeUnits());
}

bool readsVectorWindows(const ocl::Device& device, Size dstSize, int lanes, size_t srcPixelBytes,
                        int blockWidth, bool narrowPixelsGain, bool srcRowsOnVectors)
{
    // Read as single pixels, a 7x7 window's 70 loads per 4x4 block kept the H100's load pipeline
    // full (Nsight Compute: L1 84% busy, warps waiting on loads 41% of their cycles; 32FC1 4K 7x7
    // filter2D took 47 device us, docs/PERFORMANCE.md, "Profiles of the small kernels"). The
    // kernels shift their blocks so that every window starts on a vector. With few items the
    // shifted blocks lost: sepFilter2D 5x5 32FC1 at 1080p on the H200 took 17.2-17.6 device us
    // against 15.8-16.0 from single pixels, where at 4K they took 32.7-33.0 against 37.3-37.6
    // (docs/PERFORMANCE.md, sepFilter2D, s37a). Whether 1- and 2-byte pixels gain is the
    // caller's measurement.
    return lanes == 1 && blockWidth == 4 && (srcPixelBytes == 4 || (srcPixelBytes <= 2 && narrowPixelsGain)) &&
           srcRowsOnVectors && !fewFilterItems(device, dstSize);
}

int directBlocksSpan(int width, int blockWidth, bool vectorWindows)
{
    return width + (vectorWindows ? blockWidth - 1 : 0);
}

ElementwisePlan planElementwise(const ocl::Device& device, int rows, int rowElements, size_t widestElemSize)
{
    CV_Assert(rows > 0 && rowElements > 0 && widestElemSize > 0);
    ElementwisePlan plan;
    // 16-byte accesses are the widest that GPUs and CPU SIMD units serve in one transaction.
    const int bytesPerAccess = 16;
    // Rows shorter than a vector take the kernels' partial-vector path instead of a narrower
    // vector: one program per type combination, whatever the width.
    plan.vectorWidth = std::max(1, std::min(16, bytesPerAccess / (int)widestElemSize));

    const size_t items = (size_t)(rowElements + plan.vectorWidth - 1) / plan.vectorWidth;
    plan.shape.dims = 2;
    if (device.type() == ocl::Device::TYPE_CPU)
    {
        plan.shape.global[0] = items;
        plan.shape.global[1] = (size_t)rows;
    }
    else
    {
        const size_t groupWidth = std::min<size_t>(256, maxGroupItems(device));
        plan.shape.local[0] = std::min(groupWidth, roundUp(items, 32));
        plan.shape.local[1] = 1;
        plan.shape.global[0] = roundUp(items, plan.shape.local[0]);
        plan.shape.global[1] = (size_t)rows;
    }
    return plan;
}

std::string Filter2DPlan::buildOptions() const
{
    return cv::format(" -D LX=%d -D LY=%d -D PX=%d -D PY=%d%s%s%s%s", groupW, groupH, pixelsX,
                      pixelsY, tiled ? " -D TILED" : "",
                      weightsByValue ? " -D WEIGHTS_BY_VALUE"
                                     : (constantWeights ? "" : " -D GLOBAL_WEIGHTS"),
                      !tiled && interiorTestPerRow ? " -D INTERIOR_TEST_PER_ROW" : "",
                      vectorWindows ? " -D VECTOR_WINDOWS" : "");
}

LaunchShape Filter2DPlan::launchShape(Size dstSize) const
{
    LaunchShape shape;
    shape.dims = 2;
    const int blockW = groupW * pixelsX, blockH = groupH * pixelsY;
    const int width = directBlocksSpan(dstSize.width, pixelsX, vectorWindows);
    shape.local[0] = (size_t)groupW;
    shape.local[1] = (size_t)groupH;
    shape.global[0] = (size_t)((width + blockW - 1) / blockW) * groupW;
    shape.global[1] = (size_t)((dstSize.height + blockH - 1) / blockH) * groupH;
    return shape;
}

Filter2DPlan planFilter2D(const ocl::Device& device, Size dstSize, Size ksize, size_t srcPixelBytes,
                          int channels, size_t accElemBytes, size_t weightsBytes, bool srcRowsOnVectors)
{
    CV_Assert(ksize.width > 0 && ksize.height > 0 && channels >= 1 && channels <= 4);
    const int accLanes = oclVectorLanes(channels);
    Filter2DPlan plan;
    const bool cpu = device.type() == ocl::Device::TYPE_CPU;
    // Small kernels (up to 7x7) read their windows directly from global memory: staging them in
    // local memory costs more in index arithmetic and barriers than the caches it spares, the
    // 8-bit cases especially, except on one-lane images too small to fill the device (below).
    // Large kernels are bound by arithmetic: 4x4 register blocks let each window pixel loaded
    // from local memory feed up to 16 multiply-adds. Shapes from the H100 sweeps in
    // docs/PERFORMANCE.md (OPENCV_GPUCONV_FILTER2D_PLAN).
    const bool largeKernel = ksize.area() > 49;
    bool direct = !largeKernel;
    // 4-byte lanes per pixel of accumulator: a window row of PX + KW - 1 such pixels and PX * PY
    // accumulators must stay in registers (~255 per thread on GPUs).
    const int lanes = accLanes * (int)std::max<size_t>(1, accElemBytes / 4);
    const bool threeFloatElementsOver5x5 =
        !largeKernel && channels == 3 && srcPixelBytes == 16 && lanes == 4 && ksize.area() > 25;
    // One-lane accumulators take 4x4 outputs per item, or, for kernels under 5x5, smaller blocks
    // where 4x4 would leave a compute unit fewer than 2048 work items: there each item's own chain
    // of loads and multiply-adds sets the time, and more items hide it (H100, 1080p, 982 items per
    // unit with 4x4: 8UC1 3x3, 5x5, 7x7 in 4x2 blocks 14.0-14.2, 17.8-18.1, 23.8-24.0 device us
    // against 15.5-15.7, 20.2, 26.0-26.3; 32FC1 in 2x2 blocks 15.7-15.9, 18.8-19.2, 23.7-24.0
    // against 16.4-16.5, 19.8-19.9, 26.5-26.9; at 4K, 3927 per unit, 4x2 took 1-2% more at 7x7 and
    // 2x2 up to 13% more; docs/PERFORMANCE.md, filter2D).
    const bool fewItems = fewFilterItems(device, dstSize);
    if (!largeKernel && lanes == 1 && fewItems && ksize.area() >= 25)
    {
        // Kernels of 5x5 and more with few items: staged in local memory, 4x4 blocks in 16x16
        // groups (H100, 1080p, device us: 8UC1 5x5 16.4-16.8 and 7x7 19.6 against 18.0 and 24.2
        // read directly in 4x2 blocks, 32FC1 16.8-16.9 and 19.5-19.8 against 18.8 and 23.5 in 2x2;
        // 3x3 8UC1 15.0-15.6 against 14.4, so 3x3 stays direct; at 4K the tile lost, 8UC1 7x7 53.0
        // against 48.5; docs/PERFORMANCE.md, filter2D).
        direct = false;
        plan.pixelsX = plan.pixelsY = 4;
        plan.groupW = plan.groupH = 16;
    }
    else if (!largeKernel && lanes == 1 && srcPixelBytes <= 2)
    {
        // 8- and 16-bit rows: each window row read as aligned words of 4 pixels and applied to
        // PY rows of outputs; 8x2, 8x4 and 8x8 measured 2-13% slower than 4x4 at 4K on the H100
        // from 5x5 up, but 8x2 5% faster for 3x3 8UC1 (23.3 against 24.5 device us, in two sweeps;
        // docs/PERFORMANCE.md).
        const bool wideRows = !fewItems && srcPixelBytes == 1 && ksize.area() <= 9;
        plan.pixelsX = wideRows ? 8 : 4;
        plan.pixelsY = fewItems || wideRows ? 2 : 4;
        plan.groupW = 16;
        plan.groupH = 8;
    }
    else if (!largeKernel && lanes == 1)
    {
        // 4-byte pixels. Rows whole 16-byte vectors apart are read as vectors (below), and there
        // 4x2 blocks beat 4x4 (H100, 4K 32FC1 3x3, 5x5, 7x7: 29.1-29.4, 31.1-31.5, 39.7-40.1 us
        // per call against 31.1-31.3, 33.6, 41.3; docs/PERFORMANCE.md).
        plan.pixelsX = plan.pixelsY = fewItems ? 2 : 4;
        if (!fewItems && srcRowsOnVectors)
            plan.pixelsY = 2;
        plan.groupH = 8;
    }
    else if (!largeKernel && lanes == 4)
    {
        // Four float lanes per pixel (8UC4, 32FC4, ...): 4x2 blocks up to 5x5, 4x4 above, read
        // directly (with the weights as operands, 7x7 direct took 138 us at 4K 8UC4, tiled 157).
        plan.pixelsX = 4;
        plan.pixelsY = ksize.area() <= 25 ? 2 : 4;
        // 8UC4 with kernels of 5x5 to 7x7 where items are few: 2x2 blocks (H100, 1080p, device
        // us: 5x5 31.1-31.4 against 32.6-33.0 in 4x2, 7x7 45.5 against 48.0-48.4 in 4x4 per row;
        // cv:: 32.3-32.4 and 43.9-44.0; 8UC3 7x7 took 45.8 against 40.9 and keeps 4x4;
        // docs/PERFORMANCE.md, filter2D).
        if (channels == 4 && srcPixelBytes == 4 && fewItems && ksize.area() >= 25)
            plan.pixelsX = plan.pixelsY = 2;
        // 32FC3 (three 4-byte elements per load) over kernels above 5x5: 2x4 blocks, tested per
        // window row below (H100, 7x7, device us: 1080p 43.7-44.2 against 44.7-45.0 tested per
        // item and 48.3-48.4 in 4x4 blocks, cv:: 44.4-45.5; 4K 131 against 152, cv:: 147; 8UC3
        // took 2% less at 1080p and 3% more at 4K, and keeps 4x4; docs/PERFORMANCE.md, filter2D).
        if (threeFloatElementsOver5x5)
            plan.pixelsX = 2;
        plan.groupH = 8;
    }
    else if (!largeKernel && lanes == 2 && channels == 2)
    {
        // Two float lanes per pixel (8UC2, 32FC2, ...): 4x2 blocks in 16x8 groups (H100, 8UC2,
        // device us: 1080p 7x7 28.3-28.9 against 30.8-31.2 in 2x2 blocks of 16x16 groups, 3x3
        // 16.0-16.6 against 16.8; 4K 7x7 66.2-66.4 against 82.5-83.2, 3x3 32.4-32.6 against
        // 37.0-38.1; docs/PERFORMANCE.md, filter2D).
        plan.pixelsX = 4;
        plan.pixelsY = 2;
        plan.groupH = 8;
    }
    else if (!largeKernel)
    {
        plan.pixelsX = 2;
        plan.pixelsY = 2;
    }
    else
    {
        plan.pixelsX = lanes >= 4 && ksize.width > 16 ? 2 : 4;
        plan.pixelsY = 4;
        plan.groupH = 8;
    }
    if (cpu)
    {
        // CPU runtimes run a work group as one thread looping over items: small groups, long rows.
        plan.groupW = 16;
        plan.groupH = 4;
    }
    // Direct reads test whether an item's window lies inside the image once per item, so that
    // the compiler can issue an interior window's loads ahead of its arithmetic (H100, 4K 8UC4
    // 5x5 in 4x2 blocks: 76 us, 84 with one test per row); with more than 32 accumulator
    // registers (8UC4 4x4 blocks) the early loads exhaust the registers, and one test per row
    // keeps each row's loads behind it (4K 8UC4 7x7: 139 us per row, 154 per item; 1080p: 44
    // and 55). Taller blocks lose for the same reason (docs/PERFORMANCE.md, branch perf-f2d2).
    // 32FC3's 2x4 blocks (above) gain from the test per row at 32 registers as well.
    plan.interiorTestPerRow = lanes * plan.pixelsX * plan.pixelsY > 32 || threeFloatElementsOver5x5;
    // Small kernels unroll fully, so every weight is indexed by a constant: as a by-value
    // argument it can be an operand of the fma itself, where a __constant buffer costs a load and
    // a register per weight (H100: up to 6% faster at 5x5 and 7x7, docs/PERFORMANCE.md).
    plan.weightsByValue = !largeKernel && weightsBytes + 256 <= device.maxParameterSize();
    // Tuning aid: OPENCV_GPUCONV_FILTER2D_PLAN="LX,LY,PX,PY[,TILED[,BY_VALUE[,PER_ROW]]]" replaces
    // the shape chosen above, with TILED (0 or 1) the variant (the local memory and work-group
    // limits below still apply), with BY_VALUE 0 the weights go through a buffer even where they
    // could be passed by value, and PER_ROW (0 or 1) sets interiorTestPerRow. Never changes a
    // result.
    if (const char* forced = std::getenv("OPENCV_GPUCONV_FILTER2D_PLAN"))
    {
        int lx = 0, ly = 0, px = 0, py = 0, tiled = -1, byValue = -1, perRow = -1;
        const int fields = std::sscanf(forced, "%d,%d,%d,%d,%d,%d,%d", &lx, &ly, &px, &py, &tiled,
                                       &byValue, &perRow);
        if (fields >= 4 && lx > 0 && ly > 0 &&
            (px == 1 || px == 2 || px == 4 || px == 8 || px == 16) && py > 0 && py <= 16)
        {
            if (fields >= 5)
                direct = tiled == 0;
            if (fields >= 6)
                plan.weightsByValue = plan.weightsByValue && byValue != 0;
            if (fields >= 7)
                plan.interiorTestPerRow = perRow != 0;
            plan.groupW = lx;
            plan.groupH = ly;
            plan.pixelsX = px;
            plan.pixelsY = py;
        }
    }
    const size_t maxGroup = maxGroupItems(device);
    while ((size_t)(plan.groupW * plan.groupH) > maxGroup && plan.groupH > 1)
        plan.groupH /= 2;
    while ((size_t)(plan.groupW * plan.groupH) > maxGroup && plan.groupW > 1)
        plan.groupW /= 2;

    // Local memory: at most half of it per group so that two groups can share a compute unit
    // (one barrier-bound group alone leaves it idle), and never more than 48 KiB.
    const size_t localBudget = std::min<size_t>(48 * 1024, maxLocalBytes(device) / 2);
    auto tileBytes = [&]() {
        return (size_t)(plan.groupW * plan.pixelsX + ksize.width - 1) *
               (size_t)(plan.groupH * plan.pixelsY + ksize.height - 1) * srcPixelBytes;
    };
    while (!direct && tileBytes() > localBudget && plan.groupH > 4)
        plan.groupH /= 2;
    while (!direct && tileBytes() > localBudget && plan.pixelsY > 1)
        plan.pixelsY /= 2;
    plan.tiled = !direct && tileBytes() <= localBudget;

    const size_t constantBytes = std::min<size_t>(device.maxConstantBufferSize(), 64 * 1024);
    plan.constantWeights = weightsBytes <= constantBytes;
    // 8- and 16-bit rows, otherwise read as words realigned by a funnel shift, gain from vector
    // windows under kernels above 3x3 (H200, 4K 8UC1 5x5 24.0-24.5 us per call against 25.9-26.5,
    // 7x7 37.1-37.7 against 39.3-40.2; 16UC1 and 16SC1 7x7 37.4-37.9 against 39.2-39.8) and lose
    // at 3x3 (16UC1 21.2-22.0 against 17.2-18.4; 8UC1 in 8x2 blocks 18.9-19.1 against 16.8-17.6;
    // docs/PERFORMANCE.md, filter2D, s38a, s38b).
    plan.vectorWindows = !plan.tiled && readsVectorWindows(device, dstSize, lanes, srcPixelBytes, plan.pixelsX,
                                                           ksize.area() > 9, srcRowsOnVectors);
    return plan;
}


LaunchShape Filter2DSpectralPlan::launchShape(Size dstSize) const
{
    LaunchShape shape;
    shape.dims = 2;
    const int groupW = blocks * block.width;
    shape.local[0] = (size_t)groupItems;
    shape.local[1] = 1;
    shape.global[0] = (size_t)((dstSize.width + groupW - 1) / groupW) * groupItems;
    shape.global[1] = (size_t)((dstSize.height + block.height - 1) / block.height);
    return shape;
}

Filter2DSpectralPlan planFilter2DSpectral(const ocl::Device& device, Size ksize, int sdepth, int ddepth, int cn)
{
    Filter2DSpectralPlan plan;
    const int tile = Filter2DSpectralPlan::tile;
    // Float rounding of a transform grows with the values: 8-bit and float sources stay within
    // filter2D's tolerance (+-1, relative 1e-5); 16-bit ones could round an output the other way
    // by more. Double accumulation (64F) keeps the direct correlation.
    // Destinations narrower than the source (32F -> 8U, say) were not measured there.
    const bool arithmetic = (sdepth == CV_8U || sdepth == CV_32F) && ddepth != CV_64F && ddepth >= sdepth;
    // At least half a tile of outputs each way, so that a tile's transforms serve enough outputs.
    const bool fits = ksize.width <= tile / 2 + 1 && ksize.height <= tile / 2 + 1;
    // The kernel's local memory: the complex tile (rows padded by one element), the twiddles and
    // the non-finite flags of its two transforms at most.
    const size_t localBytes = (size_t)tile * (tile + 1) * 8 + (size_t)tile * 8 + 2 * sizeof(int);
    const bool deviceFits = maxGroupItems(device) >= (size_t)Filter2DSpectralPlan::groupItems &&
                            maxLocalBytes(device) >= localBytes;
    if (!arithmetic || !fits || !deviceFits || cn < 1 || cn > 4)
        return plan;
    const char* forced = std::getenv("OPENCV_GPUCONV_FILTER2D_SPECTRAL");
    if (forced && std::strcmp(forced, "never") == 0)
        return plan;
    const bool always = forced && std::strcmp(forced, "always") == 0;
    plan.blocks = cn == 1 ? 2 : 1;
    plan.block = Size(tile - ksize.width + 1, tile - ksize.height + 1);
    // The direct correlation costs ~KW * KH per output, a tile's transforms a fixed amount shared
    // by its block's outputs: the product of the two decides. Measured crossovers on an H100 (4K,
    // device time; docs/PERFORMANCE.md, filter2D), the same for every channel count: 7x7 direct
    // (8UC1 46 against 56 us, 8UC4 139 against 192), 9x9 spectral (8UC1 58 against 75, 8UC4 199
    // against 219, 32FC1 62 against 72): products of 165e3 and 254e3, the threshold between them,
    // unmeasured (9x7, 205e3, stays direct).
    const double work = (double)ksize.area() * plan.block.area();
    plan.use = always || work >= 250e3;
    return plan;
}

bool packVariantKey(std::initializer_list<std::pair<int, int>> fields, uint64& key)
{
    key = 0;
    int bits = 0;
    bool fits = true;
    for (const auto& f : fields)
    {
        CV_DbgAssert(f.second > 0 && f.second < 31);
        bits += f.second;
        fits = fits && f.first >= 0 && f.first < (1 << f.second);
        key = (key << f.second) | (uint64)(f.first & ((1 << f.second) - 1));
    }
    return fits && bits <= 64;
}

bool planRankOneAsSeparable(const ocl::Device& device, Size ksize)
{
    (void)device;  // the crossover was measured on one GPU only; CPU runtimes follow it too
    return ksize.area() > 16 * 16 && std::min(ksize.width, ksize.height) > 1;
}

namespace {

/** Tuning aid, read once: OPENCV_GPUCONV_INTEGRAL_TUNE="tilesPerCU,plain,-,batch,band,segments,-,-,order,evict,chunk,group,rows"
    (0 for planned): the most tiles per compute unit of the single pass, look-back words through
    plain loads (1) or atomics (2) (single pass and tilted sum), predecessors per read of the
    look-back (1..8), the tilted sum's rows per band (a power of two, 4 to 32; its tiles are
    twice as wide), the work items per tile column (2, 4 or 8; fewer where local memory or the
    work-group size calls for it), tickets from work-group ids (1) or an atomic (2), sums stored
    evict-first (1: PTX, NVIDIA's GPUs only) or plainly (2), the additive tilted sum's rows per
    chunk (a power of two, 1 to 256), its work-group width (a power of two, 1 to 1024, within the
    device's) and its rows read at a time (a power of two up to the chunk's). Fields 3, 7 and 8 are
    ignored: they selected variants removed (docs/PERFORMANCE.md, integral), kept so that the recorded sweep
    strings keep their meaning. Never changes a result. */
const int* integralOverride()
{
    static int values[13] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    static const bool parsed = [] {
        if (const char* s = std::getenv("OPENCV_GPUCONV_INTEGRAL_TUNE"))
            std::sscanf(s, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d", &values[0], &values[1], &values[2],
                        &values[3], &values[4], &values[5], &values[6], &values[7], &values[8], &values[9],
                        &values[10], &values[11], &values[12]);
        return true;
    }();
    (void)parsed;
    return values;
}

/** Work-groups of 32 lanes x 8 segments, fewer lanes (a power of two, which the options' keys
    encode) on devices with smaller groups: the three-launch scan's carries. */
void setCarryGroup(LaunchShape& carries, size_t maxGroup)
{
    carries.dims = 2;
    carries.local[1] = std::min<size_t>(8, maxGroup);
    carries.local[0] = 32;
    while (carries.local[0] > 1 && carries.local[0] * carries.local[1] > maxGroup)
        carries.local[0] /= 2;
}

/** A choice taken on NVIDIA's GPUs only, unless tuning field `field` says 1 (take it) or 2 (do
    not). */
bool onNvidiaGpuUnlessTuned(const ocl::Device& device, int field)
{
    const int choice = integralOverride()[field];
    return choice == 1 || (choice == 0 && device.type() == ocl::Device::TYPE_GPU && device.isNVidia());
}

/** Look-back words through plain (volatile) loads and stores rather than atomics: on NVIDIA's
    GPUs, whose volatile global accesses go to L2 (coherent between work-groups), they cost far
    less than an atomic per word (H100, 1080p: sum + squared sum 61 -> 36 us, 32FC1->64F 51 ->
    22 us). Elsewhere atomics: they also keep race checkers (oclgrind) quiet. */
bool plainLookBackWords(const ocl::Device& device)
{
    return onNvidiaGpuUnlessTuned(device, 1);
}

/** Whether the look-back's tiles take their place from their work-group's id rather than an
    atomic ticket. A tile waits only on tiles of smaller tickets, so ids serve where the device
    starts work-groups in the order of their ids, as NVIDIA's GPUs do (CUB's single-pass scan
    takes its tiles from block ids); the ticket's atomic costs each tile a round trip (0.7 us,
    H100). Elsewhere tickets: a CPU runtime may start work-groups in any order. */
bool groupOrderTickets(const ocl::Device& device)
{
    return onNvidiaGpuUnlessTuned(device, 8);
}

/** Whether the sums leave as evict-first stores (PTX st.global.cs: NVIDIA's GPUs only). Calls back
    to back then take less time, over one image or over 8 in turn: H200, 4K 8UC1 with the squared
    sum 48-51 (one image) and 54 (8 images) against 63-64 us per call, with the tilted sum too
    82-84 and 85-86 against 92-93, the sum alone 25 and 28 against 29; 8UC2 and 16-bit images
    43-44 against 50-51 (one image). Sources of 25 MB and more (8UC3, 8UC4, 32FC1 at 4K) gained at
    most 1 us, and no call's device time after a 256 MiB copy moved: the gain is in how one call
    follows another (launches waited for one by one take the same time either way, s42b). Stores
    that do not allocate in L1 gained as much, write-through ones and an L2 evict-last policy
    nothing (docs/PERFORMANCE.md, integral, "Sums stored evict-first" and the sections before it). */
bool evictFirstStores(const ocl::Device& device)
{
    return onNvidiaGpuUnlessTuned(device, 9);
}

/** Whether the device has the 64-bit atomics that the look-back's tagged words need. */
bool hasLookBackAtomics(const ocl::Device& device)
{
    return device.isExtensionSupported("cl_khr_int64_base_atomics");
}

} // namespace

TiledScanPlan planTiledScan(const ocl::Device& device, Size size, size_t pixelBytes, bool allowSinglePass,
                            size_t tilePixelBytes)
{
    const int* tune = integralOverride();
    CV_Assert(size.width > 0 && size.height > 0 && pixelBytes > 0);
    const size_t maxGroup = maxGroupItems(device);
    if (tilePixelBytes == 0)
        tilePixelBytes = pixelBytes;
    auto localBytes = [&](int tile, int segments) {
        // The padded tile, then the segment sums and the carries (edges or seeds), per output; a
        // narrower tile's single pass keeps one set of segment sums beside its edges.
        const size_t sums = tilePixelBytes < pixelBytes ? (size_t)(segments + 2) * (tile + 1)
                                                        : (size_t)(2 * (segments + 1) * (tile + 1));
        return (size_t)((tile + 1) * (tile + 1)) * tilePixelBytes + sums * pixelBytes;
    };
    // The tile is the largest power of two whose local memory fits `budget` and whose work-group
    // the device accepts. Work-groups of tile x 4 work items (segments of tile / 4 pixels) keep
    // the sequential chains of the scans short; at least 2 segments, so that tile + 1 work items
    // carry the look-back.
    TiledScanPlan plan;
    auto chooseTile = [&](size_t budget) {
        plan.tile = 64;
        while (plan.tile > 8 && (localBytes(plan.tile, 2) > budget || (size_t)plan.tile * 2 > maxGroup))
            plan.tile /= 2;
        plan.segments = tune[5] == 2 || tune[5] == 8 ? tune[5] : 4;
        while (plan.segments > 2 && (localBytes(plan.tile, plan.segments) > budget ||
                                     (size_t)(plan.tile * plan.segments) > maxGroup))
            plan.segments /= 2;
        plan.tilesX = (size.width + plan.tile - 1) / plan.tile;
        plan.tilesY = (size.height + plan.tile - 1) / plan.tile;
    };
    // Single pass: up to 40 KiB (5/6 of NVIDIA's 48) per work-group: large tiles keep the
    // look-back chains short, and an H100 compute unit still holds several such groups.
    chooseTile(std::min<size_t>(40 * 1024, maxLocalBytes(device) * 5 / 6));
    plan.plainLookBack = plainLookBackWords(device);
    plan.groupOrderTickets = groupOrderTickets(device);
    plan.evictFirstStores = evictFirstStores(device);
    // With plain look-back words, tiles of 64 pixels still gain from one launch at 16 tiles per
    // compute unit where their sums take at most 8 bytes (H100, 4K: 2040 tiles; 8UC1->32S 40.2
    // against 44.8 us for three launches, 32FC1->32F 48.0 against 60.3, ->64F 72.4 against 83.6;
    // 8UC1 with the squared sum's 32-bit tile: docs/PERFORMANCE.md, integral, 44179a5), not with
    // larger ones (a squared sum's 12 bytes: 117 against 114 us; 8UC4's 16 in a tile of 16-bit
    // rows: H200, 4K, 94.0-96.3 against 82.1-84.6 us per call, s38c) nor with smaller tiles
    // (16-byte sums; 1080p 8UC4: 2040 tiles of 32, 53.4 against 45.5 us): docs/PERFORMANCE.md,
    // integral, commits d968603 and 139b129. At 8 per unit the 16-bit rows' tiles of 64 gain
    // (H200, 1080p 8UC4 26.4-27.3 us per call against 34.7-37.0 in three launches, 8UC3 21.5-22.2
    // against 27.5-27.8; docs/PERFORMANCE.md, integral, s38c).
    const size_t tilesPerUnit = tune[0] > 0 ? (size_t)tune[0]
                                            : plan.plainLookBack && plan.tile == 64 && pixelBytes <= 8 ? 16 : 8;
    plan.singlePass = allowSinglePass && hasLookBackAtomics(device) &&
                      (size_t)plan.tilesX * plan.tilesY <= tilesPerUnit * (size_t)device.maxComputeUnits();
    // One predecessor per read (H100, one launch: batches of 2 or 4 after the nearest one were
    // as fast or slower, by up to 13% for 8UC4; before the nearest was read alone, 4 and 8 cost
    // up to 19% and 44%).
    plan.lookBackBatch = std::max(1, std::min(8, tune[3] > 0 ? tune[3] : 1));
    if (!plan.singlePass)
    {
        // Half the local memory (at most 24 KiB) leaves room for a second resident group.
        chooseTile(std::min<size_t>(24 * 1024, maxLocalBytes(device) / 2));
        // Each lane scans tilesX or tilesY totals: split into segments, so that work items wait
        // on a few blocks of loads rather than on dozens one after another (H100, 4K 8UC4: 6016
        // lanes of up to 120 totals took 16 us alone). The same shape on every device that takes
        // groups of 256, so that the tests on a CPU run the segments as the GPU does.
        const size_t carryItems = (size_t)size.height + size.width + plan.tilesY;
        setCarryGroup(plan.carries, maxGroup);
        plan.carrySegments = (int)plan.carries.local[1];
        plan.carries.global[0] = roundUp(carryItems, plan.carries.local[0]);
        plan.carries.global[1] = (size_t)plan.carrySegments;
    }
    plan.tiles.dims = 2;
    plan.tiles.global[0] = (size_t)plan.tilesX * plan.tile;
    plan.tiles.global[1] = (size_t)plan.tilesY * plan.segments;
    plan.tiles.local[0] = (size_t)plan.tile;
    plan.tiles.local[1] = (size_t)plan.segments;
    return plan;
}

TiltedScanPlan planTiltedScan(const ocl::Device& device, Size size, size_t pixelBytes)
{
    CV_Assert(size.width > 0 && size.height > 0 && pixelBytes > 0);
    TiltedScanPlan plan;
    // Bands of 32 rows and tiles 64 wide for 4-byte sums, halved for wider sums, so that a tile's
    // local memory (the band's row prefixes for two tile widths, its part of P - Q, the carries)
    // stays within 32 KiB: an H100 compute unit then holds several groups.
    const int forcedBand = integralOverride()[4];
    plan.band = forcedBand >= 4 && forcedBand <= 32 && (forcedBand & (forcedBand - 1)) == 0 ? forcedBand : 32;
    const size_t budget = std::min<size_t>(32 * 1024, maxLocalBytes(device));
    const size_t maxGroup = maxGroupItems(device);
    auto localBytes = [&] {
        const size_t band = (size_t)plan.band, tile = 2 * band;
        return (band * (2 * tile + 1) + band * (tile + 1) + 9 * tile) * pixelBytes;
    };
    auto fits = [&] { return localBytes() <= budget && 4 * (size_t)(2 * plan.band) <= maxGroup; };
    while (!fits() && plan.band > 4)
        plan.band /= 2;
    plan.tile = 2 * plan.band;
    plan.localBytes = localBytes();
    plan.fallingBytes = (size_t)plan.band * (plan.tile + 1) * pixelBytes;
    if (!fits() || !hasLookBackAtomics(device))
        return plan;
    plan.feasible = true;
    plan.plainLookBack = plainLookBackWords(device);
    plan.groupOrderTickets = groupOrderTickets(device);
    plan.evictFirstStores = evictFirstStores(device);
    plan.tilesX = (size.width + 1 + plan.tile - 1) / plan.tile;
    plan.bands = (size.height + plan.band - 1) / plan.band;
    plan.tiles.dims = 1;
    plan.tiles.local[0] = 4 * (size_t)plan.tile;
    plan.tiles.global[0] = (size_t)plan.tilesX * plan.bands * plan.tiles.local[0];
    return plan;
}

DiagonalScanPlan planDiagonalScan(const ocl::Device& device, Size size, int cn, size_t pixelBytes)
{
    CV_Assert(size.width > 0 && size.height > 0 && cn > 0 && pixelBytes > 0);
    DiagonalScanPlan plan;
    // Chunks of at least 8 rows, and at most 128 chunks (an item of a chunk adds the totals of the
    // chunks above it and walks its chunk) up to chunks of 256 rows, the most the options' key
    // holds (images of over 32768 rows take more chunks), read 8 rows at a time. H200, 32FC1 with
    // the squared sum, device us at 640x480, 1080p and 4K: chunks of 8, 16 and 32 rows read 8 or 4
    // at a time 49, 86, 246-251; at most 64 chunks (8, 32, 64 rows) read 8 at a time 49, 87, 268,
    // 16 at a time 48, 92, 297; the difference of diagonal sums it replaced 52, 91, 279 (s60c,
    // docs/PERFORMANCE.md, integral).
    auto powerOfTwo = [](int v, int hi) { return v >= 1 && v <= hi && (v & (v - 1)) == 0; };
    const int* tune = integralOverride();
    plan.chunk = 8;
    while (plan.chunk < 256 && plan.chunk * 128 < size.height)
        plan.chunk *= 2;
    if (powerOfTwo(tune[10], 256))
        plan.chunk = tune[10];
    plan.chunks = (size.height + plan.chunk - 1) / plan.chunk;
    plan.batch = powerOfTwo(tune[12], plan.chunk) ? tune[12] : std::min(plan.chunk, 8);
    const size_t group = std::min<size_t>(powerOfTwo(tune[11], 1024) ? tune[11] : 128, maxGroupItems(device));
    for (LaunchShape* shape : { &plan.rising, &plan.falling })
    {
        // Rising diagonals x + y = 0 .. W + H - 2; falling x - y = -H .. W - 1.
        const size_t diagonals = (size_t)size.width + size.height - (shape == &plan.rising ? 1 : 0);
        shape->dims = 3;
        shape->local[0] = group;
        shape->local[1] = shape->local[2] = 1;
        shape->global[0] = roundUp(diagonals, group);
        shape->global[1] = (size_t)plan.chunks;
        shape->global[2] = (size_t)cn;
    }
    plan.sumsBytes = (size_t)size.area() * pixelBytes;
    plan.totalsBytes = (size_t)plan.chunks * (size.width + size.height) * pixelBytes;
    return plan;
}

TiltedInPassPlan planTiltedInPass(const ocl::Device& device, const TiledScanPlan& upright,
                                  const TiltedScanPlan& tilted)
{
    TiltedInPassPlan plan;
    // Their local memories are shared (the larger of the two), each within the device's, the tilted
    // tiles' with the falling walks' array of the pass (opencl/integral.cl); both take their
    // look-back words from plainLookBackWords.
    if (!upright.singlePass || !tilted.feasible || upright.tile != tilted.tile || upright.segments != 4 ||
        tilted.localBytes + tilted.fallingBytes > maxLocalBytes(device))
        return plan;
    plan.joins = true;
    plan.tiles.local[0] = (size_t)upright.tile;
    plan.tiles.local[1] = (size_t)upright.segments;
    plan.tiles.global[0] =
        ((size_t)upright.tilesX * upright.tilesY + (size_t)tilted.tilesX * tilted.bands) * plan.tiles.local[0];
    plan.tiles.global[1] = plan.tiles.local[1];
    // The bands' tiles wait on the row chains of the upright tiles beside them: 4 tile rows behind
    // those, they find them done; 48 registers let an H100 or H200 compute unit hold 5 groups
    // instead of 4 (H200, 4K 8UC1 with the squared and tilted sums: 112 us per call in two
    // launches, 120 in one, 104 four rows behind, 97 with 48 registers; 40 registers 101, 8 rows
    // behind 105; docs/PERFORMANCE.md, integral).
    plan.lag = 4;
    if (device.isNVidia() && device.isExtensionSupported("cl_nv_compiler_options"))
        plan.maxRegisters = 48;
    return plan;
}

}}} // namespace cv::gpuconv::detail
