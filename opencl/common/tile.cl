// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Cooperative loading of an image window into local memory, shared by the filter families.
// Requires common/border.cl and, from the including program:
//   SRC_T1  source element type (uchar, float, ...), CN channels (1..4)
//   WT      working pixel type in local memory (float, float4, ...; float3 for CN == 3)
//   SRC_TO_WT  conversion of a source pixel (SRC_T1 x CN) to WT

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

// Loads the tile_w x tile_h window whose top-left pixel is (x0, y0), in coordinates of the
// extrapolated image `whole` (whole_cols x whole_rows, rows src_step bytes apart, starting at
// src_whole), into `tile` with row pitch tile_pitch >= tile_w (a pitch rounded up lets readers use
// aligned vector loads from local memory). Pixels outside `whole` follow the border rule (zero
// under BORDER_CONSTANT). All work items of the group take part; ends with a barrier.
//
// Adjacent work items read adjacent pixels, so global reads coalesce. Each item issues
// TILE_LOAD_BATCH reads before it stores any of them: a group stalls at the barrier until its last
// read arrives, and reads issued one after another would each pay the full memory latency. A
// window wholly inside the image, the common case, skips the border lookups.
#ifndef TILE_LOAD_BATCH
#  define TILE_LOAD_BATCH 8
#endif

inline void load_tile_pitched(__local WT* tile, int tile_pitch, int tile_w, int tile_h, int x0, int y0,
                              __global const uchar* src_whole, int src_step, int whole_cols, int whole_rows)
{
    const int group_items = get_local_size(0) * get_local_size(1);
    const int item = get_local_id(1) * get_local_size(0) + get_local_id(0);
    const int n = tile_w * tile_h;
    const bool inside = x0 >= 0 && y0 >= 0 && x0 + tile_w <= whole_cols && y0 + tile_h <= whole_rows;
    for (int first = item; first < n; first += group_items * TILE_LOAD_BATCH)
    {
        WT value[TILE_LOAD_BATCH];
        #pragma unroll
        for (int b = 0; b < TILE_LOAD_BATCH; ++b)
        {
            const int i = first + b * group_items;
            const int ty = i / tile_w, tx = i - ty * tile_w;
            const int sy = inside ? y0 + ty : border_index(y0 + ty, whole_rows);
            const int sx = inside ? x0 + tx : border_index(x0 + tx, whole_cols);
            value[b] = (WT)(0);
            if (i < n && sx >= 0 && sy >= 0)
                value[b] = SRC_TO_WT(LOAD_SRC_PIXEL(src_whole + (size_t)sy * src_step + (size_t)sx * SRC_PIXEL_SIZE));
        }
        #pragma unroll
        for (int b = 0; b < TILE_LOAD_BATCH; ++b)
        {
            const int i = first + b * group_items;
            const int ty = i / tile_w;
            if (i < n)
                tile[ty * tile_pitch + (i - ty * tile_w)] = value[b];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

// load_tile_pitched() with the row pitch equal to the window width.
inline void load_tile(__local WT* tile, int tile_w, int tile_h, int x0, int y0,
                      __global const uchar* src_whole, int src_step, int whole_cols, int whole_rows)
{
    load_tile_pitched(tile, tile_w, tile_w, tile_h, x0, y0, src_whole, src_step, whole_cols, whole_rows);
}
