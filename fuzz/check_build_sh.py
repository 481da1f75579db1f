#!/usr/bin/env python3
"""Runs fuzz/build.sh as OSS-Fuzz and ClusterFuzzLite would (Docker is not needed), with $CC $CXX
$CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $OUT $SRC $WORK pointed at local directories, and checks
that every target (every fuzz/*_fuzzer.cpp) lands in $OUT with its seed corpus zip, options file
and dictionary, and runs its own seed corpus.

Two engines:
  standalone (ctest fuzz.build_sh): OSS-Fuzz's "standalone" kind, a static library with a main
      that runs the inputs it is given (fuzz/replay_main.cpp), so the check works with g++ and
      without libFuzzer; CXXFLAGS -O0; a scratch directory, removed at the end.
  --preset fuzz (tools/fuzz.sh --build-sh, the CI tier's fuzz campaign): the compilers, flags and
      engine (libFuzzer) of the CMake preset `fuzz` (CMakePresets.json: clang, ASan + UBSan), and
      $OUT and $WORK kept in --out DIR (DIR/out, DIR/work: a second run rebuilds only what
      changed), so that the campaign fuzzes the targets exactly as build.sh builds them for
      OSS-Fuzz. Each target replays its seed corpus with -runs=0.

    check_build_sh.py SOURCE_DIR CXX                        (standalone)
    check_build_sh.py SOURCE_DIR --preset fuzz --out DIR    (libFuzzer)
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile


def preset_settings(root, name):
    """CC, CXX, CFLAGS/CXXFLAGS (with the build type's flags) and the engine of a configure
    preset, following "inherits"."""
    presets = {p["name"]: p for p in json.load(open(os.path.join(root, "CMakePresets.json")))["configurePresets"]}
    if name not in presets:
        sys.exit(f"check_build_sh.py: no configure preset {name!r} in CMakePresets.json")
    cache, p = {}, presets[name]
    chain = []
    while p is not None:
        chain.append(p)
        parent = p.get("inherits")
        p = presets.get(parent if isinstance(parent, str) else (parent or [None])[0])
    for p in reversed(chain):
        cache.update(p.get("cacheVariables", {}))
    build_type = cache.get("CMAKE_BUILD_TYPE", "").upper()
    flags = " ".join(f for f in (cache.get("CMAKE_CXX_FLAGS_" + build_type, ""), cache.get("CMAKE_CXX_FLAGS", "")) if f)
    cxx = cache.get("CMAKE_CXX_COMPILER")
    engine = cache.get("AABB_FUZZ_ENGINE")
    if not cxx or not engine:
        sys.exit(f"check_build_sh.py: preset {name!r} names no CMAKE_CXX_COMPILER or AABB_FUZZ_ENGINE")
    cc = cxx.replace("clang++", "clang") if "clang++" in cxx else cxx.replace("g++", "gcc")
    return cc, cxx, flags, engine


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a.add_argument("root")
    a.add_argument("cxx", nargs="?", help="C++ compiler of the standalone build")
    a.add_argument("--preset", help="build with the compilers, flags and engine of this configure preset")
    a.add_argument("--out", help="with --preset: keep $OUT and $WORK in DIR/out and DIR/work")
    args = a.parse_args()
    root = os.path.abspath(args.root)
    if bool(args.preset) == bool(args.cxx) or bool(args.preset) != bool(args.out):
        a.error("give CXX (standalone), or --preset and --out")
    targets = sorted(os.path.basename(p)[: -len("_fuzzer.cpp")] for p in glob.glob(os.path.join(root, "fuzz", "*_fuzzer.cpp")))
    tmp = tempfile.mkdtemp(prefix="aabb-build-sh-")
    try:
        if args.preset:
            base = os.path.abspath(args.out)
            out, work = os.path.join(base, "out"), os.path.join(base, "work")
            shutil.rmtree(out, ignore_errors=True)  # $OUT holds this build's files only, none left from an earlier one
            cc, cxx, flags, engine = preset_settings(root, args.preset)
            replay_args = ["-runs=0"]
        else:
            out, work = os.path.join(tmp, "out"), os.path.join(tmp, "work")
            engine = os.path.join(tmp, "libstandalone_engine.a")
            obj = os.path.join(tmp, "replay_main.o")
            subprocess.run([args.cxx, "-std=c++20", "-c", os.path.join(root, "fuzz", "replay_main.cpp"), "-o", obj], check=True)
            subprocess.run(["ar", "rcs", engine, obj], check=True)
            cc, cxx, flags = "cc", args.cxx, "-O0"
            replay_args = []
        os.makedirs(out, exist_ok=True)
        os.makedirs(work, exist_ok=True)
        env = dict(os.environ, CC=cc, CXX=cxx, CFLAGS="", CXXFLAGS=flags, LIB_FUZZING_ENGINE=engine,
                   OUT=out, SRC=os.path.dirname(root), WORK=work)
        subprocess.run(["bash", os.path.join(root, "fuzz", "build.sh")], env=env, check=True)

        errors = []
        for t in targets:
            name = f"aabb_fuzz_{t}"
            binary = os.path.join(out, name)
            if not os.access(binary, os.X_OK):
                errors.append(f"{name}: no executable in $OUT")
                continue
            expected = sorted(f"{prefix}{f}" for prefix, d in (("seed-", "corpus"), ("regression-", "regressions"))
                              for f in os.listdir(os.path.join(root, "fuzz", d, t)) if not f.startswith("."))
            zpath = os.path.join(out, f"{name}_seed_corpus.zip")
            if not os.path.isfile(zpath):
                errors.append(f"{name}: no {name}_seed_corpus.zip")
                continue
            with zipfile.ZipFile(zpath) as z:
                names = sorted(z.namelist())
                if names != expected or not names:
                    errors.append(f"{name}: seed zip holds {len(names)} files, the corpus and regressions {len(expected)}")
                unzipped = os.path.join(tmp, "seeds", t)
                z.extractall(unzipped)
            options = os.path.join(out, f"{name}.options")
            if not os.path.isfile(options):
                errors.append(f"{name}: no {name}.options")
            else:
                for line in open(options):
                    key, _, value = line.partition("=")
                    if key.strip() == "dict" and not os.path.isfile(os.path.join(out, value.strip())):
                        errors.append(f"{name}: dictionary {value.strip()} named in .options is not in $OUT")
            run = subprocess.run([binary, *replay_args, unzipped], capture_output=True, text=True)
            if run.returncode != 0:
                errors.append(f"{name}: replaying its seed corpus failed:\n{run.stderr[-2000:]}")
        for e in errors:
            print("FAIL:", e)
        print(f"checked {len(targets)} targets in $OUT ({out}): {', '.join(targets)}")
        return 1 if errors else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
