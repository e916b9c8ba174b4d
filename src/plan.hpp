// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_PLAN_HPP
#define GPUCONV_PLAN_HPP

// The plan step: how a case is scheduled on the device at hand (kernel variant, vector width,
// work-group shape). What a kernel computes is decided by the host file of each function; a
// plan may change speed, never the result.

#include "ocl_types.hpp"

#include <opencv2/core/ocl.hpp>
#include <initializer_list>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cv { namespace gpuconv { namespace detail {

/** NDRange of one launch (see launch.hpp); local sizes of zero let the driver choose. */
struct LaunchShape
{
    int dims = 2;
    size_t global[3] = { 1, 1, 1 };
    size_t local[3] = { 0, 0, 0 };
};

/** What a built kernel allows on the device: the most work items per group (its registers per
    item decide it; 0 where it did not build, for the device's limit) and the local memory it
    takes itself besides its __local arguments (CL_KERNEL_LOCAL_MEM_SIZE). */
struct KernelLimits
{
    size_t maxItems = 0;
    size_t localBytes = 0;
};

/** `value` rounded up to a multiple of `multiple`. */
size_t roundUp(size_t value, size_t multiple);

/** The most work items a plan may put in one work-group on `device`: its maximum, or less where
    OPENCV_GPUCONV_MAX_GROUP_ITEMS says so (tests of devices with small work-groups on any device).
    KernelLaunch refuses a launch beyond it. */
size_t maxGroupItems(const ocl::Device& device);

/** The most local memory a plan may take in one work-group on `device`: its size, or less where
    OPENCV_GPUCONV_MAX_LOCAL_BYTES says so (tests of devices with small local memories on any
    device; OpenCL's least is 32 KiB). KernelLaunch refuses a launch beyond it. */
size_t maxLocalBytes(const ocl::Device& device);

/** A 2D array in device memory as the plan sees it. */
struct ArrayLayout
{
    size_t offset;    //!< byte offset of the first element from the buffer start
    size_t step;      //!< bytes from one row to the next
    size_t elemSize;  //!< bytes of one element (one channel)

    static ArrayLayout of(const UMat& m) { return { m.offset, m.step[0], m.elemSize1() }; }
};

/** Whether every row of every one of `arrays` (of `rows` rows) starts on a boundary of a vector of
    `vectorWidth` of its elements, so that kernels may access them through vector pointer casts
    (" -D ALIGNED") instead of vloadn/vstoren. */
bool rowsStartOnVectors(int rows, int vectorWidth, const std::vector<ArrayLayout>& arrays);

/** Whether a filter of a `dstSize` output in blocks of 4x4 outputs per work item leaves `device`'s
    compute units fewer than 2048 work items each (1080p on an H100 or H200). */
bool fewFilterItems(const ocl::Device& device, Size dstSize);

/** Whether a filter kernel that reads its windows directly from global memory (filter2D's small
    kernels, sepFilter2D's direct kernel) reads the interior ones as aligned vectors of 4 pixels
    (VECTOR_WINDOWS, opencl/common/border.cl): one lane of 4-byte pixels, or of 1- and 2-byte ones
    where the caller measured that they gain (`narrowPixelsGain`); blocks of 4 outputs along x; a
    source whose rows lie whole vectors apart (`srcRowsOnVectors`, srcRowsOnVectors() of
    src/border.hpp); and a `dstSize` output with many work items (not fewFilterItems). */
bool readsVectorWindows(const ocl::Device& device, Size dstSize, int lanes, size_t srcPixelBytes,
                        int blockWidth, bool narrowPixelsGain, bool srcRowsOnVectors);

/** The width the blocks of a direct filter kernel, `blockWidth` outputs wide, cover for an output
    `width` wide: with vector windows they start up to blockWidth - 1 pixels left of their place
    (vector_window_shift). */
int directBlocksSpan(int width, int blockWidth, bool vectorWindows);

/** Elementwise kernels: each work item handles `vectorWidth` consecutive elements of a row. */
struct ElementwisePlan
{
    int vectorWidth = 1;   //!< elements per work item: 1, 2, 4, 8 or 16
    LaunchShape shape;

