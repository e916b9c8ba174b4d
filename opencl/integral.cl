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
// Each work item handles one pixel column of its tile; row scans run one row per work item over
// a padded local tile, column scans one column per work item; global accesses are coalesced.
//
// The tilted sum (rotated by 45 degrees) is, with R(y, k) = sum of src(y, x) over x < k (the
// difference of two rows of the upright sum I, k clamped to [0, W]):
//   T(X, Y) = sum_{y<Y} R(y, X+Y-1-y) - sum_{y<Y} R(y, X-Y+y),
// two prefix sums along the diagonals of R (see integral_tilted_diagonal).
//
// Build options (src/integral.cpp): CN lanes (channels); SRC_T1 source element type; WT1/WTN the
// accumulator and its CN-lane vector (uint for 32-bit integer sums, which wrap like cv::'s);
// DT1/DTN the output; SRC_TO_WT, WT_TO_DT conversions; SQUARE for the squared sum; TILE.
// Tilted (-D TILTED): RISING for the first diagonal pass.

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define VEC CN
#include "common/vector.cl"

#define SCAN_BLOCK 8  // independent global loads in flight per step of a sequential scan
#define LM_STRIDE (TILE + 1)  // padding: row-wise walks by different work items hit different banks

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
    const int lid = get_local_id(0);
    const int bx = get_group_id(0), by = get_group_id(1);
    const int x = bx * TILE + lid, y0 = by * TILE;

    WTN column = (WTN)(0);
    for (int r = 0; r < TILE; ++r)
    {
        const int y = y0 + r;
        const WTN v = x < cols && y < rows ? load_pixel(src, src_step, src_offset, y, x) : (WTN)(0);
        tile[r * LM_STRIDE + lid] = v;
        column += v;
    }
    if (x < cols)
        col_totals[(size_t)by * cols + x] = column;
    barrier(CLK_LOCAL_MEM_FENCE);

    WTN row = (WTN)(0);
    for (int c = 0; c < TILE; ++c)
        row += tile[lid * LM_STRIDE + c];
    if (y0 + lid < rows)
        row_totals[(size_t)bx * rows + y0 + lid] = row;
}

// Writes to out[0], out[stride], ... the exclusive prefix sums of the n values in[0],
// in[stride], ... (in may be out). The loads go in blocks of SCAN_BLOCK independent ones: a chain
// of one global load per step would cost a memory latency per value.
inline void exclusive_scan(__global const WTN* in, __global WTN* out, int n, size_t stride)
{
    WTN acc = (WTN)(0);
    for (int k0 = 0; k0 < n; k0 += SCAN_BLOCK)
    {
        WTN t[SCAN_BLOCK];
        #pragma unroll
        for (int j = 0; j < SCAN_BLOCK; ++j)
        {
            t[j] = (WTN)(0);
            if (k0 + j < n)
                t[j] = in[(k0 + j) * stride];
        }
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
    __local WTN corner_parts[TILE];
    const int lid = get_local_id(0);
    const int bx = get_group_id(0), by = get_group_id(1);
    const int x = bx * TILE + lid, y0 = by * TILE;

    // The tile's corner (everything above and to its left) is the sum of the left carries of the
    // rows above it: contiguous loads, shared by the work items.
    WTN corner_part = (WTN)(0);
    __global const WTN* carries_above = left_carries + (size_t)bx * rows;
    for (int y = lid; y < y0; y += TILE)
        corner_part += carries_above[y];
    corner_parts[lid] = corner_part;

    // Row 0: the sums of each column above the tile; rows 1..TILE: the tile.
    tile[lid] = x < cols ? col_carries[(size_t)by * cols + x] : (WTN)(0);
    for (int r = 0; r < TILE; ++r)
    {
        const int y = y0 + r;
        tile[(r + 1) * LM_STRIDE + lid] =
            x < cols && y < rows ? load_pixel(src, src_step, src_offset, y, x) : (WTN)(0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int r = lid; r <= TILE; r += TILE)
    {
        const int y = y0 + r - 1;
        WTN acc = (WTN)(0);
        if (r == 0)
        {
            for (int k = 0; k < TILE; ++k)
                acc += corner_parts[k];
        }
        else if (y < rows)
            acc = left_carries[(size_t)bx * rows + y];
        for (int c = 0; c < TILE; ++c)
        {
            acc += tile[r * LM_STRIDE + c];
            tile[r * LM_STRIDE + c] = acc;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (x < cols)
    {
        WTN acc = tile[lid];  // the integral at (y0, x + 1)
        for (int r = 1; r <= TILE && y0 + r - 1 < rows; ++r)
        {
            acc += tile[r * LM_STRIDE + lid];
            store_pixel(dst, dst_step, dst_offset, y0 + r, x + 1, acc);
        }
        if (by == 0)
            store_pixel(dst, dst_step, dst_offset, 0, x + 1, (WTN)(0));
    }
    if (bx == 0)
    {
        if (y0 + lid < rows)
            store_pixel(dst, dst_step, dst_offset, y0 + lid + 1, 0, (WTN)(0));
        if (by == 0 && lid == 0)
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
    WTN acc = (WTN)(0);
    for (int k0 = 0; k0 < c; k0 += SCAN_BLOCK)
    {
        WTN t[SCAN_BLOCK];
        #pragma unroll
        for (int j = 0; j < SCAN_BLOCK; ++j)
            t[j] = k0 + j < c ? chunk_sums[(size_t)(k0 + j) * count] : (WTN)(0);
        #pragma unroll
        for (int j = 0; j < SCAN_BLOCK; ++j)
            acc += t[j];
    }
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
