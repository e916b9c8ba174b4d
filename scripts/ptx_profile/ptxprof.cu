// Launches one of gpuconv's kernels from the PTX that NVIDIA's OpenCL compiler made of it, through
// the CUDA driver API: Nsight Compute does not see OpenCL launches ("No kernels were profiled"), a
// CUDA launch of the same machine code it profiles. Built and run on the GPU machine by
// profile.sh; prints the median device time of the launches.
//
// usage: ptxprof PTX WIDTH HEIGHT filter2d PIXEL_BYTES KW KH PX PY [LAUNCHES]
//        ptxprof PTX WIDTH HEIGHT integral_tilted TILE [LAUNCHES]
//        ptxprof PTX WIDTH HEIGHT integral_tiles TILE SEGMENTS SQSUM [LAUNCHES]
//   PTX          the program's PTX (extract_ptx.py), whose entry the fourth argument names
//   filter2d (opencl/filter2d.cl): PIXEL_BYTES bytes per source pixel (= destination pixel:
//                ddepth -1); KW KH PX PY the variant's kernel size and pixels per work item (its -D
//                options). The work-group shape is the PTX's .reqntid (reqd_work_group_size); the
//                image is whole (no ROI), the anchor the kernel's centre, the weights 1 / (KW * KH),
//                delta 0.
//   integral_tilted (opencl/integral.cl, a one-channel 8-bit source with 4-byte sums): TILE its
//                tile width (-D TILE); work-groups of 4 TILE items, as src/plan.cpp plans them. The
//                upright sum it reads is zero (its values only enter additions), the look-back's
//                words start cleared and every launch takes the next epoch, as the host's do.
//   integral_tiles (the single pass of opencl/integral.cl for a one-channel 8-bit source, 4-byte
//                sums and, with SQSUM 1, 8-byte squared sums): TILE, SEGMENTS its -D options;
//                work-groups of TILE x SEGMENTS items, one per tile; look-back words and epochs as
//                for integral_tilted.
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

namespace {

/** The PTX at `path` with every %envreg0..9 read as 0. NVIDIA's OpenCL passes launch values there
    that a CUDA launch leaves undefined: the NDRange's global offset in %envreg0..2 (the NDRanges
    here start at 0) and the group count in %envreg6 (read by the integral kernels' ticket, which
    their launches below reset themselves). */
std::string readPtx(const char* path)
{
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    std::string ptx = text.str();
    for (size_t p = ptx.find("%envreg"); p != std::string::npos; p = ptx.find("%envreg", p))
        ptx.replace(p, 8, "0");
    return ptx;
}

/** The number of parameters of `entry`, or -1 where the PTX has no such entry. */
int entryParams(const std::string& ptx, const std::string& entry)
{
    const size_t at = ptx.find(".entry " + entry + "(");
    if (at == std::string::npos)
        return -1;
    int params = 0;
    const size_t close = ptx.find(')', at);
    for (size_t p = ptx.find(".param", at); p < close; p = ptx.find(".param", p + 1))
        ++params;
    return params;
}

struct Loaded
{
    CUfunction function;
    int registers;
};

Loaded load(const std::string& ptx, const char* entry)
{
    CUdevice device;
    CUcontext context;
    CUmodule module;
    Loaded loaded;
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&device, 0));
    CHECK(cuDevicePrimaryCtxRetain(&context, device));
    CHECK(cuCtxSetCurrent(context));
    CHECK(cuModuleLoadData(&module, ptx.c_str()));
    CHECK(cuModuleGetFunction(&loaded.function, module, entry));
    CHECK(cuFuncGetAttribute(&loaded.registers, CU_FUNC_ATTRIBUTE_NUM_REGS, loaded.function));
    return loaded;
}

CUdeviceptr allocate(size_t bytes, bool pattern)
{
    CUdeviceptr p;
    CHECK(cuMemAlloc(&p, bytes));
    std::vector<unsigned char> host(bytes);
    for (size_t i = 0; pattern && i < bytes; ++i)
        host[i] = (unsigned char)((i * 2654435761u) >> 24);  // finite as floats too
    CHECK(cuMemcpyHtoD(p, host.data(), bytes));
    return p;
}

