// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Cooperative loading of an image window into local memory.
// Requires common/border.cl and, from the including program:
//   SRC_T1  source element type (uchar, float, ...), CN channels (1..4)
//   WT      working pixel type in local memory (float, float4, ...; float3 for CN == 3)
//   SRC_TO_WT  conversion of a source pixel (SRC_T1 x CN) to WT

// Loads in flight per work item.
#define TILE_LOAD_BATCH 8

#if CN == 3
#  define LOAD_SRC_PIXEL(ptr) vload3(0, (__global const SRC_T1*)(ptr))
#  define SRC_PIXEL_SIZE ((int)sizeof(SRC_T1) * 3)
#elif CN == 1
#  define LOAD_SRC_PIXEL(ptr) (*(__global const SRC_T1*)(ptr))
#  define SRC_PIXEL_SIZE ((int)sizeof(SRC_T1))
#else
#  define LOAD_SRC_PIXEL(ptr) (*(__global const GPUCONV_CAT(SRC_T1, CN)*)(ptr))
#  define SRC_PIXEL_SIZE ((int)sizeof(SRC_T1) * CN)
#endif

// Pixel (x, y) of the extrapolated image `whole` as WT: the border rule `border_mode` applied on
// an axis the caller does not know to be inside (zero outside under BORDER_CONSTANT).
inline WT load_extrapolated_pixel(__global const uchar* src_whole, int src_step, int whole_cols,
                                  int whole_rows, int border_mode, int x, int y, bool inside_x,
                                  bool inside_y)
{
    const int sx = inside_x ? x : border_index(x, whole_cols, border_mode);
    const int sy = inside_y ? y : border_index(y, whole_rows, border_mode);
    if (sx < 0 || sy < 0)
        return (WT)(0);
    return SRC_TO_WT(LOAD_SRC_PIXEL(src_whole + (sy * src_step + sx * SRC_PIXEL_SIZE)));
}

// Loads the tile_w x tile_h window whose top-left pixel is (x0, y0), in coordinates of the
// extrapolated image `whole` (whole_cols x whole_rows, rows src_step bytes apart, starting at
// src_whole), into `tile` with row pitch `pitch` (>= tile_w) pixels; a pitch rounded up lets readers
// use aligned vector loads from local memory, or spreads rows over banks. Pixels outside `whole`
// follow the border rule `border_mode` (zero under BORDER_CONSTANT). All work items of the group
// take part; ends with a barrier. Offsets are 32-bit (common/vector.cl, "Addressing").
//
// Adjacent work items read adjacent pixels, so global reads coalesce. Each item issues
// TILE_LOAD_BATCH reads before it stores any of them: a group stalls at the barrier until its last
// read arrives, and reads issued one after another would each pay the full memory latency.
inline void load_tile(__local WT* tile, int pitch, int tile_w, int tile_h, int x0, int y0,
                      __global const uchar* src_whole, int src_step, int whole_cols, int whole_rows,
                      int border_mode)
{
    const int group_items = get_local_size(0) * get_local_size(1);
    const int item = get_local_id(1) * get_local_size(0) + get_local_id(0);
    // Walk the window in row-major order without a division per pixel.
    const int step_y = group_items / tile_w, step_x = group_items - step_y * tile_w;
    int ty = item / tile_w, tx = item - ty * tile_w;
    // Windows inside the image (most of them) skip the border rule.
    const bool inside_x = x0 >= 0 && x0 + tile_w <= whole_cols;
    const bool inside_y = y0 >= 0 && y0 + tile_h <= whole_rows;
    // A batch of loads is issued before any is stored, so that their latencies overlap.
    while (ty < tile_h)
    {
        WT value[TILE_LOAD_BATCH];
        int at[TILE_LOAD_BATCH];
        for (int b = 0; b < TILE_LOAD_BATCH; ++b)
        {
            value[b] = (WT)(0);
            at[b] = -1;
            if (ty < tile_h)
            {
                value[b] = load_extrapolated_pixel(src_whole, src_step, whole_cols, whole_rows,
                                                   border_mode, x0 + tx, y0 + ty, inside_x, inside_y);
                at[b] = ty * pitch + tx;
            }
            tx += step_x;
            ty += step_y;
            if (tx >= tile_w)
            {
                tx -= tile_w;
                ++ty;
            }
        }
        for (int b = 0; b < TILE_LOAD_BATCH; ++b)
            if (at[b] >= 0)
                tile[at[b]] = value[b];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

