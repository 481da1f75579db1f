#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `fuzz`: clang, ASan + UBSan) and fuzzes each one for
# a number of seconds, starting from its committed seed corpus and regression inputs; then merges
# the inputs that add coverage into fuzz/corpus/<target>/ (-merge=1) and prints, per target,
# executions per second, coverage before -> after, new corpus inputs and crashes.
# Exits 1 when any target crashed; the crashing input is in build/fuzz/artifacts/<target>/.
#
#   bash tools/fuzz.sh [--seconds S] [--jobs J] [--no-merge] [--build DIR] [--build-sh] [TARGET...]
#     --seconds S   seconds per target (default 20)
#     --jobs J      targets fuzzed at once, each in one process on one core (default: nproc);
#                   each target still gets its S seconds
#     --no-merge    leave fuzz/corpus/ untouched (CI); new inputs stay in build/fuzz/work/
#     --build-sh    build the targets with fuzz/build.sh as OSS-Fuzz does, with the preset's
#                   compilers, flags and libFuzzer (fuzz/check_build_sh.py --preset fuzz, which
#                   also checks $OUT: each target, its seed zip, .options and dictionary, and its
#                   seed corpus replayed), and fuzz those binaries (build/fuzz-sh/out/): the CI
#                   tier's campaign, which so checks build.sh too
#     TARGET        static_minmax, eval_line, ... (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=20
jobs=$(nproc)
merge=1
build=build/fuzz
build_sh=0
targets=()
script=fuzz.sh
source tools/args.sh
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) value_of "$@"; seconds="$2"; shift 2 ;;
    --jobs) value_of "$@"; jobs="$2"; shift 2 ;;
    --no-merge) merge=0; shift ;;
    --build) value_of "$@"; build="$2"; shift 2 ;;
    --build-sh) build_sh=1; shift ;;
    -h|--help) print_help "tools/$script"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
mapfile -t all < <(cd fuzz && ls *_fuzzer.cpp | sed "s/_fuzzer.cpp$//")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --seconds needs a positive whole number, not '$seconds'" >&2; exit 2; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --jobs needs a positive whole number, not '$jobs'" >&2; exit 2; }
for t in "${targets[@]}"; do
  [ -f "fuzz/${t}_fuzzer.cpp" ] || { echo "fuzz.sh: no fuzz target '$t' (fuzz/${t}_fuzzer.cpp)" >&2; exit 2; }
  [ -d "fuzz/corpus/$t" ] || { echo "fuzz.sh: missing corpus fuzz/corpus/$t" >&2; exit 1; }
done

bash tools/setup.sh >/dev/null
if [ "$build_sh" = 1 ]; then
  # Every target, as build.sh builds them (its own build tree in build/fuzz-sh/work); the logs,
  # work folders and artifacts of the campaign stay under $build.
  python3 fuzz/check_build_sh.py "$PWD" --preset fuzz --out build/fuzz-sh
  bindir=build/fuzz-sh/out
else
  if [ "$build" = build/fuzz ]; then
    cmake --preset fuzz >/dev/null
  else
    cmake --preset fuzz -B "$build" >/dev/null
  fi
  cmake --build "$build" --target "${targets[@]/#/aabb_fuzz_}"
  bindir="$build/bin"
fi

# Options of fuzz/options/<target>.options ([libfuzzer] key = value) as -key=value flags; a
# dictionary is named relative to fuzz/dict/, as OSS-Fuzz finds it next to the binary.
options() {
  local file="fuzz/options/$1.options"
  [ -f "$file" ] || return 0
  sed -n 's/^[[:space:]]*\([a-z_]*\)[[:space:]]*=[[:space:]]*\(.*\)$/\1 \2/p' "$file" |
    while read -r key value; do
      if [ "$key" = dict ]; then echo "-dict=fuzz/dict/$value"; else echo "-$key=$value"; fi
    done
}

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# One target's run: its libFuzzer output in $build/logs/<t>.log, and what this script prints
# about it (the start line, a failure's excerpt, its summary row) in $build/logs/<t>.report, so
# that targets run in parallel and are reported in order. Returns 1 when the target failed.
fuzz_one() {
  local t=$1 bin="$bindir/aabb_fuzz_$1" work="$build/work/$1" artifacts="$build/artifacts/$1"
  local log="$build/logs/$1.log" report="$build/logs/$1.report" status=0 opts
  mkdir -p "$work" "$artifacts" "$(dirname "$log")"
  # A marker of this run's start: the crashes column counts the artifacts this run wrote, not
  # those an earlier campaign left in the same folder (which stay there for the user).
  local since="$build/logs/$1.started"
  touch "$since"
  mapfile -t opts < <(options "$t")
  {
    echo "=== fuzz $t: ${seconds}s (${opts[*]})"
    # New inputs go to the first directory ($work); the seeds and regressions are read only.
    "$bin" "${opts[@]}" -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$artifacts/" "$work" "fuzz/corpus/$t" "fuzz/regressions/$t" >"$log" 2>&1 || status=$?
    local execs rate cov0 cov1 added crashes new_in_corpus=0 before
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov0=$(sed -n 's/.*INITED cov: \([0-9]*\).*/\1/p' "$log" | head -1)
    cov1=$( (grep -o 'cov: [0-9]*' "$log" || true) | tail -1 | cut -d' ' -f2)
    added=$(sed -n 's/^stat::new_units_added: *//p' "$log" | tail -1)
    crashes=$(find "$artifacts" -type f -newer "$since" | wc -l)
    if [ "$status" -ne 0 ]; then
      echo "--- $t FAILED (exit $status); last lines of $log:"
      if grep -qE "VIOLATION|ERROR: |runtime error" "$log"; then
        grep -A12 -m1 -E "VIOLATION|ERROR: |runtime error" "$log" | head -24
      else
        tail -20 "$log"
      fi
      crashes=$((crashes > 0 ? crashes : 1))
    fi
    if [ "$merge" -eq 1 ] && [ "$status" -eq 0 ]; then
      before=$(find "fuzz/corpus/$t" -type f | wc -l)
      "$bin" -merge=1 "fuzz/corpus/$t" "$work" >"$build/logs/$t.merge.log" 2>&1
      new_in_corpus=$(($(find "fuzz/corpus/$t" -type f | wc -l) - before))
    fi
    printf 'ROW %-14s %10s %12s %14s %10s %8s %8s\n' "$t" "${rate:-?}" "${execs:-?}" \
      "${cov0:-?} -> ${cov1:-?}" "${added:-0}" "$new_in_corpus" "$crashes"
  } >"$report"
  [ "$status" -eq 0 ]
}

# At most $jobs targets at once; each one's start is printed as it starts, its report in order.
pids=()
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "=== fuzz $t: started (${seconds}s)"
  fuzz_one "$t" &
  pids+=($!)
done
failed=0
summary=()
for i in "${!targets[@]}"; do
  t=${targets[$i]}
  wait "${pids[$i]}" || failed=1
  grep -v '^ROW ' "$build/logs/$t.report" || true
  row=$(sed -n 's/^ROW //p' "$build/logs/$t.report")
  # No row: the run stopped before its summary (a failed merge, say): a failure too.
  [ -n "$row" ] || { failed=1; row="$t: no summary, see $build/logs/$t.log"; }
  summary+=("$row")
done

echo
printf '%-14s %10s %12s %14s %10s %8s %8s\n' target exec/s executions coverage new-units merged crashes
printf '%s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
  echo "fuzz.sh: a target crashed or broke a contract; inputs in $build/artifacts/ (keep each one in fuzz/regressions/<target>/)" >&2
  exit 1
fi
