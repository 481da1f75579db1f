#!/usr/bin/env python3
"""End-to-end tests of the differential fuzz driver of a user's library (aabb-oracle-fuzz,
`aabb-oracle replay`, `check --corpus`; docs/fuzzing-your-library.md).

  planted   tests/check/planted.c built as a user would (clang, -fsanitize=fuzzer-no-link):
            every planted bug is found by aabb-oracle-fuzz under its signature (a crash and a
            hang as libFuzzer's own), each crash file replays to the same verdict with an eval
            line whose exact answer differs from the library's, and `check --corpus` replays the
            crash files as a failing regression suite.
  correct   the same library's correct ops (CORRECT) are not accused in a campaign of
            --correct-runs runs each (default 400000; the CI tier runs 100000, README "Test
            tiers": every planted bug is found within a few hundred runs).
  naive     the bundled naive plugin (examples/plugins/naive.c) built the same way: every bug
            kind check finds in it (tests/check/check_e2e.py's EXPECTED) is found by the driver,
            one run per kind, each run told the kinds already found (--known), and each crash
            file replays to the same signature.
  usage     bad options, a missing --impl and a library without the ABI are usage errors.

Budgets are counts of runs with a fixed -seed, never times: the outcome does not depend on the
machine's speed (a -timeout only turns the planted hang into a finding).
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

FAILURES = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)


def build_plugin(work, source, include, name):
    """The library built as docs/fuzzing-your-library.md says: clang, coverage for libFuzzer."""
    lib = os.path.join(work, f"lib{name}.so")
    cmd = ["clang-14", "-std=c99", "-O1", "-g", "-fPIC", "-shared", "-fsanitize=fuzzer-no-link",
           "-ffp-contract=off", "-I", include, source, "-o", lib, "-lm"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        print(p.stderr)
        sys.exit(f"could not build {source}")
    return lib


# The planted bugs of tests/check/planted.c: op -> the signature kinds one of which the driver
# must abort with (libFuzzer's own report for the crash and the hang).
PLANTED = {
    "overlap": ["missed_hit"],
    "intersection": ["error_beyond_k_ulps"],
    "union": ["error_beyond_k_ulps"],
    "contains_box": ["missed_hit"],
    "classify": ["wrong_class"],
    "extreme_points": ["wrong_index"],
    "bounds_of_sphere": ["crash"],
    "contains_ce": ["hang"],
    "grow": ["box_not_containing_the_exact_box", "error_beyond_k_ulps"],
    "closest_point": ["error_beyond_k_ulps"],
    "distance_sq": ["error_beyond_k_ulps"],
    "overlap_sphere": ["false_hit", "missed_hit"],
    "plane_side": ["wrong_side"],
    "overlap_triangle": ["false_hit"],
}
# Bugs of an op besides the one planted to be found, told to the driver as known (--known): the
# SIGSEGV of bounds_of_sphere at r = 0 sits beside its rounding to nearest, and the hang of
# contains_ce beside the false hits of its rounded p - c > e (check's generated form finds both).
KNOWN = {"bounds_of_sphere": [f"bounds_of_sphere-{t}-box_not_containing_the_exact_box" for t in ("f32", "f64")],
         "contains_ce": [f"contains_ce-{t}-false_hit" for t in ("f32", "f64")]}
CORRECT = ["contains", "bounds_of_points"]
RUNS = 400000  # a campaign that must find a bug stops at its first finding


def fuzz(fuzzer, lib, work, op, extra=(), runs=RUNS):
    corpus = os.path.join(work, f"corpus-{op}")
    art = os.path.join(work, f"artifacts-{op}") + "/"
    for d in (corpus, art):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    cmd = [fuzzer, f"--impl={lib}", f"--ops={op}", *extra, corpus, "-seed=1", f"-runs={runs}",
           "-timeout=3", f"-artifact_prefix={art}", "-print_final_stats=1"]
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:handle_abort=1")
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
    files = sorted(glob.glob(art + "crash-*") + glob.glob(art + "timeout-*"))
    return p, files


def replay(tool, lib, op, files, extra=()):
    return subprocess.run([tool, "replay", "--impl", lib, "--ops", op, "--timeout", "3", *extra, *files],
                          capture_output=True, text=True, timeout=600)


def exact_differs(tool, op, text):
    """From a replay's report: eval's answer to the eval line, against the library's answer."""
    line = re.search(r"^  eval line  (.*)$", text, re.M)
    lib = re.search(r"^  library    (.*)$", text, re.M)
    if not line or not lib:
        return False
    exact = json.loads(subprocess.run([tool, "eval"], input=line.group(1) + "\n", capture_output=True,
                                      text=True).stdout)
    answer = json.loads(lib.group(1))
    if "error" in exact:
        return False
    decision = {"overlap": "overlap", "contains_box": "contains", "overlap_sphere": "overlap",
                "overlap_triangle": "overlap"}
    if op in decision:
        return bool(answer["result"]) != exact[decision[op]]
    if op == "classify":
        return answer["result"] != {"disjoint": 0, "intersects": 1, "contains": 2}[exact["class"]]
    if op == "plane_side":
        return answer["result"] != exact["side"]
    if op == "extreme_points":
        return (answer["i_min"], answer["i_max"]) != (exact["i_min"], exact["i_max"])
    # Numbers: the library's differ from eval's exact ones (the judge said by how much).
    return json.dumps(answer) != json.dumps(exact)


