// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

#include <CL/cl.h>

#include <climits>

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

void runTwinOnTheCpu(std::initializer_list<const _OutputArray*> outputs, const std::function<void()>& cpuTwin)
{
    // The outputs' buffers before the twin, held so that a buffer it allocates cannot reuse the
    // address of one it released.
    const std::vector<const _OutputArray*> outs(outputs);
    std::vector<UMat> before(outs.size());
    for (size_t i = 0; i < outs.size(); ++i)
        if (outs[i]->isUMat())
            before[i] = outs[i]->getUMatRef();
    {
        struct OpenCLOff
        {
            OpenCLOff() { ocl::setUseOpenCL(false); }
            ~OpenCLOff() { ocl::setUseOpenCL(true); }  // on: the OpenCL entry ran
        } off;
        cpuTwin();
    }
    for (size_t i = 0; i < outs.size(); ++i)
    {
        if (!outs[i]->isUMat())
            continue;
        UMat& out = outs[i]->getUMatRef();
        if (out.u != before[i].u && !out.empty())
        {
            UMat device;
            out.copyTo(device);
            out = device;
        }
    }
}

OclDecline checkDeviceArrays(const char* function, std::initializer_list<const UMat*> arrays)
{
    const cl_context context = (cl_context)ocl::Context::getDefault().ptr();
    OclDecline decline;
    for (const UMat* a : arrays)
    {
        if (!a || !a->u)
            continue;
        if (a->u->refcount > 0)
        {
            // UMat::handle() asserts that no host view is alive; the twin reads through it.
            if (decline.empty())
                decline = "an array with a host view alive (a Mat from UMat::getMat), which kernels cannot take";
            continue;
        }
        if (!a->u->handle)
        {
            if (decline.empty())
                decline = "an array in host memory (a UMat allocated while cv::ocl::useOpenCL() was false), "
                          "which kernels cannot take";
            continue;
        }
        cl_context owner = nullptr;
        if (clGetMemObjectInfo((cl_mem)a->u->handle, CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr) != CL_SUCCESS ||
            owner != context)
            CV_Error(Error::StsBadArg,
                     cv::format("gpuconv::%s: an array belongs to another OpenCL context than the "
                                "current one (cv::ocl::Context::getDefault()) of this thread", function));
        if (a->u->size > (size_t)INT_MAX && decline.empty())
            decline = cv::format("an array of %zu bytes: the kernels address arrays with 32-bit offsets", a->u->size);
    }
    return decline;
}

bool sharesMemory(const UMat& a, const UMat& b)
{
    if (!a.u || !b.u)
        return false;
    if (a.u == b.u)
        return true;
    // Mat::getUMat makes every call a buffer of its own over the Mat's memory (origdata), so two
    // UMats of one Mat have different buffers that share their pixels.
    const uchar *hostA = a.u->origdata, *hostB = b.u->origdata;
    return hostA && hostB && hostA < hostB + b.u->size && hostB < hostA + a.u->size;
}

OclDecline checkWholePixelRows(std::initializer_list<const UMat*> arrays)
{
    for (const UMat* a : arrays)
    {
        const int cn = a->channels();
        if ((cn == 2 || cn == 4) && !rowsStartOnVectors(a->rows, cn, { ArrayLayout::of(*a) }))
            return cv::format("rows %zu bytes apart (offset %zu) that do not start on whole %zu-byte "
                              "pixels: the kernels access pixels as OpenCL vectors aligned to their size",
                              a->step[0], a->offset, a->elemSize());
    }
    return OclDecline();
}

OclDecline checkAllocation(const ocl::Device& device, size_t bytes, const char* what)
{
    const size_t limit = std::min(device.maxMemAllocSize(), (size_t)INT_MAX);
    if (bytes > limit)
        return cv::format("the %s would take %zu bytes, more than the %zu a device array may have",
                          what, bytes, limit);
    return OclDecline();
}

OclDecline checkDoublePrecision(const ocl::Device& device, std::initializer_list<int> depths)
{
    for (int depth : depths)
        if (depth == CV_64F && !oclDeviceHasDoubles(device))
            return "the OpenCL device has no double precision";
    return OclDecline();
}

OclDecline createCheckedOutput(const char* function, std::initializer_list<const UMat*> inputs,
                               const _OutputArray& dst, Size size, int type, UMat& out)
{
    OclDecline decline = checkDeviceArrays(function, inputs);
    if (decline.empty())
        decline = checkAllocation(ocl::Device::getDefault(), (size_t)size.area() * CV_ELEM_SIZE(type),
                                  "destination");
    if (!decline.empty())
        return decline;
    dst.create(size, type);
    out = dst.getUMat();
    return checkDeviceArrays(function, { &out });
}

}}} // namespace cv::gpuconv::detail
