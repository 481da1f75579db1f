#!/usr/bin/env python3
"""End-to-end tests of `aabb-oracle check` (tests/check/CMakeLists.txt runs each mode).

bundled NAME LIB   check a bundled plugin: optimized passes (exit 0); the others fail (exit 1)
                   with at least the violation kinds their known flaws cause, on the ops listed
                   below, and the ops listed as correct are clean.
default            check with no --impl checks the optimized plugin and passes.
planted LIB        the plain-C plugin with planted bugs: each bug is reported with its kind and a
                   counterexample whose eval replay gives an exact answer different from the
                   library's; the correct ops are clean; the crash and the hang are isolated.
planted2d LIB      the dimension-2 plugin with planted bugs: only its aabb2_ campaigns run, each
                   bug reported with a 2D counterexample that replays through eval, the correct
                   ops clean, --ops and --contract by op name or <op>_2d.
probe LIB          --probe-nonfinite reports answers for NaN and inf inputs, exit 0.
usage LIB          bad input gets exit 2 and a message naming the option.
conventions STRICT PLANTED NAIVE
                   --boundary strict / half-open and --ray half-line judged as the convention says.
report LIB         the report: head before progress on a terminal, no "result" for functions
                   returning nothing, the worst case per kind, every fault of a case counted,
                   exact values in the result's type with signed ulps, absolute and relative,
                   readable fields first.
"""
import argparse
import json
import math
import os
import pathlib
import subprocess
import sys
from fractions import Fraction

from verdicts import check, finish

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools"))
import registry  # noqa: E402


def run(tool, args, timeout=600, env=None):
    return subprocess.run([tool] + args, capture_output=True, text=True, timeout=timeout, env=env)


def fast_crash_env():
    """The planted crash raises SIGSEGV in the child. Under AddressSanitizer the child prints a
    symbolized report before it exits, which on a loaded machine took longer than the hang
    timeout (CI saw the crash reported as a hang). Without symbolization the report is instant."""
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS", ""), "symbolize=0"]))
    return env


def run_check(tool, work, name, lib, extra, env=None):
    out = os.path.join(work, name + ".json")
    junit = os.path.join(work, name + ".xml")
    args = ["check", "--seed", "20261122", "--cases", "300", "--quiet", "--json", out, "--junit", junit] + extra
    if lib:
        args += ["--impl", lib]
    p = run(tool, args, env=env)
    print(p.stdout[-6000:])
    print(p.stderr[-2000:], file=sys.stderr)
    report = json.load(open(out))
    xml = open(junit).read()
    check(xml.startswith("<?xml") and "<testsuite" in xml, name + ": JUnit file written")
    return p, report


def results_by_key(report):
    return {(r["op"], r["type"]): r for r in report["results"]}


def eval_line(tool, line):
    p = subprocess.run([tool, "eval"], input=line + "\n", capture_output=True, text=True, timeout=60)
    return p.returncode, json.loads(p.stdout.strip().splitlines()[0])


def exact(s):
    return Fraction(s)


def hexval(s):
    """A hex float's exact value; ±inf stays a float, which compares beyond every fraction."""
    x = float.fromhex(s)
    return x if math.isinf(x) else Fraction(x)


def answer_vector(answer):
    """The library's vector answer in a report (closest_point's out[3])."""
    for key in ("point", "out", "result"):
        if isinstance(answer.get(key), list):
            return answer[key]
    raise KeyError("no vector in answer " + json.dumps(answer))


def answer_number(answer):
    """The library's number answer in a report (distance_sq's return value), a hex float."""
    for key in ("result", "distance_sq", "value"):
        if isinstance(answer.get(key), str):
            return answer[key]
    raise KeyError("no number in answer " + json.dumps(answer))


