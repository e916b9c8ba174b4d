// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Border rules, device side, in one place (src/border.hpp is the host side). The rule is a kernel
// argument, border_mode, holding cv::BorderTypes' value: one program serves every rule (a build
// option per rule made five programs of every filter variant), and only windows that reach past
// the image's edge evaluate it, in uniform branches.
#define GPUCONV_BORDER_CONSTANT 0
#define GPUCONV_BORDER_REPLICATE 1
#define GPUCONV_BORDER_REFLECT 2
#define GPUCONV_BORDER_WRAP 3
#define GPUCONV_BORDER_REFLECT_101 4

// Maps coordinate p of an axis of length len into [0, len) exactly as cv::borderInterpolate does;
// -1 under BORDER_CONSTANT for a point outside, whose value is then zero.
inline int border_index(int p, int len, int mode)
{
    if ((uint)p < (uint)len)
        return p;
    if (mode == GPUCONV_BORDER_CONSTANT)
        return -1;
    if (len == 1)
        return 0;
    // Each rule maps a point past an edge by p -> slope * p + (offset at that edge): REPLICATE
    // onto the edge, WRAP by a shift of len, REFLECT mirrored about -1/2 and len - 1/2,
    // REFLECT_101 about 0 and len - 1; repeated while outside, as cv:: does for windows wider
    // than the image. (A remainder by the period instead took more registers: 4K 8UC4 7x7
    // filter2D on the H100 153 us per call against 136 with the rule as a build option;
    // docs/PERFORMANCE.md, "The border rule as a kernel argument".)
    const int slope = mode == GPUCONV_BORDER_WRAP ? 1 : mode == GPUCONV_BORDER_REPLICATE ? 0 : -1;
    const int below = mode == GPUCONV_BORDER_WRAP ? len : mode == GPUCONV_BORDER_REFLECT ? -1 : 0;
    const int above = mode == GPUCONV_BORDER_WRAP        ? -len
                      : mode == GPUCONV_BORDER_REPLICATE ? len - 1
                      : mode == GPUCONV_BORDER_REFLECT   ? 2 * len - 1
                                                         : 2 * len - 2;
    do
        p = slope * p + (p < 0 ? below : above);
    while ((uint)p >= (uint)len);
    return p;
}

// columns[i] = border_index(x0 + i, cols, mode) for i in [0, width): the columns of an edge
// window, mapped once per window into volatile private memory, which keeps them out of
// registers: mapped per row and pixel in the unrolled window code, or kept in registers, the
// rule's arithmetic took registers from the interior windows' code (H100, 4K 8UC4 7x7 filter2D:
// 188 registers and 174-183 us per call; 128 and 131 this way; 164 and 136 with the rule as a build
// option; docs/PERFORMANCE.md, "The border rule as a kernel argument").
inline void map_border_columns(volatile int* columns, int width, int x0, int cols, int mode)
{
    #pragma unroll 1
    for (int i = 0; i < width; ++i)
        columns[i] = border_index(x0 + i, cols, mode);
}

// win[i] = CONVERT(pixel (columns[i], y) of the whole image) for i in [0, width), `columns` from
// map_border_columns and y extrapolated by the border rule `mode` (zero outside under
// BORDER_CONSTANT); LOAD reads a pixel at a byte address. For windows that may reach past the
// image; interior ones read directly.
#define LOAD_BORDERED_ROW(win, width, T, CONVERT, LOAD, pixel_size, src_whole, src_step, columns, y, rows, mode) \
    do {                                                                                        \
        const int sy_ = border_index((y), (rows), (mode));                                      \
        __global const uchar* srow_ = (src_whole) + (size_t)max(sy_, 0) * (src_step);           \
        UNROLL                                                                                  \
        for (int i_ = 0; i_ < (width); ++i_)                                                    \
        {                                                                                       \
            const int sx_ = (columns)[i_];                                                      \
            (win)[i_] = sy_ >= 0 && sx_ >= 0 ? CONVERT(LOAD(srow_ + (size_t)sx_ * (pixel_size))) \
                                             : (T)(0);                                          \
        }                                                                                       \
    } while (0)

// Direct filters (filter2D's small kernels, sepFilter2D's direct kernel) that read the interior
// windows of one-lane pixels as aligned vectors of px pixels (VECTOR_WINDOWS; the host checks that
// rows lie a whole number of vectors apart and that the image starts on a whole pixel): how many
// pixels left of its place in the grid a block starts so that every window row starts on a
// vector. A window starts at byte src_whole_offset + pixel_size * (roi_x + x - anchor_x) of its
// row, x the block's first output.
inline int vector_window_shift(int src_whole_offset, int pixel_size, int roi_x, int anchor_x, int px)
{
    return (src_whole_offset / pixel_size + roi_x - anchor_x) & (px - 1);
}
