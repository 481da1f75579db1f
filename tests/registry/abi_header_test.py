#!/usr/bin/env python3
"""abi/include/aabb/abi.h declares exactly the C ABI functions of the registry: for every
variant with "abi": true, P##_<name>_##S in AABB_ABI_DECLARE, each once and in the registry's
order, and nothing else; and the macro instantiated for float and double in dimension 3 (prefix
aabb, T[3], T[9]) and dimension 2 (prefix aabb2, T[2], T[4]), as contract §4 says."""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import registry  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    args = ap.parse_args()
    doc = registry.load(args.tool)
    header = (ROOT / "abi/include/aabb/abi.h").read_text(encoding="utf-8")
    declared = re.findall(r"AABB_ABI_EXPORT\s+\w+\s+P##_(\w+)_##S\s*\(", header)
    wanted = registry.variant_names(doc, abi_only=True)
    problems = []
    instances = re.findall(r"^AABB_ABI_DECLARE\((.*)\)\s*$", header, re.M)
    want_instances = ["float, f32, aabb, 3, 9", "double, f64, aabb, 3, 9",
                      "float, f32, aabb2, 2, 4", "double, f64, aabb2, 2, 4"]
    if instances != want_instances:
        problems.append(f"abi.h instantiates AABB_ABI_DECLARE({instances}), expected {want_instances}")
    macro = []  # the lines of the macro: from its #define to the first line without a continuation
    for line in header.split("#define AABB_ABI_DECLARE", 1)[1].splitlines():
        macro.append(line)
        if not line.endswith("\\"):
            break
    if re.search(r"\[[0-9]+\]", "\n".join(macro)):
        problems.append("a declaration of AABB_ABI_DECLARE has a fixed array size instead of D or DD")
    for name in sorted(set(declared)):
        if declared.count(name) > 1:
            problems.append(f"P##_{name}_##S is declared {declared.count(name)} times")
    for name in sorted(set(wanted) - set(declared)):
        problems.append(f"the registry's variant {name} has no P##_{name}_##S in abi.h")
    for name in sorted(set(declared) - set(wanted)):
        problems.append(f"abi.h declares P##_{name}_##S, which is no ABI variant of the registry")
    if declared != wanted and not problems:
        problems.append(f"abi.h declares the functions in another order than the registry: {declared}")
    return registry.verdict(problems, f"abi.h: {len(declared)} functions declared, {len(wanted)} in the registry")


if __name__ == "__main__":
    sys.exit(main())
