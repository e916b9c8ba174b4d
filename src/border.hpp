// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_BORDER_HPP
#define GPUCONV_BORDER_HPP

// Border rules, host side, in one place; opencl/common/border.cl is their device side.

#include <opencv2/core.hpp>
#include <functional>
#include <string>

namespace cv { namespace gpuconv { namespace detail {

/** Where a filter's border rule applies: the image it extrapolates and the ROI's place in it. */
struct BorderGeometry
{
    int mode;            //!< BORDER_CONSTANT, REPLICATE, REFLECT, WRAP or REFLECT_101
    Size whole;          //!< the extrapolated image: the ROI's parent, or the ROI when isolated
    Point roiOffset;     //!< the ROI's top-left pixel inside `whole`
    size_t wholeOffset;  //!< byte offset of whole's pixel (0,0) from the start of the buffer
};

class KernelLaunch;

/** Sets the arguments every bordered filter kernel starts with, from index `arg`: `src`'s
    buffer, its step, then `g` (whole's offset, width and height, the rule, the ROI's offset) in
    the order opencl/common/border.cl's users declare them; returns the next index. The rule goes
    as cv::BorderTypes' value, which border.cl reads at run time. */
int setBorderedSourceArgs(KernelLaunch& k, int arg, const UMat& src, const BorderGeometry& g);

/** Resolves `borderType` for `src` and a `ksize` window anchored at `anchor`: without
    BORDER_ISOLATED a ROI reads its parent's pixels across its edges, as cv:: does. Any of the five
    modes is taken (optionally | BORDER_ISOLATED); any other value only where the window stays
    inside the image, where cv::filter2D and cv::sepFilter2D take it too, and otherwise raises
    StsBadArg naming gpuconv::`function`. */
BorderGeometry filterBorderGeometry(const UMat& src, int borderType, Size ksize, Point anchor,
                                    const char* function);

/** A copy of all that a filter with a `ksize` window anchored at `anchor` reads for `src` under
    the rule `g` (for a destination that shares the source's buffer): the rows of the ROI and its
    apron, clipped to the extrapolated image and widened to the rows the rule maps the apron to
    (all rows under WRAP, or where the window is taller than the image). Returns the ROI inside
    the copy and sets `g` to the copy's geometry, so that the filter reads the same values from
    the copy as from `src`. */
UMat copyFilterSource(const UMat& src, BorderGeometry& g, Size ksize, Point anchor);

/** A filter's cv:: twin on the CPU: filters `src` into `dst` with `anchor` and `borderType`. */
typedef std::function<void(InputArray src, OutputArray dst, Point anchor, int borderType)> CpuFilter;

/** Runs `filter`, a twin on the CPU for a `ksize` kernel, so that it follows the border rule as
    gpuconv's kernels do. OpenCV 4.6's FilterEngine rejects BORDER_WRAP, and under BORDER_REFLECT
    and BORDER_REFLECT_101 a kernel larger than the ROI needs more than one reflection, where the
    engine trips an assertion or returns wrong pixels. In those cases `filter` gets the image (the
    ROI's parent unless BORDER_ISOLATED) extended by the rule with cv::copyMakeBorder, and `dst`
    the part of its result over the ROI; otherwise `filter` runs on `src` itself. */
void filterOnTheCpu(InputArray src, OutputArray dst, Size ksize, Point anchor, int borderType,
                    const CpuFilter& filter);

/** Whether `src`'s rows lie a whole number of 16-byte vectors apart and its extrapolated image
    `g` starts on a whole pixel: the direct filters' vector windows (readsVectorWindows of
    src/plan.hpp) then align every window row to a vector by shifting their blocks. */
inline bool srcRowsOnVectors(const UMat& src, const BorderGeometry& g)
{
    return src.step[0] % 16 == 0 && g.wholeOffset % src.elemSize() == 0;
}

}}} // namespace cv::gpuconv::detail

#endif
