// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"
#include "launch.hpp"

#include <CL/cl.h>

#include <cstring>
#include <deque>
#include <mutex>
#include <unordered_map>

namespace cv { namespace gpuconv { namespace detail {
namespace {

// Completion events are asked for on one launch in kLaunchesPerEvent: on NVIDIA's driver an event
// adds ~2.5 us of host time to a launch that takes ~11-14 us without (OCL_LaunchCost,
// docs/PERFORMANCE.md). The queue runs in order, so a launch's event also tells that the launches
// enqueued before it have finished. More event-closed groups in flight than kMaxGroupsInFlight
// and the oldest is waited for: enough to keep a GPU queue full, few enough that released UMats
// are not held for long.
const size_t kLaunchesPerEvent = 4;
const size_t kMaxGroupsInFlight = 8;

/** Launches whose UMat arguments must stay referenced until the device has finished with them:
    the group ends with the launch whose event `done` says so. */
struct LaunchGroup
{
    cl_event done;
    std::vector<UMat> arrays;
};

class LaunchesInFlight
{
public:
    ~LaunchesInFlight()
    {
        closeOpenGroup();
        retire(0, true);
    }

    /** Whether the next launch on `queue` must ask for a completion event. */
    bool nextNeedsEvent(cl_command_queue queue)
    {
        if (openLaunches_ > 0 && queue != openQueue_)
            closeOpenGroup();  // an event on another queue says nothing about the open launches
        return openLaunches_ + 1 >= kLaunchesPerEvent;
    }

    /** Records a launch on `queue` holding `arrays`; `done` is its event when it has one. */
    void add(cl_command_queue queue, cl_event done, std::vector<UMat>&& arrays)
    {
        if (openLaunches_ == 0)
        {
            openQueue_ = queue;
            clRetainCommandQueue(queue);
        }
        ++openLaunches_;
        for (UMat& m : arrays)
            open_.push_back(std::move(m));
        if (done)
        {
            endOpenGroup(done);
            retire(kMaxGroupsInFlight);
        }
    }

    /** Drops completed groups (the oldest first); waits for the oldest ones while more than
        `keep` remain, or for all when `waitAll`. */
    void retire(size_t keep, bool waitAll = false)
    {
        while (!groups_.empty())
        {
            LaunchGroup& oldest = groups_.front();
            if (waitAll || groups_.size() > keep)
                clWaitForEvents(1, &oldest.done);
            else
            {
                cl_int status = CL_COMPLETE;
                clGetEventInfo(oldest.done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status),
                               &status, nullptr);
                if (status > CL_COMPLETE)  // queued, submitted or running; < 0 is an error: done
                    break;
            }
            clReleaseEvent(oldest.done);
            groups_.pop_front();
        }
    }

private:
    /** Ends the open group with a marker behind its launches (or, failing that, waits for them). */
    void closeOpenGroup()
    {
        if (openLaunches_ == 0)
            return;
        cl_event marker = nullptr;
        if (clEnqueueMarkerWithWaitList(openQueue_, 0, nullptr, &marker) != CL_SUCCESS)
        {
            clFinish(openQueue_);
            marker = nullptr;
        }
        endOpenGroup(marker);
    }

    void endOpenGroup(cl_event done)
    {
        if (done)
            groups_.push_back({ done, std::move(open_) });
        open_.clear();  // without an event the launches have finished (closeOpenGroup waited)
        openLaunches_ = 0;
        clReleaseCommandQueue(openQueue_);
        openQueue_ = nullptr;
    }

