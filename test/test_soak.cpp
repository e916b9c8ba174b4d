// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"
#include "reliability_cases.hpp"

namespace gpuconv_test {
namespace {

// Randomised soak test: 500 random parameter sets per function (fixed seed, so a failure
// reproduces), each held to cv::'s result or cv::'s refusal by runCase(). GPUCONV_SOAK_CASES
// changes the count per function, GPUCONV_SOAK_SEED the seed, GPUCONV_SOAK_SCALE (default 1) the
// images' sides (randomCase's sizeScale; 16 gives images up to about 4800 x 640 and 1100 x 800),
// GPUCONV_SOAK_ONLY=<index> runs that one case alone, GPUCONV_SOAK_PALETTE=wide draws every type and
// kernel size (randomCase's widePalette);
// fuzz/fuzz_gpuconv.cpp explores the same space for longer runs.

/** The integer setting `name` from the environment, or `fallback` where it is unset. */
int soakSetting(const char* name, int fallback)
{
    const char* v = std::getenv(name);
    return v ? std::atoi(v) : fallback;
}

uint64 soakSeed()
{
    const char* v = std::getenv("GPUCONV_SOAK_SEED");
    return v ? (uint64)std::strtoull(v, nullptr, 0) : 0x50a4ull;
}

typedef ::testing::TestWithParam<int> Soak;

TEST_P(Soak, random_cases_match_cv)
{
    const int fn = GetParam();
    RNG rng(soakSeed() + 7919 * (uint64)fn);
    const int count = std::max(1, soakSetting("GPUCONV_SOAK_CASES", 500));
    const int scale = std::max(1, soakSetting("GPUCONV_SOAK_SCALE", 1));
    const int only = soakSetting("GPUCONV_SOAK_ONLY", -1);
    const bool wide = widePaletteAsked("GPUCONV_SOAK_PALETTE");
    int failures = 0;
    for (int i = 0; i < count && failures < 10; ++i)
    {
        const Case c = randomCase(rng, fn, scale, wide);
        // Each case's data comes from its own generator, so a failing case reruns alone
        // (GPUCONV_SOAK_ONLY=<its index>).
        RNG caseRng(rng.next());
        if (only >= 0 && i != only)
            continue;
        ::testing::AssertionResult r = runCase(c, caseRng);
        if (!r)
        {
            ++failures;
            ADD_FAILURE() << "case " << i << " of " << functionName(fn) << ": " << r.message();
        }
    }
}

INSTANTIATE_TEST_CASE_P(gpuconv, Soak,
                        ::testing::Values((int)FN_ADD_WEIGHTED, (int)FN_SEP_FILTER2D, (int)FN_FILTER2D,
                                          (int)FN_INTEGRAL),
                        [](const ::testing::TestParamInfo<int>& param) { return std::string(functionName(param.param)); });

} // namespace
} // namespace gpuconv_test