# Violation kinds each flawed plugin must show (on f32 and f64), and ops that must be clean.
EXPECTED = {
    "naive": {
        "kinds": {
            "contains_ce": ["false hit"],
            "overlap_ce": ["false hit"],
            "sweep": ["false hit"],
            "moving_vs_static": ["false hit"],
            "ray": ["false hit", "missed hit"],
            "extreme_points": ["wrong index"],
            "bounds_of_sphere": ["box not containing the exact box"],
            "transform": ["box not containing the exact box"],
            "transform_ce": ["box not containing the exact box"],
            "hill_climb": ["wrong index"],
            # Contract §2b's shapes ops, as engines write them in float.
            "grow": ["box not containing the exact box"],  # lo - m, hi + m rounded to nearest
            "distance_sq": ["error beyond k ulps"],  # the float sum of rounded squares of rounded gaps
            "overlap_sphere": ["false hit", "missed hit"],  # Arvo's float sum against r*r, both ways
            "plane_side": ["wrong side"],  # n.c +- sum |n|e in float: a wrong -1 / 0 / +1
            "overlap_triangle": ["false hit", "missed hit"],  # Akenine-Moller's 13 axes in float
        },
        "clean": ["contains", "overlap", "intersection", "union", "contains_box", "classify", "bounds_of_points",
                  "closest_point"],
    },
    # The strict convention (examples/plugins/strict.c): touching is a miss, so under the closed box
    # every touching case is a missed hit; check.conventions shows it passes under --boundary strict.
    "strict": {"kinds": {"contains": ["missed hit"], "overlap": ["missed hit"]}, "clean": []},
    "seed000": {"kinds": {"overlap_ce": ["false hit"], "sweep_ce": ["false hit", "last contact wrong"]}, "clean": []},
    "seed001": {"kinds": {"moving_vs_static": ["missed hit", "false hit"]}, "clean": ["overlap", "intersection"]},
    "seed002": {
        "kinds": {"extreme_points": ["wrong index"], "transform": ["box not containing the exact box"],
                  "transform_ce": ["box not containing the exact box"]},
        "clean": [],
    },
    "seed004": {"kinds": {"contains_ce": ["false hit"], "overlap_ce": ["false hit"]}, "clean": []},
    # Real libraries (examples/adapters, built when Debian's package is present).
    "eigen": {"kinds": {"transform": ["box not containing the exact box"]},
              "clean": ["contains", "overlap", "intersection", "bounds_of_points"]},
    "bullet": {"kinds": {"transform": ["box not containing the exact box"]}, "clean": ["contains", "overlap"],
               "types": ["f32"]},
    # cglm's box.h: the four ops that compare inputs only are right; glm_aabb_sphere measures to the
    # max face also when the centre is below the min (its reported false negative).
    "cglm": {"kinds": {"overlap_sphere": ["missed hit"]}, "clean": ["contains", "overlap", "union", "contains_box"],
             "types": ["f32"]},
    # FCL's fcl::AABB: the comparisons are right on valid input; expand(delta) is min - delta,
    # max + delta rounded to nearest, so a grown box can miss the exact one by half an ulp.
    "fcl": {"kinds": {"grow": ["box not containing the exact box"]},
            "clean": ["contains", "overlap", "intersection", "union", "contains_box"]},
    # Box2D's b2AABB, dimension 2 (the aabb2_ symbols), float only, as a Box2D user casts rays:
    # half-lines, and a conservative exit (Box2D computes none; the adapter answers t_max).
    # b2AABB::RayCast answers no hit for a ray that starts inside the box.
    "box2d": {"kinds": {"ray_2d": ["missed hit"]}, "clean": ["overlap_2d", "contains_box_2d", "union_2d"],
              "types": ["f32"], "args": ["--ray", "half-line", "--contract", "ray=conservative"]},
}


def bundled(tool, work, name, lib):
    # A plugin's own conventions (EXPECTED[name]["args"]: Box2D's half-line rays) go into its one run.
    p, report = run_check(tool, work, name, lib, EXPECTED.get(name, {}).get("args", []))
    res = results_by_key(report)
    if name == "optimized":
        check(p.returncode == 0, "optimized: exit 0")
        # Every ABI variant of the registry, in both types and both dimensions (aabb_, aabb2_).
        wanted = sorted(f"{prefix}_{v}_{t}" for v in registry.variant_names(registry.load(tool), abi_only=True)
                        for t in ("f32", "f64") for prefix in ("aabb", "aabb2"))
        check(report["passed"] and sorted(report["symbols"]) == wanted,
              f"optimized: all {len(wanted)} symbols of the registry's ABI variants, passed")
        check(all(r["status"] == "ok" for r in report["results"]), "optimized: every campaign ok")
        labels = {r["op"] for r in report["results"]}
        check(len(report["results"]) == len(wanted) and all(v in labels and v + "_2d" in labels for v in
                                                             registry.variant_names(registry.load(tool), abi_only=True)),
              "optimized: one campaign per symbol, the 2D ones labelled <op>_2d")
        check("PASS" in p.stdout, "optimized: PASS printed")
        return
    exp = EXPECTED[name]
    if exp["kinds"]:
        check(p.returncode == 1, name + ": exit 1")
        check("FAIL" in p.stdout, name + ": FAIL printed")
    else:
        check(p.returncode == 0 and report["passed"], name + ": exit 0, passed")
        check("PASS" in p.stdout, name + ": PASS printed")
    types = exp.get("types", ["f32", "f64"])
    for op, kinds in exp["kinds"].items():
        for t in types:
            r = res.get((op, t))
            check(r is not None, f"{name}: {op} {t} was checked")
            if r is None:
                continue
            for kind in kinds:
                check(kind in r.get("violations", {}), f"{name}: {op} {t} shows {kind!r}")
                ex = [e for e in r.get("counterexamples", []) if e["kind"] == kind]
                firsts = [e for e in ex if e["role"] == "first"]
                check(len(firsts) == 1 and len(ex) <= 2,
                      f"{name}: {op} {t} has one first (shrunk) counterexample for {kind!r}, and at most a worst")
                for e in ex:
                    code, ans = eval_line(tool, e["eval"])
                    check(code == 0 and "error" not in ans, f"{name}: {op} {t} {kind}: eval replays the line")
                    check(ans == e["exact"], f"{name}: {op} {t} {kind}: reported exact answer is eval's")
                    check(e["eval"] in p.stdout, f"{name}: {op} {t} {kind}: eval line printed")
    for op in exp["clean"]:
        for t in types:
            r = res.get((op, t))
            check(r is not None and r["status"] == "ok", f"{name}: {op} {t} is clean")