    std::deque<LaunchGroup> groups_;
    std::vector<UMat> open_;  // arrays of the launches since the last event
    size_t openLaunches_ = 0;
    cl_command_queue openQueue_ = nullptr;  // retained while the open group has launches
};

LaunchesInFlight& threadLaunches()
{
    thread_local LaunchesInFlight launches;
    return launches;
}

/** This thread's kernel of a variant. A cl_kernel's arguments are captured when it is enqueued,
    so one object serves every launch of the thread; threads do not share them because setting
    arguments is not thread-safe. Keyed by the context's address, which no other context can take
    while the kernel lives: a kernel holds its program, and a program its context. */
ocl::Kernel& threadKernel(const char* name, const ocl::ProgramSource& source, const std::string& options)
{
    thread_local std::unordered_map<std::string, ocl::Kernel> kernels;
    // Built by appends, not cv::format: this runs on every launch.
    const void* const owners[] = { ocl::Context::getDefault().ptr(), &source };
    std::string key;
    key.reserve(sizeof(owners) + std::strlen(name) + 1 + options.size());
    key.append((const char*)owners, sizeof(owners)).append(name).append(1, '|').append(options);
    auto it = kernels.find(key);
    if (it == kernels.end())
    {
        // With doubles set aside (oclDeviceHasDoubles), a program whose options name them is not
        // built: a device without doubles fails to build it, and the kernels' text cannot tell,
        // as their NO_DOUBLES check does not reach names that come in through the options.
        const bool namesDoubles = options.find(" -D NO_DOUBLES") != std::string::npos &&
                                  options.find("double") != std::string::npos;
        it = kernels.emplace(std::move(key), namesDoubles ? ocl::Kernel() : ocl::Kernel(name, source, options)).first;
        // Which variant a call takes, and when a thread first meets it (a build, unless OpenCV's
        // caches hold it): a plan's choices can be read here.
        CV_LOG_DEBUG(NULL, "gpuconv: " << name << " (" << options << ")"
                               << (it->second.empty() ? ": the program failed to build" : ": ready"));
    }
    return it->second;
}

/** Whether `kernel`, its __local arguments set, stays within the local memory the plans may take
    (maxLocalBytes). Asked only below the device's own size, where a test caps it: beyond that the
    driver refuses the launch itself. */
bool withinLocalMemoryCap(const ocl::Kernel& kernel)
{
    const ocl::Device& device = ocl::Device::getDefault();
    const size_t cap = maxLocalBytes(device);
    return cap >= device.localMemSize() || kernel.localMemSize() <= cap;
}

AccessFlag accessOf(const ocl::KernelArg& arg)
{
    return ((arg.flags & ocl::KernelArg::READ_ONLY) ? ACCESS_READ : static_cast<AccessFlag>(0)) |
           ((arg.flags & ocl::KernelArg::WRITE_ONLY) ? ACCESS_WRITE : static_cast<AccessFlag>(0));
}

} // namespace

KernelLaunch::KernelLaunch(const char* kernelName, const ocl::ProgramSource& source,
                           const std::string& options)
    : name_(kernelName), source_(&source), options_(options),
      kernel_(threadKernel(kernelName, source, options))
{
    args_.reserve(32);  // more than any gpuconv kernel takes: no reallocation while arguments are set
}

int KernelLaunch::set(int index, const ocl::KernelArg& arg)
{
    Argument a;
    a.index = index;
    a.isArray = true;
    a.array = arg;
    a.array.m = nullptr;  // the caller's UMat may go before enqueue(): the launch holds its own
    a.hasUMat = arg.m != nullptr;
    if (a.hasUMat)
        a.held = *arg.m;
    a.size = 0;
    args_.push_back(std::move(a));
    if (!arg.m)
        return index + 1;  // local memory, or a constant buffer
    if (arg.flags & ocl::KernelArg::PTR_ONLY)
        return index + 1;
    return index + ((arg.flags & ocl::KernelArg::NO_SIZE) ? 3 : 5);
}

int KernelLaunch::setValue(int index, const void* value, size_t size)
{
    Argument a;
    a.index = index;
    a.isArray = false;
    if (size <= sizeof(a.bytes))
        std::memcpy(a.bytes, value, size);
    else
        a.large.assign((const uchar*)value, (const uchar*)value + size);
    a.size = size;
    args_.push_back(std::move(a));
    return index + 1;
}

bool KernelLaunch::needsOpenCVRun() const
{
    for (const Argument& a : args_)
    {
        if (!a.isArray)
            continue;
        if (!a.hasUMat && !(a.array.flags & ocl::KernelArg::LOCAL))
            return true;  // a constant buffer, which ocl::Kernel uploads itself
        if (a.hasUMat && (a.held.dims > 2 || (a.held.u && a.held.u->tempUMat())))
            return true;
    }
    return false;
}

bool KernelLaunch::enqueueThroughOpenCV(const LaunchShape& shape)
{
    ocl::Kernel kernel(name_.c_str(), *source_, options_);
    for (Argument& a : args_)
    {
        ocl::KernelArg array = a.array;
        if (a.hasUMat)
            array.m = &a.held;
        if ((a.isArray ? kernel.set(a.index, array) : kernel.set(a.index, a.value(), a.size)) < 0)
            return false;
    }
    if (!withinLocalMemoryCap(kernel))
        return false;
    return kernel.run(shape.dims, const_cast<size_t*>(shape.global),
                      shape.local[0] ? const_cast<size_t*>(shape.local) : nullptr, false);
}

bool KernelLaunch::enqueue(const LaunchShape& shape)
{
    if (kernel_.empty())
        return false;
    // A plan's group beyond what the device (or a test's cap) takes is refused here, as a driver
    // would refuse it: the call declines instead of failing elsewhere; so is local memory beyond a
    // test's cap, once the arguments are set (withinLocalMemoryCap).
    if (shape.local[0])
    {
        size_t items = 1;
        for (int d = 0; d < shape.dims; ++d)
            items *= shape.local[d];
        if (items > maxGroupItems(ocl::Device::getDefault()))
            return false;
    }
    if (needsOpenCVRun())
        return enqueueThroughOpenCV(shape);

    std::vector<UMat> arrays;
    arrays.reserve(args_.size());
    for (const Argument& a : args_)
    {
        if (!a.isArray)
        {
            if (kernel_.set(a.index, a.value(), a.size) < 0)
                return false;
            continue;
        }
        if (!a.hasUMat)  // local memory of the given size
        {
            if (kernel_.set(a.index, nullptr, a.array.sz) < 0)
                return false;
            continue;
        }
        const UMat& m = a.held;
        cl_mem buffer = m.empty() ? nullptr : (cl_mem)m.handle(accessOf(a.array));
        if (!buffer && !m.empty())
            return false;
        if (kernel_.set(a.index, &buffer, sizeof(buffer)) < 0)
            return false;
        if (!(a.array.flags & ocl::KernelArg::PTR_ONLY))
        {
            // The layout of ocl::Kernel::set for a 2D UMat: buffer, step, offset[, rows, cols].
            const int step = (int)m.step[0], offset = (int)m.offset;
            kernel_.set(a.index + 1, &step, sizeof(step));
            kernel_.set(a.index + 2, &offset, sizeof(offset));
            if (!(a.array.flags & ocl::KernelArg::NO_SIZE))
            {
                const int rows = m.rows, cols = m.cols * a.array.wscale / a.array.iwscale;
                kernel_.set(a.index + 3, &rows, sizeof(rows));
                kernel_.set(a.index + 4, &cols, sizeof(cols));
            }
        }
        if (!m.empty())
            arrays.push_back(m);
    }

    if (!withinLocalMemoryCap(kernel_))
        return false;
    LaunchesInFlight& inFlight = threadLaunches();
    cl_command_queue queue = (cl_command_queue)ocl::Queue::getDefault().ptr();
    cl_event done = nullptr;
    const cl_int status = clEnqueueNDRangeKernel(
        queue, (cl_kernel)kernel_.ptr(), (cl_uint)shape.dims, nullptr, shape.global,
        shape.local[0] ? shape.local : nullptr, 0, nullptr,
        inFlight.nextNeedsEvent(queue) ? &done : nullptr);
    if (status != CL_SUCCESS)
    {
        CV_LOG_WARNING(NULL, "gpuconv: clEnqueueNDRangeKernel('" << name_ << "') failed: "
                                 << ocl::getOpenCLErrorString(status));
        return false;
    }
    inFlight.add(queue, done, std::move(arrays));
    return true;
}

UMat deviceConstants(const Mat& values)
{
    return deviceConstants(values, "", [](const Mat& m) { return m; });
}

UMat deviceConstants(const Mat& values, const char* derivation, const std::function<Mat(const Mat&)>& derive)
{
    const Mat continuous = values.isContinuous() ? values : values.clone();
    const std::vector<uchar> key(continuous.datastart, continuous.dataend);
    const void* context = ocl::Context::getDefault().ptr();

    struct Entry
    {
        const void* context;
        std::string derivation;
        int type;
        Size size;  // a derivation may depend on it: a spectrum does
        std::vector<uchar> bytes;
        UMat device;
    };
    static std::mutex mutex;
    // Keyed by the context's address, which no other context can take while an entry's buffer
    // holds that context.
    static std::vector<Entry> cache;  // most recently used last
    const size_t capacity = 16;
    std::lock_guard<std::mutex> lock(mutex);
    for (size_t i = 0; i < cache.size(); ++i)
        if (cache[i].context == context && cache[i].derivation == derivation &&
            cache[i].type == continuous.type() && cache[i].size == continuous.size() && cache[i].bytes == key)
        {
            Entry hit = cache[i];
            cache.erase(cache.begin() + i);
            cache.push_back(hit);
            return hit.device;
        }
    Entry entry{ context, derivation, continuous.type(), continuous.size(), key, UMat() };
    derive(continuous).copyTo(entry.device);
    if (cache.size() >= capacity)
        cache.erase(cache.begin());
    cache.push_back(entry);
    return entry.device;
}

}}} // namespace cv::gpuconv::detail
