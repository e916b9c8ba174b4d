// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Separable filter with the arithmetic of cv::sepFilter2D (src/sep_filter2d.cpp decides it):
// a row pass src -> buffer in BT (float, double, or int in cv::'s fixed-point modes), then a
// column pass buffer -> accumulator CT -> dst, the accumulator starting at delta.
//
// Kernels:
//  - sep_filter2d_fused: one work group filters the rows of its tile + apron from local memory
//    into a second local buffer, then its columns; no intermediate image in global memory.
//    Each work item filters strips of adjacent outputs, keeping their inputs in registers.
//  - sep_filter2d_direct (short kernels): no local memory; each work item reads its window from
//    global memory (the caches serve the overlap between neighbours), row-filters it into
//    registers and column-filters those into a DIRECT_BW x DIRECT_BH block.
//  - sep_filter2d_rows + sep_filter2d_cols: the two-pass path for kernels too long for local
//    memory; the row pass writes the row-filtered image including the vertical apron.
//  - sep_filter2d_mma (MMA_TILE): the single pass of one-channel 8-bit images with float sums as
//    matrix products on the tensor cores (below).
//
// Build options: SRC_T1, CN (1..4); ST (source pixel), BT (buffer pixel), CT (column
// accumulator pixel), DT1/DT (destination element/pixel); BKT, CKT coefficient types of the
// row and column pass; conversions ST_TO_BT, BT_TO_CT, CT_TO_DT; COL_SHIFT when the column
// result is fixed point with COL_SHIFT fraction bits (cv::FixedPtCastEx); for the
// single pass ROW_STRIP and COL_STRIP, the outputs a work item filters in each pass; FIXED_KX,
// FIXED_KY, FIXED_SX, FIXED_SY where the lengths and symmetries are constants of the build (below);
// MMA_TILE with its tile layout (MMA_*, from the plan) and NV_MMA for the tensor cores' single pass.
//
// Coefficient symmetry (sym_x, sym_y): 0 general, 1 symmetric, 2 antisymmetric about the
// anchor; the symmetric forms fold pairs of taps to halve the multiplies.

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#include "common/vector.cl"
#include "common/border.cl"

// The source tile keeps pixels as they are in local memory (the smallest footprint, which
// leaves room for more resident groups); the row pass converts them.
#define WT ST
#define SRC_TO_WT noconvert
#include "common/tile.cl"

#if CN == 3
#  define STORE_DST(value, ptr) vstore3(value, 0, (__global DT1*)(ptr))
#  define DST_PIXEL_SIZE ((int)sizeof(DT1) * 3)
#else
#  define STORE_DST(value, ptr) (*(__global DT*)(ptr) = (value))
#  define DST_PIXEL_SIZE ((int)sizeof(DT))
#endif

#ifdef COL_SHIFT
#  define COL_RESULT(acc) CT_TO_DT(((acc) + (1 << (COL_SHIFT - 1))) >> COL_SHIFT)
#else
#  define COL_RESULT(acc) CT_TO_DT(acc)
#endif

// One filtered value: acc = acc0 + sum_k coeff[k] * CONVERT(LOAD(k)), with symmetric pairs
// folded (summed, or subtracted, before the multiply, as cv::'s symmetric filters do). Pairs are
// converted before they are summed so that narrow source types cannot overflow; where cv:: sums
// them first (int buffers of the fixed-point modes) both sums are exact, so the result is the same.
// SEP_UNROLL: empty, or a pragma where the lengths are constants (FIXED_KX) so that register
// windows and coefficients are indexed by constants.
#ifndef SEP_UNROLL
#  define SEP_UNROLL
#endif
#define SEP_SUM(acc, acc0, coeff, len, anchor, sym, LOAD, CONVERT)                          \
    do {                                                                                     \
        acc = (acc0);                                                                        \
        if ((sym) == 1)                                                                      \
        {                                                                                    \
            acc += CONVERT(LOAD(anchor)) * coeff[anchor];                                    \
            SEP_UNROLL                                                                       \
            for (int k_ = 1; k_ <= (anchor); ++k_)                                           \
                acc += (CONVERT(LOAD((anchor) + k_)) + CONVERT(LOAD((anchor) - k_))) * coeff[(anchor) + k_]; \
        }                                                                                    \
        else if ((sym) == 2)                                                                 \
        {                                                                                    \
            SEP_UNROLL                                                                       \
            for (int k_ = 1; k_ <= (anchor); ++k_)                                           \
                acc += (CONVERT(LOAD((anchor) + k_)) - CONVERT(LOAD((anchor) - k_))) * coeff[(anchor) + k_]; \
        }                                                                                    \
        else                                                                                 \
        {                                                                                    \
            SEP_UNROLL                                                                       \
            for (int k_ = 0; k_ < (len); ++k_)                                               \
                acc += CONVERT(LOAD(k_)) * coeff[k_];                                        \
        }                                                                                    \
    } while (0)

// Arguments the single-pass kernels (fused, direct) share, in the order the host sets them; the
// coefficients as KX_PARAM and KY_PARAM declare them.
#define SINGLE_PASS_ARGS(KX_PARAM, KY_PARAM)                                                 \
    __global const uchar* src, int src_step, int src_whole_offset,                           \
    int whole_cols, int whole_rows, int border_mode, int roi_x, int roi_y,                   \
    KX_PARAM, int kx_len, int anchor_x, int sym_x,                                           \
    __global uchar* dst, int dst_step, int dst_offset, int dst_rows, int dst_cols,           \
    KY_PARAM, int ky_len, int anchor_y, int sym_y, CKT delta

