// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
//
// Strict reading of the samples' numeric arguments: std::atof and cv::CommandLineParser take the
// leading number of "5x" or "1e9" as 5 or 1, which silently runs another case than the one asked.
#ifndef GPUCONV_SAMPLE_ARGS_HPP
#define GPUCONV_SAMPLE_ARGS_HPP

#include <opencv2/core.hpp>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

namespace gpuconv_samples {

/** Whether all of `text` is a finite number (as strtod reads it, without overflow). */
inline bool parseFinite(const std::string& text, double& value)
{
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    value = std::strtod(begin, &end);
    return !text.empty() && end == begin + text.size() && errno != ERANGE && std::isfinite(value);
}

/** Whether all of `text` is a whole number in int's range. */
inline bool parseInt(const std::string& text, int& value)
{
    double v = 0;
    if (!parseFinite(text, v) || v != std::floor(v) || v < INT_MIN || v > INT_MAX)
        return false;
    value = (int)v;
    return true;
}

/** For the samples of positional arguments: prints `usage` and returns true when the first argument
    asks for help; else reports and returns true when there are more than `maxArguments`. The
    sample then ends, successfully only in the first case (`exitStatus`). */
inline bool usageOrTooMany(int argc, char** argv, int maxArguments, const char* usage, int& exitStatus)
{
    if (argc > 1 && (std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help"))
    {
        std::cout << usage;
        exitStatus = EXIT_SUCCESS;
        return true;
    }
    if (argc - 1 > maxArguments)
    {
        std::cerr << "too many arguments; --help gives the usage\n";
        exitStatus = EXIT_FAILURE;
        return true;
    }
    return false;
}

/** Runs a sample's `body`, turning a cv::Exception (cv::imwrite of a name without a known image
    extension, say) into its message and exit status 1 instead of an abort. */
inline int reportingErrors(int (*body)(int, char**), int argc, char** argv)
{
    try
    {
        return body(argc, argv);
    }
    catch (const cv::Exception& e)
    {
        std::cerr << e.what() << "\n";
        return EXIT_FAILURE;
    }
}

} // namespace gpuconv_samples

#endif
