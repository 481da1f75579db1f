#!/usr/bin/env python3
"""Independent cross-check of `aabb-oracle eval`.

A second implementation of every op of contract §2, written from the mathematics in Python with
exact fractions.Fraction (no code shared with reference/), generates seeded random queries aimed
at the edge classes, sends them all through `aabb-oracle eval` in one process, and compares
every answer field exactly: exact strings, X_f64 (Python's int/int division is correctly
rounded, float.hex() gives the same text), booleans, indices, and the error kind and message of
invalid queries.

usage: crosscheck.py AABB_ORACLE [--cases N] [--seed S]
"""
import argparse
import itertools
import json
import math
import random
import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import registry  # noqa: E402

# ---- exact text ------------------------------------------------------------------------------

def exact(q):
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def f64(q):
    try:
        x = q.numerator / q.denominator  # correctly rounded, ties to even
    except OverflowError:
        return "inf" if q > 0 else "-inf"
    if x == 0:
        return "-0x0p+0" if q < 0 else "0x0p+0"  # a negative value too small rounds to -0
    mantissa, exponent = x.hex().split("p")  # Python keeps trailing zeros; printf("%a") drops them
    mantissa = mantissa.rstrip("0").rstrip(".")
    return mantissa + "p" + exponent


def num_out(q):
    return None if q is None else exact(q)


def num_f64(q):
    return None if q is None else f64(q)


def box_out(lo, hi):
    return {"min": [exact(x) for x in lo], "max": [exact(x) for x in hi],
            "min_f64": [f64(x) for x in lo], "max_f64": [f64(x) for x in hi]}

# ---- inputs ----------------------------------------------------------------------------------

class Gen:
    def __init__(self, rng):
        self.rng = rng

    def number(self):
        r = self.rng.random()
        if r < 0.45:
            return F(self.rng.randint(-6, 6))
        if r < 0.65:
            return F(self.rng.randint(-20, 20), self.rng.randint(1, 7))
        if r < 0.85:
            x = self.rng.uniform(-8, 8)
            return F(x)
        if r < 0.93:
            return F(self.rng.choice([1, -1])) * F(2) ** self.rng.randint(-1080, 1030)
        return F(self.rng.randint(-999, 999), 10 ** self.rng.randint(0, 4))

    def literal(self, q):
        """A JSON value spelling q exactly, in one of the protocol's forms."""
        r = self.rng.random()
        if q.denominator == 1 and r < 0.5:
            return q.numerator  # JSON integer literal
        d = q.denominator
        if r < 0.7 and d & (d - 1) == 0 and abs(q) < 2 ** 1023 and q.numerator.bit_length() <= 53:
            x = float(q)
            if F(x) == q:
                return x.hex()  # hex-float string
        k = 0
        while d % 2 == 0 or d % 5 == 0:
            if d % 2 == 0: d //= 2
            else: d //= 5
            k += 1
        if d == 1 and r < 0.85:
            # terminating decimal: write with enough digits
            scale = 10 ** max(k, 1)
            n = q * scale
            if n.denominator == 1:
                s = str(abs(n.numerator)).rjust(len(str(scale)), "0")
                s = s[:-len(str(scale)) + 1] + "." + s[-len(str(scale)) + 1:]
                return RawNumber(("-" if q < 0 else "") + s)
        return exact(q)  # rational string

    def vec(self, n):
        return [self.number() for _ in range(n)]

    def box(self, n):
        lo, hi = [], []
        for _ in range(n):
            a, b = self.number(), self.number()
            r = self.rng.random()
            if r < 0.15: b = a  # flat
            lo.append(min(a, b)); hi.append(max(a, b))
        return lo, hi

    def near_box(self, n, lo, hi):
        """A box placed at the edges of (lo, hi): touching, nested, identical or separated."""
        out_lo, out_hi = [], []
        for i in range(n):
            w = hi[i] - lo[i]
            kind = self.rng.choice(["touch_lo", "touch_hi", "inside", "around", "same", "apart", "random"])
            size = abs(self.number()) + self.rng.choice([0, F(1)])
            if kind == "touch_lo": a, b = lo[i] - size, lo[i]
            elif kind == "touch_hi": a, b = hi[i], hi[i] + size
            elif kind == "inside": a, b = lo[i] + w / 4, hi[i] - w / 4
            elif kind == "around": a, b = lo[i] - size, hi[i] + size
            elif kind == "same": a, b = lo[i], hi[i]
            elif kind == "apart": a, b = hi[i] + 1, hi[i] + 1 + size
            else: a, b = sorted([self.number(), self.number()])
            out_lo.append(a); out_hi.append(b)
        return out_lo, out_hi


