// Launches gpuconv's filter2d kernel from the PTX that NVIDIA's OpenCL compiler made of it, through
// the CUDA driver API: Nsight Compute does not see OpenCL launches ("No kernels were profiled"), a
// CUDA launch of the same machine code it profiles. Built and run on the GPU machine by
// profile.sh; prints the median device time of the launches.
//
// usage: ptxprof PTX WIDTH HEIGHT PIXEL_BYTES KW KH PX PY [LAUNCHES]
//   PTX          the program's PTX (extract_ptx.py); the entry must be filter2d (opencl/filter2d.cl)
//   PIXEL_BYTES  bytes per source pixel (= destination pixel: ddepth -1)
//   KW KH PX PY  the variant's kernel size and pixels per work item (its -D options)
// The work-group shape is the PTX's .reqntid (reqd_work_group_size); the image is whole (no ROI),
// the anchor the kernel's centre, the weights 1 / (KW * KH), delta 0.
#include <cuda.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(call)                                                              \
    do {                                                                         \
        CUresult r_ = (call);                                                    \
        if (r_ != CUDA_SUCCESS)                                                  \
        {                                                                        \
            const char* s_ = "?";                                                \
            cuGetErrorString(r_, &s_);                                           \
            std::fprintf(stderr, "ptxprof: %s: %s\n", #call, s_);                \
            std::exit(1);                                                        \
        }                                                                        \
    } while (0)

int main(int argc, char** argv)
{
    if (argc < 9)
    {
        std::fprintf(stderr, "usage: ptxprof PTX WIDTH HEIGHT PIXEL_BYTES KW KH PX PY [LAUNCHES]\n");
        return 2;
    }
    std::ifstream file(argv[1]);
    std::stringstream text;
    text << file.rdbuf();
    std::string ptx = text.str();
    const int width = std::atoi(argv[2]), height = std::atoi(argv[3]), pixelBytes = std::atoi(argv[4]);
    const int kw = std::atoi(argv[5]), kh = std::atoi(argv[6]), px = std::atoi(argv[7]), py = std::atoi(argv[8]);
    const int launches = argc > 9 ? std::max(1, std::atoi(argv[9])) : 5;

    // NVIDIA's OpenCL passes the NDRange's global offset in %envreg0..2, which a CUDA launch leaves
    // undefined; the NDRanges here start at 0.
    for (size_t p = ptx.find("%envreg"); p != std::string::npos; p = ptx.find("%envreg", p))
        ptx.replace(p, 8, "0");
    const size_t entry = ptx.find(".entry filter2d(");
    if (entry == std::string::npos)
    {
        std::fprintf(stderr, "ptxprof: no filter2d entry in %s\n", argv[1]);
        return 1;
    }
    int params = 0;
    const size_t close = ptx.find(')', entry);
    for (size_t p = ptx.find(".param", entry); p < close; p = ptx.find(".param", p + 1))
        ++params;
    int lx = 0, ly = 0, lz = 0;
    const size_t reqntid = ptx.find(".reqntid", entry);
    if (reqntid != std::string::npos)
        std::sscanf(ptx.c_str() + reqntid, ".reqntid %d, %d, %d", &lx, &ly, &lz);
    // src, its step, offset, whole size, border rule, ROI origin; dst, its step, offset, rows,
    // cols; anchor; delta; the weights by value (WEIGHTS_BY_VALUE: small kernels, which these are).
    if (params != 17 || lx <= 0 || ly <= 0)
    {
        std::fprintf(stderr, "ptxprof: unexpected filter2d signature (%d parameters, .reqntid %d %d)\n",
                     params, lx, ly);
        return 1;
    }

    CUdevice device;
    CUcontext context;
    CUmodule module;
    CUfunction function;
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&device, 0));
    CHECK(cuDevicePrimaryCtxRetain(&context, device));
    CHECK(cuCtxSetCurrent(context));
    CHECK(cuModuleLoadData(&module, ptx.c_str()));
    CHECK(cuModuleGetFunction(&function, module, "filter2d"));
    int registers = 0;
    CHECK(cuFuncGetAttribute(&registers, CU_FUNC_ATTRIBUTE_NUM_REGS, function));

    const size_t bytes = (size_t)width * height * pixelBytes;
    CUdeviceptr src, dst;
    CHECK(cuMemAlloc(&src, bytes));
    CHECK(cuMemAlloc(&dst, bytes));
    std::vector<unsigned char> host(bytes);
    for (size_t i = 0; i < bytes; ++i)
        host[i] = (unsigned char)((i * 2654435761u) >> 24);  // finite as floats too
    CHECK(cuMemcpyHtoD(src, host.data(), bytes));

    int step = width * pixelBytes, zero = 0, anchorX = kw / 2, anchorY = kh / 2;
    int cols = width, rows = height, border = 4;  // BORDER_REFLECT_101, the benchmark's rule
    float delta = 0.f;
    std::vector<float> weights((size_t)kw * kh, 1.0f / (kw * kh));
    void* args[17] = {&src,  &step, &zero, &cols, &rows,    &border,  &zero,  &zero,         &dst,
                      &step, &zero, &rows, &cols, &anchorX, &anchorY, &delta, weights.data()};
    const unsigned groupsX = (width + lx * px - 1) / (lx * px), groupsY = (height + ly * py - 1) / (ly * py);

    CUevent start, stop;
    CHECK(cuEventCreate(&start, 0));
    CHECK(cuEventCreate(&stop, 0));
    std::vector<float> us;
    for (int i = 0; i < launches; ++i)
    {
        CHECK(cuEventRecord(start, 0));
        CHECK(cuLaunchKernel(function, groupsX, groupsY, 1, lx, ly, 1, 0, 0, args, nullptr));
        CHECK(cuEventRecord(stop, 0));
        CHECK(cuEventSynchronize(stop));
        float ms = 0;
        CHECK(cuEventElapsedTime(&ms, start, stop));
        us.push_back(ms * 1000);
    }
    std::sort(us.begin(), us.end());
    std::printf("%dx%d, %d bytes per pixel, kernel %dx%d: groups %u x %u of %d x %d, %d registers; "
                "median of %d launches %.1f us (fastest %.1f)\n",
                width, height, pixelBytes, kw, kh, groupsX, groupsY, lx, ly, registers, launches,
                us[us.size() / 2], us[0]);
    return 0;
}
