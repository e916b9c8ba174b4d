// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv { namespace detail {

namespace {

struct ScratchCache
{
    void* context = nullptr;
    void* queue = nullptr;
    UMat buffers[SCRATCH_SLOTS];
};

UMat& scratchBuffer(ScratchSlot slot)
{
    CV_Assert(slot >= 0 && slot < SCRATCH_SLOTS);
    thread_local ScratchCache cache;
    // A buffer holds its context, so a new context can take a former one's address only once its
    // buffers are released, and empty buffers are allocated anew in whichever context is current.
    // Per queue too: one queue runs its commands in order, so a call may reuse what the calls
    // before it used, but two queues of a thread (OpenCLExecutionContext::cloneWithNewQueue) may
    // run theirs at the same time. The launches in flight hold the buffers dropped here.
    void* context = ocl::Context::getDefault().ptr();
    void* queue = ocl::Queue::getDefault().ptr();
    if (cache.context != context || cache.queue != queue)
    {
        cache = ScratchCache();
        cache.context = context;
        cache.queue = queue;
    }
    return cache.buffers[slot];
}

} // namespace

UMat scratchImage(ScratchSlot slot, Size size, int type)
{
    UMat& buffer = scratchBuffer(slot);
    buffer.create(size, type, USAGE_ALLOCATE_DEVICE_MEMORY);  // keeps the buffer if the shape is the same
    return buffer;
}

UMat scratchBytes(ScratchSlot slot, size_t bytes, bool zeroed)
{
    UMat& buffer = scratchBuffer(slot);
    bytes = std::max<size_t>(1, bytes);
    if (buffer.empty() || buffer.total() * buffer.elemSize() < bytes)
    {
        const int rowBytes = 1 << 16;  // a 2D shape keeps large sizes within int
        buffer.release();
        buffer.create((int)((bytes + rowBytes - 1) / rowBytes), rowBytes, CV_8UC1, USAGE_ALLOCATE_DEVICE_MEMORY);
        if (zeroed)
            buffer.setTo(Scalar::all(0));
    }
    return buffer;
}

void releaseScratch(ScratchSlot slot)
{
    scratchBuffer(slot).release();
}

}}} // namespace cv::gpuconv::detail
