// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "perf_precomp.hpp"

#include <CL/cl.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <numeric>
#include <sstream>
#include <vector>

namespace gpuconv_perf {

static int envInt(const char* name, int defaultValue)
{
    const char* value = std::getenv(name);
    return value && *value ? std::max(1, std::atoi(value)) : defaultValue;
}

/** A one-item kernel whose profiling event stamps the device timeline: in an in-order queue it
    ends once everything enqueued before it has ended. (Kernels are the one command whose events
    every driver profiles.) */
class TimelineMark
{
public:
    TimelineMark()
    {
        context_ = (cl_context)ocl::Context::getDefault().ptr();
        cl_device_id device = (cl_device_id)ocl::Device::getDefault().ptr();
        const char* source = "__kernel void gpuconv_perf_mark(void) {}";
        cl_int err = CL_SUCCESS;
        program_ = clCreateProgramWithSource(context_, 1, &source, nullptr, &err);
        if (err == CL_SUCCESS)
            err = clBuildProgram(program_, 1, &device, "", nullptr, nullptr);
        if (err == CL_SUCCESS)
            kernel_ = clCreateKernel(program_, "gpuconv_perf_mark", &err);
        ok_ = err == CL_SUCCESS;
    }
    ~TimelineMark()
    {
        if (kernel_)
            clReleaseKernel(kernel_);
        if (program_)
            clReleaseProgram(program_);
    }
    bool ok() const { return ok_; }

    /** Enqueues the mark on OpenCV's current queue; the event must be released by the caller. */
    cl_event enqueue() const
    {
        cl_command_queue queue = (cl_command_queue)ocl::Queue::getDefault().ptr();
        size_t one = 1;
        cl_event event = nullptr;
        if (clEnqueueNDRangeKernel(queue, kernel_, 1, nullptr, &one, &one, 0, nullptr, &event) != CL_SUCCESS)
            return nullptr;
        return event;
    }

    static bool endTime(cl_event event, cl_ulong& ns)
    {
        return event && clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof(ns), &ns,
                                                nullptr) == CL_SUCCESS;
    }

private:
    cl_context context_ = nullptr;
    cl_program program_ = nullptr;
    cl_kernel kernel_ = nullptr;
    bool ok_ = false;
};

/** Device time per call of `op`, or -1 where the device cannot give it meaningfully. */
static double deviceTimeMedian(const std::function<void()>& op, int samples)
{
    // On a CPU device the host and the "device" share the cores: event spans say nothing more
    // than the wall clock does.
    if (ocl::Device::getDefault().type() == ocl::Device::TYPE_CPU)
        return -1;
    ocl::Queue saved = ocl::Queue::getDefault();
    ocl::finish();
    ocl::Queue::getDefault() = saved.getProfilingQueue();
    std::vector<double> spans;
    {
        TimelineMark mark;
        // A 256 MiB copy keeps the device busy while the host enqueues mark, call, mark.
        UMat blockerSrc(1, 256 << 20, CV_8U, Scalar(1)), blockerDst(1, 256 << 20, CV_8U);
        for (int i = 0; mark.ok() && i < samples; ++i)
        {
            blockerSrc.copyTo(blockerDst);
            cl_event before = mark.enqueue();
            op();
            cl_event after = mark.enqueue();
            ocl::finish();
            cl_ulong t0 = 0, t1 = 0;
            if (TimelineMark::endTime(before, t0) && TimelineMark::endTime(after, t1) && t1 > t0)
                spans.push_back((double)(t1 - t0) * 1e-3);
            if (before)
                clReleaseEvent(before);
            if (after)
                clReleaseEvent(after);
        }
    }
    ocl::finish();
    ocl::Queue::getDefault() = saved;
    if (spans.empty())
        return -1;
    std::nth_element(spans.begin(), spans.begin() + spans.size() / 2, spans.end());
    return spans[spans.size() / 2];
}

Timing timeOperation(const std::function<void()>& op)
{
    const int samples = envInt("GPUCONV_PERF_SAMPLES", 25);
    const int calls = envInt("GPUCONV_PERF_CALLS", 10);
    for (int i = 0; i < 3; ++i)  // kernel builds and allocations stay out of the figures
        op();
    ocl::finish();

    std::vector<double> perCall;
    for (int s = 0; s < samples; ++s)
    {
        const int64 start = getTickCount();
        for (int c = 0; c < calls; ++c)
            op();
        ocl::finish();
        perCall.push_back((double)(getTickCount() - start) * 1e6 / getTickFrequency() / calls);
    }
    Timing t;
    t.samples = samples;
    std::vector<double> sorted = perCall;
    std::sort(sorted.begin(), sorted.end());
    t.median = sorted[sorted.size() / 2];
    t.min = sorted.front();
    t.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / sorted.size();
    double var = 0;
    for (double v : sorted)
        var += (v - t.mean) * (v - t.mean);
    t.stddev = std::sqrt(var / sorted.size());
    t.deviceMedian = deviceTimeMedian(op, std::min(samples, 15));
    return t;
}

