// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Included by integral.cl once per output of the pass (the sum, and the squared sum), with
//   ACC        the accumulator vector type (CN lanes),
//   ACC_DT1    the output element type, ACC_TO_DT the conversion to it (CN lanes),
//   ACC_FN(f)  the name of this output's variant of f,
//   ACC_LT, ACC_LT_TO_ACC (single pass) the type of the tile's own integral and its conversion.
// It undefines them at its end, ready for the next output's.

// Published values are 32-bit words, each stored with its tag ((epoch << 2) | state) in the upper
// half of a 64-bit word (opencl/integral.cl says why).
#define ACC_WORDS (sizeof(ACC) / sizeof(uint))
#define ACC_DATA_WORDS (ACC_WORDS / (CN == 3 ? 4 : CN) * CN)  // without a 3-lane vector's padding

typedef union
{
    ACC value;
    uint words[ACC_WORDS];
} ACC_FN(Words);

// The words of lane `lane` of tile t's chain `chain`: one slot, which holds the tile's aggregate
// and is then overwritten with its inclusive prefix.
inline volatile __global ulong* ACC_FN(carry_slot)(__global ulong* carries, int t, int chain, int lane)
{
    return (volatile __global ulong*)carries + (((size_t)t * 2 + chain) * LANES + lane) * ACC_WORDS;
}

inline void ACC_FN(publish_value)(volatile __global ulong* p, ACC v, uint tag)
{
    ACC_FN(Words) u;
    u.value = v;
    for (int i = 0; i < (int)ACC_DATA_WORDS; ++i)
        LOOK_BACK_STORE(p + i, ((ulong)tag << 32) | u.words[i]);
}

// The value at p (in *v) and the state (AGGREGATE or INCLUSIVE) all its words were published in
// during this launch; 0 if any word is of another launch (not published yet) or the words' states
// differ (the aggregate being overwritten).
inline int ACC_FN(read_value)(volatile __global ulong* p, uint epoch, ACC* v)
{
    ACC_FN(Words) u;
    u.value = (ACC)(0);
    uint tag = 0;
    bool same = true;
    for (int i = 0; i < (int)ACC_DATA_WORDS; ++i)
    {
        const ulong w = LOOK_BACK_LOAD(p + i);
        const uint word_tag = (uint)(w >> 32);
        same &= i == 0 || word_tag == tag;
        tag = word_tag;
        u.words[i] = (uint)w;
    }
    *v = u.value;
    return same && (tag >> 2) == epoch ? (int)(tag & 3) : 0;
}

inline void ACC_FN(store_pixel)(__global uchar* dst, int dst_step, int dst_offset, int y, int x, ACC v)
{
    __global ACC_DT1* p = (__global ACC_DT1*)(dst + (y * dst_step + dst_offset + x * (int)sizeof(ACC_DT1) * CN));
    GLOBAL_VSTORE(ACC_DT1, ACC_TO_DT(v), p);
}

// The zero first row and column where tile (bx, by) touches them: work items of the first
// segment (ly == 0), one output each (column lx + 1 of row 0, row y0 + lx + 1 of column 0).
inline void ACC_FN(store_zero_edges)(__global uchar* dst, int dst_step, int dst_offset, int lx, int ly,
                                     int bx, int by, int rows, int cols)
{
    const int x = bx * TILE + lx, y0 = by * TILE;
    if (ly != 0)
        return;
    if (by == 0 && x < cols)
        ACC_FN(store_pixel)(dst, dst_step, dst_offset, 0, x + 1, (ACC)(0));
    if (bx == 0 && y0 + lx < rows)
        ACC_FN(store_pixel)(dst, dst_step, dst_offset, y0 + lx + 1, 0, (ACC)(0));
    if (bx == 0 && by == 0 && lx == 0)
        ACC_FN(store_pixel)(dst, dst_step, dst_offset, 0, 0, (ACC)(0));
}

#ifdef SINGLE_PASS
// ---- the single pass: the tile's own integral first, the carries added at the stores ------------
// The tile's values in ACC_LT (the output's accumulator, or for the squared sum of 8-bit images
// 32-bit integers, which hold a tile's sums of squares exactly), scanned from zero: down the
// columns while the work items hold their segments (work item (lx, ly): rows ly * SEG ... of
// column lx), then along the rows (row lx, columns ly * SEG ...). Each step keeps its SEG values
// in registers: a running sum, the segment's sum to `parts`, a barrier, then the sums of the
// segments before it added.

// vals[k] = vals[0] + ... + vals[k]; the segment's sum to parts[seg][lane].
inline void ACC_FN(segment_prefix)(ACC_LT* vals, __local ACC_LT* parts, int lane, int seg)
{
    UNROLL
    for (int k = 1; k < SEG; ++k)
        vals[k] += vals[k - 1];
    parts[seg * LM_STRIDE + lane] = vals[SEG - 1];
}

// Adds to vals the sums of the segments before `seg` (after segment_prefix and a barrier).
inline void ACC_FN(add_earlier_segments)(ACC_LT* vals, __local const ACC_LT* parts, int lane, int seg)
{
    ACC_LT earlier = (ACC_LT)(0);
    for (int s = 0; s < seg; ++s)
        earlier += parts[s * LM_STRIDE + lane];
    UNROLL
    for (int k = 0; k < SEG; ++k)
        vals[k] += earlier;
}

