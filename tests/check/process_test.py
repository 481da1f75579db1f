#!/usr/bin/env python3
"""`aabb-oracle check --impl-cmd` against implementations that are processes (docs/protocol.md):
hostile ones speaking the protocol by hand (processes/hostile.py, one misbehaviour each, on the
cases where box a is flat on axis 0), adapters written with the JavaScript and Python kits, and
real JavaScript libraries through the kit (tests/node/adapters/).

Each mode asserts the exit status, the finding's kind and words, and that nothing was lost:
every case of the budget is judged (a misbehaving case counts as judged, with its finding), and
the campaign of the other function of the same run is unaffected. Timeouts only guard against
hangs: minutes where the runs take seconds; no assertion depends on the machine's speed.

    process_test.py --tool AABB_ORACLE --work DIR MODE
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

from verdicts import check, finish

GUARD = 300
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HOSTILE = os.path.join(HERE, "processes", "hostile.py")
PY = shlex.quote(sys.executable)  # the interpreter itself: a shim (pyenv) would cost each start


class Run:
    def __init__(self, tool, work, name, cmd, args, env=None):
        self.json_path = os.path.join(work, name + ".json")
        if os.path.exists(self.json_path):
            os.remove(self.json_path)
        argv = [tool, "check", "--impl-cmd", cmd, "--seed", "7", "--quiet", "--json", self.json_path] + args
        e = dict(os.environ)
        e["ASAN_OPTIONS"] = ":".join(filter(None, [e.get("ASAN_OPTIONS", ""), "symbolize=0"]))
        e.update(env or {})
        start = time.monotonic()
        p = subprocess.run(argv, capture_output=True, timeout=GUARD, env=e, cwd=work)
        self.seconds = time.monotonic() - start
        self.code = p.returncode
        self.out = p.stdout.decode("utf-8", "replace")
        self.err = p.stderr.decode("utf-8", "replace")
        print(f"$ {shlex.join(argv)}\n-> exit {self.code} in {self.seconds:.1f} s")
        print(self.out[-3000:])
        print(self.err[-1500:], file=sys.stderr)
        try:
            with open(self.json_path, encoding="utf-8") as f:
                self.report = json.load(f)
        except Exception as ex:  # noqa: BLE001 -- any failure to read it is the finding
            self.report = None
            check(False, f"{name}: the JSON report is valid ({ex})")

    def result(self, op, t="f64"):
        for r in (self.report or {}).get("results", []):
            if r["op"] == op and r["type"] == t:
                return r
        return {}

    def kinds(self, op, t="f64"):
        return set(self.result(op, t).get("violations", {}))

    def example(self, op, kind, t="f64"):
        for ex in self.result(op, t).get("counterexamples", []):
            if ex["kind"] == kind:
                return ex
        return {}


def hostile(tool, work, mode, cases=300, extra=(), env=None):
    return Run(tool, work, mode, f"{PY} {HOSTILE} {mode} {shlex.quote(work)}",
               ["--cases", str(cases), "--types", "f64", "--ops", "overlap,union"] + list(extra), env)


def nothing_lost(run, name, cases):
    """Every case of both campaigns judged; the report's counts add up."""
    for op in ("overlap", "union"):
        r = run.result(op)
        check(r.get("cases") == cases, f"{name}: {op} judged all {cases} cases (got {r.get('cases')})")


def finding(run, name, kind, words, ops=("overlap", "union")):
    check(run.code == 1 and "FAIL" in run.out and "PASS" not in run.out, f"{name}: FAIL, exit 1 (got {run.code})")
    for op in ops:
        check(kind in run.kinds(op), f"{name}: {op} reports {kind!r} (got {run.kinds(op)})")
        detail = run.example(op, kind).get("detail", "")
        check(all(w in detail for w in words), f"{name}: {op}'s {kind} says {words} ({detail!r})")
        check(run.kinds(op) <= {kind}, f"{name}: {op} has no other kind ({run.kinds(op)})")


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1].split()[0] != "Z"
    except OSError:
        return False


# ---- The process misbehaves ---------------------------------------------------------------

def mode_crash(tool, work):
    run = hostile(tool, work, "crash")
    finding(run, "crash", "crash", ["signal 11", "during the call", "Segmentation fault"])
    nothing_lost(run, "crash", 300)
    ex = run.example("overlap", "crash")
    q = json.loads(ex.get("eval", "{}"))
    check(q.get("a", {}).get("min", [None])[0] == q.get("a", {}).get("max", [0])[0],
          f"crash: the case blamed is one the process crashes on, box a flat on axis 0 ({ex.get('eval')})")


