// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv {

// The OpenCL path arrives with its own issue; until then this is cv::filter2D itself.
void filter2D(InputArray src, OutputArray dst, int ddepth, InputArray kernel, Point anchor,
              double delta, int borderType)
{
    CV_INSTRUMENT_REGION();
    cv::filter2D(src, dst, ddepth, kernel, anchor, delta, borderType);
}

}} // namespace cv::gpuconv
