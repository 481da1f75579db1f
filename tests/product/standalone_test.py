#!/usr/bin/env python3
"""Product code stands on its own: no translation unit of a shipped target (the aabb-oracle tool,
its libraries, the bundled plugins, every installed library) is compiled from, or includes a
header under, properties/, fuzz/ or tests/. Reads the build's compile_commands.json for the
translation units and their -I/-isystem paths, and Ninja's dependency log (`ninja -t deps`) for
every header each one actually included.

Usage: standalone_test.py --build DIR --source DIR TARGET..."""

import argparse
import json
import pathlib
import re
import shlex
import subprocess
import sys

FORBIDDEN = ("properties", "fuzz", "tests")


def forbidden(path, source):
    try:
        rel = pathlib.Path(path).resolve().relative_to(source)
    except ValueError:
        return None
    return rel.parts[0] if rel.parts and rel.parts[0] in FORBIDDEN else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", type=pathlib.Path, required=True)
    ap.add_argument("--source", type=pathlib.Path, required=True)
    ap.add_argument("targets", nargs="+")
    args = ap.parse_args()
    source = args.source.resolve()
    entries = json.loads((args.build / "compile_commands.json").read_text())
    problems, units = [], {t: 0 for t in args.targets}
    for e in entries:
        argv = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        out = argv[argv.index("-o") + 1] if "-o" in argv else ""
        m = re.search(r"CMakeFiles/([^/]+)\.dir/", out)
        if not m or m.group(1) not in units:
            continue
        target = m.group(1)
        units[target] += 1
        where = f"{target}: {e['file']}"
        if forbidden(e["file"], source):
            problems.append(f"{where}: the source itself is under {forbidden(e['file'], source)}/")
        for i, a in enumerate(argv):
            path = None
            if a in ("-I", "-isystem", "-iquote", "-idirafter") and i + 1 < len(argv):
                path = argv[i + 1]
            elif a.startswith("-I") and len(a) > 2:
                path = a[2:]
            if path and forbidden(pathlib.Path(e["directory"]) / path, source):
                problems.append(f"{where}: include path {path}")
        deps = subprocess.run(["ninja", "-C", str(args.build), "-t", "deps", out], capture_output=True, text=True)
        if deps.returncode != 0 or "deps not found" in deps.stdout or not deps.stdout.strip():
            problems.append(f"{where}: no dependency record for {out} (build the targets first)")
            continue
        for line in deps.stdout.splitlines()[1:]:
            header = line.strip()
            if header and forbidden(pathlib.Path(args.build) / header, source):
                problems.append(f"{where}: includes {header}")
    for target, n in units.items():
        if n == 0 and not target.startswith("-"):
            problems.append(f"{target}: no translation unit found in compile_commands.json")
    for p in problems[:60]:
        print("FAIL:", p)
    print(f"{sum(units.values())} translation units of {len(units)} targets, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
