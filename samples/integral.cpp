// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
//
// Box filter and local mean / variance of any window size in constant time per pixel, from the
// integral images that gpuconv::integral computes on the OpenCL device. The box filter is checked
// against cv::boxFilter.
// Usage: gpuconv_sample_integral [image] [output prefix] [window sizes]
// The image defaults to OpenCV's sample data (package opencv-doc); the window sizes, odd and
// comma-separated, to 3,15,61.
#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/gpuconv.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "sample_args.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

/** The sum over every (2r+1) x (2r+1) window, as a W x H image, from the integral `I` of the
    image padded by r on every side: four reads per pixel, whatever r. The differences are taken
    in `depth`: integer sums stay exact in CV_32S (even where they wrapped), where float would
    round sums above 2^24. */
static cv::UMat windowSums(const cv::UMat& I, cv::Size size, int r, int depth)
{
    const int k = 2 * r + 1;
    cv::UMat topLeft = I(cv::Rect(0, 0, size.width, size.height));
    cv::UMat topRight = I(cv::Rect(k, 0, size.width, size.height));
    cv::UMat bottomLeft = I(cv::Rect(0, k, size.width, size.height));
    cv::UMat bottomRight = I(cv::Rect(k, k, size.width, size.height));
    cv::UMat sums, tmp;
    cv::subtract(bottomRight, topRight, sums, cv::noArray(), depth);
    cv::subtract(bottomLeft, topLeft, tmp, cv::noArray(), depth);
    cv::subtract(sums, tmp, sums);
    return sums;
}

/** The radii r of the (2r+1) x (2r+1) windows listed in `sizes` ("3,15,61"); empty when a size is
    not an odd number from 1 up to the image's smaller side (cv::copyMakeBorder's reflection
    reaches no farther). */
static std::vector<int> windowRadii(const std::string& sizes, cv::Size image)
{
    std::vector<int> radii;
    std::istringstream list(sizes);
    std::string item;
    while (std::getline(list, item, ','))
    {
        std::size_t used = 0;
        int k = 0;
        try
        {
            k = std::stoi(item, &used);
        }
        catch (const std::exception&)
        {
            return {};
        }
        if (used != item.size() || k < 1 || k % 2 == 0 || k / 2 >= std::min(image.width, image.height))
            return {};
        radii.push_back(k / 2);
    }
    return radii;
}

static double milliseconds(const std::function<void()>& work)
{
    work();  // the first call builds the kernels
    cv::ocl::finish();
    cv::TickMeter t;
    t.start();
    const int calls = 10;
    for (int i = 0; i < calls; ++i)
        work();
    cv::ocl::finish();
    t.stop();
    return t.getTimeMilli() / calls;
}

static int integralSample(int argc, char** argv)
{
    int exitStatus = 0;
    if (gpuconv_samples::usageOrTooMany(argc, argv, 3,
                                        "Usage: gpuconv_sample_integral [image] [output prefix] [window sizes]\n"
                                        "Box filter, local mean and standard deviation of each window size from\n"
                                        "cv::gpuconv::integral, checked against cv::boxFilter. Defaults: opencv-doc's\n"
                                        "baboon.jpg, prefix 'integral', odd window sizes 3,15,61.\n",
                                        exitStatus))
        return exitStatus;
    const std::string data = "/usr/share/doc/opencv-doc/examples/data/";
    const std::string path = argc > 1 ? argv[1] : data + "baboon.jpg";
    const std::string prefix = argc > 2 ? argv[2] : "integral";
    cv::Mat image = cv::imread(path, cv::IMREAD_GRAYSCALE);
    if (image.empty())
    {
        std::cerr << "cannot read " << path << "\n";
        return EXIT_FAILURE;
    }
    if (!cv::ocl::useOpenCL())
        std::cout << "OpenCL is not available: gpuconv runs cv::integral on the CPU\n";
    else
        std::cout << "OpenCL device: " << cv::ocl::Device::getDefault().name() << "\n";
    std::cout << "image " << path << ", " << image.cols << "x" << image.rows << "\n";
    const std::string sizes = argc > 3 ? argv[3] : "3,15,61";
    const std::vector<int> radii = windowRadii(sizes, image.size());
    if (radii.empty())
    {
        std::cerr << "window sizes '" << sizes << "': give odd numbers from 1 to "
                  << 2 * std::min(image.cols, image.rows) - 1 << ", separated by commas\n";
        return EXIT_FAILURE;
    }

    cv::UMat src = image.getUMat(cv::ACCESS_READ);
    bool allMatch = true;
    for (int r : radii)
    {
        const int k = 2 * r + 1;
        cv::UMat padded, sum, sqsum, mean, variance;
        cv::copyMakeBorder(src, padded, r, r, r, r, cv::BORDER_REFLECT_101);  // cv::boxFilter's default

        const double integralMs = milliseconds([&] {
            cv::gpuconv::integral(padded, sum, sqsum, CV_32S, CV_64F);
        });
        const double meanMs = milliseconds([&] {
            cv::gpuconv::integral(padded, sum, sqsum, CV_32S, CV_64F);
            windowSums(sum, image.size(), r, CV_32S).convertTo(mean, CV_32F, 1.0 / (k * k));
            // variance = E[x^2] - E[x]^2 over the window
            cv::UMat meanSq, sqMean;
            windowSums(sqsum, image.size(), r, CV_64F).convertTo(sqMean, CV_32F, 1.0 / (k * k));
            cv::multiply(mean, mean, meanSq);
            cv::subtract(sqMean, meanSq, variance);
        });
        cv::UMat reference;
        const double boxMs = milliseconds([&] {
            cv::boxFilter(src, reference, CV_32F, cv::Size(k, k));
        });
        const double maxDiff = cv::norm(mean, reference, cv::NORM_INF);
        // The integral route sums exactly in integers; cv::boxFilter in float: they agree to float
        // rounding of values up to 255.
        const bool match = maxDiff <= 1e-3;
        allMatch = allMatch && match;
        std::cout << k << "x" << k << " window: integral + sqsum " << integralMs
                  << " ms, local mean + variance " << meanMs << " ms; cv::boxFilter " << boxMs
                  << " ms; max |mean - cv::boxFilter| = " << maxDiff << (match ? " (ok)" : " (MISMATCH)")
                  << "\n";

        cv::Mat meanOut, stddevOut;
        mean.convertTo(meanOut, CV_8U);
        cv::UMat stddev;
        cv::max(variance, 0, variance);
        cv::sqrt(variance, stddev);
        stddev.convertTo(stddevOut, CV_8U, 2.0);
        const std::string tag = prefix + "_" + std::to_string(k);
        if (!cv::imwrite(tag + "_mean.png", meanOut) || !cv::imwrite(tag + "_stddev.png", stddevOut))
        {
            std::cerr << "cannot write " << tag << "_*.png\n";
            return EXIT_FAILURE;
        }
        std::cout << "wrote " << tag << "_mean.png, " << tag << "_stddev.png\n";
    }
    return allMatch ? EXIT_SUCCESS : EXIT_FAILURE;
}

int main(int argc, char** argv)
{
    return gpuconv_samples::reportingErrors(integralSample, argc, argv);
}
