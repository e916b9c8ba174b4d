// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv { namespace detail {

bool fallbackAllowed()
{
    // Read on each fallback, not cached, so that a process (a test) can change its policy; the
    // OpenCL path never reaches this.
    return utils::getConfigurationParameterBool("OPENCV_GPUCONV_FALLBACK", true);
}

void reportFallback(const char* function, const std::string& reason)
{
    if (!fallbackAllowed())
        CV_Error(Error::StsNotImplemented,
                 cv::format("gpuconv::%s: the OpenCL path does not run this case (%s), and "
                            "OPENCV_GPUCONV_FALLBACK=0 forbids falling back to cv::%s",
                            function, reason.c_str(), function));
    CV_LOG_DEBUG(NULL, "gpuconv::" << function << ": falling back to cv::" << function << ": "
                                   << reason);
}

}}} // namespace cv::gpuconv::detail
