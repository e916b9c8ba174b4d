// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef OPENCV_GPUCONV_HPP
#define OPENCV_GPUCONV_HPP

#include <opencv2/core.hpp>

/**
@defgroup gpuconv Fast image filtering on OpenCL devices

Drop-in replacements for cv::filter2D, cv::sepFilter2D, cv::integral and cv::addWeighted. Each
function takes exactly the arguments of its cv:: twin and returns the same result.

When the destination is a cv::UMat and OpenCL is usable (cv::ocl::useOpenCL()), the work runs
as gpuconv's own OpenCL kernels on OpenCV's queue for the calling thread, asynchronously like
the T-API. Otherwise, and for the rare case an OpenCL kernel does not cover, the cv:: twin runs
(for a UMat destination on the CPU, with OpenCL off for the calling thread while it runs).
Such a fallback on a UMat destination is logged at debug level with its reason; with the
configuration parameter `OPENCV_GPUCONV_FALLBACK=0` it raises cv::Error::StsNotImplemented instead,
so that CPU work can never pass for GPU work.
*/

namespace cv {
namespace gpuconv {

//! @addtogroup gpuconv
//! @{

/** @brief Convolves an image with a kernel; same contract as cv::filter2D.

@param src input image.
@param dst output image of the same size and channel count as src.
@param ddepth desired depth of the destination image, -1 for the depth of src: any of CV_8U,
CV_16U, CV_16S, CV_32F and CV_64F for a source of any of these, as cv::filter2D takes them on UMat
(a destination narrower than the source is saturated). 8S, 32S or 16F data fall back to
cv::filter2D where its DFT path takes them (kernels of 50 taps or more on a whole image), and
raise its error elsewhere.
@param kernel convolution kernel (a correlation, in fact), a single-channel floating-point matrix.
@param anchor anchor of the kernel; (-1,-1) means the kernel centre.
@param delta value added to the filtered pixels before they are stored in dst.
@param borderType pixel extrapolation method, see cv::BorderTypes; BORDER_WRAP is supported,
optionally combined with BORDER_ISOLATED, on every path: where cv::filter2D runs on the CPU (a Mat
destination, a fallback), which rejects it, it runs on the image extended by the rule.
@sa cv::filter2D
*/
CV_EXPORTS_W void filter2D(InputArray src, OutputArray dst, int ddepth, InputArray kernel,
                           Point anchor = Point(-1, -1), double delta = 0,
                           int borderType = BORDER_DEFAULT);

/** @brief Applies a separable linear filter to an image; same contract as cv::sepFilter2D.

@param src input image.
@param dst output image of the same size and channel count as src.
@param ddepth destination image depth, -1 for the depth of src: any of CV_8U, CV_16U, CV_16S, CV_32F
and CV_64F for a source of any of these, CV_64F into CV_32F too (filtered in double), which
cv::sepFilter2D takes on UMat but not on the CPU.
@param kernelX coefficients for filtering each row.
@param kernelY coefficients for filtering each column.
@param anchor anchor position within the kernel; (-1,-1) means the kernel centre.
@param delta value added to the filtered results before they are stored.
@param borderType pixel extrapolation method, see cv::BorderTypes; BORDER_WRAP is supported, as for
filter2D.
@sa cv::sepFilter2D
*/
CV_EXPORTS_W void sepFilter2D(InputArray src, OutputArray dst, int ddepth,
                              InputArray kernelX, InputArray kernelY,
                              Point anchor = Point(-1, -1), double delta = 0,
                              int borderType = BORDER_DEFAULT);

/** @brief Calculates the integral image; same contract as cv::integral.

@param src input image, W x H, 8-bit, 16-bit, 32-bit or 64-bit floating point.
@param sum integral image, (W + 1) x (H + 1), 32-bit integer or floating point.
@param sdepth desired depth of the integral image: CV_32S, CV_32F or CV_64F; -1 for the default.
@sa cv::integral
*/
CV_EXPORTS_W void integral(InputArray src, OutputArray sum, int sdepth = -1);

/** @overload
@param src input image.
@param sum integral image, (W + 1) x (H + 1).
@param sqsum integral image of squared pixel values, (W + 1) x (H + 1), CV_32F or CV_64F.
@param sdepth desired depth of the integral image: CV_32S, CV_32F or CV_64F; -1 for the default.
@param sqdepth desired depth of the squared-sum image: CV_32F or CV_64F; -1 for the default.
*/
CV_EXPORTS_AS(integral2) void integral(InputArray src, OutputArray sum, OutputArray sqsum,
                                       int sdepth = -1, int sqdepth = -1);

/** @overload
@param src input image.
@param sum integral image, (W + 1) x (H + 1).
@param sqsum integral image of squared pixel values, (W + 1) x (H + 1).
@param tilted integral of the image rotated by 45 degrees, (W + 1) x (H + 1), of depth sdepth.
@param sdepth desired depth of the integral and tilted integral images: CV_32S, CV_32F or CV_64F.
@param sqdepth desired depth of the squared-sum image: CV_32F or CV_64F.
*/
CV_EXPORTS_AS(integral3) void integral(InputArray src, OutputArray sum, OutputArray sqsum,
                                       OutputArray tilted, int sdepth = -1, int sqdepth = -1);

/** @brief Calculates the weighted sum of two arrays; same contract as cv::addWeighted.

dst = saturate(src1 * alpha + src2 * beta + gamma), computed with the working precision and
rounding of cv::addWeighted's vector loop (multiply-adds fused in float for 8- and 16-bit work,
in double for 32-bit integer and floating-point work), so integer results are bit-exact. cv::
itself sums the few elements a row leaves after its vector loop without fusing them, which can
round an exact tie (k + 1/2) the other way there.

@param src1 first input array.
@param alpha weight of the first array elements.
@param src2 second input array of the same size and channel count as src1 (or a scalar).
@param beta weight of the second array elements.
@param gamma scalar added to each sum.
@param dst output array of the same size and channel count as the inputs.
@param dtype optional depth of the output array; -1 gives the depth of src1, and it must be set
when src1 and src2 differ in depth.
@sa cv::addWeighted
*/
CV_EXPORTS_W void addWeighted(InputArray src1, double alpha, InputArray src2, double beta,
                              double gamma, OutputArray dst, int dtype = -1);

//! @}

} // namespace gpuconv
} // namespace cv

#endif // OPENCV_GPUCONV_HPP
