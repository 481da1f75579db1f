#!/usr/bin/env bash
# Installs every Debian package the project builds and tests with. Idempotent: packages that
# are already present are left alone, and apt-get update runs only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build clang-14 lld-14 libclang-rt-14-dev
  libboost-dev libgmp-dev           # exact rationals: Boost.Multiprecision over GMP's mpq_t
  nlohmann-json3-dev                # eval's JSON parser (SAX keeps number literals' text)
  libcli11-dev                      # command line options of aabb-oracle
  catch2 librapidcheck-dev          # unit tests and properties
  libbenchmark-dev                  # Google Benchmark (backend measurement, bench/)
  python3                           # golden-file test driver
  python3-jsonschema                # validates the test vectors (tests/vectors) and check --sarif against their schemas
  chromium                          # headless: renders check --html in its test (check.report)
  libeigen3-dev libbullet-dev       # real libraries behind the C ABI: examples/adapters, checked by run.sh
  libcglm-dev                       # cglm's box.h behind the C ABI (examples/adapters/cglm_plugin.c)
  libfcl-dev                        # FCL's fcl::AABB behind the C ABI (examples/adapters/fcl_plugin.cpp)
  libcgal-dev libbox2d-dev          # peers in bench/batch_overlap.cpp (CGAL header-only, Box2D 2D); Box2D's
                                    # b2AABB behind the 2D C ABI (examples/adapters/box2d_plugin.cpp)
)

# --aarch64: also the cross toolchain, qemu-user and the arm64 libraries the properties link
# (dpkg multiarch from the same Debian archive), for tools/aarch64.sh.
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ "${1:-}" = "--aarch64" ]; then
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    $SUDO dpkg --add-architecture arm64
    force_update=1  # the arm64 package lists
  fi
  packages+=(g++-aarch64-linux-gnu qemu-user libgmp-dev:arm64 librapidcheck-dev:arm64 libboost-dev:arm64)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ] && [ -z "${force_update:-}" ]; then
  echo "setup: all ${#packages[@]} packages present"
else
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The tests' Node packages (tests/node: Ajv, which compiles the vectors' schema in strict mode;
# three.js and planck, real libraries checked through the JavaScript kit; the kit itself, linked
# from bindings/js), pinned by its package-lock.json; Node itself comes with the machine (node 20).
node_dir="$(cd "$(dirname "$0")/.." && pwd)/tests/node"
node_has() {  # node_has PACKAGE VERSION: installed at exactly that version
  [ -f "$node_dir/node_modules/$1/package.json" ] &&
    grep -q "\"version\": \"$2\"" "$node_dir/node_modules/$1/package.json"
}
if node_has ajv 8.20.0 && node_has three 0.187.0 && node_has planck 1.5.0 &&
   [ -f "$node_dir/node_modules/aabb-oracle/src/index.js" ]; then
  echo "setup: tests/node packages present"
else
  echo "setup: npm ci in tests/node"
  npm ci --prefix "$node_dir" --no-audit --no-fund --loglevel=error
fi
