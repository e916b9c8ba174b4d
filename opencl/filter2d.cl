// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// dst = saturate(delta + sum_{ky,kx} weights[ky][kx] * src(x + kx - anchor_x, y + ky - anchor_y)),
// the correlation cv::filter2D computes, in the same order: delta first, then the kernel row by
// row, each product fused into the running sum in the accumulator type (float, or double when
// either side is CV_64F), as cv::'s vectorised rows do.
//
// One work group computes a block of (LX * PX) x (LY * PY) destination pixels; each work item a
// PX x PY block of it. With TILED the group first loads its source window (block plus the
// kernel's apron) into local memory through common/tile.cl, which applies the border rule; without
// it (small kernels, where the tile's index arithmetic and barrier cost more than the caches save,
// and kernels whose window does not fit in local memory) each item reads its own window from
// global memory, the caches serving the overlap between neighbours. Items whose window lies inside
// the image skip the border rule; with ROW_WORDS they read each window row as aligned 32-bit words
// (ROW_WORDS pixels each) realigned by a funnel shift, a quarter of the loads of byte-wide pixels;
// with VECTOR_WINDOWS (one channel of 4-byte pixels) as aligned PX-pixel vectors, the group's block
// starting up to PX - 1 pixels left of its place in the grid so that every window row starts on a
// vector: a third of the loads of a 7x7 window row, which as single pixels kept the loads waiting
// in the memory pipeline (docs/PERFORMANCE.md, "Profiles of the small kernels").
// Either way an item keeps one window row of PX + KW - 1 pixels in registers and applies it to all
// PY rows of accumulators that need it, so each loaded pixel serves up to PX * PY outputs. A row
// of outputs is stored as soon as its last kernel row has been applied, as one vector where its
// PX pixels make one (one channel, or 2 and 4 channels up to 16 elements).
//
// Build options (src/filter2d.cpp, plan from src/plan.cpp):
//   SRC_T1, CN          source element type and channel count (1..4)
//   WT, SRC_TO_WT       pixel type of the local tile (the source pixel type) and its conversion
//   ACC_T, ACC1, TO_ACC accumulator pixel type, its element type, conversion from a source pixel
//   DST_T1, TO_DST      destination element type and conversion from an accumulator pixel
//   KW, KH              kernel size; LX, LY work-group size; PX, PY pixels per work item
//   TO_ACC_PX, TO_DST_PX  PX-lane conversions, for one channel and PX > 1: window rows are then
//                       read from local memory and results written to global memory PX at a time
//   TILED               stage the window in local memory
//   ROW_WORDS, TO_ACC_WORD  without TILED, one channel of 1- or 2-byte elements: pixels per 32-bit
//                       word and their conversion to ROW_WORDS accumulator lanes
//   VECTOR_WINDOWS      without TILED, one channel of 4-byte elements in rows a whole number of
//                       SRC_PX vectors apart: window rows read as aligned SRC_PX vectors
//   GLOBAL_WEIGHTS      the weights exceed the constant buffer: read them from global memory
//   WEIGHTS_BY_VALUE    small kernels (fully unrolled): the weights are a by-value argument
//   INTERIOR_TEST_PER_ROW  without TILED: test whether the window is inside the image once per
//                       row instead of once per item (see the row loop)

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifdef WEIGHTS_BY_VALUE
// Fully unrolled small kernels index the weights with constants only: passed by value, they sit
// in the kernel's parameter space, which a GPU can read as a direct operand of the fma, where a
// __constant buffer reached through a pointer costs a load and a register per weight.
typedef struct { ACC1 w[KW * KH]; } FilterWeights;
#  define WEIGHTS_PARAM FilterWeights weights
#  define WEIGHT(i) (weights.w[i])
#else
#  ifdef GLOBAL_WEIGHTS
#    define WEIGHTS_PARAM __global const ACC1* weights
#  else
#    define WEIGHTS_PARAM __constant ACC1* weights
#  endif
#  define WEIGHT(i) (weights[i])
#endif

#include "common/vector.cl"
#include "common/border.cl"
#include "common/tile.cl"

#include "common/dst_pixel.cl"

#define BLOCK_W (LX * PX)
#define BLOCK_H (LY * PY)
#define WIN_W (PX + KW - 1)
#define TILE_W (BLOCK_W + KW - 1)
#define TILE_H (BLOCK_H + KH - 1)

