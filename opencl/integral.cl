// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Integral images (cv::integral) in one pass: the image is cut into TILE x TILE pixel tiles, one
// work-group per tile, and each work-group reads its tile once and writes its outputs once.
// With L(y) the sum of row y left of the tile, P(x) the sum of column x above it and the corner
// the sum of everything above and left of it, the integral inside the tile is
//   corner + (prefix of P along x) + (prefix of L along y) + (the tile's own integral),
// which integral_tiles computes as a row scan of the tile under an extra row 0 holding P (row 0
// seeded with the corner, row y + 1 with L(y)), then a column scan.
// L and P come from a decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix Scan
// with Decoupled Look-back", 2016) along two chains of tiles: each tile row (lanes: the tile's row
// totals, and its total) and each tile column (lanes: its column totals, and the sum of its L,
// whose prefix down the column is the corner). A tile publishes its totals as an aggregate, sums
// the predecessors' values back to the nearest one that published an inclusive prefix, and
// publishes its own inclusive prefix. Tiles take their position from an atomic ticket in launch
// order (row-major), so a tile waits only on tiles that already run: no deadlock whatever order
// or number of work-groups the device runs at once.
// Work-groups of TILE x SEGMENTS work items (SEGMENTS >= 2: lanes 0..TILE): each loads SEG rows
// of one pixel column of the tile (coalesced); row and column scans over the padded local tile
// run in segments of SEG pixels, one per work item, joined by the segments' sums.
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

inline void store_pixel(__global uchar* dst, int dst_step, int dst_offset, int y, int x, WTN v)
{
    __global DT1* p = (__global DT1*)(dst + (size_t)y * dst_step + dst_offset) + (size_t)x * CN;
    VSTORE(WT_TO_DT(v), p);
}

#ifndef TILTED

// ---- decoupled look-back ------------------------------------------------------------------------
// Per tile and chain (0: along the tile row, 1: down the tile column) the scratch `carries` holds
// an aggregate and an inclusive prefix of TILE + 1 lanes, and `flags` a word (epoch << 2) | state:
// words of another epoch (an earlier launch; the host counts launches) read as not yet published,
// so flags need no clearing between launches. flags[0] is the tile ticket, flags[1] counts
// finished work-groups; the last one resets both for the next launch.
// Published values and flags are only accessed through atomics (32-bit words; OpenCL 1.2 has no
// atomic loads, so reads are atomic_or(p, 0)), so that a reader never sees a stale cached copy and
// tools that check for data races between work-groups (oclgrind) see none.
#define AGGREGATE 1
#define INCLUSIVE 2
#define LANES (TILE + 1)
#define LOOK_BACK_WINDOW 32  // predecessors whose flags are read at once
#define WORDS (sizeof(WTN) / sizeof(uint))

typedef union
{
    WTN value;
    uint words[WORDS];
} WordsOf;

inline __global WTN* carry_slot(__global WTN* carries, int tile, int chain, int state)
{
    return carries + ((size_t)tile * 4 + chain * 2 + (state == INCLUSIVE)) * LANES;
}

inline void atomic_store_value(__global WTN* p, WTN v)
{
    WordsOf u;
    u.value = v;
    volatile __global uint* w = (volatile __global uint*)p;
    for (int i = 0; i < (int)WORDS; ++i)
        atomic_xchg(w + i, u.words[i]);
}

inline WTN atomic_load_value(__global WTN* p)
{
    WordsOf u;
    volatile __global uint* w = (volatile __global uint*)p;
    for (int i = 0; i < (int)WORDS; ++i)
        u.words[i] = atomic_or(w + i, 0u);
    return u.value;
}

// Work item `lid` (< LANES) publishes lane lid of its tile's `state` value of `chain`; then the
// flag says so. Called by the whole work-group.
inline void publish(__global WTN* carries, __global uint* flags, int tile, int chain, int state,
                    int lid, WTN v, uint epoch)
{
    if (lid < LANES)
        atomic_store_value(carry_slot(carries, tile, chain, state) + lid, v);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (lid == 0)
        atomic_xchg(flags + 2 + 2 * tile + chain, (epoch << 2) | state);
}

// For work item `lid` (< LANES): the sum of lane lid over the chain's positions before `pos`
// (tile `tile`; the predecessor at position p is tile - (pos - p) * step). Position 0 of every
// chain publishes its inclusive prefix without looking back, so the walk ends. Called by the whole
// work-group; `window` holds the predecessors' states.
inline WTN look_back(__global WTN* carries, __global uint* flags, int tile, int chain, int pos,
                     int step, int lid, uint epoch, __local int* window)
{
    WTN acc = (WTN)(0);
    int next = pos - 1;  // the nearest position not added yet
    while (next >= 0)
    {
        if (lid < LOOK_BACK_WINDOW)
        {
            int state = 0;
            if (next - lid >= 0)
            {
                const uint flag = atomic_or(flags + 2 + 2 * (tile - (pos - next + lid) * step) + chain, 0u);
                state = (flag >> 2) == epoch ? (int)(flag & 3) : 0;
            }
            window[lid] = state;
        }
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        barrier(CLK_LOCAL_MEM_FENCE);
        // The run of published aggregates, and the inclusive prefix that ends it if published.
        int n = 0;
        while (n < LOOK_BACK_WINDOW && next - n >= 0 && window[n] == AGGREGATE)
            ++n;
        const bool inclusive = n < LOOK_BACK_WINDOW && next - n >= 0 && window[n] == INCLUSIVE;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < LANES)
            for (int i = 0; i <= n - (inclusive ? 0 : 1); ++i)
            {
                const int t = tile - (pos - next + i) * step;
                acc += atomic_load_value(carry_slot(carries, t, chain, i == n ? INCLUSIVE : AGGREGATE) + lid);
            }
        next = inclusive ? -1 : next - n;
    }
    return acc;
}

