// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Integral images (cv::integral) over TILE x TILE pixel tiles, one work-group per tile, which
// reads its tile and writes its outputs once. Where the tiles are few per compute unit (the
// host's plan), in one launch for the sum and the squared sum (integral_tiles); else in three
// launches per output (integral_tile_totals, integral_carries, integral_carried_tiles: see
// "three launches" below).
// With L(y) the sum of row y left of the tile, P(x) the sum of column x above it and the corner
// the sum of everything above and left of it, the integral inside the tile is
//   corner + (prefix of P along x) + (prefix of L along y) + (the tile's own integral).
// The single pass computes the tile's own integral first (scans from zero; common/integral_tile.cl)
// and adds the rest as it stores; the three launches' scan_tile scans the tile's rows in a type
// narrower than the sum's where that holds them (ROW_LTN), then its columns with L added, from the
// prefix of P seeded with the corner.
// In the single pass the carries come from a decoupled look-back (Merrill and Garland,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back", 2016) along three chains of tiles,
// each lane summing along its chain what the tiles before published: each tile row (lanes: the
// tile's own integral in its last column, whose sums are the prefixes of L; the last lane is the
// tile's total, whose sum is the sum of L), each tile column (lanes: its last row, whose sums are
// the prefixes of P) and the corner chain down each tile column (one lane: the sum of L, whose
// prefix down the column is the corner). A tile publishes its values as an aggregate, sums
// the predecessors' values back to the nearest one that published an inclusive prefix, and
// publishes its own inclusive prefix. The three chains are walked at once by different work
// items, so the column chain never waits on the row chain: only the corner chain's aggregate (the
// sum of L) needs the tile's row look-back, and a tile's own corner does not (it is the prefix of
// the tiles above). Tiles take their position from an atomic ticket in launch order (row-major),
// so a tile waits only on tiles that already run: no deadlock whatever order or number of
// work-groups the device runs at once. With GROUP_ORDER_TICKETS (devices that start work-groups in
// the order of their ids) the work-group's id is its ticket (TAKE_TICKET).
// Work-groups of TILE x SEGMENTS work items (SEGMENTS >= 2): each loads SEG rows of one pixel
// column of the tile (coalesced); row and column scans over the padded local tile run in segments
// of SEG pixels, one per work item, joined by the segments' sums.
//
// The tilted sum (rotated by 45 degrees) is, with R(y, k) = sum of src(y, x) over x < k (k
// clamped to [0, W]):
//   T(X, Y) = sum_{y<Y} R(y, X+Y-1-y) - sum_{y<Y} R(y, X-Y+y),
// two prefix sums along the diagonals of R, in the single pass or in one launch after the upright
// sum's (see "The tilted sum over tiles" below): integer images only, whose sums it keeps exact;
// floating-point images take integral_diagonal.cl's sums, which only add.
//
// Build options (src/integral.cpp): CN lanes (channels); SRC_T1 source element type; WT1/WTN the
// accumulator and its CN-lane vector (uint for 32-bit integer sums, which wrap like cv::'s);
// DT1 the output element; SRC_TO_WT, WT_TO_DT conversions; TILE, SEGMENTS (dividing TILE).
// SINGLE_PASS: integral_tiles only, with WITH_TILTED (and BAND, TILTED_LAG) the tilted sum's tiles too;
// TILTED: integral_tilted (integer images), with UPRIGHT_F64_BITS where its
// 64-bit integer accumulator reads an upright sum stored as doubles' bits; else the three launches' kernels
// (a build compiles only the kernels it launches).
// SQSUM (single pass, one-channel 8-bit images): the squared sum too, with SQ_WTN, SQ_DT1,
// SQ_WT_TO_DT as above, and its tile's type SQ_LTN (32-bit integers) with WT_TO_SQ_LT and
// SQ_LT_TO_WT; SQUARE: the sum of squares instead of the sum.
// Three launches: CARRY_LANES, CARRY_SEGMENTS (integral_carries' work-groups), and ROW_LTN, the
// carried tiles' local type, which holds the sum of a tile row's (squared) source values exactly,
// with WT_TO_ROW_LT and ROW_LT_TO_WT, and ROWS_SEEDED where ROW_LTN is the accumulator's type
// (common/integral_tile.cl, scan_tile); the single pass takes ROW_LTN for its tile where the host
// gives it (the sum alone, without SQSUM or WITH_TILTED).
// Single pass: LOOK_BACK_BATCH (the look-back's reads); single pass and tilted: PLAIN_LOOK_BACK
// (its words) and GROUP_ORDER_TICKETS (tiles' tickets from work-group ids, TAKE_TICKET).
// The tilted sum of floating-point images: integral_diagonal.cl.

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define VEC CN
#include "common/vector.cl"

// Sums of integer images into CV_64F on a device without double precision (src/integral.cpp,
// longSums): accumulated in 64-bit integers, which hold them exactly, and stored as
// the bits of the nearest double (WT_TO_DT), rounded to even as a conversion would round them.
inline ulong f64_bits_of_long1(long v)
{
    if (v == 0)
        return 0;
    const ulong sign = v < 0 ? 0x8000000000000000ul : 0;
    ulong m = abs(v);  // the built-in: LLVM turns a select into llvm.abs.i64, which oclgrind 21.10 lacks
    int top = 63 - (int)clz(m);  // the exponent
    if (top <= 52)
        m <<= 52 - top;
    else
    {
        const int dropped = top - 52;
        const ulong rest = m & ((1ul << dropped) - 1), halfway = 1ul << (dropped - 1);
        m >>= dropped;
        if (rest > halfway || (rest == halfway && (m & 1)))
            ++m;
        if (m >> 53)  // rounded up to the next power of two
        {
            m >>= 1;
            ++top;
        }
    }
    return sign | ((ulong)(top + 1023) << 52) | (m & 0xffffffffffffful);
}

// The tilted sum's reads of an upright sum so stored (UPRIGHT_F64_BITS): the 64-bit integer of the
// double with those bits, exact for the integers such sums are (each below 2^63).
inline long long_of_f64_bits1(ulong bits)
{
    const int biased = (int)((bits >> 52) & 0x7ff);
    if (biased == 0)
        return 0;
    const int shift = biased - 1075;  // the value is m 2^shift
    const ulong m = (bits & 0xffffffffffffful) | (1ul << 52);
    const ulong magnitude = shift >= 0 ? m << min(shift, 63) : shift > -64 ? m >> -shift : 0ul;
    return bits >> 63 ? -(long)magnitude : (long)magnitude;
}

// f applied to each of the CN lanes of v, giving a vector of T.
#if CN == 1
#  define LANEWISE(f, T, v) f(v)
#elif CN == 2
#  define LANEWISE(f, T, v) ((T##2)(f((v).x), f((v).y)))
#elif CN == 3
#  define LANEWISE(f, T, v) ((T##3)(f((v).x), f((v).y), f((v).z)))
#else
#  define LANEWISE(f, T, v) ((T##4)(f((v).x), f((v).y), f((v).z), f((v).w)))
#endif
#define f64_bits_of_long(v) LANEWISE(f64_bits_of_long1, ulong, v)
#define long_of_f64_bits(v) LANEWISE(long_of_f64_bits1, long, v)

#define SCAN_BLOCK 8  // independent global loads in flight per step of a sequential scan
#define SEG (TILE / SEGMENTS)  // rows or columns per segment of a tile
#define LM_STRIDE (TILE + 1)  // padding: row-wise walks by different work items hit different banks
// Local arrays carved out of one buffer (a pass of upright and tilted tiles takes the larger of
// their local memories, not both) start on 32 bytes, the widest vector's alignment.
#define LM_ROUND(bytes) (((bytes) + 31) / 32 * 32)

// t[j] = p[(k0 + j) * stride] for the j < SCAN_BLOCK with k0 + j < n, zero beyond: independent
// loads, so that sequential walks over global memory wait one latency per block, not per value.
inline void load_block(__global const WTN* p, int k0, int n, size_t stride, WTN* t)
{
    UNROLL
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
        UNROLL
        for (int j = 0; j < SCAN_BLOCK; ++j)
            acc += t[j];
    }
    return acc;
}

