// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// The tensor cores' 16x8x16 matrix product (PTX mma.sync m16n8k16, f16 operands, f32 sums) and
// the f16 packing its operands need. NV_MMA (NVIDIA GPUs of compute capability 8.0 or later): the
// instructions, through inline PTX. Else the same results in plain OpenCL C, the warp's
// fragments meeting in local memory, for tests of the kernels on other devices (PoCL, oclgrind):
// every work item of the group must then reach each product, as it must reach a barrier.
//
// Fragments (PTX ISA, "Matrix Fragments for mma.m16n8k16"), lane = 4 g + t of a warp of 32:
//   A (16 x 16, row-major): a0 = (row g, cols 2t, 2t+1), a1 = (row g+8, cols 2t, 2t+1),
//     a2 = (row g, cols 2t+8, 2t+9), a3 = (row g+8, cols 2t+8, 2t+9);
//   B (16 x 8): b0 = (rows 2t, 2t+1, col g), b1 = (rows 2t+8, 2t+9, col g);
//   C, D (16 x 8, f32): c[0], c[1] = (row g, cols 2t, 2t+1), c[2], c[3] = (row g+8, same cols);
// each 32-bit operand two f16, the lower-indexed one in its low half.

// The f16 pair (lo, hi), rounded to nearest.
#ifdef NV_MMA
inline uint pack_f16x2(float lo, float hi)
{
    uint d;
    asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(d) : "f"(hi), "f"(lo));
    return d;
}
#else
inline uint pack_f16x2(float lo, float hi)
{
    ushort h[2];
    vstore_half_rte(lo, 0, (half*)h);
    vstore_half_rte(hi, 1, (half*)h);
    return (uint)h[0] | ((uint)h[1] << 16);
}
#endif

// Half `which` (0 low, 1 high) of a pair, as float.
inline float f16x2_part(uint pair, int which)
{
    ushort h[2] = { (ushort)pair, (ushort)(pair >> 16) };
    return vload_half(which, (const half*)h);
}

// Two values as f16 pairs hi + lo: hi rounded to f16, lo what hi leaves out, rounded (about 22
// significant bits together, where neither is subnormal).
inline uint split_f16x2(float v0, float v1, uint* lo)
{
    const uint hi = pack_f16x2(v0, v1);
    *lo = pack_f16x2(v0 - f16x2_part(hi, 0), v1 - f16x2_part(hi, 1));
    return hi;
}

// Bytes b0, b1 as the f16 pair (b0, b1), exactly: 0x6400 | b is the f16 1024 + b.
#ifdef NV_MMA
inline uint bytes_f16x2(uint b0, uint b1)
{
    uint d;
    asm("sub.rn.f16x2 %0, %1, %2;" : "=r"(d) : "r"(0x64006400u | b0 | (b1 << 16)), "r"(0x64006400u));
    return d;
}
#else
inline uint bytes_f16x2(uint b0, uint b1)
{
    return pack_f16x2((float)b0, (float)b1);
}
#endif

// Four 8x8 matrices of f16, each transposed across a warp (PTX movmatrix.m8n8.trans.b16): lane
// 4 g + t holds (row g, cols 2t, 2t+1) of each and gets (row g, cols 2t, 2t+1) of its transpose,
// i.e. (rows 2t, 2t+1, col g); `scratch` (4 x 32 words per warp, emulation only) and `lane` as for
// mma_16x8x16. Four at once: one exchange through local memory when emulated.
#ifdef NV_MMA
inline uint4 transpose_8x8_f16(uint4 v, __local uint* scratch, int lane)
{
    uint4 d;
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d.x) : "r"(v.x));
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d.y) : "r"(v.y));
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d.z) : "r"(v.z));
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d.w) : "r"(v.w));
    return d;
}
#else
inline uint4 transpose_8x8_f16(uint4 v, __local uint* scratch, int lane)
{
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous exchange's reads are done
    vstore4(v, lane, scratch);
    barrier(CLK_LOCAL_MEM_FENCE);
    // (row r, col c) of a matrix: lane 4 r + c / 2, half c & 1.
    const int g = lane >> 2, t = lane & 3, shift = 16 * (g & 1);
    const uint4 upper = vload4(8 * t + g / 2, scratch), lower = vload4(8 * t + 4 + g / 2, scratch);
    return ((upper >> shift) & 0xffffu) | (((lower >> shift) & 0xffffu) << 16);
}
#endif

// For the loops around products: unrolled on NVIDIA, where the fragments stay in registers; not
// where emulated, where each unrolled copy brings a product's barriers (PoCL built the tensor
// tests' kernels from cold caches in 850 s unrolled, 61 s as loops).
#ifdef NV_MMA
#  define MMA_PRODUCTS_UNROLL UNROLL
#else
#  define MMA_PRODUCTS_UNROLL _Pragma("unroll 1")
#endif

// c += A B on a warp's fragments; `scratch` (6 x 32 words per warp, emulation only) and `lane`.
#ifdef NV_MMA
#  define MMA_SCRATCH_WORDS 0
inline void mma_16x8x16(float* c, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, __local uint* scratch, int lane)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}
#else
#  define MMA_SCRATCH_WORDS (6 * 32)
inline void mma_16x8x16(float* c, uint a0, uint a1, uint a2, uint a3, uint b0, uint b1, __local uint* scratch, int lane)
{
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous product's reads are done
    __local uint* mine = scratch + 6 * lane;
    mine[0] = a0; mine[1] = a1; mine[2] = a2; mine[3] = a3; mine[4] = b0; mine[5] = b1;
    barrier(CLK_LOCAL_MEM_FENCE);
    // This lane's two rows of A (g, g + 8) and two columns of B (2t, 2t + 1), each read and
    // converted once: oclgrind runs the tests' tensor cases unoptimised, where the conversions
    // cost most. An f16 product is exact in f32, so every sum is the instruction's.
    const int g = lane >> 2, t = lane & 3;
    float a[2][16], b[2][16];
    for (int kp = 0; kp < 8; ++kp)
    {
        const int q = kp & 3, hi_k = kp >> 2;
        for (int i = 0; i < 2; ++i)
        {
            const uint aw = scratch[6 * (g * 4 + q) + i + 2 * hi_k];
            const uint bw = scratch[6 * ((2 * t + i) * 4 + q) + 4 + hi_k];
            a[i][2 * kp] = f16x2_part(aw, 0);
            a[i][2 * kp + 1] = f16x2_part(aw, 1);
            b[i][2 * kp] = f16x2_part(bw, 0);
            b[i][2 * kp + 1] = f16x2_part(bw, 1);
        }
    }
    for (int e = 0; e < 4; ++e)
    {
        float acc = c[e];
        for (int k = 0; k < 16; ++k)
            acc += a[e >> 1][k] * b[e & 1][k];
        c[e] = acc;
    }
}
#endif
