// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
//
// Blends two images with gpuconv::addWeighted on the OpenCL device:
//   dst = image1 * alpha + image2 * beta + gamma
// Usage: gpuconv_sample_blend [image1] [image2] [output] [alpha] [beta] [gamma]
// The images default to OpenCV's sample data (package opencv-doc); the second is resized to the
// first where their sizes differ.
#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/gpuconv.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "sample_args.hpp"

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

static int blend(int argc, char** argv)
{
    int exitStatus = 0;
    if (gpuconv_samples::usageOrTooMany(argc, argv, 6,
                                        "Usage: gpuconv_sample_blend [image1] [image2] [output] [alpha] [beta] [gamma]\n"
                                        "dst = image1 * alpha + image2 * beta + gamma with cv::gpuconv::addWeighted.\n"
                                        "Defaults: opencv-doc's LinuxLogo.jpg and WindowsLogo.jpg, blend.png,\n"
                                        "alpha 0.5, beta 1 - alpha, gamma 0.\n",
                                        exitStatus))
        return exitStatus;
    const std::string data = "/usr/share/doc/opencv-doc/examples/data/";
    const std::string path1 = argc > 1 ? argv[1] : data + "LinuxLogo.jpg";
    const std::string path2 = argc > 2 ? argv[2] : data + "WindowsLogo.jpg";
    const std::string output = argc > 3 ? argv[3] : "blend.png";
    double weights[3] = { 0.5, 0.0, 0.0 };
    const char* names[3] = { "alpha", "beta", "gamma" };
    for (int i = 0; i < 3 && argc > 4 + i; ++i)
        // 8-bit images are weighed in float (as cv:: weighs them).
        if (!gpuconv_samples::parseFinite(argv[4 + i], weights[i]) || std::fabs(weights[i]) > FLT_MAX)
        {
            std::cerr << names[i] << " '" << argv[4 + i] << "': give a finite number within float's range\n";
            return EXIT_FAILURE;
        }
    const double alpha = weights[0], beta = argc > 5 ? weights[1] : 1.0 - alpha, gamma = weights[2];

    cv::Mat image1 = cv::imread(path1, cv::IMREAD_COLOR), image2 = cv::imread(path2, cv::IMREAD_COLOR);
    if (image1.empty() || image2.empty())
    {
        std::cerr << "cannot read " << (image1.empty() ? path1 : path2) << "\n";
        return EXIT_FAILURE;
    }
    if (image2.size() != image1.size())
        cv::resize(image2, image2, image1.size());

    if (!cv::ocl::useOpenCL())
        std::cout << "OpenCL is not available: gpuconv runs cv::addWeighted on the CPU\n";
    else
        std::cout << "OpenCL device: " << cv::ocl::Device::getDefault().name() << "\n";

    cv::UMat src1 = image1.getUMat(cv::ACCESS_READ), src2 = image2.getUMat(cv::ACCESS_READ), blended;
    const cv::TickMeter timer = [&] {
        cv::TickMeter t;
        t.start();
        cv::gpuconv::addWeighted(src1, alpha, src2, beta, gamma, blended);
        cv::ocl::finish();
        t.stop();
        return t;
    }();
    std::cout << "addWeighted " << image1.cols << "x" << image1.rows << " alpha " << alpha << " beta "
              << beta << " gamma " << gamma << ": " << timer.getTimeMilli()
              << " ms (a first call: includes building the kernel unless OpenCV's program cache has it)\n";

    if (!cv::imwrite(output, blended))
    {
        std::cerr << "cannot write " << output << "\n";
        return EXIT_FAILURE;
    }
    std::cout << "wrote " << output << "\n";
    return EXIT_SUCCESS;
}

int main(int argc, char** argv)
{
    return gpuconv_samples::reportingErrors(blend, argc, argv);
}