def mode_exit_at_start(tool, work):
    run = hostile(tool, work, "exit_at_start", cases=20)
    finding(run, "exit_at_start", "crash", ["exited with status 4"])
    nothing_lost(run, "exit_at_start", 20)


def mode_exit_before_hello(tool, work):
    run = hostile(tool, work, "exit_before_hello")
    check(run.code == 2 and "PASS" not in run.out, f"exit_before_hello: exit 2 (got {run.code})")
    check("exited with status 3 before its hello line" in run.err and "no licence" in run.err,
          f"exit_before_hello: says how and quotes its stderr ({run.err.strip()!r})")
    check(run.report is not None and run.report.get("passed") is False and "error" in run.report,
          "exit_before_hello: the JSON report says not passed, with the error")


def mode_no_hello(tool, work):
    run = hostile(tool, work, "no_hello", extra=["--timeout", "1"])
    check(run.code == 2 and "no hello line within 1 s" in run.err and "waiting forever" in run.err,
          f"no_hello: exit 2, says no hello came ({run.code}, {run.err.strip()!r})")


def mode_bad_hello(tool, work):
    run = hostile(tool, work, "bad_hello", extra=["--timeout", "1"])
    check(run.code == 2 and 'protocol "aabb-oracle/0", check speaks "aabb-oracle/1"' in run.err,
          f"bad_hello: exit 2 naming both protocols ({run.code}, {run.err.strip()!r})")


def mode_hang(tool, work):
    run = hostile(tool, work, "hang", extra=["--timeout", "1"])
    check(run.code == 1, f"hang: exit 1 (got {run.code})")
    for op in ("overlap", "union"):
        r = run.result(op)
        check(r.get("violations", {}).get("hang") == 3 and "stopped after 3 hangs" in r.get("stopped", ""),
              f"hang: {op} stops after 3 hangs ({r.get('violations')}, {r.get('stopped')})")
        check("took longer than 1 s" in run.example(op, "hang").get("detail", ""), f"hang: {op} says how long")


def mode_garbage(tool, work):
    run = hostile(tool, work, "garbage", cases=100)
    finding(run, "garbage", "malformed answer", ['"debug: a is flat"', "not JSON", "standard error"])
    nothing_lost(run, "garbage", 100)


def mode_nan_bool(tool, work):
    run = hostile(tool, work, "nan_bool", cases=100)
    finding(run, "nan_bool", "malformed answer", ['"result": expected an integer'], ops=("overlap",))
    nothing_lost(run, "nan_bool", 100)
    check(run.result("union").get("status") == "ok", "nan_bool: union (answered right) is ok")


def mode_error(tool, work):
    run = hostile(tool, work, "error")
    finding(run, "error", "error", ["answered with an error", "ValueError: a flat box"])
    nothing_lost(run, "error", 300)


def mode_missing(tool, work):
    run = hostile(tool, work, "missing")
    finding(run, "missing", "missing answer", ["ended the batch after"])
    nothing_lost(run, "missing", 300)
    # One per batch: 300 cases are two batches (256 + 44), and shrinking finds more.
    check(run.result("overlap").get("violations", {}).get("missing answer", 0) >= 2, "missing: one per batch")


def mode_extra(tool, work):
    run = hostile(tool, work, "extra")
    finding(run, "extra", "malformed answer", ["where the end line", "was due"])
    nothing_lost(run, "extra", 300)


def mode_flood(tool, work):
    run = hostile(tool, work, "flood", cases=50)
    finding(run, "flood", "output flood", ["more than 1 MiB to standard error", "xxxx"])
    nothing_lost(run, "flood", 50)
    check(len(run.out) + len(run.err) < 200000, f"flood: check's own output stays small ({len(run.out) + len(run.err)} bytes)")


def mode_fork_keep_pipe(tool, work):
    d = tempfile.mkdtemp(dir=work)
    run = Run(tool, d, "fork_keep_pipe", f"{PY} {HOSTILE} fork_keep_pipe {shlex.quote(d)}",
              ["--cases", "100", "--types", "f64", "--ops", "overlap,union", "--timeout", "30"])
    finding(run, "fork_keep_pipe", "crash", ["exited with status 5"])
    check(run.seconds < 250, "fork_keep_pipe: no wait for the pipe the helper holds")
    nothing_lost(run, "fork_keep_pipe", 100)
    pids = [int(open(os.path.join(d, f)).read()) for f in os.listdir(d) if f.startswith("helper.")]
    check(len(pids) >= 2, f"fork_keep_pipe: the helpers ran ({len(pids)})")
    time.sleep(0.5)
    left = [p for p in pids if alive(p)]
    check(not left, f"fork_keep_pipe: no helper outlives check (alive: {left})")
    for p in left:
        os.kill(p, 9)


