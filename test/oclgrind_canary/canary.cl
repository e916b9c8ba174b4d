// Kernels with one deliberate defect each. scripts/oclgrind.sh runs them first and requires that
// oclgrind reports each defect, so that a clean run of the reduced suite means the checks were on.

__kernel void uninitialized_read(__global int* dst)
{
    int value[2];
    value[0] = 1;
    dst[0] = value[get_global_id(0) + 1];
}

__kernel void out_of_bounds_read(__global const int* src, __global int* dst)
{
    dst[0] = src[get_global_id(0) + 4];
}

__kernel void data_race(__global int* dst)
{
    dst[0] = (int)get_global_id(0);
}

__kernel void uninitialized_local_read(__global int* dst)
{
    __local int tile[2];
    tile[0] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[0] = tile[get_global_id(0) + 1];
}
