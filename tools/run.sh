#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job: aabb-oracle eval over the bundled example
# queries, printing one exact answer per query.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
echo "=== build/release/bin/aabb-oracle eval examples/queries.jsonl"
build/release/bin/aabb-oracle eval examples/queries.jsonl