def default(tool, work):
    p, report = run_check(tool, work, "default", None, [])
    check(p.returncode == 0 and report["passed"], "default: passes")
    check(report["library"].endswith("libaabb-optimized.so"), "default: loads the optimized plugin")


def planted(tool, work, lib):
    p, report = run_check(tool, work, "planted", lib, ["--timeout", "3"], env=fast_crash_env())
    check(p.returncode == 1, "planted: exit 1")
    res = results_by_key(report)
    check(sorted(report["symbols"]) == sorted(
        f"aabb_{op}_{t}" for op in ["contains", "contains_ce", "overlap", "intersection", "union", "contains_box",
                                    "classify", "grow", "closest_point", "distance_sq", "overlap_sphere",
                                    "plane_side", "overlap_triangle", "bounds_of_points", "extreme_points",
                                    "bounds_of_sphere"]
        for t in ("f32", "f64")),
          "planted: the symbols found are reported")
    check(len(report["results"]) == 32, "planted: 32 campaigns")
    for t in ("f32", "f64"):
        for op in ("contains", "bounds_of_points"):
            check(res[(op, t)]["status"] == "ok", f"planted: correct {op} {t} is not accused")
        # overlap: touching boxes missed.
        r = res[("overlap", t)]
        check(list(r["violations"]) == ["missed hit"], f"planted: overlap {t} only missed hits")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and ans["overlap"] is True and e["answer"]["result"] == 0,
                  f"planted: overlap {t}: replay gives true, the library said 0")
        # intersection: the z upper bound.
        r = res[("intersection", t)]
        check("error beyond k ulps" in r["violations"], f"planted: intersection {t} wrong bound")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            if e["kind"] != "error beyond k ulps":
                continue
            box = ans["intersection"]
            got = [hexval(x) for x in e["answer"]["lo"]] + [hexval(x) for x in e["answer"]["hi"]]
            want = [exact(x) for x in box["min"]] + [exact(x) for x in box["max"]]
            check(code == 0 and got != want and got[5] != want[5],
                  f"planted: intersection {t}: replay's exact hi[2] differs from the library's")
        # union: the lower bound on y.
        r = res[("union", t)]
        check(list(r["violations"]) == ["error beyond k ulps"], f"planted: union {t} wrong bound only")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            got = [hexval(x) for x in e["answer"]["lo"]]
            want = [exact(x) for x in ans["union"]["min"]]
            check(code == 0 and got[1] != want[1] and got[0] == want[0] and got[2] == want[2],
                  f"planted: union {t}: replay's exact lo[1] differs from the library's, and only it")
        # contains_box: shared faces missed; classify: "intersects" for a box inside sharing a face.
        r = res[("contains_box", t)]
        check(list(r["violations"]) == ["missed hit"], f"planted: contains_box {t} only missed hits")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and ans["contains"] is True and e["answer"]["result"] == 0,
                  f"planted: contains_box {t}: replay gives true, the library said 0")
        r = res[("classify", t)]
        check(list(r["violations"]) == ["wrong class"], f"planted: classify {t} only wrong classes")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and ans["class"] == "contains" and e["answer"]["result"] == 1,
                  f"planted: classify {t}: replay gives contains, the library said 1 (intersects)")
        # grow: the margin added to lo on y (the other bounds rounded outward, correctly).
        r = res[("grow", t)]
        # Both faults of such a case are counted: the bound is inside the exact box and far off.
        check(sorted(r["violations"]) == ["box not containing the exact box", "error beyond k ulps"],
              f"planted: grow {t}: boxes not containing, and (the same cases) errors beyond 1 ulp")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            got = [hexval(x) for x in e["answer"]["lo"]]
            want = [exact(x) for x in ans["box"]["min"]]
            check(code == 0 and got[1] > want[1] and got[0] <= want[0] and got[2] <= want[2],
                  f"planted: grow {t}: replay's exact lo[1] is below the library's; lo[0], lo[2] contain theirs")
        # closest_point: z not clamped.
        r = res[("closest_point", t)]
        check(list(r["violations"]) == ["error beyond k ulps"], f"planted: closest_point {t} wrong coordinate only")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            got = [hexval(x) for x in answer_vector(e["answer"])]
            want = [exact(x) for x in ans["point"]]
            check(code == 0 and got[2] != want[2] and got[:2] == want[:2],
                  f"planted: closest_point {t}: replay's exact z differs from the library's, and only it")
        # distance_sq: the gap on x not squared.
        r = res[("distance_sq", t)]
        check(list(r["violations"]) == ["error beyond k ulps"], f"planted: distance_sq {t} error beyond k ulps")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and exact(ans["distance_sq"]) != hexval(answer_number(e["answer"])),
                  f"planted: distance_sq {t}: replay's exact value differs from the library's")
        # overlap_sphere: only the largest single-axis gap against r: spheres off an edge or a corner hit.
        r = res[("overlap_sphere", t)]
        check(list(r["violations"]) == ["false hit"], f"planted: overlap_sphere {t} only false hits")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and ans["overlap"] is False and e["answer"]["result"] == 1,
                  f"planted: overlap_sphere {t}: replay gives false, the library said 1")
        # plane_side: a plane through a corner (a tie) reported outside: a wrong side.
        r = res[("plane_side", t)]
        check(list(r["violations"]) == ["wrong side"], f"planted: plane_side {t} only wrong sides")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and ans["side"] != e["answer"]["result"],
                  f"planted: plane_side {t}: replay's exact side differs from the library's")
        # overlap_triangle: no edge cross-product axes: triangles passing an edge of the box hit.
        r = res[("overlap_triangle", t)]
        check(list(r["violations"]) == ["false hit"], f"planted: overlap_triangle {t} only false hits")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and ans["overlap"] is False and e["answer"]["result"] == 1,
                  f"planted: overlap_triangle {t}: replay gives false, the library said 1")
        # extreme points: ties to the highest index.
        r = res[("extreme_points", t)]
        check(list(r["violations"]) == ["wrong index"], f"planted: extreme_points {t} wrong index")
        for e in r["counterexamples"]:
            code, ans = eval_line(tool, e["eval"])
            check(code == 0 and (ans["i_min"], ans["i_max"]) != (e["answer"]["i_min"], e["answer"]["i_max"]),
                  f"planted: extreme_points {t}: replay's indices differ from the library's")
        # crash on r == 0: counted with its input (shrunk), which eval answers (a valid query),
        # and the campaign goes on: the naive rounding (c ± r to nearest) is caught as well.
        r = res[("bounds_of_sphere", t)]
        ex = {e["kind"]: e for e in r["counterexamples"]}
        check(r["status"] == "violations" and r["violations"].get("crash", 0) >= 1 and "crash" in ex,
              f"planted: bounds_of_sphere {t} crash counted")
        # Killed by SIGSEGV; under AddressSanitizer its handler reports the signal and exits instead.
        check("crash" in ex and ("signal 11" in ex["crash"]["detail"] or "exited" in ex["crash"]["detail"])
              and ex["crash"]["answer"] is None, f"planted: bounds_of_sphere {t} crash detail")
        if "crash" in ex:
            q = json.loads(ex["crash"]["eval"])
            check(q["op"] == "bounds_of_sphere" and hexval(q["radius"]) == 0, f"planted: crash input has radius 0")
            code, ans = eval_line(tool, ex["crash"]["eval"])
            check(code == 0 and "box" in ans, f"planted: crash input {t} replays through eval")
        check(r["cases"] >= 290, f"planted: bounds_of_sphere {t} campaign ran on after the crash")
        check("box not containing the exact box" in r["violations"],
              f"planted: bounds_of_sphere {t} rounding to nearest caught besides the crash")
        # hang when p[0] == c[0]: killed after the timeout, counted with its input; the campaign
        # stops after a few hangs (each costs the timeout).
        r = res[("contains_ce", t)]
        ex = {e["kind"]: e for e in r["counterexamples"]}
        check(r["violations"].get("hang", 0) >= 1 and "hang" in ex, f"planted: contains_ce {t} hang")
        if "hang" in ex:
            q = json.loads(ex["hang"]["eval"])
            check(hexval(q["point"][0]) == hexval(q["box"]["center"][0]), f"planted: hang input {t} has p[0] == c[0]")
    check("crash x" in p.stdout and "hang x" in p.stdout, "planted: crash and hang in the human report")
    check("(no answer: crash)" in p.stdout, "planted: a crash's counterexample says there was no answer")


