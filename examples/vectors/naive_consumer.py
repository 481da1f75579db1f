#!/usr/bin/env python3
"""An example consumer of aabb-oracle's test vectors (docs/vectors.md), standard library only.

It loads every <op>_<type>.json file of a directory written by `aabb-oracle vectors --out DIR`
and runs a naive textbook float implementation of some ops against the vectors: the way a user
would test their own library from any language. f32 arithmetic is done in Python floats and
rounded to binary32 after every operation with struct.pack('f'), which gives exactly the
binary32 result for one +, -, * or / of binary32 operands (a double holds 2·24+2 bits).

The naive implementations, each written the way the seed articles write them:
  contains, overlap, intersection, union, bounds_of_points   min-max form, comparisons with <=
      and min/max only: no rounding at all, so they are right on every vector;
  contains_ce, overlap_ce   seed 004's |c2 - c1| <= e1 + e2 in the file's type: rounding and
      overflow make it answer "inside"/"overlap" for some boxes just apart;
  sweep, moving_vs_static   seed 001's intersectMovingAABB (relative motion, 1/d, and a
      zero-velocity axis that treats touching as a miss).
Decisions must equal the expected ones; times must be within --ulps (default 2) of the
correctly rounded expected value, the tolerance this consumer chose. Tests whose result is
"invalid" are skipped: the naive code does not validate its input.

  python3 naive_consumer.py DIR [--json SUMMARY.json] [--ulps K] [--show N]
"""

import argparse
import json
import math
import pathlib
import struct
import sys


def to_f32(x):
    """x rounded to the nearest binary32 (ties to even), overflowing to infinity."""
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def rounder(float_type):
    return to_f32 if float_type == "f32" else (lambda x: x)


def number(text):
    """An input or expected hex float ("0x1.8p+1", "inf") as a Python float."""
    return float.fromhex(text)


def vec(v):
    return [number(x) for x in v]


def ordered(x, float_type):
    """A monotone integer index of a float's value: neighbours differ by 1."""
    if float_type == "f32":
        bits = struct.unpack("<I", struct.pack("<f", x))[0]
        sign, mag = bits >> 31, bits & 0x7FFFFFFF
    else:
        bits = struct.unpack("<Q", struct.pack("<d", x))[0]
        sign, mag = bits >> 63, bits & 0x7FFFFFFFFFFFFFFF
    return -mag if sign else mag


def within_ulps(got, want_hex, float_type, k):
    if want_hex is None:
        return False
    want = number(want_hex)
    if math.isnan(got):
        return False
    return abs(ordered(got, float_type) - ordered(want, float_type)) <= k


# ---- Naive implementations: each returns None (pass) or a reason (fail) ------------------------


def mm_box(b):
    return vec(b["min"]), vec(b["max"])


def naive_contains(inp, exp, t, ctx):
    lo, hi = mm_box(inp["box"])
    p = vec(inp["point"])
    got = all(lo[i] <= p[i] <= hi[i] for i in range(3))
    return None if got == exp["contains"] else f"contains = {got}"


def naive_overlap(inp, exp, t, ctx):
    alo, ahi = mm_box(inp["a"])
    blo, bhi = mm_box(inp["b"])
    got = all(alo[i] <= bhi[i] and blo[i] <= ahi[i] for i in range(3))
    return None if got == exp["overlap"] else f"overlap = {got}"


def box_answer(lo, hi, want, t):
    """A min-max result box compared with the expected correctly rounded bounds."""
    key = "_" + t
    ok = lo == vec(want["min" + key]) and hi == vec(want["max" + key])
    return None if ok else f"box {lo} {hi}"


def naive_intersection(inp, exp, t, ctx):
    alo, ahi = mm_box(inp["a"])
    blo, bhi = mm_box(inp["b"])
    lo = [max(alo[i], blo[i]) for i in range(3)]
    hi = [min(ahi[i], bhi[i]) for i in range(3)]
    hit = all(lo[i] <= hi[i] for i in range(3))
    if hit != (exp["intersection"] is not None):
        return f"hit = {hit}"
    return box_answer(lo, hi, exp["intersection"], t) if hit else None


def naive_union(inp, exp, t, ctx):
    alo, ahi = mm_box(inp["a"])
    blo, bhi = mm_box(inp["b"])
    lo = [min(alo[i], blo[i]) for i in range(3)]
    hi = [max(ahi[i], bhi[i]) for i in range(3)]
    return box_answer(lo, hi, exp["union"], t)


def naive_bounds_of_points(inp, exp, t, ctx):
    ps = [vec(p) for p in inp["points"]]
    lo = [min(p[i] for p in ps) for i in range(3)]
    hi = [max(p[i] for p in ps) for i in range(3)]
    return box_answer(lo, hi, exp["box"], t)


def naive_contains_ce(inp, exp, t, ctx):
    r = rounder(t)
    c, e = vec(inp["box"]["center"]), vec(inp["box"]["extent"])
    p = vec(inp["point"])
    got = all(abs(r(c[i] - p[i])) <= e[i] for i in range(3))
    return None if got == exp["contains"] else f"contains = {got}"


