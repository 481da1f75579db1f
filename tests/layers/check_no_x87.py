#!/usr/bin/env python3
"""No x87 extended precision in the float code (issue 15): the exact paths of optimized/ and
filtered/ must hold with any IEEE-754 double and any compiler, also where `long double` is double
(MSVC, Apple's ARM) or is not x87's 80-bit format. So no file in optimized/, filtered/ or
exact_float/ (sources, READMEs, comments included) may name the type `long double`, the
extension `__float80`, or the long-double maths functions (fmal, fabsl, ldexpl, ...).

usage: check_no_x87.py [--root DIR] [--self-test]
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

from check_layers import planter  # beside this script

FOLDERS = ("optimized", "filtered", "exact_float")
FORBIDDEN = re.compile(
    r"\blong\s+double\b|\b__float80\b|\b(?:fmal|fabsl|ldexpl|frexpl|sqrtl|nextafterl|nexttowardl|"
    r"fmaxl|fminl|truncl|floorl|ceill|roundl|scalbnl)\s*\(")
SKIP_DIRS = {"build", "node_modules"}


def violations(root):
    out = []
    for top in FOLDERS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
            for name in sorted(files):
                path = os.path.join(d, name)
                try:
                    with open(path, encoding="utf-8") as f:
                        lines = f.readlines()
                except (UnicodeDecodeError, OSError):
                    continue  # not text
                for n, line in enumerate(lines, 1):
                    m = FORBIDDEN.search(line)
                    if m:
                        rel = os.path.relpath(path, root)
                        out.append(f"{rel}:{n}: '{m.group(0).strip()}': no x87 extended type in "
                                   f"{top}/ (docs/contracts.md, \"Exact paths\")")
    return out


def self_test():
    """The check bites on each form, and passes a clean tree."""
    tmp = tempfile.mkdtemp()
    try:
        put = planter(tmp)
        put("optimized/include/aabb/optimized/a.hpp", "double x = 1;\n")
        put("filtered/README.md", "Plain double only.\n")
        if violations(tmp):
            print("self-test: a clean tree was reported:", violations(tmp))
            return 1
        put("optimized/include/aabb/optimized/b.hpp", "using W = long  double;\n")
        put("filtered/include/aabb/filtered/c.hpp", "auto y = fmal(a, b, c);\n")
        put("exact_float/include/aabb/exact_float/d.hpp", "__float80 z;\n")
        put("filtered/README.md", "the fallback runs in long double\n")
        found = violations(tmp)
        want = ["optimized/include/aabb/optimized/b.hpp:1:", "filtered/include/aabb/filtered/c.hpp:1:",
                "exact_float/include/aabb/exact_float/d.hpp:1:", "filtered/README.md:1:"]
        missing = [w for w in want if not any(v.startswith(w) for v in found)]
        if missing or len(found) != len(want):
            print("self-test: expected", want, "got", found)
            return 1
        print("self-test: every planted form was reported")
        return 0
    finally:
        shutil.rmtree(tmp)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    found = violations(args.root)
    for v in found:
        print(v)
    if found:
        print(f"{len(found)} use(s) of an x87 extended type")
        return 1
    print("no x87 extended type in " + ", ".join(f + "/" for f in FOLDERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