class RawNumber(str):
    """A decimal literal written into the JSON text as a number, not a string."""


def dump(obj):
    if isinstance(obj, RawNumber):
        return str(obj)
    if isinstance(obj, dict):
        return "{" + ",".join(json.dumps(k) + ":" + dump(v) for k, v in obj.items()) + "}"
    if isinstance(obj, list):
        return "[" + ",".join(dump(v) for v in obj) + "]"
    return json.dumps(obj)


def box_json(g, lo, hi, allow_ce=True):
    if allow_ce and g.rng.random() < 0.4:
        c = [(a + b) / 2 for a, b in zip(lo, hi)]
        e = [(b - a) / 2 for a, b in zip(lo, hi)]
        return {"center": [g.literal(x) for x in c], "extent": [g.literal(x) for x in e]}, True
    return {"min": [g.literal(x) for x in lo], "max": [g.literal(x) for x in hi]}, False

# ---- the mathematics -------------------------------------------------------------------------

def overlap(alo, ahi, blo, bhi):
    return all(alo[i] <= bhi[i] and blo[i] <= ahi[i] for i in range(len(alo)))


def time_interval(alo, ahi, blo, bhi, v, t0, t1):
    """Times t in [t0, t1] (t1 None = +inf) when b + t·v meets a; None when empty."""
    lo, hi = t0, t1
    for i in range(len(alo)):
        if v[i] == 0:
            if not (blo[i] <= ahi[i] and alo[i] <= bhi[i]):
                return None
            continue
        p, q = (alo[i] - bhi[i]) / v[i], (ahi[i] - blo[i]) / v[i]
        p, q = min(p, q), max(p, q)
        lo = max(lo, p)
        hi = q if hi is None else min(hi, q)
    if hi is not None and lo > hi:
        return None
    return lo, hi

def clip_nonempty(poly, lo, hi):
    """Whether the closed polygon `poly` (a vertex list, degenerate allowed) meets the closed box:
    Sutherland–Hodgman clipping by the 2n slabs' half-spaces, over exact fractions."""
    for i in range(len(lo)):
        for bound, keep in ((lo[i], lambda x, b=lo[i]: x >= b), (hi[i], lambda x, b=hi[i]: x <= b)):
            out = []
            for k in range(len(poly)):
                p, q = poly[k], poly[(k + 1) % len(poly)]
                pin, qin = keep(p[i]), keep(q[i])
                if pin:
                    out.append(p)
                if pin != qin:
                    t = (bound - p[i]) / (q[i] - p[i])
                    out.append([p[j] + t * (q[j] - p[j]) for j in range(len(p))])
            poly = out
            if not poly:
                return False
    return True


def box_corners(lo, hi):
    pts = [[]]
    for i in range(len(lo)):
        pts = [p + [x] for p in pts for x in (lo[i], hi[i])]
    return pts



# ---- contract §2b's shapes family: one model per op, each on a box near its own edge cases ----

class ShapeCase:
    """A box of dimension n written into q (either form), and points near its faces."""

    def __init__(self, g, q, n):
        self.g, self.n = g, n
        self.lo, self.hi = g.box(n)
        q["box"], self.ce = box_json(g, self.lo, self.hi)

    def near(self):
        g, lo, hi = self.g, self.lo, self.hi
        return [g.rng.choice([lo[i], hi[i], (lo[i] + hi[i]) / 2, g.number(),
                              hi[i] + F(g.rng.randint(1, 4)), lo[i] - F(g.rng.randint(1, 4))])
                for i in range(self.n)]

    def gap(self, p, i):
        lo, hi = self.lo, self.hi
        return lo[i] - p[i] if p[i] < lo[i] else p[i] - hi[i] if p[i] > hi[i] else F(0)

    def lit(self, v):
        return [self.g.literal(x) for x in v]


