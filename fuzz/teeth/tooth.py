#!/usr/bin/env python3
"""Reads a fuzz tooth (fuzz/teeth/<k>-<name>.tooth, format in fuzz/README.md) for
tools/fuzz_teeth.sh.

    tooth.py field TOOTH KEY     prints the value of `KEY: value` (file, found-by, clause)
    tooth.py apply TOOTH ROOT    replaces the original text by the mutant in ROOT/<file>; fails
                                 unless the original text occurs there exactly once
    tooth.py fits ROOT TOOTH...  checks, changing nothing, that each tooth's original text occurs
                                 exactly once in ROOT/<file> (ctest fuzz.teeth_fit: a code change
                                 that breaks a tooth fails in the first minutes of CI, not in
                                 tools/fuzz_teeth.sh at its end)
"""
import sys


def parse(path):
    fields, blocks, current = {}, {"original": [], "mutant": []}, None
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line in ("<<< original", "=== mutant", ">>>"):
            current = {"<<< original": "original", "=== mutant": "mutant", ">>>": None}[line]
        elif current:
            blocks[current].append(line)
        elif line and not line.startswith("#"):
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
    for key in ("file", "found-by", "clause"):
        if key not in fields:
            sys.exit(f"tooth.py: {path} has no '{key}:' line")
    if not blocks["original"]:
        sys.exit(f"tooth.py: {path} has no '<<< original' text")
    return fields, "\n".join(blocks["original"]) + "\n", "\n".join(blocks["mutant"]) + "\n"


def fitting_text(path, root):
    """The text of the tooth's file under root, and the tooth's original and mutant text; exits
    unless the original occurs exactly once."""
    fields, original, mutant = parse(path)
    text = open(f"{root}/{fields['file']}", encoding="utf-8").read()
    count = text.count(original)
    if count != 1:
        sys.exit(f"tooth.py: {path}: the original text occurs {count} times in {fields['file']}, "
                 "not once; the tooth no longer fits the code, rewrite it")
    return fields, text, original, mutant


def main():
    command = sys.argv[1]
    if command == "fits":
        root, teeth = sys.argv[2], sys.argv[3:]
        if not teeth:
            sys.exit("tooth.py fits: no tooth given")
        for path in teeth:
            fitting_text(path, root)
        print(f"tooth.py: all {len(teeth)} teeth fit the code")
        return
    path = sys.argv[2]
    if command == "field":
        print(parse(path)[0][sys.argv[3]])
        return
    fields, text, original, mutant = fitting_text(path, sys.argv[3])
    open(f"{sys.argv[3]}/{fields['file']}", "w", encoding="utf-8").write(text.replace(original, mutant))


if __name__ == "__main__":
    main()
