// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Integral images (cv::integral) as a tiled parallel scan: the image is cut into TILE x TILE
// pixel tiles, one work-group per tile.
//   1. integral_tile_totals: per tile, the total of each of its rows, of each of its columns and
//      of the whole tile (reads the source once).
//   2. integral_carries: exclusive scans of those totals, in place: each tile row's sum of
//      everything to its left, each tile column's sum of everything above, and each tile's corner
//      (everything above and to the left). Small arrays.
//   3. integral_tiles: the tile and, as an extra row 0 in local memory, its column carries go
//      through a row scan seeded with the left carries (row 0 seeded with the corner), then a
//      column scan; each output is written once (reads the source a second time).
// Each work item handles one pixel column of its tile; row scans run one row per work item over
// a padded local tile, column scans one column per work item; global accesses are coalesced.
//
// The tilted sum (rotated by 45 degrees) is, with R(y, k) = sum of src(y, x) over x < k (the
// difference of two rows of the upright sum I, k clamped to [0, W]):
//   T(X, Y) = sum_{y<Y} R(y, X+Y-1-y) - sum_{y<Y} R(y, X-Y+y),
// two prefix sums along the diagonals of R: integral_tilted_diagonals (one work item per
// diagonal) and integral_tilted_combine.
//
// Build options (src/integral.cpp): CN lanes (channels); SRC_T1 source element type; WT1/WTN the
// accumulator and its CN-lane vector (uint for 32-bit integer sums, which wrap like cv::'s);
// DT1/DTN the output; SRC_TO_WT, WT_TO_DT conversions; SQUARE for the squared sum; TILE.

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define VEC CN
#include "common/vector.cl"

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
                                   __global WTN* col_totals, __global WTN* tile_totals)
{
    __local WTN tile[TILE * LM_STRIDE];
    const int lid = get_local_id(0);
    const int bx = get_group_id(0), by = get_group_id(1), nbx = get_num_groups(0);
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
    barrier(CLK_LOCAL_MEM_FENCE);

    tile[lid] = row;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
    {
        WTN total = (WTN)(0);
        for (int r = 0; r < TILE; ++r)
            total += tile[r];
        tile_totals[by * nbx + bx] = total;
    }
}

// Replaces the n values p[0], p[stride], ... by their exclusive prefix sums.
inline void exclusive_scan(__global WTN* p, int n, size_t stride)
{
    WTN acc = (WTN)(0);
    for (int k = 0; k < n; ++k)
    {
        const WTN t = p[k * stride];
        p[k * stride] = acc;
        acc += t;
    }
}

// Work items [0, rows): left carries of each image row; [rows, rows + cols): carries of each image
// column from above; [rows + cols, rows + cols + nbx): corners of the tiles of one tile column.
__kernel void integral_carries(__global WTN* row_totals, __global WTN* col_totals,
                               __global const WTN* tile_totals, __global WTN* corners,
                               int rows, int cols, int nbx, int nby)
{
    int i = get_global_id(0);
    if (i < rows)
    {
        exclusive_scan(row_totals + i, nbx, (size_t)rows);
        return;
    }
    i -= rows;
    if (i < cols)
    {
        exclusive_scan(col_totals + i, nby, (size_t)cols);
        return;
    }
    i -= cols;
    if (i < nbx)
    {
        WTN acc = (WTN)(0);
        for (int by = 0; by < nby; ++by)
        {
            corners[by * nbx + i] = acc;
            for (int bx = 0; bx < i; ++bx)
                acc += tile_totals[by * nbx + bx];
        }
    }
}

__kernel void integral_tiles(__global const uchar* src, int src_step, int src_offset,
                             int rows, int cols, __global const WTN* left_carries,
                             __global const WTN* col_carries, __global const WTN* corners,
                             __global uchar* dst, int dst_step, int dst_offset)
{
    __local WTN tile[(TILE + 1) * LM_STRIDE];
    const int lid = get_local_id(0);
    const int bx = get_group_id(0), by = get_group_id(1), nbx = get_num_groups(0);
    const int x = bx * TILE + lid, y0 = by * TILE;

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
        WTN acc = r == 0 ? corners[by * nbx + bx]
                         : y < rows ? left_carries[(size_t)bx * rows + y] : (WTN)(0);
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

// Work items [0, count): D1[Y][d] = sum_{y<=Y} R(y, d-1-y); [count, 2 count): D2[Y][d] =
// sum_{y<=Y} R(y, d-rows+y); count = rows + cols + 1 diagonals each.
__kernel void integral_tilted_diagonals(__global const uchar* isum, int isum_step, int isum_offset,
                                        int rows, int cols, __global WTN* diagonals)
{
    const int count = rows + cols + 1;
    int d = get_global_id(0);
    if (d >= 2 * count)
        return;
    const bool rising = d < count;
    if (!rising)
        d -= count;
    __global WTN* out = diagonals + (rising ? 0 : (size_t)rows * count) + d;
    WTN acc = (WTN)(0);
    for (int y = 0; y < rows; ++y)
    {
        const int k = clamp(rising ? d - 1 - y : d - rows + y, 0, cols);
        acc += load_sum(isum, isum_step, isum_offset, y + 1, k) -
               load_sum(isum, isum_step, isum_offset, y, k);
        out[(size_t)y * count] = acc;
    }
}

__kernel void integral_tilted_combine(__global const WTN* diagonals, int rows, int cols,
                                      __global uchar* dst, int dst_step, int dst_offset)
{
    const int X = get_global_id(0), Y = get_global_id(1);
    if (X > cols || Y > rows)
        return;
    const int count = rows + cols + 1;
    WTN t = (WTN)(0);
    if (Y > 0)
    {
        const size_t row = (size_t)(Y - 1) * count;
        t = diagonals[row + X + Y] - diagonals[(size_t)rows * count + row + X - Y + rows];
    }
    store_pixel(dst, dst_step, dst_offset, Y, X, t);
}

#endif // TILTED
