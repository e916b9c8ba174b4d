// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv { namespace detail {

SepFilterPlan planSepFilter(const ocl::Device& device, Size size, int kxLen, int kyLen,
                            size_t srcPixelBytes, size_t bufPixelBytes, bool forceTwoPass)
{
    CV_Assert(size.width > 0 && size.height > 0 && kxLen > 0 && kyLen > 0);
    SepFilterPlan plan;
    const size_t localMem = device.localMemSize();
    const size_t maxGroup = std::max<size_t>(1, device.maxWorkGroupSize());

    // 32 columns per group: a warp reads 32 consecutive pixels of a row; 8 rows of items.
    const size_t groupW = std::min<size_t>(32, maxGroup);
    const size_t groupH = std::max<size_t>(1, std::min<size_t>(8, maxGroup / groupW));
    const auto tileBytes = [&](size_t rowsPerItem, size_t& srcBytes, size_t& rowBytes) {
        const size_t tileH = groupH * rowsPerItem;
        srcBytes = (groupW + kxLen - 1) * (tileH + kyLen - 1) * srcPixelBytes;
        rowBytes = groupW * (tileH + kyLen - 1) * bufPixelBytes;
        return srcBytes + rowBytes;
    };

    // Single pass: the tallest tile (least apron re-read per output row) that leaves room for a
    // second resident group, else the tallest that fits at all.
    if (!forceTwoPass)
    {
        for (size_t budget : { localMem / 2, localMem })
        {
            for (int rowsPerItem : { 4, 2, 1 })
            {
                size_t srcBytes = 0, rowBytes = 0;
                if (tileBytes(rowsPerItem, srcBytes, rowBytes) > budget)
                    continue;
                plan.feasible = plan.singlePass = true;
                plan.rowsPerItem = rowsPerItem;
                plan.srcTileBytes = srcBytes;
                plan.rowTileBytes = rowBytes;
                const size_t tileH = groupH * rowsPerItem;
                plan.shape.local[0] = groupW;
                plan.shape.local[1] = groupH;
                plan.shape.global[0] = roundUp(size.width, groupW);
                plan.shape.global[1] = (size_t)(size.height + tileH - 1) / tileH * groupH;
                return plan;
            }
        }
    }

    // Two passes. Row pass: one row segment per group, the segment and its apron in local memory.
    size_t rowGroupW = std::min<size_t>(256, maxGroup);
    while (rowGroupW > 1 && (rowGroupW + kxLen - 1) * srcPixelBytes > localMem)
        rowGroupW /= 2;
    if ((rowGroupW + kxLen - 1) * srcPixelBytes > localMem)
        return plan;
    plan.feasible = true;
    plan.srcTileBytes = (rowGroupW + kxLen - 1) * srcPixelBytes;
    plan.rowShape.local[0] = rowGroupW;
    plan.rowShape.local[1] = 1;
    plan.rowShape.global[0] = roundUp(size.width, rowGroupW);
    plan.rowShape.global[1] = (size_t)size.height + kyLen - 1;
    // Column pass: each item sums down its column; a row of a group reads consecutive pixels.
    plan.shape.local[0] = groupW;
    plan.shape.local[1] = groupH;
    plan.shape.global[0] = roundUp(size.width, groupW);
    plan.shape.global[1] = roundUp(size.height, groupH);
    return plan;
}

}}} // namespace cv::gpuconv::detail
