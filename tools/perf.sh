#!/usr/bin/env bash
# Sets everything up, builds the release benchmarks and the libFuzzer targets, runs every
# benchmark program, measures `aabb-oracle check` and the fuzz targets, and writes
# docs/performance.md (tools/perf_report.py): one table of ratios from one run.
#   bash tools/perf.sh                 # about 15 minutes on 2 cores, most of it building
#   AABB_PERF_REPS=5 bash tools/perf.sh
# The fuzz targets are measured in two builds: the `fuzz` preset (ASan + UBSan, as CI fuzzes)
# and build/fuzz-perf (libFuzzer alone, the throughput a long campaign without sanitizers gets).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset release -DAABB_BUILD_BENCHMARKS=ON -DAABB_BUILD_TOOLS=ON >/dev/null   # tools/test.sh builds without them (and its CI tier without the tool)
cmake --build --preset release
# libFuzzer alone, no sanitizers: the executions per second of a plain fuzzing campaign.
cmake -S . -B build/fuzz-perf -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" -DAABB_FUZZ_ENGINE=-fsanitize=fuzzer \
  -DAABB_BUILD_FUZZERS=ON -DAABB_BUILD_TESTS=OFF -DAABB_BUILD_BENCHMARKS=OFF \
  -DAABB_INSTALL=OFF >/dev/null
cmake --build build/fuzz-perf
python3 tools/perf_report.py --bin build/release/bin --out docs/performance.md \
  --fuzz-bin build/fuzz-perf/bin --fuzz-label "clang 14, -O2, libFuzzer without sanitizers" \
  --repetitions "${AABB_PERF_REPS:-5}" --command "bash tools/perf.sh"
echo "wrote docs/performance.md"
