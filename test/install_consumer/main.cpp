// Links the installed gpuconv and checks one call against cv:: on the OpenCL device.
#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/gpuconv.hpp>

#include <iostream>

int main()
{
    if (!cv::ocl::useOpenCL())
    {
        std::cerr << "gpuconv_consumer: no OpenCL device\n";
        return 1;
    }
    cv::Mat a(480, 640, CV_8UC3), b(480, 640, CV_8UC3), expected;
    cv::randu(a, 0, 256);
    cv::randu(b, 0, 256);
    cv::addWeighted(a, 0.25, b, 0.75, 3, expected);
    cv::UMat ua = a.getUMat(cv::ACCESS_READ), ub = b.getUMat(cv::ACCESS_READ), blended;
    cv::gpuconv::addWeighted(ua, 0.25, ub, 0.75, 3, blended);
    const double difference = cv::norm(expected, blended.getMat(cv::ACCESS_READ), cv::NORM_INF);
    std::cout << "gpuconv_consumer: " << cv::ocl::Device::getDefault().name()
              << ", max difference from cv::addWeighted " << difference << "\n";
    return difference == 0 ? 0 : 1;
}
