// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.

// libFuzzer target over the parameter space of the soak test (test/reliability_cases.hpp): the
// fuzzer's input chooses the function and every parameter of the call (size, type, ROIs, in place,
// kernel sizes, anchor, border, coefficients kind, weights); the whole input seeds the pixel data.
// A call that departs from cv:: (a result, an error where cv:: returns or the reverse, a write
// outside the destination) aborts with the case. Build and run: docs/TESTING.md.

#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/gpuconv.hpp>

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <sys/stat.h>

#include "reliability_cases.hpp"

namespace {

/** randomCase()'s generator, drawing from the fuzzer's input (zeros once it is used up). */
struct InputRng
{
    FuzzedDataProvider& input;
    int uniform(int a, int b) { return b - 1 <= a ? a : input.ConsumeIntegralInRange<int>(a, b - 1); }
    double uniform(double a, double b) { return a + (b - a) * input.ConsumeProbability<double>(); }
};

/** libFuzzer's -artifact_prefix (empty: the working directory), read by LLVMFuzzerInitialize. */
std::string artifactPrefix;
/** GPUCONV_FUZZ_SCALE (default 1): randomCase's sizeScale, as GPUCONV_SOAK_SCALE is the soak's.
    Larger images reach the plans of many tiles; on a GPU the reference on the CPU bounds the
    rate, not gpuconv. */
int sizeScale = 1;
/** GPUCONV_FUZZ_PALETTE=wide: randomCase's wide palette (every type, kernels of any size). */
bool widePalette = false;
/** Whether libFuzzer was given input files to run (a replay) rather than a corpus directory: each
    case is then printed, so that a replay of an input that passes says what it ran. */
bool replaying = false;

/** FNV-1a of the whole input. */
uint64_t inputHash(const uint8_t* data, size_t size)
{
    uint64_t hash = 14695981039346656037ull;
    for (size_t i = 0; i < size; ++i)
        hash = (hash ^ data[i]) * 1099511628211ull;
    return hash;
}

/** Writes the input as <artifact prefix>crash-<hash>, where libFuzzer would. PoCL's kernel
    compiler, LLVM, takes SIGABRT over from libFuzzer (its handler is the one in place once OpenCL
    is initialised), so an abort ends the process without libFuzzer writing it. */
void writeInput(const uint8_t* data, size_t size)
{
    char name[40];
    std::snprintf(name, sizeof(name), "crash-%016llx", (unsigned long long)inputHash(data, size));
    const std::string path = artifactPrefix + name;
    if (FILE* f = std::fopen(path.c_str(), "wb"))
    {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
        std::fprintf(stderr, "gpuconv_fuzz: input written to %s (replay: gpuconv_fuzz %s)\n", path.c_str(),
                     path.c_str());
    }
    else
        std::fprintf(stderr, "gpuconv_fuzz: cannot write %s\n", path.c_str());
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    static const char flag[] = "-artifact_prefix=";
    for (int i = 1; i < *argc; ++i)
    {
        const char* arg = (*argv)[i];
        struct stat file;
        if (std::strncmp(arg, flag, sizeof(flag) - 1) == 0)
            artifactPrefix = arg + sizeof(flag) - 1;
        else if (arg[0] != '-' && stat(arg, &file) == 0 && S_ISREG(file.st_mode))
            replaying = true;
    }
    if (const char* scale = std::getenv("GPUCONV_FUZZ_SCALE"))
        sizeScale = std::max(1, std::atoi(scale));
    widePalette = gpuconv_test::widePaletteAsked("GPUCONV_FUZZ_PALETTE");
    // As the tests run: fallbacks to cv:: are errors, PoCL on the CPU unless told otherwise.
    setenv("OPENCV_GPUCONV_FALLBACK", "0", 1);
    setenv("OPENCV_OPENCL_DEVICE", ":CPU:", 0);
    if (!cv::ocl::useOpenCL())
    {
        std::fprintf(stderr, "gpuconv_fuzz: no usable OpenCL device (set OPENCV_OPENCL_DEVICE)\n");
        std::exit(1);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuconv_test;
    FuzzedDataProvider input(data, size);
    InputRng rng{ input };
    const int fn = rng.uniform(0, (int)FN_COUNT);
    Case c = randomCase(rng, fn, sizeScale, widePalette);
    // Keep single inputs fast: the fuzzer's value is in many calls.
    c.size.width = std::min(c.size.width, 96 * sizeScale);
    c.size.height = std::min(c.size.height, 64 * sizeScale);
    // The pixels follow from every byte, so that inputs which choose the same case before running
    // out still differ in their data (cv::RNG takes any state but 0).
    cv::RNG pixels(inputHash(data, size) | 1);
    const ::testing::AssertionResult result = runCase(c, pixels);
    if (!result)
    {
        std::fprintf(stderr, "gpuconv_fuzz: %s\n", result.message());
        writeInput(data, size);
        std::abort();
    }
    if (replaying)
        std::fprintf(stderr, "gpuconv_fuzz: %s: as cv::\n", describe(c).c_str());
    return 0;
}