// ---- decoupled look-back ------------------------------------------------------------------------
// Per tile and chain (0: along the tile row, whose lane TILE the single pass leaves unused; 1: down
// the tile column, its lane TILE the corner chain) the scratch `carries` (and `sq_carries` for the
// squared sum) hold one slot of TILE + 1 lanes: the aggregate, later overwritten with the
// inclusive prefix. Each 32-bit word of a slot travels with a tag (epoch << 2) | state in one
// 64-bit word; the host counts launches (the epoch), so words of another launch read as
// unpublished and nothing needs clearing between launches. There are no flags: every lane of a
// chain is walked by one work item on its own, which reads its predecessors' words and takes a
// value only when all its words carry this launch's epoch and one state (OpenCL 1.2 offers no
// fence that orders memory between work-groups, so a flag could be seen before the values it
// announces; a tagged word cannot be).
// All of it is accessed through atomics (or, with PLAIN_LOOK_BACK, volatile accesses that the
// device serves from a cache all work-groups share), so readers never see stale cached copies;
// with atomics race checkers (oclgrind) see no unsynchronised accesses between work-groups.
// flags[0] is the tile ticket (take_ticket below).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define AGGREGATE 1
#define INCLUSIVE 2
#define LANES (TILE + 1)
#ifndef LOOK_BACK_BATCH
#define LOOK_BACK_BATCH 4    // predecessors whose values a work item reads at once
#endif
// Look-back words (64 bits with the tag) through volatile loads and stores with PLAIN_LOOK_BACK
// (on devices where they reach a cache shared by all work-groups: each 64-bit word is written
// whole, and readers check its tag), else through atomics (atom_cmpxchg(p, 0, 0) reads
// atomically, leaving p as it is: OpenCL 1.2 has no atomic load).
#ifdef PLAIN_LOOK_BACK
#define LOOK_BACK_LOAD(p) (*(p))
#define LOOK_BACK_STORE(p, v) (*(p) = (v))
#else
#define LOOK_BACK_LOAD(p) atom_cmpxchg(p, 0ul, 0ul)
#define LOOK_BACK_STORE(p, v) atom_xchg(p, v)
#endif

// The work-group's place in launch order (`groups` in all). The last to take one resets the
// counter for the next launch: every work-group has then taken its ticket, and none reads the
// counter again, so no group waits at its end on an atomic that counts the finished ones.
inline int take_ticket(__global uint* flags, uint groups)
{
    const uint t = atomic_inc(flags);
    if (t == groups - 1)
        atomic_xchg(flags, 0u);
    return (int)t;
}

// int t = the work-group's tile ticket, the same in all its work items. A tile waits only on tiles
// of smaller tickets; with GROUP_ORDER_TICKETS the device starts work-groups in the order of
// their linear ids (dimension 0 fastest), so the id serves and the atomic's round trip is spared.
#ifdef GROUP_ORDER_TICKETS
#define TAKE_TICKET(t, first_item, groups)                  \
    int t = (int)(get_group_id(1) * get_num_groups(0) + get_group_id(0))
#else
#define TAKE_TICKET(t, first_item, groups)                  \
    __local int t##_taken;                                  \
    if (first_item)                                         \
        t##_taken = take_ticket(flags, groups);             \
    barrier(CLK_LOCAL_MEM_FENCE);                           \
    int t = t##_taken
#endif

// The tile row of ticket t, t / tiles_x, through float, then corrected: on the H200 the 4K tilted
// sum of 8UC1 took 1 us longer with an integer division here (scripts/device_runs/s51, s51b).
inline int ticket_row(int t, int tiles_x)
{
    int row = convert_int_rtz((float)t / (float)tiles_x);
    row -= row * tiles_x > t ? 1 : 0;
    row += (row + 1) * tiles_x <= t ? 1 : 0;
    return row;
}

#define ACC WTN
#define ACC_DT1 DT1
#define ACC_TO_DT WT_TO_DT
#define ACC_FN(f) f##_sum
#define ACC_LT WTN
#define ACC_LT_TO_ACC(v) (v)
#include "common/integral_tile.cl"

#ifdef SQSUM
#define ACC SQ_WTN
#define ACC_DT1 SQ_DT1
#define ACC_TO_DT SQ_WT_TO_DT
#define ACC_FN(f) f##_sq
#define ACC_LT SQ_LTN
#define ACC_LT_TO_ACC SQ_LT_TO_WT
#include "common/integral_tile.cl"
#define SQ_ARG(a) , a
#else
#define SQ_ARG(a)
#endif

#ifdef SINGLE_PASS
// Lane `lane` of tile t's values of `chain` (sum, and squared sum), published in `state`.
inline void publish(__global ulong* carries SQ_ARG(__global ulong* sq_carries), int t, int chain,
                    int lane, int state, WTN v SQ_ARG(SQ_WTN sq), uint epoch)
{
    const uint tag = (epoch << 2) | (uint)state;
    publish_value_sum(carry_slot_sum(carries, t, chain, lane), v, tag);
#ifdef SQSUM
    publish_value_sq(carry_slot_sq(sq_carries, t, chain, lane), sq, tag);
#endif
}

// The sums of lane `lane` of `chain` over the chain's positions before `pos` (tile t; the
// predecessor at position p is tile t - (pos - p) * step), added to *acc (and *sq_acc). Walked by
// one work item: the nearest predecessor, then batches of LOOK_BACK_BATCH read at once,
// aggregates added up to the nearest inclusive prefix, from the first predecessor not published
// yet again. Position 0 of every chain publishes its inclusive prefix without looking back, so
// the walk ends there at the latest.
inline void look_back(__global ulong* carries SQ_ARG(__global ulong* sq_carries), int t, int chain,
                      int lane, int pos, int step, uint epoch, WTN* acc SQ_ARG(SQ_WTN* sq_acc))
{
    int next = pos - 1;  // the nearest position not added yet
    int count = 1;       // predecessors read at once: the nearest alone first (usually it has
                         // published its inclusive prefix: every further read would be wasted)
    while (next >= 0)
    {
        WTN v[LOOK_BACK_BATCH];
#ifdef SQSUM
        SQ_WTN sq[LOOK_BACK_BATCH];
#endif
        int state[LOOK_BACK_BATCH];
        UNROLL
        for (int j = 0; j < LOOK_BACK_BATCH; ++j)
        {
            state[j] = 0;
            v[j] = (WTN)(0);
#ifdef SQSUM
            sq[j] = (SQ_WTN)(0);
#endif
            if (j < count && next - j >= 0)
            {
                const int p = t - (pos - next + j) * step;
                state[j] = read_value_sum(carry_slot_sum(carries, p, chain, lane), epoch, &v[j]);
#ifdef SQSUM
                const int sq_state = read_value_sq(carry_slot_sq(sq_carries, p, chain, lane), epoch, &sq[j]);
                state[j] = sq_state == state[j] ? state[j] : 0;
#endif
            }
        }
        count = LOOK_BACK_BATCH;
        const int first = next;
        UNROLL
        for (int j = 0; j < LOOK_BACK_BATCH; ++j)
            if (next >= 0 && next == first - j && state[j] != 0)
            {
                *acc += v[j];
#ifdef SQSUM
                *sq_acc += sq[j];
#endif
                next = state[j] == INCLUSIVE ? -1 : next - 1;
            }
        if (next == first)
        {
            // The nearest predecessor has published nothing yet: wait on it alone (a batch read per
            // turn would load the shared cache for nothing).
            const int p = t - (pos - next) * step;
            int got;
            do
            {
                got = read_value_sum(carry_slot_sum(carries, p, chain, lane), epoch, &v[0]);
#ifdef SQSUM
                const int sq_got = read_value_sq(carry_slot_sq(sq_carries, p, chain, lane), epoch, &sq[0]);
                got = sq_got == got ? got : 0;
#endif
            } while (got == 0);
            *acc += v[0];
#ifdef SQSUM
            *sq_acc += sq[0];
#endif
            next = got == INCLUSIVE ? -1 : next - 1;
        }
    }
}

#endif // SINGLE_PASS

// ---- the pass -----------------------------------------------------------------------------------

