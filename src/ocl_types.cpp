// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "precomp.hpp"

namespace cv { namespace gpuconv { namespace detail {

std::string oclTypeName(int depth, int lanes)
{
    CV_CheckDepth(depth, depth >= CV_8U && depth <= CV_64F, "gpuconv: no OpenCL type for this depth");
    static const char* const names[] = { "uchar", "char", "ushort", "short", "int", "float", "double" };
    CV_Assert(lanes == 1 || lanes == 2 || lanes == 3 || lanes == 4 || lanes == 8 || lanes == 16);
    return lanes == 1 ? std::string(names[depth]) : cv::format("%s%d", names[depth], lanes);
}

int oclVectorLanes(int cn)
{
    return cn == 3 ? 4 : cn;
}

size_t oclPixelBytes(int depth, int cn)
{
    return (size_t)CV_ELEM_SIZE1(depth) * (size_t)oclVectorLanes(cn);
}

std::string oclConvertName(int sdepth, int ddepth, int lanes)
{
    if (sdepth == ddepth)
        return "noconvert";
    const std::string target = oclTypeName(ddepth, lanes);
    if (ddepth >= CV_32F)
        return "convert_" + target;  // to floating point: exact, or round to nearest even
    const bool fromFloat = sdepth >= CV_32F;
    return "convert_" + target + "_sat" + (fromFloat ? "_rte" : "");
}

std::string oclAccumulatorTypeName(int depth, int lanes)
{
    return depth == CV_32S ? "u" + oclTypeName(depth, lanes) : oclTypeName(depth, lanes);
}

bool oclFilterDepth(int depth)
{
    return depth == CV_8U || depth == CV_16U || depth == CV_16S || depth == CV_32F || depth == CV_64F;
}

bool oclDeviceHasDoubles(const ocl::Device& device)
{
    // Read once: this runs several times per call.
    static const bool allowed = utils::getConfigurationParameterBool("OPENCV_GPUCONV_DEVICE_DOUBLES", true);
    return allowed && device.doubleFPConfig() > 0;
}

namespace {
// A kind of common options: the doubles' state, plus DOUBLES_STATES where loops stay rolled.
enum DoublesState { WITHOUT_DOUBLES, WITH_DOUBLES, DOUBLES_SET_ASIDE, DOUBLES_STATES };
}

int oclCommonOptionsKind(const ocl::Device& device)
{
    const int doubles = oclDeviceHasDoubles(device) ? WITH_DOUBLES
                        : device.doubleFPConfig() > 0 ? DOUBLES_SET_ASIDE : WITHOUT_DOUBLES;
    // Unrolling is for a GPU's registers (opencl/common/vector.cl, UNROLL); oclgrind, which
    // reports itself as a CPU and a GPU, keeps the GPU's loops.
    const int type = device.type();
    const bool rolledLoops = (type & ocl::Device::TYPE_CPU) && !(type & ocl::Device::TYPE_GPU);
    return doubles + (rolledLoops ? DOUBLES_STATES : 0);
}

std::string oclCommonOptions(const ocl::Device& device)
{
    const int kind = oclCommonOptionsKind(device), doubles = kind % DOUBLES_STATES;
    // Where doubles are only set aside, a program that still names them fails to build, as it
    // would on a device without them (opencl/common/vector.cl, NO_DOUBLES).
    std::string o = doubles == WITH_DOUBLES ? " -D DOUBLE_SUPPORT" : doubles == DOUBLES_SET_ASIDE ? " -D NO_DOUBLES" : "";
    if (kind >= DOUBLES_STATES)
        o += " -D ROLLED_LOOPS";
    return o;
}

}}} // namespace cv::gpuconv::detail
