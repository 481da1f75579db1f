#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script (docs/fuzzing.md, "Scaling out"). Builds every fuzz
# target with the engine's toolchain and puts into $OUT, for each target aabb_fuzz_<name>:
#   aabb_fuzz_<name>                   the fuzzer, linked with $LIB_FUZZING_ENGINE
#   aabb_fuzz_<name>_seed_corpus.zip   fuzz/corpus/<name>/ and fuzz/regressions/<name>/
#   aabb_fuzz_<name>.options           fuzz/options/<name>.options
#   <dict>.dict                        the dictionary that .options file names
# Honours $CC, $CXX, $CFLAGS, $CXXFLAGS, $LIB_FUZZING_ENGINE, $OUT, $SRC (and $WORK for the
# build tree). Needs cmake, python3 (zip files), and the Debian packages of tools/setup.sh.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${SRC:=$(dirname "$root")}"
: "${CC:=clang}" "${CFLAGS:=}" "${CXXFLAGS:=}"
: "${WORK:=$(mktemp -d)}"
build="$WORK/aabb-oracle-build"
mkdir -p "$OUT" "$build"

targets=($(cd "$root/fuzz" && ls *_fuzzer.cpp | sed "s/_fuzzer.cpp$//"))

# Ninja where the image has it: CMake's Makefiles build the listed targets one after another
# (their top level is .NOTPARALLEL), Ninja builds them side by side on every core.
generator=()
if command -v ninja >/dev/null; then
  generator=(-G Ninja)
  # A tree configured with another generator (an earlier build without Ninja) cannot be reused.
  if [ -f "$build/CMakeCache.txt" ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$build/CMakeCache.txt"; then
    rm -rf "$build"
    mkdir -p "$build"
  fi
fi

# No CMAKE_BUILD_TYPE: the engine's $CXXFLAGS alone decide optimisation and instrumentation.
cmake -S "$root" -B "$build" "${generator[@]}" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_BUILD_TYPE= \
  -DAABB_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" -DAABB_BUILD_FUZZERS=ON \
  -DAABB_BUILD_TESTS=OFF -DAABB_BUILD_BENCHMARKS=OFF -DAABB_INSTALL=OFF
cmake --build "$build" -j"$(nproc)" --target "${targets[@]/#/aabb_fuzz_}"

for t in "${targets[@]}"; do
  name="aabb_fuzz_$t"
  cp "$build/bin/$name" "$OUT/"
  python3 - "$OUT/${name}_seed_corpus.zip" "$root/fuzz/corpus/$t" "$root/fuzz/regressions/$t" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for prefix, d in (("seed-", sys.argv[2]), ("regression-", sys.argv[3])):
        for f in sorted(os.listdir(d)):
            if not f.startswith("."):
                z.write(os.path.join(d, f), prefix + f)
PY
  if [ -f "$root/fuzz/options/$t.options" ]; then
    cp "$root/fuzz/options/$t.options" "$OUT/$name.options"
    dict=$(sed -n 's/^[[:space:]]*dict[[:space:]]*=[[:space:]]*//p' "$root/fuzz/options/$t.options")
    [ -z "$dict" ] || cp "$root/fuzz/dict/$dict" "$OUT/$dict"
  fi
done
echo "build.sh: ${#targets[@]} fuzz targets in $OUT"