// Lengths fixed at build time (the direct kernel always, the tiled single pass for the kernels
// the plan names): FIXED_KX, FIXED_KY taps. The tap loops then unroll completely and every
// coefficient index is a constant, so the coefficients come by value: a GPU reads each as an
// operand of its multiply-add from the kernel's parameter space, where a __constant buffer costs a
// load per chunk of taps inside the loops (as filter2D's small kernels). The single pass is built
// for the symmetries FIXED_SX, FIXED_SY as well (its strip loops are long; the direct kernel's few
// taps are not worth a build per symmetry). FIX_TAPS overwrites the kernels' length, symmetry and
// (for symmetric kernels, which the host's kernel type anchors in their middle) anchor arguments
// with those constants.
#ifdef FIXED_KX
#  undef SEP_UNROLL
#  define SEP_UNROLL UNROLL
typedef struct { BKT w[FIXED_KX]; } RowCoefficients;
typedef struct { CKT w[FIXED_KY]; } ColumnCoefficients;
#  define ROW_COEFFICIENTS_PARAM RowCoefficients row_coefficients
#  define COLUMN_COEFFICIENTS_PARAM ColumnCoefficients column_coefficients
#  define FIX_TAPS()                                                                          \
    const BKT* kx = row_coefficients.w;                                                      \
    const CKT* ky = column_coefficients.w;                                                   \
    kx_len = FIXED_KX;                                                                       \
    ky_len = FIXED_KY;                                                                       \
    FIX_SYMMETRIES()
#  ifdef FIXED_SX
#    define FIX_SYMMETRIES()                                                                  \
    sym_x = FIXED_SX;                                                                        \
    sym_y = FIXED_SY;                                                                        \
    anchor_x = FIXED_SX != 0 ? FIXED_KX / 2 : anchor_x;                                      \
    anchor_y = FIXED_SY != 0 ? FIXED_KY / 2 : anchor_y
#  else
#    define FIX_SYMMETRIES()
#  endif
#else
#  define ROW_COEFFICIENTS_PARAM __constant BKT* kx
#  define COLUMN_COEFFICIENTS_PARAM __constant CKT* ky
#  define FIX_TAPS()
#endif

// ---- single pass --------------------------------------------------------------------------

// A work item filters a strip of STRIP (>= 2) adjacent outputs along the filter direction. The
// inputs the strip shares stay in registers: taps are taken STRIP at a time ("chunks"), and a
// chunk of taps k0 .. k0 + STRIP - 1 reads its inputs from two register windows of STRIP inputs
// each, the current one and the next, indexed by compile-time constants. Windows change roles
// from chunk to chunk instead of moving, so the tap loops issue one multiply-add (and one add per
// folded pair) per tap and output, about one local load per STRIP of them, and no register
// moves. Every output sums its taps in SEP_SUM's order with symmetric pairs folded alike:
// results are SEP_SUM's. The last chunks load only the window elements they use, so no load
// leaves the strip's inputs LOAD(0 .. STRIP + len - 2).

// W[i] = input at + i for first <= i < end.
#define STRIP_WINDOW(STRIP, W, at, first, end, LOAD, CONVERT)                                 \
    do {                                                                                     \
        for (int i_ = 0; i_ < (STRIP); ++i_)                                                 \
            if (i_ >= (first) && i_ < (end))                                                 \
                W[i_] = CONVERT(LOAD((at) + i_));                                            \
    } while (0)

// The taps of a chunk are written out STRIP times (STRIP_FOR_EACH_TAP, STRIP = 2, 4 or 8) rather
// than looped over: window elements are then addressed by constants and stay in registers, where
// a compiler declining to unroll a loop of STRIP * STRIP multiply-adds would index them at run
// time, in memory.
#define STRIP_FOR_EACH_TAP_2(TAP, a, b, c, d, e, f, g, h, i, j) TAP(0, a, b, c, d, e, f, g, h, i, j) TAP(1, a, b, c, d, e, f, g, h, i, j)
#define STRIP_FOR_EACH_TAP_4(TAP, a, b, c, d, e, f, g, h, i, j) STRIP_FOR_EACH_TAP_2(TAP, a, b, c, d, e, f, g, h, i, j) TAP(2, a, b, c, d, e, f, g, h, i, j) TAP(3, a, b, c, d, e, f, g, h, i, j)
#define STRIP_FOR_EACH_TAP_8(TAP, a, b, c, d, e, f, g, h, i, j) STRIP_FOR_EACH_TAP_4(TAP, a, b, c, d, e, f, g, h, i, j) \
    TAP(4, a, b, c, d, e, f, g, h, i, j) TAP(5, a, b, c, d, e, f, g, h, i, j) TAP(6, a, b, c, d, e, f, g, h, i, j) TAP(7, a, b, c, d, e, f, g, h, i, j)
#define STRIP_FOR_EACH_TAP(STRIP, TAP, a, b, c, d, e, f, g, h, i, j) GPUCONV_CAT(STRIP_FOR_EACH_TAP_, STRIP)(TAP, a, b, c, d, e, f, g, h, i, j)

// Tap k0 + t of a chunk (t < n): acc[j] += input(k0 + t + j) * coeff[k0 + t], with
// cur[i] = input(k0 + i) and nxt[i] = input(k0 + STRIP + i).
#define STRIP_CHUNK_TAP(t, STRIP, acc, cur, nxt, coeff, k0, n, unused1, unused2, unused3)    \
    if ((t) < (n))                                                                           \
    {                                                                                        \
        for (int j_ = 0; j_ < (STRIP); ++j_)                                                 \
            acc[j_] += ((t) + j_ < (STRIP) ? cur[(t) + j_] : nxt[(t) + j_ - (STRIP)]) * coeff[(k0) + (t)]; \
    }

// Taps k0 .. k0 + n - 1 (n <= STRIP).
#define STRIP_CHUNK(STRIP, acc, cur, nxt, coeff, k0, n)                                       \
    do {                                                                                     \
        STRIP_FOR_EACH_TAP(STRIP, STRIP_CHUNK_TAP, STRIP, acc, cur, nxt, coeff, k0, n, ~, ~, ~) \
    } while (0)

// Folded pair k = k0 + t of a chunk (t < n): acc[j] += (input(anchor + k + j) + sgn *
// input(anchor - k + j)) * coeff[ck + t] (ck = anchor + k0), with upCur[i] = input(anchor + k0 + i),
// upNxt[i] = input(anchor + k0 + STRIP + i), loCur[i] = input(anchor - k0 + i), loPrv[i] =
// input(anchor - k0 - STRIP + i). sgn is +1 or -1 (symmetric or antisymmetric kernels): products
// by +-1 are exact, so up + sgn * lo is up + lo or up - lo, fused or not, and one piece of code
// serves both.
#define STRIP_PAIR_CHUNK_TAP(t, STRIP, acc, upCur, upNxt, loCur, loPrv, coeff, ck, n, sgn)    \
    if ((t) < (n))                                                                           \
    {                                                                                        \
        for (int j_ = 0; j_ < (STRIP); ++j_)                                                 \
            acc[j_] += (((t) + j_ < (STRIP) ? upCur[(t) + j_] : upNxt[(t) + j_ - (STRIP)]) + \
                        (j_ >= (t) ? loCur[j_ - (t)] : loPrv[(STRIP) + j_ - (t)]) * (sgn)) * coeff[(ck) + (t)]; \
    }