def model_grow(g, q, n):
    s = ShapeCase(g, q, n)
    if g.rng.random() < 0.5:
        m = abs(g.number()); q["margin"] = g.literal(m); ms = [m] * n
    else:
        ms = [abs(g.number()) for _ in range(n)]; q["margin"] = s.lit(ms)
    want = {"box": box_out([s.lo[i] - ms[i] for i in range(n)], [s.hi[i] + ms[i] for i in range(n)])}
    if s.ce:
        want["center"] = [exact((a + b) / 2) for a, b in zip(s.lo, s.hi)]
        want["extent"] = [exact((b - a) / 2 + m) for a, b, m in zip(s.lo, s.hi, ms)]
    return q, want


def model_closest_point(g, q, n):
    s = ShapeCase(g, q, n)
    p = s.near(); q["point"] = s.lit(p)
    return q, {"point": [exact(min(max(p[i], s.lo[i]), s.hi[i])) for i in range(n)]}


def model_distance_sq(g, q, n):
    s = ShapeCase(g, q, n)
    p = s.near(); q["point"] = s.lit(p)
    return q, {"distance_sq": exact(sum(s.gap(p, i) ** 2 for i in range(n)))}


def model_overlap_sphere(g, q, n):
    s = ShapeCase(g, q, n)
    c = s.near(); q["center"] = s.lit(c)
    d = sum(s.gap(c, i) ** 2 for i in range(n))
    # the radius: tangent (when the distance is a rational square) or a little off it, or any
    r = g.rng.choice([abs(g.number()), F(0)])
    rn, rd = math.isqrt(d.numerator), math.isqrt(d.denominator)
    if rn * rn == d.numerator and rd * rd == d.denominator and g.rng.random() < 0.7:
        r = abs(F(rn, rd) + g.rng.choice([F(0), F(0), F(1, 2 ** 60), -F(1, 2 ** 60)]))
    q["radius"] = g.literal(r)
    return q, {"overlap": d <= r * r}


def model_plane_side(g, q, n):
    s = ShapeCase(g, q, n)
    nv = [F(g.rng.randint(-3, 3)) if g.rng.random() < 0.6 else g.number() for _ in range(n)]
    if all(x == 0 for x in nv):
        nv[0] = F(1)
    dots = [sum(a * b for a, b in zip(nv, c)) for c in box_corners(s.lo, s.hi)]
    d = g.rng.choice(dots + [g.number(), g.rng.choice(dots) + F(1, 2 ** 70), g.rng.choice(dots) - F(1, 2 ** 70)])
    q["normal"] = s.lit(nv); q["offset"] = g.literal(d)
    return q, {"side": -1 if all(x < d for x in dots) else 1 if all(x > d for x in dots) else 0}


def model_overlap_triangle(g, q, n):
    s = ShapeCase(g, q, n)
    vs = [s.near() for _ in range(3)]
    r = g.rng.random()
    if r < 0.1:
        vs[2] = list(vs[0])  # a segment
    elif r < 0.15:
        vs[2] = [(a + b) / 2 for a, b in zip(vs[0], vs[1])]  # collinear
    q["triangle"] = [s.lit(v) for v in vs]
    return q, {"overlap": clip_nonempty(vs, s.lo, s.hi)}


# The models above by op name (make_case fails on an op of the registry without a model).
SHAPE_MODELS = {name[len("model_"):]: f for name, f in list(globals().items()) if name.startswith("model_")}

# ---- queries ---------------------------------------------------------------------------------

# The eval ops, from the tool under test (`aabb-oracle ops --json`); every one needs a model
# below, or make_case fails naming it.
OPS = []


