#!/usr/bin/env python3
"""Writes the committed seed corpora fuzz/corpus/<target>/ (docs/fuzzing.md).

Each seed is one named edge class (touching, containment, zero displacement, flat boxes,
ulp-apart bounds, subnormals, overflow, NaN/inf, inverted input) in the byte format of
fuzz/fuzzer_common.hpp: a selector byte (bits 0-1: float 2D, float 3D, double 2D, double 3D;
bits 2-7: the op), then values, each a mode byte and a payload. Re-running rewrites the same
files; fuzzing adds more (tools/fuzz.sh merges them in).

    python3 fuzz/make_seeds.py            # from the repository root
"""
import math
import os
import struct
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

F2, F3, D2, D3 = 0, 1, 2, 3
INF = math.inf
NAN = math.nan
FLT_MAX = struct.unpack("<f", bytes.fromhex("ffff7f7f"))[0]
DBL_MAX = sys.float_info.max
FLT_SUB = struct.unpack("<f", bytes.fromhex("01000000"))[0]
DBL_SUB = 5e-324


def is_float(kind):
    return kind in (F2, F3)


def dim(kind):
    return 2 if kind in (F2, D2) else 3


def raw(kind, x):
    return bytes([0]) + struct.pack("<f" if is_float(kind) else "<d", x)


def quarter(k):
    """k/4 for k in [-128, 127]."""
    return bytes([1, k & 0xFF])


def ulps(index, k):
    """The pool's value `index` moved by k ulps, k in [-4, 4]."""
    return bytes([3, index, k + 4])


def copy(index):
    return bytes([2, index])


def next_up(kind, x):
    fmt = "<f" if is_float(kind) else "<d"
    ifmt = "<I" if is_float(kind) else "<Q"
    if x == 0:
        return FLT_SUB if is_float(kind) else DBL_SUB
    bits = struct.unpack(ifmt, struct.pack(fmt, x))[0]
    bits = bits + 1 if x > 0 else bits - 1
    return struct.unpack(fmt, struct.pack(ifmt, bits))[0]


def vals(kind, *xs):
    return b"".join(raw(kind, x) for x in xs)


