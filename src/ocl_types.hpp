// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_OCL_TYPES_HPP
#define GPUCONV_OCL_TYPES_HPP

// OpenCL C type names and conversions for OpenCV depths, in one place for every kernel family.

#include <opencv2/core/ocl.hpp>
#include <string>

namespace cv { namespace gpuconv { namespace detail {

/** OpenCL C name of `lanes` elements of `depth`: "uchar", "float4", "double16". */
std::string oclTypeName(int depth, int lanes = 1);

/** Name of the OpenCL conversion that turns `lanes` elements of sdepth into ddepth the way
    cv::saturate_cast does (saturating, round to nearest even from floating point); "noconvert"
    (defined in opencl/common/vector.cl) when the value passes unchanged. Used as a macro:
    `-D TO_X=<name>` then `TO_X(v)`. */
std::string oclConvertName(int sdepth, int ddepth, int lanes = 1);

/** OpenCL name of `lanes` elements of an accumulator of `depth`: the unsigned twin "uint" for
    CV_32S, whose additions wrap modulo 2^32 as OpenCV's int sums do on the CPU (signed overflow
    is undefined in OpenCL C); oclTypeName otherwise. */
std::string oclAccumulatorTypeName(int depth, int lanes = 1);

/** Lanes an OpenCL vector of `cn` channels occupies: 3-element vectors take 4 (their size and
    alignment in OpenCL C). */
int oclVectorLanes(int cn);

/** Bytes of one pixel of `cn` channels of `depth` as an OpenCL vector (oclVectorLanes). */
size_t oclPixelBytes(int depth, int cn);

/** Whether the filters' kernels read and write `depth` (8U, 16U, 16S, 32F, 64F), in any pair:
    the depths cv::filter2D and cv::sepFilter2D filter. */
bool oclFilterDepth(int depth);

/** Whether gpuconv computes in double precision on the device: where it has doubles, unless the
    configuration parameter OPENCV_GPUCONV_DEVICE_DOUBLES=0 says to run as on a device without
    them (tests of such devices on any device; read once per process). */
bool oclDeviceHasDoubles(const ocl::Device& device);

/** Build options every gpuconv program gets: double support where oclDeviceHasDoubles, loops left
    rolled on a CPU device. */
std::string oclCommonOptions(const ocl::Device& device);

/** Which of the oclCommonOptionsKinds sets of common options `device` gets: caches of assembled
    options keep one set of entries per kind, so that two devices of one process (a CPU and a GPU,
    say) do not share options that differ between them. */
int oclCommonOptionsKind(const ocl::Device& device);
enum { oclCommonOptionsKinds = 6 };

}}} // namespace cv::gpuconv::detail

#endif
