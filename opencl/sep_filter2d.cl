// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Separable filter with the arithmetic of cv::sepFilter2D (src/sep_filter2d.cpp decides it):
// a row pass src -> buffer in BT (float, double, or int in cv::'s fixed-point modes), then a
// column pass buffer -> accumulator CT -> dst, the accumulator starting at delta.
//
// Kernels:
//  - sep_filter2d_fused: one work group filters the rows of its tile + apron from local memory
//    into a second local buffer, then its columns; no intermediate image in global memory.
//  - sep_filter2d_rows + sep_filter2d_cols: the two-pass path for kernels too long for local
//    memory; the row pass writes the row-filtered image including the vertical apron.
//
// Build options: SRC_T1, CN (1..4); ST (source pixel), BT (buffer pixel), CT (column
// accumulator pixel), DT1/DT (destination element/pixel); BKT, CKT coefficient types of the
// row and column pass; conversions ST_TO_BT, BT_TO_CT, CT_TO_DT; COL_SHIFT when the column
// result is fixed point with COL_SHIFT fraction bits (cv::FixedPtCastEx); BORDER_*.
//
// Coefficient symmetry (sym_x, sym_y): 0 general, 1 symmetric, 2 antisymmetric about the
// anchor; the symmetric forms fold pairs of taps to halve the multiplies.

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#include "common/vector.cl"
#include "common/border.cl"

// The tile loader keeps source pixels as they are in local memory (the smallest footprint);
// the row pass converts them.
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
#define SEP_SUM(acc, acc0, coeff, len, anchor, sym, LOAD, CONVERT)                          \
    do {                                                                                     \
        acc = (acc0);                                                                        \
        if ((sym) == 1)                                                                      \
        {                                                                                    \
            acc += CONVERT(LOAD(anchor)) * coeff[anchor];                                    \
            for (int k_ = 1; k_ <= (anchor); ++k_)                                           \
                acc += (CONVERT(LOAD((anchor) + k_)) + CONVERT(LOAD((anchor) - k_))) * coeff[(anchor) + k_]; \
        }                                                                                    \
        else if ((sym) == 2)                                                                 \
        {                                                                                    \
            for (int k_ = 1; k_ <= (anchor); ++k_)                                           \
                acc += (CONVERT(LOAD((anchor) + k_)) - CONVERT(LOAD((anchor) - k_))) * coeff[(anchor) + k_]; \
        }                                                                                    \
        else                                                                                 \
        {                                                                                    \
            for (int k_ = 0; k_ < (len); ++k_)                                               \
                acc += CONVERT(LOAD(k_)) * coeff[k_];                                        \
        }                                                                                    \
    } while (0)

// ---- single pass --------------------------------------------------------------------------

// Output tile: get_local_size(0) columns x get_local_size(1) * rows_per_item rows.
// src_tile: (tile_w + kx_len - 1) x (tile_h + ky_len - 1) source pixels;
// row_tile: tile_w x (tile_h + ky_len - 1) row-filtered pixels.
__kernel void sep_filter2d_fused(__global const uchar* src, int src_step, int src_whole_offset,
                                 int whole_cols, int whole_rows, int roi_x, int roi_y,
                                 __constant BKT* kx, int kx_len, int anchor_x, int sym_x,
                                 __global uchar* dst, int dst_step, int dst_offset,
                                 int dst_rows, int dst_cols,
                                 __constant CKT* ky, int ky_len, int anchor_y, int sym_y,
                                 CKT delta, int rows_per_item,
                                 __local ST* src_tile, __local BT* row_tile)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int tile_w = get_local_size(0), tile_h = get_local_size(1) * rows_per_item;
    const int x0 = get_group_id(0) * tile_w, y0 = get_group_id(1) * tile_h;
    const int src_w = tile_w + kx_len - 1, rows_h = tile_h + ky_len - 1;

    load_tile(src_tile, src_w, rows_h, roi_x + x0 - anchor_x, roi_y + y0 - anchor_y,
              src + src_whole_offset, src_step, whole_cols, whole_rows);

    const int group_items = tile_w * get_local_size(1);
    for (int i = ly * tile_w + lx; i < tile_w * rows_h; i += group_items)
    {
        const int ty = i / tile_w, tx = i - ty * tile_w;
        __local const ST* s = src_tile + ty * src_w + tx;
#define LOAD_SRC(k) s[k]
        BT acc;
        SEP_SUM(acc, (BT)(0), kx, kx_len, anchor_x, sym_x, LOAD_SRC, ST_TO_BT);
#undef LOAD_SRC
        row_tile[i] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    const int x = x0 + lx;
    if (x >= dst_cols)
        return;
    for (int r = 0; r < rows_per_item; ++r)
    {
        const int ty = ly + r * get_local_size(1);
        const int y = y0 + ty;
        if (y >= dst_rows)
            break;
        __local const BT* b = row_tile + ty * tile_w + lx;
#define LOAD_ROW(k) b[(k) * tile_w]
        CT acc;
        SEP_SUM(acc, (CT)(delta), ky, ky_len, anchor_y, sym_y, LOAD_ROW, BT_TO_CT);
#undef LOAD_ROW
        STORE_DST(COL_RESULT(acc), dst + dst_offset + (size_t)y * dst_step + (size_t)x * DST_PIXEL_SIZE);
    }
}

// ---- two passes ---------------------------------------------------------------------------

// Row pass: buffer row j holds source row (roi_y + j - anchor_y), border-extrapolated, filtered
// along x; a work group filters get_local_size(0) pixels of one row from local memory.
__kernel void sep_filter2d_rows(__global const uchar* src, int src_step, int src_whole_offset,
                                int whole_cols, int whole_rows, int roi_x, int roi_y,
                                __constant BKT* kx, int kx_len, int anchor_x, int sym_x,
                                __global uchar* buf, int buf_step, int buf_offset,
                                int buf_rows, int buf_cols, int anchor_y, __local ST* src_tile)
{
    const int lx = get_local_id(0);
    const int tile_w = get_local_size(0);
    const int x0 = get_group_id(0) * tile_w, j = get_global_id(1);
    const int src_w = tile_w + kx_len - 1;
    // Every work item of the group reaches the barrier in load_tile, so rows past the end
    // are loaded (clamped) and only their stores are skipped.
    load_tile(src_tile, src_w, 1, roi_x + x0 - anchor_x, roi_y + min(j, buf_rows - 1) - anchor_y,
              src + src_whole_offset, src_step, whole_cols, whole_rows);
    const int x = x0 + lx;
    if (x >= buf_cols || j >= buf_rows)
        return;
    __local const ST* s = src_tile + lx;
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
