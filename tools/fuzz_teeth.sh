#!/usr/bin/env bash
# The fuzz suite's teeth: builds the differential targets against deliberately broken variants
# of optimized/ (CMake cache option AABB_MUTANT=k, `#if AABB_MUTANT == k` blocks in
# optimized/include/aabb/optimized/*.hpp) and checks that each relevant target finds the bug
# from an EMPTY corpus within a time limit, with a violation message naming the right clause.
# Prints the time each one took; exits 1 if any mutant survives or is reported under a wrong
# clause.
#
#   bash tools/fuzz_teeth.sh [--limit SECONDS] [--only K]   (default 120 s per target, every mutant)
#
# Mutants:
#   1 static.hpp overlap (min–max): touching boxes miss              -> static_minmax
#   2 static.hpp gap_within: a finite rounded tie |c'-c| == e+e' hits -> static_ce
#   3 moving.hpp narrow: the zero-relative-velocity branch dropped   -> sweep, sweep_ce, ray
#   4 construction.hpp bounds_of_sphere: hi rounded inward           -> construction
#   5 construction.hpp extreme_points: ties go to the last index     -> extreme
set -euo pipefail
cd "$(dirname "$0")/.."

limit=120
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --limit) limit="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    *) echo "fuzz_teeth.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
build=build/fuzz-teeth

# mutant | target | the clause the report must name (an extended regex)
cases=(
  "1|static_minmax|clause: (overlap is exact|intersection exists exactly when the boxes overlap|overlap: documented|intersection: documented)"
  "2|static_ce|clause: centre-extent (contains|overlap) is exact"
  "3|sweep|clause: hit is exact"
  "3|sweep_ce|clause: hit is exact"
  "3|ray|clause: hit is exact"
  "4|construction|clause: conservative"
  "5|extreme|clause: exact i_max"
)

bash tools/setup.sh >/dev/null
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
results=()
failed=0
current=""
for c in "${cases[@]}"; do
  IFS='|' read -r k t clause <<<"$c"
  [ -z "$only" ] || [ "$only" = "$k" ] || continue
  if [ "$k" != "$current" ]; then
    # libFuzzer without ASan/UBSan and at -O0: the mutants break contracts, not memory, each is
    # found in about a second, and these seven builds are most of this script's time
    # (tools/fuzz.sh runs the sanitizers on the real code).
    cmake --preset fuzz -B "$build" -DAABB_MUTANT="$k" -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0" -DCMAKE_EXE_LINKER_FLAGS= >/dev/null
    current="$k"
  fi
  cmake --build "$build" --target "aabb_fuzz_$t" >/dev/null
  empty=$(mktemp -d)
  log="$build/teeth-$k-$t.log"
  start=$(date +%s%N)
  status=0
  # -seed fixed so that a run is repeatable; the value pool and the dictionary do the rest.
  "$build/bin/aabb_fuzz_$t" -seed=1 -dict=fuzz/dict/float.dict -max_total_time="$limit" \
    -artifact_prefix="$empty/" "$empty" >"$log" 2>&1 || status=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  took="$((ms / 1000)).$(printf %03d $((ms % 1000)))"
  rm -rf "$empty"
  named=$(grep -m1 '^clause:' "$log" || true)
  if [ "$status" -eq 0 ]; then
    verdict="SURVIVED (not found in ${limit}s)"
    failed=1
  elif grep -Eq "$clause" "$log" && grep -Eq '^(replay: echo|  \{"op")' "$log"; then
    verdict="found in ${took}s, $named"
  else
    verdict="found in ${took}s but the report lacks the right clause or the eval line: ${named:-no violation message} (see $log)"
    failed=1
  fi
  results+=("mutant $k, $t: $verdict")
  echo "teeth: mutant $k, $t: $verdict"
done

echo
printf '%s\n' "${results[@]}"
exit "$failed"