#if CN == 1 && PX > 1
#  define ROW_VECTORS 1
#  define SRC_PX GPUCONV_CAT(SRC_T1, PX)
#  define ACC_PX GPUCONV_CAT(ACC1, PX)
#  define DST_PX GPUCONV_CAT(DST_T1, PX)
#  define VLOAD_PX GPUCONV_CAT(vload, PX)
#  define VSTORE_PX GPUCONV_CAT(vstore, PX)
// Whole vectors cover the window row; the tile pitch makes every item's row start aligned.
#  define WIN_VECTORS ((WIN_W + PX - 1) / PX)
#  define TILE_PITCH ((TILE_W + PX - 1) / PX * PX)
#else
#  define WIN_VECTORS WIN_W
#  define TILE_PITCH TILE_W
#endif
#if ((CN == 2 || CN == 4) && PX > 1 && PX * CN <= 16) || (CN == 3 && PX == 4)
// The PX pixels of an item's output row leave as whole vectors (DST_ROW_PARTS of DST_ROW_LANES
// elements: 3-channel rows of 4 pixels as 3 vectors of 4): pixel-wide stores, one every
// CN * sizeof(DST_T1) bytes across the lanes of a warp, would write each memory sector in parts.
#  define PIXEL_ROW_VECTORS 1
#  if PX * CN == 4 || CN == 3
#    define DST_ROW_LANES 4
#  elif PX * CN == 8
#    define DST_ROW_LANES 8
#  else
#    define DST_ROW_LANES 16
#  endif
#  define DST_ROW_PARTS (PX * CN / DST_ROW_LANES)
#  define DST_ROW GPUCONV_CAT(DST_T1, DST_ROW_LANES)
#  define VLOAD_ROW GPUCONV_CAT(vload, DST_ROW_LANES)
#  define VSTORE_ROW GPUCONV_CAT(vstore, DST_ROW_LANES)
#  define VSTORE_CN GPUCONV_CAT(vstore, CN)
#endif

// Whether the n pixels from x lie in the destination row (x < 0 only for shifted blocks).
#ifdef VECTOR_WINDOWS
#  define IN_DST_ROW(x, n) ((x) >= 0 && (x) + (n) <= dst_cols)
#else
#  define IN_DST_ROW(x, n) ((x) + (n) <= dst_cols)
#endif

// Stores the PX accumulators `a` of an item's output row y, whose first pixel is x.
inline void store_acc_row(const ACC_T* a, __global uchar* dst, int dst_step, int dst_offset, int y,
                          int x, int dst_rows, int dst_cols)
{
    if (y >= dst_rows)
        return;
    __global uchar* drow = dst + (dst_offset + y * dst_step);
#if defined(ROW_VECTORS)
    if (IN_DST_ROW(x, PX))
    {
        __global DST_T1* p = (__global DST_T1*)(drow + (size_t)x * DST_PIXEL_SIZE);
        const DST_PX value = TO_DST_PX(VLOAD_PX(0, a));
        if (((size_t)p & (sizeof(DST_PX) - 1)) == 0)
            *(__global DST_PX*)p = value;  // one wide store
        else
            VSTORE_PX(value, 0, p);
        return;
    }
#elif defined(PIXEL_ROW_VECTORS)
    if (x + PX <= dst_cols)
    {
        __global DST_T1* p = (__global DST_T1*)(drow + (size_t)x * DST_PIXEL_SIZE);
        DST_T1 lanes[DST_ROW_LANES * DST_ROW_PARTS];
        UNROLL
        for (int px = 0; px < PX; ++px)
            VSTORE_CN(TO_DST(a[px]), px, lanes);
        const bool aligned = ON_BOUNDARY(p, sizeof(DST_ROW));
        UNROLL
        for (int part = 0; part < DST_ROW_PARTS; ++part)
        {
            const DST_ROW value = VLOAD_ROW(part, lanes);
            if (aligned)
                ((__global DST_ROW*)p)[part] = value;  // wide stores
            else
                VSTORE_ROW(value, part, p);
        }
        return;
    }
#endif
    UNROLL
    for (int px = 0; px < PX; ++px)
        if (IN_DST_ROW(x + px, 1))
            STORE_DST_PIXEL(TO_DST(a[px]), drow + (size_t)(x + px) * DST_PIXEL_SIZE);
}

