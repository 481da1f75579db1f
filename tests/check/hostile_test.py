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
import signal
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


# ---- issue 46: a hostile CI ---------------------------------------------------------------------------

def wait_for(path, what, seconds=GUARD):
    """Waits until `path` exists (a hostile plugin's marker); a guard against hangs only."""
    end = time.monotonic() + seconds
    while not os.path.exists(path):
        check(time.monotonic() < end, f"{what}: {path} appeared")
        if time.monotonic() >= end:
            return False
        time.sleep(0.05)
    return True


def start_check(tool, lib, args, env=None, **popen):
    cmd = [tool, "check", "--impl", lib, "--seed", "7", "--quiet"] + args
    print("$ " + " ".join(cmd))
    return subprocess.Popen(cmd, env=env_for(env), **popen)


def read_json(path, what):
    try:
        with open(path, encoding="utf-8", errors="strict") as f:
            return json.load(f)
    except Exception as e:  # noqa: BLE001 - any failure to read is the finding
        check(False, f"{what}: {path} is a whole, valid JSON report ({e})")
        return None


def read_xml(path, what):
    try:
        return ET.parse(path).getroot()
    except Exception as e:  # noqa: BLE001
        check(False, f"{what}: {path} is valid XML ({e})")
        return None


def interrupted_run(tool, work, lib, name, sig, second=False):
    """check on the slow plugin, signalled while overlap f64 hangs in a call."""
    d = tempfile.mkdtemp(dir=work)
    js, xml, sarif = (os.path.join(d, "r." + x) for x in ("json", "xml", "sarif"))
    json_target = js
    if second:  # the JSON report is a FIFO nobody reads: check blocks writing it after signal 1
        json_target = os.path.join(d, "fifo")
        os.mkfifo(json_target)
    p = start_check(tool, lib, ["--ops", "contains,overlap", "--types", "f32,f64", "--cases", "20", "--timeout",
                                "600", "--json", json_target, "--junit", xml, "--sarif", sarif],
                    env={"AABB_HOSTILE_DIR": d}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # contains f32 (its planted bug), contains f64 is not exported, overlap f32 takes 1 s a call:
    # 20 of them; then overlap f64 hangs, and writes its pid first.
    hung = os.path.join(d, "hung")
    if not wait_for(hung, name):
        p.kill()
        return None
    pid = int(open(hung).read())
    os.kill(p.pid, sig)
    if second:
        time.sleep(1)  # check is now blocked opening the FIFO for its JSON report
        os.kill(p.pid, sig)
    # A step that pipes check's output must see the end of both streams: no child of check
    # may keep them open.
    out, err = p.communicate(timeout=GUARD)
    out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    print(out[-3000:])
    print(err[-2000:], file=sys.stderr)
    time.sleep(0.2)
    check(not alive(pid), f"{name}: the library's hung child is gone (pid {pid})")
    return p.returncode, out, err, js, xml, sarif


def sigterm(tool, work, lib):
    got = interrupted_run(tool, work, lib, "sigterm", signal.SIGTERM)
    if got is None:
        return
    code, out, err, js, xml, sarif = got
    check(code == 128 + signal.SIGTERM, f"sigterm: exit {128 + signal.SIGTERM} (got {code})")
    check("INTERRUPTED by SIGTERM" in out and "PASS" not in out, "sigterm: the text says it was interrupted")
    report = read_json(js, "sigterm")
    if report:
        check(report.get("interrupted") == "SIGTERM" and report["passed"] is False,
              "sigterm: the JSON report is marked interrupted, not passed")
        by = {(r["op"], r["type"]): r for r in report["results"]}
        check("missed hit" in by.get(("contains", "f32"), {}).get("violations", {}),
              "sigterm: contains f32's missed hit, found before the signal, is in the report")
        check(by.get(("overlap", "f32"), {}).get("status") == "ok" and by[("overlap", "f32")]["cases"] == 20,
              "sigterm: overlap f32 (20 slow, correct calls) is in the report")
        check(by.get(("overlap", "f64"), {}).get("status") == "untested" and
              "interrupted" in by[("overlap", "f64")].get("untested", ""),
              "sigterm: overlap f64, hanging when the signal came, is untested: interrupted")
    root = read_xml(xml, "sigterm")
    if root is not None:
        names = [t.get("name") for t in root.iter("testcase")]
        check("interrupted" in names, f"sigterm: JUnit has an 'interrupted' failure ({names})")
    sar = read_json(sarif, "sigterm")
    if sar:
        inv = sar["runs"][0].get("invocations", [{}])[0]
        check(inv.get("executionSuccessful") is False and inv.get("exitSignalName") == "SIGTERM",
              f"sigterm: SARIF's invocation says SIGTERM ({inv})")


def sigint_twice(tool, work, lib):
    got = interrupted_run(tool, work, lib, "sigint_twice", signal.SIGINT, second=True)
    if got is None:
        return
    code = got[0]
    check(code == -signal.SIGINT, f"sigint_twice: the second SIGINT ends check at once, by the signal (got {code})")
    # One SIGINT alone: the reports, and exit 130.
    got = interrupted_run(tool, work, lib, "sigint", signal.SIGINT)
    if got:
        check(got[0] == 128 + signal.SIGINT, f"sigint: exit 130 (got {got[0]})")
        report = read_json(got[3], "sigint")
        check(bool(report) and report.get("interrupted") == "SIGINT", "sigint: the JSON report says SIGINT")


def closed_streams(tool, work, lib):
    # check --json F >&- (and 2>&-, and both): descriptor 1 or 2 closed at start must not make
    # a report file the text report's (or the library's) destination.
    for name, redirect in (("stdout", ">&-"), ("stderr", "2>&-"), ("both", ">&- 2>&-")):
        d = tempfile.mkdtemp(dir=work)
        js, xml = os.path.join(d, "r.json"), os.path.join(d, "r.xml")
        cmd = (f'exec "$0" check --impl "$1" --seed 7 --quiet --cases 100 --types f32 --json "$2" --junit "$3" '
               f'{redirect}')
        p = subprocess.run(["sh", "-c", cmd, tool, lib, js, xml], capture_output=True, timeout=GUARD, env=env_for())
        check(p.returncode == 1, f"closed_streams {name}: exit 1, the planted bug (got {p.returncode})")
        report = read_json(js, f"closed_streams {name}")
        if report:
            by = {(r["op"], r["type"]): r for r in report["results"]}
            check(by.get(("overlap", "f32"), {}).get("status") == "ok", f"closed_streams {name}: overlap f32 ok")
        check(read_xml(xml, f"closed_streams {name}") is not None, f"closed_streams {name}: JUnit valid")


def report_paths(tool, work, lib):
    d = tempfile.mkdtemp(dir=work)
    mine = os.path.join(d, "mylib.so")
    shutil.copy(lib, mine)
    before = open(mine, "rb").read()

    def usage(args, needle, what, cwd=None):
        p = subprocess.run([tool, "check", "--cases", "20", "--quiet"] + args, capture_output=True,
                           timeout=GUARD, env=env_for(), cwd=cwd)
        err = p.stderr.decode("utf-8", "replace")
        check(p.returncode == 2, f"report_paths {what}: exit 2 (got {p.returncode}; {err.strip()!r})")
        check(needle in err, f"report_paths {what}: the message names it ({needle!r} in {err.strip()!r})")
        check(b"campaigns" not in p.stdout, f"report_paths {what}: nothing ran")

    for opt in ("--json", "--sarif", "--junit", "--html", "--impl", "--corpus"):
        usage(["--impl", mine, opt, ""] if opt != "--impl" else ["--impl", ""], f"{opt}: empty path", f"{opt} ''")
    usage(["--impl", mine, "--json", "r", "--sarif", "r"], "--sarif r: the same file as --json's", "--json r --sarif r", cwd=d)
    usage(["--impl", mine, "--html", "r", "--json", "./r"], "--html r: the same file as --json's", "--html r --json ./r",
          cwd=d)
    os.symlink("target", os.path.join(d, "link"))
    usage(["--impl", mine, "--junit", "target", "--json", "link"], "--junit target: the same file as --json's",
          "a symlink to another report's file", cwd=d)
    usage(["--impl", "./mylib.so", "--json", "mylib.so"], "--json mylib.so: is the library under test", "--json LIB", cwd=d)
    usage(["--impl", mine, "--json", d], "is a directory", "--json DIR")
    check(open(mine, "rb").read() == before, "report_paths: the library is unchanged")
    check(not os.path.exists(os.path.join(d, "r")), "report_paths: no report was written by a refused run")
    # /dev/null may take several reports.
    p = subprocess.run([tool, "check", "--impl", mine, "--cases", "20", "--quiet", "--types", "f32", "--json",
                        "/dev/null", "--junit", "/dev/null"], capture_output=True, timeout=GUARD, env=env_for())
    check(p.returncode == 1, f"report_paths: --json /dev/null --junit /dev/null runs (got {p.returncode})")
    # The report replaces the file a symlink names, and keeps its permissions.
    real = os.path.join(d, "real.json")
    open(real, "w").write("old")
    os.chmod(real, 0o640)
    os.symlink("real.json", os.path.join(d, "via.json"))
    p = subprocess.run([tool, "check", "--impl", mine, "--cases", "20", "--quiet", "--types", "f32", "--json",
                        "via.json"], capture_output=True, timeout=GUARD, env=env_for(), cwd=d)
    check(os.path.islink(os.path.join(d, "via.json")) and read_json(real, "report_paths symlink") is not None,
          "report_paths: a symlinked report path is written through the link")
    check(os.stat(real).st_mode & 0o777 == 0o640, "report_paths: the report keeps the file's permissions")
    check(not [f for f in os.listdir(d) if f.startswith(".")], f"report_paths: no temporary file left ({os.listdir(d)})")
    # A writable file in a directory its user may not write: written in place (no temporary
    # file can be made beside it). Needs root to run check as another user; skipped when that
    # user cannot reach the file (a parent folder closed to others).
    if os.geteuid() == 0:
        locked = os.path.join(d, "locked")
        os.makedirs(locked)
        os.chmod(d, 0o755)
        os.chmod(locked, 0o755)
        shutil.copy(mine, os.path.join(locked, "lib.so"))
        target = os.path.join(locked, "r.json")
        open(target, "w").write("old")
        os.chmod(target, 0o666)

        def as_nobody():
            os.setgid(65534)
            os.setuid(65534)

        reach = subprocess.run(["sh", "-c", f'test -w "{target}" && test -x "{tool}"'], preexec_fn=as_nobody)
        if reach.returncode != 0:
            print("skipped: user nobody cannot reach", target)
        else:
            p = subprocess.run([tool, "check", "--impl", os.path.join(locked, "lib.so"), "--cases", "20", "--quiet",
                                "--types", "f32", "--json", target], capture_output=True, timeout=GUARD,
                               env=env_for(), preexec_fn=as_nobody)
            check(p.returncode == 1 and read_json(target, "report_paths locked") is not None,
                  f"report_paths: a writable file in a read-only folder is written in place (got {p.returncode}, "
                  f"{p.stderr[-300:]!r})")
    # --seconds: huge values are refused, not turned into a run of no case.
    usage(["--impl", mine, "--seconds", "1e12"], "--seconds", "--seconds 1e12")
    p = subprocess.run([tool, "check", "--impl", mine, "--quiet", "--seconds", "1e9", "--cases", "20", "--types",
                        "f32"], capture_output=True, timeout=GUARD, env=env_for())
    check(p.returncode == 1 and b"UNTESTED" not in p.stdout, f"report_paths: --seconds 1e9 runs its cases (got {p.returncode})")
    # AABB_EXACT must name a mode.
    p = subprocess.run([tool, "check", "--impl", mine, "--cases", "20"], capture_output=True, timeout=GUARD,
                       env=env_for({"AABB_EXACT": "bogus"}))
    check(p.returncode == 2 and b"AABB_EXACT=bogus: unknown value" in p.stderr,
          f"report_paths: AABB_EXACT=bogus is a usage error (got {p.returncode}, {p.stderr!r})")
    # vectors --seed 2^64 does not become 2^64 - 1.
    for seed in ("18446744073709551616", "-3", "1e3"):
        p = subprocess.run([tool, "vectors", "--out", os.path.join(d, "v"), "--seed", seed], capture_output=True,
                           timeout=GUARD, env=env_for())
        check(p.returncode == 2 and b"--seed" in p.stderr, f"report_paths: vectors --seed {seed} refused ({p.returncode})")


def report_attack(tool, work, lib):
    for how in ("unlink", "garbage", "dir"):
        d = tempfile.mkdtemp(dir=work)
        js, xml = os.path.join(d, "r.json"), os.path.join(d, "r.xml")
        p = subprocess.run([tool, "check", "--impl", lib, "--seed", "7", "--quiet", "--cases", "100", "--types", "f32",
                            "--json", js, "--junit", xml], capture_output=True, timeout=GUARD,
                           env=env_for({"AABB_HOSTILE_REPORT": js, "AABB_HOSTILE_ATTACK": how}))
        err = p.stderr.decode("utf-8", "replace")
        if how == "dir":
            check(p.returncode == 2, f"report_attack dir: exit 2 (got {p.returncode})")
            check(f"--json {js}: cannot write the report" in err, f"report_attack dir: says so ({err.strip()!r})")
        else:
            check(p.returncode == 1, f"report_attack {how}: exit 1, the planted bug (got {p.returncode}; {err!r})")
            report = read_json(js, f"report_attack {how}")
            check(bool(report) and any(r["op"] == "contains" for r in report["results"]),
                  f"report_attack {how}: the JSON report is whole")
        check(read_xml(xml, f"report_attack {how}") is not None, f"report_attack {how}: the JUnit report is whole")
        check(not [f for f in os.listdir(d) if f.startswith(".")], f"report_attack {how}: no temporary file left")


def sigpipe(tool, work, lib):
    # check --json F | head -1: the reader goes away; the run and F are completed, exit 2.
    d = tempfile.mkdtemp(dir=work)
    js = os.path.join(d, "r.json")
    p = start_check(tool, lib, ["--ops", "contains,overlap", "--types", "f32", "--cases", "3", "--json", js],
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()  # overlap f32 takes 1 s a call: its row comes after this
    err = p.stderr.read().decode("utf-8", "replace")
    code = p.wait(timeout=GUARD)
    check(code == 2, f"sigpipe: exit 2 (got {code}; {err.strip()!r})")
    check("cannot write the report to standard output" in err, f"sigpipe: says so ({err.strip()!r})")
    report = read_json(js, "sigpipe")
    check(bool(report) and len(report["results"]) == 2, "sigpipe: the JSON report holds both campaigns")


def report_contents(tool, work, lib):
    # A library path with U+FFFE, '#', '?', spaces, ESC and a workflow command on a line of its own.
    d = tempfile.mkdtemp(dir=work)
    odd_dir = os.path.join(os.fsencode(d), b"a #b?c \x1b[31m\n::error::x")
    os.makedirs(odd_dir)
    odd = os.path.join(odd_dir, "lib\ufffe.so".encode())
    shutil.copy(lib, odd)
    js, xml, sarif = (os.path.join(d, "r." + x) for x in ("json", "xml", "sarif"))
    p = subprocess.run([os.fsencode(tool), b"check", b"--impl", odd, b"--seed", b"7", b"--quiet", b"--cases", b"50",
                        b"--types", b"f32", b"--json", js.encode(), b"--junit", xml.encode(), b"--sarif",
                        sarif.encode()], capture_output=True, timeout=GUARD, env=env_for())
    check(p.returncode == 1, f"report_contents: exit 1 (got {p.returncode})")
    check(read_xml(xml, "report_contents") is not None, "report_contents: JUnit with U+FFFE in the path is valid XML")
    sar = read_json(sarif, "report_contents")
    if sar:
        uri = sar["runs"][0]["artifacts"][0]["location"]["uri"]
        import re
        import urllib.parse
        check(re.fullmatch(r"[A-Za-z0-9\-._~/%]*", uri) is not None, f"report_contents: the SARIF URI is encoded ({uri})")
        check(urllib.parse.unquote_to_bytes(uri) == odd, "report_contents: the SARIF URI decodes to the path")
    # Neither stream carries ESC or a line that GitHub Actions would take as a command; the
    # library's own output (noisy.c) is not check's text and is excluded: it is on stderr only
    # as the library printed it, so only stdout is checked whole, and stderr's check lines.
    for stream, data in (("stdout", p.stdout), ("stderr", p.stderr)):
        mine = [ln for ln in data.split(b"\n") if stream == "stdout" or ln.startswith(b"aabb-oracle")]
        check(not any(b"\x1b" in ln for ln in mine), f"report_contents: no ESC in check's {stream} lines")
        check(not any(ln.lstrip().startswith(b"::") for ln in mine),
              f"report_contents: no workflow command in check's {stream} lines")
    check(b"\\x1b[31m\\x0a::error::x" in p.stdout,
          f"report_contents: the path is printed escaped ({p.stdout[:400]!r})")


def symbol_names(tool, work, lib):
    # Exported names with ESC and a leading "::" (hostile/symbols.c) reach the text
    # report escaped: no ESC byte, no line GitHub Actions would run as a command.
    js = os.path.join(work, "symbols.json")
    p = subprocess.run([tool, "check", "--impl", lib, "--seed", "7", "--quiet", "--cases", "50", "--json", js],
                       capture_output=True, timeout=GUARD, env=env_for())
    print(p.stdout.decode("utf-8", "replace")[:3000])
    check(p.returncode == 1, f"symbol_names: exit 1, the planted bug (got {p.returncode})")
    names = {m["symbol"] for m in (read_json(js, "symbol_names") or {}).get("near_misses", [])}
    check({"aabb_\x1bccontains_f64", "::aabb_overlap_f32"} <= names,
          f"symbol_names: both names are near misses in the JSON ({names})")
    for stream, data in (("stdout", p.stdout), ("stderr", p.stderr)):
        check(b"\x1b" not in data, f"symbol_names: no ESC on {stream}")
        check(not any(ln.lstrip().startswith(b"::") for ln in data.split(b"\n")),
              f"symbol_names: no workflow command on {stream}")
    check(b"aabb_\\x1bccontains_f64" in p.stdout and b"\\x3a:aabb_overlap_f32" in p.stdout,
          "symbol_names: both names are shown, escaped")


def big_library(tool, work, lib):
    # A 3 GB library (sparse: the plugin and 3 GB of zeros after it) is not read into memory:
    # check's peak resident size stays far below the file's size.
    d = tempfile.mkdtemp(dir=work)
    big = os.path.join(d, "libbig.so")
    shutil.copy(lib, big)
    with open(big, "r+b") as f:
        f.truncate(3 << 30)
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    p = subprocess.run([tool, "check", "--impl", big, "--seed", "7", "--quiet", "--cases", "20", "--types", "f32"],
                       capture_output=True, timeout=GUARD, env=env_for())
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    check(p.returncode == 1, f"big_library: exit 1, the planted bug (got {p.returncode})")
    check(before / 1024 < 1024 and peak_mib < 1024, f"big_library: check's peak RSS {peak_mib:.0f} MiB < 1 GiB")


def corpus_paths(tool, work, lib):
    d = tempfile.mkdtemp(dir=work)
    corpus = os.path.join(d, "corpus")
    os.makedirs(corpus)
    open(os.path.join(corpus, "a"), "wb").write(b"\x00" * 16)
    os.symlink("loop", os.path.join(corpus, "loop"))
    p = subprocess.run([tool, "check", "--impl", lib, "--quiet", "--cases", "10", "--corpus", corpus],
                       capture_output=True, timeout=GUARD, env=env_for())
    err = p.stderr.decode("utf-8", "replace")
    check(p.returncode == 2 and "loop: Too many levels of symbolic links" in err and "could not run" not in err,
          f"corpus_paths: a symlink loop in --corpus is named (got {p.returncode}, {err.strip()!r})")
    fifo = os.path.join(d, "fifo")
    os.mkfifo(fifo)
    for path, why in ((fifo, "a FIFO, not a regular file"), ("/dev/null", "a character device, not a regular file"),
                      (os.path.join(d, "none"), "No such file or directory")):
        p = subprocess.run([tool, "replay", "--impl", lib, path], capture_output=True, timeout=GUARD, env=env_for())
        err = p.stderr.decode("utf-8", "replace")
        check(p.returncode == 2 and f"{path}: {why}" in err, f"corpus_paths: replay {path}: {why} ({err.strip()!r})")


def answers_rewrite(tool, work, lib):
    # The library's thread rewrites every shared writable mapping it finds; check's answers must
    # not be among them: the same violations with and without the thread.
    runs = {}
    for attack in ("0", "1"):
        runs[attack] = Run(tool, work, "rewrite" + attack, lib, ["--cases", "500", "--types", "f32"],
                           env={"AABB_HOSTILE_ATTACK": attack})
    counts = {a: (r.result("overlap", "f32") or {}).get("violations", {}) for a, r in runs.items()}
    check(counts["0"].get("missed hit", 0) > 100, f"answers_rewrite: overlap f32 = 0 has missed hits ({counts['0']})")
    check(counts["0"] == counts["1"], f"answers_rewrite: the thread changes no verdict ({counts})")


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
        "sigterm": sigterm, "sigint_twice": sigint_twice, "closed_streams": closed_streams,
        "report_paths": report_paths, "report_attack": report_attack, "sigpipe": sigpipe,
        "report_contents": report_contents, "big_library": big_library, "corpus_paths": corpus_paths,
        "answers_rewrite": answers_rewrite, "symbol_names": symbol_names,
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