    /** " -D VEC=<n>". */
    std::string buildOptions() const;
};

/** Plans an elementwise pass over `rows` rows of `rowElements` elements of arrays whose widest
    element (one channel) is `widestElemSize` bytes. */
ElementwisePlan planElementwise(const ocl::Device& device, int rows, int rowElements, size_t widestElemSize);

/** A 2D correlation (filter2D): tiles of (groupSize * pixelsPerItem) destination pixels per work
    group, staged with their apron in local memory when they fit (`tiled`), read directly from
    global memory otherwise. Depends on the device, the kernel size and the pixel types, and for
    one-lane kernels up to 7x7 on whether the image gives each compute unit few work items: two
    programs per such kernel, one per size class, never one per image size. */
struct Filter2DPlan
{
    int groupW = 16, groupH = 16;    //!< work-group size (LX, LY)
    int pixelsX = 1, pixelsY = 1;    //!< destination pixels per work item (PX, PY)
    bool tiled = true;               //!< stage the source window in local memory (else direct reads)
    bool constantWeights = true;     //!< the weights fit in the device's constant buffer
    bool weightsByValue = false;     //!< small kernels: the weights are a by-value kernel argument
    bool interiorTestPerRow = false; //!< direct reads: one interior/border branch per window row
    bool vectorWindows = false;      //!< direct reads of one-lane 4-byte pixels as aligned vectors

    /** " -D LX=.. -D LY=.. -D PX=.. -D PY=.." and TILED, GLOBAL_WEIGHTS, WEIGHTS_BY_VALUE,
        INTERIOR_TEST_PER_ROW, VECTOR_WINDOWS where they apply. */
    std::string buildOptions() const;
    /** The NDRange covering a destination of `dstSize`. */
    LaunchShape launchShape(Size dstSize) const;
};

/** Whether a rank-1 filter2D kernel of `ksize` runs faster as sepFilter2D (two 1D passes, cost
    ~ KW + KH per pixel, plus a second pass's traffic) than as one 2D correlation (~ KW * KH). On
    an H100 the two meet near 16x16 (docs/PERFORMANCE.md). */
bool planRankOneAsSeparable(const ocl::Device& device, Size ksize);

/** Plans a filter2D launch of a `dstSize` output for a kernel of `ksize` over pixels of
    `srcPixelBytes` bytes in local memory (a 3-channel pixel counts as 4 elements) and `channels`
    channels, accumulated in lanes of `accElemBytes` bytes, with `weightsBytes` bytes of weights;
    `srcRowsOnVectors`: the source's rows lie a whole number of 16-byte vectors apart and its
    extrapolated image starts on a whole pixel (srcRowsOnVectors() of src/border.hpp). */
Filter2DPlan planFilter2D(const ocl::Device& device, Size dstSize, Size ksize, size_t srcPixelBytes,
                          int channels, size_t accElemBytes, size_t weightsBytes, bool srcRowsOnVectors);

/** filter2D through the frequency domain (opencl/filter2d_spectral.cl): one work group of
    `groupItems` items per `tile` x `tile` source tile, whose transform yields blockW x blockH
    outputs (tile - kernel + 1 each way), `blocks` blocks side by side per group (two for one
    channel, which share one complex transform). */
struct Filter2DSpectralPlan
{
    static const int tile = 64, groupItems = 256;
    bool use = false;
    int blocks = 1;
    Size block;

    /** The NDRange covering a destination of `dstSize`. */
    LaunchShape launchShape(Size dstSize) const;
};

/** Whether a filter2D of `ksize` from `sdepth` to `ddepth` with `cn` channels runs through the
    frequency domain: float arithmetic on 8-bit or float sources (whose float rounding stays within
    filter2D's tolerance there), kernels large enough for the transforms to cost less than the
    direct correlation (a cost model measured on an H100) and small enough for a useful block per
    tile, a device with the group size and local memory the kernel needs. OPENCV_GPUCONV_FILTER2D_SPECTRAL=always (every kernel up to
    the tile's limit) or never overrides the size rule, for tests of both paths. */