def make_case(g, k):
    n = g.rng.choice([2, 3])
    op = OPS[k % len(OPS)]
    q = {"id": k, "op": op}
    lit = lambda v: [g.literal(x) for x in v]
    if op == "contains":
        lo, hi = g.box(n)
        p = [g.rng.choice([lo[i], hi[i], (lo[i] + hi[i]) / 2, g.number()]) for i in range(n)]
        q["box"], _ = box_json(g, lo, hi); q["point"] = lit(p)
        boundary = g.rng.choice(["closed", "closed", "strict", "half-open", None])
        if boundary:  # contract §4: the closed test's comparisons made strict, axis by axis
            q["boundary"] = boundary
        low = (lambda i: lo[i] < p[i]) if boundary == "strict" else (lambda i: lo[i] <= p[i])
        high = (lambda i: p[i] < hi[i]) if boundary in ("strict", "half-open") else (lambda i: p[i] <= hi[i])
        return q, {"contains": all(low(i) and high(i) for i in range(n))}
    if op in ("overlap", "intersection", "union"):
        alo, ahi = g.box(n)
        blo, bhi = g.near_box(n, alo, ahi)
        q["a"], _ = box_json(g, alo, ahi); q["b"], _ = box_json(g, blo, bhi)
        hit = overlap(alo, ahi, blo, bhi)
        if op == "overlap":
            boundary = g.rng.choice(["closed", "strict", "half-open", None, None])
            if boundary:
                q["boundary"] = boundary
            if boundary in ("strict", "half-open"):
                hit = all(alo[i] < bhi[i] and blo[i] < ahi[i] for i in range(n))
            return q, {"overlap": hit}
        if op == "intersection":
            return q, {"intersection": box_out([max(a, b) for a, b in zip(alo, blo)],
                                               [min(a, b) for a, b in zip(ahi, bhi)]) if hit else None}
        return q, {"union": box_out([min(a, b) for a, b in zip(alo, blo)],
                                    [max(a, b) for a, b in zip(ahi, bhi)])}
    if op in ("contains_box", "classify"):
        alo, ahi = g.box(n)
        if g.rng.random() < 0.5:  # b inside a, its bounds a's own or between them: shared faces
            pick = lambda i: g.rng.choice([alo[i], ahi[i], alo[i] + (ahi[i] - alo[i]) * F(g.rng.randint(0, 4), 4)])
            ends = [sorted([pick(i), pick(i)]) for i in range(n)]
            blo, bhi = [e[0] for e in ends], [e[1] for e in ends]
            if g.rng.random() < 0.5:  # then one bound moved out or in by a tiny amount
                i = g.rng.randrange(n)
                step = F(g.rng.choice([-1, 1]), 2 ** g.rng.choice([3, 60, 1000]))
                if g.rng.random() < 0.5:
                    blo[i] = min(blo[i] + step, bhi[i])
                else:
                    bhi[i] = max(bhi[i] + step, blo[i])
        else:
            blo, bhi = g.near_box(n, alo, ahi)
        if g.rng.random() < 0.2:
            alo, ahi, blo, bhi = blo, bhi, alo, ahi
        q["a"], _ = box_json(g, alo, ahi); q["b"], _ = box_json(g, blo, bhi)
        inside = all(alo[i] <= blo[i] and bhi[i] <= ahi[i] for i in range(n))
        if op == "contains_box":
            return q, {"contains": inside}
        return q, {"class": "contains" if inside else "intersects" if overlap(alo, ahi, blo, bhi) else "disjoint"}
    if op in SHAPE_MODELS:
        return SHAPE_MODELS[op](g, q, n)
    if op in ("sweep", "moving_vs_static"):
        alo, ahi = g.box(n)
        blo, bhi = g.near_box(n, alo, ahi)
        disp = lambda: [g.rng.choice([F(0), g.number(), F(g.rng.randint(-4, 4))]) for _ in range(n)]
        if op == "moving_vs_static":
            d = disp()
            q["stationary"], _ = box_json(g, alo, ahi); q["moving"], _ = box_json(g, blo, bhi)
            q["d"] = lit(d)
            T = time_interval(alo, ahi, blo, bhi, d, F(0), F(1))
            return q, {"hit": T is not None, "t_enter": num_out(T and T[0]), "t_enter_f64": num_f64(T and T[0])}
        da, db = disp(), disp()
        for name, lo, hi, dv in (("a", alo, ahi, da), ("b", blo, bhi, db)):
            q[name], ce = box_json(g, lo, hi)
            style = g.rng.random()
            if style < 0.4:
                q["d" + name] = lit(dv)
            elif style < 0.8:
                elo = [x + y for x, y in zip(lo, dv)]; ehi = [x + y for x, y in zip(hi, dv)]
                if ce:
                    q[name + "_end"] = {"center": lit([(x + y) / 2 for x, y in zip(elo, ehi)]),
                                        "extent": lit([(y - x) / 2 for x, y in zip(elo, ehi)])}
                else:
                    q[name + "_end"] = {"min": lit(elo), "max": lit(ehi)}
            else:
                dv[:] = [F(0)] * n
        v = [y - x for x, y in zip(da, db)]
        T = time_interval(alo, ahi, blo, bhi, v, F(0), F(1))
        return q, {"hit": T is not None,
                   "t_first": num_out(T and T[0]), "t_first_f64": num_f64(T and T[0]),
                   "t_last": num_out(T and T[1]), "t_last_f64": num_f64(T and T[1])}
    if op == "ray":
        lo, hi = g.box(n)
        o = [g.rng.choice([lo[i], hi[i], g.number()]) for i in range(n)]
        d = [g.rng.choice([F(0), g.number(), F(1), F(-1)]) for _ in range(n)]
        q["box"], _ = box_json(g, lo, hi); q["origin"] = lit(o); q["dir"] = lit(d)
        t0, t1 = F(0), None
        if g.rng.random() < 0.5:
            t0 = g.number(); q["t_min"] = g.literal(t0)
        if g.rng.random() < 0.5:
            t1 = t0 + abs(g.number()); q["t_max"] = g.literal(t1)
        elif g.rng.random() < 0.3:
            q["t_max"] = "inf"
        T = time_interval(lo, hi, o, o, d, t0, t1)
        ex = None if T is None else ("inf" if T[1] is None else exact(T[1]))
        exf = None if T is None else ("inf" if T[1] is None else f64(T[1]))
        return q, {"hit": T is not None, "t_enter": num_out(T and T[0]), "t_enter_f64": num_f64(T and T[0]),
                   "t_exit": ex, "t_exit_f64": exf}
    if op == "bounds_of_points":
        pts = [g.vec(n) for _ in range(g.rng.randint(1, 6))]
        q["points"] = [lit(p) for p in pts]
        return q, {"box": box_out([min(c) for c in zip(*pts)], [max(c) for c in zip(*pts)])}
    if op == "extreme_points":
        pts = [g.vec(n) for _ in range(g.rng.randint(1, 6))]
        if g.rng.random() < 0.5:
            pts += [list(g.rng.choice(pts))]  # ties
        d = [g.rng.choice([F(0), g.number()]) for _ in range(n)]
        q["points"] = [lit(p) for p in pts]; q["dir"] = lit(d)
        dots = [sum(a * b for a, b in zip(p, d)) for p in pts]
        return q, {"i_min": dots.index(min(dots)), "i_max": dots.index(max(dots))}
    if op == "bounds_of_sphere":
        c, r = g.vec(n), abs(g.number())
        q["center"] = lit(c); q["radius"] = g.literal(r)
        return q, {"box": box_out([x - r for x in c], [x + r for x in c])}
    if op == "transform":
        lo, hi = g.box(n)
        m = [[g.rng.choice([F(0), F(1), F(-1), g.number()]) for _ in range(n)] for _ in range(n)]
        t = g.vec(n)
        q["box"], ce = box_json(g, lo, hi); q["m"] = [lit(r) for r in m]; q["t"] = lit(t)
        corners = list(itertools.product(*[(lo[i], hi[i]) for i in range(n)]))
        imgs = [[sum(m[i][j] * x[j] for j in range(n)) + t[i] for i in range(n)] for x in corners]
        blo = [min(p[i] for p in imgs) for i in range(n)]
        bhi = [max(p[i] for p in imgs) for i in range(n)]
        want = {"box": box_out(blo, bhi)}
        if ce:
            c = [(a + b) / 2 for a, b in zip(lo, hi)]; e = [(b - a) / 2 for a, b in zip(lo, hi)]
            c2 = [sum(m[i][j] * c[j] for j in range(n)) + t[i] for i in range(n)]
            e2 = [sum(abs(m[i][j]) * e[j] for j in range(n)) for i in range(n)]
            want.update({"center": [exact(x) for x in c2], "center_f64": [f64(x) for x in c2],
                         "extent": [exact(x) for x in e2], "extent_f64": [f64(x) for x in e2]})
        return q, want
    if op == "hill_climb":
        lo, hi = g.box(n)
        corners = [list(c) for c in itertools.product(*[(lo[i], hi[i]) for i in range(n)])]
        nb = [[j for j in range(len(corners)) if sum(a != b for a, b in zip(format(i, "03b")[-n:], format(j, "03b")[-n:])) == 1]
              for i in range(len(corners))]
        d = [g.rng.choice([F(0), g.number()]) for _ in range(n)]
        if g.rng.random() < 0.3:  # a random graph: valid or not
            nb = [sorted(g.rng.sample(range(len(corners)), g.rng.randint(0, 2))) for _ in corners]
        start = g.rng.randrange(len(corners))
        q["points"] = [lit(p) for p in corners]; q["neighbors"] = nb; q["dir"] = lit(d); q["start"] = start
        val = [sum(a * b for a, b in zip(p, d)) for p in corners]
        best = max(val)
        for v in range(len(corners)):
            if val[v] < best and not any(val[u] > val[v] for u in nb[v]):
                return q, {"error_kind": "invalid_input"}
        return q, {"value": exact(best), "value_f64": f64(best),
                   "indices": [i for i, x in enumerate(val) if x == best]}
    raise SystemExit(f"crosscheck.py: no independent model for op {op!r} of the registry: write one in make_case")


