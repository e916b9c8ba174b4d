// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_PRECOMP_HPP
#define GPUCONV_PRECOMP_HPP

// Debug-level messages stay in release builds too (OpenCV's logger strips them under NDEBUG):
// a fallback's reason is logged at that level, shown with OPENCV_LOG_LEVEL=DEBUG (README).
#include <climits>
#include <opencv2/core/utils/logger.defines.hpp>
#ifndef CV_LOG_STRIP_LEVEL
#  define CV_LOG_STRIP_LEVEL CV_LOG_LEVEL_VERBOSE
#endif

#include "opencv2/gpuconv.hpp"
#include <opencv2/core/ocl.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/core/utils/trace.hpp>
#include <opencv2/imgproc.hpp>

#include <string>

#ifdef __OPENCV_BUILD
// Built as a module inside OpenCV: its private headers are at hand.
#  include <opencv2/core/private.hpp>
#  include <opencv2/core/utils/configuration.private.hpp>
#else
// Distributions install OpenCV without its private headers. Trace regions stand in for
// instrumentation regions, and the configuration reader is exported by opencv_core.
#  define CV_INSTRUMENT_REGION() CV_TRACE_FUNCTION()
namespace cv { namespace utils {
CV_EXPORTS bool getConfigurationParameterBool(const char* name, bool defaultValue);
}}
#endif

#include "gpuconv_kernels.hpp"
#include "dispatch.hpp"
#include "ocl_types.hpp"
#include "border.hpp"
#include "plan.hpp"
#include "launch.hpp"
#include "scratch.hpp"
#include "sep_filter2d.hpp"

#endif
