// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv {

// The OpenCL path arrives with its own issue; until then these are cv::integral itself.
void integral(InputArray src, OutputArray sum, int sdepth)
{
    CV_INSTRUMENT_REGION();
    cv::integral(src, sum, sdepth);
}

void integral(InputArray src, OutputArray sum, OutputArray sqsum, int sdepth, int sqdepth)
{
    CV_INSTRUMENT_REGION();
    cv::integral(src, sum, sqsum, sdepth, sqdepth);
}

void integral(InputArray src, OutputArray sum, OutputArray sqsum, OutputArray tilted, int sdepth,
              int sqdepth)
{
    CV_INSTRUMENT_REGION();
    cv::integral(src, sum, sqsum, tilted, sdepth, sqdepth);
}

}} // namespace cv::gpuconv