def make_invalid(g, k):
    n = g.rng.choice([2, 3])
    lo, hi = g.box(n)
    i = g.rng.randrange(n)
    while lo[i] == hi[i]:
        hi[i] += 1
    lo[i], hi[i] = hi[i], lo[i]
    q = {"id": k, "op": "overlap", "a": {"min": [g.literal(x) for x in lo], "max": [g.literal(x) for x in hi]},
         "b": {"min": [0] * n, "max": [1] * n}}
    return q, {"error_kind": "invalid_input", "message": f"a.max[{i}] < a.min[{i}]"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("oracle")
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=20261122)
    args = ap.parse_args()
    OPS[:] = registry.op_names(registry.load(args.oracle))
    g = Gen(random.Random(args.seed))
    cases = [make_invalid(g, k) if k % 25 == 24 else make_case(g, k) for k in range(args.cases)]
    text = "".join(dump(q) + "\n" for q, _ in cases)
    run = subprocess.run([args.oracle, "eval"], input=text, capture_output=True, text=True)
    lines = run.stdout.splitlines()
    failures = 0
    if len(lines) != len(cases):
        print(f"expected {len(cases)} output lines, got {len(lines)}; stderr: {run.stderr[:500]}")
        return 1
    any_error = False
    for (q, want), line in zip(cases, lines):
        got = json.loads(line)
        problems = []
        if got.get("id") != q["id"]:
            problems.append(f"id {got.get('id')!r}")
        if "error_kind" in want:
            any_error = True
            err = got.get("error") or {}
            if err.get("kind") != want["error_kind"]:
                problems.append(f"error kind {err.get('kind')!r}, want {want['error_kind']!r}")
            if "message" in want and err.get("message") != want["message"]:
                problems.append(f"message {err.get('message')!r}, want {want['message']!r}")
        else:
            if "error" in got:
                problems.append(f"unexpected error {got['error']}")
            elif got.get("op") != q["op"]:
                problems.append(f"op {got.get('op')!r}")
            for key, value in want.items():
                if got.get(key, "<absent>") != value:
                    problems.append(f"{key}: got {got.get(key, '<absent>')!r}, want {value!r}")
        if problems:
            failures += 1
            if failures <= 10:
                print("MISMATCH", dump(q))
                for p in problems:
                    print("   ", p)
    want_status = 1 if any_error else 0
    if run.returncode != want_status:
        print(f"exit status {run.returncode}, want {want_status}")
        failures += 1
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
