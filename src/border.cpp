// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv { namespace detail {

// border.cl's GPUCONV_BORDER_* constants are these values.
static_assert(BORDER_CONSTANT == 0 && BORDER_REPLICATE == 1 && BORDER_REFLECT == 2 && BORDER_WRAP == 3 &&
                  BORDER_REFLECT_101 == 4,
              "opencl/common/border.cl numbers the border rules as cv::BorderTypes");

int setBorderedSourceArgs(KernelLaunch& k, int arg, const UMat& src, const BorderGeometry& g)
{
    arg = k.set(arg, ocl::KernelArg::PtrReadOnly(src));
    arg = k.set(arg, (int)src.step[0]);
    arg = k.set(arg, (int)g.wholeOffset);
    arg = k.set(arg, g.whole.width);
    arg = k.set(arg, g.whole.height);
    arg = k.set(arg, g.mode);
    arg = k.set(arg, g.roiOffset.x);
    return k.set(arg, g.roiOffset.y);
}

namespace {

/** The rows [first, last] of an image of `rows` rows that a window reaching `above` rows above
    and `below` rows below each of the ROI's rows roiTop .. roiBottom - 1 reads under `mode`.
    `mode` applied to these rows alone maps every read outside the image to the same row as on
    the whole image: a read past an edge puts that edge in the span, so a single reflection or
    replication lands where it would on the whole image; and WRAP, or reflections past the far
    edge (a window taller than the image), read rows at both ends, which makes the span every row. */
void rowsRead(int roiTop, int roiBottom, int above, int below, int rows, int mode, int& first, int& last)
{
    const int lo = roiTop - above, hi = roiBottom - 1 + below;
    // Reads past an edge need that edge in the span; pixels the rule maps them to, too.
    first = lo < 0 ? 0 : lo;
    last = hi >= rows ? rows - 1 : hi;
    const auto widen = [&](int p) {
        const int mapped = borderInterpolate(p, rows, mode);  // -1 under BORDER_CONSTANT
        if (mapped >= 0)
        {
            first = std::min(first, mapped);
            last = std::max(last, mapped);
        }
    };
    // The ROI lies inside the image, so lo < rows and hi >= 0.
    for (int p = lo; p < 0; ++p)
        widen(p);
    for (int p = rows; p <= hi; ++p)
        widen(p);
}

} // namespace

UMat copyFilterSource(const UMat& src, BorderGeometry& g, Size ksize, Point anchor)
{
    // Whole rows: in a continuous image they are one block of memory, copied in one piece (and
    // oclgrind's uninitialised-value checker follows such copies, not rectangle copies).
    int y0, y1;
    rowsRead(g.roiOffset.y, g.roiOffset.y + src.rows, anchor.y, ksize.height - 1 - anchor.y,
             g.whole.height, g.mode, y0, y1);
    UMat whole = src;
    whole.adjustROI(g.roiOffset.y, g.whole.height - g.roiOffset.y - src.rows,
                    g.roiOffset.x, g.whole.width - g.roiOffset.x - src.cols);
    UMat copy = scratchImage(SCRATCH_FILTER_SOURCE, Size(whole.cols, y1 - y0 + 1), src.type());
    whole.rowRange(y0, y1 + 1).copyTo(copy);
    g.whole = copy.size();
    g.roiOffset.y -= y0;
    g.wholeOffset = copy.offset;
    return copy(Rect(g.roiOffset, src.size()));
}

BorderGeometry filterBorderGeometry(const UMat& src, int borderType, Size ksize, Point anchor, const char* function)
{
    BorderGeometry g;
    g.mode = borderType & ~BORDER_ISOLATED;
    if (borderType & BORDER_ISOLATED)
    {
        g.whole = src.size();
        g.roiOffset = Point(0, 0);
    }
    else
        src.locateROI(g.whole, g.roiOffset);
    if (!(g.mode == BORDER_CONSTANT || g.mode == BORDER_REPLICATE || g.mode == BORDER_REFLECT ||
          g.mode == BORDER_WRAP || g.mode == BORDER_REFLECT_101))
    {
        // cv::'s filters consult the rule only for pixels outside the image, and accept any value
        // (BORDER_TRANSPARENT too) for a window that stays inside it: no rule is applied then.
        const Rect window(g.roiOffset - anchor, src.size() + ksize - Size(1, 1));
        if ((window & Rect(Point(0, 0), g.whole)) != window)
            // StsBadArg, as cv::borderInterpolate raises it for the filters' twins.
            CV_Error(Error::StsBadArg,
                     cv::format("gpuconv::%s: unsupported border type %d (BORDER_CONSTANT, REPLICATE, "
                                "REFLECT, WRAP or REFLECT_101, optionally | BORDER_ISOLATED; any other value only "
                                "where the filter reads no pixel outside the image)", function, borderType));
        g.mode = BORDER_CONSTANT;
    }
    g.wholeOffset = src.offset - (size_t)g.roiOffset.y * src.step[0] -
                    (size_t)g.roiOffset.x * src.elemSize();
    return g;
}

void filterOnTheCpu(InputArray src, OutputArray dst, Size ksize, Point anchor, int borderType,
                    const CpuFilter& filter)
{
    const int mode = borderType & ~BORDER_ISOLATED;
    const bool kernelBeyondRoi = ksize.width > src.cols() || ksize.height > src.rows();
    const Point a(anchor.x == -1 ? ksize.width / 2 : anchor.x, anchor.y == -1 ? ksize.height / 2 : anchor.y);
    // An empty source or an anchor outside the kernel goes to the twin as given: its error is
    // cv::'s own, as for every other argument the twin rejects.
    if (src.empty() || !a.inside(Rect(Point(0, 0), ksize)) ||
        !(mode == BORDER_WRAP || ((mode == BORDER_REFLECT || mode == BORDER_REFLECT_101) && kernelBeyondRoi)))
    {
        filter(src, dst, anchor, borderType);
        return;
    }
    Mat padded;
    Rect window;
    {
        // The source's view ends here: a UMat source may also be the destination.
        const Mat roi = src.getMat();
        Mat image = roi;
        Point offset(0, 0);
        if (!(borderType & BORDER_ISOLATED))
        {
            Size whole;
            roi.locateROI(whole, offset);
            image.adjustROI(offset.y, whole.height - offset.y - roi.rows, offset.x, whole.width - offset.x - roi.cols);
        }
        copyMakeBorder(image, padded, a.y, ksize.height - 1 - a.y, a.x, ksize.width - 1 - a.x, mode | BORDER_ISOLATED);
        window = Rect(offset, roi.size() + ksize - Size(1, 1));
    }
    // The window's apron lies inside the padded image, so the rule given here reaches no output.
    Mat filtered;
    filter(padded(window), filtered, a, BORDER_CONSTANT | BORDER_ISOLATED);
    const Mat result = filtered(Rect(a, window.size() - ksize + Size(1, 1)));
    // Created first: copyTo would convert into a destination of a fixed other type, which cv::
    // refuses.
    dst.create(result.size(), result.type());
    result.copyTo(dst);
}

}}} // namespace cv::gpuconv::detail