def naive_overlap_ce(inp, exp, t, ctx):
    r = rounder(t)
    ac, ae = vec(inp["a"]["center"]), vec(inp["a"]["extent"])
    bc, be = vec(inp["b"]["center"]), vec(inp["b"]["extent"])
    got = all(abs(r(bc[i] - ac[i])) <= r(be[i] + ae[i]) for i in range(3))
    return None if got == exp["overlap"] else f"overlap = {got}"


def seed001_moving(s_lo, s_hi, m_lo, m_hi, d, r):
    """Seed 001's intersectMovingAABB: (hit, t_enter, t_leave)."""
    t_enter, t_leave = 0.0, 1.0
    for i in range(3):
        if d[i] == 0:
            if s_lo[i] >= m_hi[i] or s_hi[i] <= m_lo[i]:
                return False, None, None
            continue
        inv = r(1.0 / d[i])
        enter = r(r(s_lo[i] - m_hi[i]) * inv)
        leave = r(r(s_hi[i] - m_lo[i]) * inv)
        if enter > leave:
            enter, leave = leave, enter
        if enter > t_enter:
            t_enter = enter
        if leave < t_leave:
            t_leave = leave
        if t_enter > t_leave:
            return False, None, None
    return True, t_enter, t_leave


def naive_sweep(inp, exp, t, ctx):
    r = rounder(t)
    alo, ahi = mm_box(inp["a"])
    blo, bhi = mm_box(inp["b"])
    da = vec(inp.get("da", ["0x0p+0"] * 3))
    db = vec(inp.get("db", ["0x0p+0"] * 3))
    v = [r(db[i] - da[i]) for i in range(3)]
    hit, t0, t1 = seed001_moving(alo, ahi, blo, bhi, v, r)
    if hit != exp["hit"]:
        return f"hit = {hit}"
    if hit and not within_ulps(t0, exp["t_first_" + t], t, ctx.ulps):
        return f"t_first = {t0!r}"
    if hit and not within_ulps(t1, exp["t_last_" + t], t, ctx.ulps):
        return f"t_last = {t1!r}"
    return None


def naive_moving_vs_static(inp, exp, t, ctx):
    r = rounder(t)
    slo, shi = mm_box(inp["stationary"])
    mlo, mhi = mm_box(inp["moving"])
    hit, t0, _ = seed001_moving(slo, shi, mlo, mhi, vec(inp["d"]), r)
    if hit != exp["hit"]:
        return f"hit = {hit}"
    if hit and not within_ulps(t0, exp["t_enter_" + t], t, ctx.ulps):
        return f"t_enter = {t0!r}"
    return None


NAIVE = {
    "contains": naive_contains,
    "overlap": naive_overlap,
    "intersection": naive_intersection,
    "union": naive_union,
    "bounds_of_points": naive_bounds_of_points,
    "contains_ce": naive_contains_ce,
    "overlap_ce": naive_overlap_ce,
    "sweep": naive_sweep,
    "moving_vs_static": naive_moving_vs_static,
}


def run_file(path, ctx):
    data = json.loads(path.read_text())
    algorithm, t = data["algorithm"], data["floatType"]
    summary = {"algorithm": algorithm, "floatType": t, "passed": 0, "failed": 0,
               "skipped": 0, "failures": []}
    naive = NAIVE.get(algorithm)
    for group in data["testGroups"]:
        for test in group["tests"]:
            if naive is None or test["result"] != "valid":
                summary["skipped"] += 1
                continue
            reason = naive(test["input"], test["expected"], t, ctx)
            if reason is None:
                summary["passed"] += 1
            else:
                summary["failed"] += 1
                summary["failures"].append({"tcId": test["tcId"], "comment": test["comment"],
                                            "flags": test["flags"], "reason": reason})
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=pathlib.Path, help="directory written by aabb-oracle vectors")
    parser.add_argument("--json", type=pathlib.Path, help="write the per-file summary here")
    parser.add_argument("--ulps", type=int, default=2, help="tolerance for times (default 2)")
    parser.add_argument("--show", type=int, default=3, help="failures to print per file")
    ctx = parser.parse_args()
    files = sorted(ctx.dir.glob("*_f32.json")) + sorted(ctx.dir.glob("*_f64.json"))
    if not files:
        print(f"naive_consumer: no vector files in {ctx.dir}", file=sys.stderr)
        return 2
    results = {}
    for path in files:
        s = run_file(path, ctx)
        results[path.name] = s
        if s["passed"] + s["failed"] == 0:
            print(f"{path.name}: skipped (no naive implementation in this example)")
            continue
        print(f"{path.name}: {s['passed']} passed, {s['failed']} failed, {s['skipped']} skipped")
        for f in s["failures"][: ctx.show]:
            print(f"  tcId {f['tcId']} [{', '.join(f['flags'])}] {f['comment']}: {f['reason']}")
    if ctx.json:
        ctx.json.write_text(json.dumps(results, indent=1) + "\n")
    return 1 if any(s["failed"] for s in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