static std::string formatUs(double us)
{
    std::ostringstream s;
    if (us < 0)
        s << "n/a";
    else
        s << std::fixed << std::setprecision(us < 100 ? 1 : 0) << us;
    return s.str();
}

void compareWithOpenCV(const std::string& label, const Traffic& traffic,
                       const std::function<void()>& gpuconvCall, const std::function<void()>& cvCall)
{
    const Timing gc = timeOperation(gpuconvCall);
    const Timing cvt = timeOperation(cvCall);
    const int copyBytes = (int)std::max(1.0, (traffic.bytesIn + traffic.bytesOut) / 2);
    UMat copySrc(1, copyBytes, CV_8U, Scalar(3)), copyDst(1, copyBytes, CV_8U);
    const Timing copy = timeOperation([&] { copySrc.copyTo(copyDst); });

    // What OpenCV's summary.py reads: gpuconv's time per call, in ticks.
    const double ticksPerUs = getTickFrequency() * 1e-6;
    ::testing::Test::RecordProperty("frequency", cv::format("%.0f", getTickFrequency()));
    ::testing::Test::RecordProperty("samples", gc.samples);
    ::testing::Test::RecordProperty("outliers", 0);
    ::testing::Test::RecordProperty("min", cv::format("%.0f", gc.min * ticksPerUs));
    ::testing::Test::RecordProperty("median", cv::format("%.0f", gc.median * ticksPerUs));
    ::testing::Test::RecordProperty("gmean", cv::format("%.0f", gc.median * ticksPerUs));
    ::testing::Test::RecordProperty("mean", cv::format("%.0f", gc.mean * ticksPerUs));
    ::testing::Test::RecordProperty("stddev", cv::format("%.0f", gc.stddev * ticksPerUs));
    ::testing::Test::RecordProperty("bytesIn", cv::format("%.0f", traffic.bytesIn));
    ::testing::Test::RecordProperty("bytesOut", cv::format("%.0f", traffic.bytesOut));
    // Side by side, in microseconds.
    ::testing::Test::RecordProperty("gpuconv_median_us", cv::format("%.2f", gc.median));
    ::testing::Test::RecordProperty("gpuconv_device_us", cv::format("%.2f", gc.deviceMedian));
    ::testing::Test::RecordProperty("cv_median_us", cv::format("%.2f", cvt.median));
    ::testing::Test::RecordProperty("cv_device_us", cv::format("%.2f", cvt.deviceMedian));
    ::testing::Test::RecordProperty("copy_median_us", cv::format("%.2f", copy.median));
    ::testing::Test::RecordProperty("copy_device_us", cv::format("%.2f", copy.deviceMedian));

    std::cout << "[ PERFSTAT ]    (samples=" << gc.samples << "   mean=" << gc.mean * 1e-3
              << "   median=" << gc.median * 1e-3 << "   min=" << gc.min * 1e-3
              << "   stddev=" << gc.stddev * 1e-3 << " ms)" << std::endl;
    const double gbps = (traffic.bytesIn + traffic.bytesOut) / (gc.median * 1e-6) * 1e-9;
    std::ostringstream row;
    row << "| " << label << " | " << formatUs(gc.median) << " | " << formatUs(gc.deviceMedian)
        << " | " << formatUs(cvt.median) << " | " << formatUs(cvt.deviceMedian) << " | "
        << formatUs(copy.median) << " | " << formatUs(copy.deviceMedian) << " | " << std::fixed
        << std::setprecision(2) << gc.median / copy.median << "x | " << std::setprecision(1)
        << cvt.median / gc.median << "x | " << std::setprecision(0) << gbps << " |";
    std::cout << "[ TABLE ] " << row.str() << std::endl;
    if (const char* path = std::getenv("GPUCONV_PERF_TABLE"))
    {
        std::ofstream out(path, std::ios::app);
        out << row.str() << "\n";
    }
}

UMat randomUMat(Size size, int type, uint64 seed)
{
    RNG rng(seed);
    UMat u;
    gpuconv_test::randomMat(rng, size, type).copyTo(u);
    return u;
}

std::string caseName(Size size, int type)
{
    return cv::format("%dx%d %s", size.width, size.height, typeToString(type).c_str() + 3);
}

Mat unitGainKernel(int ksize)
{
    Mat kernel(ksize, ksize, CV_32F);
    RNG rng(ksize);
    rng.fill(kernel, RNG::UNIFORM, -1.0, 1.0);
    kernel.at<float>(ksize / 2, ksize / 2) += 2.0f;
    kernel /= cv::norm(kernel, NORM_L1);
    return kernel;
}

} // namespace gpuconv_perf
