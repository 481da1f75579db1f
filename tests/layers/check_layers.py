#!/usr/bin/env python3
"""The layers of docs/architecture.md, as a test: every #include of a project header, in every source
of a top-level folder, must name a folder that folder may include.

An include is resolved to the top-level folder that holds the file: "aabb/<x>" and <aabb/<x>> by
the folders' include/ trees, other quoted names first beside the including file, then by a unique
path suffix anywhere in the tree (that is how cli/ reaches properties/generators.hpp through an
include directory). Unknown names (system and third-party headers) are not the project's.

usage: check_layers.py [--root DIR] [--self-test]
"""
import argparse
import fnmatch
import os
import re
import shutil
import sys
import tempfile

# ---- The table (keep in step with docs/architecture.md) ------------------------------------------
# folder -> the other folders its sources may include. A folder may always include itself.
# The oracle (reference/, filtered/) never includes what it judges (optimized/); the shared
# pieces both need sit below them (geometry/, exact_float/).
ALLOWED = {
    "ops": set(),  # the op registry: plain constexpr data
    "geometry": set(),
    "exact_float": {"geometry"},
    "reference": {"geometry"},
    "filtered": {"reference", "geometry", "exact_float"},
    "optimized": {"geometry", "exact_float"},
    # judge/ judges optimized/'s answers: it takes optimized's result types (SweepResult,
    # MovingResult, RayResult) as input, and calls none of optimized's functions.
    "judge": {"reference", "filtered", "geometry", "exact_float", "optimized"},
    "abi": set(),
    "cases": {"reference", "geometry"},
    "listings": {"reference", "geometry"},
    "cli": {"ops", "reference", "filtered", "judge", "geometry", "exact_float", "optimized", "abi", "cases",
            "listings"},
    "examples": {"abi", "optimized", "geometry", "exact_float", "listings", "reference"},
}
# Test code: may include anything; product code (the folders above) may include none of it.
TEST_FOLDERS = {"properties", "fuzz", "tests", "bench"}
# Known exceptions, (folder, path pattern): delete a line when its include is gone.
KNOWN_EXCEPTIONS = []
# ----------------------------------------------------------------------------------------------

SOURCE_EXT = (".h", ".hpp", ".c", ".cc", ".cpp", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SKIP_DIRS = {"build", "corpus", "regressions", "node_modules"}


def sources(root):
    """(folder, path relative to root) of every C/C++ source under a top-level folder."""
    for top in sorted(os.listdir(root)):
        if top.startswith(".") or top in SKIP_DIRS or not os.path.isdir(os.path.join(root, top)):
            continue
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if x not in SKIP_DIRS and not x.startswith(".")]
            for f in files:
                if f.endswith(SOURCE_EXT):
                    yield top, os.path.relpath(os.path.join(d, f), root)


def resolver(root, files):
    """A function from (including file, bracket, name) to the included file's path, or None."""
    by_suffix = {}
    for _, rel in files:
        parts = rel.split(os.sep)
        for k in range(1, len(parts)):
            by_suffix.setdefault("/".join(parts[k:]), set()).add(rel)
    include_trees = {}
    for _, rel in files:
        parts = rel.split(os.sep)
        if "include" in parts:
            k = parts.index("include")
            include_trees.setdefault("/".join(parts[k + 1:]), rel)

    def resolve(src, bracket, name):
        if name in include_trees:
            return include_trees[name]
        if bracket == '"':
            beside = os.path.normpath(os.path.join(os.path.dirname(src), name))
            if os.path.isfile(os.path.join(root, beside)):
                return beside
        if name.startswith("aabb/") or bracket == '"':
            found = by_suffix.get(name, set())
            if len(found) == 1:
                return next(iter(found))
        return None

    return resolve


def excepted(folder, target):
    return any(f == folder and fnmatch.fnmatch(target, p) for f, p in KNOWN_EXCEPTIONS)


def violations(root):
    files = list(sources(root))
    resolve = resolver(root, files)
    out = []
    for folder, rel in files:
        if folder in TEST_FOLDERS:
            continue  # test code: free
        if folder not in ALLOWED:
            out.append(f"{rel}: {folder}/ has C/C++ sources but no row in the table of {os.path.basename(__file__)}")
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = resolve(rel, m.group(1), m.group(2))
                if target is None:
                    continue
                to = target.split(os.sep)[0]
                if to == folder or excepted(folder, target):
                    continue
                if to in TEST_FOLDERS:
                    rule = f"product code ({folder}/) never includes test code ({to}/)"
                elif to in ALLOWED.get(folder, set()):
                    continue
                else:
                    may = ", ".join(sorted(ALLOWED[folder])) or "nothing"
                    rule = f"{folder}/ may include {may}; not {to}/"
                close = ">" if m.group(1) == "<" else '"'
                out.append(f"{rel}:{n}: #include {m.group(1)}{m.group(2)}{close}: {rule}")
    return out


def planter(tmp):
    """put(path, text): writes a file of a planted tree under tmp (the self-tests of this folder)."""
    def put(path, text):
        os.makedirs(os.path.dirname(os.path.join(tmp, path)), exist_ok=True)
        with open(os.path.join(tmp, path), "w") as f:
            f.write(text)
    return put


def self_test():
    """The check bites: a planted include of optimized/ in filtered/, two of properties/ in cli/,
    and a folder of sources without a row in the table."""
    tmp = tempfile.mkdtemp()
    try:
        put = planter(tmp)
        put("optimized/include/aabb/optimized/box.hpp", "#pragma once\n")
        put("geometry/include/aabb/geometry/box.hpp", "#pragma once\n")
        put("properties/generators.hpp", "#pragma once\n")
        put("filtered/include/aabb/filtered/ops.hpp",
            '#include "aabb/geometry/box.hpp"\n#include <aabb/optimized/box.hpp>\n')
        put("cli/src/check/ops.hpp", '#include "generators.hpp"\n')
        put("properties/axis_map.hpp", "#pragma once\n")
        put("cli/src/other.cpp", '#include "../../properties/axis_map.hpp"\n')
        put("newlayer/x.hpp", "#pragma once\n")
        found = violations(tmp)
        want = ["filtered/include/aabb/filtered/ops.hpp:2:", "cli/src/check/ops.hpp:1:", "cli/src/other.cpp:1:",
                "newlayer/x.hpp:"]
        ok = len(found) == len(want) and all(any(v.startswith(w) for v in found) for w in want)
        print("\n".join(found))
        print("self-test:", "ok" if ok else "FAILED (expected exactly " + ", ".join(want) + ")")
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    p.add_argument("--self-test", action="store_true")
    a = p.parse_args()
    if a.self_test:
        return self_test()
    found = violations(os.path.abspath(a.root))
    for v in found:
        print(v)
    if found:
        print(f"layers: {len(found)} include(s) break the table")
    else:
        print("layers: every include keeps the table")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