__kernel __attribute__((reqd_work_group_size(LX, LY, 1)))
void filter2d(__global const uchar* src, int src_step, int src_whole_offset,
              int whole_cols, int whole_rows, int border_mode, int roi_x, int roi_y,
              __global uchar* dst, int dst_step, int dst_offset, int dst_rows, int dst_cols,
              int anchor_x, int anchor_y, ACC1 delta, WEIGHTS_PARAM)
{
    const int ox = get_local_id(0) * PX, oy = get_local_id(1) * PY;  // item's block in the group's
#ifdef VECTOR_WINDOWS
    // bx and ox are multiples of PX.
    const int block_shift = vector_window_shift(src_whole_offset, SRC_PIXEL_SIZE, roi_x, anchor_x, PX);
#else
    const int block_shift = 0;
#endif
    const int bx = get_group_id(0) * BLOCK_W - block_shift, by = get_group_id(1) * BLOCK_H;
    // The group's source window, in coordinates of the extrapolated image.
    const int wx0 = roi_x + bx - anchor_x, wy0 = roi_y + by - anchor_y;
    __global const uchar* src_whole = src + src_whole_offset;

#ifdef TILED
#  ifdef ROW_VECTORS
    __local SRC_PX tile_vectors[TILE_H * TILE_PITCH / PX];  // declared as vectors for their alignment
    __local WT* tile = (__local WT*)tile_vectors;
#  else
    __local WT tile[TILE_H * TILE_PITCH];
#  endif
    // The whole pitch, not just the window: the last vector of a row of whole vectors reaches
    // into it, and reads pixels there that no output uses, but initialised ones.
    load_tile(tile, TILE_PITCH, TILE_PITCH, TILE_H, wx0, wy0, src_whole, src_step, whole_cols,
              whole_rows, border_mode);
    if (bx + ox >= dst_cols || by + oy >= dst_rows)
        return;  // after the barrier: every item helped to load the tile
#else
    if (bx + ox >= dst_cols || by + oy >= dst_rows)
        return;
    const int x0 = wx0 + ox, y0 = wy0 + oy;  // the item's window
#  ifdef ROW_WORDS
#    define WIN_WORDS ((WIN_W + ROW_WORDS - 1) / ROW_WORDS)
#    define WIN_LEN (WIN_WORDS * ROW_WORDS)
    // The WIN_WORDS + 1 aligned words around a window row start up to 3 bytes before it.
    const bool interior = y0 >= 0 && y0 + PY + KH - 1 <= whole_rows && x0 * SRC_PIXEL_SIZE >= 3 &&
                          (x0 + WIN_LEN) * SRC_PIXEL_SIZE + 4 <= whole_cols * SRC_PIXEL_SIZE;
#  else
#    ifdef VECTOR_WINDOWS
#      define WIN_LEN (WIN_VECTORS * PX)
#    else
#      define WIN_LEN WIN_W
#    endif
    const bool interior = y0 >= 0 && y0 + PY + KH - 1 <= whole_rows && x0 >= 0 &&
                          x0 + WIN_LEN <= whole_cols;
#  endif
    volatile int border_columns[WIN_W];
    if (!interior)
        map_border_columns(border_columns, WIN_W, x0, whole_cols, border_mode);
#endif

    ACC_T acc[PY][PX];
    UNROLL
    for (int py = 0; py < PY; ++py)
        UNROLL
        for (int px = 0; px < PX; ++px)
            acc[py][px] = (ACC_T)(delta);

    // Window row r feeds accumulator row py through kernel row r - py; rows are visited in
    // increasing order, so each output sums its kernel rows in cv::'s order.
#define APPLY_WINDOW_ROW(win, r)                                                                \
    do {                                                                                        \
        UNROLL                                                                                  \
        for (int py = 0; py < PY; ++py)                                                         \
        {                                                                                       \
            const int ky = (r) - py;                                                            \
            if (ky < 0 || ky >= KH)                                                             \
                continue;                                                                       \
            UNROLL                                                                              \
            for (int kx = 0; kx < KW; ++kx)                                                     \
            {                                                                                   \
                const ACC_T w = (ACC_T)(WEIGHT(ky * KW + kx));                                  \
                UNROLL                                                                          \
                for (int px = 0; px < PX; ++px)                                                 \
                    acc[py][px] = fma((win)[px + kx], w, acc[py][px]);                          \
            }                                                                                   \
            STORE_IF_COMPLETE(py, ky);                                                          \
        }                                                                                       \
    } while (0)
#define STORE_ACC_ROW(py) \
    store_acc_row(acc[py], dst, dst_step, dst_offset, by + oy + py, bx + ox, dst_rows, dst_cols)
// Small kernels unroll fully, so that every weight is indexed by a constant, and store each output
// row as soon as its last kernel row is applied (its registers are free from there on). In the
// rolled loop of larger kernels such a store is a branch on every row, and was measured slower
// (H100, 4K 8UC4 15x15: 594 us per call with them, 461 with the stores after the loop).
#if KW * KH <= 49
#  define ROWS_UNROLL UNROLL
#  define STORE_IF_COMPLETE(py, ky) if ((ky) == KH - 1) STORE_ACC_ROW(py)
#else
#  define ROWS_UNROLL
#  define STORE_IF_COMPLETE(py, ky)
#  define STORE_AFTER_ROWS
#endif

#ifdef TILED
    ROWS_UNROLL
    for (int r = 0; r < PY + KH - 1; ++r)
    {
#  ifdef ROW_VECTORS
        ACC_T win[WIN_VECTORS * PX];
        __local const SRC_PX* trow = (__local const SRC_PX*)(tile + (oy + r) * TILE_PITCH + ox);
        UNROLL
        for (int v = 0; v < WIN_VECTORS; ++v)
            VSTORE_PX(TO_ACC_PX(trow[v]), v, win);
#  else
        ACC_T win[WIN_W];
        __local const WT* trow = tile + (oy + r) * TILE_PITCH + ox;
        UNROLL
        for (int i = 0; i < WIN_W; ++i)
            win[i] = TO_ACC(trow[i]);
#  endif
        APPLY_WINDOW_ROW(win, r);
    }
#else
    // Interior rows by 32-bit offsets from the buffer's start (common/vector.cl, "Addressing").
    const int window_offset = src_whole_offset + y0 * src_step + x0 * SRC_PIXEL_SIZE;
#  ifdef ROW_WORDS
// Little-endian words (OpenCL devices the module targets): shifting the pair right drops the
// bytes before the window.
#    define LOAD_INTERIOR_ROW(win, r)                                                           \
    do {                                                                                        \
        const int offset_ = window_offset + (r) * src_step;                                     \
        const uint misalign_ = (uint)offset_ & 3u;                                              \
        __global const uint* words_ = (__global const uint*)src + (offset_ >> 2);               \
        uint raw_[WIN_WORDS + 1];                                                               \
        UNROLL                                                                                  \
        for (int i_ = 0; i_ <= WIN_WORDS; ++i_)                                                 \
            raw_[i_] = words_[i_];                                                              \
        UNROLL                                                                                  \
        for (int i_ = 0; i_ < WIN_WORDS; ++i_)                                                  \
        {                                                                                       \
            const uint word_ = (uint)(upsample(raw_[i_ + 1], raw_[i_]) >> (misalign_ * 8));     \
            GPUCONV_CAT(vstore, ROW_WORDS)(                                                     \
                TO_ACC_WORD(GPUCONV_CAT(as_, GPUCONV_CAT(SRC_T1, ROW_WORDS))(word_)), i_, win); \
        }                                                                                       \
    } while (0)
#  elif defined(VECTOR_WINDOWS)
#    define LOAD_INTERIOR_ROW(win, r)                                                           \
    do {                                                                                        \
        __global const SRC_PX* v_ = (__global const SRC_PX*)(src + (window_offset + (r) * src_step)); \
        UNROLL                                                                                  \
        for (int i_ = 0; i_ < WIN_VECTORS; ++i_)                                                \
            VSTORE_PX(TO_ACC_PX(v_[i_]), i_, win);                                              \
    } while (0)
#  else
#    define LOAD_INTERIOR_ROW(win, r)                                                           \
    do {                                                                                        \
        __global const uchar* p_ = src + (window_offset + (r) * src_step);                      \
        UNROLL                                                                                  \
        for (int i_ = 0; i_ < WIN_W; ++i_)                                                      \
            (win)[i_] = TO_ACC(LOAD_SRC_PIXEL(p_ + (size_t)i_ * SRC_PIXEL_SIZE));               \
    } while (0)
#  endif
#  define LOAD_WINDOW_ROW(win, r)                                                               \
    LOAD_BORDERED_ROW(win, WIN_W, ACC_T, TO_ACC, LOAD_SRC_PIXEL, SRC_PIXEL_SIZE, src_whole,     \
                      src_step, border_columns, y0 + (r), whole_rows, border_mode)
#  ifdef INTERIOR_TEST_PER_ROW
    // One branch per row: the compiler keeps each row's loads behind its branch, which bounds
    // the registers in flight (wide pixels and large kernels).
    ROWS_UNROLL
    for (int r = 0; r < PY + KH - 1; ++r)
    {
        ACC_T win[WIN_LEN];
        if (interior)
            LOAD_INTERIOR_ROW(win, r);
        else
            LOAD_WINDOW_ROW(win, r);
        APPLY_WINDOW_ROW(win, r);
    }
#  else
    // One branch per item: the rows of an interior window are then straight-line code, whose
    // loads the compiler can issue ahead of the arithmetic.
    if (interior)
    {
        ROWS_UNROLL
        for (int r = 0; r < PY + KH - 1; ++r)
        {
            ACC_T win[WIN_LEN];
            LOAD_INTERIOR_ROW(win, r);
            APPLY_WINDOW_ROW(win, r);
        }
    }
    else
    {
        ROWS_UNROLL
        for (int r = 0; r < PY + KH - 1; ++r)
        {
            ACC_T win[WIN_LEN];
            LOAD_WINDOW_ROW(win, r);
            APPLY_WINDOW_ROW(win, r);
        }
    }
#  endif
#endif
#ifdef STORE_AFTER_ROWS
    UNROLL
    for (int py = 0; py < PY; ++py)
        STORE_ACC_ROW(py);
#endif
}
