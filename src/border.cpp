// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv { namespace detail {

std::string BorderGeometry::buildOption() const
{
    switch (mode)
    {
    case BORDER_CONSTANT:    return " -D BORDER_CONSTANT";
    case BORDER_REPLICATE:   return " -D BORDER_REPLICATE";
    case BORDER_REFLECT:     return " -D BORDER_REFLECT";
    case BORDER_WRAP:        return " -D BORDER_WRAP";
    case BORDER_REFLECT_101: return " -D BORDER_REFLECT_101";
    }
    CV_Error(Error::StsBadArg, cv::format("gpuconv: unsupported border mode %d", mode));
}

BorderGeometry filterBorderGeometry(const UMat& src, int borderType, const char* function)
{
    const int mode = borderType & ~BORDER_ISOLATED;
    // StsBadArg, as cv::borderInterpolate raises it for the filters' twins.
    if (!(mode == BORDER_CONSTANT || mode == BORDER_REPLICATE || mode == BORDER_REFLECT ||
          mode == BORDER_WRAP || mode == BORDER_REFLECT_101))
        CV_Error(Error::StsBadArg,
                 cv::format("gpuconv::%s: unsupported border type %d (BORDER_CONSTANT, REPLICATE, "
                            "REFLECT, WRAP or REFLECT_101, optionally | BORDER_ISOLATED; "
                            "BORDER_TRANSPARENT is not supported)", function, borderType));
    BorderGeometry g;
    g.mode = mode;
    if (borderType & BORDER_ISOLATED)
    {
        g.whole = src.size();
        g.roiOffset = Point(0, 0);
    }
    else
        src.locateROI(g.whole, g.roiOffset);
    g.wholeOffset = src.offset - (size_t)g.roiOffset.y * src.step[0] -
                    (size_t)g.roiOffset.x * src.elemSize();
    return g;
}

}}} // namespace cv::gpuconv::detail
