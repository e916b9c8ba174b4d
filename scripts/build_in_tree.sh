#!/usr/bin/env bash
# Builds gpuconv inside OpenCV 4.6 (Debian's source package, the same OpenCV the standalone build
# uses as its oracle) as an extra module, and runs opencv_test_gpuconv and opencv_perf_gpuconv on
# OpenCV's own test framework (opencv_ts), and the Python bindings' tests
# (modules/gpuconv/misc/python/test) on OpenCV's Python test runner.
#
#   scripts/build_in_tree.sh            # fetch (once), configure, build, test
#
# Idempotent: the source package is fetched once into $GPUCONV_INTREE_DIR/src, and the build
# directory is reused, so a second run only rebuilds what changed.
# Environment:
#   GPUCONV_INTREE_DIR   work area (default <repo>/build-intree, git-ignored)
#   GPUCONV_INTREE_JOBS  parallel compile jobs (default 2)
#   GPUCONV_INTREE_TEST_SHARDS  see "Accuracy tests" below (default 1 = the whole suite)
# Needs root for apt-get when a package or the deb-src entry is missing.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${GPUCONV_INTREE_DIR:-$repo/build-intree}
jobs=${GPUCONV_INTREE_JOBS:-2}
shards=${GPUCONV_INTREE_TEST_SHARDS:-1}
src_cache=$work/src
build=$work/build

step() { printf '\n=== [%s] %s\n' "$(date +%T)" "$*"; }
# checked LOG SHOWN NEEDED COMMAND...: runs COMMAND with its output in LOG and shows LOG's lines that
# match SHOWN; if COMMAND fails, or no line matches NEEDED (when not empty), shows LOG's tail and
# exits.
checked() {
  local log=$1 shown=$2 needed=$3 status=0
  shift 3
  "$@" > "$log" 2>&1 || status=$?
  grep -E "$shown" "$log" || true
  if ((status)) || { [[ -n $needed ]] && ! grep -qE "$needed" "$log"; }; then
    tail -n 30 "$log"
    exit $((status ? status : 1))
  fi
}

# ---- prerequisites ------------------------------------------------------------------------------
# dpkg-dev unpacks the source package; opencl-headers + ocl-icd-opencl-dev are the OpenCL headers
# OpenCV is built against (Debian's dfsg source drops 3rdparty/, bundled headers included);
# pocl-opencl-icd is the CPU OpenCL device the tests run on; python3-dev and python3-numpy build
# and run the cv2 module; libjpeg-dev and libpng-dev are its image codecs, opencv-doc the image the
# Python tests read.
packages=(dpkg-dev cmake ninja-build g++ zlib1g-dev opencl-headers ocl-icd-opencl-dev pocl-opencl-icd
          python3-dev python3-numpy libjpeg-dev libpng-dev opencv-doc)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
