#!/usr/bin/env python3
"""Checks that reference/ does no floating-point arithmetic.

Two checks, both must pass:
1. Sources: outside the one boundary header (float_bits.hpp, where floats enter and leave the
   reference as bit patterns), no code in reference/ names float, double, <cmath> or a libm
   function. Comments and string literals are ignored.
2. Machine code: objdump of the compiled reference (the library and a probe that instantiates
   every op) contains no x86-64 floating-point arithmetic, comparison or conversion instruction.
   Moves of a double's bits (movq, movsd) are allowed: that is what std::bit_cast compiles to.
The control object (plain double arithmetic) must be flagged, or the check itself is broken.
"""
import argparse
import pathlib
import re
import subprocess
import sys

BOUNDARY = {"float_bits.hpp"}
SOURCE_PATTERN = re.compile(r"\b(float|double|cmath|math\.h|sqrt|fabs|floor|ceil|pow|ldexp|frexp|mpq_get_d|mpz_get_d)\b")
# Scalar/packed SSE/AVX FP arithmetic, comparisons and conversions; FMA; x87.
MNEMONIC = re.compile(
    r"v?(?:add|sub|mul|div|sqrt|min|max|round|rcp|rsqrt|hadd|hsub|dp|cmp[a-z]*)(?:ss|sd|ps|pd)"
    r"|v?u?comis[sd]|v?cvt\w*|vfn?m(?:add|sub)\w*|vfmaddsub\w*|vfmsubadd\w*"
    r"|f(?:ld|st|add|sub|mul|div|com|ucom|ild|ist|isttp|sqrt|abs|chs|rndint|scale|prem|xch)\w*")


def strip_comments_and_strings(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def check_sources(root: pathlib.Path) -> list[str]:
    problems = []
    files = [p for p in root.rglob("*") if p.suffix in {".hpp", ".cpp", ".h"}]
    if not files:
        problems.append(f"no sources found under {root}")
    for path in files:
        if path.name in BOUNDARY:
            continue
        code = strip_comments_and_strings(path.read_text())
        for n, line in enumerate(code.splitlines(), 1):
            m = SOURCE_PATTERN.search(line)
            if m:
                problems.append(f"{path}:{n}: '{m.group(1)}' in reference code")
    return problems


def fp_instructions(obj: str) -> list[str]:
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], capture_output=True,
                         text=True, check=True).stdout
    found, function = [], "?"
    for line in out.splitlines():
        if line.endswith(">:"):
            function = line
            continue
        fields = line.split("\t")
        if len(fields) < 2 or not fields[0].strip().endswith(":"):
            continue
        insn = fields[-1].strip()
        if MNEMONIC.fullmatch(insn.split(" ")[0]):
            found.append(f"{obj}: {function} {insn}")
    return found


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sources", required=True)
    ap.add_argument("--control", required=True)
    ap.add_argument("objects", nargs="+")
    args = ap.parse_args()

    problems = check_sources(pathlib.Path(args.sources))
    if not fp_instructions(args.control):
        problems.append(f"control {args.control}: no floating-point instruction found; the check is blind")
    checked = 0
    for obj in args.objects:
        found = fp_instructions(obj)
        checked += 1
        problems += [f"floating-point instruction: {f}" for f in found[:20]]
    if problems:
        print("\n".join(problems))
        print(f"FAILED: {len(problems)} problem(s)")
        return 1
    print(f"reference/ sources and {checked} object file(s): no floating-point arithmetic; "
          f"control flagged as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
