#!/usr/bin/env python3
"""ctest ci_kit.build_sh: examples/ci's ClusterFuzzLite build.sh, run as the ClusterFuzzLite image
runs it (Docker is not needed): a copy of the kit in a "user's repository" under $SRC with the
bundled naive plugin (C) and the seed-001 plugin (C++) as the user's library, clang and
libFuzzer, $CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $OUT $WORK set as OSS-Fuzz sets them for
AddressSanitizer (minus -stdlib=libc++, which this machine does not have). Checks that each
build puts its fuzz target and .options file in $OUT and that the target finds the plugin's
bugs, aborting with aabb-oracle's signature. Counts of runs with a fixed -seed, never times.

    ci_kit_test.py SOURCE_DIR WORK_DIR
"""
import glob
import os
import re
import shutil
import subprocess
import sys

FLAGS = ("-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION "
         "-fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link")

# (target name, plugin sources relative to the kit's repository, includes, flags, op -> kinds).
PLUGINS = [
    ("naive", "src/naive.c", "", "-std=c99 -ffp-contract=off",
     {"overlap_ce": ["false_hit"], "transform": ["box_not_containing_the_exact_box"],
      "plane_side": ["wrong_side"]}),
    ("seed001", "src/seed_plugin.cpp", "aabb-oracle/listings/include aabb-oracle/reference/include "
     "aabb-oracle/geometry/include", "-std=c++20 -DAABB_SEED=1 -ffp-contract=off",
     {"moving_vs_static": ["missed_hit", "false_hit"]}),
]


def main():
    root, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    src, out, wk = (os.path.join(work, d) for d in ("src", "out", "work"))
    project = os.path.join(src, "project")
    shutil.copytree(os.path.join(root, "examples", "ci"), project)
    os.makedirs(os.path.join(project, "src"))
    for f in ("naive.c", "seed_plugin.cpp"):
        shutil.copy(os.path.join(root, "examples", "plugins", f), os.path.join(project, "src", f))
    # The user's repository sees aabb-oracle's headers where its build would (a vendored copy).
    os.symlink(root, os.path.join(project, "aabb-oracle"))
    os.makedirs(out)
    os.makedirs(wk)
    failures = []

    def check(cond, what):
        print(("ok   " if cond else "FAIL ") + what, flush=True)
        if not cond:
            failures.append(what)

    for name, sources, includes, flags, bugs in PLUGINS:
        env = dict(os.environ, CC="clang-14", CXX="clang++-14", CFLAGS=FLAGS, CXXFLAGS=FLAGS,
                   LIB_FUZZING_ENGINE="-fsanitize=fuzzer", OUT=out, SRC=src, WORK=wk,
                   AABB_ORACLE_SRC=root, AABB_PLUGIN_SOURCES=sources, AABB_PLUGIN_INCLUDES=includes,
                   AABB_PLUGIN_FLAGS=flags, AABB_FUZZ_NAME=name)
        p = subprocess.run(["bash", os.path.join(project, ".clusterfuzzlite", "build.sh")], cwd=project,
                           env=env, capture_output=True, text=True, timeout=3600)
        if p.returncode != 0:
            print(p.stdout[-4000:], p.stderr[-4000:])
        check(p.returncode == 0, f"{name}: build.sh succeeds")
        target = os.path.join(out, f"aabb_fuzz_{name}")
        check(os.access(target, os.X_OK), f"{name}: $OUT/aabb_fuzz_{name} is built")
        check(os.path.isfile(target + ".options"), f"{name}: with its .options file")
        if not os.access(target, os.X_OK):
            continue
        for op, kinds in bugs.items():
            corpus = os.path.join(work, f"corpus-{name}-{op}")
            art = os.path.join(work, f"artifacts-{name}-{op}") + "/"
            os.makedirs(corpus)
            os.makedirs(art)
            r = subprocess.run([target, f"--ops={op}", corpus, "-seed=1", "-runs=400000", "-timeout=5",
                                f"-artifact_prefix={art}"], capture_output=True, text=True, timeout=1800,
                               env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
            found = [k for k in kinds if re.search(rf"aabb-oracle: {op}-f(32|64)-{k}\b", r.stderr)]
            check(r.returncode != 0 and found and glob.glob(art + "crash-*"),
                  f"{name}: the fuzz target finds {op}'s bug ({' or '.join(kinds)}) and saves the input")
    if failures:
        print(f"{len(failures)} failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
