// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_PERF_HARNESS_HPP
#define GPUCONV_PERF_HARNESS_HPP

// The benchmark harness. Every case times gpuconv and its cv:: twin on UMat side by side in the
// same run, and a device copy (UMat::copyTo) of as many bytes as the operation moves, timed the
// same way. Two clocks:
//  - time per call: `calls` asynchronous calls closed by one cv::ocl::finish(), what a pipeline
//    sees (host enqueue cost included when it exceeds the device time);
//  - device time per call, from OpenCL profiling events: markers around one call enqueued behind a
//    large device copy, so that the device runs marker, call, marker back to back.
// Results: a `[ PERFSTAT ]` line and gtest XML properties (OpenCV's summary.py reads the gpuconv
// figures: min/median/mean/stddev in ticks with `frequency`), plus a `[ TABLE ]` row with all
// three, appended to the file named by GPUCONV_PERF_TABLE if set.

#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>

#include <functional>
#include <string>

namespace gpuconv_perf {

using namespace cv;

/** OpenCV's OpenCL perf sizes. */
const Size szVGA(640, 480), sz720p(1280, 720), sz1080p(1920, 1080), sz2160p(3840, 2160);

/** Statistics of one timed operation, in microseconds. */
struct Timing
{
    int samples = 0;
    double median = 0, mean = 0, min = 0, stddev = 0;  //!< time per call
    double deviceMedian = -1;                          //!< device time per call; -1 when unavailable
};

/** Times `op` with both clocks (see above). */
Timing timeOperation(const std::function<void()>& op);

/** Bytes an operation reads and writes, for bandwidth and the copy of the same bytes. */
struct Traffic
{
    double bytesIn = 0, bytesOut = 0;
};

/** Times gpuconv's call, cv::'s call and the copy of the same bytes; records and prints them. */
void compareWithOpenCV(const std::string& label, const Traffic& traffic,
                       const std::function<void()>& gpuconvCall, const std::function<void()>& cvCall);

/** Fills a UMat with uniform random values over the useful range of its depth. */
UMat randomUMat(Size size, int type, uint64 seed = 0x12345);

/** Formats a size and type as "3840x2160 8UC1". */
std::string caseName(Size size, int type);

/** A general (not separable) ksize x ksize kernel of unit gain, as a sharpening or matched filter
    would be: random weights with a dominant centre, normalised to an L1 norm of 1. */
Mat unitGainKernel(int ksize);

} // namespace gpuconv_perf

#endif
