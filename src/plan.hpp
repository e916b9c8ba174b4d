// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_PLAN_HPP
#define GPUCONV_PLAN_HPP

// The plan step: how a case is scheduled on the device at hand (kernel variant, vector width,
// work-group shape). What a kernel computes is decided by the host file of each function; a
// plan may change speed, never the result.

#include <opencv2/core/ocl.hpp>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace cv { namespace gpuconv { namespace detail {

/** NDRange of one launch; local sizes of zero let the driver choose. */
struct LaunchShape
{
    int dims = 2;
    size_t global[3] = { 1, 1, 1 };
    size_t local[3] = { 0, 0, 0 };

    /** Enqueues `kernel` asynchronously on OpenCV's queue; false when the enqueue failed. */
    bool enqueue(ocl::Kernel& kernel) const;
};

/** A 2D array in device memory as the plan sees it. */
struct ArrayLayout
{
    size_t offset;    //!< byte offset of the first element from the buffer start
    size_t step;      //!< bytes from one row to the next
    size_t elemSize;  //!< bytes of one element (one channel)
};

/** Elementwise kernels: each work item handles `vectorWidth` consecutive elements of a row. */
struct ElementwisePlan
{
    int vectorWidth = 1;   //!< elements per work item: 1, 2, 4, 8 or 16
    bool aligned = false;  //!< every row of every array starts on a vector boundary
    LaunchShape shape;

    /** " -D VEC=<n>" and " -D ALIGNED" when rows are aligned. */
    std::string buildOptions() const;
};

/** Plans an elementwise pass over `rows` rows of `rowElements` elements of each of `arrays`. */
ElementwisePlan planElementwise(const ocl::Device& device, int rows, int rowElements,
                                const std::vector<ArrayLayout>& arrays);

/** Build options of kernel variants, assembled once per variant: formatting them costs more host
    time than the rest of a call. The caller packs everything the options depend on (types,
    plan, device capabilities) into `key`. Thread-safe; returned references stay valid. */
class VariantOptionsCache
{
public:
    template <typename Assemble>
    const std::string& get(uint64 key, Assemble&& assemble)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = options_.find(key);
        if (it == options_.end())
            it = options_.emplace(key, assemble()).first;
        return it->second;
    }

private:
    std::mutex mutex_;
    std::unordered_map<uint64, std::string> options_;
};

}}} // namespace cv::gpuconv::detail

#endif