def mode_lie_after(tool, work):
    run = hostile(tool, work, "lie_after", cases=1000)
    check(run.code == 1, f"lie_after: exit 1 (got {run.code})")
    kinds = run.kinds("overlap")
    check(kinds and kinds <= {"missed hit", "false hit"}, f"lie_after: overlap's lies are wrong decisions ({kinds})")
    ex = run.example("overlap", sorted(kinds)[0]) if kinds else {}
    check(ex.get("found_at_case", 0) > 512, f"lie_after: the first lie is after the first two batches ({ex.get('found_at_case')})")
    check(run.result("union").get("status") == "ok", "lie_after: union (no result to flip) is ok")


def mode_noisy(tool, work):
    run = hostile(tool, work, "noisy")
    check(run.code == 0 and "PASS" in run.out, f"noisy: a correct process that logs to stderr passes ({run.code})")
    check("hostile: case" not in run.out + run.err, "noisy: its standard error stays out of check's output")
    nothing_lost(run, "noisy", 300)
    names = {m["symbol"] for m in (run.report or {}).get("near_misses", [])}
    check("aabb_overlapp_f64" in names and "aabb_overlapp_f64" in run.out,
          f"noisy: the hello's misspelt name is a near miss ({names})")
    check(run.report.get("impl_cmd", "").endswith(f"noisy {shlex.quote(work)}") and "library" not in run.report,
          "noisy: the JSON report names the command")


def mode_probe(tool, work):
    run = hostile(tool, work, "noisy", extra=["--probe-nonfinite"])
    check(run.code == 0 and "probe" in run.out, f"probe: --probe-nonfinite runs through a process ({run.code})")


def mode_shards(tool, work):
    whole = hostile(tool, work, "crash", cases=200)
    parts = [Run(tool, work, f"crash_shard{i}", f"{PY} {HOSTILE} crash {shlex.quote(work)}",
                 ["--cases", "200", "--types", "f64", "--ops", "overlap", "--shard", f"{i}/2"]) for i in (0, 1)]
    total = sum(p.result("overlap").get("violations", {}).get("crash", 0) for p in parts)
    # Shrinking adds its own crashes; the generated cases' crashes are the same split in two.
    check(all(p.result("overlap").get("cases") == 100 for p in parts), "shards: each shard runs half the cases")
    check(total >= 1 and "crash" in whole.kinds("overlap"), f"shards: the crashes are found in the shards ({total})")


# ---- The kits -----------------------------------------------------------------------------

def mode_kit_python(tool, work):
    adapter = os.path.join(HERE, "processes", "kit_adapter.py")
    env = {"PYTHONPATH": os.path.join(ROOT, "bindings", "python")}
    run = Run(tool, work, "kit_python", f"{PY} {adapter}", ["--cases", "500"], env)
    check(run.code == 1, f"kit_python: exit 1 (got {run.code})")
    planted = {"closest_point", "contains_box"}
    results = (run.report or {}).get("results", [])
    check(len(results) == 10, f"kit_python: a campaign for each of the adapter's 10 functions ({len(results)})")
    for r in results:
        if r["op"] not in planted:
            check(r["status"] == "ok" and r["cases"] == 500, f"kit_python: {r['op']} {r['type']} (exact) is ok ({r['status']})")
    check(run.kinds("closest_point") == {"error"} and "ZeroDivisionError" in run.example("closest_point", "error").get("detail", ""),
          f"kit_python: an exception is an error finding with its text ({run.kinds('closest_point')})")
    check(run.kinds("contains_box") == {"error"} and
          "returned nan where aabb_contains_box_f64 returns an int" in run.example("contains_box", "error").get("detail", "").lower(),
          f"kit_python: NaN for a boolean is an error finding ({run.kinds('contains_box')})")


