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
// The group walks the window row by row (one border lookup per row, not per pixel), adjacent work
// items reading adjacent pixels so that global reads coalesce; a window wholly inside the image,
// the common case, skips the border lookups altogether.
inline void load_tile_pitched(__local WT* tile, int tile_pitch, int tile_w, int tile_h, int x0, int y0,
                              __global const uchar* src_whole, int src_step, int whole_cols, int whole_rows)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int nx = get_local_size(0), ny = get_local_size(1);
    const bool inside = x0 >= 0 && y0 >= 0 && x0 + tile_w <= whole_cols && y0 + tile_h <= whole_rows;
    for (int ty = ly; ty < tile_h; ty += ny)
    {
        __local WT* out = tile + ty * tile_pitch;
        if (inside)
        {
            __global const uchar* row = src_whole + (size_t)(y0 + ty) * src_step + (size_t)x0 * SRC_PIXEL_SIZE;
            for (int tx = lx; tx < tile_w; tx += nx)
                out[tx] = SRC_TO_WT(LOAD_SRC_PIXEL(row + (size_t)tx * SRC_PIXEL_SIZE));
            continue;
        }
        const int sy = border_index(y0 + ty, whole_rows);
        __global const uchar* row = src_whole + (size_t)max(sy, 0) * src_step;
        for (int tx = lx; tx < tile_w; tx += nx)
        {
            const int sx = border_index(x0 + tx, whole_cols);
            WT value = (WT)(0);
            if (sx >= 0 && sy >= 0)
                value = SRC_TO_WT(LOAD_SRC_PIXEL(row + (size_t)sx * SRC_PIXEL_SIZE));
            out[tx] = value;
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
