#!/usr/bin/env python3
"""Reads a fuzz tooth (fuzz/teeth/<k>-<name>.tooth, format in fuzz/README.md) for
tools/fuzz_teeth.sh.

    tooth.py field TOOTH KEY     prints the value of `KEY: value` (file, found-by, clause)
    tooth.py apply TOOTH ROOT    replaces the original text by the mutant in ROOT/<file>; fails
                                 unless the original text occurs there exactly once
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


def main():
    command, path = sys.argv[1], sys.argv[2]
    fields, original, mutant = parse(path)
    if command == "field":
        print(fields[sys.argv[3]])
        return
    target = f"{sys.argv[3]}/{fields['file']}"
    text = open(target, encoding="utf-8").read()
    count = text.count(original)
    if count != 1:
        sys.exit(f"tooth.py: {path}: the original text occurs {count} times in {fields['file']}, "
                 "not once; the tooth no longer fits the code, rewrite it")
    open(target, "w", encoding="utf-8").write(text.replace(original, mutant))


if __name__ == "__main__":
    main()