def seed(target, name, selector_kind, op, payload):
    d = os.path.join(ROOT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(bytes([selector_kind | (op << 2)]) + payload)


def box(kind, lo, hi):
    return vals(kind, *lo) + vals(kind, *hi)


def per_kind(fn):
    """Calls fn(kind, n, tag, max, sub) for float/double in 2D and 3D."""
    for kind, tag in ((F2, "f2"), (F3, "f3"), (D2, "d2"), (D3, "d3")):
        fn(kind, dim(kind), tag, FLT_MAX if is_float(kind) else DBL_MAX,
           FLT_SUB if is_float(kind) else DBL_SUB)


def static_minmax():
    t = "static_minmax"

    def fn(k, n, tag, mx, sub):
        z, o = [0.0] * n, [1.0] * n
        seed(t, f"contains-on-face-{tag}", k, 0, box(k, z, o) + vals(k, *([1.0] + [0.5] * (n - 1))))
        seed(t, f"contains-ulp-outside-{tag}", k, 0,
             box(k, z, o) + vals(k, *([next_up(k, 1.0)] + [0.5] * (n - 1))))
        seed(t, f"contains-flat-box-{tag}", k, 0, box(k, z, [0.0] + [1.0] * (n - 1)) + vals(k, *z))
        seed(t, f"contains-nan-{tag}", k, 0, box(k, z, o) + vals(k, *([NAN] + [0.5] * (n - 1))))
        seed(t, f"contains-inf-box-{tag}", k, 0, box(k, [-INF] * n, [INF] * n) + vals(k, *o))
        seed(t, f"overlap-touching-{tag}", k, 1, box(k, z, o) + box(k, [1.0] + [0.0] * (n - 1), [2.0] * n))
        seed(t, f"overlap-touching-pooled-{tag}", k, 1,
             quarter(-4) * n + quarter(4) * n + copy(n) + quarter(0) * (n - 1) + quarter(8) * n)
        seed(t, f"overlap-ulp-apart-{tag}", k, 1,
             box(k, z, o) + box(k, [next_up(k, 1.0)] + [0.0] * (n - 1), [2.0] * n))
        seed(t, f"overlap-nested-{tag}", k, 1, box(k, z, [4.0] * n) + box(k, o, [2.0] * n))
        seed(t, f"overlap-subnormal-{tag}", k, 1, box(k, [-sub] * n, [0.0] * n) + box(k, [sub] * n, [1.0] * n))
        seed(t, f"overlap-max-{tag}", k, 1, box(k, [-mx] * n, [mx] * n) + box(k, [mx] * n, [mx] * n))
        seed(t, f"overlap-inverted-{tag}", k, 1, box(k, o, z) + box(k, z, o))
        seed(t, f"overlap-inf-{tag}", k, 1, box(k, [-INF] * n, z) + box(k, z, [INF] * n))
        seed(t, f"intersection-touching-{tag}", k, 2, box(k, z, o) + box(k, o, [2.0] * n))
        seed(t, f"intersection-nan-{tag}", k, 2, box(k, z, o) + box(k, [NAN] * n, o))
        seed(t, f"union-nan-{tag}", k, 3, box(k, z, o) + box(k, [NAN] + z[1:], o))
        seed(t, f"union-negzero-{tag}", k, 3, box(k, [-0.0] * n, z) + box(k, z, [0.0] * n))
        seed(t, f"bounds-of-points-empty-{tag}", k, 4, bytes([0]))
        seed(t, f"bounds-of-points-dups-{tag}", k, 4, bytes([3]) + vals(k, *o, *o, *([-sub] * n)))
        seed(t, f"bounds-of-points-nan-{tag}", k, 4, bytes([2]) + vals(k, *o, *([NAN] * n)))
    per_kind(fn)


def containment():
    t = "containment"

    def fn(k, n, tag, mx, sub):
        z, o, h = [0.0] * n, [1.0] * n, [0.5] * n
        for op, name in ((0, "contains-box"), (1, "classify")):
            seed(t, f"{name}-equal-{tag}", k, op, box(k, z, o) + box(k, z, o))
            seed(t, f"{name}-shared-face-{tag}", k, op, box(k, z, o) + box(k, [0.0] + h[1:], o))
            seed(t, f"{name}-flat-on-face-{tag}", k, op, box(k, z, o) + box(k, [1.0] + z[1:], o))
            seed(t, f"{name}-ulp-out-{tag}", k, op, box(k, z, o) + box(k, h, [next_up(k, 1.0)] + o[1:]))
            seed(t, f"{name}-subnormal-out-{tag}", k, op, box(k, z, o) + box(k, [-sub] + h[1:], h))
            seed(t, f"{name}-a-inside-b-{tag}", k, op, box(k, h, o) + box(k, z, o))
            seed(t, f"{name}-touching-{tag}", k, op, box(k, z, o) + box(k, [1.0] + z[1:], [2.0] * n))
            seed(t, f"{name}-apart-{tag}", k, op, box(k, z, o) + box(k, [next_up(k, 1.0)] + z[1:], [2.0] * n))
            seed(t, f"{name}-max-{tag}", k, op, box(k, [-mx] * n, [mx] * n) + box(k, z, [mx] * n))
            seed(t, f"{name}-nan-{tag}", k, op, box(k, z, o) + box(k, [NAN] + h[1:], h))
            seed(t, f"{name}-inf-{tag}", k, op, box(k, [-INF] * n, [INF] * n) + box(k, z, [INF] * n))
            seed(t, f"{name}-inverted-a-{tag}", k, op, box(k, o, z) + box(k, h, h))
            seed(t, f"{name}-empty-b-{tag}", k, op, box(k, z, o) + box(k, [INF] * n, [-INF] * n))
    per_kind(fn)


def shapes():
    """fuzz/shapes_fuzzer.cpp: ops 0-3 grow (min-max scalar, min-max vector, centre-extent scalar,
    centre-extent vector margin), 4 closest_point, 5 distance_sq, 6 distance_sq_conservative,
    7 overlap_sphere, 8 plane_side, 9 overlap_triangle."""
    t = "shapes"

    def fn(k, n, tag, mx, sub):
        z, o, h = [0.0] * n, [1.0] * n, [0.5] * n
        unit = box(k, z, o)
        # grow: a margin that rounds (1 + sub), overflows (max + max), is NaN, inf or negative.
        for op, name, ce, vector in ((0, "grow", False, False), (1, "grow-vec", False, True),
                                     (2, "grow-ce", True, False), (3, "grow-ce-vec", True, True)):
            b = vals(k, *h, *h) if ce else unit
            for mname, m in (("tiny", sub), ("zero", 0.0), ("half", 0.5), ("max", mx), ("nan", NAN),
                             ("inf", INF), ("negative", -0.25)):
                seed(t, f"{name}-{mname}-{tag}", k, op, b + (vals(k, *([m] * n)) if vector else vals(k, m)))
            seed(t, f"{name}-max-box-{tag}", k, op,
                 (vals(k, *z, *([mx] * n)) if ce else box(k, [-mx] * n, [mx] * n)) +
                 (vals(k, *([sub] * n)) if vector else vals(k, sub)))
            seed(t, f"{name}-inverted-{tag}", k, op,
                 (vals(k, *h, *([-1.0] * n)) if ce else box(k, o, z)) + (vals(k, *h) if vector else vals(k, 0.5)))
        # closest_point, distance_sq and distance_sq_conservative: inside, on a face, outside a
        # corner, an ulp out, a gap that rounds, huge and subnormal gaps, NaN, inf, inverted.
        points = (("inside", unit, h), ("on-face", unit, [1.0] + h[1:]),
                  ("corner-3-4", unit, [4.0, 5.0] + [0.5] * (n - 2)),
                  ("ulp-out", unit, [next_up(k, 1.0)] + h[1:]),
                  ("rounding-gap", box(k, [1.0] + z[1:], [2.0] + o[1:]), [-sub] + h[1:]),
                  ("huge", box(k, [-mx] * n, [-mx] * n), [mx] * n),
                  ("subnormal", box(k, z, [sub] * n), [3 * sub] * n),
                  ("nan", unit, [NAN] + h[1:]), ("inf", unit, [INF] + h[1:]),
                  ("inf-inside-inf", box(k, [-INF] + z[1:], o), [-INF] + h[1:]),
                  ("inverted", box(k, o, z), h))
        for op, name in ((4, "closest-point"), (5, "distance-sq"), (6, "distance-sq-conservative")):
            for pname, b, p in points:
                seed(t, f"{name}-{pname}-{tag}", k, op, b + vals(k, *p))
        # overlap_sphere: tangent to a face, an edge, a corner (3-4-5), an ulp short, r = 0 on a
        # corner, huge (r^2 overflows) and subnormal scenes, NaN, inf, inverted, negative radius.
        spheres = (("tangent-face", unit, [2.0] + h[1:], 1.0),
                   ("tangent-edge", unit, [4.0, 5.0] + h[2:], 5.0),
                   ("tangent-corner-3-4", box(k, z, o), [4.0, 5.0] + [1.0] * (n - 2), 5.0),
                   ("ulp-short", unit, [4.0, 5.0] + h[2:], 4.999999761581421 if is_float(k) else 4.999999999999999),
                   ("point-on-corner", unit, o, 0.0),
                   ("huge", box(k, z, [2.0 ** 100] * n), [2.0 ** 102, 5 * 2.0 ** 100] + [0.0] * (n - 2),
                    5 * 2.0 ** 100),
                   ("max-radius", unit, [mx] + h[1:], mx),
                   ("subnormal", box(k, z, [sub] * n), [4 * sub, 5 * sub] + [0.0] * (n - 2), 5 * sub),
                   ("rounding-gap", box(k, [1.0] + z[1:], [2.0] + o[1:]), [-sub] + h[1:], 1.0),
                   ("nan", unit, [NAN] + h[1:], 1.0), ("nan-radius", unit, h, NAN),
                   ("inf-radius", unit, [mx] * n, INF), ("inf-centre", unit, [INF] + h[1:], INF),
                   ("inverted", box(k, o, z), h, 10.0), ("negative-radius", unit, h, -1.0))
        for sname, b, c, r in spheres:
            seed(t, f"overlap-sphere-{sname}-{tag}", k, 7, b + vals(k, *c) + vals(k, r))
        # plane_side: through a corner, an ulp off it, through a face, cutting, huge normals
        # whose products overflow, a zero normal, NaN, inf, inverted.
        planes = (("through-corner", unit, o, float(n)), ("ulp-off-corner", unit, o, next_up(k, float(n))),
                  ("through-origin-corner", unit, o, 0.0), ("below-corner", unit, o, -sub),
                  ("face", unit, [1.0] + z[1:], 1.0), ("cutting", unit, o, 1.0),
                  ("mixed-signs", unit, [-1.0, 1.0] + z[2:], 1.0),
                  ("huge-cancelling", box(k, [mx] * n, [mx] * n), [mx, -mx] + z[2:], 0.0),
                  ("huge-tiny-offset", box(k, [mx] * n, [mx] * n), [mx, -mx] + z[2:], sub),
                  ("zero-normal", unit, z, 1.0), ("zero-normal-zero-offset", unit, z, 0.0),
                  ("nan", unit, [NAN] + o[1:], 1.0), ("inf-offset", unit, o, INF),
                  ("inf-box", box(k, [-INF] + z[1:], o), o, 5.0), ("inverted", box(k, o, z), o, 50.0))
        for pname, b, nrm, d in planes:
            seed(t, f"plane-side-{pname}-{tag}", k, 8, b + vals(k, *nrm) + vals(k, d))
        # overlap_triangle (op 9): box, then v0, v1, v2.
        e = lambda i, x: [x if j == i else 0.0 for j in range(n)]
        up3 = next_up(k, 3.0)
        tris = (("vertex-inside", [0.5] * n, e(0, 3.0), e(1, 3.0)),
                ("corner-plane", e(0, 3.0), e(1, 3.0), e(n - 1, 3.0) if n == 3 else [3.0, 3.0]),
                ("beyond-corner-plane", e(0, up3), e(1, up3), e(n - 1, up3) if n == 3 else [up3, up3]),
                ("edge-beyond-only", [3.0, -0.5] + [0.5] * (n - 2), [-0.5, 3.0] + [0.5] * (n - 2), [3.0, 3.0] + [0.5] * (n - 2)),
                ("segment", [-1.0] + [0.5] * (n - 1), [2.0] + [0.5] * (n - 1), [2.0] + [0.5] * (n - 1)),
                ("point-on-face", [1.0] + [0.5] * (n - 1), [1.0] + [0.5] * (n - 1), [1.0] + [0.5] * (n - 1)),
                ("point-ulp-out", [next_up(k, 1.0)] + [0.5] * (n - 1), [next_up(k, 1.0)] + [0.5] * (n - 1),
                 [next_up(k, 1.0)] + [0.5] * (n - 1)),
                ("huge", [-mx] * n, [mx] + [-mx] * (n - 1), [0.0] + [mx] * (n - 1)),
                ("subnormal", [sub] * n, [2 * sub] + [sub] * (n - 1), [sub] + [2 * sub] * (n - 1)),
                ("nan", [NAN] + [0.5] * (n - 1), o, z), ("inf", [INF] + z[1:], o, z))
        for tname, v0, v1, v2 in tris:
            seed(t, f"triangle-{tname}-{tag}", k, 9, box(k, z, o) + vals(k, *v0) + vals(k, *v1) + vals(k, *v2))
        seed(t, f"triangle-inverted-box-{tag}", k, 9, box(k, o, z) + vals(k, *([0.5] * n), *o, *z))
    per_kind(fn)


def static_ce():
    t = "static_ce"

    def fn(k, n, tag, mx, sub):
        z, o = [0.0] * n, [1.0] * n
        big = 2.0 ** 22 if is_float(k) else 2.0 ** 51
        # Seed 000 Listing 3's flaw: |cb - ca| rounds onto ea + eb (a tie the filter must resolve).
        seed(t, f"overlap-rounding-tie-{tag}", k, 1,
             vals(k, *([big] * n), *([big] * n)) + vals(k, *([-0.25] * n), *z))
        seed(t, f"overlap-touching-{tag}", k, 1, vals(k, *z, *o, *([2.0] * n), *o))
        seed(t, f"overlap-ulp-apart-{tag}", k, 1, vals(k, *z, *o, *([next_up(k, 2.0)] * n), *o))
        seed(t, f"overlap-overflow-{tag}", k, 1, vals(k, *([-mx] * n), *([mx] * n), *([mx] * n), *([mx] * n)))
        seed(t, f"overlap-subnormal-gap-{tag}", k, 1, vals(k, *z, *z, *([sub] * n), *z))
        seed(t, f"overlap-negative-extent-{tag}", k, 1, vals(k, *z, *([-1.0] * n), *o, *([2.0] * n)))
        seed(t, f"overlap-inf-{tag}", k, 1, vals(k, *([INF] * n), *o, *z, *([INF] * n)))
        seed(t, f"overlap-nan-{tag}", k, 1, vals(k, *z, *([NAN] * n), *z, *o))
        seed(t, f"contains-on-face-{tag}", k, 0, vals(k, *z, *o, *o))
        # Seed 004 Check_AABB_Hit's flaw: 1 - p = 4.75 + 1/2 ulp rounds onto e = 4.75.
        half_ulp_of_4 = 2.0 ** -22 if is_float(k) else 2.0 ** -51
        seed(t, f"contains-rounding-tie-{tag}", k, 0, vals(k, *o, *([4.75] * n), *([-3.75 - half_ulp_of_4] * n)))
        seed(t, f"contains-flat-{tag}", k, 0, vals(k, *z, *z, *z))
        seed(t, f"contains-inf-extent-{tag}", k, 0, vals(k, *z, *([INF] * n), *([mx] * n)))
    per_kind(fn)


def sweep():
    t = "sweep"

    def fn(k, n, tag, mx, sub):
        z, o = [0.0] * n, [1.0] * n
        two = [2.0] * n
        # op bits: bit 0 conservative, bit 1 moving_vs_static.
        for c in (0, 1):
            ctag = f"{tag}{'-cons' if c else ''}"
            seed(t, f"sweep-touch-at-t0-{ctag}", k, c, box(k, z, o) + vals(k, *z) + box(k, o, two) + vals(k, *o))
            seed(t, f"sweep-single-instant-{ctag}", k, c,
                 box(k, z, o) + vals(k, *([1.0] + [0.0] * (n - 1))) + box(k, [2.0] + z[1:], [3.0] + o[1:]) + vals(k, *z))
            seed(t, f"sweep-zero-displacement-apart-{ctag}", k, c,
                 box(k, z, o) + vals(k, *([4.0] + [0.0] * (n - 1))) + box(k, [0.0] + [2.0] * (n - 1), [1.0] + [3.0] * (n - 1))
                 + vals(k, *([4.0] + [0.0] * (n - 1))))
            seed(t, f"sweep-zero-displacement-touching-{ctag}", k, c,
                 box(k, z, o) + vals(k, *z) + box(k, o, two) + vals(k, *z))
            seed(t, f"sweep-moving-apart-{ctag}", k, c, box(k, z, o) + vals(k, *([-1.0] * n)) + box(k, o, two) + vals(k, *o))
            seed(t, f"sweep-overlapping-true-t-last-{ctag}", k, c,
                 box(k, z, two) + vals(k, *z) + box(k, o, [3.0] * n) + vals(k, *([4.0] + [0.0] * (n - 1))))
            seed(t, f"sweep-subnormal-{ctag}", k, c,
                 box(k, [-16 * sub] * n, z) + vals(k, *([0.0, -1.0, 0.0][:n])) + box(k, [-12.0] * n, [-12.0] + [-16 * sub] * (n - 1))
                 + vals(k, *([0.0, -1.0, 0.0][:n])))
            seed(t, f"sweep-huge-{ctag}", k, c,
                 box(k, [-mx] * n, [-mx / 2] * n) + vals(k, *([mx] * n)) + box(k, [mx / 2] * n, [mx] * n) + vals(k, *([-mx] * n)))
            seed(t, f"sweep-ulp-apart-{ctag}", k, c,
                 box(k, z, o) + vals(k, *z) + box(k, [next_up(k, 1.0)] * n, two) + vals(k, *([-sub] * n)))
            seed(t, f"sweep-nan-{ctag}", k, c, box(k, z, o) + vals(k, *([NAN] * n)) + box(k, o, two) + vals(k, *z))
            seed(t, f"sweep-inverted-{ctag}", k, c, box(k, o, z) + vals(k, *z) + box(k, z, o) + vals(k, *z))
            # moving_vs_static: stationary, moving, d.
            seed(t, f"mvs-touching-zero-velocity-{ctag}", k, 2 | c,
                 box(k, [-sub] * n, [-sub] * (n - 1) + [0.0]) + box(k, [-sub] * n, [-sub] * n) + vals(k, *([-12.0] * (n - 1) + [0.0])))
            seed(t, f"mvs-enter-half-{ctag}", k, 2 | c, box(k, z, o) + box(k, [3.0] + z[1:], [4.0] + o[1:]) + vals(k, *([-4.0] + z[1:])))
            seed(t, f"mvs-inf-{ctag}", k, 2 | c, box(k, z, o) + box(k, z, o) + vals(k, *([INF] * n)))
    per_kind(fn)


def sweep_ce():
    t = "sweep_ce"

    def fn(k, n, tag, mx, sub):
        z, o = [0.0] * n, [1.0] * n
        for c in (0, 1):
            ctag = f"{tag}{'-cons' if c else ''}"
            # ea, a0, a1, eb, b0, b1
            seed(t, f"both-moving-{ctag}", k, c, vals(k, *o, *z, *([10.0] + z[1:]), *o, *([5.0] + [0.5] * (n - 1)), *([5.0] + [0.5] * (n - 1))))
            seed(t, f"touching-still-{ctag}", k, c, vals(k, *o, *z, *z, *o, *([2.0] * n), *([2.0] * n)))
            seed(t, f"apart-still-{ctag}", k, c, vals(k, *o, *z, *z, *o, *([next_up(k, 2.0)] * n), *([next_up(k, 2.0)] * n)))
            seed(t, f"equal-displacement-{ctag}", k, c, vals(k, *o, *z, *([3.0] * n), *o, *([2.5] * n), *([5.5] * n)))
            seed(t, f"subnormal-extents-{ctag}", k, c, vals(k, *([sub] * n), *z, *([sub] * n), *([sub] * n), *([4 * sub] * n), *z))
            seed(t, f"huge-{ctag}", k, c, vals(k, *([mx] * n), *([-mx] * n), *([mx] * n), *([mx] * n), *([mx] * n), *([-mx] * n)))
            seed(t, f"negative-extent-{ctag}", k, c, vals(k, *([-1.0] * n), *z, *z, *o, *z, *z))
            seed(t, f"nan-{ctag}", k, c, vals(k, *o, *z, *([NAN] * n), *o, *z, *z))
    per_kind(fn)


def ray():
    t = "ray"

    def fn(k, n, tag, mx, sub):
        z, o = [0.0] * n, [1.0] * n
        half = [0.5] * n
        for c in (0, 1):
            ctag = f"{tag}{'-cons' if c else ''}"
            # op bits: bit 0 conservative, bit 1 explicit t range (then t_min, t_max follow).
            seed(t, f"through-{ctag}", k, c, box(k, z, o) + vals(k, *([-1.0] + half[1:])) + vals(k, *([4.0] + z[1:])))
            seed(t, f"in-face-plane-{ctag}", k, c, box(k, z, o) + vals(k, *([-1.0] + [1.0] * (n - 1))) + vals(k, *([1.0] + z[1:])))
            seed(t, f"zero-dir-inside-unbounded-{ctag}", k, c, box(k, z, o) + vals(k, *half) + vals(k, *z))
            seed(t, f"zero-dir-outside-slab-{ctag}", k, c, box(k, z, o) + vals(k, *([-1.0] + [2.0] * (n - 1))) + vals(k, *([1.0] + z[1:])))
            seed(t, f"clipped-t-max-{ctag}", k, 2 | c, box(k, z, o) + vals(k, *([-1.0] + half[1:])) + vals(k, *([4.0] + z[1:])) + vals(k, 0.0, 0.3))
            seed(t, f"t-min-above-t-max-{ctag}", k, 2 | c, box(k, z, o) + vals(k, *half) + vals(k, *o) + vals(k, 1.0, 0.5))
            seed(t, f"degenerate-t-range-{ctag}", k, 2 | c, box(k, z, o) + vals(k, *half) + vals(k, *o) + vals(k, 0.5, 0.5))
            seed(t, f"huge-time-{ctag}", k, 2 | c, box(k, [-12.0] * n, [-12.0] * n) + vals(k, *([mx] * n)) + vals(k, *([-1.0 / 3] * n)) + vals(k, 0.5, INF))
            seed(t, f"subnormal-dir-{ctag}", k, c, box(k, z, o) + vals(k, *([-1.0] + half[1:])) + vals(k, *([sub] + z[1:])))
            seed(t, f"nan-t-max-{ctag}", k, 2 | c, box(k, z, o) + vals(k, *half) + vals(k, *o) + vals(k, 0.0, NAN))
            seed(t, f"inf-origin-{ctag}", k, c, box(k, z, o) + vals(k, *([-INF] * n)) + vals(k, *o))
    per_kind(fn)


def construction():
    t = "construction"

    def fn(k, n, tag, mx, sub):
        z, o = [0.0] * n, [1.0] * n
        tiny = 2.0 ** -30 if is_float(k) else 2.0 ** -60
        seed(t, f"sphere-inexact-{tag}", k, 0, vals(k, *o, tiny))
        seed(t, f"sphere-exact-{tag}", k, 0, vals(k, *([1.5] * n), 0.5))
        seed(t, f"sphere-point-{tag}", k, 0, vals(k, *([-0.0] * n), 0.0))
        seed(t, f"sphere-overflow-{tag}", k, 0, vals(k, *([mx] * n), mx))
        seed(t, f"sphere-subnormal-{tag}", k, 0, vals(k, *([sub] * n), sub))
        seed(t, f"sphere-negative-radius-{tag}", k, 0, vals(k, *o, -tiny))
        seed(t, f"sphere-nan-inf-{tag}", k, 0, vals(k, *([NAN] + [INF] * (n - 1)), 1.0))
        ident = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
        rot = [[1.0, 0.0, 0.0], [0.0, -0.6, -0.8], [0.0, 0.8, -0.6]] if n == 3 else [[0.6, -0.8], [0.8, 0.6]]
        skew = [row[:] for row in ident]
        skew[0][1] = tiny
        for op, form in ((1, "minmax"), (2, "ce")):
            lo_or_c = [-12.0, -8.0, -12.0][:n]
            hi_or_e = ([-12.0, -8.0, 0.0][:n]) if op == 1 else o
            seed(t, f"transform-{form}-rotation-{tag}", k, op,
                 vals(k, *lo_or_c, *hi_or_e) + b"".join(vals(k, *r) for r in rot) + vals(k, *([-12.0, -12.0, 0.0][:n])))
            seed(t, f"transform-{form}-skew-{tag}", k, op,
                 vals(k, *o, *(o if op == 1 else z)) + b"".join(vals(k, *r) for r in skew) + vals(k, *z))
            seed(t, f"transform-{form}-overflow-{tag}", k, op,
                 vals(k, *([mx] * n), *([mx] * n if op == 1 else z)) + b"".join(vals(k, *[2.0 * v for v in r]) for r in ident) + vals(k, *z))
            seed(t, f"transform-{form}-zero-matrix-{tag}", k, op,
                 vals(k, *o, *([2.0] * n)) + vals(k, *([0.0] * n * n)) + vals(k, *([sub] * n)))
            seed(t, f"transform-{form}-inf-row-{tag}", k, op,
                 vals(k, *z, *o) + b"".join(vals(k, *([INF] + r[1:]) if i == 0 else r) for i, r in enumerate(ident)) + vals(k, *z))
            seed(t, f"transform-{form}-invalid-box-{tag}", k, op,
                 vals(k, *o, *([-1.0] * n)) + b"".join(vals(k, *r) for r in rot) + vals(k, *z))
    per_kind(fn)


def extreme():
    t = "extreme"

    def fn(k, n, tag, mx, sub):
        def pts(*ps):
            return b"".join(vals(k, *(list(p) + [0.0] * n)[:n]) for p in ps)
        one_tenth = 0.1
        # op bit 0: hill_climb. Then a count byte, the points, dir.
        seed(t, f"extreme-ties-{tag}", k, 0, bytes([3]) + pts((1, 1), (1, 1), (0, 0)) + vals(k, *([1.0] * n)))
        seed(t, f"extreme-tenths-{tag}", k, 0, bytes([2]) + pts((one_tenth, 0.2), (0.3, 0)) + vals(k, *([1.0] * n)))
        seed(t, f"extreme-overflowing-dots-{tag}", k, 0,
             bytes([3]) + pts((3.5, -8, 0), (-8, mx, 0), (-8, 0, -8)) + vals(k, *([-mx, -11.5, 0.0][:n])))
        seed(t, f"extreme-one-ulp-apart-{tag}", k, 0, bytes([3]) + pts((1e30 if not is_float(k) else 1e30, 1), (1e30, next_up(k, 1.0)), (0, 0)) + vals(k, *([0.0, 1.0, 0.0][:n])))
        seed(t, f"extreme-zero-dir-{tag}", k, 0, bytes([2]) + pts((1, 2), (3, 4)) + vals(k, *([0.0] * n)))
        seed(t, f"extreme-empty-{tag}", k, 0, bytes([0]) + vals(k, *([1.0] * n)))
        seed(t, f"extreme-nan-points-{tag}", k, 0, bytes([3]) + pts((NAN, 0), (1, 1), (INF, 0)) + vals(k, *([1.0] * n)))
        seed(t, f"extreme-subnormal-{tag}", k, 0, bytes([2]) + pts((sub, 0), (0, sub)) + vals(k, *([1.0, -1.0, 0.0][:n])))
        square = pts((0, 0), (1, 0), (1, 1), (0, 1))
        nb = bytes([2, 1, 3, 2, 0, 2, 2, 1, 3, 2, 0, 2])
        seed(t, f"hill-square-plateau-{tag}", k, 1, bytes([4]) + square + vals(k, *([0.0, 1.0, 0.0][:n])) + bytes([1]) + nb)
        seed(t, f"hill-square-diagonal-{tag}", k, 1, bytes([4]) + square + vals(k, *([1.0] * n)) + bytes([0]) + nb)
        seed(t, f"hill-invalid-graph-{tag}", k, 1,
             bytes([4]) + square + vals(k, *([1.0] * n)) + bytes([0]) + bytes([0, 0, 0, 0]))
        seed(t, f"hill-out-of-range-neighbour-{tag}", k, 1,
             bytes([4]) + square + vals(k, *([1.0] * n)) + bytes([0]) + bytes([2, 5, 1, 2, 0, 2, 2, 1, 3, 2, 0, 2]))
        seed(t, f"hill-start-out-of-range-{tag}", k, 1, bytes([4]) + square + vals(k, *([1.0] * n)) + bytes([5]) + nb)
        seed(t, f"hill-nan-vertex-{tag}", k, 1,
             bytes([4]) + pts((0, 0), (NAN, 0), (1, 1), (0, 1)) + vals(k, *([1.0] * n)) + bytes([0]) + nb)
    per_kind(fn)


def eval_line():
    t = "eval_line"
    d = os.path.join(ROOT, t)
    os.makedirs(d, exist_ok=True)
    golden = os.path.join(os.path.dirname(ROOT), "..", "tests", "eval", "golden")
    lines = []
    for name in sorted(os.listdir(golden)):
        if name.endswith(".in.jsonl"):
            with open(os.path.join(golden, name), "rb") as f:
                for i, line in enumerate(f.read().split(b"\n")):
                    if line.strip():
                        lines.append((f"golden-{name[:-9]}-{i}", line))
    extra = [
        ("empty-object", b"{}"),
        ("not-json", b"no"),
        ("deep-nesting", b"[" * 70 + b"]" * 70),
        ("deep-id", b'{"id": ' + b"[" * 63 + b"]" * 63 + b', "op": "overlap"}'),
        ("bom", b'\xef\xbb\xbf{"op": "contains", "box": {"min": [0, 0], "max": [1, 1]}, "point": [1, 1]}'),
        ("crlf-two-lines", b'{"op": "overlap"}\r\n \t\r\n{"op": "union"}\r\n'),
        ("nul-byte", b'{"op": "contains"\x00}'),
        ("huge-exponent", b'{"op": "bounds_of_sphere", "center": [1e100000, "0x1p400000"], "radius": "1e-100000"}'),
        ("exponent-out-of-range", b'{"op": "bounds_of_sphere", "center": [1e100001, 0], "radius": 1}'),
        ("duplicate-key", b'{"op": "overlap", "op": "union"}'),
        ("utf8-id", b'{"id": "\xc3\xa9\\u00e9\\ud83d\\ude00", "op": "nope"}'),
        ("invalid-utf8", b'{"id": "\xff\xfe", "op": "overlap"}'),
        ("hex-numbers", b'{"op": "ray", "box": {"min": ["0x0p+0", "-0X1P+4"], "max": ["0x.8", "3/7"]}, "origin": ["-0", ".5"], "dir": ["5.", "+1e-3"], "t_max": "Infinity"}'),
        ("hill-climb-index-forms", b'{"op": "hill_climb", "points": [[0, 0], [1, 0]], "neighbors": [[1.0], [0e0]], "dir": [1, 0], "start": 1e0}'),
        ("transform-3d", b'{"op": "transform", "box": {"center": [1, 1, 1], "extent": [1, 2, 3]}, "m": [[2, -1, 0], [0, 3, 0], [0, 0, "1/3"]], "t": [0.5, -1, 0]}'),
    ]
    for name, data in lines + extra:
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)