#if CN == 1
#define SRC_PIXEL SRC_T1
#else
#define SRC_PIXEL GPUCONV_CAT(SRC_T1, CN)
#endif

// A source pixel in the accumulator type, as the sums take it.
inline WTN source_value(SRC_PIXEL raw)
{
    WTN v = SRC_TO_WT(raw);
#ifdef SQUARE
    v = v * v;
#endif
    return v;
}

// The first element of source pixel (y, x), by 32-bit offsets (common/vector.cl, "Addressing").
inline __global const SRC_T1* source_at(__global const uchar* src, int src_step, int src_offset, int y, int x)
{
    return (__global const SRC_T1*)(src + (y * src_step + src_offset + x * (int)sizeof(SRC_T1) * CN));
}

// Source pixel (y, x) in the accumulator type; zero outside the image, where tiles overhang it.
inline WTN tile_pixel(__global const uchar* src, int src_step, int src_offset, int rows, int cols,
                      int y, int x)
{
    if ((uint)x >= (uint)cols || y >= rows)
        return (WTN)(0);
    return source_value(GLOBAL_VLOAD(SRC_PIXEL, source_at(src, src_step, src_offset, y, x)));
}

#ifdef SINGLE_PASS

#ifdef SQSUM
#if TILE > 64
#error "a tile's sums of squares of 8-bit values fit 32-bit integers for tiles up to 64 x 64"
#endif
// The squared sum's tile value of a pixel from its sum's value (exact conversions: every sum type
// holds 8-bit values exactly, and SQ_LTN a tile's sums of their squares).
inline SQ_LTN square(WTN v)
{
    const SQ_LTN w = WT_TO_SQ_LT(v);
    return w * w;
}
#endif

// One step of the tile's scans (work item (lane, seg) holding segment seg of a column or row of
// the sum's, and the squared sum's, tile): each segment's running sum, then, after a barrier,
// the sums of the segments before it added (common/integral_tile.cl).
inline void scan_segments(WTN* vals SQ_ARG(SQ_LTN* sq_vals), __local WTN* parts
                          SQ_ARG(__local SQ_LTN* sq_parts), int lane, int seg)
{
    segment_prefix_sum(vals, parts, lane, seg);
#ifdef SQSUM
    segment_prefix_sq(sq_vals, sq_parts, lane, seg);
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
    add_earlier_segments_sum(vals, parts, lane, seg);
#ifdef SQSUM
    add_earlier_segments_sq(sq_vals, sq_parts, lane, seg);
#endif
}

// A segment's SEG values between registers and the tiles, from `first` by `step`: stored where
// `store`, else loaded.
inline void move_segment(__local WTN* tile SQ_ARG(__local SQ_LTN* sq_tile), WTN* vals
                         SQ_ARG(SQ_LTN* sq_vals), int first, int step, bool store)
{
    UNROLL
    for (int k = 0; k < SEG; ++k)
    {
        const int i = first + k * step;
        if (store)
            tile[i] = vals[k];
        else
            vals[k] = tile[i];
#ifdef SQSUM
        if (store)
            sq_tile[i] = sq_vals[k];
        else
            sq_vals[k] = sq_tile[i];
#endif
    }
}

// The work items that walk the look-back's chains: those of the last segment (ly == SEGMENTS - 1)
// the tile row's lanes (each holds its row's value of the tile's last column after the row
// scan), work items 0..TILE - 1 the tile column's lanes, CORNER_ITEM the corner chain (with 2
// segments work item 0, after its column lane).
#if SEGMENTS > 2
#define CORNER_ITEM TILE
#else
#define CORNER_ITEM 0
#endif

// The sum, and with SQSUM the squared sum, in one pass over the source. Each tile computes its own
// integral (scans from zero), publishes its last column (the row chain's lanes: in row r the sum
// of the tile's rows 0..r, whose sum along the tile row is left(r), the sum of rows y0..y0 + r
// left of the tile) and its last row (the column chain's lanes, likewise the sums above the tile
// of columns x0..x), and only then looks back:
// the tiles before it have had the time of its scans to publish theirs. Lane TILE - 1 of the row
// chain is the tile's total, whose sum along the tile row is the corner chain's aggregate.
// Its local memory, `lm`: the tile and the segment sums (then the carries: store_tile's edges) of
// each output.
#ifdef ROW_LTN
#  if defined(SQSUM) || defined(WITH_TILTED)
#    error "the single pass keeps its tile's rows in ROW_LTN for the sum alone"
#  endif
// The tile's row prefixes in ROW_LTN, the column segments' sums, and the edges store_tile adds.
#define UPRIGHT_TILE_BYTES LM_ROUND(TILE * LM_STRIDE * sizeof(ROW_LTN))
#define UPRIGHT_EDGES_BYTES LM_ROUND((2 * TILE + 1) * sizeof(WTN))
#else
#define UPRIGHT_TILE_BYTES LM_ROUND(TILE * LM_STRIDE * sizeof(WTN))
#define UPRIGHT_EDGES_BYTES 0
#endif
#define UPRIGHT_PARTS_BYTES LM_ROUND(SEGMENTS * LM_STRIDE * sizeof(WTN))
#ifdef SQSUM
#define SQ_TILE_BYTES LM_ROUND(TILE * LM_STRIDE * sizeof(SQ_LTN))
#define SQ_PARTS_BYTES LM_ROUND(SEGMENTS * LM_STRIDE * sizeof(SQ_LTN))
#define UPRIGHT_LM_BYTES (UPRIGHT_TILE_BYTES + UPRIGHT_PARTS_BYTES + SQ_TILE_BYTES + SQ_PARTS_BYTES + \
                          LM_ROUND((2 * TILE + 2) * sizeof(SQ_WTN)))
#else
#define UPRIGHT_LM_BYTES (UPRIGHT_TILE_BYTES + UPRIGHT_PARTS_BYTES + UPRIGHT_EDGES_BYTES)
#endif

// The squared sum's output and look-back words, as integral_tiles and upright_tile take them.
#ifdef SQSUM
#define SQ_PARAMS , __global uchar* sq_dst, int sq_dst_step, int sq_dst_offset, __global ulong* sq_carries
#define SQ_ARGS , sq_dst, sq_dst_step, sq_dst_offset, sq_carries
#else
#define SQ_PARAMS
#define SQ_ARGS
#endif

