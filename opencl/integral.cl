// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Integral images (cv::integral) as a tiled parallel scan: the image is cut into TILE x TILE
// pixel tiles, one work-group per tile.
//   1. integral_tile_totals: per tile, the total of each of its rows and of each of its columns
//      (reads the source once).
//   2. integral_carries: exclusive scans of those totals, in place: each tile row's sum of
//      everything to its left, each tile column's sum of everything above. Small arrays.
//   3. integral_tiles: the tile and, as an extra row 0 in local memory, its column carries go
//      through a row scan seeded with the left carries (row 0 seeded with the tile's corner, the
//      sum of the left carries above it), then a
//      column scan; each output is written once (reads the source a second time).
// Work-groups of TILE x SEGMENTS work items: each loads SEG rows of one pixel column of the tile
// (coalesced); row and column scans over the padded local tile run in segments of SEG pixels,
// one per work item, joined by the segments' sums (short sequential chains, many work items).
//
// The tilted sum (rotated by 45 degrees) is, with R(y, k) = sum of src(y, x) over x < k (the
// difference of two rows of the upright sum I, k clamped to [0, W]):
//   T(X, Y) = sum_{y<Y} R(y, X+Y-1-y) - sum_{y<Y} R(y, X-Y+y),
// two prefix sums along the diagonals of R (see integral_tilted_diagonal).
//
// Build options (src/integral.cpp): CN lanes (channels); SRC_T1 source element type; WT1/WTN the
// accumulator and its CN-lane vector (uint for 32-bit integer sums, which wrap like cv::'s);
// DT1/DTN the output; SRC_TO_WT, WT_TO_DT conversions; SQUARE for the squared sum; TILE,
// SEGMENTS (dividing TILE).
// Tilted (-D TILTED): RISING for the first diagonal pass.

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define VEC CN
#include "common/vector.cl"

#define SCAN_BLOCK 8  // independent global loads in flight per step of a sequential scan
#define SEG (TILE / SEGMENTS)  // rows or columns per segment of a tile
#define LM_STRIDE (TILE + 1)  // padding: row-wise walks by different work items hit different banks

// t[j] = p[(k0 + j) * stride] for the j < SCAN_BLOCK with k0 + j < n, zero beyond: independent
// loads, so that sequential walks over global memory wait one latency per block, not per value.
inline void load_block(__global const WTN* p, int k0, int n, size_t stride, WTN* t)
{
    #pragma unroll
    for (int j = 0; j < SCAN_BLOCK; ++j)
    {
        t[j] = (WTN)(0);
        if (k0 + j < n)
            t[j] = p[(k0 + j) * stride];
    }
}

// The sum of the n values p[0], p[stride], ...
inline WTN strided_sum(__global const WTN* p, int n, size_t stride)
{
    WTN acc = (WTN)(0);
    for (int k0 = 0; k0 < n; k0 += SCAN_BLOCK)
    {
        WTN t[SCAN_BLOCK];
        load_block(p, k0, n, stride, t);
        #pragma unroll
        for (int j = 0; j < SCAN_BLOCK; ++j)
            acc += t[j];
    }
    return acc;
}

#ifndef TILTED

inline WTN load_pixel(__global const uchar* src, int src_step, int src_offset, int y, int x)
{
    __global const SRC_T1* p =
        (__global const SRC_T1*)(src + (size_t)y * src_step + src_offset) + (size_t)x * CN;
    WTN v = SRC_TO_WT(VLOAD(p));
#ifdef SQUARE
    v = v * v;
#endif
    return v;
}

#endif

inline void store_pixel(__global uchar* dst, int dst_step, int dst_offset, int y, int x, WTN v)
{
    __global DT1* p = (__global DT1*)(dst + (size_t)y * dst_step + dst_offset) + (size_t)x * CN;
    VSTORE(WT_TO_DT(v), p);
}

#ifndef TILTED

__kernel void integral_tile_totals(__global const uchar* src, int src_step, int src_offset,
                                   int rows, int cols, __global WTN* row_totals,
                                   __global WTN* col_totals)
{
    __local WTN tile[TILE * LM_STRIDE];
    __local WTN col_parts[SEGMENTS * LM_STRIDE];  // [segment][column]
    __local WTN row_parts[SEGMENTS * LM_STRIDE];  // [segment][row]
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int bx = get_group_id(0), by = get_group_id(1);
    const int x = bx * TILE + lx, y0 = by * TILE;

    WTN column = (WTN)(0);
    for (int k = 0; k < SEG; ++k)
    {
        const int r = ly * SEG + k, y = y0 + r;
        const WTN v = x < cols && y < rows ? load_pixel(src, src_step, src_offset, y, x) : (WTN)(0);
        tile[r * LM_STRIDE + lx] = v;
        column += v;
    }
    col_parts[ly * LM_STRIDE + lx] = column;
    barrier(CLK_LOCAL_MEM_FENCE);

    WTN row = (WTN)(0);
    for (int c = 0; c < SEG; ++c)
        row += tile[lx * LM_STRIDE + ly * SEG + c];
    row_parts[ly * LM_STRIDE + lx] = row;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (ly == 0)
    {
        column = row = (WTN)(0);
        for (int s = 0; s < SEGMENTS; ++s)
        {
            column += col_parts[s * LM_STRIDE + lx];
            row += row_parts[s * LM_STRIDE + lx];
        }
        if (x < cols)
            col_totals[(size_t)by * cols + x] = column;
        if (y0 + lx < rows)
            row_totals[(size_t)bx * rows + y0 + lx] = row;
    }
}

