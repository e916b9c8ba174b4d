// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Border rules, device side, in one place (src/border.hpp is the host side). The host selects
// one of BORDER_CONSTANT, BORDER_REPLICATE, BORDER_REFLECT, BORDER_WRAP, BORDER_REFLECT_101.

// Maps coordinate p of an axis of length len into [0, len) exactly as cv::borderInterpolate does;
// -1 under BORDER_CONSTANT for a point outside, whose value is then zero.
inline int border_index(int p, int len)
{
    if ((uint)p < (uint)len)
        return p;
#if defined(BORDER_CONSTANT)
    return -1;
#elif defined(BORDER_REPLICATE)
    return p < 0 ? 0 : len - 1;
#elif defined(BORDER_REFLECT) || defined(BORDER_REFLECT_101)
#  ifdef BORDER_REFLECT_101
    const int delta = 1;
#  else
    const int delta = 0;
#  endif
    if (len == 1)
        return 0;
    do
    {
        if (p < 0)
            p = -p - 1 + delta;
        else
            p = len - 1 - (p - len) - delta;
    } while ((uint)p >= (uint)len);
    return p;
#elif defined(BORDER_WRAP)
    if (p < 0)
        p -= ((p - len + 1) / len) * len;
    if (p >= len)
        p %= len;
    return p;
#else
#  error "gpuconv: no border mode selected"
#endif
}

// win[i] = CONVERT(pixel (x0 + i, y) of the whole image) for i in [0, width), coordinates
// extrapolated by the border rule (zero outside under BORDER_CONSTANT); LOAD reads a pixel at a
// byte address. For windows that may reach past the image; interior ones read directly.
#define LOAD_BORDERED_ROW(win, width, T, CONVERT, LOAD, pixel_size, src_whole, src_step, x0, y, cols, rows) \
    do {                                                                                        \
        const int sy_ = border_index((y), (rows));                                              \
        __global const uchar* srow_ = (src_whole) + (size_t)max(sy_, 0) * (src_step);           \
        _Pragma("unroll")                                                                       \
        for (int i_ = 0; i_ < (width); ++i_)                                                    \
        {                                                                                       \
            const int sx_ = border_index((x0) + i_, (cols));                                    \
            (win)[i_] = sy_ >= 0 && sx_ >= 0 ? CONVERT(LOAD(srow_ + (size_t)sx_ * (pixel_size))) \
                                             : (T)(0);                                          \
        }                                                                                       \
    } while (0)
