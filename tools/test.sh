#!/usr/bin/env bash
# Sets everything up and runs the whole test suite: an optimised build, then a build under
# AddressSanitizer and UndefinedBehaviorSanitizer (each replays every fuzz corpus under g++ in
# ctest), then a short libFuzzer campaign under clang with ASan + UBSan (fails on any crash or
# broken contract) and the fuzz suite's teeth (each seeded bug of optimized/ found, right clause
# named). Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time, printed as it ends and summed up at the end (CI's budget is watched).
times=()
stage() {
  local name=$1 t0=$SECONDS
  shift
  "$@"
  times+=("$(printf '%5d s  %s' $((SECONDS - t0)) "$name")")
  echo "=== stage done in $((SECONDS - t0)) s: $name"
}
stage "setup" bash tools/setup.sh
# The tests need no benchmark program: the release build leaves them out (tools/perf.sh builds
# and runs them); AABB_TEST_BENCHMARKS=ON builds them here too.
for preset in release asan-ubsan; do
  echo "=== test suite: preset $preset"
  extra=()
  [ "$preset" = release ] && extra=(-DAABB_BUILD_BENCHMARKS="${AABB_TEST_BENCHMARKS:-OFF}")
  stage "$preset: configure" cmake --preset "$preset" "${extra[@]}"
  stage "$preset: build" cmake --build --preset "$preset"
  stage "$preset: ctest" ctest --preset "$preset"
done
echo "=== fuzz: short libFuzzer campaign (${AABB_FUZZ_SECONDS:-20}s per target)"
stage "fuzz campaign" bash tools/fuzz.sh --seconds "${AABB_FUZZ_SECONDS:-20}" --no-merge
echo "=== fuzz: teeth (seeded bugs)"
stage "fuzz teeth" bash tools/fuzz_teeth.sh --limit "${AABB_TEETH_LIMIT:-120}"
echo "=== test suite: every preset, the fuzz campaign and the teeth passed in $SECONDS s"
printf '  %s\n' "${times[@]}"
