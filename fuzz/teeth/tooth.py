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
import argparse
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
    parser = argparse.ArgumentParser(
        prog="tooth.py", description=__doc__.split("\n\n")[0].replace("\n", " "),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    field = sub.add_parser("field", help="print the value of a tooth's `KEY: value` line")
    field.add_argument("tooth", metavar="TOOTH")
    field.add_argument("key", metavar="KEY", choices=("file", "found-by", "clause"))
    apply = sub.add_parser("apply", help="put the mutant into ROOT/<file> (the original must occur once)")
    apply.add_argument("tooth", metavar="TOOTH")
    apply.add_argument("root", metavar="ROOT")
    fits = sub.add_parser("fits", help="check that each tooth's original text occurs once in ROOT/<file>")
    fits.add_argument("root", metavar="ROOT")
    fits.add_argument("teeth", metavar="TOOTH", nargs="+")
    args = parser.parse_args()
    try:
        if args.command == "fits":
            for path in args.teeth:
                fitting_text(path, args.root)
            print(f"tooth.py: all {len(args.teeth)} teeth fit the code")
        elif args.command == "field":
            print(parse(args.tooth)[0][args.key])
        else:
            fields, text, original, mutant = fitting_text(args.tooth, args.root)
            with open(f"{args.root}/{fields['file']}", "w", encoding="utf-8") as out:
                out.write(text.replace(original, mutant))
    except OSError as e:
        sys.exit(f"tooth.py: {e.filename}: {e.strerror}")


if __name__ == "__main__":
    main()
