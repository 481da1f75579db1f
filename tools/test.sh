#!/usr/bin/env bash
# Sets everything up and runs the whole test suite, each test in the build where it checks what it
# is for, then a short libFuzzer campaign under clang with ASan + UBSan (fails on any crash or
# broken contract) and the fuzz suite's teeth (each seeded bug of optimized/ found, right clause
# named). Exits non-zero on the first failure.
#
#   bash tools/test.sh           the CI tier (README, "Test tiers"):
#       release (-O3, as shipped): the RapidCheck properties (properties/: the float contracts of
#         optimized/ and filtered/ at the optimisation users ship), the unit tests, the seed
#         listings, the g++ replays of every fuzz corpus;
#       asan-ubsan: every other test (eval, check, vectors, the registry, the package, the
#         unit tests again) under AddressSanitizer and UBSan (the corpus replays run under ASan +
#         UBSan in the fuzz campaign, which starts from every corpus and regression input);
#       aarch64: the unit tests, properties and corpus replays cross-built for aarch64 and run
#         under qemu-user (tools/aarch64.sh: the contracts on a platform without x87);
#       the fuzz campaign: its targets built by fuzz/build.sh as OSS-Fuzz builds them, $OUT
#         checked as the ctest fuzz.build_sh checks it (tools/fuzz.sh --build-sh).
#       The fuzz driver's correct-op campaigns (ctest fuzz_driver.correct) run 100000 runs per op.
#   bash tools/test.sh --full    every test in both builds (the properties under the sanitizers
#                                too, the tool's tests at -O3 too), and the correct-op campaigns
#                                at 400000 runs: about twice the build time.
set -euo pipefail
cd "$(dirname "$0")/.."
tier=ci
case "${1:-}" in
  --full) tier=full ;;
  "") ;;
  *) echo "usage: bash tools/test.sh [--full]" >&2; exit 2 ;;
esac
[ "${AABB_TEST_TIER:-}" = full ] && tier=full
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
# and runs them); AABB_TEST_BENCHMARKS=ON builds them here too. Every option is passed each time,
# so that a build directory configured for the other tier (or by tools/run.sh) follows this one.
echo "=== test suite: tier $tier"
for preset in release asan-ubsan; do
  echo "=== test suite: preset $preset"
  extra=(-DAABB_BUILD_TOOLS=ON -DAABB_BUILD_PROPERTIES=ON -DAABB_BUILD_FUZZ_DRIVER=ON -DAABB_BUILD_FUZZERS=ON)
  if [ "$tier" = ci ]; then
    # Each test in one build: the properties where the float contracts are shipped, the tool's
    # tests under the sanitizers. The static aabb::fuzz_driver is built by its own test
    # (ci_kit.build_sh, with clang, as a user's ClusterFuzzLite build does), not here too.
    [ "$preset" = release ] && extra=(-DAABB_BUILD_TOOLS=OFF -DAABB_BUILD_PROPERTIES=ON -DAABB_BUILD_FUZZERS=ON)
    [ "$preset" = asan-ubsan ] && extra=(-DAABB_BUILD_TOOLS=ON -DAABB_BUILD_PROPERTIES=OFF -DAABB_BUILD_FUZZ_DRIVER=OFF
                                         -DAABB_BUILD_FUZZERS=OFF)
  fi
  [ "$preset" = release ] && extra+=(-DAABB_BUILD_BENCHMARKS="${AABB_TEST_BENCHMARKS:-OFF}")
  # fuzz_driver.correct's campaigns: 100000 runs per correct op in the CI tier, the 400000-run
  # soak in the full tier (README, "Test tiers").
  correct_runs=400000
  [ "$tier" = ci ] && correct_runs=100000
  extra+=(-DAABB_FUZZ_DRIVER_CORRECT_RUNS="$correct_runs")
  stage "$preset: configure" cmake --preset "$preset" "${extra[@]}"
  stage "$preset: build" cmake --build --preset "$preset"
  skip=()
  # The CI tier's fuzz campaign builds its targets with fuzz/build.sh and checks $OUT as
  # fuzz.build_sh does (tools/fuzz.sh --build-sh, with libFuzzer and the sanitizers instead of
  # the standalone engine): one build of every target instead of two.
  [ "$tier" = ci ] && [ "$preset" = release ] && skip=(-E '^fuzz\.build_sh$')
  stage "$preset: ctest" ctest --preset "$preset" "${skip[@]}"
done
echo "=== aarch64: cross-built tests under qemu-user"
stage "aarch64" bash tools/aarch64.sh
echo "=== fuzz: short libFuzzer campaign (${AABB_FUZZ_SECONDS:-20}s per target)"
build_sh=()
[ "$tier" = ci ] && build_sh=(--build-sh)
stage "fuzz campaign" bash tools/fuzz.sh --seconds "${AABB_FUZZ_SECONDS:-20}" --no-merge "${build_sh[@]}"
echo "=== fuzz: teeth (seeded bugs)"
stage "fuzz teeth" bash tools/fuzz_teeth.sh --limit "${AABB_TEETH_LIMIT:-120}"
echo "=== test suite ($tier tier): every preset, the fuzz campaign and the teeth passed in $SECONDS s"
printf '  %s\n' "${times[@]}"