def planted(tool, fuzzer, src, include, work):
    lib = build_plugin(work, src, include, "planted_fuzz")
    crash_files = []
    for op, kinds in PLANTED.items():
        p, files = fuzz(fuzzer, lib, work, op, [f"--known={','.join(KNOWN[op])}"] if op in KNOWN else [])
        out = p.stdout + p.stderr
        check(p.returncode != 0 and files, f"{op}: aabb-oracle-fuzz stops on a finding and saves it")
        if kinds == ["crash"]:
            # libFuzzer's own report, or AddressSanitizer's when the driver is built with it; not
            # one of the driver's aborts on a wrong answer (which libFuzzer reports as a signal too).
            found = ("deadly signal" in out or "ERROR: AddressSanitizer: SEGV" in out) and "aabb-oracle: " not in out
        elif kinds == ["hang"]:
            found = "ERROR: libFuzzer: timeout" in out and "aabb-oracle: " not in out
        else:
            found = any(re.search(rf"aabb-oracle: {op}-f(32|64)-{k}\b", out) for k in kinds)
        check(found, f"{op}: found as {' or '.join(kinds)}")
        if not files:
            continue
        crash_files.append((op, files[0]))
        r = replay(tool, lib, op, files[:1])
        check(r.returncode == 1 and "FAIL" in r.stdout, f"{op}: the saved input replays as a failure")
        same = any(re.search(rf"aabb-oracle: {op}-f(32|64)-{k}\b", r.stdout) for k in kinds)
        check(same, f"{op}: replay names the same kind")
        if not same:
            print(r.stdout[:3000], r.stderr[:2000], flush=True)
        if kinds not in (["crash"], ["hang"]):
            check(exact_differs(tool, op, r.stdout), f"{op}: eval's exact answer to the replayed line differs from the library's")
        else:
            check("eval line" in r.stdout, f"{op}: the crashing input's eval line is shown")
    # check --corpus: the saved inputs as a regression suite, before the generated cases.
    corpus = os.path.join(work, "regressions")
    os.makedirs(corpus, exist_ok=True)
    for f in glob.glob(os.path.join(corpus, "*")):
        os.remove(f)
    for op, f in crash_files:
        if op in ("overlap", "classify"):
            with open(f, "rb") as a, open(os.path.join(corpus, f"{op}-{os.path.basename(f)}"), "wb") as b:
                b.write(a.read())
    p = subprocess.run([tool, "check", "--impl", lib, "--ops", "overlap,classify", "--cases", "50",
                        "--corpus", corpus, "--json", os.path.join(work, "corpus.json")],
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 1, "check --corpus: exit 1 on failing saved inputs")
    check(re.search(r"corpus: \d+ inputs replayed, \d+ failing", p.stdout) is not None,
          "check --corpus: the corpus section is printed")
    report = json.load(open(os.path.join(work, "corpus.json")))
    failing = report.get("corpus", {}).get("failing", [])
    sigs = sorted(f["signature"] for f in failing)
    # An input libFuzzer mutated names its function in bytes 0-1 (the driver's custom mutator); an
    # input found unmutated (the empty one) maps by the options, so either op's bug may show.
    check(report.get("corpus", {}).get("inputs") == 2 and len(failing) == 2 and
          all(s.startswith(("overlap-", "classify-")) for s in sigs) and all(f["eval"] for f in failing),
          f"check --corpus: the JSON report lists both failing inputs by signature, with eval lines ({sigs})")
    # A corpus of inputs the library passes: nothing failing.
    passing = os.path.join(work, "passing")
    os.makedirs(passing, exist_ok=True)
    with open(os.path.join(passing, "one"), "wb") as f:
        f.write(bytes([0, 0]) + bytes(range(1, 60)))
    p = subprocess.run([tool, "check", "--impl", lib, "--ops", "contains", "--cases", "20", "--corpus", passing],
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 0 and "1 inputs replayed, 0 failing" in p.stdout,
          "check --corpus: a corpus the library passes leaves check's verdict alone")