Filter2DSpectralPlan planFilter2DSpectral(const ocl::Device& device, Size ksize, int sdepth, int ddepth, int cn);

/** Tiled 2D scans (integral): square tiles of `tile` x `tile` pixels, one work-group of `tile` x
    `segments` work items per tile (segments >= 2), each tile staged in local memory with a padded
    row stride. Either one launch whose tiles get their carries from the tiles before them
    (decoupled look-back: `tiles` only), or three launches (tile totals, `carries`, `tiles`). */
struct TiledScanPlan
{
    int tile = 0;
    int segments = 2;  //!< work items per tile row and column: each scans tile / segments pixels
    int tilesX = 0, tilesY = 0;
    bool singlePass = false;
    /** Single pass: look-back words read and written with plain (volatile) loads and stores
        rather than atomics. Each word carries the launch's epoch, so a reader never takes a
        stale one; only devices whose volatile accesses bypass non-coherent caches qualify. */
    bool plainLookBack = false;
    /** Single pass: tiles take their place from their work-group's id rather than an atomic
        ticket, where the device starts work-groups in the order of their ids. */
    bool groupOrderTickets = false;
    int lookBackBatch = 1;      //!< single pass: predecessors a work item reads per round trip
    /** Sums leave as evict-first stores (opencl/common/vector.cl, STORE_RESULT: PTX). */
    bool evictFirstStores = false;
    LaunchShape tiles;    //!< one work-group per tile (tile x segments work items)
    /** Three launches: work items (lane, segment), one lane per image row and per image column,
        whose scan of the tile totals is split into `carrySegments` segments (one local column). */
    LaunchShape carries;
    int carrySegments = 1;
};

/** Plans a tiled scan of an image of `size` pixels whose sums take `pixelBytes` per pixel in
    local memory (in a single pass the sum's and the squared sum's together), and whose tiles
    `tilePixelBytes` (0: pixelBytes; less where the tile holds the rows' prefixes in a narrower
    type). The single pass is chosen where `allowSinglePass`, the device has 64-bit atomics, and
    the tiles are few enough per compute unit (8; 16 for tiles of 64 with plain look-back words
    and sums of at most 8 bytes a pixel): waiting on tiles of an earlier wave can cost more than
    two launches (docs/PERFORMANCE.md, integral). */
TiledScanPlan planTiledScan(const ocl::Device& device, Size size, size_t pixelBytes, bool allowSinglePass = true,
                            size_t tilePixelBytes = 0);

/** The tilted integral in one launch of tiles of band x tile outputs (tile = 2 band), one
    work-group of tile x 4 work items each, whose carries pass down the diagonals through the
    tiles' published values (tagged words as the single-pass upright scan's, plain or atomic);
    each holds the band's row prefixes for two tile widths in local memory. A floating-point image
    adds two launches that find where its NaN and infinities reach: the first row holding each
    kind per column (work-groups of 32 columns x 8 segments of the rows), and the reach of the two
    kinds (one work-group each). */
struct TiltedScanPlan
{
    bool feasible = false;  //!< false: no 64-bit atomics, or local memory or work-groups too small
    int band = 0, tile = 0, tilesX = 0, bands = 0;
    size_t localBytes = 0;    //!< local memory of an integral_tilted tile, as the plan counts it
    size_t fallingBytes = 0;  //!< what the falling walks' array adds in the upright single pass
    bool plainLookBack = false;
    bool groupOrderTickets = false;  //!< as TiledScanPlan's
    bool evictFirstStores = false;   //!< as TiledScanPlan's
    LaunchShape tiles;
};

/** Plans the tilted integral of an image of `size` pixels whose sums take `pixelBytes` in local
    memory; infeasible where the device lacks 64-bit atomics or even the smallest tiles do not
    fit it. */
TiltedScanPlan planTiltedScan(const ocl::Device& device, Size size, size_t pixelBytes);

/** The tilted integral of a floating-point image by two scans along diagonals that only add
    (opencl/integral_diagonal.cl), each in chunks of `chunk` rows read `batch` rows at a time: the
    shapes of the scan up the rising diagonals and of the one down the falling ones, one work item
    per diagonal, chunk and channel, and the scratch they take. */
