#!/usr/bin/env bash
# The fuzz suite's teeth: each fuzz/teeth/<k>-<name>.tooth seeds one bug into a scratch copy of
# the tree (the tooth names the file, its exact original text and the mutant text; the copy
# fails loudly unless the original occurs exactly once), builds the targets the tooth names
# against that copy, and checks that each finds the bug from an EMPTY corpus within a time
# limit, with a violation message naming the tooth's clause. Prints the time each one took;
# exits 1 if any mutant survives or is reported under a wrong clause. Nothing of this is in the
# installed headers: optimized/ itself is never touched.
#
#   bash tools/fuzz_teeth.sh [--limit SECONDS] [--only K]   (default 120 s per target, every tooth)
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
src="$PWD/build/fuzz-teeth/src"  # the scratch copy of the tree, one mutant at a time
build="$PWD/build/fuzz-teeth/build"

bash tools/setup.sh >/dev/null
# The tree as it is in the working directory (tracked and untracked, not ignored files), with
# its timestamps, so that ninja rebuilds only what a mutant touches.
mkdir -p "$src"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xpf - -C "$src"
for tooth in fuzz/teeth/*.tooth; do  # new timestamps: a run stopped half-way left a mutant built
  file=$(python3 fuzz/teeth/tooth.py field "$tooth" file)
  cp "$file" "$src/$file"
done
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
results=()
failed=0
configured=0
for tooth in fuzz/teeth/*.tooth; do
  k=$(basename "$tooth" .tooth)
  k=${k%%-*}
  [ -z "$only" ] || [ "$only" = "$k" ] || continue
  file=$(python3 fuzz/teeth/tooth.py field "$tooth" file)
  clause=$(python3 fuzz/teeth/tooth.py field "$tooth" clause)
  read -r -a targets <<<"$(python3 fuzz/teeth/tooth.py field "$tooth" found-by)"
  python3 fuzz/teeth/tooth.py apply "$tooth" "$src"
  if [ "$configured" = 0 ]; then
    # libFuzzer without ASan/UBSan and at -O0: the mutants break contracts, not memory, each is
    # found in about a second, and these builds are most of this script's time (tools/fuzz.sh
    # runs the sanitizers on the real code).
    (cd "$src" && cmake --preset fuzz -B "$build" -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0" -DCMAKE_EXE_LINKER_FLAGS= >/dev/null)
    configured=1
  fi
  for t in "${targets[@]}"; do
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
  cp "$file" "$src/$file"  # unmutated again, with a new timestamp: the next build redoes it
done

echo
printf '%s\n' "${results[@]}"
exit "$failed"