/** Median and fastest device time of `launches` launches, in us; before each, prepare(i). */
template <typename Prepare>
std::pair<float, float> timeLaunches(CUfunction function, unsigned groupsX, unsigned groupsY, int lx, int ly,
                                     int launches, Prepare prepare)
{
    CUevent start, stop;
    CHECK(cuEventCreate(&start, 0));
    CHECK(cuEventCreate(&stop, 0));
    std::vector<float> us;
    for (int i = 0; i < launches; ++i)
    {
        void** args = prepare(i);
        CHECK(cuEventRecord(start, 0));
        CHECK(cuLaunchKernel(function, groupsX, groupsY, 1, lx, ly, 1, 0, 0, args, nullptr));
        CHECK(cuEventRecord(stop, 0));
        CHECK(cuEventSynchronize(stop));
        float ms = 0;
        CHECK(cuEventElapsedTime(&ms, start, stop));
        us.push_back(ms * 1000);
    }
    std::sort(us.begin(), us.end());
    return { us[us.size() / 2], us[0] };
}

int profileFilter2d(const std::string& ptx, int width, int height, int argc, char** argv)
{
    if (argc < 10)
    {
        std::fprintf(stderr, "usage: ptxprof PTX WIDTH HEIGHT filter2d PIXEL_BYTES KW KH PX PY [LAUNCHES]\n");
        return 2;
    }
    const int pixelBytes = std::atoi(argv[5]);
    const int kw = std::atoi(argv[6]), kh = std::atoi(argv[7]), px = std::atoi(argv[8]), py = std::atoi(argv[9]);
    const int launches = argc > 10 ? std::max(1, std::atoi(argv[10])) : 5;
    const int params = entryParams(ptx, "filter2d");
    int lx = 0, ly = 0, lz = 0;
    const size_t reqntid = ptx.find(".reqntid", ptx.find(".entry filter2d("));
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
    const Loaded kernel = load(ptx, "filter2d");
    const size_t bytes = (size_t)width * height * pixelBytes;
    CUdeviceptr src = allocate(bytes, true), dst = allocate(bytes, false);
    int step = width * pixelBytes, zero = 0, anchorX = kw / 2, anchorY = kh / 2;
    int cols = width, rows = height, border = 4;  // BORDER_REFLECT_101, the benchmark's rule
    float delta = 0.f;
    std::vector<float> weights((size_t)kw * kh, 1.0f / (kw * kh));
    void* args[17] = {&src,  &step, &zero, &cols, &rows,    &border,  &zero,  &zero,         &dst,
                      &step, &zero, &rows, &cols, &anchorX, &anchorY, &delta, weights.data()};
    const unsigned groupsX = (width + lx * px - 1) / (lx * px), groupsY = (height + ly * py - 1) / (ly * py);
    const auto us = timeLaunches(kernel.function, groupsX, groupsY, lx, ly, launches, [&](int) { return args; });
    std::printf("%dx%d, %d bytes per pixel, kernel %dx%d: groups %u x %u of %d x %d, %d registers; "
                "median of %d launches %.1f us (fastest %.1f)\n",
                width, height, pixelBytes, kw, kh, groupsX, groupsY, lx, ly, kernel.registers, launches,
                us.first, us.second);
    return 0;
}

int profileTilted(const std::string& ptx, int width, int height, int argc, char** argv)
{
    if (argc < 6)
    {
        std::fprintf(stderr, "usage: ptxprof PTX WIDTH HEIGHT integral_tilted TILE [LAUNCHES]\n");
        return 2;
    }
    const int tile = std::atoi(argv[5]), band = tile / 2;
    const int launches = argc > 6 ? std::max(1, std::atoi(argv[6])) : 5;
    // src, its step and offset, rows, cols; the upright sum, its step and offset; dst, its step and
    // offset; the look-back's words, the ticket; tiles per band; the epoch.
    const int params = entryParams(ptx, "integral_tilted");
    if (params != 15 || tile <= 0)
    {
        std::fprintf(stderr, "ptxprof: unexpected integral_tilted signature (%d parameters, tile %d)\n", params, tile);
        return 1;
    }
    const Loaded kernel = load(ptx, "integral_tilted");
    int tilesX = (width + 1 + tile - 1) / tile;  // not const: its address is a launch argument
    const int bands = (height + band - 1) / band;
    const size_t sumBytes = (size_t)(width + 1) * (height + 1) * 4;
    CUdeviceptr src = allocate((size_t)width * height, true), upright = allocate(sumBytes, false);
    CUdeviceptr dst = allocate(sumBytes, false), ticket = allocate(4, false);
    CUdeviceptr carries = allocate((size_t)tilesX * bands * 2 * (tile + 1) * 8, false);
    int srcStep = width, sumStep = (width + 1) * 4, zero = 0, rows = height, cols = width;
    unsigned epoch = 0;
    void* args[15] = {&src, &srcStep, &zero, &rows, &cols, &upright, &sumStep, &zero,
                      &dst, &sumStep, &zero, &carries, &ticket, &tilesX, &epoch};
    const auto us = timeLaunches(kernel.function, (unsigned)(tilesX * bands), 1, 4 * tile, 1, launches, [&](int i) {
        epoch = (unsigned)i + 1;
        // The kernel's last group resets the ticket, knowing itself last from the group count,
        // which NVIDIA's OpenCL passes in %envreg6: readPtx zeroes it, so the counter is reset here
        // (else the next launch's tickets run past the tiles and its look-back waits for ever).
        CHECK(cuMemsetD32(ticket, 0, 1));
        return args;
    });
    std::printf("%dx%d, tilted sum, tiles %d x %d: %d groups of %d, %d registers; "
                "median of %d launches %.1f us (fastest %.1f)\n",
                width, height, band, tile, tilesX * bands, 4 * tile, kernel.registers, launches, us.first, us.second);
    return 0;
}

