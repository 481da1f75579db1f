#!/usr/bin/env python3
"""ctest fuzz.build_sh: runs fuzz/build.sh as OSS-Fuzz and ClusterFuzzLite would (Docker is not
needed), with $CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $OUT $SRC $WORK pointed at local
directories, and checks that every target (every fuzz/*_fuzzer.cpp) lands in $OUT with its seed
corpus zip, options file and dictionary, and runs its own seed corpus.

The engine is OSS-Fuzz's "standalone" kind: a static library with a main that runs the inputs it
is given, here fuzz/replay_main.cpp, so the check works with g++ and without libFuzzer.

    check_build_sh.py SOURCE_DIR CXX
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile


def main():
    root, cxx = os.path.abspath(sys.argv[1]), sys.argv[2]
    targets = sorted(os.path.basename(p)[: -len("_fuzzer.cpp")] for p in glob.glob(os.path.join(root, "fuzz", "*_fuzzer.cpp")))
    tmp = tempfile.mkdtemp(prefix="aabb-build-sh-")
    try:
        out, work = os.path.join(tmp, "out"), os.path.join(tmp, "work")
        os.makedirs(out)
        os.makedirs(work)
        engine = os.path.join(tmp, "libstandalone_engine.a")
        obj = os.path.join(tmp, "replay_main.o")
        subprocess.run([cxx, "-std=c++20", "-c", os.path.join(root, "fuzz", "replay_main.cpp"), "-o", obj], check=True)
        subprocess.run(["ar", "rcs", engine, obj], check=True)
        env = dict(os.environ, CC="cc", CXX=cxx, CFLAGS="", CXXFLAGS="-O0", LIB_FUZZING_ENGINE=engine,
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
            run = subprocess.run([binary, unzipped], capture_output=True, text=True)
            if run.returncode != 0:
                errors.append(f"{name}: replaying its seed corpus failed:\n{run.stderr[-2000:]}")
        for e in errors:
            print("FAIL:", e)
        print(f"checked {len(targets)} targets in $OUT: {', '.join(targets)}")
        return 1 if errors else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