apt_updated=0
if ((${#missing[@]})); then
  step "installing ${missing[*]}"
  apt-get update -qq && apt_updated=1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ---- OpenCV 4.6 source (Debian bookworm source package, patches applied) -------------------------
find_ocv_src() { find "$src_cache" -mindepth 1 -maxdepth 1 -type d -name 'opencv-4.6.0*' 2>/dev/null | head -n1 || true; }
ocv_src=$(find_ocv_src)
if [[ -z "$ocv_src" || ! -f "$src_cache/.unpacked" ]]; then
  if ! grep -qsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
       /etc/apt/sources.list.d/*.sources; then
    step "adding a deb-src entry for bookworm"
    cat > /etc/apt/sources.list.d/gpuconv-debian-src.sources <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt_updated=0
  fi
  ((apt_updated)) || apt-get update -qq
  step "fetching the opencv source package into $src_cache"
  rm -rf "$src_cache"
  mkdir -p "$src_cache"
  (cd "$src_cache" && apt-get source -qq opencv 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
  ocv_src=$(find_ocv_src)
  [[ -n "$ocv_src" && -f "$ocv_src/CMakeLists.txt" ]] || { echo "apt-get source opencv gave no OpenCV 4.6.0 tree" >&2; exit 1; }
  touch "$src_cache/.unpacked"
fi

# ---- configure ----------------------------------------------------------------------------------
# BUILD_LIST: opencv_ts requires videoio and highgui, so OpenCV adds them to the list itself; every
# backend they could pull in is off. Image codecs: JPEG and PNG only, through Debian's libjpeg and
# libpng (libopencv-dev brings their -dev packages), so that the Python tests can run README's
# example on an opencv-doc JPEG. Tests and perf tests are built for gpuconv only. python3 is the
# cv2 module, python_tests writes the list of test folders its runner reads; Debian's interpreter,
# named, is the one that has python3-numpy (a python3 found first on PATH may lack it, and OpenCV
# then leaves the bindings out).
# CPU_BASELINE and CPU_DISPATCH (left at its default) as in Debian's package (debian/rules): cv::
# results differ in the last bits between SIMD paths (e.g. float filters with and without FMA), and
# the tests' tolerances are set against Debian's build, the project's oracle. An empty CPU_DISPATCH
# builds faster but fails sepFilter2D float cases by a few ulps. -O2 as well: Debian builds with
# dpkg-buildflags' -O2 in place of OpenCV's -O3, and -O3 changes some float results too.
# Precompiled headers: the same objects, built in 417 s instead of 554 s here (two cores, cold).
# OPENCV_VCSVERSION is pinned to the package version: left alone, OpenCV runs `git describe`, which
# finds this repository around the unpacked source and would rebuild core on every commit.
step "configuring OpenCV in $build"
dsc=$(find "$src_cache" -maxdepth 1 -name 'opencv_*.dsc' | head -n1 || true)
package_version=$(basename "${dsc:-opencv_4.6.0.dsc}" .dsc); package_version=${package_version#opencv_}
generator=(-G Ninja)
command -v ninja >/dev/null || generator=(-G "Unix Makefiles")
modules=core,imgproc,imgcodecs,videoio,highgui,ts,gpuconv,python3,python_tests
config=(
  -DCMAKE_BUILD_TYPE=Release -DOPENCV_VCSVERSION="$package_version (Debian source package)"
  -DCMAKE_CXX_FLAGS_RELEASE=-O2 -DCMAKE_C_FLAGS_RELEASE=-O2
  -DOPENCV_EXTRA_MODULES_PATH="$repo/modules"
  -DBUILD_TESTS=ON -DBUILD_PERF_TESTS=ON
  -DOPENCV_BUILD_TEST_MODULES_LIST=gpuconv -DOPENCV_BUILD_PERF_TEST_MODULES_LIST=gpuconv
  -DBUILD_EXAMPLES=OFF -DBUILD_DOCS=OFF -DBUILD_opencv_apps=OFF -DBUILD_JAVA=OFF
  -DBUILD_opencv_python2=OFF -DBUILD_opencv_python3=ON -DBUILD_opencv_js=OFF
  -DPYTHON3_EXECUTABLE=/usr/bin/python3 -DPYTHON_DEFAULT_EXECUTABLE=/usr/bin/python3
  -DENABLE_PRECOMPILED_HEADERS=ON -DBUILD_WITH_DEBUG_INFO=OFF
  -DCPU_BASELINE=SSE2 -DCPU_BASELINE_DISABLE=SSE3 -UCPU_DISPATCH
  -DWITH_OPENCL=ON -DOPENCL_INCLUDE_DIR=/usr/include
  -DOPENCV_DOWNLOAD_TRIES_LIST=
  -DWITH_IPP=OFF -DWITH_ITT=OFF -DWITH_TBB=OFF -DWITH_OPENMP=OFF -DWITH_EIGEN=OFF
  -DWITH_LAPACK=OFF -DWITH_PROTOBUF=OFF -DWITH_ADE=OFF -DWITH_QUIRC=OFF -DWITH_CAROTENE=OFF
  -DWITH_CUDA=OFF -DWITH_VA=OFF -DWITH_VA_INTEL=OFF -DWITH_OPENGL=OFF -DWITH_VTK=OFF
  -DWITH_JPEG=ON -DWITH_PNG=ON -DWITH_TIFF=OFF -DWITH_WEBP=OFF -DWITH_OPENJPEG=OFF
  -DWITH_JASPER=OFF -DWITH_OPENEXR=OFF -DWITH_GDAL=OFF -DWITH_GDCM=OFF
  -DWITH_FFMPEG=OFF -DWITH_GSTREAMER=OFF -DWITH_V4L=OFF -DWITH_1394=OFF -DWITH_GPHOTO2=OFF
  -DWITH_PVAPI=OFF -DWITH_ARAVIS=OFF -DWITH_XINE=OFF -DWITH_OPENNI=OFF -DWITH_OPENNI2=OFF
  -DVIDEOIO_ENABLE_PLUGINS=OFF -DWITH_GTK=OFF -DWITH_QT=OFF -DHIGHGUI_ENABLE_PLUGINS=OFF
)
# OpenCV's precompiled headers keep cvconfig.h out of Ninja's record of what an object depends on,
# so an option that changes cvconfig.h leaves objects compiled for the old one (turning on the JPEG
# codec left its decoder compiled out, and the link failed): a build directory configured with
# other options, or from before they were recorded, starts afresh.
options_used="$build/gpuconv-configure-options"
options=$(printf '%s\n' "${config[@]}" "$modules")
if [[ -f "$build/CMakeCache.txt" ]] && ! cmp -s <(echo "$options") "$options_used"; then
  step "the configure options differ from those $build was built with: starting it afresh"
  rm -rf "$build"
fi
checked "$work/configure.log" '^-- +(Disabled by dependency|To be built|OpenCL):' '' \
  cmake -S "$ocv_src" -B "$build" "${generator[@]}" -Wno-dev "${config[@]}" -DBUILD_LIST="$modules"
echo "$options" > "$options_used"

# With opencv_world (BUILD_opencv_world) the modules that are part of it build as one library;
# gpuconv stays a library of its own (modules/gpuconv/CMakeLists.txt says why). Configured only,
# which is where that broke: built once, its tests passed as they do here (README.md).
step "configuring the same with opencv_world, log in $work/configure-world.log"
rm -rf "$work/build-world"
checked "$work/configure-world.log" '^-- +To be built:' '' \
  cmake -S "$ocv_src" -B "$work/build-world" "${generator[@]}" -Wno-dev "${config[@]}" \
  -DBUILD_LIST="$modules,world" -DBUILD_opencv_world=ON

# ---- build --------------------------------------------------------------------------------------
# OpenCV's own sources are compiled too (about 230 steps on a fresh build): their warnings stay in
# the log, gpuconv's are shown.
step "building opencv_test_gpuconv, opencv_perf_gpuconv and cv2 (-j$jobs), log in $work/build.log"
status=0
cmake --build "$build" --parallel "$jobs" --target opencv_test_gpuconv opencv_perf_gpuconv opencv_python3 \
  > "$work/build.log" 2>&1 || status=$?
grep -E "^$repo/(src|include|opencl|test|perf|modules)/.*(warning|error):" "$work/build.log" || true
if ((status)); then
  grep -E '(error|FAILED)' "$work/build.log" | head -n 40
  tail -n 20 "$work/build.log"
  exit "$status"
fi

# ---- accuracy tests -----------------------------------------------------------------------------
# On PoCL (the CPU OpenCL device) and with fallbacks forbidden, so CPU work cannot pass for OpenCL
# work. The whole suite but Large.* (below) runs by default. Cold, it is dominated by PoCL
# compiling kernels (~9 min on a busy 2-core machine); after the standalone tests
# (scripts/test.sh) it takes ~40 s,
# since both builds embed the same kernel sources and so hit the same OpenCV (~/.cache/opencv) and
# PoCL on-disk program caches: run this script after those. If that ever is too slow,
# GPUCONV_INTREE_TEST_SHARDS=N runs one fixed GoogleTest shard of N: a cross-section of every
# test case rather than a name filter that new tests could slip past; the standalone build still
# runs everything.
bin=$build/bin
export OPENCV_OPENCL_DEVICE=:CPU: OPENCV_GPUCONV_FALLBACK=0
# One PoCL compile per kernel rather than per work-group size: see scripts/test.sh.
export POCL_WORK_GROUP_SPECIALIZATION="${POCL_WORK_GROUP_SPECIALIZATION-0}"
# $jobs processes at once (the tests are mostly single-threaded: one process took 115 s of a warm
# run on two cores): the whole suite in groups of whole functions' tests (scripts/test_groups.sh),
# or the shard in GoogleTest shards of it.
# Large.* (16384x16384 images, ~80 s of one core on PoCL) runs in the standalone suite only: the
# same kernels and host code, and here the whole suite's slowest process.
source "$repo/scripts/test_groups.sh"
test_groups=()
if ((shards == 1)); then
  split_tests_by_function "$jobs" 'Large.*'
fi
processes=$(( ${#test_groups[@]} > 0 ? ${#test_groups[@]} : jobs ))
step "opencv_test_gpuconv (shard 1 of $shards, in $processes processes), log in $work/test.log"
# Run summary lines only here; the full output (device report, every case) goes to the log.
summary='^\[ *(==========|PASSED|FAILED|SKIPSTAT|DEVICE|TABLE) *\]'
summarize() { grep -E "$summary" "$1" || true; }
status=0
pids=()
for ((i = 0; i < processes; ++i)); do
  if ((${#test_groups[@]} > 0)); then
    "$bin/opencv_test_gpuconv" --gtest_filter="${test_groups[$i]}" > "$work/test-$i.log" 2>&1 &
  else
    GTEST_TOTAL_SHARDS=$((shards * jobs)) GTEST_SHARD_INDEX=$i "$bin/opencv_test_gpuconv" \
      --gtest_filter='-Large.*' > "$work/test-$i.log" 2>&1 &
  fi
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || status=$?
done
for ((i = 0; i < processes; ++i)); do cat "$work/test-$i.log"; done > "$work/test.log"
for ((i = 0; i < processes; ++i)); do summarize "$work/test-$i.log"; done
if ((status)); then
  tail -n 30 "$work/test.log"
  exit "$status"
fi
# A test skipped through opencv_ts (SkipTestException) is a pass to GoogleTest, but opencv_ts
# counts it on a "[ SKIPSTAT ]" line: not a pass here, as in scripts/test.sh.
if grep -qE '^\[ SKIPSTAT \] [1-9][0-9]* tests skipped' "$work/test.log"; then
  echo "opencv_test_gpuconv: skipped tests are not passes" >&2
  exit 1
fi

# ---- perf tests ---------------------------------------------------------------------------------
# Only proves the binary links and starts on opencv_ts's perf framework: list the cases and run the
# first one with a single sample of one call. Figures come from the real device, not from here.
step "opencv_perf_gpuconv (smoke run), log in $work/perf.log"
"$bin/opencv_perf_gpuconv" --gtest_list_tests > "$work/perf_list.txt" 2>&1
first_case=$(awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1; exit }' "$work/perf_list.txt")
[[ -n "$first_case" ]] || { echo "opencv_perf_gpuconv lists no cases" >&2; exit 1; }
checked "$work/perf.log" "$summary" '' env GPUCONV_PERF_SAMPLES=1 GPUCONV_PERF_CALLS=1 \
  "$bin/opencv_perf_gpuconv" --gtest_filter="$first_case"

# ---- Python bindings ----------------------------------------------------------------------------
# OpenCV's runner discovers the tests of every wrapped module from the build's
# opencv_python_tests.cfg; the filter keeps it to gpuconv's (OpenCV's own need modules not built
# here). It passes when it finds none, so the count found is checked too.
step "Python tests (cv2.gpuconv), log in $work/python.log"
python_tests() (
  cd "$build" && OPENCV_PYTEST_FILTER='test_gpuconv*' PYTHONPATH="$build/python_loader" \
    /usr/bin/python3 "$ocv_src/modules/python/test/test.py" --repo "$ocv_src" -v
)
checked "$work/python.log" '^(Ran [0-9]+ tests|OK|FAILED)' '^Ran [1-9][0-9]* tests' python_tests

# ---- an application against the installed OpenCV -----------------------------------------------
# How a user of OpenCV with extra modules builds one: install, then find_package(OpenCV COMPONENTS
# gpuconv). The same application as .ci/run's against the standalone package. Run with the
# install's libraries first: the executable's RUNPATH does not reach the libraries' own
# dependencies, which the loader would otherwise take from Debian's OpenCV of the same soname.
step "installing into $work/install; test/install_consumer against it, log in $work/consumer.log"
rm -rf "$work/install" "$work/consumer"
consumer() {
  cmake --install "$build" --prefix "$work/install" &&
    cmake -S "$repo/test/install_consumer" -B "$work/consumer" -DOpenCV_DIR="$work/install/lib/cmake/opencv4" &&
    cmake --build "$work/consumer" &&
    LD_LIBRARY_PATH="$work/install/lib" "$work/consumer/gpuconv_consumer"
}
checked "$work/consumer.log" 'gpuconv_consumer' 'gpuconv_consumer links opencv_gpuconv' consumer
step "in-tree build and tests passed"
