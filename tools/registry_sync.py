#!/usr/bin/env python3
"""Writes the parts of committed files that are derived from the op registry
(`aabb-oracle ops --json`), or with --check says which are out of date (a ctest test):
  vectors/aabb_vectors_schema_v1.json  the enums of "algorithm" (the variants) and "op"
  fuzz/dict/eval_line.dict             the block of op and field names
Usage: registry_sync.py --tool build/release/bin/aabb-oracle [--check]"""

import argparse
import difflib
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import registry  # noqa: E402


def wrapped_enum(names, indent, width=100):
    """`"enum": ["a", "b",` wrapped at width, continuation lines under the first name."""
    first = " " * indent + '"enum": ['
    lines, line = [], first
    for k, name in enumerate(names):
        item = json.dumps(name) + ("]" if k == len(names) - 1 else ",")
        if len(line) + 1 + len(item) > width and line.strip() != '"enum": [':
            lines.append(line)
            line = " " * len(first) + item
        else:
            line += ("" if line.endswith("[") else " ") + item
    lines.append(line)
    return "\n".join(lines)


def schema_text(text, doc):
    for key, names in (("algorithm", registry.variant_names(doc)), ("op", registry.op_names(doc))):
        pattern = re.compile(r'(    "%s": \{\n      "description": [^\n]*\n)( *"enum": \[[^\]]*\])' % key)
        if len(pattern.findall(text)) != 1:
            sys.exit(f"registry_sync.py: the schema has no single \"{key}\" enum in the expected layout")
        text = pattern.sub(lambda m: m.group(1) + wrapped_enum(names, 6), text)
    return text


def dict_text(text, doc):
    names = registry.op_names(doc)
    for op in doc["ops"]:
        names += [f["name"] for f in op["fields"] if f["name"] not in names]
    begin = "# begin: the registry's op and field names (tools/registry_sync.py writes this block)\n"
    end = "# end: the registry's op and field names\n"
    if text.count(begin) != 1 or text.count(end) != 1:
        sys.exit("registry_sync.py: the dictionary has no single generated block")
    a, b = text.index(begin) + len(begin), text.index(end)
    block = "".join('"' + json.dumps(n).replace('"', '\\"') + '"\n' for n in names)
    return text[:a] + block + text[b:]


TARGETS = [("vectors/aabb_vectors_schema_v1.json", schema_text), ("fuzz/dict/eval_line.dict", dict_text)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 naming stale files")
    args = ap.parse_args()
    doc = registry.load(args.tool)
    stale = 0
    for rel, make in TARGETS:
        path = ROOT / rel
        old = path.read_text(encoding="utf-8")
        new = make(old, doc)
        if new == old:
            continue
        if args.check:
            stale += 1
            print(f"{rel} is out of date with the registry; run tools/registry_sync.py --tool TOOL:")
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), rel, rel + " (registry)"))
        else:
            path.write_text(new, encoding="utf-8")
            print(f"wrote {rel}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