// Folded pairs k0 .. k0 + n - 1 (n <= STRIP).
#define STRIP_PAIR_CHUNK(STRIP, acc, upCur, upNxt, loCur, loPrv, coeff, anchor, k0, n, sgn)   \
    do {                                                                                     \
        const int ck_ = (anchor) + (k0);                                                     \
        STRIP_FOR_EACH_TAP(STRIP, STRIP_PAIR_CHUNK_TAP, STRIP, acc, upCur, upNxt, loCur, loPrv, coeff, ck_, n, sgn) \
    } while (0)

// Pairs k = 1 .. anchor: two full chunks per iteration with the windows A and B swapping roles,
// while both chunks' windows lie inside the inputs; then at most two chunks, the last partial,
// through one piece of code that moves B to A after each (the loop keeps the code, and so the
// build time, small).
#define STRIP_PAIRS(STRIP, WT, acc, upA, loA, coeff, anchor, sgn, LOAD, CONVERT)              \
    do {                                                                                     \
        WT upB_[STRIP], loB_[STRIP];                                                         \
        int k_ = 1;                                                                          \
        SEP_UNROLL                                                                           \
        for (; k_ + 2 * (STRIP) <= (anchor); k_ += 2 * (STRIP))                              \
        {                                                                                    \
            STRIP_WINDOW(STRIP, upB_, (anchor) + k_ + (STRIP), 0, STRIP, LOAD, CONVERT);     \
            STRIP_WINDOW(STRIP, loB_, (anchor) - k_ - (STRIP), 0, STRIP, LOAD, CONVERT);     \
            STRIP_PAIR_CHUNK(STRIP, acc, upA, upB_, loA, loB_, coeff, anchor, k_, (STRIP), sgn); \
            STRIP_WINDOW(STRIP, upA, (anchor) + k_ + 2 * (STRIP), 0, STRIP, LOAD, CONVERT);  \
            STRIP_WINDOW(STRIP, loA, (anchor) - k_ - 2 * (STRIP), 0, STRIP, LOAD, CONVERT);  \
            STRIP_PAIR_CHUNK(STRIP, acc, upB_, upA, loB_, loA, coeff, anchor, k_ + (STRIP), (STRIP), sgn); \
        }                                                                                    \
        SEP_UNROLL                                                                           \
        for (int left_ = (anchor) + 1 - k_; left_ > 0; left_ -= (STRIP), k_ += (STRIP))      \
        {                                                                                    \
            const int n_ = min(left_, (STRIP));                                              \
            STRIP_WINDOW(STRIP, upB_, (anchor) + k_ + (STRIP), 0, left_ > (STRIP) ? (STRIP) : n_ - 1, LOAD, CONVERT); \
            STRIP_WINDOW(STRIP, loB_, (anchor) - k_ - (STRIP), left_ > (STRIP) ? 0 : (STRIP) - n_ + 1, STRIP, LOAD, CONVERT); \
            STRIP_PAIR_CHUNK(STRIP, acc, upA, upB_, loA, loB_, coeff, anchor, k_, n_, sgn);  \
            for (int i_ = 0; i_ < (STRIP); ++i_)                                             \
            {                                                                                \
                upA[i_] = upB_[i_];                                                          \
                loA[i_] = loB_[i_];                                                          \
            }                                                                                \
        }                                                                                    \
    } while (0)

// acc[j] = SEP_SUM of the inputs LOAD(j .. j + len - 1), for j < STRIP; WT is acc's type.
#define STRIP_SUM(STRIP, WT, acc, acc0, coeff, len, anchor, sym, LOAD, CONVERT)              \
    do {                                                                                     \
        for (int j_ = 0; j_ < (STRIP); ++j_)                                                 \
            acc[j_] = (acc0);                                                                \
        WT a_[STRIP], b_[STRIP];                                                             \
        if ((sym) != 0)                                                                      \
        {                                                                                    \
            /* a_ = inputs anchor + 1 + i, b_ = inputs anchor - 1 + i: the first pairs' windows, */ \
            /* which also hold the centre taps anchor + j (a 1-tap kernel has no pairs). */   \
            STRIP_WINDOW(STRIP, a_, (anchor) + 1, 0, (anchor) > 0 ? (STRIP) : (STRIP) - 1, LOAD, CONVERT); \
            STRIP_WINDOW(STRIP, b_, (anchor) - 1, (anchor) > 0 ? 0 : 1, STRIP, LOAD, CONVERT); \
            if ((sym) == 1)                                                                  \
            {                                                                                \
                for (int j_ = 0; j_ < (STRIP); ++j_)                                         \
                    acc[j_] += (j_ + 1 < (STRIP) ? b_[j_ + 1] : a_[j_ - 1]) * coeff[anchor]; \
            }                                                                                \
            const WT sgn_ = (WT)((sym) == 1 ? 1 : -1);                                       \
            STRIP_PAIRS(STRIP, WT, acc, a_, b_, coeff, anchor, sgn_, LOAD, CONVERT);         \
        }                                                                                    \
        else                                                                                 \
        {                                                                                    \
            int k_ = 0;                                                                      \
            STRIP_WINDOW(STRIP, a_, 0, 0, STRIP, LOAD, CONVERT);                             \
            SEP_UNROLL                                                                       \
            for (; k_ + 2 * (STRIP) < (len); k_ += 2 * (STRIP))                              \
            {                                                                                \
                STRIP_WINDOW(STRIP, b_, k_ + (STRIP), 0, STRIP, LOAD, CONVERT);              \
                STRIP_CHUNK(STRIP, acc, a_, b_, coeff, k_, (STRIP));                         \
                STRIP_WINDOW(STRIP, a_, k_ + 2 * (STRIP), 0, STRIP, LOAD, CONVERT);          \
                STRIP_CHUNK(STRIP, acc, b_, a_, coeff, k_ + (STRIP), (STRIP));               \
            }                                                                                \
            /* At most two chunks left, the last partial, as in STRIP_PAIRS. */              \
            SEP_UNROLL                                                                       \
            for (int left_ = (len) - k_; left_ > 0; left_ -= (STRIP), k_ += (STRIP))         \
            {                                                                                \
                const int n_ = min(left_, (STRIP));                                          \
                STRIP_WINDOW(STRIP, b_, k_ + (STRIP), 0, left_ > (STRIP) ? (STRIP) : n_ - 1, LOAD, CONVERT); \
                STRIP_CHUNK(STRIP, acc, a_, b_, coeff, k_, n_);                              \
                for (int i_ = 0; i_ < (STRIP); ++i_)                                         \
                    a_[i_] = b_[i_];                                                         \
            }                                                                                \
        }                                                                                    \
    } while (0)

