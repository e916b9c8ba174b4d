// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// The tilted integral (cv::integral's third output) of a floating-point image by two scans that
// only add. cv::'s tilted recurrence only adds, so each of its outputs is the sum of the pixels of
// its own triangle, rounded as their magnitudes say, and NaN or +-Inf exactly where the
// triangle's values make them. The tilted sum of integer images (integral.cl, "The tilted sum
// over tiles") is a difference of two diagonal prefix sums, exact in integers but not in floating
// point, where it would carry the rounding of every pixel left of the triangle and turn overflows
// into NaN.
//
// Output (Y, X), Y = 1 .. H, X = 0 .. W, adds src(y, x) for y + |X - 1 - x| <= Y - 1; the pixels
// it holds beyond those of output (Y - 1, X - 1) lie on the rising diagonals (x + y = s) s = X + Y - 2
// at rows y <= Y - 1 and s = X + Y - 3 at rows y <= Y - 2. So, with
//   A(y, x) = src(y, x) + A(y - 1, x + 1)       (the rising diagonal through (y, x), rows <= y)
//   G(s, m) = A(min(m, s), s - min(m, s))        (diagonal s over rows <= m; 0 where that pixel
//                                                 lies right of the image, or s < 0, or m < 0),
//   T(Y, X) = T(Y - 1, X - 1) + G(X + Y - 2, Y - 1) + G(X + Y - 3, Y - 2),   T(0, X) = 0,
// two scans along diagonals, A up the rising ones (RISING), then T down the falling ones, which
// start on row 0 at column X - Y, left of the image for X < Y (their first steps store nothing).
// Each scan runs in chunks of DIAGONAL_CHUNK rows: integral_diagonal_totals sums each diagonal
// within each chunk; integral_diagonal_scan adds the totals of the chunks above and walks its
// chunk again, storing. One work item per diagonal (dimension 0), chunk (1) and channel (2):
// neighbouring items read and write neighbouring pixels of a row.
//
// Build options (src/integral.cpp): CN (channels), DIAGONAL_CHUNK, DIAGONAL_BATCH (dividing it),
// WT1 (the sums: double, or float on devices without doubles); RISING: A from the source of
// element type SRC_T1 (SRC_TO_WT converting); else T from A into the output, of element type DT1
// (WT_TO_DT converting).

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define VEC 1
#include "common/vector.cl"

#ifdef RISING
#  define SOURCE_PARAMS __global const uchar* src, int src_step, int src_offset, int rows, int cols
#  define SOURCE_ARGS src, src_step, src_offset, rows, cols
#  define DIAGONALS(rows, cols) ((rows) + (cols) - 1)

// Rising diagonal s = i at row y: pixel (y, s - y).
inline WT1 diagonal_term(SOURCE_PARAMS, int i, int y, int ch)
{
    const int x = i - y;
    if ((uint)x >= (uint)cols)
        return (WT1)(0);
    return SRC_TO_WT(*(__global const SRC_T1*)(src + (src_offset + y * src_step +
                                                           (x * CN + ch) * (int)sizeof(SRC_T1))));
}
#else
#  define SOURCE_PARAMS __global const WT1* rising, int rows, int cols
#  define SOURCE_ARGS rising, rows, cols
#  define DIAGONALS(rows, cols) ((rows) + (cols))

// G(s, m) of channel ch.
inline WT1 rising_sum(__global const WT1* rising, int cols, int s, int m, int ch)
{
    if (s < 0 || m < 0)
        return (WT1)(0);
    const int y = min(m, s), x = s - y;
    return x < cols ? rising[(y * cols + x) * CN + ch] : (WT1)(0);
}

// Falling diagonal d = i - rows at row r: output (r + 1, r + 1 + d), whose terms are G(2 r + d, r)
// and G(2 r + d - 1, r - 1).
inline WT1 diagonal_term(SOURCE_PARAMS, int i, int r, int ch)
{
    const int s = 2 * r + i - rows;
    return rising_sum(rising, cols, s, r, ch) + rising_sum(rising, cols, s - 1, r - 1, ch);
}
#endif

// Terms are read DIAGONAL_BATCH at a time before they are added (and stored): the scan's stores
// could otherwise alias its next reads, and the compiler would keep each read behind the store
// before it.
inline void read_terms(SOURCE_PARAMS, int i, int r0, int ch, WT1* term)
{
    UNROLL
    for (int j = 0; j < DIAGONAL_BATCH; ++j)
        term[j] = r0 + j < rows ? diagonal_term(SOURCE_ARGS, i, r0 + j, ch) : (WT1)(0);
}

__kernel void integral_diagonal_totals(SOURCE_PARAMS, __global WT1* totals)
{
    const int i = get_global_id(0), chunk = get_global_id(1), ch = get_global_id(2);
    const int diagonals = DIAGONALS(rows, cols);
    if (i >= diagonals)
        return;
    WT1 total = (WT1)(0);
    for (int b = 0; b < DIAGONAL_CHUNK; b += DIAGONAL_BATCH)
    {
        WT1 term[DIAGONAL_BATCH];
        read_terms(SOURCE_ARGS, i, chunk * DIAGONAL_CHUNK + b, ch, term);
        UNROLL
        for (int j = 0; j < DIAGONAL_BATCH; ++j)
            total += term[j];
    }
    totals[(chunk * diagonals + i) * CN + ch] = total;
}

__kernel void integral_diagonal_scan(SOURCE_PARAMS, __global const WT1* totals,
#ifdef RISING
                                     __global WT1* out
#else
                                     __global uchar* dst, int dst_step, int dst_offset
#endif
                                     )
{
    const int i = get_global_id(0), chunk = get_global_id(1), ch = get_global_id(2);
    const int diagonals = DIAGONALS(rows, cols);
    if (i >= diagonals)
        return;
    WT1 sum = (WT1)(0);
    for (int c = 0; c < chunk; ++c)
        sum += totals[(c * diagonals + i) * CN + ch];
#ifndef RISING
    __global DT1* row0 = (__global DT1*)(dst + dst_offset);
    if (chunk == 0 && i <= cols)
        row0[i * CN + ch] = (DT1)(0);
#endif
    for (int b = 0; b < DIAGONAL_CHUNK; b += DIAGONAL_BATCH)
    {
        const int r0 = chunk * DIAGONAL_CHUNK + b;
        WT1 term[DIAGONAL_BATCH];
        read_terms(SOURCE_ARGS, i, r0, ch, term);
        UNROLL
        for (int j = 0; j < DIAGONAL_BATCH; ++j)
        {
            const int r = r0 + j;
            sum += term[j];
#ifdef RISING
            const int x = i - r;
            if (r < rows && (uint)x < (uint)cols)
                out[(r * cols + x) * CN + ch] = sum;
#else
            const int x = r + 1 + i - rows;
            if (r < rows && (uint)x <= (uint)cols)
                ((__global DT1*)(dst + dst_offset + (r + 1) * dst_step))[x * CN + ch] = WT_TO_DT(sum);
#endif
        }
    }
}