def mode_kit_js(tool, work):
    adapter = os.path.join(HERE, "processes", "kit_adapter.mjs")
    run = Run(tool, work, "kit_js", f"node {adapter}", ["--cases", "500"])
    check(run.code == 1, f"kit_js: exit 1 (got {run.code})")
    planted = {"closest_point", "contains_box"}
    results = (run.report or {}).get("results", [])
    check(len(results) == 10, f"kit_js: a campaign for each of the adapter's 10 functions ({len(results)})")
    for r in results:
        if r["op"] not in planted:
            check(r["status"] == "ok" and r["cases"] == 500, f"kit_js: {r['op']} {r['type']} (exact) is ok ({r['status']})")
    check(run.kinds("closest_point") == {"error"} and "TypeError" in run.example("closest_point", "error").get("detail", ""),
          f"kit_js: an exception is an error finding with its text ({run.kinds('closest_point')})")
    check(run.kinds("contains_box") == {"error"} and
          "returned NaN where aabb_contains_box_f64 returns an int" in run.example("contains_box", "error").get("detail", ""),
          f"kit_js: NaN for a boolean is an error finding ({run.kinds('contains_box')})")


# ---- Real libraries through the JavaScript kit (tests/node, pinned by its lock file) -------------

def mode_three(tool, work):
    adapter = os.path.join(ROOT, "tests", "node", "adapters", "three.mjs")
    run = Run(tool, work, "three", f"node {shlex.quote(adapter)}", ["--cases", "1000"])
    check(run.code == 1, f"three: exit 1 (got {run.code})")
    results = (run.report or {}).get("results", [])
    failing = {r["op"] for r in results if r["status"] != "ok"}
    # docs/check.md, "Checking a JavaScript or Python library": each finding proved by a direct
    # call of three.js and an eval line. Every other function the adapter registers passes.
    expected = {"grow", "bounds_of_sphere", "transform", "overlap_sphere", "overlap_triangle"}
    check(len(results) == 12 and failing == expected, f"three: 12 campaigns, exactly {expected} fail ({failing})")
    check("NaN answer" in run.kinds("transform"), f"three: applyMatrix4's NaN on unbounded images ({run.kinds('transform')})")
    check(run.kinds("grow") == {"box not containing the exact box"},
          f"three: expandByScalar rounds to nearest, not outward ({run.kinds('grow')})")
    check(run.kinds("overlap_sphere") <= {"false hit", "missed hit"} and run.kinds("overlap_sphere"),
          f"three: intersectsSphere's float distance test near tangency ({run.kinds('overlap_sphere')})")


def replay(tool, work, name, impl, corpus, extra=()):
    argv = [tool, "replay"] + impl + ["--ops", "overlap,union", "--types", "f64"] + list(extra) + [corpus]
    env = dict(os.environ, HOSTILE_2D="1")  # the plugin's functions: both dimensions
    p = subprocess.run(argv, capture_output=True, timeout=GUARD, cwd=work, env=env)
    out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    print(f"$ {shlex.join(argv)}\n-> exit {p.returncode}\n{out[-2500:]}")
    print(err[-1500:], file=sys.stderr)
    return p.returncode, out


def verdicts(out):
    """file -> (verdict line, the rest of its block) of a replay's output."""
    blocks, current = {}, None
    for line in out.splitlines():
        head = re.match(r"(\S+): \S+ f(32|64) \(aabb2?_\w+\): ", line)
        if head:
            current = head.group(1)
            blocks[current] = (line, [])
        elif current:
            blocks[current][1].append(line)
    return blocks


