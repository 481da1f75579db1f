#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job: `aabb-oracle check` over every bundled
# implementation of the C ABI (examples/), about a minute in all. The project's own optimized/
# passes its documented contracts; the naive textbook code and the seed listings' logic fail,
# each with shrunk counterexamples printed as `aabb-oracle eval` lines; so do the real-library
# adapters (Eigen, Bullet, cglm, FCL) where their findings say so (docs/check.md).
# Exit status 0 when every plugin came out as expected (optimized passes, the others fail).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset release -DAABB_BUILD_TOOLS=ON >/dev/null   # tools/test.sh may have left it OFF
cmake --build --preset release --target main_job   # the tool and the plugins only: no tests, no benchmarks
tool=build/release/bin/aabb-oracle
lib=build/release/lib

echo "=== $tool eval: exact answers for examples/queries.jsonl (first 3 lines)"
head -n 3 examples/queries.jsonl | "$tool" eval

start=$(date +%s)
unexpected=0
summary=()
# name, seconds of budget (fixed seed: the same cases on every run, as many as fit)
for entry in optimized:14 naive:14 strict:2 seed000:5 seed001:5 seed002:5 seed004:5 eigen:4 bullet:3 cglm:3 fcl:3 box2d:3; do
  name=${entry%%:*}
  seconds=${entry##*:}
  plugin="$lib/libaabb-$name.so"
  [ -f "$plugin" ] || { summary+=("$name: not built (its Debian package is missing)"); continue; }
  echo
  # Box2D casts half-lines and computes no exit time (docs/check.md): its conventions.
  extra=()
  [ "$name" = box2d ] && extra=(--ray half-line --contract ray=conservative)
  echo "=== $tool check --impl $plugin --seconds $seconds ${extra[*]}"
  set +e
  "$tool" check --impl "$plugin" --seconds "$seconds" "${extra[@]}"
  status=$?
  set -e
  if [ "$name" = optimized ]; then expected=0; else expected=1; fi
  verdict=$([ $status -eq 0 ] && echo "passes" || echo "fails (violations found)")
  [ $status -eq 2 ] && verdict="usage error"
  if [ $status -ne $expected ]; then unexpected=1; verdict="$verdict  <-- UNEXPECTED"; fi
  summary+=("$name: $verdict")
done
# The strict library again, under its own convention (contract §4): it passes.
echo
echo "=== $tool check --impl $lib/libaabb-strict.so --seconds 2 --boundary strict"
set +e
"$tool" check --impl "$lib/libaabb-strict.so" --seconds 2 --boundary strict
status=$?
set -e
verdict=$([ $status -eq 0 ] && echo "passes" || echo "fails")
if [ $status -ne 0 ]; then unexpected=1; verdict="$verdict  <-- UNEXPECTED"; fi
summary+=("strict under --boundary strict: $verdict")
echo
echo "=== summary ($(( $(date +%s) - start )) s of checking)"
printf '  %s\n' "${summary[@]}"
exit $unexpected
