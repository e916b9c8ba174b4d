#!/usr/bin/env python
# cv2.gpuconv against cv2's own functions. The C++ suite (test/) covers the functions' cases; these
# tests cover what the bindings add: UMat and numpy arrays in and out, the defaults and keywords
# of the signatures, integral's three Python names, ROIs and in-place through cv.UMat, and
# cv.error for bad input. Run with OPENCV_GPUCONV_FALLBACK=0 and an OpenCL device
# (scripts/build_in_tree.sh does), they go through gpuconv's kernels, not cv::'s code.
from __future__ import print_function

import os

import numpy as np
import cv2 as cv

from tests_common import NewOpenCVTests


def random_image(rng, shape, dtype):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, endpoint=True).astype(dtype)
    return rng.uniform(-100, 100, size=shape).astype(dtype)


class gpuconv_test(NewOpenCVTests):

    def setUp(self):
        super(gpuconv_test, self).setUp()
        self.rng = np.random.default_rng(20261130)

    def assertNear(self, actual, expected, tolerance):
        """Integer outputs within `tolerance` of cv2's (OpenCV's own OpenCL tolerance for 8-bit
        filters is 1); floating-point ones within a relative `tolerance`."""
        self.assertEqual(actual.shape, expected.shape)
        self.assertEqual(actual.dtype, expected.dtype)
        if np.issubdtype(expected.dtype, np.integer):
            difference = np.abs(actual.astype(np.int64) - expected.astype(np.int64)).max()
        else:
            difference = np.abs(actual - expected).max() / max(1.0, np.abs(expected).max())
        self.assertLessEqual(difference, tolerance)

    def test_filter2D_umat_and_numpy(self):
        src = random_image(self.rng, (67, 91, 3), np.uint8)
        kernel = self.rng.uniform(-1, 1, size=(5, 4)).astype(np.float32)
        args = dict(anchor=(1, 3), delta=2.5, borderType=cv.BORDER_REFLECT)
        expected = cv.filter2D(src, -1, kernel, **args)
        out = cv.gpuconv.filter2D(cv.UMat(src), -1, kernel, **args)
        self.assertIsInstance(out, cv.UMat)
        self.assertNear(out.get(), expected, 1)
        # numpy arrays in, a numpy array out: a Mat destination, so the cv:: twin computes it
        from_numpy = cv.gpuconv.filter2D(src, -1, kernel, **args)
        self.assertIsInstance(from_numpy, np.ndarray)
        self.assertNear(from_numpy, expected, 1)
        # ddepth, and the defaults (centred anchor, no delta, BORDER_DEFAULT)
        expected = cv.filter2D(src, cv.CV_32F, kernel)
        self.assertNear(cv.gpuconv.filter2D(cv.UMat(src), cv.CV_32F, kernel).get(), expected, 1e-5)

    def test_filter2D_in_place_and_isolated_roi(self):
        parent = random_image(self.rng, (60, 80), np.float32)
        kernel = self.rng.uniform(-1, 1, size=(3, 3)).astype(np.float32)
        roi = cv.UMat(cv.UMat(parent), (10, 50), (20, 70))
        border = cv.BORDER_REPLICATE | cv.BORDER_ISOLATED
        expected = cv.filter2D(parent[10:50, 20:70].copy(), -1, kernel, borderType=border)
        cv.gpuconv.filter2D(roi, -1, kernel, dst=roi, borderType=border)
        self.assertNear(roi.get(), expected, 1e-5)

    def test_sepFilter2D(self):
        src = random_image(self.rng, (70, 50), np.float32)
        kx = cv.getGaussianKernel(7, -1, cv.CV_32F)
        ky = np.array([[-1], [0], [1]], np.float32)
        args = dict(delta=1.0, borderType=cv.BORDER_REPLICATE)
        expected = cv.sepFilter2D(src, -1, kx, ky, **args)
        self.assertNear(cv.gpuconv.sepFilter2D(cv.UMat(src), -1, kx, ky, **args).get(), expected, 1e-5)
        src8 = random_image(self.rng, (33, 45, 2), np.uint8)
        expected = cv.sepFilter2D(src8, cv.CV_16S, kx, ky)
        self.assertNear(cv.gpuconv.sepFilter2D(cv.UMat(src8), cv.CV_16S, kx, ky).get(), expected, 1)

    def test_integral_three_names(self):
        src = random_image(self.rng, (41, 57), np.uint8)
        usrc = cv.UMat(src)
        sum_only = cv.gpuconv.integral(usrc)
        self.assertTrue(np.array_equal(sum_only.get(), cv.integral(src)))
        for actual, expected in zip(cv.gpuconv.integral2(usrc, sdepth=cv.CV_32S, sqdepth=cv.CV_64F),
                                    cv.integral2(src, sdepth=cv.CV_32S, sqdepth=cv.CV_64F)):
            self.assertTrue(np.array_equal(actual.get(), expected))
        for actual, expected in zip(cv.gpuconv.integral3(usrc), cv.integral3(src)):
            self.assertTrue(np.array_equal(actual.get(), expected))
        src4 = random_image(self.rng, (19, 23, 4), np.uint8)
        self.assertTrue(np.array_equal(cv.gpuconv.integral(cv.UMat(src4), sdepth=cv.CV_64F).get(),
                                       cv.integral(src4, sdepth=cv.CV_64F)))

    def test_addWeighted(self):
        a = random_image(self.rng, (48, 64, 4), np.uint8)
        b = random_image(self.rng, (48, 64, 4), np.uint8)
        expected = cv.addWeighted(a, 0.3, b, 0.7, 5.0)
        out = cv.gpuconv.addWeighted(cv.UMat(a), 0.3, cv.UMat(b), 0.7, 5.0)
        self.assertNear(out.get(), expected, 1)
        expected = cv.addWeighted(a, 0.3, b, 0.7, 5.0, dtype=cv.CV_32F)
        out = cv.gpuconv.addWeighted(cv.UMat(a), 0.3, cv.UMat(b), 0.7, 5.0, dtype=cv.CV_32F)
        self.assertNear(out.get(), expected, 1e-5)

    def test_readme_example(self):
        """README.md's Python example as written there, on the opencv-doc image it names (Debian
        package opencv-doc, which scripts/setup.sh installs)."""
        data = os.environ.get('GPUCONV_SAMPLE_DATA', '/usr/share/doc/opencv-doc/examples/data')
        image = cv.imread(os.path.join(data, 'baboon.jpg'))
        self.assertIsNotNone(image, 'baboon.jpg not read from ' + data)
        u = cv.UMat(image)
        blurred = cv.gpuconv.sepFilter2D(u, -1, cv.getGaussianKernel(17, -1), cv.getGaussianKernel(17, -1))
        sums, squares, tilted = cv.gpuconv.integral3(u)
        gaussian = cv.getGaussianKernel(17, -1)
        self.assertNear(blurred.get(), cv.sepFilter2D(image, -1, gaussian, gaussian), 1)
        for actual, expected in zip((sums, squares, tilted), cv.integral3(image)):
            self.assertTrue(np.array_equal(actual.get(), expected))

    def test_bad_input_raises_cv_error(self):
        a = cv.UMat(np.zeros((8, 8), np.uint8))
        b = cv.UMat(np.zeros((8, 9), np.uint8))
        with self.assertRaises(cv.error):
            cv.gpuconv.addWeighted(a, 0.5, b, 0.5, 0.0)
        with self.assertRaises(cv.error):
            cv.gpuconv.filter2D(a, -1, np.ones((3, 3, 2), np.float32))
        with self.assertRaises(cv.error):
            cv.gpuconv.integral(a, sdepth=cv.CV_16U)


if __name__ == '__main__':
    NewOpenCVTests.bootstrap()
