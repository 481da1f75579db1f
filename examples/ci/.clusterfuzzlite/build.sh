#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of your library's AABB code, fuzzed differentially against
# aabb-oracle's exact evaluator (docs/fuzzing-your-library.md in aabb-oracle). Runs in your
# repository's root ($SRC/project in the image) with the engine's $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE $OUT (and $WORK for build trees). Writes:
#   $OUT/aabb_fuzz_<name>          the fuzz target: your ABI functions + aabb::fuzz_driver
#   $OUT/aabb_fuzz_<name>.options  its libFuzzer options (a timeout that turns a hang into a finding)
#
# Settings (environment, or edit the defaults):
#   AABB_PLUGIN_SOURCES  your sources that define the aabb_ / aabb2_ functions, space-separated,
#                        relative to the repository (C or C++)
#   AABB_PLUGIN_INCLUDES include directories they need, space-separated
#   AABB_PLUGIN_FLAGS    further compile flags for them (-DNAME=VALUE, -std=...)
#   AABB_FUZZ_NAME       the target's name (aabb_fuzz_<name>)
#   AABB_ORACLE_SRC      aabb-oracle's source tree (the Dockerfile clones it to $SRC/aabb-oracle)
: "${AABB_PLUGIN_SOURCES:=src/aabb_abi.c}"
: "${AABB_PLUGIN_INCLUDES:=}"
: "${AABB_PLUGIN_FLAGS:=}"
: "${AABB_FUZZ_NAME:=yours}"
: "${AABB_ORACLE_SRC:=$SRC/aabb-oracle}"
: "${WORK:=$(mktemp -d)}"
project="$(pwd)"

# 1. aabb::fuzz_driver, installed under $WORK. The driver is the oracle, not the code under test:
#    it is built without coverage instrumentation (libFuzzer is guided by your code alone), with
#    the sanitizer flags otherwise as given.
driver_cflags="${CFLAGS//-fsanitize=fuzzer-no-link/}"
driver_cxxflags="${CXXFLAGS//-fsanitize=fuzzer-no-link/}"
cmake -S "$AABB_ORACLE_SRC" -B "$WORK/aabb-oracle-build" -G Ninja \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$driver_cflags" -DCMAKE_CXX_FLAGS="$driver_cxxflags" -DCMAKE_BUILD_TYPE= \
  -DCMAKE_INSTALL_PREFIX="$WORK/aabb-oracle" \
  -DAABB_BUILD_TESTS=OFF -DAABB_BUILD_FUZZERS=OFF -DAABB_BUILD_BENCHMARKS=OFF
cmake --build "$WORK/aabb-oracle-build" -j"$(nproc)" --target aabb_fuzz_driver
cmake --install "$WORK/aabb-oracle-build" >/dev/null  # the tool is not built: its install is optional

# 2. The fuzz target: your sources with coverage ($CFLAGS as given), the driver, the engine.
sources=()
for s in $AABB_PLUGIN_SOURCES; do sources+=("$project/$s"); done
includes=()
for d in $AABB_PLUGIN_INCLUDES; do includes+=("$project/$d"); done
cmake -S "$project/fuzz" -B "$WORK/fuzz-build" -G Ninja \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_BUILD_TYPE= \
  -DCMAKE_PREFIX_PATH="$WORK/aabb-oracle" \
  -DAABB_PLUGIN_SOURCES="$(IFS=';'; echo "${sources[*]}")" \
  -DAABB_PLUGIN_INCLUDES="$(IFS=';'; echo "${includes[*]}")" -DAABB_PLUGIN_FLAGS="$AABB_PLUGIN_FLAGS" \
  -DAABB_FUZZ_NAME="$AABB_FUZZ_NAME" -DLIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$WORK/fuzz-build" -j"$(nproc)"
cp "$WORK/fuzz-build/aabb_fuzz_$AABB_FUZZ_NAME" "$OUT/"
printf '[libfuzzer]\ntimeout = 5\n' > "$OUT/aabb_fuzz_$AABB_FUZZ_NAME.options"
