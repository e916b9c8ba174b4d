// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_PERF_PRECOMP_HPP
#define GPUCONV_PERF_PRECOMP_HPP

#ifdef GPUCONV_WITH_OPENCV_TS
#  include <opencv2/ts.hpp>
#  include <opencv2/ts/ts_perf.hpp>
#else
#  include <gtest/gtest.h>
#endif

#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/gpuconv.hpp>

#include "../test/gpuconv_test.hpp"
#include "gpuconv_perf.hpp"

#endif