struct DiagonalScanPlan
{
    int chunk = 0, chunks = 0, batch = 0;
    LaunchShape rising, falling;
    size_t sumsBytes = 0;    //!< the sums up the rising diagonals, one per pixel
    size_t totalsBytes = 0;  //!< each diagonal's total per chunk
};

/** Plans the diagonal scans of an image of `size` pixels whose sums take `pixelBytes` a pixel. */
DiagonalScanPlan planDiagonalScan(const ocl::Device& device, Size size, int cn, size_t pixelBytes);

/** The upright single pass with the tilted sum's tiles in it (opencl/integral.cl, integral_tiles
    with WITH_TILTED), which spares the tilted sum a launch of its own and lets its tiles run beside
    the upright ones. */
struct TiltedInPassPlan
{
    /** Whether the tilted tiles join the pass: not where it is not single or its tiles are not the
        tilted tiles' width. */
    bool joins = false;
    LaunchShape tiles;     //!< one work-group of tile x 4 work items per tile of either
    int lag = 0;           //!< upright tile rows whose tiles come before the first band's
    int maxRegisters = 0;  //!< registers per work item the build is held to; 0: the compiler's choice
};

TiltedInPassPlan planTiltedInPass(const ocl::Device& device, const TiledScanPlan& upright,
                                  const TiltedScanPlan& tilted);

/** Build options of kernel variants, assembled once per variant: formatting them costs more host
    time than the rest of a call. The caller packs everything the options depend on (types,
    plan) into `key`; the cache keeps the entries of each kind of common options apart
    (oclCommonOptionsKind), which `assemble` appends. Thread-safe; returned references stay valid. */
class VariantOptionsCache
{
public:
    template <typename Assemble>
    const std::string& get(const ocl::Device& device, uint64 key, Assemble&& assemble)
    {
        std::unordered_map<uint64, std::string>& options = options_[oclCommonOptionsKind(device)];
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = options.find(key);
        if (it == options.end())
            it = options.emplace(key, assemble()).first;
        return it->second;
    }

private:
    std::mutex mutex_;
    std::unordered_map<uint64, std::string> options_[oclCommonOptionsKinds];
};

/** Packs `fields`, pairs of (value, bits), into `key` for VariantOptionsCache, the first field in
    the highest bits. False when a value is negative or needs more than its bits, or the bits
    exceed 64 in all: the caller then assembles the options without the cache. */
bool packVariantKey(std::initializer_list<std::pair<int, int>> fields, uint64& key);

/** The tile of the tensor cores' single pass (opencl/sep_filter2d.cl, sep_filter2d_mma), its
    MMA_* build options: a group of `warps` warps filters `tileH` x `tileW` outputs from `rows` x
    `cols` staged source bytes, `pitch` bytes apart, through an intermediate of `tileW` columns of
    `inter` f16 each (hi and lo), in `rowSteps` products of 16 source columns per row-pass output
    and `colSteps` of 16 rows per column-pass output. */
struct MmaTileLayout
{
    int tileW = 0, tileH = 0, warps = 0;
    int rowSteps = 0, colSteps = 0;
    int rows = 0, cols = 0, pitch = 0, inter = 0;
};

/** Separable filters: the single-pass tiled kernel where its tile and apron fit local memory,
    the two-pass kernels (row pass through a global buffer) otherwise. Single-pass tiles are
    get_local_size(0) x get_local_size(1) * colStrip outputs. */
