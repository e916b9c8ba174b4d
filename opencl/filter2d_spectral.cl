// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// filter2D for large kernels through the frequency domain (overlap-save): a work group loads a
// 64x64 source tile, transforms it, multiplies it by the kernel's spectrum and transforms it
// back; the (64 - KW + 1) x (64 - KH + 1) outputs whose window lies inside the tile are exact
// correlations up to float rounding, the rest (wrapped around) are dropped. A transform costs
// ~6 log2(64) operations per tile pixel where a direct correlation costs KW * KH per output, so it
// wins for large kernels (src/plan.cpp, planFilter2DSpectral).
//
// Two real planes share one complex transform (the kernel is real, so the real and imaginary
// parts of the result are the two planes' correlations): one-channel images put two horizontally
// adjacent blocks in one tile, 2- to 4-channel images two channels per transform.
//
// The 64-point transforms along rows and columns are two radix-8 passes in local memory
// (64 = 8 x 8): the forward one leaves its outputs in digit-reversed order (position 8a + b holds
// frequency a + 8b), the spectrum argument is stored in that order (host), and the inverse
// starts from it. Every pass reads and writes back the same 8 positions of a line, so passes
// need no scratch, only a barrier between them.
//
// Build options: SRC_T1, CN (1..4), SRC_TO_FLOAT (source pixel -> float CN), DST_T1, TO_DST1 and
// TO_DST2 (float and float2 -> destination elements), KW, KH, TN, GROUP_ITEMS, NONFINITE_CHECK.

#include "common/vector.cl"
#include "common/border.cl"
#if CN == 1
#  define CN_LANES
#else
#  define CN_LANES CN
#endif
#define FLOAT_PIXEL GPUCONV_CAT(float, CN_LANES)
// common/tile.cl for its pixel reads with the border rule (load_extrapolated_pixel) in float
// lanes; its load_tile is not used here.
#define WT FLOAT_PIXEL
#define SRC_TO_WT SRC_TO_FLOAT
#include "common/tile.cl"

// TN (transform length, both axes) and GROUP_ITEMS come from the plan (src/plan.hpp,
// Filter2DSpectralPlan); the passes below are written for 64 = 8 x 8 points.
#if TN != 64
#  error "filter2d_spectral: 64-point transforms only"
#endif
#define PITCH (TN + 1)             // local row pitch in complex elements: lines on distinct banks
#define OUT_W (TN - KW + 1)
#define OUT_H (TN - KH + 1)
#define TILE_ITEMS (TN * TN / GROUP_ITEMS)                          // tile pixels per item
#define OUT_ITEMS ((OUT_W * OUT_H + GROUP_ITEMS - 1) / GROUP_ITEMS)  // block pixels per item

#if CN == 1
#  define BLOCKS 2                 // blocks per group, side by side
#  define TRANSFORMS 1
#else
#  define BLOCKS 1
#  define TRANSFORMS ((CN + 1) / 2)
#endif
#include "common/dst_pixel.cl"