def planted2d(tool, work, lib):
    """The dimension-2 plugin tests/check/planted2d.c: only its aabb2_ symbols, each planted bug
    reported with a 2D counterexample that replays through eval to an exact answer other than the
    library's, the correct ops clean."""
    html_path = os.path.join(work, "planted2d.html")
    p, report = run_check(tool, work, "planted2d", lib, ["--html", html_path])
    check(p.returncode == 1, "planted2d: exit 1")
    # --html: each 2D counterexample gets its plane (boxes as rectangles, the triangle as a polygon,
    # the ray as a line), rendered by headless Chromium.
    browser = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                              "file://" + os.path.abspath(html_path)], capture_output=True, text=True, timeout=300)
    sections = browser.stdout.split('<section class="cx"')[1:]
    examples = [(r["op"], e) for r in report["results"] for e in r["counterexamples"]]
    check(browser.returncode == 0 and len(sections) == len(examples) > 0,
          f"planted2d: Chromium renders every counterexample ({len(sections)} of {len(examples)})")
    for (op, e), sec in zip(examples, sections):
        plane = sec.split('class="plane"', 1)[1].split("</svg>", 1)[0] if 'class="plane"' in sec else ""
        drawn = {"rect": "<rect" in plane, "polygon": "<polygon" in plane, "line": "<line" in plane,
                 "circle": "<circle" in plane}
        q = json.loads(e["eval"])
        # A ray is a line from its origin; one with a zero direction is its origin alone.
        ray_drawn = drawn["line"] or (drawn["circle"] and all(hexval(x) == 0 for x in q.get("dir", ["0x1p+0"])))
        check(drawn["rect"] and (op != "overlap_triangle_2d" or drawn["polygon"]) and (op != "ray_2d" or ray_drawn),
              f"planted2d: html {op} {e['kind']}: the plane with its boxes{', triangle' if 'triangle' in op else ''}"
              f"{', ray' if op == 'ray_2d' else ''} ({drawn})")
    ops = ["contains", "overlap", "intersection", "union", "contains_box", "bounds_of_points", "closest_point",
           "ray", "overlap_triangle"]
    check(sorted(report["symbols"]) == sorted(f"aabb2_{op}_{t}" for op in ops for t in ("f32", "f64")),
          "planted2d: the aabb2_ symbols found, and no 3D one")
    res = results_by_key(report)
    check(sorted(res) == sorted((op + "_2d", t) for op in ops for t in ("f32", "f64")),
          f"planted2d: one campaign per op and type, each labelled <op>_2d ({sorted(res)})")
    check(all(r["symbol"].startswith("aabb2_") for r in report["results"]), "planted2d: the campaigns call aabb2_ symbols")
    for t in ("f32", "f64"):
        for op in ("contains", "intersection", "union", "bounds_of_points", "closest_point"):
            check(res[(op + "_2d", t)]["status"] == "ok", f"planted2d: correct {op} {t} is not accused")
        planted = {"overlap": ("false hit", "overlap", False), "contains_box": ("missed hit", "contains", True),
                   "overlap_triangle": ("false hit", "overlap", False), "ray": ("false hit", "hit", False)}
        for op, (kind, field, exact_answer) in planted.items():
            r = res[(op + "_2d", t)]
            only = op != "ray"  # the planted ray's times are rounded slab times: other faults may show
            check(kind in r["violations"] and (not only or list(r["violations"]) == [kind]),
                  f"planted2d: {op} {t} shows {kind!r}{' only' if only else ''} ({list(r['violations'])})")
            for e in [e for e in r["counterexamples"] if e["kind"] == kind]:
                q = json.loads(e["eval"])
                vectors = [v for key in ("a", "b", "box") if key in q for v in q[key].values()]
                vectors += [q[key] for key in ("origin", "dir", "point") if key in q] + q.get("triangle", [])
                check(len(vectors) >= 2 and all(len(v) == 2 for v in vectors),
                      f"planted2d: {op} {t} {kind}: the eval line is 2D")
                code, ans = eval_line(tool, e["eval"])
                check(code == 0 and ans.get(field) is exact_answer,
                      f"planted2d: {op} {t} {kind}: eval replays to {field} = {exact_answer}, unlike the library")
    # --ops and --contract select by op name (every dimension the library has) or by <op>_2d.
    for sel in ("overlap", "overlap_2d"):
        p, rep = run_check(tool, work, "planted2d-" + sel, lib, ["--ops", sel, "--types", "f32"])
        check([r["op"] for r in rep["results"]] == ["overlap_2d"], f"planted2d: --ops {sel} runs overlap_2d")
    p, rep = run_check(tool, work, "planted2d-contract", lib, ["--ops", "ray_2d", "--types", "f64",
                                                               "--contract", "ray_2d=conservative"])
    check(rep["results"][0]["contract"] == "conservative", "planted2d: --contract ray_2d=... sets the 2D contract")


