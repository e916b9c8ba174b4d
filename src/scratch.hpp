// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_SCRATCH_HPP
#define GPUCONV_SCRATCH_HPP

// Device memory that calls need only while their kernels run, kept per thread and OpenCL context
// and reused by later calls. OpenCV pools device buffers only on Intel's drivers; elsewhere every
// UMat a call creates is a new buffer, and on NVIDIA's driver creating and releasing one costs
// more than many whole filters take on the GPU (docs/PERFORMANCE.md). Reuse is safe because each
// thread's copies and kernels run in order on its queue, and the launch layer (launch.hpp) holds
// the buffers a kernel uses until it ran.

#include <opencv2/core.hpp>

namespace cv { namespace gpuconv { namespace detail {

/** The uses of scratch memory; a call may hold several at once, each in its own slot. */
enum ScratchSlot
{
    SCRATCH_FILTER_SOURCE,      //!< filters in place: the copy of the source they read
    SCRATCH_ROW_FILTERED,       //!< sepFilter2D's two passes: the row-filtered image
    SCRATCH_LOOK_BACK_CARRIES,  //!< integral, single pass: published carries of the sum
    SCRATCH_LOOK_BACK_SQ_CARRIES,  //!< ... of the squared sum
    SCRATCH_LOOK_BACK_FLAGS,    //!< ... and the tile ticket
    SCRATCH_ROW_TOTALS,         //!< integral, three launches: tile row totals
    SCRATCH_COL_TOTALS,         //!< ... tile column totals
    SCRATCH_TILE_SUMS,          //!< ... each tile's sum
    SCRATCH_TILTED_LOOK_BACK_CARRIES,  //!< integral, tilted sum: published carries down the diagonals
    SCRATCH_TILTED_UPRIGHT,     //!< ... the double upright sum it starts from (float sums of integer images)
    SCRATCH_DIAGONAL_SUMS,      //!< ... of float images: the sums up the rising diagonals
    SCRATCH_DIAGONAL_TOTALS,    //!< ... and each diagonal's total per chunk of rows
    SCRATCH_SLOTS
};

/** A device image of `size` and `type` in `slot`; its contents are those a previous call left. */
UMat scratchImage(ScratchSlot slot, Size size, int type);

/** At least `bytes` bytes of device memory in `slot`, for kernels that take only its buffer;
    `zeroed`: set to zero when (re)allocated, otherwise as a previous call left it. */
UMat scratchBytes(ScratchSlot slot, size_t bytes, bool zeroed = false);

/** Drops the memory of `slot` (the next request allocates it again). */
void releaseScratch(ScratchSlot slot);

}}} // namespace cv::gpuconv::detail

#endif
