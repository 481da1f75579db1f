#!/usr/bin/env python3
"""abi/include/aabb/abi.h declares exactly the C ABI functions of the registry: for every
variant with "abi": true, aabb_<name>_f32 and aabb_<name>_f64 (through AABB_ABI_DECLARE), each
once, and nothing else."""

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
    declared = re.findall(r"AABB_ABI_EXPORT\s+\w+\s+aabb_(\w+)_##S\s*\(", header)
    wanted = registry.variant_names(doc, abi_only=True)
    problems = []
    for name in sorted(set(declared)):
        if declared.count(name) > 1:
            problems.append(f"aabb_{name}_##S is declared {declared.count(name)} times")
    for name in sorted(set(wanted) - set(declared)):
        problems.append(f"the registry's variant {name} has no aabb_{name}_##S in abi.h")
    for name in sorted(set(declared) - set(wanted)):
        problems.append(f"abi.h declares aabb_{name}_##S, which is no ABI variant of the registry")
    if declared != wanted and not problems:
        problems.append(f"abi.h declares the functions in another order than the registry: {declared}")
    return registry.verdict(problems, f"abi.h: {len(declared)} functions declared, {len(wanted)} in the registry")


if __name__ == "__main__":
    sys.exit(main())
