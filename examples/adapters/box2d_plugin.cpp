// Box2D's b2AABB (Debian's libbox2d-dev, Box2D 2.4, float only) behind the dimension-2 C ABI of
// aabb/abi.h (the aabb2_ symbols, contract §4): b2TestOverlap (overlap), b2AABB::Contains
// (contains_box), b2AABB::Combine (union) and b2AABB::RayCast (ray). Each function calls Box2D's
// own code and only converts arrays; docs/check.md has the findings.
//
// RayCast takes a segment p1 -> p2 and a maxFraction, and answers the entry fraction only, for
// fractions from 0. The adapter passes p1 = o and p2 = o + s·d, with s the power of two nearest 1
// for which Box2D's own direction fl(p2 - p1) is exactly s·d (segment_scale: so Box2D sees the
// case's ray and not a rounded one; s = 1 for most cases), maxFraction = t_max / s, and returns
// s·fraction as t_enter (exact) and t_max as t_exit (Box2D computes no exit). Box2D treats an
// axis with |p2 - p1| < FLT_EPSILON as parallel, so its answer can depend on s: the adapter's
// choice is the segment of length |d| whenever that one is exact. It is meant for
// `check --ray half-line` (t_min = 0) with `--contract ray=conservative`, under which an exit at
// t_max is allowed; a t_min above 0 is not expressible in Box2D (the adapter answers for
// [0, t_max]).

#include <box2d/b2_collision.h>

#include <cmath>

#include "aabb/abi.h"

namespace {

b2Vec2 vec(const float* p) { return b2Vec2(p[0], p[1]); }
b2AABB box(const float* lo, const float* hi) {
  b2AABB b;
  b.lowerBound = vec(lo);
  b.upperBound = vec(hi);
  return b;
}
void put(const b2Vec2& v, float* out) {
  out[0] = v.x;
  out[1] = v.y;
}

/// The segment Box2D gets for the ray o + t·d: p1 = o, p2 = o + s·d with s = 2^k, the first of
/// k = 0, -1, 1, -2, 2, ... for which Box2D's direction fl(p2 - p1) is s·d exactly on both axes (so
/// that Box2D sees the case's ray, and t = s·fraction exactly); s = 1 when none up to 2^±64 is.
float segment_scale(const float* o, const float* d) {
  for (int step = 0; step <= 128; ++step) {
    const int k = step % 2 == 1 ? -(step + 1) / 2 : step / 2;
    const float s = std::ldexp(1.0f, k);
    bool exact = true;
    for (int i = 0; i < 2; ++i) {
      const float sd = s * d[i];
      const float p2 = o[i] + sd;
      exact = exact && std::isfinite(p2) && std::ldexp(sd, -k) == d[i] && p2 - o[i] == sd;
    }
    if (exact) return s;
  }
  return 1.0f;
}

}  // namespace

extern "C" int aabb2_overlap_f32(const float alo[2], const float ahi[2], const float blo[2],
                                 const float bhi[2]) {
  return b2TestOverlap(box(alo, ahi), box(blo, bhi)) ? 1 : 0;
}

extern "C" int aabb2_contains_box_f32(const float alo[2], const float ahi[2], const float blo[2],
                                      const float bhi[2]) {
  return box(alo, ahi).Contains(box(blo, bhi)) ? 1 : 0;
}

extern "C" void aabb2_union_f32(const float alo[2], const float ahi[2], const float blo[2],
                                const float bhi[2], float out_lo[2], float out_hi[2]) {
  b2AABB u;
  u.Combine(box(alo, ahi), box(blo, bhi));
  put(u.lowerBound, out_lo);
  put(u.upperBound, out_hi);
}

extern "C" int aabb2_ray_f32(const float lo[2], const float hi[2], const float o[2],
                             const float d[2], float /*t_min*/, float t_max, float* t_enter,
                             float* t_exit) {
  const float s = segment_scale(o, d);
  b2RayCastInput in;
  in.p1 = vec(o);
  in.p2 = b2Vec2(o[0] + s * d[0], o[1] + s * d[1]);
  in.maxFraction = t_max / s;
  b2RayCastOutput out;
  if (!box(lo, hi).RayCast(&out, in)) return 0;
  *t_enter = out.fraction * s;
  *t_exit = t_max;
  return 1;
}
