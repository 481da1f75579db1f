#!/usr/bin/env python3
"""No file of the project lists the ops by hand: the registry (ops/, printed by
`aabb-oracle ops --json`) is the one list, and everything that handles "every op" derives from
it (docs/architecture.md). A hand list is 7 or more distinct op or variant names (more than one family has) within 10
consecutive lines (as whole words: `op_contains` and `aabb_contains_f32` do not count).

Exempt: the registry itself; prose (docs/, *.md); data answered or replayed by the tests
(golden files, corpora, example queries); the C header abi.h, whose declarations the test
`registry.abi_header` compares with the registry; the generated blocks of tools/registry_sync.py,
compared by `registry.sync`. PENDING lists the files still to be derived from the registry: the
test fails when one of them no longer needs to be listed (so the list only shrinks) and when any
other file has a hand list."""

import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import registry  # noqa: E402

WINDOW, THRESHOLD = 10, 7

EXEMPT_PREFIXES = ("ops/", "docs/", "fuzz/corpus/", "fuzz/regressions/", "tests/eval/golden/")
EXEMPT_FILES = {
    "abi/include/aabb/abi.h": "the C ABI's declarations; registry.abi_header compares them with the registry",
    "examples/queries.jsonl": "example queries, one per op: data that eval answers (eval.golden.examples)",
    "vectors/aabb_vectors_schema_v1.json": "its op enums are written by tools/registry_sync.py (registry.sync)",
    "fuzz/dict/eval_line.dict": "its name block is written by tools/registry_sync.py (registry.sync)",
    "tests/fuzz_driver/fuzz_driver_test.py": "PLANTED: the kind of each bug tests/check/planted.c plants, per op "
                                             "(facts about that plugin, not a list of the ops)",
    "tests/check/check_e2e.py": "EXPECTED: the findings each bundled plugin must show, per variant (facts about "
                                "those plugins, not a list of the ops)",
    "examples/vectors/naive_consumer.py": "an example for users that runs without the tool: its table binds the ops "
                                          "it implements to its own code and skips the other files",
    "examples/plugins/optimized_plugin.cpp": "defines the C ABI's functions, one per symbol of abi.h: what a shared "
                                              "library exports by name (check.bundled.optimized requires every "
                                              "ABI variant of the registry)",
    "fuzz/make_seeds.py": "writes the seed corpora: its hand-written hostile eval lines (a BOM, a NUL byte, "
                          "duplicate keys, ...) are data",
}

# Files that still keep a list of their own, each to be derived from the registry (issue 11).
PENDING = {}


def tracked_files():
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True, check=True)
    return out.stdout.split()


def hand_list_line(lines, names):
    """The first line (1-based) of a window naming THRESHOLD distinct names, or None."""
    pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(sorted(names, key=len, reverse=True)) + r")(?![A-Za-z0-9_])")
    found = [set(pattern.findall(line)) for line in lines]
    for i in range(len(lines)):
        seen = set().union(*found[i:i + WINDOW])
        if len(seen) >= THRESHOLD:
            return i + 1, sorted(seen)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    args = ap.parse_args()
    doc = registry.load(args.tool)
    names = set(registry.op_names(doc)) | set(registry.variant_names(doc))
    failures = []
    still_pending = set()
    for rel in tracked_files():
        if rel.startswith(EXEMPT_PREFIXES) or rel.endswith(".md") or rel in EXEMPT_FILES:
            continue
        try:
            lines = (ROOT / rel).read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        hit = hand_list_line(lines, names)
        if hit is None:
            continue
        if rel in PENDING:
            still_pending.add(rel)
            continue
        line, seen = hit
        failures.append(f"{rel}:{line}: a hand list of ops ({', '.join(seen)}); derive it from the registry "
                        "(ops/registry.hpp in C++, `aabb-oracle ops --json` in scripts: tools/registry.py)")
    for rel in sorted(set(PENDING) - still_pending):
        failures.append(f"{rel}: has no hand list any more; remove it from PENDING in {pathlib.Path(__file__).name}")
    return registry.verdict(failures, f"hand lists: {len(failures)} problems, {len(still_pending)} files pending")


if __name__ == "__main__":
    sys.exit(main())