// Interior windows by 16-byte words. load_tile spends a dozen instructions of addressing and
// border logic on every pixel; a window inside the image needs none of it, so it is loaded here
// 16 aligned bytes per load (16 pixels of 8UC1, 4 of 8UC4 or 32FC1), each row stored in local
// memory shifted by its address modulo 16 (tile_row_shift) so that global and local accesses stay
// aligned. Only for pixels whose size divides 16 and rows whose addresses are multiples of the
// pixel size (the host's `words_ok`); the last image row is left to load_tile, since its last word
// may reach past the buffer.
#if CN != 3
#  define TILE_WORDS 1
#  define TILE_WORD_BATCH 4  // the tiled single pass's words in flight per item (H100: 2 as fast, 8 slower)
#  define TILE_WORD_BATCH_MAX 8
#  define TILE_ROW_WORDS(row_bytes) (((row_bytes) + 30) / 16)  // the most a row's bytes span at any shift

// Pixels row ty of the window is shifted by; `first` is the address of the window's first pixel
// modulo 2^32 (only its low 4 bits, and those of the row step, matter).
inline int tile_row_shift(uint first, int src_step, int ty)
{
    return (int)((first + (uint)ty * (uint)src_step) & 15u) / SRC_PIXEL_SIZE;
}

// Rows of row_bytes bytes from `src` (the window's first pixel), rows src_step bytes apart, into
// `tile` (4-byte aligned), rows pitch_bytes apart (>= row_bytes + 18, a multiple of 4; where a
// multiple of 16, each word is stored whole, in one store, the row's padding taking what the row
// leaves of it); `batch` (a constant, at most TILE_WORD_BATCH_MAX) words in flight per work item
// at a time. Ends with a barrier.
inline void load_tile_words(__local uchar* tile, int pitch_bytes, int row_bytes, int rows,
                            __global const uchar* src, int src_step, int batch)
{
    const uint first = (uint)(size_t)src;
    const int group_items = get_local_size(0) * get_local_size(1);
    const int item = get_local_id(1) * get_local_size(0) + get_local_id(0);
    const int row_words = TILE_ROW_WORDS(row_bytes);
    const int words = rows * row_words;
    const bool whole_words = (pitch_bytes & 15) == 0;
    for (int w0 = item; w0 < words; w0 += batch * group_items)
    {
        uint4 value[TILE_WORD_BATCH_MAX];
        int at[TILE_WORD_BATCH_MAX], end[TILE_WORD_BATCH_MAX];
        UNROLL
        for (int b = 0; b < TILE_WORD_BATCH_MAX; ++b)
        {
            const int w = w0 + b * group_items;
            const int ty = w / row_words, word = w - ty * row_words;
            const int shift = (int)((first + (uint)ty * (uint)src_step) & 15u);
            at[b] = -1;
            if (b < batch && w < words && word * 16 < shift + row_bytes)
            {
                value[b] = *(__global const uint4*)(src + (ty * src_step - shift + word * 16));
                at[b] = ty * pitch_bytes + word * 16;
                end[b] = ty * pitch_bytes + shift + row_bytes;
            }
        }
        UNROLL
        for (int b = 0; b < TILE_WORD_BATCH_MAX; ++b)
        {
            if (at[b] >= 0 && whole_words)
            {
                *(__local uint4*)(tile + at[b]) = value[b];
            }
            else if (at[b] >= 0)
            {
                __local uint* out = (__local uint*)(tile + at[b]);
                out[0] = value[b].s0;
                if (at[b] + 4 < end[b])
                    out[1] = value[b].s1;
                if (at[b] + 8 < end[b])
                    out[2] = value[b].s2;
                if (at[b] + 12 < end[b])
                    out[3] = value[b].s3;
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

#ifndef DIRECT_BW  // builds for the direct kernel hold only it

// Output tile: get_local_size(0) columns x get_local_size(1) * COL_STRIP rows; ROW_STRIP divides
// get_local_size(0). Local memory, rows_h = tile rows + ky_len - 1 rows each:
// src_tile: (tile_w + kx_len - 1) source pixels per row, rows src_pitch pixels apart;
// row_tile: tile_w row-filtered pixels per row, rows row_pitch pixels apart. The pitches (plan
// step) put the rows that neighbouring work items filter in different local-memory banks.
__kernel void sep_filter2d_fused(SINGLE_PASS_ARGS(ROW_COEFFICIENTS_PARAM, COLUMN_COEFFICIENTS_PARAM), int src_pitch,
                                 int row_pitch, int words_ok, __local ulong4* src_tile_words, __local BT* row_tile)
{
    FIX_TAPS();
    // Declared as the widest type so that it is aligned for the word loads' 4-byte local stores
    // and for every WT (1-byte pixels included).
    __local WT* src_tile = (__local WT*)src_tile_words;
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int tile_w = get_local_size(0), tile_h = get_local_size(1) * COL_STRIP;
    const int x0 = get_group_id(0) * tile_w, y0 = get_group_id(1) * tile_h;
    const int rows_h = tile_h + ky_len - 1;

    const int sx0 = roi_x + x0 - anchor_x, sy0 = roi_y + y0 - anchor_y, src_w = tile_w + kx_len - 1;
#ifdef TILE_WORDS
    // Tiles inside the image (but for its last row) by 16-byte words, where the host's `words_ok`
    // says the pixels allow them (TILE_WORDS).
    const bool words = words_ok && sx0 >= 0 && sy0 >= 0 && sx0 + src_w <= whole_cols && sy0 + rows_h < whole_rows;
    __global const uchar* window = src + src_whole_offset + (size_t)sy0 * src_step + (size_t)sx0 * SRC_PIXEL_SIZE;
    const uint first = (uint)(size_t)window;
    if (words)
        load_tile_words((__local uchar*)src_tile, src_pitch * SRC_PIXEL_SIZE, src_w * SRC_PIXEL_SIZE, rows_h,
                        window, src_step, TILE_WORD_BATCH);
    else
#endif
        load_tile(src_tile, src_pitch, src_w, rows_h, sx0, sy0, src + src_whole_offset, src_step,
                  whole_cols, whole_rows, border_mode);

    // Row strips, neighbouring work items on neighbouring rows.
    const int group_items = tile_w * get_local_size(1);
    const int strips = rows_h * (tile_w / ROW_STRIP);
    for (int i = ly * tile_w + lx; i < strips; i += group_items)
    {
        const int strip = i / rows_h, ty = i - strip * rows_h, tx = strip * ROW_STRIP;
#ifdef TILE_WORDS
        __local const WT* s = src_tile + ty * src_pitch + tx + (words ? tile_row_shift(first, src_step, ty) : 0);
#else
        __local const WT* s = src_tile + ty * src_pitch + tx;
#endif
#define LOAD_SRC(k) s[k]
        BT acc[ROW_STRIP];
        STRIP_SUM(ROW_STRIP, BT, acc, (BT)(0), kx, kx_len, anchor_x, sym_x, LOAD_SRC, ST_TO_BT);
#undef LOAD_SRC
        __local BT* out = row_tile + ty * row_pitch + tx;
        for (int j = 0; j < ROW_STRIP; ++j)
            out[j] = acc[j];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Column strips: rows ly * COL_STRIP .. + COL_STRIP - 1 of column lx.
    const int x = x0 + lx;
    if (x >= dst_cols)
        return;
    const int ty = ly * COL_STRIP;
    __local const BT* b = row_tile + ty * row_pitch + lx;
#define LOAD_ROW(k) b[(k) * row_pitch]
    CT acc[COL_STRIP];
    STRIP_SUM(COL_STRIP, CT, acc, (CT)(delta), ky, ky_len, anchor_y, sym_y, LOAD_ROW, BT_TO_CT);
#undef LOAD_ROW
    __global uchar* d = dst + (dst_offset + (y0 + ty) * dst_step + x * DST_PIXEL_SIZE);
    for (int j = 0; j < COL_STRIP; ++j)
        if (y0 + ty + j < dst_rows)
            STORE_DST(COL_RESULT(acc[j]), d + j * dst_step);
}

#endif

#ifdef MMA_TILE
// ---- single pass on the tensor cores --------------------------------------------------------

// One-channel 8-bit sources with float arithmetic, lengths fixed at build (FIXED_KX, FIXED_KY),
// both passes as 16x8x16 matrix products (common/mma.cl). A group of MMA_WARPS warps filters a
// tile of MMA_TH x MMA_TW outputs (MMA_TH from the build: the plan fits it to local memory).
// Row pass: D (16 rows x 8 outputs) = A (16 rows x 16 source pixels) B (16 x 8, B[k][n] = kx[16 s
// + k - n]) over MMA_KR steps s; the source bytes are exact in f16, the coefficients split into f16
// hi + lo parts (two products). Its results go to local memory transposed (a column's rows
// adjacent) as f16 hi + lo. Column pass: D (16 output rows x 8 columns) = A (A[m][k] = ky[16 s + k
// - m], hi + lo) B (the row results, hi + lo) over MMA_KC steps: hi*hi + hi*lo + lo*hi.
// The sums are float, in another order than cv::'s and with the coefficients and the row results
// to about 22 significant bits: 8-bit results within 1 of cv::'s (the plan admits only those).
#include "common/mma.cl"
#if CN != 1 || !defined(FIXED_KX)
#  error "the tensor-core single pass takes one-channel sources and lengths fixed at build"
#endif
// The tile's layout comes from the plan (src/plan_sep_filter.cpp, mmaTileLayout): MMA_TW x MMA_TH
// outputs per group of MMA_WARPS warps, MMA_KR (MMA_KC) products of 16 per row-pass (column-pass)
// output group, MMA_ROWS x MMA_COLS staged bytes MMA_PITCH apart, MMA_INTER f16 per intermediate
// column.
#define MMA_SEG 4                                   // 8-output groups a row-pass unit walks
// A work item's share of the staged tile's 16-byte words.
#define MMA_TILE_WORDS ((MMA_ROWS * TILE_ROW_WORDS(MMA_COLS) + 32 * MMA_WARPS - 1) / (32 * MMA_WARPS))
#if MMA_TILE_WORDS > TILE_WORD_BATCH_MAX
#  error "the tensor pass's staged tile takes more words per work item than load_tile_words holds"
#endif
#define MMA_ROW_UNITS ((MMA_ROWS / 16) * (MMA_TW / 8 / MMA_SEG))
#define MMA_COL_UNITS ((MMA_TH / 16) * (MMA_TW / 8))

// The coefficients come in __constant buffers: each work item reads other taps (a lane's place in
// the fragments), which by-value coefficients (FIX_TAPS) would serve one address at a time.
__kernel __attribute__((reqd_work_group_size(32 * MMA_WARPS, 1, 1)))
void sep_filter2d_mma(SINGLE_PASS_ARGS(__constant BKT* kx, __constant CKT* ky))
{
    __local uint4 src_words[(MMA_ROWS * MMA_PITCH + 15) / 16];  // staged source; later the output tile
    __local uint inter_hi[MMA_TW * MMA_INTER / 2], inter_lo[MMA_TW * MMA_INTER / 2];
    __local uint scratch[MMA_WARPS * MMA_SCRATCH_WORDS + 1];
    __local uchar* tile = (__local uchar*)src_words;
    const int item = get_local_id(0), lane = item & 31, warp = item >> 5, g = lane >> 2, t = lane & 3;
    __local uint* mma_scratch = scratch + warp * MMA_SCRATCH_WORDS;
    const int x0 = get_group_id(0) * MMA_TW, y0 = get_group_id(1) * MMA_TH;

    // The fragments of the coefficients first: their loads overlap the tile's.
    uint kx_hi[MMA_KR][2], kx_lo[MMA_KR][2], ky_hi[MMA_KC][4], ky_lo[MMA_KC][4];
    UNROLL
    for (int s = 0; s < MMA_KR; ++s)
        UNROLL
        for (int r = 0; r < 2; ++r)
        {
            const int j = 16 * s + 2 * t + 8 * r - g;
            kx_hi[s][r] = split_f16x2(j >= 0 && j < FIXED_KX ? kx[j] : 0.f,
                                      j + 1 >= 0 && j + 1 < FIXED_KX ? kx[j + 1] : 0.f, &kx_lo[s][r]);
        }
    UNROLL
    for (int s = 0; s < MMA_KC; ++s)
        UNROLL
        for (int q = 0; q < 4; ++q)
        {
            const int j = 16 * s + 2 * t + 8 * (q >> 1) - g - 8 * (q & 1);
            ky_hi[s][q] = split_f16x2(j >= 0 && j < FIXED_KY ? ky[j] : 0.f,
                                      j + 1 >= 0 && j + 1 < FIXED_KY ? ky[j + 1] : 0.f, &ky_lo[s][q]);
        }

    const int sx0 = roi_x + x0 - anchor_x, sy0 = roi_y + y0 - anchor_y;
    // Tiles inside the image (but for its last row) by 16-byte words: one-byte pixels always allow
    // them (TILE_WORDS).
    const bool words = sx0 >= 0 && sy0 >= 0 && sx0 + MMA_COLS <= whole_cols && sy0 + MMA_ROWS < whole_rows;
    __global const uchar* window = src + src_whole_offset + (size_t)sy0 * src_step + (size_t)sx0;
    const uint first = (uint)(size_t)window;
    if (words)  // all of a work item's words at once (H100, 4K: 1 us less than batches of 4)
        load_tile_words(tile, MMA_PITCH, MMA_COLS, MMA_ROWS, window, src_step, MMA_TILE_WORDS);
    else
        load_tile(tile, MMA_PITCH, MMA_COLS, MMA_ROWS, sx0, sy0, src + src_whole_offset, src_step,
                  whole_cols, whole_rows, border_mode);

    // Row pass. Unit u: staged rows 16 mb .. +15, output groups ng0 .. ng0 + MMA_SEG - 1 (8 columns
    // each), whose A steps slide along the row in chunks of 8 columns: chunk c of group ng holds
    // staged columns 8 (ng + c) .. +7 of the lane's rows. Every warp takes as many units (those past
    // the last compute and store nothing), so that every item reaches every product.
    MMA_PRODUCTS_UNROLL
    for (int round = 0; round < (MMA_ROW_UNITS + MMA_WARPS - 1) / MMA_WARPS; ++round)
    {
        const int unit = min(round * MMA_WARPS + warp, MMA_ROW_UNITS - 1);
        const bool active = round * MMA_WARPS + warp < MMA_ROW_UNITS;
        const int mb = unit / (MMA_TW / 8 / MMA_SEG), ng0 = (unit - mb * (MMA_TW / 8 / MMA_SEG)) * MMA_SEG;
        const int ra = 16 * mb + g, rb = ra + 8;
        __local const uchar* row_a = tile + ra * MMA_PITCH + (words ? tile_row_shift(first, src_step, ra) : 0) + 2 * t;
        __local const uchar* row_b = tile + rb * MMA_PITCH + (words ? tile_row_shift(first, src_step, rb) : 0) + 2 * t;
        uint chunk[2 * MMA_KR][2];
        UNROLL
        for (int c = 0; c < 2 * MMA_KR - 1; ++c)
        {
            chunk[c][0] = bytes_f16x2(row_a[8 * (ng0 + c)], row_a[8 * (ng0 + c) + 1]);
            chunk[c][1] = bytes_f16x2(row_b[8 * (ng0 + c)], row_b[8 * (ng0 + c) + 1]);
        }
        MMA_PRODUCTS_UNROLL
        for (int step = 0; step < MMA_SEG; ++step)
        {
            const int ng = ng0 + step;
            const int last = 8 * (ng + 2 * MMA_KR - 1);
            chunk[2 * MMA_KR - 1][0] = bytes_f16x2(row_a[last], row_a[last + 1]);
            chunk[2 * MMA_KR - 1][1] = bytes_f16x2(row_b[last], row_b[last + 1]);
            float hi[4] = { 0.f, 0.f, 0.f, 0.f }, lo[4] = { 0.f, 0.f, 0.f, 0.f };
            MMA_PRODUCTS_UNROLL
            for (int s = 0; s < MMA_KR; ++s)
            {
                mma_16x8x16(hi, chunk[2 * s][0], chunk[2 * s][1], chunk[2 * s + 1][0], chunk[2 * s + 1][1],
                            kx_hi[s][0], kx_hi[s][1], mma_scratch, lane);
                mma_16x8x16(lo, chunk[2 * s][0], chunk[2 * s][1], chunk[2 * s + 1][0], chunk[2 * s + 1][1],
                            kx_lo[s][0], kx_lo[s][1], mma_scratch, lane);
            }
            UNROLL
            for (int c = 0; c < 2 * MMA_KR - 1; ++c)
            {
                chunk[c][0] = chunk[c + 1][0];
                chunk[c][1] = chunk[c + 1][1];
            }
            // The results as f16 hi + lo pairs of adjacent columns, each 8x8 block transposed into
            // pairs of adjacent rows (the lane then holds column 8 ng + g, rows 16 mb + 2t, +1 and
            // 8 below): the column pass's B fragments, one word each.
            uint lo_a, lo_b;
            const uint hi_a = split_f16x2(hi[0] + lo[0], hi[1] + lo[1], &lo_a);
            const uint hi_b = split_f16x2(hi[2] + lo[2], hi[3] + lo[3], &lo_b);
            const uint4 pairs = transpose_8x8_f16((uint4)(hi_a, hi_b, lo_a, lo_b), mma_scratch, lane);
            if (active)
            {
                const int at = ((8 * ng + g) * MMA_INTER + 16 * mb + 2 * t) / 2;
                inter_hi[at] = pairs.x;
                inter_hi[at + 4] = pairs.y;
                inter_lo[at] = pairs.z;
                inter_lo[at + 4] = pairs.w;
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Column pass. Unit u: output rows 16 mb .. +15, columns 8 ng .. +7; B rows 16 (mb + s) + k of
    // column 8 ng + g, a 32-bit word per pair of rows.
    __local uchar* out_tile = tile;  // the staged source is no longer read
    MMA_PRODUCTS_UNROLL
    for (int i = 0; i < MMA_COL_UNITS / MMA_WARPS; ++i)
    {
        const int unit = i * MMA_WARPS + warp, mb = unit / (MMA_TW / 8), ng = unit - mb * (MMA_TW / 8);
        float hh[4] = { 0.f, 0.f, 0.f, 0.f }, hl[4] = { 0.f, 0.f, 0.f, 0.f }, lh[4] = { 0.f, 0.f, 0.f, 0.f };
        MMA_PRODUCTS_UNROLL
        for (int s = 0; s < MMA_KC; ++s)
        {
            const int at = ((8 * ng + g) * MMA_INTER + 16 * (mb + s) + 2 * t) / 2;
            const uint bh0 = inter_hi[at], bh1 = inter_hi[at + 4], bl0 = inter_lo[at], bl1 = inter_lo[at + 4];
            mma_16x8x16(hh, ky_hi[s][0], ky_hi[s][1], ky_hi[s][2], ky_hi[s][3], bh0, bh1, mma_scratch, lane);
            mma_16x8x16(hl, ky_hi[s][0], ky_hi[s][1], ky_hi[s][2], ky_hi[s][3], bl0, bl1, mma_scratch, lane);
            mma_16x8x16(lh, ky_lo[s][0], ky_lo[s][1], ky_lo[s][2], ky_lo[s][3], bh0, bh1, mma_scratch, lane);
        }
        // Adjacent columns' bytes as one 16-bit store.
        UNROLL
        for (int e = 0; e < 4; e += 2)
            *(__local ushort*)(out_tile + (16 * mb + g + 4 * e) * MMA_TW + 8 * ng + 2 * t) =
                (ushort)CT_TO_DT((CT)(delta) + hh[e] + hl[e] + lh[e]) |
                ((ushort)CT_TO_DT((CT)(delta) + hh[e + 1] + hl[e + 1] + lh[e + 1]) << 8);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Whole tiles of 16-byte aligned rows as 16-byte words (H100, 4K, 31 taps: 6 us less), else bytes.
    if (y0 + MMA_TH <= dst_rows && x0 + MMA_TW <= dst_cols && ((dst_offset + x0) & 15) == 0 && (dst_step & 15) == 0)
    {
        for (int i = item; i < MMA_TH * MMA_TW / 16; i += 32 * MMA_WARPS)
        {
            const int r = i / (MMA_TW / 16), c = i - r * (MMA_TW / 16);
            *(__global uint4*)(dst + dst_offset + (y0 + r) * dst_step + x0 + 16 * c) = src_words[i];
        }
        return;
    }
    for (int i = item; i < MMA_TH * MMA_TW; i += 32 * MMA_WARPS)
    {
        const int r = i / MMA_TW, c = i - r * MMA_TW;
        if (y0 + r < dst_rows && x0 + c < dst_cols)
            dst[dst_offset + (y0 + r) * dst_step + x0 + c] = out_tile[i];
    }
}
#endif // MMA_TILE

// ---- direct, for short kernels ------------------------------------------------------------

#ifdef DIRECT_BW
#  ifndef FIXED_KX
#    error "the direct kernel is built for fixed lengths (FIXED_KX, FIXED_KY)"
#  endif
#  define DIRECT_WIN_W (DIRECT_BW + FIXED_KX - 1)
#  define DIRECT_WIN_H (DIRECT_BH + FIXED_KY - 1)
// VECTOR_WINDOWS (one lane of 4-byte pixels, DIRECT_BW 4, rows a whole number of vectors apart):
// interior window rows are read as aligned DIRECT_BW-pixel vectors, as filter2D's small kernels
// read theirs; read as single pixels they keep the loads waiting in the memory pipeline
// (docs/PERFORMANCE.md, "Profiles of the small kernels").
#  ifdef VECTOR_WINDOWS
#    define DIRECT_WIN_VECTORS ((DIRECT_WIN_W + DIRECT_BW - 1) / DIRECT_BW)
#    define DIRECT_WIN_LEN (DIRECT_WIN_VECTORS * DIRECT_BW)
#    define SRC_VECTOR GPUCONV_CAT(SRC_T1, DIRECT_BW)
#  else
#    define DIRECT_WIN_LEN DIRECT_WIN_W
#  endif

// Work item (i, j) filters outputs x .. x + DIRECT_BW - 1 of rows y .. y + DIRECT_BH - 1 with
// x = i * DIRECT_BW - shift, y = j * DIRECT_BH, where shift (vector windows only) starts every
// window on a vector; outputs left of the image are not stored. Symmetric kernels are anchored in
// their middle (the host's kernel type), so with the lengths constant every SEP_SUM index is a
// constant and the window and the row-filtered block stay in registers. Same sums as the other
// kernels, so same results.
__kernel void sep_filter2d_direct(SINGLE_PASS_ARGS(ROW_COEFFICIENTS_PARAM, COLUMN_COEFFICIENTS_PARAM))
{
    FIX_TAPS();
#  ifdef VECTOR_WINDOWS
    const int shift = vector_window_shift(src_whole_offset, SRC_PIXEL_SIZE, roi_x, anchor_x, DIRECT_BW);
#  else
    const int shift = 0;
#  endif
    const int x = get_global_id(0) * DIRECT_BW - shift, y = get_global_id(1) * DIRECT_BH;
    if (x >= dst_cols || y >= dst_rows)
        return;
    __global const uchar* src_whole = src + src_whole_offset;
    const int sx0 = roi_x + x - anchor_x, sy0 = roi_y + y - anchor_y;
    const bool interior = sx0 >= 0 && sy0 >= 0 && sx0 + DIRECT_WIN_LEN <= whole_cols &&
                          sy0 + DIRECT_WIN_H <= whole_rows;
    volatile int border_columns[DIRECT_WIN_W];
    if (!interior)
        map_border_columns(border_columns, DIRECT_WIN_W, sx0, whole_cols, border_mode);

    // Interior rows by 32-bit offsets from the buffer's start (common/vector.cl, "Addressing").
    const int window_offset = src_whole_offset + sy0 * src_step + sx0 * SRC_PIXEL_SIZE;
    BT rows[DIRECT_WIN_H][DIRECT_BW];
    UNROLL
    for (int r = 0; r < DIRECT_WIN_H; ++r)
    {
        BT win[DIRECT_WIN_LEN];
        if (interior)
        {
            __global const uchar* p = src + (window_offset + r * src_step);
#  ifdef VECTOR_WINDOWS
            UNROLL
            for (int v = 0; v < DIRECT_WIN_VECTORS; ++v)
            {
                SRC_T1 pixels[DIRECT_BW];
                GPUCONV_CAT(vstore, DIRECT_BW)(((__global const SRC_VECTOR*)p)[v], 0, pixels);
                UNROLL
                for (int i = 0; i < DIRECT_BW; ++i)
                    win[v * DIRECT_BW + i] = ST_TO_BT(pixels[i]);
            }
#  else
            UNROLL
            for (int i = 0; i < DIRECT_WIN_W; ++i)
                win[i] = ST_TO_BT(LOAD_SRC_PIXEL(p + (size_t)i * SRC_PIXEL_SIZE));
#  endif
        }
        else
        {
            LOAD_BORDERED_ROW(win, DIRECT_WIN_W, BT, ST_TO_BT, LOAD_SRC_PIXEL, SRC_PIXEL_SIZE,
                              src_whole, src_step, border_columns, sy0 + r, whole_rows, border_mode);
        }
        UNROLL
        for (int j = 0; j < DIRECT_BW; ++j)
        {
#define LOAD_WIN(k) win[j + (k)]
            SEP_SUM(rows[r][j], (BT)(0), kx, FIXED_KX, FIXED_KX / 2, sym_x, LOAD_WIN, noconvert);
#undef LOAD_WIN
        }
    }

    UNROLL
    for (int j = 0; j < DIRECT_BH; ++j)
    {
        if (y + j >= dst_rows)
            break;
        __global uchar* d = dst + (dst_offset + (y + j) * dst_step + x * DST_PIXEL_SIZE);
        UNROLL
        for (int i = 0; i < DIRECT_BW; ++i)
        {
#define LOAD_ROWS(k) rows[j + (k)][i]
            CT acc;
            SEP_SUM(acc, (CT)(delta), ky, FIXED_KY, FIXED_KY / 2, sym_y, LOAD_ROWS, BT_TO_CT);
#undef LOAD_ROWS
            if (x + i >= 0 && x + i < dst_cols)
                STORE_DST(COL_RESULT(acc), d + (size_t)i * DST_PIXEL_SIZE);
        }
    }
}
#endif

#ifndef DIRECT_BW

// ---- two passes ---------------------------------------------------------------------------

// Lengths at run time, coefficients in __constant buffers (builds with FIXED_KX use these
// kernels where the single pass does not fit).
#undef SEP_UNROLL
#define SEP_UNROLL

// Row pass: buffer row j holds source row (roi_y + j - anchor_y), border-extrapolated, filtered
// along x; a work group filters get_local_size(0) pixels of one row from local memory.
__kernel void sep_filter2d_rows(__global const uchar* src, int src_step, int src_whole_offset,
                                int whole_cols, int whole_rows, int border_mode, int roi_x, int roi_y,
                                __constant BKT* kx, int kx_len, int anchor_x, int sym_x,
                                __global uchar* buf, int buf_step, int buf_offset,
                                int buf_rows, int buf_cols, int anchor_y, __local WT* src_tile)
{
    const int lx = get_local_id(0);
    const int tile_w = get_local_size(0);
    const int x0 = get_group_id(0) * tile_w, j = get_global_id(1);
    const int src_w = tile_w + kx_len - 1;
    // Every work item of the group reaches the barrier in load_tile, so rows past the end
    // are loaded (clamped) and only their stores are skipped.
    load_tile(src_tile, src_w, src_w, 1, roi_x + x0 - anchor_x, roi_y + min(j, buf_rows - 1) - anchor_y,
              src + src_whole_offset, src_step, whole_cols, whole_rows, border_mode);
    const int x = x0 + lx;
    if (x >= buf_cols || j >= buf_rows)
        return;
    __local const WT* s = src_tile + lx;
#define LOAD_SRC(k) s[k]
    BT acc;
    SEP_SUM(acc, (BT)(0), kx, kx_len, anchor_x, sym_x, LOAD_SRC, ST_TO_BT);
#undef LOAD_SRC
    ((__global BT*)(buf + buf_offset + (size_t)j * buf_step))[x] = acc;
}

// Column pass: dst row y from buffer rows y .. y + ky_len - 1.
__kernel void sep_filter2d_cols(__global const uchar* buf, int buf_step, int buf_offset,
                                __global uchar* dst, int dst_step, int dst_offset,
                                int dst_rows, int dst_cols,
                                __constant CKT* ky, int ky_len, int anchor_y, int sym_y, CKT delta)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= dst_cols || y >= dst_rows)
        return;
    __global const BT* b = (__global const BT*)(buf + buf_offset + (size_t)y * buf_step) + x;
    const int pitch = buf_step / (int)sizeof(BT);
#define LOAD_ROW(k) b[(size_t)(k) * pitch]
    CT acc;
    SEP_SUM(acc, (CT)(delta), ky, ky_len, anchor_y, sym_y, LOAD_ROW, BT_TO_CT);
#undef LOAD_ROW
    STORE_DST(COL_RESULT(acc), dst + dst_offset + (size_t)y * dst_step + (size_t)x * DST_PIXEL_SIZE);
}

#endif