def probe(tool, work, lib):
    p = run(tool, ["check", "--impl", lib, "--probe-nonfinite", "--ops", "contains,overlap", "--quiet"])
    print(p.stdout)
    check(p.returncode == 0, "probe: exit 0")
    check("lo[0] = nan" in p.stdout and "lo[0] = inf" in p.stdout and "lo[0] = -inf" in p.stdout,
          "probe: NaN, +inf and -inf inputs listed")
    check("lo[2] = nan" in p.stdout and "bhi[1] = -inf" in p.stdout, "probe: every coordinate is probed")
    check("contains f32:" in p.stdout and "overlap f64:" in p.stdout, "probe: per op and type")
    check(p.stdout.count("base case (every input finite)") == 4, "probe: the base case is printed for each op and type")
    # Every entry of transform's matrix is probed (it used to be m[0] only).
    p = run(tool, ["check", "--probe-nonfinite", "--ops", "transform", "--types", "f32", "--quiet"])
    check(p.returncode == 0 and all(f"m[{i}] = nan" in p.stdout for i in range(9)),
          "probe: transform's nine matrix entries are each probed")


def usage(tool, work, lib):
    cases = [
        (["--impl", "/nonexistent/lib.so"], "--impl /nonexistent/lib.so: no such file"),
        (["--impl", __file__], "cannot load as a shared library"),
        (["--impl", work], "is a directory"),
        (["--impl", lib, "--contract", "sweep=fast"], "--contract sweep=fast: unknown contract"),
        (["--impl", lib, "--contract", "sweep"], "--contract sweep: expected op=kind[:k]"),
        (["--impl", lib, "--contract", "nosuch=exact"], "unknown op \"nosuch\""),
        (["--impl", lib, "--contract", "ulps=ulps:x"], "unknown op"),
        (["--impl", lib, "--contract", "sweep=ulps"], "ulps needs k"),
        (["--impl", lib, "--contract", "extreme_points=ulps:1"], "only contract is exact"),
        (["--impl", lib, "--contract", "overlap=ulps:1"], "returns a decision"),
        (["--impl", lib, "--ops", "intersect"], "--ops: unknown op \"intersect\""),
        (["--impl", lib, "--types", "f16"], "--types: unknown type \"f16\""),
        (["--impl", lib, "--seed", "-3"], "--seed"),
        (["--impl", lib, "--cases", "-1"], "--cases"),
        (["--impl", lib, "--timeout", "0"], "--timeout"),
        # No silent clamping, and no 309-digit echo: the range and a shortened value.
        (["--impl", lib, "--seed", "18446744073709551616"], "--seed: must be an integer from 0 to 18446744073709551615"),
        (["--impl", lib, "--seed", "9" * 400], "--seed: must be an integer from 0 to"),
        (["--impl", lib, "--cases", "18446744073709551616"], "--cases: must be an integer"),
        (["--impl", lib, "--memory-limit", "lots"], "--memory-limit: must be an integer"),
        (["--impl", lib, "--contract", "overlap=conservative:99999999999"], "k = 99999999999 is too large"),
        (["--impl", lib, "--boundary", "open"], "--boundary: unknown convention \"open\" (closed, strict or half-open)"),
        (["--impl", lib, "--ray", "line"], "--ray: unknown kind of ray \"line\" (segment or half-line)"),
        (["--impl", lib, "--shard", "3/3"], "--shard 3/3: I must be below N"),
        (["--impl", lib, "--shard", "1"], "--shard 1: expected I/N"),
        (["--impl", lib, "--shard", "a/2"], "--shard I: must be an integer"),
        (["--impl", lib, "--sarif", "/nonexistent/dir/x.sarif"], "--sarif /nonexistent/dir/x.sarif: cannot write"),
    ]
    for args, message in cases:
        p = run(tool, ["check"] + args)
        check(p.returncode == 2, f"usage {args}: exit 2 (got {p.returncode})")
        check(message in p.stderr, f"usage {args}: message contains {message!r} (got {p.stderr.strip()!r})")
        paths = sum(len(a) for a in args if "/" in a)  # a path may appear in the message twice
        check(len(p.stderr) < 300 + 2 * paths, f"usage {args}: the message is short ({len(p.stderr)} bytes)")
    # The limits docs/check.md states are the code's.
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    campaign = open(os.path.join(src, "cli", "src", "check", "campaign.hpp")).read()
    docs = open(os.path.join(src, "docs", "check.md")).read()
    crashes = int(campaign.split("kMaxCrashes = ")[1].split(";")[0])
    hangs = int(campaign.split("kMaxHangs = ")[1].split(";")[0])
    check(f"after {crashes:,} crashes or {hangs} hangs" in docs,
          f"usage: docs/check.md states the campaign limits of campaign.hpp ({crashes:,} crashes, {hangs} hangs)")
    with open("/dev/full", "w") as full:  # a report that cannot be written is not a pass
        p = subprocess.run([tool, "check", "--impl", lib, "--cases", "20", "--ops", "contains"],
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=600)
    check(p.returncode == 2 and "cannot write the report to standard output: No space left" in p.stderr,
          f"usage: check > /dev/full exits 2 with the reason (got {p.returncode}, {p.stderr.strip()!r})")
    p = run(tool, ["check", "--impl", lib, "--contract", "sweep=conservative:2", "--ops", "sweep", "--types", "f64",
                   "--cases", "50", "--quiet"])
    check(p.returncode in (0, 1) and "conservative:2" in p.stdout, "usage: a valid --contract is applied")


