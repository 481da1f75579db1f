#!/usr/bin/env bash
# The fuzz suite's teeth: each fuzz/teeth/<k>-<name>.tooth seeds one bug into a scratch copy of
# the tree (the tooth names the file, its exact original text and the mutant text; the copy
# fails loudly unless the original occurs exactly once), builds the targets the tooth names
# against that copy, and checks that each finds the bug from an EMPTY corpus within a time
# limit, with a violation message naming the tooth's clause. Prints the time each one took;
# exits 1 if any mutant survives or is reported under a wrong clause. Nothing of this is in the
# installed headers: optimized/ itself is never touched.
#
# The teeth are shared out among --jobs workers (default: the number of cores), each with its own
# scratch copy and build tree (build/fuzz-teeth/<worker>/): a worker takes teeth 1, 1 + jobs, ...
# in order, one mutant at a time, as one worker alone would. Each build compiles one fuzz target
# (one core), so that the workers run side by side.
#
#   bash tools/fuzz_teeth.sh [--limit SECONDS] [--only K] [--jobs N]
#       (default 120 s per target, every tooth, N = nproc)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=120
only=""
jobs=$(nproc)
script=fuzz_teeth.sh
source tools/args.sh
while [ $# -gt 0 ]; do
  case "$1" in
    --limit) value_of "$@"; limit="$2"; shift 2 ;;
    --only) value_of "$@"; only="$2"; shift 2 ;;
    --jobs) value_of "$@"; jobs="$2"; shift 2 ;;
    -h|--help) print_help "tools/$script"; exit 0 ;;
    *) echo "fuzz_teeth.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$limit" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz_teeth.sh: --limit needs a positive whole number of seconds, not '$limit'" >&2; exit 2; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz_teeth.sh: --jobs needs a positive whole number, not '$jobs'" >&2; exit 2; }
bash tools/setup.sh >/dev/null

teeth=()
for tooth in fuzz/teeth/*.tooth; do
  k=$(basename "$tooth" .tooth)
  k=${k%%-*}
  [ -z "$only" ] || [ "$only" = "$k" ] || continue
  teeth+=("$tooth")
done
[ ${#teeth[@]} -gt 0 ] || { echo "fuzz_teeth.sh: no tooth${only:+ numbered $only} in fuzz/teeth/" >&2; exit 2; }
[ "$jobs" -le ${#teeth[@]} ] || jobs=${#teeth[@]}

export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# One worker: teeth number w, w + jobs, ... of the list, in its own copy of the tree. Writes one
# line per (tooth, target) to its results file: "ok|FAIL<TAB>mutant K, TARGET: verdict".
worker() {
  local w=$1 results=$2
  local src="$PWD/build/fuzz-teeth/$w/src"  # the scratch copy of the tree, one mutant at a time
  local build="$PWD/build/fuzz-teeth/$w/build"
  local configured=0 i tooth k file clause targets t empty log start status ms took named verdict
  # The tree as it is in the working directory (tracked and untracked, not ignored files), with
  # its timestamps, so that ninja rebuilds only what a mutant touches.
  mkdir -p "$src"
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xpf - -C "$src"
  for tooth in fuzz/teeth/*.tooth; do  # new timestamps: a run stopped half-way left a mutant built
    file=$(python3 fuzz/teeth/tooth.py field "$tooth" file)
    cp "$file" "$src/$file"
  done
  : >"$results"
  for ((i = w; i < ${#teeth[@]}; i += jobs)); do
    tooth=${teeth[$i]}
    k=$(basename "$tooth" .tooth)
    k=${k%%-*}
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
      cmake --build "$build" --target "aabb_fuzz_$t" -j1 >/dev/null
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
        verdict="FAIL	mutant $k, $t: SURVIVED (not found in ${limit}s)"
      elif grep -Eq "$clause" "$log" && grep -Eq '^(replay: echo|  \{"op")' "$log"; then
        verdict="ok	mutant $k, $t: found in ${took}s, $named"
      else
        verdict="FAIL	mutant $k, $t: found in ${took}s but the report lacks the right clause or the eval line: ${named:-no violation message} (see $log)"
      fi
      echo "$verdict" >>"$results"
      echo "teeth: ${verdict#*	}"
    done
    cp "$file" "$src/$file"  # unmutated again, with a new timestamp: the next build redoes it
  done
}

mkdir -p build/fuzz-teeth
rm -f build/fuzz-teeth/*.results
pids=()
for ((w = 0; w < jobs; w++)); do
  worker "$w" "build/fuzz-teeth/$w.results" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
  wait "$pid" || failed=1  # a worker that stopped (a build error): its teeth are not all reported
done
echo
# Every (tooth, target) pair the teeth name, each reported once, in the order of the teeth.
expected=0
for tooth in "${teeth[@]}"; do
  read -r -a targets <<<"$(python3 fuzz/teeth/tooth.py field "$tooth" found-by)"
  expected=$((expected + ${#targets[@]}))
done
# (No results file at all, a worker that stopped before its first tooth: the count below says so.)
lines=$(cat build/fuzz-teeth/*.results 2>/dev/null | sort -t"$(printf '\t')" -k2,2V || true)
reported=$(printf '%s\n' "$lines" | grep -c . || true)
printf '%s\n' "$lines" | cut -f2-
if [ "$reported" -ne "$expected" ]; then
  echo "fuzz_teeth.sh: $reported results for $expected tooth targets (a worker failed: see above)" >&2
  failed=1
fi
if printf '%s\n' "$lines" | grep -q '^FAIL'; then failed=1; fi
exit "$failed"
