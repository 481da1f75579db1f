#!/usr/bin/env bash
# The float contracts on a second platform (issue 15): cross-builds, for aarch64 with Debian's
# g++-aarch64-linux-gnu, the unit tests (exact_float's accumulator among them), the RapidCheck
# properties of optimized/ and filtered/ and the corpus replays of every differential fuzz
# target, and runs them under qemu-user (cmake/aarch64-linux-gnu.cmake's emulator). There
# long double is IEEE quad in software, not x87's format, and fma is one instruction (the
# double-double filters take their FP_FAST_FMA branch): the contracts must hold all the same.
# The properties run at the pinned seed and case count of the native build (AABB_RC_PARAMS in
# properties/CMakeLists.txt): under qemu they take about a minute in all.
#
#   bash tools/aarch64.sh [--cases N]     (N cases per property instead of the pinned count)
set -euo pipefail
cd "$(dirname "$0")/.."
cases=""
script=aarch64.sh
source tools/args.sh
while [ $# -gt 0 ]; do
  case "$1" in
    --cases) value_of "$@"; cases="$2"; shift 2 ;;
    -h|--help) print_help "tools/$script"; exit 0 ;;
    *) echo "aarch64.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -z "$cases" ] || [[ "$cases" =~ ^[1-9][0-9]*$ ]] || { echo "aarch64.sh: --cases needs a positive whole number, not '$cases'" >&2; exit 2; }
bash tools/setup.sh --aarch64 >/dev/null
pinned=$(sed -n 's/^set(AABB_RC_PARAMS "\(seed=[0-9]* max_success=[0-9]*\)".*/\1/p' properties/CMakeLists.txt)
[ -n "$pinned" ] || { echo "aarch64.sh: no pinned AABB_RC_PARAMS in properties/CMakeLists.txt" >&2; exit 1; }
params=$pinned
[ -z "$cases" ] || params="${pinned%% *} max_success=$cases"
cmake --preset aarch64 -DAABB_RC_PARAMS="$params" >/dev/null
targets=(aabb_unit_tests
         aabb_optimized_static_properties aabb_optimized_moving_properties
         aabb_optimized_construction_properties aabb_optimized_shapes_properties
         aabb_optimized_triangle_properties aabb_optimized_batch_properties
         aabb_filtered_properties)
for t in static_minmax containment static_ce sweep sweep_ce ray construction extreme shapes parse_number; do
  targets+=("aabb_fuzz_$t")
done
cmake --build --preset aarch64 --target "${targets[@]}"
# Every test of those programs: Catch's discovery registers only the built ones. Left to the
# native suite: fuzz.build_sh and fuzz.teeth_fit (they check the tree, not the platform) and
# reference.has_no_floating_point_arithmetic (it reads x86-64 machine code).
ctest --preset aarch64 -L "unit|property|fuzz" --no-tests=error \
  -E "^(fuzz\.(build_sh|teeth_fit)|reference\.has_no_floating_point_arithmetic)$"
echo "aarch64: unit tests, properties ($params) and fuzz replays passed under qemu-user"
