// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#ifndef GPUCONV_TEST_PRECOMP_HPP
#define GPUCONV_TEST_PRECOMP_HPP

// The same test sources build standalone (GoogleTest) and inside OpenCV (opencv_ts, which
// bundles GoogleTest); GPUCONV_WITH_OPENCV_TS tells which.
#ifdef GPUCONV_WITH_OPENCV_TS
#  include <opencv2/ts.hpp>
#else
#  include <gtest/gtest.h>
#endif

#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/gpuconv.hpp>

#include "gpuconv_test.hpp"

#endif
