#!/usr/bin/env python3
"""Runs `aabb-oracle eval INPUT` and compares its standard output with EXPECTED byte for byte.

Also checks the exit status and that nothing was written on standard error (eval reports
problems with lines on standard output; standard error is for usage errors only).
"""
import argparse
import difflib
import subprocess
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tool", required=True, help="path to aabb-oracle")
    parser.add_argument("--input", required=True, help="NAME.in.jsonl")
    parser.add_argument("--expected", required=True, help="NAME.out.jsonl")
    parser.add_argument("--exit", type=int, required=True, help="expected exit status")
    args = parser.parse_args()

    run = subprocess.run([args.tool, "eval", args.input], capture_output=True, timeout=60)
    with open(args.expected, "rb") as f:
        expected = f.read()

    ok = True
    if run.stdout != expected:
        ok = False
        print(f"stdout differs from {args.expected}:")
        diff = difflib.unified_diff(
            expected.decode("utf-8", "replace").splitlines(keepends=True),
            run.stdout.decode("utf-8", "replace").splitlines(keepends=True),
            fromfile="expected", tofile="actual")
        sys.stdout.writelines(line if line.endswith("\n") else line + "\n" for line in diff)
    if run.returncode != args.exit:
        ok = False
        print(f"exit status {run.returncode}, expected {args.exit}")
    if run.stderr:
        ok = False
        print("unexpected stderr:", run.stderr.decode("utf-8", "replace"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