struct SepFilterPlan
{
    bool feasible = false;      //!< false when even the two-pass row tile exceeds local memory
    bool singlePass = false;
    bool direct = false;        //!< the direct kernel (short kernels, no local memory)
    bool tensor = false;        //!< the single pass on the tensor cores (sep_filter2d_mma)
    bool tensorNative = false;  //!< tensor: the device's mma instruction (else its emulation, for tests)
    bool tensorForced = false;  //!< tensor: forced (tests), so a kernel that does not build is an error
    MmaTileLayout mma;          //!< tensor: its tile's layout (build options)
    int directW = 0;            //!< direct: outputs a work item computes along x
    int directH = 0;            //!< direct: ... along y
    bool vectorWindows = false; //!< direct: interior windows read as aligned vectors (readsVectorWindows)
    int rowStrip = 8;           //!< single pass: adjacent outputs a work item filters along x
    int colStrip = 8;           //!< single pass: ... along y
    int srcPitch = 0;           //!< single pass: source tile row pitch in pixels
    int rowPitch = 0;           //!< single pass: row-filtered tile row pitch in pixels
    size_t srcTileBytes = 0;    //!< local memory for the source tile (single pass, row pass)
    size_t rowTileBytes = 0;    //!< local memory for the row-filtered tile (single pass)
    LaunchShape shape;          //!< single pass, or the column pass
    LaunchShape rowShape;       //!< two passes: the row pass over the buffer
};

/** The direct kernel for kernels of kxLen x kyLen taps on a `size` image of `cn` channels whose
    pixels take srcPixelBytes and row-filtered pixels bufPixelBytes, `srcRowsOnVectors` as
    readsVectorWindows takes it: plan.direct (with directW x directH outputs per work item, whether
    it reads vector windows, and its launch shape) where it applies, else a plan that is not
    feasible. */
SepFilterPlan planSepFilterDirect(const ocl::Device& device, Size size, int kxLen, int kyLen, int cn,
                                  size_t srcPixelBytes, size_t bufPixelBytes, bool srcRowsOnVectors);

/** The single pass on the tensor cores for kernels of kxLen x kyLen taps on a `size` image whose
    arithmetic it reproduces (one-channel 8-bit source and result, float sums, coefficients in f16
    range: the caller's decision): plan.tensor where the device has the mma instruction (NVIDIA,
    compute capability 8.0 or later), the kernels are longer than the direct kernel's, the image
    repays a build per pair of lengths (planSepFilterFixedTaps) and makes 8 groups or more per
    compute unit, else a plan that is not feasible.
    OPENCV_GPUCONV_SEPFILTER_TENSOR=always takes it for every such case on every device (emulated
    where the instruction is missing: tests), =never for none. */
SepFilterPlan planSepFilterTensor(const ocl::Device& device, Size size, int kxLen, int kyLen);

/** The single pass's strips (build options of the kernel) and, where measurements favour one,
    its tile width. */
struct SepFilterStrips
{
    int row = 4;        //!< adjacent outputs a work item filters along x (SepFilterPlan::rowStrip)
    int col = 8;        //!< ... along y (SepFilterPlan::colStrip)
    int tileWidth = 0;  //!< work items per group row; 0: the one of least estimated work
};

/** The single pass's strips for row-filtered pixels of `bufPixelBytes`, in a build for the
    kernels' lengths (`fixedTaps`, planSepFilterFixedTaps) or not; `maxTaps`: the longer kernel's
    taps. Register blocking per work item, measured on an H100 only: the same on every device. */
SepFilterStrips planSepFilterStrips(size_t bufPixelBytes, bool fixedTaps, int maxTaps);

/** Whether the single pass filtering a `size` image is built for kernels of exactly kxLen x kyLen
    taps and their symmetry (unrolled tap loops, coefficients by value) rather than for lengths
    given at run time. */
bool planSepFilterFixedTaps(Size size, int kxLen, int kyLen);

/** Plans a separable filter of a `size` image with kernels of kxLen x kyLen taps, whose source
    pixels take srcPixelBytes and row-filtered pixels bufPixelBytes in local memory, with the
    single pass's strips (and tile width, where given) from planSepFilterStrips, within what the
    built kernels allow (`fused`, the single pass, and `rowPass`, the two passes' row kernel: their
    work items per group, and the local memory left beside their own and the alignment of their
    __local arguments). `forceTwoPass` is for tests of the two-pass path with short kernels. */
SepFilterPlan planSepFilter(const ocl::Device& device, Size size, int kxLen, int kyLen,
                            size_t srcPixelBytes, size_t bufPixelBytes, const SepFilterStrips& strips,
                            const KernelLimits& fused, const KernelLimits& rowPass, bool forceTwoPass = false);

}}} // namespace cv::gpuconv::detail

#endif