// Writes the tile's outputs (y0 + r + 1, x + 1) = the tile's own integral at (r, lx) plus the
// carries: edges[2 * TILE] the corner (everything above and left of the tile), edges[lx] the sum
// of columns x0 .. x above the tile, edges[TILE + r] the sum of rows y0 .. y0 + r left of it;
// and the zero first row and column where the tile touches them. Work item (lx, ly) stores rows
// ly * SEG ... of column lx.
inline void ACC_FN(store_tile)(__local const ACC_LT* tile, __local const ACC* edges, int lx, int ly,
                               int bx, int by, int rows, int cols, __global uchar* dst, int dst_step,
                               int dst_offset)
{
    const int x = bx * TILE + lx, y0 = by * TILE;
    if (x < cols)
    {
        const ACC top = edges[2 * TILE] + edges[lx];
        for (int k = 0; k < SEG && y0 + ly * SEG + k < rows; ++k)
        {
            const int r = ly * SEG + k;
            ACC_FN(store_pixel)(dst, dst_step, dst_offset, y0 + r + 1, x + 1,
                                ACC_LT_TO_ACC(tile[r * LM_STRIDE + lx]) + top + edges[TILE + r]);
        }
    }
    ACC_FN(store_zero_edges)(dst, dst_step, dst_offset, lx, ly, bx, by, rows, cols);
}

#elif !defined(TILTED) // three launches

// Writes the integral of the tile whose source values `tile` holds in ROW_LTN, a type that holds
// the tile's row sums exactly (for 8-bit images narrower than the accumulator where that saves
// local memory: src/integral.cpp, rowPrefixTypeName), given `edges` (edges[c] the sum of column
// x0 + c above the tile, edges[TILE + r] the sum of row y0 + r left of it) and `corner`
// (everything above and left of it). Output (y0 + r + 1, x0 + c + 1) is
//   top(c) + (R(0, c) + edges[TILE]) + ... + (R(r, c) + edges[TILE + r]),
//   top(c) = corner + edges[0] + ... + edges[c],  R(i, c) the sum of row i of the tile up to c,
// so the tile's own sums stay in its narrow type until its columns are added up. Where ROW_LTN is
// the accumulator's type (ROWS_SEEDED) each row's scan starts from edges[TILE + r] instead, which
// spares the column scan its second read of it per row (H200, 4K 8UC1: docs/PERFORMANCE.md,
// integral, s38e). The rows, then the columns (and top, beside the columns' first step): work
// item (lx, ly) takes segment ly (SEG values) of row or column lx (of top for lx == 0); each scan
// a segment's sum to local memory, a barrier, then the segment's running sum from the sums of the
// segments before it.
// Called by the whole work-group after a barrier that follows the stores to tile, edges and
// *corner.
inline void ACC_FN(scan_tile)(__local ROW_LTN* tile, __local ROW_LTN* row_parts, __local ACC* parts,
                              __local ACC* edges, __local ACC* top_parts, __local const ACC* corner,
                              int lx, int ly, int bx, int by, int rows, int cols, __global uchar* dst,
                              int dst_step, int dst_offset)
{
    const int x = bx * TILE + lx, y0 = by * TILE;
    __local ROW_LTN* row = tile + lx * LM_STRIDE + ly * SEG;  // segment ly of row lx
    ROW_LTN sum = (ROW_LTN)(0);
    for (int c = 0; c < SEG; ++c)
        sum += row[c];
    row_parts[ly * LM_STRIDE + lx] = sum;
    __local ACC* top = edges + ly * SEG;  // segment ly of top
    if (lx == 0)
    {
        ACC top_sum = (ACC)(0);
        for (int k = 0; k < SEG; ++k)
            top_sum += top[k];
        top_parts[ly] = top_sum;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

#ifdef ROWS_SEEDED
    ROW_LTN running = edges[TILE + lx];
#else
    ROW_LTN running = (ROW_LTN)(0);
#endif
    for (int s = 0; s < ly; ++s)
        running += row_parts[s * LM_STRIDE + lx];
    for (int c = 0; c < SEG; ++c)
    {
        running += row[c];
        row[c] = running;
    }
    if (lx == 0)
    {
        ACC acc = *corner;
        for (int s = 0; s < ly; ++s)
            acc += top_parts[s];
        for (int k = 0; k < SEG; ++k)
        {
            acc += top[k];
            top[k] = acc;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Segment ly of column lx: rows r0 ..., each with the sum of its row left of the tile (in the
    // rows already where they are seeded with it).
    const int r0 = ly * SEG;
#ifdef ROWS_SEEDED
#  define LEFT_OF_ROW(k) ((ACC)(0))
#else
    __local const ACC* left = edges + TILE + r0;
#  define LEFT_OF_ROW(k) left[k]
#endif
    ACC column = (ACC)(0);
    for (int k = 0; k < SEG; ++k)
        column += ROW_LT_TO_WT(tile[(r0 + k) * LM_STRIDE + lx]) + LEFT_OF_ROW(k);
    parts[ly * LM_STRIDE + lx] = column;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (x < cols)
    {
        ACC acc = edges[lx];  // top(lx): the integral at (y0, x + 1)
        for (int s = 0; s < ly; ++s)
            acc += parts[s * LM_STRIDE + lx];
        for (int k = 0; k < SEG && y0 + r0 + k < rows; ++k)
        {
            acc += ROW_LT_TO_WT(tile[(r0 + k) * LM_STRIDE + lx]) + LEFT_OF_ROW(k);
            ACC_FN(store_pixel)(dst, dst_step, dst_offset, y0 + r0 + k + 1, x + 1, acc);
        }
    }
#undef LEFT_OF_ROW
    ACC_FN(store_zero_edges)(dst, dst_step, dst_offset, lx, ly, bx, by, rows, cols);
}

#endif // SINGLE_PASS, three launches

#undef ACC
#undef ACC_DT1
#undef ACC_TO_DT
#undef ACC_FN
#undef ACC_LT
#undef ACC_LT_TO_ACC
