#!/usr/bin/env python3
"""Time to first find of each planted bug of tests/check/planted.c, under the differential fuzz
driver (aabb-oracle-fuzz, coverage-guided) and under check's generation (its campaign's
found_after_seconds), in one run; and the driver's throughput on a correct library (the bundled
optimized plugin) per family of the registry. Prints a Markdown table (docs/fuzzing-your-library.md).

    python3 tools/fuzz_driver_race.py [--build build/release] [--seconds 60]

The libraries are built with clang-14 -O2 -fsanitize=fuzzer-no-link and no sanitizer (the
throughput target is without sanitizers); the tool and aabb-oracle-fuzz come from --build.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import registry  # noqa: E402


def planted_ops():
    """The ops whose function tests/check/planted.c marks PLANTED, in its order."""
    text = open(os.path.join(ROOT, "tests", "check", "planted.c")).read()
    ops = []
    for part in text.split("/* PLANTED")[1:]:
        m = re.search(r"\baabb_(\w+?)_##S\(", part)
        if m and m.group(1) not in ops:
            ops.append(m.group(1))
    return ops


def families(tool):
    """The registry's families, each with its ABI variants: {"static": "contains,contains_ce,..."}."""
    out = {}
    for op, v in registry.variants(registry.load(tool), abi_only=True):
        out.setdefault(op["family"], []).append(v["name"])
    return {f: ",".join(names) for f, names in out.items()}


def build(work, source, name, cxx=False):
    lib = os.path.join(work, f"lib{name}.so")
    inc = [f"-I{ROOT}/{d}/include" for d in ("abi", "optimized", "geometry", "exact_float")]
    cmd = (["clang++-14", "-std=c++20"] if cxx else ["clang-14", "-std=c99"]) + [
        "-O2", "-fPIC", "-shared", "-fsanitize=fuzzer-no-link", "-ffp-contract=off", *inc, source, "-o", lib, "-lm"]
    subprocess.run(cmd, check=True)
    return lib


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "release"))
    ap.add_argument("--seconds", type=float, default=60)
    a = ap.parse_args()
    tool = os.path.join(a.build, "bin", "aabb-oracle")
    fuzzer = os.path.join(a.build, "bin", "aabb-oracle-fuzz")
    work = tempfile.mkdtemp(prefix="aabb-race-")
    planted = build(work, os.path.join(ROOT, "tests", "check", "planted.c"), "planted")
    optimized = build(work, os.path.join(ROOT, "examples", "plugins", "optimized_plugin.cpp"), "optimized", cxx=True)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")

    print(f"| planted bug | driver: first find | driver: execs | driver: signature | check: first find | check: cases |")
    print(f"|---|---|---|---|---|---|")
    for op in planted_ops():
        corpus = tempfile.mkdtemp(dir=work)
        art = os.path.join(work, f"art-{op}") + "/"
        os.makedirs(art)
        t0 = time.monotonic()
        p = subprocess.run([fuzzer, f"--impl={planted}", f"--ops={op}", corpus, "-seed=1", "-timeout=2",
                            f"-max_total_time={int(a.seconds)}", f"-artifact_prefix={art}"],
                           capture_output=True, text=True, env=env)
        t = time.monotonic() - t0
        execs = re.findall(r"^#(\d+)", p.stderr, re.M)
        found = p.returncode != 0
        # A hang is reported after the -timeout: the time to find it includes that wait.
        driver = f"{t:.2f} s" if found else f"not in {a.seconds:.0f} s"
        sig = re.search(r"^aabb-oracle: (\S+)$", p.stderr, re.M)
        what = sig.group(1) if sig else ("timeout" if "libFuzzer: timeout" in p.stderr else
                                         "crash" if "deadly signal" in p.stderr else "-")
        rep = os.path.join(work, f"check-{op}.json")
        subprocess.run([tool, "check", "--impl", planted, "--ops", op, "--seconds", str(a.seconds),
                        "--timeout", "2", "--json", rep, "--quiet"], capture_output=True, text=True)
        firsts = []
        for r in json.load(open(rep))["results"]:
            for e in r.get("counterexamples", []):
                if e.get("role") == "first":
                    firsts.append((e["found_after_seconds"], e["found_at_case"]))
        if firsts:
            s, n = min(firsts)
            check = f"{s:.3f} s", str(n)
        else:
            check = (f"not in {a.seconds:.0f} s", "-")
        # No "#N" status line: found on the first input (the empty one) before libFuzzer printed any.
        print(f"| {op} | {driver} | {execs[-1] if execs else '1'} | {what} | {check[0]} | {check[1]} |", flush=True)

    print()
    print("| correct library (optimized plugin) | exec/s, one process |")
    print("|---|---|")
    for fam, ops in families(tool).items():
        corpus = tempfile.mkdtemp(dir=work)
        p = subprocess.run([fuzzer, f"--impl={optimized}", f"--ops={ops}", corpus, "-seed=1",
                            "-max_total_time=20", "-print_final_stats=1"], capture_output=True, text=True, env=env)
        m = re.search(r"stat::average_exec_per_sec:\s*(\d+)", p.stderr)
        status = "" if p.returncode == 0 else " (FOUND A VIOLATION: see below)"
        print(f"| {fam} ({ops}) | {m.group(1) if m else '?'}{status} |", flush=True)
        if p.returncode != 0:
            print(p.stderr[-3000:], file=sys.stderr)


if __name__ == "__main__":
    main()
