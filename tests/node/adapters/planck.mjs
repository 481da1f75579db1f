// planck.js (npm "planck", pinned in tests/node/package-lock.json: 1.5.0), the JavaScript port of
// Box2D, under the C ABI's dimension-2 names (the aabb2_ functions), for
// `aabb-oracle check --impl-cmd 'node tests/node/adapters/planck.mjs' --ray half-line
// --contract ray=conservative`. Every function calls planck's own AABB method on planck's own
// objects (AABB, Vec2); the adapter only builds them from the kit's plain numbers (exact: a double
// goes into a Vec2 unchanged) and reads the answer back. Only the double functions: JavaScript
// numbers are doubles.
//
// planck's AABB has no point test, no intersection, no n-point bounds (combinePoints takes two
// points), no centre-extent form and no sphere, plane or triangle test, so only overlap,
// contains_box, union, grow and ray are served.
import { register, serve } from "aabb-oracle";
import { AABB, Vec2 } from "planck";

const v = (a) => new Vec2(a[0], a[1]);
const box = (b) => new AABB(v(b.min), v(b.max));
// A planck AABB (lowerBound, upperBound: Vec2 {x, y}) as the kit's {min, max} box answer.
const answer = (r) => ({ min: r.lowerBound, max: r.upperBound });

register("aabb2_overlap_f64", (a, b) => AABB.testOverlap(box(a), box(b)));
// a.contains(b): whether b lies inside a (the ABI's argument order).
register("aabb2_contains_box_f64", (a, b) => box(a).contains(box(b)));
// combine(a, b) sets the AABB it is called on to the union of a and b.
register("aabb2_union_f64", (a, b) => {
  const r = new AABB();
  r.combine(box(a), box(b));
  return answer(r);
});
// extend(value) moves every bound outward by the scalar margin (lower -= value, upper += value).
register("aabb2_grow_f64", (b, margin) => answer(box(b).extend(margin)));

// rayCast(output, {p1, p2, maxFraction}) casts the segment p1 -> p2, scaled by maxFraction, and
// answers only the entry fraction (output.fraction) for fractions in [0, maxFraction]; a ray
// whose entry is below 0 (one starting inside the box) is a miss, by its comment "Does the ray
// start inside the box?". As examples/adapters/box2d_plugin.cpp does for Box2D (docs/check.md,
// the box2d row): p1 = o and p2 = o + s·d, with s the power of two nearest 1 for which planck's
// own direction fl(p2 - p1) is exactly s·d (so planck sees the case's ray and not a rounded one,
// and t = s·fraction exactly; s = 1 for most cases), searched over every power of two a double
// has (2^-1074 to 2^1023: an origin near 2^900 needs s near its ulp, far beyond the ±64 of the
// float plugin), and s = 1 when none is exact; maxFraction = t_max / s; t_enter is
// s·fraction and t_exit is t_max (planck computes no exit time), which only a conservative
// contract accepts. planck treats an axis with |p2 - p1| < EPSILON (1e-9, an absolute bound) as
// parallel, so its answer can depend on s: the adapter's choice is the segment of length |d|
// whenever that one is exact. A t_min above 0 is not expressible in planck (the adapter answers
// for [0, t_max]): run it with `--ray half-line` (t_min = 0, t_max = +inf).
function segmentScale(o, d) {
  for (let step = 0; step <= 2 * 1074; ++step) {  // k = 0, -1, 1, ..., down to -1074, up to 1023
    if (step % 2 === 0 && step / 2 > 1023) continue;
    const k = step % 2 === 1 ? -(step + 1) / 2 : step / 2;
    const s = 2 ** k;
    let exact = true;
    for (let i = 0; i < 2; ++i) {
      const sd = s * d[i];
      const p2 = o[i] + sd;
      exact = exact && Number.isFinite(p2) && sd / s === d[i] && p2 - o[i] === sd;
    }
    if (exact) return s;
  }
  return 1;
}
register("aabb2_ray_f64", (b, o, d, tMin, tMax) => {
  const s = segmentScale(o, d);
  const output = { normal: Vec2.zero(), fraction: 0 };
  const input = { p1: v(o), p2: new Vec2(o[0] + s * d[0], o[1] + s * d[1]), maxFraction: tMax / s };
  if (!box(b).rayCast(output, input)) return null;
  return { t_enter: output.fraction * s, t_exit: tMax };
});

serve();