inline float2 complex_mul(float2 a, float2 b)
{
    return (float2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// v[k] <- sum_n v[n] exp(sign * 2 pi i n k / 8), sign -1 (forward) or +1 (inverse): three
// radix-2 decimation-in-frequency steps, then the bit-reversed order undone.
inline void dft8(float2* v, float sign)
{
    const float h = 0.70710678118654752f;
    float2 u[8], w[8];
    for (int n = 0; n < 4; ++n)
    {
        u[n] = v[n] + v[n + 4];
        u[n + 4] = v[n] - v[n + 4];
    }
    // u[4 + n] *= exp(sign * 2 pi i n / 8)
    u[5] = h * (float2)(u[5].x - sign * u[5].y, u[5].y + sign * u[5].x);
    u[6] = (float2)(-sign * u[6].y, sign * u[6].x);
    u[7] = h * (float2)(-u[7].x - sign * u[7].y, -u[7].y + sign * u[7].x);
    for (int q = 0; q < 8; q += 4)
    {
        w[q] = u[q] + u[q + 2];
        w[q + 1] = u[q + 1] + u[q + 3];
        w[q + 2] = u[q] - u[q + 2];
        const float2 d = u[q + 1] - u[q + 3];
        w[q + 3] = (float2)(-sign * d.y, sign * d.x);  // * exp(sign * 2 pi i / 4)
    }
    // Bit-reversed outputs: w[0] + w[1] is frequency 0, w[0] - w[1] frequency 4, ...
    v[0] = w[0] + w[1];
    v[4] = w[0] - w[1];
    v[2] = w[2] + w[3];
    v[6] = w[2] - w[3];
    v[1] = w[4] + w[5];
    v[5] = w[4] - w[5];
    v[3] = w[6] + w[7];
    v[7] = w[6] - w[7];
}

// v[k] *= exp(sign * 2 pi i j k / 64), twiddles[m] = exp(-2 pi i m / 64).
inline void twiddle8(float2* v, __local const float2* twiddles, int j, float sign)
{
    for (int k = 1; k < 8; ++k)
    {
        const float2 t = twiddles[j * k];
        v[k] = complex_mul(v[k], (float2)(t.x, -sign * t.y));
    }
}

// One radix-8 pass over the 8 elements first, first + stride, ... of every line of the tile
// (element e of line l at l * line_step + e * elem_step), then each output k optionally turned by
// twiddle8 with this butterfly's j. Lines are spread over the work items fastest, so that
// neighbouring items touch neighbouring banks.
#define STRIDED 1
#define CONTIGUOUS 0
inline void radix8_pass(__local float2* tile, __local const float2* twiddles, int line_step,
                        int elem_step, bool strided, float sign, bool twiddle)
{
    const int item = get_local_id(0);
    for (int b = item; b < TN * 8; b += GROUP_ITEMS)
    {
        const int j = b / TN, line = b - j * TN;
        const int first = strided ? j : 8 * j, stride = strided ? 8 : 1;
        __local float2* p = tile + line * line_step + first * elem_step;
        float2 v[8];
        for (int i = 0; i < 8; ++i)
            v[i] = p[i * stride * elem_step];
        dft8(v, sign);
        if (twiddle)
            twiddle8(v, twiddles, j, sign);
        for (int i = 0; i < 8; ++i)
            p[i * stride * elem_step] = v[i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

// The last forward pass along columns, the product with the spectrum and the first inverse pass
// along columns in one: both passes take the same 8 contiguous elements of a column, so the
// product needs no trip through local memory and no barrier of its own.
inline void spectrum_product_pass(__local float2* tile, __local const float2* twiddles,
                                  __global const float2* spectrum)
{
    const int item = get_local_id(0);
    for (int b = item; b < TN * 8; b += GROUP_ITEMS)
    {
        const int j = b / TN, column = b - j * TN;
        __local float2* p = tile + column + 8 * j * PITCH;
        float2 v[8];
        for (int i = 0; i < 8; ++i)
            v[i] = p[i * PITCH];
        dft8(v, -1.0f);
        for (int i = 0; i < 8; ++i)
            v[i] = complex_mul(v[i], spectrum[(8 * j + i) * TN + column]);
        dft8(v, 1.0f);
        twiddle8(v, twiddles, j, 1.0f);
        for (int i = 0; i < 8; ++i)
            p[i * PITCH] = v[i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

// Stores output (x, y) of the group's block (planes 2t and 2t + 1 of it, see the kernel).
inline void store_output(float2 value, int x, int y, int t, int bx, int by, __global uchar* dst,
                         int dst_step, int dst_offset, int dst_rows, int dst_cols)
{
    if (by + y >= dst_rows)
        return;
    __global uchar* drow = dst + (dst_offset + (by + y) * dst_step);
#if CN == 1
    if (bx + x < dst_cols)
        *(__global DST_T1*)(drow + (bx + x) * DST_PIXEL_SIZE) = TO_DST1(value.x);
    if (bx + OUT_W + x < dst_cols)
        *(__global DST_T1*)(drow + (bx + OUT_W + x) * DST_PIXEL_SIZE) = TO_DST1(value.y);
#else
    // Channels 2t and 2t + 1 of the pixel: each transform stores its own (the caches merge the two
    // halves of a pixel), so that no result waits in registers for the other's.
    if (bx + x >= dst_cols)
        return;
    __global DST_T1* p = (__global DST_T1*)(drow + (bx + x) * DST_PIXEL_SIZE) + 2 * t;
#  if CN == 3
    if (t == 1)
    {
        *p = TO_DST1(value.x);
        return;
    }
#  endif
    vstore2(TO_DST2(value), 0, p);
#endif
}

// Group (gx, gy) computes destination pixels [gx * BLOCKS * OUT_W, +BLOCKS * OUT_W) x
// [gy * OUT_H, +OUT_H). `spectrum`: TN x TN complex values, the conjugate of the kernel's
// zero-padded transform over TN * TN, in digit-reversed order on both axes; `weights`: the
// kernel itself, KH rows of KW.
//
// With NONFINITE_CHECK (float sources), a transform whose tile holds a NaN or an infinity
// correlates its block directly from the tile instead: a transform would spread the value over
// every output of the tile, where cv::filter2D's direct correlation (and the rest of gpuconv)
// confines it to the outputs whose window holds it.
__kernel __attribute__((reqd_work_group_size(GROUP_ITEMS, 1, 1)))
void filter2d_spectral(__global const uchar* src, int src_step, int src_whole_offset,
                       int whole_cols, int whole_rows, int border_mode, int roi_x, int roi_y,
                       __global uchar* dst, int dst_step, int dst_offset, int dst_rows, int dst_cols,
                       int anchor_x, int anchor_y, float delta, __global const float2* spectrum,
                       __global const float* weights)
{
    __local float2 tile[TN * PITCH];
    __local float2 twiddles[TN];
    const int item = get_local_id(0);
    if (item < TN)
        twiddles[item] = (float2)(cospi((float)item / (TN / 2)), -sinpi((float)item / (TN / 2)));
#ifdef NONFINITE_CHECK
    __local int nonfinite[TRANSFORMS];  // per transform: its tile holds a NaN or an infinity
    if (item < TRANSFORMS)
        nonfinite[item] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
#endif

    const int bx = get_group_id(0) * BLOCKS * OUT_W, by = get_group_id(1) * OUT_H;
    const int wx0 = roi_x + bx - anchor_x, wy0 = roi_y + by - anchor_y;
    __global const uchar* src_whole = src + src_whole_offset;
    const bool inside = wx0 >= 0 && wy0 >= 0 && wx0 + (BLOCKS - 1) * OUT_W + TN <= whole_cols &&
                        wy0 + TN <= whole_rows;

    for (int t = 0; t < TRANSFORMS; ++t)
    {
        // Load: re and im of each tile pixel (for 3 and 4 channels, each transform loads the
        // pixels again, from the cache, rather than keep the other channels in registers).
        for (int m = 0; m < TILE_ITEMS; ++m)
        {
            const int p = item + m * GROUP_ITEMS, ty = p / TN, tx = p - ty * TN;
            float2 value;
#if CN == 1
            value.x = load_extrapolated_pixel(src_whole, src_step, whole_cols, whole_rows, border_mode, wx0 + tx, wy0 + ty, inside, inside);
            value.y = load_extrapolated_pixel(src_whole, src_step, whole_cols, whole_rows, border_mode, wx0 + OUT_W + tx, wy0 + ty, inside, inside);
#elif CN == 2
            value = load_extrapolated_pixel(src_whole, src_step, whole_cols, whole_rows, border_mode, wx0 + tx, wy0 + ty, inside, inside);
#else
            const FLOAT_PIXEL pixel = load_extrapolated_pixel(src_whole, src_step, whole_cols, whole_rows, border_mode, wx0 + tx, wy0 + ty, inside, inside);
#  if CN == 3
            value = t == 0 ? pixel.s01 : (float2)(pixel.s2, 0.0f);
#  else
            value = t == 0 ? pixel.s01 : pixel.s23;
#  endif
#endif
            tile[ty * PITCH + tx] = value;
#ifdef NONFINITE_CHECK
            if (any(!isfinite(value)))
                atomic_or(&nonfinite[t], 1);
#endif
        }
        barrier(CLK_LOCAL_MEM_FENCE);

#ifdef NONFINITE_CHECK
        if (nonfinite[t])  // the same for every item of the group
        {
            for (int m = 0; m < OUT_ITEMS; ++m)
            {
                const int q = item + m * GROUP_ITEMS, y = q / OUT_W, x = q - y * OUT_W;
                if (q >= OUT_W * OUT_H)
                    break;
                float2 sum = (float2)(0.0f);
                for (int ky = 0; ky < KH; ++ky)
                    for (int kx = 0; kx < KW; ++kx)
                        sum = fma((float2)(weights[ky * KW + kx]), tile[(y + ky) * PITCH + x + kx], sum);
                store_output(sum + (float2)(delta), x, y, t, bx, by, dst, dst_step, dst_offset, dst_rows, dst_cols);
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            continue;
        }
#endif

        // Forward along rows, then columns; times the spectrum; inverse along columns, then rows.
        radix8_pass(tile, twiddles, PITCH, 1, STRIDED, -1.0f, true);
        radix8_pass(tile, twiddles, PITCH, 1, CONTIGUOUS, -1.0f, false);
        radix8_pass(tile, twiddles, 1, PITCH, STRIDED, -1.0f, true);
        spectrum_product_pass(tile, twiddles, spectrum);
        radix8_pass(tile, twiddles, 1, PITCH, STRIDED, 1.0f, false);
        radix8_pass(tile, twiddles, PITCH, 1, CONTIGUOUS, 1.0f, true);
        radix8_pass(tile, twiddles, PITCH, 1, STRIDED, 1.0f, false);

        // Store: output (x, y) of the block is tile element (x, y).
        for (int m = 0; m < OUT_ITEMS; ++m)
        {
            const int q = item + m * GROUP_ITEMS, y = q / OUT_W, x = q - y * OUT_W;
            if (q >= OUT_W * OUT_H)
                break;
            store_output(tile[y * PITCH + x] + (float2)(delta), x, y, t, bx, by, dst, dst_step, dst_offset,
                         dst_rows, dst_cols);
        }
        // The next transform's loads overwrite the tile.
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