def report_items(tool, work, lib):
    """The text and JSON reports of issue 13's first item, on the planted plugin."""
    import pty
    import re
    import select
    # Ordered output: under a terminal (stdout and stderr the same pty, the progress line on),
    # the head and the table head come before any progress text.
    master, slave = pty.openpty()
    proc = subprocess.Popen([tool, "check", "--impl", lib, "--cases", "300", "--ops", "contains,grow"],
                            stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 600)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=600)
    os.close(master)
    text = b"".join(chunks).decode("utf-8", "replace")
    head, table, progress = text.find("aabb-oracle check "), text.find("op                type"), text.find(" cases   ")
    check(head == 0, f"report: the head is the first thing on the terminal (at {head})")
    check(0 <= table < progress, f"report: the table head comes before the progress line ({table} < {progress})")

    sarif_path = os.path.join(work, "report.sarif")
    html_path = os.path.join(work, "report.html")
    p, report = run_check(tool, work, "report", lib, ["--ops", "grow,union,closest_point,overlap", "--types", "f32,f64",
                                                      "--sarif", sarif_path, "--html", html_path])
    res = results_by_key(report)
    # --html: rendered by headless Chromium (tools/setup.sh installs it), the page shows every
    # counterexample, each with a number line per axis that has at least one drawn box or point.
    examples = [(r["op"], r["type"], e) for r in report["results"] for e in r["counterexamples"]]
    browser = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                              "file://" + os.path.abspath(html_path)], capture_output=True, text=True, timeout=300)
    dom = browser.stdout
    sections = dom.split('<section class="cx"')[1:]
    check(browser.returncode == 0 and len(sections) == len(examples) > 0,
          f"report: Chromium renders the --html page with every counterexample ({len(sections)} of {len(examples)})")
    for (op, t, e), sec in zip(examples, sections):
        check(f"{op} {t}: {e['kind']}" in sec and e["kind"].replace(" ", "_") in sec,
              f"report: html section for {op} {t} {e['kind']} in report order")
        check("<svg" in sec and ("<rect" in sec or "<circle" in sec),
              f"report: html {op} {t} {e['kind']}: a picture with a drawn box or point")
    check(f"{len(examples)} counterexamples" in dom, "report: the page counts its counterexamples")
    # SARIF 2.1.0, valid against the OASIS schema; one result per violation kind of each campaign,
    # its ruleId the finding's signature op-type-kind, the eval lines in the message.
    import jsonschema  # python3-jsonschema (tools/setup.sh)
    schema = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas",
                                         "sarif-schema-2.1.0.json")))
    sarif = json.load(open(sarif_path))
    errors = [e.message for e in jsonschema.Draft4Validator(schema).iter_errors(sarif)]
    check(not errors, f"report: the SARIF file is valid SARIF 2.1.0 ({errors[:3]})")
    sarif_results = {x["ruleId"]: x for x in sarif["runs"][0]["results"]}
    wanted = {f"{r['op']}-{r['type']}-{k.replace(' ', '_')}" for r in report["results"] for k in r["violations"]}
    check(set(sarif_results) == wanted, f"report: one SARIF result per violation kind ({sorted(wanted)})")
    for r in report["results"]:
        for e in r["counterexamples"]:
            sig = f"{r['op']}-{r['type']}-{e['kind'].replace(' ', '_')}"
            check(e.get("signature") == sig, f"report: counterexample signature {e.get('signature')} is {sig}")
            check(sig in sarif_results and e["eval"] in sarif_results[sig]["message"]["text"],
                  f"report: the SARIF result {sig} carries the eval line")
    # --shard I/N: the shards of one seed and budget together run the unsharded run's cases.
    total = {}
    for i in range(3):
        _, rep = run_check(tool, work, f"shard{i}", lib, ["--ops", "overlap,grow", "--shard", f"{i}/3"])
        check(rep.get("shard") == f"{i}/3", f"report: shard {i}/3 named in the JSON")
        for r in rep["results"]:
            t = total.setdefault((r["op"], r["type"]), {"cases": 0})
            t["cases"] += r["cases"]
            for k, n in r["violations"].items():
                t[k] = t.get(k, 0) + n
    _, whole = run_check(tool, work, "unsharded", lib, ["--ops", "overlap,grow"])
    for r in whole["results"]:
        want = dict(r["violations"], cases=r["cases"])
        check(total.get((r["op"], r["type"])) == want,
              f"report: {r['op']} {r['type']}: three shards add up to the unsharded run ({total.get((r['op'], r['type']))} vs {want})")
    for t in ("f32", "f64"):
        # Functions that return nothing have no "result" in the library's answer; int ones do.
        for op in ("grow", "union", "closest_point"):
            check(all("result" not in e["answer"] for e in res[(op, t)]["counterexamples"]),
                  f"report: {op} {t} returns nothing: no \"result\" in its answers")
        check(all("result" in e["answer"] for e in res[("overlap", t)]["counterexamples"]),
              f"report: overlap {t} returns an int: \"result\" in its answers")
        # The worst case per kind beside the shrunk first, farther off, replaying as reported.
        for op in ("grow", "closest_point"):
            exs = res[(op, t)]["counterexamples"]
            for kind in {e["kind"] for e in exs}:
                first = [e for e in exs if e["kind"] == kind and e["role"] == "first"]
                worst = [e for e in exs if e["kind"] == kind and e["role"] == "worst"]
                check(len(first) == 1 and len(worst) <= 1, f"report: {op} {t} {kind}: one first, at most one worst")
                for w in worst:
                    check(Fraction(w["ulps"]) > Fraction(first[0]["ulps"]),
                          f"report: {op} {t} {kind}: the worst is farther off than the first ({w['ulps']} > {first[0]['ulps']})")
                    check(w["eval"] in p.stdout and "(worst case, not shrunk)" in p.stdout,
                          f"report: {op} {t} {kind}: the worst case is printed")
        check(any(e["role"] == "worst" for e in res[("closest_point", t)]["counterexamples"]),
              f"report: closest_point {t}: a worst case is shown (the shrunk one is 1 ulp or so off)")
        # A number's detail: the exact value in the result's type ("~" only when it is not
        # representable there), the signed distance in ulps, absolute and relative.
        for e in res[("grow", t)]["counterexamples"] + res[("closest_point", t)]["counterexamples"]:
            m = re.match(r"^\S+ = (\S+), exact (.*?): (~?[+-][0-9./e+~]+) ulps \(abs [+-]", e["detail"])
            check(m is not None, f"report: {t} detail has value, exact, signed ulps and abs: {e['detail']!r}")
            if not m:
                continue
            exact_part = m.group(2)
            if "~" not in exact_part:
                check(exact_part.startswith(("0x", "-0x", "inf", "-inf")),
                      f"report: {t} an exact value with no '~' is a {t} in hex: {exact_part!r}")
        # Both faults of one case are counted (planted grow: inside the exact box and far off).
        v = res[("grow", t)]["violations"]
        check(v.get("error beyond k ulps", 0) > 0 and v.get("box not containing the exact box", 0) > 0,
              f"report: grow {t}: every fault of a case counted ({v})")
    # Readable fields first: the rounded _f64 fields before the exact fractions.
    lines = [l for l in p.stdout.splitlines() if l.startswith("  exact:") and '"box"' in l]
    check(lines and all(l.find("min_f64") < l.find('"min"') for l in lines),
          "report: in the exact answer, min_f64 comes before min")


