// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// Loads and stores of VEC consecutive elements (VEC = 1, 2, 4, 8 or 16, a build option).
// VLOAD/VSTORE work at any element alignment and in any address space; with ALIGNED the host has
// checked that global rows start on vector boundaries, and GLOBAL_VLOAD/GLOBAL_VSTORE become
// plain vector accesses, which compilers turn into single wide memory transactions.

// Addressing: every buffer a kernel receives is under INT_MAX bytes (the host's
// checkDeviceArrays declines larger arrays), so byte offsets within a buffer are computed in 32-bit
// ints and added to the buffer's pointer once. 64-bit row arithmetic (a wide multiply, a sign
// extension and a 64-bit add per row or pixel) cost several integer instructions per row on an H100
// (docs/PERFORMANCE.md, "Every case at commit 978bb80"). Buffer starts are aligned for any type.

// Remainders: where an index is split into quotient and remainder, the remainder is written
// x - q * d from the quotient rather than x % d. LLVM rewrites a `/` and `%` of the same operands
// through `freeze`, an instruction oclgrind 21.10's uninitialised-value check stops on; kernels
// holding one are checked unoptimised instead, several times slower (scripts/oclgrind.sh).

// NO_DOUBLES (the host's tests of devices without double precision, on a device with it): any use of
// double fails the build, as it would there. clang's pragma, which PoCL and oclgrind take.
#ifdef NO_DOUBLES
#pragma GCC poison double double2 double3 double4 double8 double16
#endif

// The identity conversion, named by the host where source and target types agree.
#define noconvert(x) (x)

// UNROLL before a loop whose trip count is known at build time unrolls it fully on GPUs, where only
// then do private arrays indexed by its counter live in registers. On a CPU device (the host's
// ROLLED_LOOPS) the loop stays as written: the result is the same, and PoCL's builds take far
// longer unrolled (scripts/test.sh from cold caches on two cores: 846 s unrolled, 627 s as loops;
// sepFilter2D's type tests 256 s and 84 s of it).
#ifdef ROLLED_LOOPS
#  define UNROLL
#else
#  define UNROLL _Pragma("unroll")
#endif

#define GPUCONV_CAT_(a, b) a##b
#define GPUCONV_CAT(a, b) GPUCONV_CAT_(a, b)

#if VEC == 1
#  define VLOAD(ptr) (*(ptr))
#  define VSTORE(value, ptr) (*(ptr) = (value))
#else
#  define VLOAD(ptr) GPUCONV_CAT(vload, VEC)(0, ptr)
#  define VSTORE(value, ptr) GPUCONV_CAT(vstore, VEC)(value, 0, ptr)
#endif

// Whether `ptr` lies on a boundary of `bytes` (a power of two), for kernels that test at run time
// whether a whole vector may be accessed there.
#define ON_BOUNDARY(ptr, bytes) (((size_t)(ptr) & ((bytes) - 1)) == 0)

// STORE_RESULT(vtype, value, ptr) stores a result that no work item of the launch reads again, at
// a global address aligned for vtype. With EVICT_FIRST_STORES (NVIDIA's GPUs, where the host's plan
// says so) values of 4, 8 and 16 bytes leave as PTX st.global.cs, whose lines the caches evict
// first: calls of the integral back to back took up to a quarter less time with them, over one
// image or over several in turn (docs/PERFORMANCE.md, integral, "Sums stored evict-first").
#ifdef EVICT_FIRST_STORES
inline void store_evict_first_b32(__global void* p, uint v)
{
    asm volatile("st.global.cs.b32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
inline void store_evict_first_b64(__global void* p, ulong v)
{
    asm volatile("st.global.cs.b64 [%0], %1;" :: "l"(p), "l"(v) : "memory");
}
inline void store_evict_first_v4b32(__global void* p, uint4 v)
{
    asm volatile("st.global.cs.v4.b32 [%0], {%1, %2, %3, %4};" :: "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
                 : "memory");
}
#  define STORE_RESULT(vtype, value, ptr)                                                        \
    do {                                                                                        \
        vtype v_ = (value);                                                                     \
        if (sizeof(vtype) == 16)                                                                \
            store_evict_first_v4b32((__global void*)(ptr), *(uint4*)&v_);                       \
        else if (sizeof(vtype) == 8)                                                            \
            store_evict_first_b64((__global void*)(ptr), *(ulong*)&v_);                         \
        else if (sizeof(vtype) == 4)                                                            \
            store_evict_first_b32((__global void*)(ptr), *(uint*)&v_);                          \
        else                                                                                    \
            *(__global vtype*)(ptr) = v_;                                                       \
    } while (0)
#else
#  define STORE_RESULT(vtype, value, ptr) (*(__global vtype*)(ptr) = (value))
#endif

// GLOBAL_VSTORE(t1, value, ptr): VEC elements of type t1, a result (STORE_RESULT) where they are one
// scalar or, with ALIGNED, one vector.
#if defined(ALIGNED) && VEC > 1
#  define GLOBAL_VLOAD(vtype, ptr) (*(__global const vtype*)(ptr))
#  define GLOBAL_VSTORE(t1, value, ptr) STORE_RESULT(GPUCONV_CAT(t1, VEC), value, ptr)
#else
#  define GLOBAL_VLOAD(vtype, ptr) VLOAD(ptr)
#  if VEC == 1
#    define GLOBAL_VSTORE(t1, value, ptr) STORE_RESULT(t1, value, ptr)
#  else
#    define GLOBAL_VSTORE(t1, value, ptr) VSTORE(value, ptr)
#  endif
#endif