int profileTiles(const std::string& ptx, int width, int height, int argc, char** argv)
{
    if (argc < 8)
    {
        std::fprintf(stderr, "usage: ptxprof PTX WIDTH HEIGHT integral_tiles TILE SEGMENTS SQSUM [LAUNCHES]\n");
        return 2;
    }
    const int tile = std::atoi(argv[5]), segments = std::atoi(argv[6]);
    const bool sq = std::atoi(argv[7]) != 0;
    const int launches = argc > 8 ? std::max(1, std::atoi(argv[8])) : 5;
    // src, its step and offset, rows, cols; dst, its step and offset; with SQSUM the squared sum's
    // dst, step, offset and look-back words; the look-back words, the ticket; tiles per row; the
    // epoch.
    const int params = entryParams(ptx, "integral_tiles");
    if (params != (sq ? 16 : 12) || tile <= 0 || segments <= 0)
    {
        std::fprintf(stderr, "ptxprof: unexpected integral_tiles signature (%d parameters, tile %d)\n", params, tile);
        return 1;
    }
    const Loaded kernel = load(ptx, "integral_tiles");
    int tilesX = (width + tile - 1) / tile;  // not const: its address is a launch argument
    const int tilesY = (height + tile - 1) / tile;
    const size_t outputs = (size_t)(width + 1) * (height + 1), lanes = (size_t)tilesX * tilesY * 2 * (tile + 1);
    CUdeviceptr src = allocate((size_t)width * height, true), dst = allocate(outputs * 4, false);
    CUdeviceptr sqDst = allocate(sq ? outputs * 8 : 4, false), ticket = allocate(4, false);
    CUdeviceptr carries = allocate(lanes * 8, false), sqCarries = allocate(sq ? lanes * 16 : 8, false);
    int srcStep = width, sumStep = (width + 1) * 4, sqStep = (width + 1) * 8, zero = 0, rows = height, cols = width;
    unsigned epoch = 0;
    std::vector<void*> args = {&src, &srcStep, &zero, &rows, &cols, &dst, &sumStep, &zero};
    if (sq)
        args.insert(args.end(), {&sqDst, &sqStep, &zero, &sqCarries});
    args.insert(args.end(), {&carries, &ticket, &tilesX, &epoch});
    const auto us = timeLaunches(kernel.function, (unsigned)tilesX, (unsigned)tilesY, tile, segments, launches, [&](int i) {
        epoch = (unsigned)i + 1;
        CHECK(cuMemsetD32(ticket, 0, 1));  // as for integral_tilted: the group count is not passed
        return args.data();
    });
    std::printf("%dx%d, sum%s, tiles of %d: %d x %d groups of %d x %d, %d registers; "
                "median of %d launches %.1f us (fastest %.1f)\n",
                width, height, sq ? " and squared sum" : "", tile, tilesX, tilesY, tile, segments, kernel.registers,
                launches, us.first, us.second);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 5)
    {
        std::fprintf(stderr, "usage: ptxprof PTX WIDTH HEIGHT filter2d|integral_tilted|integral_tiles ARGS... [LAUNCHES]\n");
        return 2;
    }
    const std::string ptx = readPtx(argv[1]);
    const int width = std::atoi(argv[2]), height = std::atoi(argv[3]);
    const std::string entry = argv[4];
    if (entryParams(ptx, entry) < 0)
    {
        std::fprintf(stderr, "ptxprof: no %s entry in %s\n", entry.c_str(), argv[1]);
        return 1;
    }
    if (entry == "filter2d")
        return profileFilter2d(ptx, width, height, argc, argv);
    if (entry == "integral_tilted")
        return profileTilted(ptx, width, height, argc, argv);
    if (entry == "integral_tiles")
        return profileTiles(ptx, width, height, argc, argv);
    std::fprintf(stderr, "ptxprof: no launch written for %s\n", entry.c_str());
    return 2;
}
