// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Destination pixels of DST_T1 x CN (1..4): STORE_DST_PIXEL(value, ptr) writes one at a byte
// address, DST_PIXEL_SIZE bytes apart.
#if CN == 3
#  define STORE_DST_PIXEL(value, ptr) vstore3(value, 0, (__global DST_T1*)(ptr))
#  define DST_PIXEL_SIZE ((int)sizeof(DST_T1) * 3)
#elif CN == 1
#  define STORE_DST_PIXEL(value, ptr) (*(__global DST_T1*)(ptr) = (value))
#  define DST_PIXEL_SIZE ((int)sizeof(DST_T1))
#else
#  define STORE_DST_PIXEL(value, ptr) (*(__global GPUCONV_CAT(DST_T1, CN)*)(ptr) = (value))
#  define DST_PIXEL_SIZE ((int)sizeof(DST_T1) * CN)
#endif
