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

// The identity conversion, named by the host where source and target types agree.
#define noconvert(x) (x)

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

#if defined(ALIGNED) && VEC > 1
#  define GLOBAL_VLOAD(vtype, ptr) (*(__global const vtype*)(ptr))
#  define GLOBAL_VSTORE(vtype, value, ptr) (*(__global vtype*)(ptr) = (value))
#else
#  define GLOBAL_VLOAD(vtype, ptr) VLOAD(ptr)
#  define GLOBAL_VSTORE(vtype, value, ptr) VSTORE(value, ptr)
#endif