def mode_replay(tool, work, plugin):
    """replay --impl-cmd and check --corpus --impl-cmd (docs/protocol.md, "Replaying saved
    inputs"): the same saved inputs give, through a correct process, exactly what they give
    through the bundled optimized plugin (each input's function, eval line and verdict); a
    process that crashes on some of them, answers an error or starts lying is a finding on
    exactly those inputs, and every other input is still replayed (the process started again)."""
    corpus = os.path.join(work, "replay_corpus")
    os.makedirs(corpus, exist_ok=True)
    for old in os.listdir(corpus):
        os.remove(os.path.join(corpus, old))
    # Each input: bytes 0-1 pick the function (overlap or union under the options), byte 2 = 15
    # the generated form, then the seed of check's edge-aimed generator (fuzz_driver/targets.hpp).
    for i in range(40):
        with open(os.path.join(corpus, f"input{i:02d}"), "wb") as f:
            f.write(bytes([i % 7, 0, 15]) + (1000 + 37 * i).to_bytes(8, "little"))
    lib_code, lib_out = replay(tool, work, "plugin", ["--impl", plugin], corpus)
    check(lib_code == 0 and "40 inputs, 0 failing" in lib_out, f"replay: the optimized plugin passes every input (exit {lib_code})")
    good_code, good_out = replay(tool, work, "correct", ["--impl-cmd", f"{PY} {HOSTILE} correct {shlex.quote(work)}"], corpus)
    check(good_code == 0 and good_out == lib_out,
          f"replay --impl-cmd: a correct process gives the plugin's output line for line (exit {good_code})")
    blocks = verdicts(lib_out)
    ops = {line.split(": ", 2)[1].split(" ")[0] for line, _ in blocks.values()}
    check(ops == {"overlap", "union", "overlap_2d", "union_2d"}, f"replay: the inputs reach every function ({ops})")

    def flat(rest):  # the input's case has box a flat on axis 0 (hostile.py's trigger)
        for line in rest:
            if "eval line" in line:
                q = json.loads(line.split("eval line", 1)[1])
                a = q.get("a") or {}
                return a.get("min", [None])[0] == a.get("max", [None])[0]
        return False
    flats = {f for f, (_, rest) in blocks.items() if flat(rest)}
    check(0 < len(flats) < len(blocks), f"replay: some inputs, not all, have box a flat ({len(flats)} of {len(blocks)})")
    for mode, kind in (("crash", "crash"), ("error", "error")):
        code, out = replay(tool, work, mode, ["--impl-cmd", f"{PY} {HOSTILE} {mode} {shlex.quote(work)}"], corpus)
        got = verdicts(out)
        failed = {f for f, (line, _) in got.items() if line.endswith("FAIL")}
        check(code == 1 and failed == flats and set(got) == set(blocks),
              f"replay {mode}: exactly the flat inputs fail, every input replayed (exit {code}, {len(failed)} failed)")
        check(all(any(kind in r for r in got[f][1]) for f in failed), f"replay {mode}: each failure is of kind {kind}")
        check(f"40 inputs, {len(flats)} failing" in out, f"replay {mode}: the count line")
    # lie_after: correct for two batches (here two inputs), then every overlap answer inverted.
    code, out = replay(tool, work, "lie_after", ["--impl-cmd", f"{PY} {HOSTILE} lie_after {shlex.quote(work)}"], corpus)
    got = verdicts(out)
    lies = {f for f, (line, _) in got.items() if line.endswith("FAIL")}
    called = [f for f, (line, _) in blocks.items() if line.endswith("PASS")]  # in replay's order
    later_overlaps = {f for f in called[2:] if blocks[f][0].split(": ", 2)[1].startswith("overlap")}
    check(code == 1 and lies == later_overlaps, f"replay lie_after: every overlap input after the second fails ({len(lies)})")
    # check --corpus through the process: the corpus first, then the campaigns, one report.
    run = hostile(tool, work, "crash", cases=50, extra=["--corpus", corpus], env={"HOSTILE_2D": "1"})
    check(run.code == 1 and f"corpus: 40 inputs replayed, {len(flats)} failing" in run.out,
          f"check --corpus --impl-cmd: the corpus replayed through the process (exit {run.code})")
    # One process serves the corpus and the campaigns (a second one would be taken for a stray of
    # the first and killed): the campaigns find crashes only, as mode crash does.
    check(all(run.kinds(op) == {"crash"} for op in ("overlap", "union", "overlap_2d", "union_2d")),
          f"check --corpus --impl-cmd: the campaigns after the corpus find crashes only ({run.kinds('overlap')})")
    corpus_report = (run.report or {}).get("corpus", {})
    check(corpus_report.get("inputs") == 40 and len(corpus_report.get("failing", [])) == len(flats),
          f"check --corpus --impl-cmd: the JSON report's corpus ({ {k: corpus_report.get(k) for k in ('inputs',)} })")
    code, out = replay(tool, work, "usage", [], corpus)
    check(code == 2, f"replay without --impl or --impl-cmd: usage error (exit {code})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--plugin", help="the bundled optimized plugin (mode replay)")
    ap.add_argument("mode")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    fn = globals().get("mode_" + a.mode)
    if fn is None:
        sys.exit(f"unknown mode {a.mode}")
    if a.mode == "replay":
        fn(os.path.abspath(a.tool), os.path.abspath(a.work), os.path.abspath(a.plugin))
    else:
        fn(os.path.abspath(a.tool), os.path.abspath(a.work))
    finish()


if __name__ == "__main__":
    main()
