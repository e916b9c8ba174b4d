// Launches one of gpuconv's kernels from the PTX that NVIDIA's OpenCL compiler made of it, through
// the CUDA driver API: Nsight Compute does not see OpenCL launches ("No kernels were profiled"), a
// CUDA launch of the same machine code it profiles. Built and run on the GPU machine by
// profile.sh; prints the median device time of the launches.
//
// usage: ptxprof PTX WIDTH HEIGHT filter2d PIXEL_BYTES KW KH PX PY [LAUNCHES]
//        ptxprof PTX WIDTH HEIGHT integral_tilted TILE [LAUNCHES]
//        ptxprof PTX WIDTH HEIGHT integral_tiles TILE SEGMENTS SQSUM [LAUNCHES]
//        ptxprof PTX WIDTH HEIGHT sep_filter2d_fused PIXEL_BYTES BUF_BYTES KX KY COL_STRIP TILE_W GROUP_H [LAUNCHES]
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
//   sep_filter2d_fused (opencl/sep_filter2d.cl, the tiled single pass built for its lengths,
//                FIXED_KX and FIXED_KY, with float coefficients and delta): PIXEL_BYTES bytes per
//                source pixel (= destination pixel), BUF_BYTES per row-filtered pixel, KX KY the
//                lengths, COL_STRIP its -D option; TILE_W x GROUP_H the work-group (the plan's
//                choice, which the build options do not hold), the local pitches from
//                src/sep_tile_layout.hpp, as the plan takes them. Whole image, centred anchors, symmetric
//                box-like weights, delta 0, BORDER_REFLECT_101, word loads allowed. The kernel's
//                __local arguments become offsets into one static shared array
//                (patchSharedParams).
#include <cuda.h>

#include "../../src/sep_tile_layout.hpp"

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

/** `ptx` with each `.ptr .shared` parameter of `entry` (an OpenCL __local argument) read as the
    address of `offsets[k]` bytes into one static shared array of `bytes`, the k-th such parameter;
    false where the PTX does not have as many. */
bool patchSharedParams(std::string& ptx, const std::string& entry, const std::vector<size_t>& offsets, size_t bytes)
{
    const size_t at = ptx.find(".entry " + entry + "(");
    if (at == std::string::npos)
        return false;
    const size_t close = ptx.find(')', at);
    std::vector<std::string> names;
    for (size_t p = ptx.find(".param", at); p < close; p = ptx.find(".param", p + 1))
    {
        const size_t end = std::min(ptx.find_first_of(",)", p), close);
        std::string declaration = ptx.substr(p, end - p);
        declaration.erase(declaration.find_last_not_of(" \t\r\n") + 1);
        if (declaration.find(".ptr .shared") != std::string::npos)
            names.push_back(declaration.substr(declaration.find_last_of(" \t") + 1));
    }
    if (names.size() != offsets.size())
        return false;
    // The parameters stay (the launch's argument layout), as plain values. The driver refused the
    // module ("device kernel image is invalid", an empty JIT log; ptxas of CUDA 13.0 took it) until
    // no entry of it declared a shared-memory pointer parameter (keepOnlyEntry as well).
    for (size_t p = ptx.find(".ptr .shared", at); p < ptx.find(')', at); p = ptx.find(".ptr .shared", p))
        ptx.erase(p, ptx.find_first_of(" \t", ptx.find(".align", p) + 7) + 1 - p);
    for (size_t k = 0; k < names.size(); ++k)
    {
        const std::string ref = "[" + names[k] + "]";
        for (size_t use = ptx.find(ref, ptx.find(')', at)); use != std::string::npos; use = ptx.find(ref, use))
        {
            const size_t lineStart = ptx.rfind('\n', use) + 1, lineEnd = ptx.find('\n', use);
            const std::string line = ptx.substr(lineStart, lineEnd - lineStart);
            const size_t ld = line.find("ld.param.u");
            if (ld == std::string::npos)
                return false;
            const std::string width = line.substr(ld + 9, 3);  // u32 or u64
            const size_t reg = line.find('%'), comma = line.find(',', reg);
            const std::string mov = "\tmov." + width + " " + line.substr(reg, comma - reg) +
                                    ", gpuconv_local_arguments+" + std::to_string(offsets[k]) + ";";
            ptx.replace(lineStart, lineEnd - lineStart, mov);
            use = lineStart + mov.size();
        }
    }
    const size_t entryLine = ptx.rfind('\n', at) + 1;
    ptx.insert(entryLine, ".shared .align 16 .b8 gpuconv_local_arguments[" + std::to_string(bytes) + "];\n");
    return true;
}

/** `ptx` without its entries but `entry` (each up to the next one): the other entries of
    sep_filter2d_fused's program take __local arguments too, which a CUDA module cannot declare
    (patchSharedParams). */
