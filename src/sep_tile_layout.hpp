// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_SEP_TILE_LAYOUT_HPP
#define GPUCONV_SEP_TILE_LAYOUT_HPP

// The local-memory layout of sepFilter2D's tiled single pass. Standard C++ only: the CUDA probe
// scripts/ptx_profile/ptxprof.cu, built without OpenCV, lays its launches out with it too.

#include <algorithm>
#include <cstddef>

namespace cv { namespace gpuconv { namespace detail {

/** A row pitch in pixels (>= width) that puts the rows work items on neighbouring rows read in
    different local-memory banks: an odd number of the units a bank serves per access (4 bytes,
    or a whole pixel where larger). Pixel sizes are powers of two. */
inline size_t bankSpreadPitch(size_t width, size_t pixelBytes)
{
    const size_t unit = std::max<size_t>(4, pixelBytes);
    size_t units = (width * pixelBytes + unit - 1) / unit;
    if (units % 2 == 0)
        ++units;
    return units * unit / pixelBytes;
}

/** The pitch in pixels of the source tile's rows, `srcW` pixels each: with room for the kernel's
    word loads of interior tiles, which shift a row by its address modulo 16 and store whole 4-byte
    words, up to 18 bytes more. */
inline size_t sourceTilePitch(size_t srcW, size_t pixelBytes)
{
    return bankSpreadPitch(srcW + (18 + pixelBytes - 1) / pixelBytes, pixelBytes);
}

}}} // namespace cv::gpuconv::detail

#endif
