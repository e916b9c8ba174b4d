// Which totals of two __local kernel arguments does the device launch? For first-buffer sizes a,
// the largest second-buffer size b that enqueues (binary search), with 1 and 2 local args.
#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <cstdio>
static const char* src =
  "__kernel void two(__local uchar* a, __local uchar* b, int na, int nb, __global int* out)\n"
  "{ int i = get_local_id(0); if (i < na) a[i] = (uchar)i; if (i < nb) b[i] = (uchar)i; barrier(CLK_LOCAL_MEM_FENCE);\n"
  "  if (i == 0) out[get_group_id(0)] = a[na - 1] + b[nb - 1]; }\n"
  "__kernel void one(__local uchar* a, int na, __global int* out)\n"
  "{ int i = get_local_id(0); if (i < na) a[i] = (uchar)i; barrier(CLK_LOCAL_MEM_FENCE);\n"
  "  if (i == 0) out[get_group_id(0)] = a[na - 1]; }\n";
int main()
{
    cv::ocl::Device d = cv::ocl::Device::getDefault();
    std::printf("device %s, local mem %zu\n", d.name().c_str(), d.localMemSize());
    cv::ocl::ProgramSource ps(src);
    cv::UMat out(1, 64, CV_32S);
    size_t g[1] = { 256 }, l[1] = { 256 };
    auto runOne = [&](size_t na) {
        cv::ocl::Kernel k("one", ps, "");
        k.args(cv::ocl::KernelArg::Local(na), (int)na, cv::ocl::KernelArg::PtrWriteOnly(out));
        return k.run(1, g, l, true);
    };
    auto runTwo = [&](size_t na, size_t nb) {
        cv::ocl::Kernel k("two", ps, "");
        k.args(cv::ocl::KernelArg::Local(na), cv::ocl::KernelArg::Local(nb), (int)na, (int)nb, cv::ocl::KernelArg::PtrWriteOnly(out));
        return k.run(1, g, l, true);
    };
    {
        cv::ocl::Kernel k("two", ps, "");
        std::printf("two: work-group size %zu, own local %zu\n", k.workGroupSize(), k.localMemSize());
    }
    size_t lo = 1, hi = 1 << 20;
    while (lo + 1 < hi) { size_t m = (lo + hi) / 2; (runOne(m) ? lo : hi) = m; }
    std::printf("one buffer: largest %zu\n", lo);
    for (size_t a : { 1, 4, 8, 12, 16, 24, 32, 64, 100, 128, 30360, 30364, 30368, 30376, 30384, 30400, 30416, 30464 })
    {
        size_t blo = 0, bhi = 1 << 20;
        while (blo + 1 < bhi) { size_t m = (blo + bhi) / 2; (runTwo(a, m) ? blo : bhi) = m; }
        std::printf("a %zu: largest b %zu, total %zu\n", a, blo, a + blo);
    }
    return 0;
}
