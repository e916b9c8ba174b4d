// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_DISPATCH_HPP
#define GPUCONV_DISPATCH_HPP

// The fallback policy, in one place: when gpuconv runs its OpenCL kernels and when the cv:: twin.

#include <opencv2/core.hpp>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>

namespace cv { namespace gpuconv { namespace detail {

/** What an OpenCL entry reports: empty when it ran the case, otherwise why it did not. */
typedef std::string OclDecline;

/** True when OPENCV_GPUCONV_FALLBACK (an OpenCV configuration parameter, default on) allows
    running the cv:: twin for a UMat destination. */
bool fallbackAllowed();

/** Logs a fallback and its reason, or raises StsNotImplemented naming the function and the reason
    when fallbacks are disabled. */
void reportFallback(const char* function, const std::string& reason);

/** Runs `cpuTwin` with OpenCL off for the calling thread (cv::ocl::setUseOpenCL is per thread),
    so that cv:: computes on the CPU. A UMat among `outputs` that the twin allocates anew then lies
    in host memory (UMat allocations follow cv::ocl::useOpenCL()); it is moved to the device
    afterwards, so that later OpenCL calls can take it. */
void runTwinOnTheCpu(std::initializer_list<const _OutputArray*> outputs, const std::function<void()>& cpuTwin);

/** OpenCV's T-API rule: gpuconv's OpenCL path runs when the first of `outputs` (the destination)
    is a UMat and OpenCL is usable; a UMat destination that cannot get it, or a case the OpenCL
    entry declines, falls back to the cv:: twin through reportFallback(). A declined case's twin
    runs on the CPU (runTwinOnTheCpu), where cv:: is the oracle: OpenCV's own OpenCL paths would
    take some declined cases and get them wrong (OpenCV 4.6's sepFilter2D with a non-centred
    anchor) or fault (its sepFilter2D on rows that do not start on whole pixels, on PoCL).
    Non-UMat destinations run the cv:: twin directly. */
template <typename OclEntry, typename CpuTwin>
void runWithFallback(const char* function, std::initializer_list<const _OutputArray*> outputs,
                     OclEntry&& oclEntry, CpuTwin&& cpuTwin)
{
    if ((*outputs.begin())->isUMat())
    {
        if (!ocl::useOpenCL())
            reportFallback(function, "OpenCL is not available (cv::ocl::useOpenCL() is false)");
        else
        {
            const OclDecline decline = std::forward<OclEntry>(oclEntry)();
            if (decline.empty())
                return;
            reportFallback(function, decline);
            runTwinOnTheCpu(outputs, cpuTwin);
            return;
        }
    }
    std::forward<CpuTwin>(cpuTwin)();
}

/** The rules every OpenCL entry applies to the device arrays of a call before launching:
    - an array of another OpenCL context than the calling thread's raises StsBadArg naming the
      function (its buffer cannot be used by this context's kernels);
    - an array whose buffer exceeds INT_MAX bytes makes the entry decline: OpenCV passes steps and
      offsets to kernels as int, and the kernels index rows with them;
    - so does an array in host memory (a UMat allocated while OpenCL was off has no buffer),
      and one with a host view alive (a Mat that UMat::getMat returned): its buffer cannot be
      handed to a kernel until the view ends.
    Returns the decline reason, or an empty string. */
OclDecline checkDeviceArrays(const char* function, std::initializer_list<const UMat*> arrays);

/** Whether `a` and `b` may share pixels: the same buffer, or buffers over overlapping host memory
    (UMats that Mat::getUMat made of one Mat). A filter whose destination shares its source's
    pixels copies the source first. */
bool sharesMemory(const UMat& a, const UMat& b);

/** Declines arrays of 2 or 4 channels whose rows do not all start on a whole pixel (a step that is
    not a multiple of the pixel's size: cv::Mat allows any multiple of the element size). The
    tiled filter kernels read and write such pixels as OpenCL vectors, which must lie at multiples
    of their size (NVIDIA's GPUs fault on the misaligned access); 1- and 3-channel pixels are read
    by elements. Returns the decline reason, or an empty string. */
OclDecline checkWholePixelRows(std::initializer_list<const UMat*> arrays);

/** Declines a device array of `bytes` the device cannot allocate (more than its maximum
    allocation, or more than INT_MAX bytes, see checkDeviceArrays); `what` names it. */
OclDecline checkAllocation(const ocl::Device& device, size_t bytes, const char* what);

/** Declines a case that computes in one of `depths` where that is CV_64F and gpuconv has no
    double precision on `device` (oclDeviceHasDoubles). */
OclDecline checkDoublePrecision(const ocl::Device& device, std::initializer_list<int> depths);

/** The usual start of an OpenCL entry: checkDeviceArrays() on `inputs`, then `dst` created as
    `size` x `type` unless the device cannot hold it (checkAllocation) and checked too; `out` is
    its UMat. Returns the decline reason, or an empty string. */
OclDecline createCheckedOutput(const char* function, std::initializer_list<const UMat*> inputs,
                               const _OutputArray& dst, Size size, int type, UMat& out);

}}} // namespace cv::gpuconv::detail

#endif
