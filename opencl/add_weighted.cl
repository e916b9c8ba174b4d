// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// dst = saturate(src1 * alpha + src2 * beta + gamma) with the arithmetic of cv::addWeighted:
// both sources are converted to the working type WT, the weighted sum is one fused
// fma(a, alpha, fma(b, beta, gamma)) in the accumulator type AT (float, or double for 32S, 32F
// and 64F work), rounded and saturated to WT, then converted to the destination type DT.
//
// Build options (src/add_weighted.cpp): T1, T2, AT, DT element types; T1V, T2V, ATV, DTV their
// VEC-lane vectors; VEC-lane conversions SRC1_TO_WT, SRC2_TO_WT, WT_TO_AT, AT_TO_WT, WT_TO_DT;
// VEC (plan); SCALAR_OPERAND (1 or 2) with CN when that operand is a per-channel scalar; src1 is then
// the array operand.

#ifdef DOUBLE_SUPPORT
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#include "common/vector.cl"

#ifdef SCALAR_OPERAND
// The scalar's value for each of the CN channels, passed by value.
typedef struct { AT v[CN]; } ChannelValues;
#endif

__kernel void add_weighted(__global const uchar* src1, int src1_step, int src1_offset,
#ifndef SCALAR_OPERAND
                           __global const uchar* src2, int src2_step, int src2_offset,
#endif
                           __global uchar* dst, int dst_step, int dst_offset,
                           int rows, int row_elems, AT alpha, AT beta, AT gamma
#ifdef SCALAR_OPERAND
                           , ChannelValues channel_values
#endif
                          )
{
    const int x = get_global_id(0) * VEC;
    const int y = get_global_id(1);
    if (x >= row_elems || y >= rows)
        return;

    __global const T1* p1 = (__global const T1*)(src1 + (size_t)y * src1_step + src1_offset) + x;
    __global DT* pd = (__global DT*)(dst + (size_t)y * dst_step + dst_offset) + x;
#ifndef SCALAR_OPERAND
    __global const T2* p2 = (__global const T2*)(src2 + (size_t)y * src2_step + src2_offset) + x;
#endif
    const int n = min(VEC, row_elems - x);
    // Whole vectors where every operand's address allows them, else element by element (the row's
    // last, partial vector; rows of ROIs that start off a vector boundary). Tested here per item
    // rather than by the host as a build option, which doubled the programs (docs/PERFORMANCE.md,
    // addWeighted, "Alignment at run time").
    const bool whole_vectors = n == VEC && ON_BOUNDARY(p1, sizeof(T1V)) &&
#ifndef SCALAR_OPERAND
                               ON_BOUNDARY(p2, sizeof(T2V)) &&
#endif
                               ON_BOUNDARY(pd, sizeof(DTV));

    T1V a;
#ifndef SCALAR_OPERAND
    T2V b;
#endif
    if (whole_vectors)
    {
        a = *(__global const T1V*)p1;
#ifndef SCALAR_OPERAND
        b = *(__global const T2V*)p2;
#endif
    }
    else
    {
        // Padded through private memory.
        T1 a_part[VEC];
#ifndef SCALAR_OPERAND
        T2 b_part[VEC];
#endif
        for (int i = 0; i < VEC; ++i)
        {
            a_part[i] = i < n ? p1[i] : (T1)0;
#ifndef SCALAR_OPERAND
            b_part[i] = i < n ? p2[i] : (T2)0;
#endif
        }
        a = VLOAD(a_part);
#ifndef SCALAR_OPERAND
        b = VLOAD(b_part);
#endif
    }

#ifdef SCALAR_OPERAND
    AT scalar_part[VEC];
    for (int i = 0; i < VEC; ++i)
        scalar_part[i] = channel_values.v[(x + i) % CN];
    const ATV scalar = VLOAD(scalar_part);
    const ATV array = WT_TO_AT(SRC1_TO_WT(a));
#  if SCALAR_OPERAND == 1
    const ATV sum = fma(scalar, (ATV)(alpha), fma(array, (ATV)(beta), (ATV)(gamma)));
#  else
    const ATV sum = fma(array, (ATV)(alpha), fma(scalar, (ATV)(beta), (ATV)(gamma)));
#  endif
#else
    const ATV sum = fma(WT_TO_AT(SRC1_TO_WT(a)), (ATV)(alpha),
                        fma(WT_TO_AT(SRC2_TO_WT(b)), (ATV)(beta), (ATV)(gamma)));
#endif
    const DTV result = WT_TO_DT(AT_TO_WT(sum));

    if (whole_vectors)
        *(__global DTV*)pd = result;
    else
    {
        DT d_part[VEC];
        VSTORE(result, d_part);
        for (int i = 0; i < n; ++i)
            pd[i] = d_part[i];
    }
}