void keepOnlyEntry(std::string& ptx, const std::string& entry)
{
    std::vector<size_t> starts;
    for (size_t p = ptx.find("\n.entry "); p != std::string::npos; p = ptx.find("\n.entry ", p + 1))
        starts.push_back(p + 1);
    std::string kept = ptx.substr(0, starts.empty() ? ptx.size() : starts[0]);
    for (size_t i = 0; i < starts.size(); ++i)
        if (ptx.compare(starts[i], 7 + entry.size() + 1, ".entry " + entry + "(") == 0)
            kept += ptx.substr(starts[i], (i + 1 < starts.size() ? starts[i + 1] : ptx.size()) - starts[i]);
    ptx = kept;
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
    char log[4096] = "";
    CUjit_option options[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
    void* values[] = { log, (void*)(size_t)sizeof(log) };
    const CUresult jit = cuModuleLoadDataEx(&module, ptx.c_str(), 2, options, values);
    if (jit != CUDA_SUCCESS)
    {
        const char* error = "?";
        cuGetErrorString(jit, &error);
        std::fprintf(stderr, "ptxprof: the driver did not load the PTX: %s; %s\n", error, log);
        std::exit(1);
    }
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

int profileSepFused(std::string ptx, int width, int height, int argc, char** argv)
{
    if (argc < 12)
    {
        std::fprintf(stderr, "usage: ptxprof PTX WIDTH HEIGHT sep_filter2d_fused PIXEL_BYTES BUF_BYTES KX KY "
                             "COL_STRIP TILE_W GROUP_H [LAUNCHES]\n");
        return 2;
    }
    const int pixelBytes = std::atoi(argv[5]), bufBytes = std::atoi(argv[6]);
    int kx = std::atoi(argv[7]), ky = std::atoi(argv[8]);
    const int colStrip = std::atoi(argv[9]), tileW = std::atoi(argv[10]), groupH = std::atoi(argv[11]);
    const int launches = argc > 12 ? std::max(1, std::atoi(argv[12])) : 5;
    const int tileH = groupH * colStrip, rowsH = tileH + ky - 1, srcW = tileW + kx - 1;
    int srcPitch = (int)cv::gpuconv::detail::sourceTilePitch(srcW, pixelBytes);
    int rowPitch = (int)cv::gpuconv::detail::bankSpreadPitch(tileW, bufBytes);
    const size_t srcTileBytes = (size_t)srcPitch * rowsH * pixelBytes, rowTileBytes = (size_t)rowPitch * rowsH * bufBytes;
    const size_t rowTileAt = (srcTileBytes + 127) / 128 * 128;
    // src, step, offset, whole size, border, ROI origin; row weights, length, anchor, symmetry;
    // dst, step, offset, rows, cols; column weights, length, anchor, symmetry; delta; the pitches,
    // words_ok; the two tiles.
    const int params = entryParams(ptx, "sep_filter2d_fused");
    const unsigned shared = (unsigned)(rowTileAt + rowTileBytes);
    keepOnlyEntry(ptx, "sep_filter2d_fused");
    if (params != 27 || !patchSharedParams(ptx, "sep_filter2d_fused", { 0, rowTileAt }, shared))
    {
        std::fprintf(stderr, "ptxprof: unexpected sep_filter2d_fused signature (%d parameters)\n", params);
        return 1;
    }
    const Loaded kernel = load(ptx, "sep_filter2d_fused");
    const size_t bytes = (size_t)width * height * pixelBytes;
    CUdeviceptr src = allocate(bytes, true), dst = allocate(bytes, false);
    int step = width * pixelBytes, zero = 0, cols = width, rows = height, border = 4;
    int anchorX = kx / 2, anchorY = ky / 2, symmetric = 1, wordsOk = 1;
    float delta = 0.f;
    unsigned long long unused = 0;  // the patched tiles' parameters, no longer read
    std::vector<float> wx(kx, 1.0f / kx), wy(ky, 1.0f / ky);
    void* args[27] = {&src,      &step,     &zero,    &cols,  &rows,      &border,   &zero,    &zero,      wx.data(),
                      &kx,       &anchorX,  &symmetric, &dst, &step,      &zero,     &rows,    &cols,      wy.data(),
                      &ky,       &anchorY,  &symmetric, &delta, &srcPitch, &rowPitch, &wordsOk, &unused,   &unused};
    const unsigned groupsX = (width + tileW - 1) / tileW, groupsY = (height + tileH - 1) / tileH;
    const auto us = timeLaunches(kernel.function, groupsX, groupsY, tileW, groupH, launches,
                                 [&](int) { return args; });
    std::printf("%dx%d, %d bytes per pixel, %d x %d taps: groups %u x %u of %d x %d, %u bytes of local memory, "
                "%d registers; median of %d launches %.1f us (fastest %.1f)\n",
                width, height, pixelBytes, kx, ky, groupsX, groupsY, tileW, groupH, shared, kernel.registers,
                launches, us.first, us.second);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 5)
    {
        std::fprintf(stderr, "usage: ptxprof PTX WIDTH HEIGHT filter2d|integral_tilted|integral_tiles|sep_filter2d_fused ARGS... [LAUNCHES]\n");
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
    if (entry == "sep_filter2d_fused")
        return profileSepFused(ptx, width, height, argc, argv);
    std::fprintf(stderr, "ptxprof: no launch written for %s\n", entry.c_str());
    return 2;
}
