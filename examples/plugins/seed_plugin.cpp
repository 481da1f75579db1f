// The seed listings' logic behind the C ABI of aabb/abi.h, to be checked. Compiled once per seed
// document with AABB_SEED = 0 (seeds 000/003), 1 (seed 001), 2 (seed 002) or 4 (seed 004); each
// plugin exports only the ops its listing has. The logic is tests/seeds/textbook.hpp's
// re-creation (the project's own code, shared with the seed tests and the properties), run over
// float and double as compiled code. docs/check.md lists what check finds in each.

#include <cstddef>
#include <vector>

#include "aabb/abi.h"
#include "textbook.hpp"

#ifndef AABB_SEED
#error "define AABB_SEED to 0, 1, 2 or 4"
#endif

namespace {

namespace tb = aabb::textbook;

template <class T>
tb::Vec3<T> vec(const T* p) {
  return {p[0], p[1], p[2]};
}
template <class T>
void put(const tb::Vec3<T>& v, T* out) {
  for (std::size_t i = 0; i < 3; ++i) out[i] = v[i];
}
template <class T>
tb::MinMax3<T> box(const T* lo, const T* hi) {
  return {vec(lo), vec(hi)};
}
template <class T>
tb::Matrix3<T> matrix(const T* m) {
  return {tb::Vec3<T>{m[0], m[1], m[2]}, tb::Vec3<T>{m[3], m[4], m[5]},
          tb::Vec3<T>{m[6], m[7], m[8]}};
}

}  // namespace

#if AABB_SEED == 0
// Seed 000 (= 003): Listing 3's AABB::overlaps and Listing 4's AABBSweep.
#define SEED_OPS(T, S)                                                                             \
  extern "C" int aabb_overlap_ce_##S(const T ac[3], const T ae[3], const T bc[3], const T be[3]) { \
    return tb::AABB<T>{vec(ac), vec(ae)}.overlaps(tb::AABB<T>{vec(bc), vec(be)}) ? 1 : 0;          \
  }                                                                                                \
  extern "C" int aabb_sweep_ce_##S(const T ea[3], const T a0[3], const T a1[3], const T eb[3],     \
                                   const T b0[3], const T b1[3], T* u0, T* u1) {                   \
    return tb::AABBSweep(vec(ea), vec(a0), vec(a1), vec(eb), vec(b0), vec(b1), *u0, *u1) ? 1 : 0;  \
  }
#elif AABB_SEED == 1
// Seed 001: intersectAABBs (overlap and intersection) and intersectMovingAABB, whose result is
// "> 1 if no intersection".
#define SEED_OPS(T, S)                                                                     \
  extern "C" int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3],          \
                                  const T bhi[3]) {                                        \
    return tb::intersectAABBs<T>(box(alo, ahi), box(blo, bhi), nullptr) ? 1 : 0;           \
  }                                                                                        \
  extern "C" int aabb_intersection_##S(const T alo[3], const T ahi[3], const T blo[3],     \
                                       const T bhi[3], T out_lo[3], T out_hi[3]) {         \
    tb::MinMax3<T> r{};                                                                    \
    if (!tb::intersectAABBs(box(alo, ahi), box(blo, bhi), &r)) return 0;                   \
    put(r.lo, out_lo);                                                                     \
    put(r.hi, out_hi);                                                                     \
    return 1;                                                                              \
  }                                                                                        \
  extern "C" int aabb_moving_vs_static_##S(const T slo[3], const T shi[3], const T mlo[3], \
                                           const T mhi[3], const T d[3], T* t_enter) {     \
    const T t = tb::intersectMovingAABB(box(slo, shi), box(mlo, mhi), vec(d));             \
    *t_enter = t;                                                                          \
    return t <= T(1) ? 1 : 0;                                                              \
  }
#elif AABB_SEED == 2
// Seed 002: ExtremePointAlongDirection and both forms of UpdateAABB. The listing leaves an index
// unwritten in some cases; the plugin then answers n, an index that names no point.
#define SEED_OPS(T, S)                                                                           \
  extern "C" void aabb_extreme_points_##S(const T* xyz, size_t n, const T dir[3], size_t* i_min, \
                                          size_t* i_max) {                                       \
    std::vector<tb::Vec3<T>> pts(n);                                                             \
    for (std::size_t k = 0; k < n; ++k) pts[k] = vec(xyz + 3 * k);                               \
    int lo = static_cast<int>(n), hi = static_cast<int>(n);                                      \
    tb::ExtremePointAlongDirection(vec(dir), pts.data(), static_cast<int>(n), &lo, &hi);         \
    *i_min = static_cast<size_t>(lo);                                                            \
    *i_max = static_cast<size_t>(hi);                                                            \
  }                                                                                              \
  extern "C" void aabb_transform_##S(const T lo[3], const T hi[3], const T m[9], const T t[3],   \
                                     T out_lo[3], T out_hi[3]) {                                 \
    tb::MinMax3<T> r{};                                                                          \
    tb::UpdateAABB(box(lo, hi), matrix(m), vec(t), r);                                           \
    put(r.lo, out_lo);                                                                           \
    put(r.hi, out_hi);                                                                           \
  }                                                                                              \
  extern "C" void aabb_transform_ce_##S(const T c[3], const T e[3], const T m[9], const T t[3],  \
                                        T out_c[3], T out_e[3]) {                                \
    tb::CenterExtent3<T> r{};                                                                    \
    tb::UpdateAABB(tb::CenterExtent3<T>{vec(c), vec(e)}, matrix(m), vec(t), r);                  \
    put(r.center, out_c);                                                                        \
    put(r.extent, out_e);                                                                        \
  }
#elif AABB_SEED == 4
// Seed 004: Check_AABB_Hit and AABB_AABB_Collision, both centre–extent.
#define SEED_OPS(T, S)                                                                             \
  extern "C" int aabb_contains_ce_##S(const T c[3], const T e[3], const T p[3]) {                  \
    return tb::Check_AABB_Hit(tb::CenterExtent3<T>{vec(c), vec(e)}, vec(p)) ? 1 : 0;               \
  }                                                                                                \
  extern "C" int aabb_overlap_ce_##S(const T ac[3], const T ae[3], const T bc[3], const T be[3]) { \
    return tb::AABB_AABB_Collision(tb::CenterExtent3<T>{vec(ac), vec(ae)},                         \
                                   tb::CenterExtent3<T>{vec(bc), vec(be)})                         \
               ? 1                                                                                 \
               : 0;                                                                                \
  }
#else
#error "AABB_SEED must be 0, 1, 2 or 4"
#endif

SEED_OPS(float, f32)
SEED_OPS(double, f64)
