// This file is part of gpuconv, an OpenCV extra module.
// It is subject to the license terms in the LICENSE file found in the top-level directory.
#include "test_precomp.hpp"
#include "reliability_cases.hpp"

namespace gpuconv_test {
namespace {

// The reduced suite: one tiny case per kernel variant and path of each function (vector widths,
// fixed-point and float arithmetic, every border rule, BORDER_ISOLATED, ROIs on both sides, in
// place, single pass, two passes, long kernels, every integral output), each with the guard
// check around its destination. It is what scripts/oclgrind.sh runs on oclgrind's simulated
// device (--gtest_filter='*Reduced.*'), where every case takes seconds; it runs in the normal suite
// too. New paths get a row here.

struct Row
{
    const char* name;
    Case c;
};

Case make(int fn, int type, Size size, int dstMode = DST_ROI, bool srcRoi = true)
{
    Case c;
    c.fn = fn;
    c.type = type;
    c.size = size;
    c.dstMode = dstMode;
    c.srcRoi = srcRoi;
    return c;
}

Case filter(int fn, int type, Size size, Size ksize, int border, int coeffKind = COEFF_RANDOM,
            Point anchor = Point(-1, -1), int dstMode = DST_ROI, int ddepth = -1)
{
    Case c = make(fn, type, size, dstMode);
    c.ksize = ksize;
    c.border = border;
    c.coeffKind = coeffKind;
    c.anchor = anchor;
    c.ddepth = ddepth;
    // Not a multiple of 0.5: cv::'s 8U -> 16S integer mode rounds delta + sum half to even in its
    // SIMD body and adds saturate_cast<int>(delta) in its scalar tail, so ties differ inside cv::.
    c.delta = 1.25;
    return c;
}

Case withTwoPass(Case c)
{
    c.twoPass = true;
    return c;
}

Case withFixedTaps(Case c)
{
    c.fixedTaps = true;
    return c;
}

Case withTensor(Case c)
{
    c.tensor = true;
    return c;
}

Case integralCase(int type, int sdepth, int sqdepth, int outputs, Size size, bool roi)
{
    Case c = make(FN_INTEGRAL, type, size, roi ? DST_ROI : DST_NEW, roi);
    c.ddepth = sdepth;
    c.sqdepth = sqdepth;
    c.outputs = outputs;
    return c;
}

Case weighted(int type, Size size, int dstMode, bool srcRoi, int dtype = -1)
{
    Case c = make(FN_ADD_WEIGHTED, type, size, dstMode, srcRoi);
    c.ddepth = dtype;
    c.alpha = 0.75;
    c.beta = -0.25;
    c.gamma = 3;
    return c;
}

const std::vector<Row>& rows()
{
    const int S = FN_SEP_FILTER2D, F = FN_FILTER2D;
    static const std::vector<Row> table = {
        // addWeighted: a continuous image (one long row, widest vectors), ROIs (unaligned rows and
        // a partial last vector), in place, mixed depths and double arithmetic.
        { "addWeighted_continuous_8UC1", weighted(CV_8UC1, Size(32, 4), DST_NEW, false) },
        { "addWeighted_roi_8UC3", weighted(CV_8UC3, Size(13, 5), DST_ROI, true) },
        { "addWeighted_inplace_16SC2", weighted(CV_16SC2, Size(9, 3), DST_INPLACE, true) },
        { "addWeighted_32S_to_64F", weighted(CV_32SC1, Size(7, 6), DST_ROI, true, CV_64F) },
        { "addWeighted_32FC4", weighted(CV_32FC4, Size(5, 4), DST_NEW, true) },
        // sepFilter2D: every border rule, isolated and not, the fixed-point and float arithmetic,
        // 1-4 channels, direct (kernels of up to 7 taps), single pass and two passes, in place, long
        // kernels.
        { "sepFilter2D_smooth_8UC1_reflect101", filter(S, CV_8UC1, Size(19, 11), Size(5, 3), BORDER_REFLECT_101, COEFF_SMOOTH) },
        { "sepFilter2D_integer_8UC1_to_16S_replicate_isolated",
          filter(S, CV_8UC1, Size(12, 7), Size(3, 3), BORDER_REPLICATE | BORDER_ISOLATED, COEFF_INTEGER, Point(-1, -1), DST_ROI, CV_16S) },
        { "sepFilter2D_32FC3_constant_anchor_inplace",
          filter(S, CV_32FC3, Size(10, 9), Size(4, 5), BORDER_CONSTANT, COEFF_RANDOM, Point(0, 3), DST_INPLACE) },
        { "sepFilter2D_64FC1_wrap", filter(S, CV_64FC1, Size(9, 8), Size(3, 5), BORDER_WRAP) },
        { "sepFilter2D_16UC2_reflect", filter(S, CV_16UC2, Size(11, 6), Size(5, 5), BORDER_REFLECT, COEFF_RANDOM, Point(4, 0)) },
        { "sepFilter2D_8UC4_to_32F_constant_isolated",
          filter(S, CV_8UC4, Size(8, 5), Size(3, 1), BORDER_CONSTANT | BORDER_ISOLATED, COEFF_RANDOM, Point(-1, -1), DST_NEW, CV_32F) },
        { "sepFilter2D_two_pass_8UC1_reflect101", withTwoPass(filter(S, CV_8UC1, Size(14, 9), Size(5, 3), BORDER_REFLECT_101, COEFF_SMOOTH)) },
        { "sepFilter2D_two_pass_16SC3_wrap_inplace",
          withTwoPass(filter(S, CV_16SC3, Size(7, 10), Size(3, 7), BORDER_WRAP, COEFF_RANDOM, Point(2, 1), DST_INPLACE)) },
        { "sepFilter2D_long_kernel_32FC1", filter(S, CV_32FC1, Size(6, 5), Size(301, 9), BORDER_REFLECT) },
        { "sepFilter2D_kernel_larger_than_image_8UC1", filter(S, CV_8UC1, Size(3, 2), Size(9, 7), BORDER_REPLICATE) },
        // filter2D: direct windows (small kernels, up to 7x7 pixels: weights passed by value,
        // 32-bit word reads of 8/16-bit rows), tiled windows (larger kernels), weights beyond the
        // constant buffer, rank-one kernels run as sepFilter2D, in place (through a copy), every
        // border rule.
        { "filter2D_direct_8UC1_reflect101", filter(F, CV_8UC1, Size(15, 9), Size(3, 3), BORDER_REFLECT_101) },
        { "filter2D_direct_16UC1_wrap", filter(F, CV_16UC1, Size(13, 6), Size(5, 5), BORDER_WRAP, COEFF_RANDOM, Point(4, 0)) },
        { "filter2D_direct_32FC4_constant_anchor", filter(F, CV_32FC4, Size(9, 7), Size(3, 5), BORDER_CONSTANT, COEFF_RANDOM, Point(0, 1)) },
        { "filter2D_direct_8UC3_replicate_isolated", filter(F, CV_8UC3, Size(10, 6), Size(7, 7), BORDER_REPLICATE | BORDER_ISOLATED) },
        { "filter2D_tiled_8UC3_replicate_isolated", filter(F, CV_8UC3, Size(10, 6), Size(9, 7), BORDER_REPLICATE | BORDER_ISOLATED) },
        { "filter2D_tiled_16SC1_to_32F_reflect", filter(F, CV_16SC1, Size(12, 8), Size(8, 9), BORDER_REFLECT, COEFF_RANDOM, Point(-1, -1), DST_ROI, CV_32F) },
        { "filter2D_tiled_64FC2_inplace", filter(F, CV_64FC2, Size(9, 5), Size(11, 5), BORDER_REFLECT_101, COEFF_RANDOM, Point(-1, -1), DST_INPLACE) },
        { "filter2D_weights_beyond_constant_buffer_32FC1", [] {
              Case c = filter(F, CV_32FC1, Size(5, 4), Size(91, 91), BORDER_REFLECT_101);
              c.ktype = CV_64F;
              return c; }() },
        // One-lane float windows read as aligned vectors: an image large enough for 4-pixel-wide
        // blocks on a device of one compute unit (oclgrind's), a whole one (rows of whole 16-byte
        // vectors) into a new array of exactly its size, blocks shifted by 2 pixels (anchor x 2).
        { "filter2D_vector_windows_32FC1_shifted", [] {
              Case c = filter(F, CV_32FC1, Size(192, 176), Size(3, 5), BORDER_REFLECT, COEFF_RANDOM, Point(2, 1), DST_NEW);
              c.srcRoi = false;
              return c; }() },
        // 8-bit windows as vectors of 4 bytes (kernels above 3x3), blocks shifted by 1 pixel
        // (anchor x 3).
        { "filter2D_vector_windows_8UC1_shifted", [] {
              Case c = filter(F, CV_8UC1, Size(192, 176), Size(5, 5), BORDER_REFLECT_101, COEFF_RANDOM, Point(3, 1), DST_NEW);
              c.srcRoi = false;
              return c; }() },
        { "filter2D_rank_one_8UC1_as_separable", filter(F, CV_8UC1, Size(20, 9), Size(17, 17), BORDER_REPLICATE, COEFF_SMOOTH) },
        // Several work-groups in each direction (tiles, carries between them, groups' aprons).
        { "sepFilter2D_several_groups_16UC1", filter(S, CV_16UC1, Size(70, 37), Size(9, 7), BORDER_REFLECT_101) },
        { "sepFilter2D_direct_several_groups_8UC1", filter(S, CV_8UC1, Size(150, 70), Size(5, 5), BORDER_REFLECT_101, COEFF_SMOOTH) },
        { "sepFilter2D_direct_8UC3_reflect", filter(S, CV_8UC3, Size(13, 9), Size(3, 3), BORDER_REFLECT) },
        // The direct kernel's vector windows: as filter2D's above, blocks shifted by 1 pixel (anchor
        // x 3), so that the first block of each row starts left of the image.
        { "sepFilter2D_direct_vector_windows_32FC1_shifted", [] {
              Case c = filter(S, CV_32FC1, Size(192, 176), Size(5, 3), BORDER_WRAP, COEFF_RANDOM, Point(3, 1), DST_NEW);
              c.srcRoi = false;
              return c; }() },
        // The single pass built for its lengths (planned for large images), a short kernel on wide
        // pixels among them (planned instead of the direct kernel there).
        { "sepFilter2D_fixed_taps_8UC1_reflect101",
          withFixedTaps(filter(S, CV_8UC1, Size(40, 21), Size(9, 7), BORDER_REFLECT_101, COEFF_SMOOTH)) },
        { "sepFilter2D_fixed_taps_short_8UC4_wrap_isolated",
          withFixedTaps(filter(S, CV_8UC4, Size(23, 13), Size(5, 3), BORDER_WRAP | BORDER_ISOLATED)) },
        // The tensor cores' single pass (one-channel 8-bit, float sums; its mma emulated off NVIDIA):
        // several tiles each way, interior ones loaded by words (as sized for oclgrind's 32 KiB,
        // which take tiles of 32 rows; SepFilter2D_Tensor has interior tiles of 64 rows), every
        // length class up to 32 taps, in place, anchors at corners. 80 rows, not more: unoptimised
        // on oclgrind the 17x9 row took 400 s of the script's 750 at 160.
        { "sepFilter2D_tensor_8UC1_reflect101", withTensor(filter(S, CV_8UC1, Size(150, 80), Size(17, 9), BORDER_REFLECT_101, COEFF_RANDOM, Point(3, 6))) },
        { "sepFilter2D_tensor_31x31_8UC1_constant_inplace",
          withTensor(filter(S, CV_8UC1, Size(70, 40), Size(31, 31), BORDER_CONSTANT, COEFF_RANDOM, Point(-1, -1), DST_INPLACE)) },
        { "sepFilter2D_tensor_32x1_8UC1_wrap", withTensor(filter(S, CV_8UC1, Size(40, 30), Size(32, 1), BORDER_WRAP, COEFF_RANDOM, Point(31, 0))) },
        // Tiles inside the image, loaded by aligned 16-byte words shifted per row in local memory.
        { "sepFilter2D_interior_words_8UC1", filter(S, CV_8UC1, Size(150, 70), Size(9, 3), BORDER_REFLECT_101, COEFF_SMOOTH) },
        { "filter2D_several_groups_16UC1_tiled", filter(F, CV_16UC1, Size(70, 37), Size(9, 9), BORDER_CONSTANT) },
        // filter2D through the frequency domain (large kernels on 8-bit and float pixels): two
        // blocks per transform (one channel), two transforms per tile (3 and 4 channels), several
        // groups each way.
        { "filter2D_spectral_8UC1_reflect101", filter(F, CV_8UC1, Size(100, 50), Size(23, 19), BORDER_REFLECT_101, COEFF_RANDOM, Point(3, 15), DST_ROI) },
        { "filter2D_spectral_8UC4_wrap_inplace", filter(F, CV_8UC4, Size(50, 30), Size(23, 19), BORDER_WRAP, COEFF_RANDOM, Point(-1, -1), DST_INPLACE) },
        { "filter2D_spectral_32FC3_constant_isolated", filter(F, CV_32FC3, Size(30, 20), Size(17, 17), BORDER_CONSTANT | BORDER_ISOLATED) },
        { "integral_several_tiles_8UC1", integralCase(CV_8UC1, CV_32S, CV_64F, 3, Size(150, 70), true) },
        // integral: an 8-bit image of 4 channels, its tile rows in 16-bit lanes: in the three
        // launches' carried tiles (33 tiles of 32 on oclgrind's 32 KiB, more than one pass takes
        // on its one compute unit), and in the single pass (8 tiles of 32 there, 2 of 64 on PoCL).
        { "integral_carried_tiles_8UC4", integralCase(CV_8UC4, CV_32S, -1, 1, Size(330, 70), true) },
        { "integral_single_pass_narrow_rows_8UC4", integralCase(CV_8UC4, CV_32S, -1, 1, Size(100, 60), true) },
        // integral: the single pass with look-back over several tiles along rows and columns (3 x 2
        // tiles of 32 on oclgrind), sum and squared sum; the row above takes the three launches
        // there (more tiles than its one compute unit runs at once).
        { "integral_look_back_32FC2_sqsum", integralCase(CV_32FC2, CV_64F, CV_64F, 2, Size(70, 50), true) },
        // integral: the tilted sum's tiles in the upright single pass, two tile columns, and one
        // column of five tile rows (a round of bands behind the upright tiles); on a device with
        // 48 KiB of local memory, as GPUs have (scripts/oclgrind.sh), where the pass takes the
        // squared sum's tiles of 64 (one pass: up to 8 tiles there).
        { "integral_tilted_in_pass_8UC1", integralCase(CV_8UC1, CV_32S, CV_64F, 3, Size(100, 250), true) },
        { "integral_tilted_in_pass_rounds_8UC1", integralCase(CV_8UC1, CV_32S, CV_64F, 3, Size(60, 300), false) },
        // integral: every output, integer and float sums, 1-4 channels, ROIs.
        { "integral_8UC1_sum", integralCase(CV_8UC1, CV_32S, -1, 1, Size(21, 13), true) },
        { "integral_8UC3_all_outputs", integralCase(CV_8UC3, CV_32S, CV_64F, 3, Size(9, 7), true) },
        { "integral_8UC1_float_tilted", integralCase(CV_8UC1, CV_32F, CV_64F, 3, Size(7, 6), false) },
        // The tilted sum's bands and tiles for 16-byte sums (bands of 16 rows, tiles 32 wide):
        // 3 x 3 of them.
        { "integral_tilted_bands_16UC2", integralCase(CV_16UC2, CV_64F, CV_64F, 3, Size(70, 40), true) },
        { "integral_16UC4_sqsum", integralCase(CV_16UC4, CV_64F, CV_64F, 2, Size(6, 5), true) },
        { "integral_8UC2_float_sums", integralCase(CV_8UC2, CV_32F, CV_32F, 2, Size(11, 4), true) },
        // The tilted sum of floating-point images: scans along diagonals (integral_diagonal.cl) in
        // chunks of 8 rows, two or three of them; diagonals of more than one work-group.
        { "integral_tilted_32FC3", integralCase(CV_32FC3, CV_32F, CV_64F, 3, Size(280, 12), true) },
        { "integral_tilted_64FC1", integralCase(CV_64FC1, CV_64F, CV_64F, 3, Size(9, 20), false) },
        // ... all in float (in float sums too where the device has no doubles).
        { "integral_tilted_32FC1_float_sums", integralCase(CV_32FC1, CV_32F, CV_32F, 3, Size(19, 17), true) },
    };
    return table;
}

std::string rowName(const ::testing::TestParamInfo<int>& param)
{
    return rows()[param.param].name;
}

typedef ::testing::TestWithParam<int> Reduced;

TEST_P(Reduced, kernel_path_matches_cv)
{
    const Row& row = rows()[GetParam()];
    RNG rng = testRng();
    EXPECT_TRUE(runCase(row.c, rng));
}

INSTANTIATE_TEST_CASE_P(gpuconv, Reduced, ::testing::Range(0, (int)rows().size()),
                        rowName);

/** Row `row` of the table as on a smaller device than the test's: the configuration parameter
    `variable` caps what the plans read of it, and KernelLaunch refuses a launch beyond the cap,
    which fails the case with fallbacks forbidden. */
void expectRowWithin(int row, const char* variable, const char* cap)
{
    ScopedEnv capped(variable, cap);
    RNG rng = testRng();
    EXPECT_TRUE(runCase(rows()[row].c, rng));
}

// Every path again as on a device that takes at most 64 work items per group (maxGroupItems):
// each plan has to fit the device it runs on, not a GPU's 256 or more.
typedef ::testing::TestWithParam<int> SmallGroups;

TEST_P(SmallGroups, kernel_path_fits_and_matches_cv)
{
    expectRowWithin(GetParam(), "OPENCV_GPUCONV_MAX_GROUP_ITEMS", "64");
}

INSTANTIATE_TEST_CASE_P(gpuconv, SmallGroups, ::testing::Range(0, (int)rows().size()),
                        rowName);

// Every path again as on a device of 8 KiB of local memory, a quarter of the least a full-profile
// OpenCL device has (maxLocalBytes; the launch's kernel counted with its __local arguments).
typedef ::testing::TestWithParam<int> SmallLocalMemory;

TEST_P(SmallLocalMemory, kernel_path_fits_and_matches_cv)
{
    expectRowWithin(GetParam(), "OPENCV_GPUCONV_MAX_LOCAL_BYTES", "8192");
}

INSTANTIATE_TEST_CASE_P(gpuconv, SmallLocalMemory, ::testing::Range(0, (int)rows().size()),
                        rowName);

} // namespace
} // namespace gpuconv_test