// Tile t (row-major, tiles_x per row) of the pass, by work item (lx, ly).
inline void upright_tile(__global const uchar* src, int src_step, int src_offset, int rows, int cols,
                         __global uchar* dst, int dst_step, int dst_offset SQ_PARAMS, __global ulong* carries,
                         int tiles_x, uint epoch, int t, int lx, int ly, __local uchar* lm)
{
#ifndef ROW_LTN
    __local WTN* tile = (__local WTN*)lm;
    __local WTN* parts = (__local WTN*)(lm + UPRIGHT_TILE_BYTES);
#endif
#ifdef SQSUM
    __local SQ_LTN* sq_tile = (__local SQ_LTN*)(lm + UPRIGHT_TILE_BYTES + UPRIGHT_PARTS_BYTES);
    __local SQ_LTN* sq_parts = (__local SQ_LTN*)((__local uchar*)sq_tile + SQ_TILE_BYTES);
    __local SQ_WTN* sq_edges = (__local SQ_WTN*)((__local uchar*)sq_parts + SQ_PARTS_BYTES);
#endif
    const int lid = ly * TILE + lx;
    const int by = ticket_row(t, tiles_x), bx = t - by * tiles_x;
    const int x = bx * TILE + lx, y0 = by * TILE;
    const bool row_item = ly == SEGMENTS - 1;
#ifdef ROW_LTN
    // The tile in ROW_LTN, which holds a tile row's sums exactly (8-bit images into 16-byte sums,
    // src/integral.cpp): half their local memory or less, so tiles of 64 fit. Its rows are
    // scanned first, in that type; the columns' sums of those prefixes, in the sum's type, are
    // taken per segment (`parts`), and the tile's own integral at (r, c) is then the parts of
    // column c above r's segment plus its prefixes R(k, c) down to r, added as the outputs are
    // stored. Local memory: the tile, `parts` (the rows' segment sums before it), `edges`.
    __local ROW_LTN* tile = (__local ROW_LTN*)lm;
    __local WTN* parts = (__local WTN*)(lm + UPRIGHT_TILE_BYTES);
    __local ROW_LTN* row_parts = (__local ROW_LTN*)parts;
    __local WTN* edges = (__local WTN*)(lm + UPRIGHT_TILE_BYTES + UPRIGHT_PARTS_BYTES);
    UNROLL
    for (int k = 0; k < SEG; ++k)
        tile[(ly * SEG + k) * LM_STRIDE + lx] =
            WT_TO_ROW_LT(tile_pixel(src, src_step, src_offset, rows, cols, y0 + ly * SEG + k, x));
    barrier(CLK_LOCAL_MEM_FENCE);
    // Along the rows: columns ly * SEG ... of row lx.
    __local ROW_LTN* row = tile + lx * LM_STRIDE + ly * SEG;
    ROW_LTN prefix[SEG];
    prefix[0] = row[0];
    UNROLL
    for (int k = 1; k < SEG; ++k)
        prefix[k] = prefix[k - 1] + row[k];
    row_parts[ly * LM_STRIDE + lx] = prefix[SEG - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    ROW_LTN earlier = (ROW_LTN)(0);
    for (int s = 0; s < ly; ++s)
        earlier += row_parts[s * LM_STRIDE + lx];
    UNROLL
    for (int k = 0; k < SEG; ++k)
        row[k] = prefix[k] + earlier;
    barrier(CLK_LOCAL_MEM_FENCE);
    // Down the columns: the sum of segment ly of column lx's prefixes.
    WTN column = (WTN)(0);
    UNROLL
    for (int k = 0; k < SEG; ++k)
        column += ROW_LT_TO_WT(tile[(ly * SEG + k) * LM_STRIDE + lx]);
    parts[ly * LM_STRIDE + lx] = column;
    barrier(CLK_LOCAL_MEM_FENCE);
    // Row lx's lane of the row chain: the tile's own integral in its last column.
    WTN last_column = (WTN)(0);
    if (row_item)
    {
        const int first = lx / SEG * SEG;
        for (int s = 0; s < lx / SEG; ++s)
            last_column += parts[s * LM_STRIDE + TILE - 1];
        for (int k = first; k <= lx; ++k)
            last_column += ROW_LT_TO_WT(tile[k * LM_STRIDE + TILE - 1]);
        publish(carries, t, 0, lx, bx > 0 ? AGGREGATE : INCLUSIVE, last_column, epoch);
    }
#else
    // Down the columns: rows ly * SEG ... of column lx.
    WTN vals[SEG];
#ifdef SQSUM
    SQ_LTN sq_vals[SEG];
#endif
    UNROLL
    for (int k = 0; k < SEG; ++k)
    {
        vals[k] = tile_pixel(src, src_step, src_offset, rows, cols, y0 + ly * SEG + k, x);
#ifdef SQSUM
        sq_vals[k] = square(vals[k]);
#endif
    }
    scan_segments(vals SQ_ARG(sq_vals), parts SQ_ARG(sq_parts), lx, ly);
    move_segment(tile SQ_ARG(sq_tile), vals SQ_ARG(sq_vals), (ly * SEG) * LM_STRIDE + lx, LM_STRIDE, true);
    barrier(CLK_LOCAL_MEM_FENCE);

    // Along the rows: columns ly * SEG ... of row lx.
    move_segment(tile SQ_ARG(sq_tile), vals SQ_ARG(sq_vals), lx * LM_STRIDE + ly * SEG, 1, false);
    scan_segments(vals SQ_ARG(sq_vals), parts SQ_ARG(sq_parts), lx, ly);
    move_segment(tile SQ_ARG(sq_tile), vals SQ_ARG(sq_vals), lx * LM_STRIDE + ly * SEG, 1, true);
    const WTN last_column = vals[SEG - 1];
#ifdef SQSUM
    const SQ_WTN sq_last_column = SQ_LT_TO_WT(sq_vals[SEG - 1]);
#endif
    if (row_item)
        publish(carries SQ_ARG(sq_carries), t, 0, lx, bx > 0 ? AGGREGATE : INCLUSIVE, last_column
                SQ_ARG(sq_last_column), epoch);
    barrier(CLK_LOCAL_MEM_FENCE);
#endif

    // The three chains at once: nothing waits on a work item of the same work-group before the
    // barrier below.
    const bool col_item = lid < TILE;
    WTN last_row = (WTN)(0), left = (WTN)(0), above = (WTN)(0), corner = (WTN)(0);
#ifdef SQSUM
    SQ_WTN sq_last_row = (SQ_WTN)(0), sq_left = (SQ_WTN)(0), sq_above = (SQ_WTN)(0), sq_corner = (SQ_WTN)(0);
#endif
    if (col_item)
    {
#ifdef ROW_LTN
        for (int s = 0; s < SEGMENTS; ++s)
            last_row += parts[s * LM_STRIDE + lid];
#else
        last_row = tile[(TILE - 1) * LM_STRIDE + lid];
#endif
#ifdef SQSUM
        sq_last_row = SQ_LT_TO_WT(sq_tile[(TILE - 1) * LM_STRIDE + lid]);
#endif
        publish(carries SQ_ARG(sq_carries), t, 1, lid, by > 0 ? AGGREGATE : INCLUSIVE, last_row
                SQ_ARG(sq_last_row), epoch);
    }
    if (row_item && bx > 0)
    {
        look_back(carries SQ_ARG(sq_carries), t, 0, lx, bx, 1, epoch, &left SQ_ARG(&sq_left));
        publish(carries SQ_ARG(sq_carries), t, 0, lx, INCLUSIVE, left + last_column
                SQ_ARG(sq_left + sq_last_column), epoch);
    }
    if (row_item && lx == TILE - 1)
        // The corner chain's aggregate (the sum left of the tile), or at by == 0 its inclusive
        // prefix (the corner is zero).
        publish(carries SQ_ARG(sq_carries), t, 1, TILE, by > 0 ? AGGREGATE : INCLUSIVE, left
                SQ_ARG(sq_left), epoch);
    if (col_item && by > 0)
    {
        look_back(carries SQ_ARG(sq_carries), t, 1, lid, by, tiles_x, epoch, &above SQ_ARG(&sq_above));
        publish(carries SQ_ARG(sq_carries), t, 1, lid, INCLUSIVE, above + last_row
                SQ_ARG(sq_above + sq_last_row), epoch);
    }
    if (lid == CORNER_ITEM && by > 0)
        look_back(carries SQ_ARG(sq_carries), t, 1, TILE, by, tiles_x, epoch, &corner SQ_ARG(&sq_corner));
#ifndef ROW_LTN
    // `parts` is free since the barrier above: the edges store_tile adds, and the sum left of the
    // tile for the corner chain's inclusive prefix.
    __local WTN* edges = parts;
#endif
    if (col_item)
    {
        edges[lid] = above;
#ifdef SQSUM
        sq_edges[lid] = sq_above;
#endif
    }
    if (row_item)
    {
        edges[TILE + lx] = left;
#ifdef SQSUM
        sq_edges[TILE + lx] = sq_left;
#endif
    }
    if (lid == CORNER_ITEM)
    {
        edges[2 * TILE] = corner;
#ifdef SQSUM
        sq_edges[2 * TILE] = sq_corner;
#endif
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == CORNER_ITEM && by > 0)
        publish(carries SQ_ARG(sq_carries), t, 1, TILE, INCLUSIVE, corner + edges[2 * TILE - 1]
                SQ_ARG(sq_corner + sq_edges[2 * TILE - 1]), epoch);
#ifdef ROW_LTN
    if (x < cols)
    {
        WTN acc = edges[2 * TILE] + edges[lx];
        for (int s = 0; s < ly; ++s)
            acc += parts[s * LM_STRIDE + lx];
        for (int k = 0; k < SEG && y0 + ly * SEG + k < rows; ++k)
        {
            const int r = ly * SEG + k;
            acc += ROW_LT_TO_WT(tile[r * LM_STRIDE + lx]);
            store_pixel_sum(dst, dst_step, dst_offset, y0 + r + 1, x + 1, acc + edges[TILE + r]);
        }
    }
    store_zero_edges_sum(dst, dst_step, dst_offset, lx, ly, bx, by, rows, cols);
#else
    store_tile_sum(tile, edges, lx, ly, bx, by, rows, cols, dst, dst_step, dst_offset);
#endif
#ifdef SQSUM
    store_tile_sq(sq_tile, sq_edges, lx, ly, bx, by, rows, cols, sq_dst, sq_dst_step, sq_dst_offset);
#endif
}

#endif // SINGLE_PASS

#if !defined(SINGLE_PASS) && !defined(TILTED)
// ---- three launches -----------------------------------------------------------------------------
// For images of more tiles than the device runs at once, where waiting on the look-back costs more
// than two more launches: integral_tile_totals (per tile the total of each of its rows and
// columns, and its sum), integral_carries (exclusive scans of those totals in place: the sum of
// each row left of each tile, of each column above it, of each tile row left of each tile), then
// integral_carried_tiles (the corner: the sum of the tile rows above the tile, left of it, a few
// loads per work item rather than one per image row above). SQUARE: the squared sum (launches of
// its own).

// The totals kernel's local tile: the source values in the source's own type, which holds them
// exactly (a quarter of the local memory of 32-bit sums for 8-bit pixels), but squares in the sum's.
#ifdef SQUARE
#define TOTALS_LT WTN
#define WT_TO_TOTALS_LT(v) (v)
#define TOTALS_LT_TO_WT(v) (v)
#else
#define TOTALS_LT SRC_PIXEL
#define WT_TO_TOTALS_LT(v) GPUCONV_CAT(convert_, SRC_PIXEL)(v)
#define TOTALS_LT_TO_WT(v) SRC_TO_WT(v)
#endif

__kernel void integral_tile_totals(__global const uchar* src, int src_step, int src_offset,
                                   int rows, int cols, __global WTN* row_totals,
                                   __global WTN* col_totals, __global WTN* tile_sums)
{
    __local TOTALS_LT tile[TILE * LM_STRIDE];
    __local WTN col_parts[SEGMENTS * LM_STRIDE];  // [segment][column]
    __local WTN row_parts[SEGMENTS * LM_STRIDE];  // [segment][row]
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int bx = get_group_id(0), by = get_group_id(1);
    const int x = bx * TILE + lx, y0 = by * TILE;

    WTN column = (WTN)(0);
    for (int k = 0; k < SEG; ++k)
    {
        const int r = ly * SEG + k, y = y0 + r;
        const WTN v = tile_pixel(src, src_step, src_offset, rows, cols, y, x);
        tile[r * LM_STRIDE + lx] = WT_TO_TOTALS_LT(v);
        column += v;
    }
    col_parts[ly * LM_STRIDE + lx] = column;
    barrier(CLK_LOCAL_MEM_FENCE);

    WTN row = (WTN)(0);
    for (int c = 0; c < SEG; ++c)
        row += TOTALS_LT_TO_WT(tile[lx * LM_STRIDE + ly * SEG + c]);
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
        row_parts[lx] = row;  // rows beyond the image hold zero; each item its own slot
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lx == 0 && ly == 0)
    {
        WTN total = (WTN)(0);
        for (int r = 0; r < TILE; ++r)
            total += row_parts[r];
        tile_sums[(size_t)bx * get_num_groups(1) + by] = total;  // tile columns, as the carries read them
    }
}

