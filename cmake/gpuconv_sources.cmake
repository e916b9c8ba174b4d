# The one list of gpuconv's sources, shared by the standalone build (CMakeLists.txt) and the
# in-tree OpenCV module (modules/gpuconv/CMakeLists.txt).
get_filename_component(GPUCONV_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

# gpuconv enqueues its kernels through the OpenCL API itself (src/launch.hpp says why), and so do
# some tests and benchmarks: every file that includes CL/cl.h targets OpenCL 1.2's, what OpenCV
# asks of a device, instead of the headers' default (3.0, with a note in the build for each file).
add_compile_definitions(CL_TARGET_OPENCL_VERSION=120)

set(GPUCONV_PUBLIC_HEADERS "${GPUCONV_ROOT}/include/opencv2/gpuconv.hpp")
file(GLOB GPUCONV_LIB_SOURCES CONFIGURE_DEPENDS "${GPUCONV_ROOT}/src/*.cpp" "${GPUCONV_ROOT}/src/*.hpp")
file(GLOB GPUCONV_KERNEL_FILES CONFIGURE_DEPENDS "${GPUCONV_ROOT}/opencl/*.cl" "${GPUCONV_ROOT}/opencl/common/*.cl")
file(GLOB GPUCONV_TEST_SOURCES CONFIGURE_DEPENDS "${GPUCONV_ROOT}/test/*.cpp" "${GPUCONV_ROOT}/test/*.hpp")
file(GLOB GPUCONV_PERF_SOURCES CONFIGURE_DEPENDS "${GPUCONV_ROOT}/perf/*.cpp" "${GPUCONV_ROOT}/perf/*.hpp")
file(GLOB GPUCONV_SAMPLE_SOURCES CONFIGURE_DEPENDS "${GPUCONV_ROOT}/samples/*.cpp")

# gpuconv_embed_kernels(<out_dir> <sources_var>): generates gpuconv_kernels.{hpp,cpp} in <out_dir>
# from opencl/*.cl at build time and appends the .cpp to <sources_var>.
function(gpuconv_embed_kernels out_dir sources_var)
  set(generated "${out_dir}/gpuconv_kernels.cpp" "${out_dir}/gpuconv_kernels.hpp")
  add_custom_command(
    OUTPUT ${generated}
    COMMAND "${CMAKE_COMMAND}" -DKERNEL_DIR=${GPUCONV_ROOT}/opencl -DOUTPUT_DIR=${out_dir}
            -P "${GPUCONV_ROOT}/cmake/embed_kernels.cmake"
    DEPENDS ${GPUCONV_KERNEL_FILES} "${GPUCONV_ROOT}/cmake/embed_kernels.cmake"
    COMMENT "Embedding gpuconv OpenCL kernels"
    VERBATIM)
  set(${sources_var} ${${sources_var}} ${generated} PARENT_SCOPE)
endfunction()