// The sum of lane `lid` of this tile's chain `chain` predecessors, publishing the tile's own
// value `own` first as an aggregate and then, added to that sum, as an inclusive prefix.
inline WTN chain_carry(__global WTN* carries, __global uint* flags, int tile, int chain, int pos,
                       int step, int lid, WTN own, uint epoch, __local int* window)
{
    WTN carry = (WTN)(0);
    if (pos > 0)
    {
        publish(carries, flags, tile, chain, AGGREGATE, lid, own, epoch);
        carry = look_back(carries, flags, tile, chain, pos, step, lid, epoch, window);
    }
    publish(carries, flags, tile, chain, INCLUSIVE, lid, carry + own, epoch);
    return carry;
}

// ---- the pass -----------------------------------------------------------------------------------

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

__kernel void integral_tiles(__global const uchar* src, int src_step, int src_offset,
                             int rows, int cols, __global uchar* dst, int dst_step, int dst_offset,
                             __global WTN* carries, __global uint* flags, int tiles_x, int tiles_y,
                             uint epoch)
{
    __local WTN tile[(TILE + 1) * LM_STRIDE];  // row 0: P; rows 1..TILE: the tile
    __local WTN parts[SEGMENTS * (TILE + 1)];  // segment sums: [segment][column], then [segment][row]
    __local WTN seeds[TILE + 1];               // corner, then L of each row; first the row totals
    __local int window[LOOK_BACK_WINDOW];
    __local int ticket;
    const int lx = get_local_id(0), ly = get_local_id(1), lid = ly * TILE + lx;
    if (lid == 0)
        ticket = atomic_inc(flags);
    barrier(CLK_LOCAL_MEM_FENCE);
    const int t = ticket, bx = t % tiles_x, by = t / tiles_x;
    const int x = bx * TILE + lx, y0 = by * TILE;

    WTN column = (WTN)(0);
    for (int k = 0; k < SEG; ++k)
    {
        const int r = ly * SEG + k, y = y0 + r;
        const WTN v = x < cols && y < rows ? load_pixel(src, src_step, src_offset, y, x) : (WTN)(0);
        tile[(r + 1) * LM_STRIDE + lx] = v;
        column += v;
    }
    parts[ly * (TILE + 1) + lx] = column;
    barrier(CLK_LOCAL_MEM_FENCE);
    WTN col_total = (WTN)(0);
    if (lid < TILE)
        for (int s = 0; s < SEGMENTS; ++s)
            col_total += parts[s * (TILE + 1) + lid];
    barrier(CLK_LOCAL_MEM_FENCE);

    // Segment sums of rows 1..TILE (work item (lx, ly): segment ly of row lx + 1); row 0's come
    // once P is known.
    WTN sum = (WTN)(0);
    for (int c = 0; c < SEG; ++c)
        sum += tile[(lx + 1) * LM_STRIDE + ly * SEG + c];
    parts[ly * (TILE + 1) + lx + 1] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    WTN row_total = (WTN)(0);
    if (lid < TILE)
    {
        for (int s = 0; s < SEGMENTS; ++s)
            row_total += parts[s * (TILE + 1) + lid + 1];
        seeds[lid] = row_total;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == TILE)
        for (int r = 0; r < TILE; ++r)
            row_total += seeds[r];  // lane TILE: the tile's total

    // Along the tile row: L of each row, and in lane TILE the sum of L over the tile's rows; then
    // down the tile column: P of each column, and in lane TILE the corner.
    const WTN left = chain_carry(carries, flags, t, 0, bx, 1, lid, row_total, epoch, window);
    const WTN above = chain_carry(carries, flags, t, 1, by, tiles_x, lid, lid < TILE ? col_total : left,
                                  epoch, window);
    if (lid < TILE)
    {
        tile[lid] = above;
        seeds[lid + 1] = left;
    }
    else if (lid == TILE)
        seeds[0] = above;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lx == 0)
    {
        WTN sum0 = (WTN)(0);
        for (int c = 0; c < SEG; ++c)
            sum0 += tile[ly * SEG + c];
        parts[ly * (TILE + 1)] = sum0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Row scans, each row in SEGMENTS segments of SEG pixels (work item (lx, ly): segment ly of
    // row lx, and of row TILE for lx == 0), seeded with the row's seed and the sums of the
    // segments to its left.
    for (int r = lx; r <= TILE; r += TILE)
    {
        WTN acc = seeds[r];
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
    sum = (WTN)(0);
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

    // The last work-group to finish (all have taken their tickets) resets the counters.
    if (lid == 0 && atomic_inc(flags + 1) == (uint)(tiles_x * tiles_y - 1))
    {
        atomic_xchg(flags, 0u);
        atomic_xchg(flags + 1, 0u);
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