// Writes to out[0], out[stride], ... seed plus the exclusive prefix sums of the n values in[0],
// in[stride], ... (in may be out).
inline void exclusive_scan(__global const WTN* in, __global WTN* out, int n, size_t stride, WTN acc)
{
    for (int k0 = 0; k0 < n; k0 += SCAN_BLOCK)
    {
        WTN t[SCAN_BLOCK];
        load_block(in, k0, n, stride, t);
        UNROLL
        for (int j = 0; j < SCAN_BLOCK; ++j)
        {
            if (k0 + j < n)
                out[(k0 + j) * stride] = acc;
            acc += t[j];
        }
    }
}

// Work items (i, s): lane i < rows scans the left carries of image row i, lane rows + j those of
// image column j from above, lane rows + cols + k the sums of the tiles of tile row k (the sum of
// tile row k left of each tile); each lane's scan is split into CARRY_SEGMENTS segments, one per
// work item of a local column (a few dozen dependent loads per lane would leave the device idle).
__kernel void integral_carries(__global WTN* row_totals, __global WTN* col_totals,
                               __global WTN* tile_sums, int rows, int cols, int nbx, int nby)
{
    __local WTN segment_sums[CARRY_SEGMENTS][CARRY_LANES];
    const int i = get_global_id(0), li = get_local_id(0), s = get_local_id(1);
    __global WTN* p = i < rows ? row_totals + i
                    : i < rows + cols ? col_totals + (i - rows) : tile_sums + (i - rows - cols);
    const int n = i < rows || i >= rows + cols ? nbx : nby;
    const size_t stride = i < rows ? (size_t)rows : i < rows + cols ? (size_t)cols : (size_t)nby;
    const bool lane = i < rows + cols + nby;
    const int per = (n + CARRY_SEGMENTS - 1) / CARRY_SEGMENTS;
    const int k0 = min(n, s * per), count = min(n, k0 + per) - k0;
    segment_sums[s][li] = lane ? strided_sum(p + k0 * stride, count, stride) : (WTN)(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    WTN seed = (WTN)(0);
    for (int t = 0; t < s; ++t)
        seed += segment_sums[t][li];
    if (lane)
        exclusive_scan(p + k0 * stride, p + k0 * stride, count, stride, seed);
}

__kernel void integral_carried_tiles(__global const uchar* src, int src_step, int src_offset,
                                     int rows, int cols, __global const WTN* left_carries,
                                     __global const WTN* col_carries, __global const WTN* tile_carries,
                                     __global uchar* dst, int dst_step, int dst_offset)
{
    __local ROW_LTN tile[TILE * LM_STRIDE];
    __local ROW_LTN row_parts[SEGMENTS * LM_STRIDE];  // [segment][row]
    __local WTN parts[SEGMENTS * LM_STRIDE];          // [segment][column]
    __local WTN edges[2 * TILE];  // above the tile, then left of it (scan_tile)
    __local WTN top_parts[SEGMENTS];
    __local WTN seeds[TILE + 1];  // the corner's parts, then the corner (seeds[TILE])
    const int lx = get_local_id(0), ly = get_local_id(1), lid = ly * TILE + lx;
    const int bx = get_group_id(0), by = get_group_id(1);
    const int x = bx * TILE + lx, y0 = by * TILE;
    for (int k = 0; k < SEG; ++k)
    {
        const int r = ly * SEG + k, y = y0 + r;
        tile[r * LM_STRIDE + lx] = WT_TO_ROW_LT(tile_pixel(src, src_step, src_offset, rows, cols, y, x));
    }
    // The corner, in parts: the sums of tile rows lid, lid + TILE, ... above the tile left of it.
    if (lid < TILE)
        seeds[lid] = strided_sum(tile_carries + (size_t)bx * get_num_groups(1) + lid,
                                 lid < by ? (by - lid + TILE - 1) / TILE : 0, TILE);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < TILE)
    {
        edges[lid] = x < cols ? col_carries[(size_t)by * cols + x] : (WTN)(0);
        edges[TILE + lid] = y0 + lid < rows ? left_carries[(size_t)bx * rows + y0 + lid] : (WTN)(0);
    }
    else if (lid == TILE)
    {
        WTN corner = (WTN)(0);
        for (int r = 0; r < TILE; ++r)
            corner += seeds[r];
        seeds[TILE] = corner;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    scan_tile_sum(tile, row_parts, parts, edges, top_parts, seeds + TILE, lx, ly, bx, by, rows, cols,
                  dst, dst_step, dst_offset);
}

#endif // three launches

#if defined(TILTED) || defined(WITH_TILTED)

// The tilted sum over tiles of BAND x TILE outputs (TILE = 2 BAND), in a launch of its own after
// the upright sum's (TILTED: integral_tilted) or in the upright single pass (WITH_TILTED: its
// integral_tiles, where TILE is the upright tiles' size too): tile (b, tx)
// takes the source rows y0 = b * BAND .. y0 + BAND - 1 (band b) and writes the outputs
// (y0 + 1 + r, X0 + x), r < BAND, x < TILE, X0 = tx * TILE (band 0 also the zero row 0). With
// P(Y, X) = sum_{y<Y} R(y, X+Y-1-y) and Q(Y, X) = sum_{y<Y} R(y, X-Y+y) (T = P - Q), the band's
// top row carries
//   CP(b, c) = P(y0, c),  CQ(b, c) = Q(y0, c),
// and for r < BAND
//   T(y0 + 1 + r, X) = CP(b, X + r + 1) - CQ(b, X - r - 1)
//                      + sum_{j<=r} R(y0 + j, X + r - j) - R(y0 + j, X - 1 - r + j).
// Both sums inside the band take r + 1 rows, so the part of R left of the tile (the same for
// every column of a row) cancels: the tile needs only the band's source for columns
// X0 - BAND .. X0 + TILE + BAND - 1, read once (the aprons from cache). One step down a band,
//   CP(b + 1, c) = CP(b, c + BAND) + (the band's sum of R down that rising diagonal),
//   CQ(b + 1, c) = CQ(b, c - BAND) + (the band's sum down the falling one),
// so each column's carry is the sum of one band sum per band above, each in the tile BAND columns
// further right (rising) or left (falling) per band: a decoupled look-back (Merrill and Garland,
// as in the single pass above, with its tagged words) down the diagonals. Each tile publishes its
// band sums for its TILE columns (the aggregates, the part left of the tile restored from the
// upright sum I) and then CP(b + 1, .) and CQ(b + 1, .) (its inclusive prefixes); the walk stops
// at the nearest inclusive prefix, at band 0, right of the image (where the rising carry is the
// upright sum's I(y, cols): R is the row total there) or left of it (the
// falling carry is zero). Tiles take their place from a ticket in launch order (TAKE_TICKET), so
// every tile a tile waits on has started.
// Build options: BAND, TILE, SEGMENTS (4: work-groups of TILE x 4 items, which take the band's
// prefixes, its 2 (TILE + BAND - 1) diagonal walks and its 2 (TILE + BAND) carries), SRC_T1,
// SRC_TO_WT, the accumulator's WT1/WTN/DT1/WT_TO_DT, PLAIN_LOOK_BACK, GROUP_ORDER_TICKETS.

#if SEGMENTS != 4 || TILE != 2 * BAND
#error "the tilted sum's tiles are TILE = 2 BAND outputs wide, its work-groups TILE x 4 work items"
#endif
#define APRON_COLUMNS (TILE + 2 * BAND)   // R of columns X0 - BAND .. X0 + TILE + BAND - 1
#define APRON_STRIDE (APRON_COLUMNS + 1)  // padding: row-wise walks by different items hit different banks
#define PREFIX_SEGMENTS (SEGMENTS * TILE / BAND)  // items per band row in the loads and row prefixes
#define PREFIX_SEG (APRON_COLUMNS / PREFIX_SEGMENTS)  // pixels per item (its run)
#define WALKS (TILE + BAND - 1)            // diagonals of one family that cross the tile's outputs
#define CARRIES (TILE + BAND)              // carries of one family the tile reads

// v[k] = source pixel (y, x + k) in the accumulator type for k < PREFIX_SEG, zero outside the
// image. A run inside the image is loaded without a bounds test per pixel; one-channel runs as
// vectors of 4 elements of 4 or 8 bytes, or, of 8- and 16-bit integers, as 16-byte words (NVIDIA's
// compiler splits a uchar16 load into four 4-byte ones), their elements taken out by shifts (the
// low bytes of a word first: the little-endian devices the module targets). The tile's loads, one
// per pixel through tile_pixel, took 37% of the kernel's instructions (H100, Nsight Compute
// through scripts/ptx_profile).
#define RUN_WORDS ((PREFIX_SEG * (int)sizeof(SRC_T1) + 15) / 16)
inline void load_run(__global const uchar* src, int src_step, int src_offset, int rows, int cols, int y, int x,
                     WTN* v)
{
    if (y < rows && x >= 0 && x + PREFIX_SEG <= cols)
    {
        __global const SRC_T1* p = source_at(src, src_step, src_offset, y, x);
        SRC_T1 raw[PREFIX_SEG * CN];
        // The compile-time parts joined with `&`: `&&` with constant operands draws clang's
        // -Wconstant-logical-operand (PoCL).
        if ((CN == 1) & (sizeof(SRC_T1) >= 4) & (PREFIX_SEG % 4 == 0) && ON_BOUNDARY(p, 4 * sizeof(SRC_T1)))
        {
            UNROLL
            for (int i = 0; i < PREFIX_SEG / 4; ++i)
                vstore4(((__global const GPUCONV_CAT(SRC_T1, 4)*)p)[i], i, raw);
        }
        else if ((CN == 1) & (sizeof(SRC_T1) <= 2) & (PREFIX_SEG * sizeof(SRC_T1) % 16 == 0) && ON_BOUNDARY(p, 16))
        {
            // Compiled for every element type: 1 where the branch is dead, not a division by zero.
            const int per_uint = sizeof(SRC_T1) <= 2 ? 4 / (int)sizeof(SRC_T1) : 1, bits = 8 * (int)sizeof(SRC_T1);
            UNROLL
            for (int w = 0; w < RUN_WORDS; ++w)
            {
                uint words[4];
                vstore4(((__global const uint4*)p)[w], 0, words);
                UNROLL
                for (int e = 0; e < 4 * per_uint; ++e)
                    raw[w * 4 * per_uint + e] = (SRC_T1)(words[e / per_uint] >> (bits * (e % per_uint)));
            }
        }
        else
        {
            UNROLL
            for (int k = 0; k < PREFIX_SEG * CN; ++k)
                raw[k] = p[k];
        }
        UNROLL
        for (int k = 0; k < PREFIX_SEG; ++k)
            v[k] = source_value(VLOAD(raw + k * CN));
    }
    else
    {
        UNROLL
        for (int k = 0; k < PREFIX_SEG; ++k)
            v[k] = tile_pixel(src, src_step, src_offset, rows, cols, y, x + k);
    }
}

// The two things a tile takes from the upright sum I: the band's rows left of the tile,
// sum_{j<h} R(y0 + j, X0) = I(y0 + h, X0) - I(y0, X0), and everything above row y (a multiple of
// BAND), I(y, cols), the rising carry right of the image. In a pass with the upright tiles
// (WITH_TILTED: TILE, the upright tiles' size too, is 2 BAND) they come from those tiles'
// published inclusive prefixes (integral_tiles above): the row chain's lane r of upright tile
// (by, bx) holds the sum of rows TILE by .. TILE by + r left of its right edge, the column chain's
// lane c the sum of columns TILE bx .. TILE bx + c above its bottom edge, the corner chain's the
// sum left of the tile above its bottom edge. The upright tiles they come from take their tickets
// before the band's tiles, so the wait always ends.
#ifdef WITH_TILTED
#  define UPRIGHT_PARAMS __global ulong* upright_carries, int upright_tiles_x
#  define UPRIGHT_ARGS upright_carries, upright_tiles_x

// Lane `lane` of upright tile t's chain `chain`, once it is an inclusive prefix.
inline WTN upright_inclusive(__global ulong* upright_carries, int t, int chain, int lane, uint epoch)
{
    WTN v;
    while (read_value_sum(carry_slot_sum(upright_carries, t, chain, lane), epoch, &v) != INCLUSIVE)
        ;
    return v;
}

inline WTN rows_left_of_tile(UPRIGHT_PARAMS, int y0, int h, int x0, uint epoch)
{
    if (x0 == 0)
        return (WTN)(0);
    const int t = y0 / TILE * upright_tiles_x + x0 / TILE - 1, first = y0 % TILE;
    WTN v = upright_inclusive(upright_carries, t, 0, first + h - 1, epoch);
    if (first > 0)
        v -= upright_inclusive(upright_carries, t, 0, first - 1, epoch);
    return v;
}

inline WTN sum_above(UPRIGHT_PARAMS, int y, int cols, uint epoch)
{
    const int last = upright_tiles_x - 1, by = y / TILE, rest = y % TILE;
    WTN v = (WTN)(0);
    if (by > 0)
    {
        const int t = (by - 1) * upright_tiles_x + last;
        v = upright_inclusive(upright_carries, t, 1, TILE, epoch) +
            upright_inclusive(upright_carries, t, 1, cols - 1 - last * TILE, epoch);
    }
    if (rest > 0)
        v += upright_inclusive(upright_carries, by * upright_tiles_x + last, 0, rest - 1, epoch);
    return v;
}
#else
#  define UPRIGHT_PARAMS __global const uchar* isum, int isum_step, int isum_offset
#  define UPRIGHT_ARGS isum, isum_step, isum_offset

// The upright sum's value at (y, x), in the accumulator type.
inline WTN upright_at(UPRIGHT_PARAMS, int y, int x)
{
    __global const uchar* p = isum + (y * isum_step + isum_offset + x * (int)sizeof(WT1) * CN);
#ifdef UPRIGHT_F64_BITS
    return long_of_f64_bits(VLOAD((__global const ulong*)p));
#else
    return VLOAD((__global const WT1*)p);
#endif
}

inline WTN rows_left_of_tile(UPRIGHT_PARAMS, int y0, int h, int x0, uint epoch)
{
    return upright_at(UPRIGHT_ARGS, y0 + h, x0) - upright_at(UPRIGHT_ARGS, y0, x0);
}

inline WTN sum_above(UPRIGHT_PARAMS, int y, int cols, uint epoch)
{
    return upright_at(UPRIGHT_ARGS, y, cols);
}
#endif

// CP(b, c) (family 0) or CQ(b, c) (family 1): the sum over the bands above b of their sums down
// the diagonal that reaches column c on band b's top row, walked back band by band (the column
// moves BAND right per band for the rising family, left for the falling one) through the tiles'
// published values, up to the nearest inclusive prefix, band 0, or a column where the carry is
// known: I(y, cols) for rising diagonals right of the image, zero for falling ones left of it.
inline WTN diagonal_carry(__global ulong* carries, int family, int b, int c, int tiles_x, int cols,
                          UPRIGHT_PARAMS, uint epoch)
{
    WTN acc = (WTN)(0);
    for (int k = 1; k <= b; ++k, c += family == 0 ? BAND : -BAND)
    {
        if (family == 0 && c >= cols)
        {
            acc += sum_above(UPRIGHT_ARGS, (b - k + 1) * BAND, cols, epoch);
            break;
        }
        if (family == 1 && c < 0)
            break;
        const int column_tile = c / TILE;
        volatile __global ulong* slot = carry_slot_sum(carries, (b - k) * tiles_x + column_tile, family,
                                                       c - column_tile * TILE);
        WTN v;
        int state;
        do
            state = read_value_sum(slot, epoch, &v);
        while (state == 0);
        acc += v;
        if (state == INCLUSIVE)
            break;
    }
    return acc;
}

// Its local memory, `lm` (all of the accumulator type):
//   apron[j][c] = R(y0 + j, X0 - BAND + c) - R(y0 + j, X0), the band's row prefixes relative to
//     the tile's left edge (the part left of it is the same for every column of a row);
//   inside: the band's part of P, then (integral_tilted) of P - Q;
//   segment_sums: the sums of the runs of the band's rows (the loads);
//   band_sums: the band's sums down the diagonals of the tile's lanes;
//   carried: CP(b, X0 + k), then CQ(b, X0 - BAND + k), k < CARRIES;
//   falling (WITH_TILTED): the band's part of Q.
// In the upright single pass the falling walks keep their part of Q apart, so that both families
// of walks run at once: that pass's work-groups are as many per compute unit as their registers
// allow, the local memory of its upright tiles is larger, and the pass then took 3-4% less time
// (H200, 4K 8UC1 with the squared and tilted sums: 79.8-82.4 us per call against 82.4-85.5,
// docs/PERFORMANCE.md, integral, s42c and s42d). integral_tilted subtracts them in place: there
// the array would be local memory of its own, and it took 2% longer (4K 32FC1, s42c).
#define APRON_BYTES LM_ROUND(BAND * APRON_STRIDE * sizeof(WTN))
#define INSIDE_BYTES LM_ROUND(BAND * (TILE + 1) * sizeof(WTN))
#define SEGMENT_SUMS_BYTES LM_ROUND(PREFIX_SEGMENTS * BAND * sizeof(WTN))
#define BAND_SUMS_BYTES LM_ROUND(2 * TILE * sizeof(WTN))
#ifdef WITH_TILTED
#  define FALLING_BYTES INSIDE_BYTES
#else
#  define FALLING_BYTES 0
#endif
#define TILTED_LM_BYTES (APRON_BYTES + INSIDE_BYTES + SEGMENT_SUMS_BYTES + BAND_SUMS_BYTES + \
                         LM_ROUND(2 * CARRIES * sizeof(WTN)) + FALLING_BYTES)