def conventions(tool, work, strict_lib, planted_lib, naive_lib):
    """--boundary and --ray: a strict library passes under its convention; a closed one fails
    under strict and half-open with replayable counterexamples; half-line rays only."""
    p, report = run_check(tool, work, "strict", strict_lib, ["--boundary", "strict"])
    check(p.returncode == 0 and report["passed"] and report["boundary"] == "strict",
          f"conventions: the strict library passes under --boundary strict (exit {p.returncode})")
    check(all(r["contract"] == "exact,strict" for r in report["results"]),
          "conventions: its contracts read exact,strict")
    for boundary in ("strict", "half-open"):
        p, report = run_check(tool, work, "planted-" + boundary, planted_lib,
                              ["--boundary", boundary, "--ops", "contains,overlap"])
        res = results_by_key(report)
        for t in ("f32", "f64"):
            r = res[("contains", t)]
            check(list(r["violations"]) == ["false hit"],
                  f"conventions: closed contains {t} under {boundary}: false hits only ({r['violations']})")
            for e in r["counterexamples"]:
                q = json.loads(e["eval"])
                code, ans = eval_line(tool, e["eval"])
                check(q.get("boundary") == boundary and code == 0 and ans["contains"] is False
                      and e["answer"]["result"] == 1,
                      f"conventions: contains {t} {boundary}: the line carries the boundary and replays to false")
                if boundary == "half-open":
                    lo, hi, pt = q["box"]["min"], q["box"]["max"], q["point"]
                    check(any(hexval(pt[i]) == hexval(hi[i]) and hexval(lo[i]) < hexval(hi[i]) for i in range(3))
                          or any(hexval(lo[i]) == hexval(hi[i]) for i in range(3)),
                          f"conventions: half-open contains {t}: the point is on a max face (or the box is flat)")
            # The planted overlap is strict: wrong under closed, right under both conventions.
            check(res[("overlap", t)]["status"] == "ok", f"conventions: strict overlap {t} passes under {boundary}")
    p, report = run_check(tool, work, "naive-half-line", naive_lib, ["--ray", "half-line", "--ops", "ray"])
    check(report["ray"] == "half-line", "conventions: the report names the ray convention")
    lines = [json.loads(e["eval"]) for r in report["results"] for e in r["counterexamples"]]
    check(len(lines) > 0 and all(q["t_min"] in ("0x0p+0", "0") and q["t_max"] == "inf" for q in lines),
          f"conventions: --ray half-line: every counterexample has t_min = 0 and t_max = inf ({len(lines)} lines)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("mode")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    if a.mode == "bundled":
        bundled(a.tool, a.work, a.args[0], a.args[1])
    elif a.mode == "default":
        default(a.tool, a.work)
    elif a.mode == "planted":
        planted(a.tool, a.work, a.args[0])
    elif a.mode == "planted2d":
        planted2d(a.tool, a.work, a.args[0])
    elif a.mode == "probe":
        probe(a.tool, a.work, a.args[0])
    elif a.mode == "conventions":
        conventions(a.tool, a.work, a.args[0], a.args[1], a.args[2])
    elif a.mode == "report":
        report_items(a.tool, a.work, a.args[0])
    elif a.mode == "usage":
        usage(a.tool, a.work, a.args[0])
    else:
        sys.exit("unknown mode " + a.mode)
    finish()


if __name__ == "__main__":
    main()
