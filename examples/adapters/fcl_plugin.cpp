// FCL's fcl::AABB<S> (Debian's libfcl-dev, the Flexible Collision Library) behind the C ABI of
// aabb/abi.h, in float and double: AABB::contain(point) (contains), AABB::overlap (overlap),
// AABB::overlap(other, part) (intersection), operator+ (union), AABB::contain(other)
// (contains_box, contract §2b) and AABB::expand(delta) (grow by a margin on every axis). Each
// function only copies arrays into FCL's boxes and calls FCL's own code; docs/check.md has the
// findings.

#include <fcl/math/bv/AABB.h>

#include "aabb/abi.h"

namespace {

template <class S>
fcl::Vector3<S> vec(const S v[3]) {
  return fcl::Vector3<S>(v[0], v[1], v[2]);
}

/// An FCL box with exactly these bounds (its two-point constructor would reorder them).
template <class S>
fcl::AABB<S> box(const S lo[3], const S hi[3]) {
  fcl::AABB<S> b;
  b.min_ = vec(lo);
  b.max_ = vec(hi);
  return b;
}

template <class S>
void store(const fcl::AABB<S>& b, S lo[3], S hi[3]) {
  for (int i = 0; i < 3; ++i) {
    lo[i] = b.min_[i];
    hi[i] = b.max_[i];
  }
}

template <class S>
int contains(const S lo[3], const S hi[3], const S p[3]) {
  return box(lo, hi).contain(vec(p)) ? 1 : 0;
}

template <class S>
int overlap(const S alo[3], const S ahi[3], const S blo[3], const S bhi[3]) {
  return box(alo, ahi).overlap(box(blo, bhi)) ? 1 : 0;
}

template <class S>
int intersection(const S alo[3], const S ahi[3], const S blo[3], const S bhi[3], S out_lo[3], S out_hi[3]) {
  fcl::AABB<S> part;
  if (!box(alo, ahi).overlap(box(blo, bhi), part)) return 0;
  store(part, out_lo, out_hi);
  return 1;
}

template <class S>
void box_union(const S alo[3], const S ahi[3], const S blo[3], const S bhi[3], S out_lo[3], S out_hi[3]) {
  store(box(alo, ahi) + box(blo, bhi), out_lo, out_hi);
}

template <class S>
int contains_box(const S alo[3], const S ahi[3], const S blo[3], const S bhi[3]) {
  return box(alo, ahi).contain(box(blo, bhi)) ? 1 : 0;
}

template <class S>
void grow(const S lo[3], const S hi[3], S margin, S out_lo[3], S out_hi[3]) {
  fcl::AABB<S> b = box(lo, hi);
  b.expand(fcl::Vector3<S>(margin, margin, margin));
  store(b, out_lo, out_hi);
}

}  // namespace

#define AABB_FCL_EXPORTS(T, S)                                                                           \
  extern "C" int aabb_contains_##S(const T lo[3], const T hi[3], const T p[3]) { return contains(lo, hi, p); } \
  extern "C" int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {       \
    return overlap(alo, ahi, blo, bhi);                                                                  \
  }                                                                                                      \
  extern "C" int aabb_intersection_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3],    \
                                       T out_lo[3], T out_hi[3]) {                                       \
    return intersection(alo, ahi, blo, bhi, out_lo, out_hi);                                             \
  }                                                                                                      \
  extern "C" void aabb_union_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3],          \
                                 T out_lo[3], T out_hi[3]) {                                             \
    box_union(alo, ahi, blo, bhi, out_lo, out_hi);                                                       \
  }                                                                                                      \
  extern "C" int aabb_contains_box_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {  \
    return contains_box(alo, ahi, blo, bhi);                                                             \
  }                                                                                                      \
  extern "C" void aabb_grow_##S(const T lo[3], const T hi[3], T margin, T out_lo[3], T out_hi[3]) {       \
    grow(lo, hi, margin, out_lo, out_hi);                                                                \
  }

AABB_FCL_EXPORTS(float, f32)
AABB_FCL_EXPORTS(double, f64)
