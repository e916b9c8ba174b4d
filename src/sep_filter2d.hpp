// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_SEP_FILTER2D_HPP
#define GPUCONV_SEP_FILTER2D_HPP

#include "dispatch.hpp"

namespace cv { namespace gpuconv { namespace detail {

/** sepFilter2D's OpenCL entry (src/sep_filter2d.cpp): runs the case, or says why not. filter2D
    hands it its rank-one kernels, so that a case declined there falls back as filter2D: named
    filter2D, and cv::filter2D the oracle. `allowTensor` false: not the tensor cores' single pass
    (its kernel did not build). */
OclDecline oclSepFilter2D(const _InputArray& src, const _OutputArray& dst, int ddepth,
                          const _InputArray& kernelX, const _InputArray& kernelY, Point anchor,
                          double delta, int borderType, bool allowTensor = true);

}}} // namespace cv::gpuconv::detail

#endif