def parse_number():
    t = "parse_number"
    d = os.path.join(ROOT, t)
    os.makedirs(d, exist_ok=True)
    texts = ["0", "-0", "0.1", "-2.5e-7", "007", ".5", "5.", "+1e+3", "1e100000", "1e100001", "0x1.8p-3",
             "-0X1P+4", "0x.8", "0x1p400000", "0x1p400001", "0x", "-3/7", "6/4", "1/0", "00/1", "inf", "+Inf",
             "-infinity", "NaN", "", "+", "1e", "1.2.3", "0x1.fffffffffffffp+1023", "4.9406564584124654e-324"]
    for i, s in enumerate(texts):
        with open(os.path.join(d, f"text-{i:02d}"), "wb") as f:
            f.write(s.encode())


def float_dict():
    """fuzz/dict/float.dict: float and double bit patterns in the value format."""
    entries = []

    def f32(name, x):
        entries.append((name + "_f32", b"\x00" + struct.pack("<f", x)))

    def f64(name, x):
        entries.append((name + "_f64", b"\x00" + struct.pack("<d", x)))

    for n, x in [("zero", 0.0), ("negzero", -0.0), ("one", 1.0), ("minus_one", -1.0), ("half", 0.5),
                 ("inf", INF), ("minus_inf", -INF), ("two_pow_22", 2.0**22), ("two_pow_23", 2.0**23),
                 ("one_third", 1 / 3), ("tenth", 0.1), ("min_normal", 2.0**-126)]:
        f32(n, x)
    for n, h in [("nan", "0000c07f"), ("snan", "0100807f"), ("max", "ffff7f7f"), ("denorm_min", "01000000"),
                 ("max_subnormal", "ffff7f00"), ("one_plus_ulp", "0100803f"), ("one_minus_ulp", "ffff7f3f")]:
        entries.append((n + "_f32", b"\x00" + bytes.fromhex(h)))
    for n, x in [("zero", 0.0), ("negzero", -0.0), ("one", 1.0), ("minus_one", -1.0), ("half", 0.5),
                 ("inf", INF), ("minus_inf", -INF), ("two_pow_52", 2.0**52), ("two_pow_53", 2.0**53),
                 ("one_third", 1 / 3), ("tenth", 0.1), ("min_normal", 2.0**-1022), ("max", DBL_MAX),
                 ("denorm_min", DBL_SUB)]:
        f64(n, x)
    for n, h in [("nan", "000000000000f87f"), ("snan", "010000000000f07f"), ("one_plus_ulp", "010000000000f03f")]:
        entries.append((n + "_f64", b"\x00" + bytes.fromhex(h)))
    entries += [(f"special_{k}", bytes([4, k])) for k in range(16)]
    entries += [(f"ulps_{k + 4}", bytes([3, 0, k + 4])) for k in range(-4, 5)]
    path = os.path.join(os.path.dirname(ROOT), "dict", "float.dict")
    with open(path, "w") as f:
        f.write("# Float and double bit patterns for the differential targets, in fuzz/fuzzer_common.hpp's\n"
                "# value format: mode byte 0 + the raw little-endian bits; mode 4 + a special-value index;\n"
                "# mode 3 + pool index + ulp step. Written by fuzz/make_seeds.py.\n")
        for name, b in entries:
            f.write(name + '="' + "".join("\\x%02x" % c for c in b) + '"\n')


if __name__ == "__main__":
    static_minmax()
    containment()
    shapes()
    static_ce()
    sweep()
    sweep_ce()
    ray()
    construction()
    extreme()
    eval_line()
    parse_number()
    float_dict()
    for t in sorted(os.listdir(ROOT)):
        print(t, len(os.listdir(os.path.join(ROOT, t))))
