// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"
#include "reliability_cases.hpp"

#include <thread>

namespace gpuconv_test {
namespace {

// Four threads run all four functions on their own data at the same time (OpenCV keeps a queue
// per thread; gpuconv keeps per-thread kernels and launches, and locks its shared caches). Each
// thread's results must be those of one thread running the same cases alone, bit for bit, and
// cv::'s.

const int kThreads = 4;

/** The cases of thread `t`: a few of each function, on its own seed. */
std::vector<Case> threadCases(int t)
{
    RNG rng(0xC0C0 + 977 * (uint64)t);
    std::vector<Case> cases;
    for (int round = 0; round < 6; ++round)
        for (int fn = 0; fn < FN_COUNT; ++fn)
        {
            Case c = randomCase(rng, fn);
            c.twoPass = false;  // it is selected through the environment, which threads share
            cases.push_back(c);
        }
    return cases;
}

/** Runs `cases` in order, each on data from its own seed; returns gpuconv's results per case and
    counts the cases that differ from cv::. */
std::vector<std::vector<Mat>> runCases(const std::vector<Case>& cases, uint64 seed, std::vector<std::string>& failures)
{
    std::vector<std::vector<Mat>> results(cases.size());
    for (size_t i = 0; i < cases.size(); ++i)
    {
        RNG rng(seed + i);
        ::testing::AssertionResult r = runCase(cases[i], rng, &results[i]);
        if (!r)
            failures.push_back(r.message());
    }
    return results;
}

bool identical(const std::vector<Mat>& a, const std::vector<Mat>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
    {
        if (a[i].size() != b[i].size() || a[i].type() != b[i].type())
            return false;
        for (int y = 0; y < a[i].rows; ++y)
            if (std::memcmp(a[i].ptr(y), b[i].ptr(y), a[i].cols * a[i].elemSize()) != 0)
                return false;
    }
    return true;
}

TEST(Concurrency, four_threads_all_functions_match_one_thread)
{
    std::vector<std::vector<Case>> cases(kThreads);
    std::vector<std::vector<std::vector<Mat>>> alone(kThreads), together(kThreads);
    std::vector<std::vector<std::string>> failures(kThreads);
    for (int t = 0; t < kThreads; ++t)
    {
        cases[t] = threadCases(t);
        alone[t] = runCases(cases[t], 100 * (uint64)t, failures[t]);
    }
    for (int round = 0; round < 3; ++round)
    {
        std::vector<std::thread> workers;
        for (int t = 0; t < kThreads; ++t)
            workers.emplace_back([&, t] { together[t] = runCases(cases[t], 100 * (uint64)t, failures[t]); });
        for (std::thread& w : workers)
            w.join();
        for (int t = 0; t < kThreads; ++t)
            for (size_t i = 0; i < cases[t].size(); ++i)
                EXPECT_TRUE(identical(alone[t][i], together[t][i]))
                    << "round " << round << ", thread " << t << ", " << describe(cases[t][i])
                    << ": the result differs from the same case run by one thread";
    }
    for (int t = 0; t < kThreads; ++t)
        for (const std::string& f : failures[t])
            ADD_FAILURE() << "thread " << t << ": " << f;
}

} // namespace
} // namespace gpuconv_test
