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

TiledScanPlan planTiledScan(const ocl::Device& device, Size size, size_t pixelBytes)
{
    CV_Assert(size.width > 0 && size.height > 0 && pixelBytes > 0);
    // Half the local memory (at most 24 KiB) per work-group leaves room for a second resident
    // group per compute unit; the tile is the largest power of two whose (tile + 1)^2 padded
    // copy fits and whose work-group the device accepts.
    const size_t budget = std::min<size_t>(24 * 1024, device.localMemSize() / 2);
    TiledScanPlan plan;
    plan.tile = 64;
    while (plan.tile > 8 && ((size_t)(plan.tile + 1) * (plan.tile + 1) * pixelBytes > budget ||
                             (size_t)plan.tile > device.maxWorkGroupSize()))
        plan.tile /= 2;
    plan.tilesX = (size.width + plan.tile - 1) / plan.tile;
    plan.tilesY = (size.height + plan.tile - 1) / plan.tile;
    plan.tiles.dims = 2;
    plan.tiles.global[0] = (size_t)plan.tilesX * plan.tile;
    plan.tiles.global[1] = (size_t)plan.tilesY;
    plan.tiles.local[0] = (size_t)plan.tile;
    plan.tiles.local[1] = 1;
    const size_t carryItems = (size_t)size.height + size.width + plan.tilesX;
    plan.carries = planPerElement(carryItems);
    plan.carries.dims = 1;
    if (device.type() != ocl::Device::TYPE_CPU)
    {
        plan.carries.local[0] = 64;
        plan.carries.global[0] = roundUp(carryItems, 64);
    }
    return plan;
}

LaunchShape planPerElement(size_t width, size_t height)
{
    LaunchShape shape;
    shape.dims = 2;
    shape.global[0] = std::max<size_t>(1, width);
    shape.global[1] = std::max<size_t>(1, height);
    return shape;
}

}}} // namespace cv::gpuconv::detail
