#!/bin/bash -eu
# ClusterFuzzLite entry point: the project's OSS-Fuzz-style build script does the work.
exec "$SRC/aabb-oracle/fuzz/build.sh"
