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
    if (mode == GPUCONV_BORDER_REPLICATE)
        return p < 0 ? 0 : len - 1;
    // The other rules repeat the axis with a period: WRAP every len pixels; REFLECT every 2 len,
    // mirrored about -1/2 and len - 1/2; REFLECT_101 every 2 len - 2, mirrored about 0 and len - 1.
    // One remainder replaces cv::'s loop of reflections (windows wider than the image reflect
    // more than once).
    const int period = mode == GPUCONV_BORDER_WRAP      ? len
                       : mode == GPUCONV_BORDER_REFLECT ? 2 * len
                                                        : max(2 * len - 2, 1);
    int q = p % period;
    if (q < 0)
        q += period;
    if (mode == GPUCONV_BORDER_WRAP || q < len)
        return q;
    return period - 1 - q + (mode == GPUCONV_BORDER_REFLECT_101 ? 1 : 0);
}

// win[i] = CONVERT(pixel (x0 + i, y) of the whole image) for i in [0, width), coordinates
// extrapolated by the border rule `mode` (zero outside under BORDER_CONSTANT); LOAD reads a pixel
// at a byte address. For windows that may reach past the image; interior ones read directly.
#define LOAD_BORDERED_ROW(win, width, T, CONVERT, LOAD, pixel_size, src_whole, src_step, x0, y, cols, rows, mode) \
    do {                                                                                        \
        const int sy_ = border_index((y), (rows), (mode));                                      \
        __global const uchar* srow_ = (src_whole) + (size_t)max(sy_, 0) * (src_step);           \
        _Pragma("unroll")                                                                       \
        for (int i_ = 0; i_ < (width); ++i_)                                                    \
        {                                                                                       \
            const int sx_ = border_index((x0) + i_, (cols), (mode));                            \
            (win)[i_] = sy_ >= 0 && sx_ >= 0 ? CONVERT(LOAD(srow_ + (size_t)sx_ * (pixel_size))) \
                                             : (T)(0);                                          \
        }                                                                                       \
    } while (0)