// Tile t (band-major, tiles_x per band) of the tilted sum, by work item lid.
inline void tilted_tile(__global const uchar* src, int src_step, int src_offset, int rows, int cols,
                        UPRIGHT_PARAMS, __global uchar* dst, int dst_step, int dst_offset,
                        __global ulong* carries, int tiles_x, uint epoch, int t, int lid, __local uchar* lm)
{
    __local WTN* apron = (__local WTN*)lm;
    __local WTN* inside = (__local WTN*)(lm + APRON_BYTES);
    __local WTN* segment_sums = (__local WTN*)(lm + APRON_BYTES + INSIDE_BYTES);
    __local WTN* band_sums = (__local WTN*)(lm + APRON_BYTES + INSIDE_BYTES + SEGMENT_SUMS_BYTES);
    __local WTN* carried = (__local WTN*)(lm + APRON_BYTES + INSIDE_BYTES + SEGMENT_SUMS_BYTES + BAND_SUMS_BYTES);
#ifdef WITH_TILTED
    __local WTN* falling = (__local WTN*)((__local uchar*)carried + LM_ROUND(2 * CARRIES * sizeof(WTN)));
#endif
    const int b = ticket_row(t, tiles_x), tx = t - b * tiles_x;
    const int y0 = b * BAND, x0 = tx * TILE, h = min(BAND, rows - y0);

    // The band's source: item (row, seg) loads run seg of PREFIX_SEG pixels of band row `row`
    // (load_run) and takes its exclusive prefix in registers; the runs' sums then seed each run
    // with the sum of the runs left of it, less those left of the tile (runs 0 and 1: BAND = 2
    // PREFIX_SEG). 32 neighbouring items take two neighbouring runs of up to 16 rows: their loads
    // touch a memory line per row, their stores into `apron` (rows APRON_STRIDE apart) different
    // local-memory banks.
    {
        const int rows_half = min(BAND, 16), halves = lid / rows_half, group = halves / 2;
        const int run_pair = group / (BAND / rows_half);
        const int row = lid - halves * rows_half + rows_half * (group - run_pair * (BAND / rows_half));
        const int seg = 2 * run_pair + (halves - 2 * group);
        WTN v[PREFIX_SEG];
        load_run(src, src_step, src_offset, rows, cols, y0 + row, x0 - BAND + seg * PREFIX_SEG, v);
        WTN acc = (WTN)(0);
        UNROLL
        for (int c = 0; c < PREFIX_SEG; ++c)
        {
            const WTN value = v[c];
            v[c] = acc;
            acc += value;
        }
        segment_sums[seg * BAND + row] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc = -(segment_sums[row] + segment_sums[BAND + row]);
        for (int s = 0; s < seg; ++s)
            acc += segment_sums[s * BAND + row];
        __local WTN* a = apron + row * APRON_STRIDE + seg * PREFIX_SEG;
        UNROLL
        for (int c = 0; c < PREFIX_SEG; ++c)
            a[c] = acc + v[c];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Walks down the diagonals: item w < WALKS the rising one through (y0 + j, X0 + w - j) into
    // `inside`; item WALKS + w the falling one through (y0 + j, X0 - BAND + w + j), at the same
    // time into `falling` (WITH_TILTED), else after it, subtracting. Each ends with the band's sum
    // down its diagonal, which the tiles below need where it continues into their band: rising
    // lane l = w - (BAND - 1) (CP(b + 1, X0 + l)), falling lane l = w (CQ(b + 1, X0 + l)). A lane
    // whose carry is known publishes its inclusive prefix at once.
    const bool rising_walk = lid < WALKS, falling_walk = lid >= WALKS && lid < 2 * WALKS;
    const int w = rising_walk ? lid : lid - WALKS;
    WTN acc = (WTN)(0);
    if (rising_walk)
        for (int j = 0; j < BAND; ++j)
        {
            acc += apron[j * APRON_STRIDE + w - j + BAND];
            if (w - j >= 0 && w - j < TILE)
                inside[j * (TILE + 1) + w - j] = acc;
        }
#ifndef WITH_TILTED
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
    if (falling_walk)
        for (int j = 0; j < BAND; ++j)
        {
            acc += apron[j * APRON_STRIDE + w + j];
            const int x = w - BAND + 1 + j;
            if (x >= 0 && x < TILE)
#ifdef WITH_TILTED
                falling[j * (TILE + 1) + x] = acc;
#else
                inside[j * (TILE + 1) + x] -= acc;
#endif
        }
    const int lane = rising_walk ? w - (BAND - 1) : w;
    if ((rising_walk || falling_walk) && lane >= 0 && lane < TILE)
    {
        const int family = rising_walk ? 0 : 1;
        // Taken this late: with WITH_TILTED it waits on the upright tiles' look-back.
        acc += rows_left_of_tile(UPRIGHT_ARGS, y0, h, x0, epoch);
        band_sums[family * TILE + lane] = acc;
        const bool known = b == 0 || (rising_walk ? x0 + lane + BAND >= cols : x0 + lane - BAND < 0);
        const WTN carry = rising_walk && b > 0 && known ? sum_above(UPRIGHT_ARGS, y0, cols, epoch) : (WTN)(0);
        publish_value_sum(carry_slot_sum(carries, t, family, lane), known ? acc + carry : acc,
                          (epoch << 2) | (known ? INCLUSIVE : AGGREGATE));
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // The carries: item k < CARRIES CP(b, X0 + k), item CARRIES + k CQ(b, X0 - BAND + k); those
    // of the tile's own lanes (CP(b, X0 + BAND + l), CQ(b, X0 - BAND + l)) publish the lanes'
    // inclusive prefixes.
    if (lid < 2 * CARRIES)
    {
        const int family = lid < CARRIES ? 0 : 1, k = lid - family * CARRIES;
        const int c = family == 0 ? x0 + k : x0 - BAND + k;
        const WTN carry = diagonal_carry(carries, family, b, c, tiles_x, cols, UPRIGHT_ARGS, epoch);
        const int own = family == 0 ? k - BAND : k;
        if (own >= 0 && own < TILE && b > 0 && (family == 0 ? c < cols : c >= 0))
            publish_value_sum(carry_slot_sum(carries, t, family, own), carry + band_sums[family * TILE + own],
                              (epoch << 2) | INCLUSIVE);
        carried[lid] = carry;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // T = CP(b, X + r + 1) - CQ(b, X - r - 1) + (P - Q inside the band), row by row.
    const int x = lid % TILE;
    if (x0 + x <= cols)
    {
        for (int r = lid / TILE; r < h; r += SEGMENTS)
        {
#ifdef WITH_TILTED
            const WTN p_minus_q = inside[r * (TILE + 1) + x] - falling[r * (TILE + 1) + x];
#else
            const WTN p_minus_q = inside[r * (TILE + 1) + x];
#endif
            const WTN v = carried[x + r + 1] - carried[CARRIES + x - r - 1 + BAND] + p_minus_q;
            store_pixel_sum(dst, dst_step, dst_offset, y0 + 1 + r, x0 + x, v);
        }
        if (b == 0 && lid < TILE)
            store_pixel_sum(dst, dst_step, dst_offset, 0, x0 + x, (WTN)(0));
    }
}

#ifdef TILTED
__kernel void integral_tilted(__global const uchar* src, int src_step, int src_offset, int rows, int cols,
                              UPRIGHT_PARAMS, __global uchar* dst, int dst_step, int dst_offset,
                              __global ulong* carries, __global uint* flags, int tiles_x, uint epoch)
{
    __local ulong4 lm[TILTED_LM_BYTES / sizeof(ulong4)];  // 32-byte aligned (LM_ROUND)
    const int lid = get_local_id(0);
    TAKE_TICKET(ticket, lid == 0, get_num_groups(0));
    tilted_tile(src, src_step, src_offset, rows, cols, UPRIGHT_ARGS, dst, dst_step, dst_offset, carries,
                tiles_x, epoch, ticket, lid, (__local uchar*)lm);
}
#endif

#endif // TILTED || WITH_TILTED

#ifdef SINGLE_PASS
#ifdef WITH_TILTED
#  define TILTED_PARAMS , __global uchar* tilted, int tilted_step, int tilted_offset, \
                          __global ulong* tilted_carries, int tilted_tiles_x
#  define PASS_LM_BYTES (UPRIGHT_LM_BYTES > TILTED_LM_BYTES ? UPRIGHT_LM_BYTES : TILTED_LM_BYTES)
#else
#  define TILTED_PARAMS
#  define PASS_LM_BYTES UPRIGHT_LM_BYTES
#endif

// The pass's tiles (upright_tile), with WITH_TILTED also those of the tilted sum (tilted_tile), in
// one launch of work-groups TILE x SEGMENTS (4). Each takes a ticket, which makes it an upright
// tile or a tilted one: first the upright tiles of TILTED_LAG tile rows, then rounds of the next
// upright tile row and the two bands of the tile row TILTED_LAG rows above it, then the bands
// left. A band's tiles wait on the upright tiles of its tile row (rows_left_of_tile, sum_above)
// and on tilted tiles above, all of earlier tickets; the lag lets them find those done.
__kernel void integral_tiles(__global const uchar* src, int src_step, int src_offset, int rows, int cols,
                             __global uchar* dst, int dst_step, int dst_offset SQ_PARAMS,
                             __global ulong* carries, __global uint* flags, int tiles_x, uint epoch
                             TILTED_PARAMS)
{
    __local ulong4 lm[PASS_LM_BYTES / sizeof(ulong4)];  // 32-byte aligned (LM_ROUND)
    const int lx = get_local_id(0), ly = get_local_id(1);
    TAKE_TICKET(t, lx == 0 && ly == 0, get_num_groups(0) * get_num_groups(1));
#ifdef WITH_TILTED
    // Written without nested branches: PoCL gave wrong tilted sums for a nested-branch version
    // of the same decoding (its barriers in the tiles' code after them).
    const int tiles_y = (rows + TILE - 1) / TILE, lag = min(TILTED_LAG, tiles_y);
    const int lead = lag * tiles_x, round_tiles = tiles_x + 2 * tilted_tiles_x, rounds = tiles_y - lag;
    const int u = max(t - lead, 0);
    const int round = u < rounds * round_tiles ? ticket_row(u, round_tiles) : rounds;
    const int q = u - round * round_tiles;
    if (t >= lead && (round == rounds || q >= tiles_x))
    {
        tilted_tile(src, src_step, src_offset, rows, cols, carries, tiles_x, tilted, tilted_step,
                    tilted_offset, tilted_carries, tilted_tiles_x, epoch,
                    2 * round * tilted_tiles_x + q - (round == rounds ? 0 : tiles_x), ly * TILE + lx,
                    (__local uchar*)lm);
        return;
    }
    t = t < lead ? t : (round + lag) * tiles_x + q;
#endif
    upright_tile(src, src_step, src_offset, rows, cols, dst, dst_step, dst_offset SQ_ARGS, carries, tiles_x,
                 epoch, t, lx, ly, (__local uchar*)lm);
}
#endif // SINGLE_PASS