// Writes to out[0], out[stride], ... the exclusive prefix sums of the n values in[0],
// in[stride], ... (in may be out).
inline void exclusive_scan(__global const WTN* in, __global WTN* out, int n, size_t stride)
{
    WTN acc = (WTN)(0);
    for (int k0 = 0; k0 < n; k0 += SCAN_BLOCK)
    {
        WTN t[SCAN_BLOCK];
        load_block(in, k0, n, stride, t);
        #pragma unroll
        for (int j = 0; j < SCAN_BLOCK; ++j)
        {
            if (k0 + j < n)
                out[(k0 + j) * stride] = acc;
            acc += t[j];
        }
    }
}

// Work items [0, rows): left carries of each image row; [rows, rows + cols): carries of each image
// column from above.
__kernel void integral_carries(__global WTN* row_totals, __global WTN* col_totals, int rows, int cols,
                               int nbx, int nby)
{
    const int i = get_global_id(0);
    if (i < rows)
        exclusive_scan(row_totals + i, row_totals + i, nbx, (size_t)rows);
    else if (i < rows + cols)
        exclusive_scan(col_totals + (i - rows), col_totals + (i - rows), nby, (size_t)cols);
}

__kernel void integral_tiles(__global const uchar* src, int src_step, int src_offset,
                             int rows, int cols, __global const WTN* left_carries,
                             __global const WTN* col_carries,
                             __global uchar* dst, int dst_step, int dst_offset)
{
    __local WTN tile[(TILE + 1) * LM_STRIDE];
    __local WTN parts[SEGMENTS * (TILE + 1)];  // segment sums: [segment][row], then [segment][column]
    __local WTN corner_parts[TILE];
    __local WTN corner_segments[SEGMENTS];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int bx = get_group_id(0), by = get_group_id(1);
    const int x = bx * TILE + lx, y0 = by * TILE;

    // The tile's corner (everything above and to its left) is the sum of the left carries of the
    // rows above it: contiguous loads, shared by the work items.
    if (ly == 0)
    {
        corner_parts[lx] = strided_sum(left_carries + (size_t)bx * rows + lx, by, TILE);
        // Row 0: the sums of each column above the tile; rows 1..TILE: the tile.
        tile[lx] = x < cols ? col_carries[(size_t)by * cols + x] : (WTN)(0);
    }
    for (int k = 0; k < SEG; ++k)
    {
        const int r = ly * SEG + k, y = y0 + r;
        tile[(r + 1) * LM_STRIDE + lx] =
            x < cols && y < rows ? load_pixel(src, src_step, src_offset, y, x) : (WTN)(0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Row scans, each row in SEGMENTS segments of SEG pixels (work item (lx, ly): segment ly of
    // row lx, and of row TILE for lx == 0): segment sums, then each segment seeded with the
    // row's left carry (the corner for row 0) and the sums of the segments to its left.
    for (int r = lx; r <= TILE; r += TILE)
    {
        WTN sum = (WTN)(0);
        for (int c = 0; c < SEG; ++c)
            sum += tile[r * LM_STRIDE + ly * SEG + c];
        parts[ly * (TILE + 1) + r] = sum;
        if (r == 0)
        {
            WTN corner = (WTN)(0);
            for (int k = 0; k < SEG; ++k)
                corner += corner_parts[ly * SEG + k];
            corner_segments[ly] = corner;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = lx; r <= TILE; r += TILE)
    {
        const int y = y0 + r - 1;
        WTN acc = (WTN)(0);
        if (r == 0)
        {
            for (int s = 0; s < SEGMENTS; ++s)
                acc += corner_segments[s];
        }
        else if (y < rows)
            acc = left_carries[(size_t)bx * rows + y];
        for (int s = 0; s < ly; ++s)
            acc += parts[s * (TILE + 1) + r];
        for (int c = ly * SEG; c < (ly + 1) * SEG; ++c)
        {
            acc += tile[r * LM_STRIDE + c];
            tile[r * LM_STRIDE + c] = acc;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Column scans the same way: work item (lx, ly) takes rows 1 + ly * SEG ... of column lx.
    const int r0 = 1 + ly * SEG;
    WTN sum = (WTN)(0);
    for (int k = 0; k < SEG; ++k)
        sum += tile[(r0 + k) * LM_STRIDE + lx];
    parts[ly * (TILE + 1) + lx] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < cols)
    {
        WTN acc = tile[lx];  // the integral at (y0, x + 1)
        for (int s = 0; s < ly; ++s)
            acc += parts[s * (TILE + 1) + lx];
        for (int k = 0; k < SEG && y0 + r0 + k - 1 < rows; ++k)
        {
            acc += tile[(r0 + k) * LM_STRIDE + lx];
            store_pixel(dst, dst_step, dst_offset, y0 + r0 + k, x + 1, acc);
        }
        if (by == 0 && ly == 0)
            store_pixel(dst, dst_step, dst_offset, 0, x + 1, (WTN)(0));
    }
    if (bx == 0 && ly == 0)
    {
        if (y0 + lx < rows)
            store_pixel(dst, dst_step, dst_offset, y0 + lx + 1, 0, (WTN)(0));
        if (by == 0 && lx == 0)
            store_pixel(dst, dst_step, dst_offset, 0, 0, (WTN)(0));
    }
}

#else // TILTED

inline WTN load_sum(__global const uchar* isum, int isum_step, int isum_offset, int y, int x)
{
    return VLOAD((__global const WT1*)(isum + (size_t)y * isum_step + isum_offset) + (size_t)x * CN);
}

// The diagonal prefix sums run in chunks of `chunk` rows, one work item per (diagonal, chunk):
// integral_tilted_chunk_sums adds up each chunk, then integral_tilted_diagonal scans each chunk
// seeded with the sums of the chunks above (at most a few dozen loads) and writes each prefix
// straight to the one output pixel that uses it: the rising pass (D1) to `partial`, the falling
// pass (D2) as partial - D2 to the tilted sum. count = rows + cols + 1 diagonals each.

// R(y, k) with k clamped to [0, cols].
inline WTN row_prefix(__global const uchar* isum, int isum_step, int isum_offset, int y, int k,
                      int cols)
{
    k = clamp(k, 0, cols);
    return load_sum(isum, isum_step, isum_offset, y + 1, k) -
           load_sum(isum, isum_step, isum_offset, y, k);
}

// The column of R that diagonal d crosses in row y: d - 1 - y rising, d - rows + y falling.
inline int diagonal_column(bool rising, int d, int y, int rows)
{
    return rising ? d - 1 - y : d - rows + y;
}

// sums[(rising ? 0 : 1) * chunks * count + c * count + d]: the sum of chunk c of diagonal d.
__kernel void integral_tilted_chunk_sums(__global const uchar* isum, int isum_step, int isum_offset,
                                         int rows, int cols, int chunk, int chunks,
                                         __global WTN* sums)
{
    const int count = rows + cols + 1;
    const int d = get_global_id(0), c = get_global_id(1), pass = get_global_id(2);
    if (d >= count)
        return;
    const bool rising = pass == 0;
    const int y0 = c * chunk, y1 = min(rows, y0 + chunk);
    WTN acc = (WTN)(0);
    for (int y = y0; y < y1; ++y)
        acc += row_prefix(isum, isum_step, isum_offset, y, diagonal_column(rising, d, y, rows), cols);
    sums[((size_t)pass * chunks + c) * count + d] = acc;
}

// RISING: partial[(Y - 1) * (cols + 1) + X] = D1[Y - 1][X + Y]; otherwise
// tilted(Y, X) = partial[...] - D2[Y - 1][X - Y + rows], and tilted's row 0 is zero.
__kernel void integral_tilted_diagonal(__global const uchar* isum, int isum_step, int isum_offset,
                                       int rows, int cols, int chunk, int chunks,
                                       __global const WTN* sums, __global WTN* partial,
                                       __global uchar* dst, int dst_step, int dst_offset)
{
    const int count = rows + cols + 1;
    const int d = get_global_id(0), c = get_global_id(1);
    if (d >= count)
        return;
#ifdef RISING
    const bool rising = true;
#else
    const bool rising = false;
    if (c == 0 && d <= cols)
        store_pixel(dst, dst_step, dst_offset, 0, d, (WTN)(0));
#endif
    __global const WTN* chunk_sums = sums + (rising ? 0 : (size_t)chunks * count) + d;
    WTN acc = strided_sum(chunk_sums, c, (size_t)count);
    const int y0 = c * chunk, y1 = min(rows, y0 + chunk);
    for (int y = y0; y < y1; ++y)
    {
        const int k = diagonal_column(rising, d, y, rows);
        acc += row_prefix(isum, isum_step, isum_offset, y, k, cols);
        const int X = rising ? k : k + 1;  // X + Y = d, or X - Y + rows = d, with Y = y + 1
        if (X < 0 || X > cols)
            continue;
        __global WTN* p = partial + (size_t)y * (cols + 1) + X;
#ifdef RISING
        *p = acc;
#else
        store_pixel(dst, dst_step, dst_offset, y + 1, X, *p - acc);
#endif
    }
}

#endif // TILTED
