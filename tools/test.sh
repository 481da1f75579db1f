#!/usr/bin/env bash
# Sets everything up and runs the whole test suite twice: an optimised build, then a build under
# AddressSanitizer and UndefinedBehaviorSanitizer. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
for preset in release asan-ubsan; do
  echo "=== test suite: preset $preset"
  cmake --preset "$preset"
  cmake --build --preset "$preset"
  ctest --preset "$preset"
done
echo "=== test suite: every preset passed"
