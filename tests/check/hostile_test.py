#!/usr/bin/env python3
"""`aabb-oracle check` against hostile libraries (tests/check/hostile/*.c, one behaviour each).

Each mode runs check on one plugin and asserts the exit status, the kind reported, and that the
other findings of the same run are still there (every plugin but dtor_segv also has the planted
"missed hit" of hostile/common.h in contains f32). Timeouts only guard against hangs: they are
minutes where the runs take seconds, and no assertion depends on the machine's speed.

    hostile_test.py --tool AABB_ORACLE --work DIR MODE LIB [LIB2]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

from verdicts import check, finish

GUARD = 300  # seconds: a run that takes longer is a hang


def env_for(extra=None):
    env = dict(os.environ)
    # Under AddressSanitizer a crashing child symbolizes its report before it dies; without
    # symbolization that is instant (see check_e2e.py).
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS", ""), "symbolize=0"]))
    env.update(extra or {})
    return env


class Run:
    def __init__(self, tool, work, name, lib, args, env=None, reports=True):
        self.json_path = os.path.join(work, name + ".json")
        self.junit_path = os.path.join(work, name + ".xml")
        for p in (self.json_path, self.junit_path):
            if os.path.exists(p):
                os.remove(p)
        cmd = [tool, "check", "--impl", lib, "--seed", "7", "--quiet"] + args
        if reports:
            cmd += ["--json", self.json_path, "--junit", self.junit_path]
        start = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, timeout=GUARD, env=env_for(env))
        self.seconds = time.monotonic() - start
        self.code = p.returncode
        self.out = p.stdout.decode("utf-8", "replace")
        self.err = p.stderr.decode("utf-8", "replace")
        print(f"$ {' '.join(cmd)}\n-> exit {self.code} in {self.seconds:.1f} s")
        print(self.out[-4000:])
        print(self.err[-2000:], file=sys.stderr)
        self.report = None
        self.junit = None
        if reports:
            # Both reports must be complete and valid: strict UTF-8 JSON, well-formed XML.
            try:
                with open(self.json_path, encoding="utf-8", errors="strict") as f:
                    self.report = json.load(f)
            except Exception as e:  # noqa: BLE001 - any failure to read is the finding
                check(False, f"{name}: the JSON report is valid ({e})")
            try:
                self.junit = ET.parse(self.junit_path).getroot()
            except Exception as e:  # noqa: BLE001
                check(False, f"{name}: the JUnit report is valid XML ({e})")

    def result(self, op, t):
        if not self.report:
            return None
        for r in self.report["results"]:
            if r["op"] == op and r["type"] == t:
                return r
        return None

    def kinds(self, op, t):
        r = self.result(op, t)
        return set(r.get("violations", {})) if r else set()


def planted_contains_found(run, name):
    check("missed hit" in run.kinds("contains", "f32"), f"{name}: contains f32 still shows its missed hit")


def junit_failures(run):
    if run.junit is None:
        return -1
    suite = run.junit.find("testsuite")
    return int(suite.get("failures"))


# ---- 1. helpers that outlive the call ---------------------------------------------------------

def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead: its parent just has not reaped it.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1].split()[0] != "Z"
    except OSError:
        return False


def daemon(tool, work, lib):
    d = tempfile.mkdtemp(dir=work)
    run = Run(tool, work, "daemon", lib, ["--cases", "300", "--types", "f32"], env={"AABB_HOSTILE_DIR": d})
    check(run.code == 1, f"daemon: exit 1 (got {run.code})")
    check(run.result("overlap", "f32") and run.result("overlap", "f32")["status"] == "ok",
          "daemon: overlap f32 (correct, forks helpers) is ok")
    planted_contains_found(run, "daemon")
    pids = [int(x) for x in open(os.path.join(d, "pids")).read().split()] if os.path.exists(
        os.path.join(d, "pids")) else []
    check(len(pids) >= 2, f"daemon: the helpers ran ({len(pids)} pids recorded)")
    time.sleep(0.5)
    left = [p for p in pids if alive(p)]
    check(not left, f"daemon: no helper outlives check (alive: {left})")
    for p in left:
        os.kill(p, 9)


# ---- 2. closes every descriptor, then blocks -------------------------------------------------------

def closefds(tool, work, lib):
    run = Run(tool, work, "closefds", lib, ["--cases", "300", "--types", "f32", "--timeout", "1"])
    check(run.code == 1, f"closefds: exit 1 (got {run.code})")
    check("hang" in run.kinds("overlap", "f32"), "closefds: overlap f32 reported as a hang")
    planted_contains_found(run, "closefds")


# ---- 3. constructors that exit, crash or block ------------------------------------------------------

def ctor(tool, work, lib, mode, expect):
    run = Run(tool, work, mode, lib, ["--cases", "50", "--timeout", "2"])
    check(run.code == 2, f"{mode}: exit 2, a load error (got {run.code})")
    check("PASS" not in run.out and "FAIL: nothing was checked" in run.out, f"{mode}: no PASS printed")
    check("loading it failed" in run.err and any(e in run.err for e in expect),
          f"{mode}: stderr says what happened while loading ({run.err.strip()!r})")
    check(run.report is not None and run.report["passed"] is False and "error" in run.report,
          f"{mode}: JSON says not passed, with the error")
    check(junit_failures(run) == 1, f"{mode}: JUnit has the load failure")


# ---- 4. destructors ---------------------------------------------------------------------------------

def dtor_exit(tool, work, lib):
    run = Run(tool, work, "dtor_exit", lib, ["--cases", "300"])
    check(run.code == 1 and "FAIL" in run.out, f"dtor_exit: FAIL and exit 1 (got {run.code})")
    planted_contains_found(run, "dtor_exit")


def dtor_segv(tool, work, lib):
    run = Run(tool, work, "dtor_segv", lib, ["--cases", "300"])
    check(run.code == 0 and "PASS" in run.out, f"dtor_segv: PASS and exit 0 (got {run.code})")


# ---- 5. nothing to test ---------------------------------------------------------------------------

def mangled(tool, work, lib):
    run = Run(tool, work, "mangled", lib, ["--cases", "50"])
    check(run.code == 2, f"mangled: exit 2 (got {run.code})")
    check("PASS" not in run.out and "FAIL: nothing was checked" in run.out, "mangled: no PASS printed")
    check("no symbol of the C ABI" in run.err, "mangled: stderr says no ABI symbol was found")
    check("_Z16aabb_overlap_f32PKfS0_S0_S0_" in run.out and 'extern "C"' in run.out,
          "mangled: names the C++ symbol and says extern \"C\"")
    check("aabb_contains_float" in run.out and "aabb_contains_f32" in run.out,
          "mangled: names the wrong suffix and the ABI name it resembles")
    check("AABB_Overlap_F64" in run.out and "case" in run.out, "mangled: names the wrong case")
    names = {m["symbol"] for m in (run.report or {}).get("near_misses", [])}
    check({"_Z16aabb_overlap_f32PKfS0_S0_S0_", "aabb_contains_float", "AABB_Overlap_F64"} <= names,
          f"mangled: the JSON lists the near misses ({names})")
    check(run.report is not None and run.report["passed"] is False, "mangled: JSON passed is false")
    check(junit_failures(run) == 1, "mangled: JUnit has one failure")


def unrelated(tool, work, lib):
    run = Run(tool, work, "unrelated", lib, ["--cases", "50"])
    check(run.code == 2 and "no symbol of the C ABI" in run.err, f"unrelated: exit 2, says why (got {run.code})")
    check("PASS" not in run.out, "unrelated: no PASS printed")
    check(run.report is not None and run.report["passed"] is False, "unrelated: JSON passed is false")


def zero_cases(tool, work, lib):
    run = Run(tool, work, "zero_cases", lib, ["--seconds", "0.000001"])
    check(run.code == 1, f"zero_cases: --seconds 0.000001 exits 1 (got {run.code})")
    check("UNTESTED" in run.out and "ran no case" in run.out, "zero_cases: says the campaigns ran no case")
    check(run.report is not None and run.report["passed"] is False and
          all(r["status"] == "untested" and r["cases"] == 0 for r in run.report["results"]),
          "zero_cases: every campaign untested in JSON, passed false")
    check(junit_failures(run) == len((run.report or {}).get("results", [])) > 0,
          "zero_cases: every campaign a JUnit failure")
    # An op the library does not export: nothing selected is exit 2 with the reason.
    sel = Run(tool, work, "none_selected", lib, ["--ops", "ray", "--cases", "10"])
    check(sel.code == 2 and "exports none of the selected ops" in sel.err and "PASS" not in sel.out,
          f"zero_cases: --ops ray on a library without ray is exit 2 (got {sel.code})")


# ---- 6. writes outside buffers and into inputs ------------------------------------------------------

def guards(tool, work, lib):
    run = Run(tool, work, "guards", lib, ["--cases", "300"])
    check(run.code == 1, f"guards: exit 1 (got {run.code})")
    check("wrote outside a buffer" in run.kinds("intersection", "f32"), "guards: out_hi[3..5] caught")
    check("changed an input" in run.kinds("overlap", "f32"), "guards: a scribbled const input caught")
    check("wrote outside a buffer" in run.kinds("bounds_of_sphere", "f64"), "guards: lo[-1] caught")
    ex = {e["kind"]: e for e in (run.result("intersection", "f32") or {}).get("counterexamples", [])}
    check("wrote outside a buffer" in ex and "out_hi" in ex["wrote outside a buffer"]["detail"],
          "guards: the detail names out_hi")
    ex = {e["kind"]: e for e in (run.result("overlap", "f32") or {}).get("counterexamples", [])}
    check("changed an input" in ex and "alo[1]" in ex["changed an input"]["detail"],
          "guards: the detail names alo[1]")
    planted_contains_found(run, "guards")


# ---- 7. a path that is not UTF-8 ----------------------------------------------------------------------

def non_utf8_path(tool, work, lib):
    d = tempfile.mkdtemp(dir=work)
    odd = os.path.join(os.fsencode(d), b"lib\xff\xfeodd.so")
    shutil.copy(lib, odd)
    run = Run(tool, work, "non_utf8", os.fsdecode(odd), ["--cases", "100"])
    check(run.code == 1, f"non_utf8: exit 1 (got {run.code})")
    check(run.report is not None and "\ufffd" in run.report["library"], "non_utf8: JSON names the library")
    check(run.junit is not None, "non_utf8: JUnit is well-formed")
    planted_contains_found(run, "non_utf8")


# ---- 8. the budget bounds every call ---------------------------------------------------------------

def budget(tool, work, lib):
    # overlap f32 takes 1 s a call; overlap f64 never returns. 12 s over 3 campaigns. The old
    # check took 256 s (one batch) for f32 alone; the guard here is 120 s.
    run = Run(tool, work, "budget", lib, ["--seconds", "12", "--timeout", "60", "--ops", "overlap,contains"])
    check(run.seconds < 120, f"budget: the run kept to its budget (took {run.seconds:.0f} s)")
    check(run.code == 1, f"budget: exit 1 (got {run.code})")
    r32, r64 = run.result("overlap", "f32"), run.result("overlap", "f64")
    check(r32 is not None and r32["cases"] >= 1, "budget: overlap f32 judged its slow calls")
    check(r64 is not None and r64["status"] == "untested", "budget: overlap f64 (never returns) untested")
    planted_contains_found(run, "budget")


# ---- 9. report paths checked before running ---------------------------------------------------------

def bad_report_path(tool, work, lib):
    for opt in ("--json", "--junit"):
        p = subprocess.run([tool, "check", "--impl", lib, "--cases", "50", opt, "/nonexistent/dir/x"],
                           capture_output=True, timeout=GUARD, env=env_for())
        err = p.stderr.decode()
        check(p.returncode == 2, f"bad_report_path {opt}: exit 2 (got {p.returncode})")
        check(f"{opt} /nonexistent/dir/x: cannot write" in err, f"bad_report_path {opt}: names it ({err!r})")
        check(b"contains" not in p.stdout, f"bad_report_path {opt}: nothing ran")


# ---- 10. resource limits ------------------------------------------------------------------------------

def limits(tool, work, lib):
    run = Run(tool, work, "limits", lib, ["--cases", "100", "--types", "f32", "--memory-limit", "256"])
    check(run.code == 1, f"limits: exit 1 (got {run.code})")
    r = run.result("overlap", "f32")
    check(r is not None and r["status"] == "ok", "limits: children have no core dumps and an address-space limit")
    check("crash" in run.kinds("bounds_of_sphere", "f32"), "limits: the leak hits the limit: a crash")
    check((run.result("bounds_of_sphere", "f32") or {}).get("cases", 0) >= 50,
          "limits: the leaking campaign goes on after the crashes")
    planted_contains_found(run, "limits")


# ---- 11. int results, unwritten and NaN outputs -------------------------------------------------------

def ints(tool, work, lib):
    run = Run(tool, work, "ints", lib, ["--cases", "300"])
    check(run.code == 1, f"ints: exit 1 (got {run.code})")
    check("result not 0 or 1" in run.kinds("overlap", "f32"), "ints: 7 for true is not 0 or 1")
    check("result not 0 or 1" in run.kinds("moving_vs_static", "f32"), "ints: -1 is not 0 or 1")
    check("no value written" in run.kinds("moving_vs_static", "f32"), "ints: an unwritten t_enter named")
    check("no value written" in run.kinds("sweep", "f32"), "ints: unwritten times named")
    check("NaN answer" in run.kinds("ray", "f32"), "ints: NaN times named")
    check("error beyond k ulps" not in run.kinds("sweep", "f32") | run.kinds("ray", "f32"),
          "ints: unwritten and NaN times are not 'error beyond k ulps'")
    planted_contains_found(run, "ints")


# ---- a crash that does not reproduce: text and JSON agree -------------------------------------------------

def flaky(tool, work, lib):
    run = Run(tool, work, "flaky", lib, ["--cases", "300", "--types", "f32"])
    check(run.code == 1 and "crash" in run.kinds("bounds_of_sphere", "f32"), "flaky: crash found")
    for r in (run.report or {}).get("results", []):
        for e in r.get("counterexamples", []):
            said = ("(no answer: " + e["kind"] + ")" if e["answer"] is None
                    else json.dumps(e["answer"], separators=(",", ":")))
            check(e["eval"] + "\n  library: " + said in run.out,
                  f"flaky: {r['op']} {e['kind']}: the text's library answer is the JSON's ({said})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("mode")
    ap.add_argument("lib")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    modes = {
        "daemon": daemon, "closefds": closefds, "dtor_exit": dtor_exit, "dtor_segv": dtor_segv,
        "mangled": mangled, "unrelated": unrelated, "zero_cases": zero_cases, "guards": guards,
        "non_utf8_path": non_utf8_path, "budget": budget, "bad_report_path": bad_report_path,
        "limits": limits, "ints": ints, "flaky": flaky,
        "ctor_exit": lambda t, w, l: ctor(t, w, l, "ctor_exit", ["exited with status 0"]),
        "ctor_segv": lambda t, w, l: ctor(t, w, l, "ctor_segv", ["signal 11", "exited with status"]),
        "ctor_hang": lambda t, w, l: ctor(t, w, l, "ctor_hang", ["took longer than"]),
    }
    if a.mode not in modes:
        sys.exit("unknown mode " + a.mode)
    modes[a.mode](a.tool, a.work, a.lib)
    finish()


if __name__ == "__main__":
    main()
