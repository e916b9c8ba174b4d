// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv { namespace detail {

size_t roundUp(size_t value, size_t multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

std::string ElementwisePlan::buildOptions() const
{
    return cv::format(" -D VEC=%d%s", vectorWidth, aligned ? " -D ALIGNED" : "");
}

ElementwisePlan planElementwise(const ocl::Device& device, int rows, int rowElements,
                                const std::vector<ArrayLayout>& arrays)
{
    CV_Assert(rows > 0 && rowElements > 0 && !arrays.empty());
    size_t widestElemSize = 1;
    for (const ArrayLayout& a : arrays)
        widestElemSize = std::max(widestElemSize, a.elemSize);
    ElementwisePlan plan;
    // 16-byte accesses are the widest that GPUs and CPU SIMD units serve in one transaction.
    const int bytesPerAccess = 16;
    plan.vectorWidth = std::max(1, std::min(16, bytesPerAccess / (int)widestElemSize));
    while (plan.vectorWidth > 1 && plan.vectorWidth > rowElements)
        plan.vectorWidth /= 2;

    // Vector loads and stores through pointer casts need every row of every array to start on a
    // boundary of its own vector; otherwise the kernel uses vloadn/vstoren.
    plan.aligned = true;
    for (const ArrayLayout& a : arrays)
    {
        const size_t vectorBytes = (size_t)plan.vectorWidth * a.elemSize;
        if (a.offset % vectorBytes != 0 || (rows > 1 && a.step % vectorBytes != 0))
            plan.aligned = false;
    }

    const size_t items = (size_t)(rowElements + plan.vectorWidth - 1) / plan.vectorWidth;
    plan.shape.dims = 2;
    if (device.type() == ocl::Device::TYPE_CPU)
    {
        plan.shape.global[0] = items;
        plan.shape.global[1] = (size_t)rows;
    }
    else
    {
        const size_t groupWidth = std::min<size_t>(256, device.maxWorkGroupSize());
        plan.shape.local[0] = std::min(groupWidth, roundUp(items, 32));
        plan.shape.local[1] = 1;
        plan.shape.global[0] = roundUp(items, plan.shape.local[0]);
        plan.shape.global[1] = (size_t)rows;
    }
    return plan;
}

}}} // namespace cv::gpuconv::detail