def correct(tool, fuzzer, src, include, work, runs):
    """The correct ops of the planted library: a campaign of `runs` runs each, nothing found."""
    lib = build_plugin(work, src, include, "planted_correct")
    for op in CORRECT:
        p, files = fuzz(fuzzer, lib, work, op, runs=runs)
        done = re.search(r"Done (\d+) runs", p.stderr)
        check(p.returncode == 0 and not files and done is not None and int(done.group(1)) == runs,
              f"{op} (correct): {runs} runs, nothing found")
        m = re.search(r"stat::average_exec_per_sec:\s*(\d+)", p.stderr)
        if m:
            print(f"     {op}: {m.group(1)} exec/s", flush=True)


def naive(tool, fuzzer, src, include, work):
    """Every kind of violation check reports on the naive plugin, found by the driver: per op, runs
    with a fixed seed, each told the signatures found so far (--known), until every kind expected
    has shown (or a run finds nothing new)."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "check"))
    from check_e2e import EXPECTED  # noqa: E402  (the kinds check's test asserts on this plugin)
    source = os.path.join(here, "..", "..", "examples", "plugins", "naive.c")
    lib = build_plugin(work, source, include, "naive_fuzz")
    expected = EXPECTED["naive"]["kinds"]
    for op, kinds in expected.items():
        wanted = {k.replace(" ", "_") for k in kinds}
        known, found = [], set()
        # Other kinds may come first (ray's early and late contacts, in either type): a run per
        # signature, up to one per kind and type the driver has.
        for _ in range(2 * 16):
            extra = [f"--known={','.join(known)}"] if known else []
            p, files = fuzz(fuzzer, lib, work, op, extra)
            m = re.search(rf"^aabb-oracle: ({op}-f(?:32|64)-(\w+))$", p.stderr, re.M)
            if p.returncode == 0 or not m:
                if p.returncode != 0:
                    print(p.stderr[-3000:])
                break
            sig, kind = m.group(1), m.group(2)
            check(sig not in known, f"naive {op}: a known signature ({sig}) does not stop the run again")
            known.append(sig)
            found.add(kind)
            r = replay(tool, lib, op, files[:1])
            # replay names every fault of the input (its first may be a known one).
            t = sig.split("-")[1]
            check(r.returncode == 1 and re.search(rf"aabb-oracle: {op}-{t}-", r.stdout) is not None and
                  re.search(rf"^  fault      {kind.replace('_', ' ')}: ", r.stdout, re.M | re.I) is not None,
                  f"naive {op}: the crash file of {sig} replays to a failure with that fault")
            if wanted <= found:
                break
        check(wanted <= found, f"naive {op}: the driver finds {sorted(wanted)} (found {sorted(found)}: {known})")


def usage(tool, fuzzer, src, include, work):
    lib = build_plugin(work, src, include, "planted_usage")
    cases = [
        ([f"--impl={lib}", "--frobnicate=1"], "--frobnicate: unknown option"),
        ([f"--impl={lib}", "--ops=nope"], "--ops: unknown op \"nope\""),
        ([f"--impl={lib}", "--contract=overlap=ulps:1"], "--contract overlap=ulps:1"),
        ([f"--impl={lib}", "--ray=line"], "--ray: unknown kind of ray"),
        ([f"--impl={lib}", "--impl"], "--impl: expected --impl=VALUE"),
        ([], "--impl=LIB.so (or the environment variable AABB_IMPL)"),
        (["--impl=/nonexistent/lib.so"], "/nonexistent/lib.so"),
        ([f"--impl={lib}", "--ops=transform"], "exports no function of the C ABI"),
        ([f"--impl={lib}", "--known=overlap-f32-missed"], "--known: \"overlap-f32-missed\" is not a signature"),
    ]
    for args, message in cases:
        env = {k: v for k, v in os.environ.items() if k not in ("AABB_IMPL", "AABB_FUZZ_OPTIONS")}
        p = subprocess.run([fuzzer, *args, "-runs=1"], capture_output=True, text=True, env=env, timeout=120)
        check(p.returncode == 2 and message in p.stderr, f"usage: {' '.join(args) or '(no --impl)'} -> exit 2, says {message!r}")
    # A signature's kind is lower case ("NaN answer" -> nan_answer), as the driver prints it.
    p = subprocess.run([fuzzer, f"--impl={lib}", "--known=ray-f64-nan_answer,overlap-f32-missed_hit", "-runs=1"],
                       capture_output=True, text=True, timeout=120)
    check(p.returncode == 0, "usage: --known takes the signatures the driver prints (ray-f64-nan_answer)")
    env = dict(os.environ, AABB_FUZZ_OPTIONS="--ray=sideways")
    p = subprocess.run([fuzzer, f"--impl={lib}", "-runs=1"], capture_output=True, text=True, env=env, timeout=120)
    check(p.returncode == 2 and "--ray: unknown kind of ray" in p.stderr,
          "usage: a bad value in AABB_FUZZ_OPTIONS is an error")
    env = dict(os.environ, AABB_FUZZ_OPTIONS="ray=half-line")
    p = subprocess.run([fuzzer, f"--impl={lib}", "-runs=1"], capture_output=True, text=True, env=env, timeout=120)
    check(p.returncode == 2 and "AABB_FUZZ_OPTIONS: \"ray=half-line\" is not an option" in p.stderr,
          "usage: AABB_FUZZ_OPTIONS takes --name=value options only")
    r = subprocess.run([tool, "replay", "--impl", lib, os.path.join(work, "no-such-input")], capture_output=True, text=True)
    check(r.returncode == 2 and "no-such-input: No such file or directory" in r.stderr, "replay: a missing input is a usage error")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--fuzzer", required=True)
    ap.add_argument("--planted", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--correct-runs", type=int, default=400000,
                    help="runs of each correct op's campaign (mode correct)")
    ap.add_argument("what", choices=["planted", "correct", "naive", "usage"])
    a = ap.parse_args()
    if a.correct_runs < 1:
        ap.error(f"--correct-runs: a positive number of runs, not {a.correct_runs}")
    work = os.path.join(a.work, a.what)  # ctest runs the modes in parallel: a folder each
    os.makedirs(work, exist_ok=True)
    if a.what == "correct":
        correct(a.tool, a.fuzzer, a.planted, a.include, work, a.correct_runs)
    else:
        {"planted": planted, "naive": naive, "usage": usage}[a.what](a.tool, a.fuzzer, a.planted, a.include, work)
    if FAILURES:
        print(f"{len(FAILURES)} failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
