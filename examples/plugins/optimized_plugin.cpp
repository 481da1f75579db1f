// The project's own optimized/ behind the C ABI of aabb/abi.h: every symbol, float and double.
// `aabb-oracle check` with no --impl loads this plugin and judges it against the contracts of
// docs/contracts.md (exact decisions and indices, times within 1 ulp, boxes outward within 1 ulp).

#include <cstddef>
#include <cstring>
#include <vector>

#include "aabb/abi.h"
#include "aabb/optimized/construction.hpp"
#include "aabb/optimized/moving.hpp"
#include "aabb/optimized/shapes.hpp"
#include "aabb/optimized/static.hpp"
#include "aabb/optimized/triangle.hpp"

namespace {

namespace opt = aabb::optimized;

template <class T>
using V = opt::Vec<T, 3>;

template <class T>
V<T> vec(const T* p) {
  return {p[0], p[1], p[2]};
}
template <class T>
void put(const V<T>& v, T* out) {
  for (std::size_t i = 0; i < 3; ++i) out[i] = v[i];
}
template <class T>
opt::Box<T, 3> box(const T* lo, const T* hi) {
  return {vec(lo), vec(hi)};
}
template <class T>
opt::Matrix<T, 3> matrix(const T* m) {
  return {V<T>{m[0], m[1], m[2]}, V<T>{m[3], m[4], m[5]}, V<T>{m[6], m[7], m[8]}};
}
/// The packed xyz array as vectors (std::array<T, 3> has no padding, but copying avoids relying on
/// it).
template <class T>
std::vector<V<T>> points(const T* xyz, std::size_t n) {
  std::vector<V<T>> ps(n);
  for (std::size_t k = 0; k < n; ++k) ps[k] = vec(xyz + 3 * k);
  return ps;
}

template <class T>
int intersection(const T* alo, const T* ahi, const T* blo, const T* bhi, T* lo, T* hi) {
  const auto r = opt::intersection(box(alo, ahi), box(blo, bhi));
  if (!r) return 0;
  put(r->lo, lo);
  put(r->hi, hi);
  return 1;
}
template <class T>
int sweep(const T* alo, const T* ahi, const T* da, const T* blo, const T* bhi, const T* db, T* t0,
          T* t1) {
  const auto r = opt::sweep(box(alo, ahi), vec(da), box(blo, bhi), vec(db));
  *t0 = r.t_first;
  *t1 = r.t_last;
  return r.hit ? 1 : 0;
}
template <class T>
int sweep_ce(const T* ea, const T* a0, const T* a1, const T* eb, const T* b0, const T* b1, T* u0,
             T* u1) {
  const auto r = opt::sweep_ce(vec(ea), vec(a0), vec(a1), vec(eb), vec(b0), vec(b1));
  *u0 = r.t_first;
  *u1 = r.t_last;
  return r.hit ? 1 : 0;
}
template <class T>
int moving_vs_static(const T* slo, const T* shi, const T* mlo, const T* mhi, const T* d, T* t) {
  const auto r = opt::moving_vs_static(box(slo, shi), box(mlo, mhi), vec(d));
  *t = r.t_enter;
  return r.hit ? 1 : 0;
}
template <class T>
int ray(const T* lo, const T* hi, const T* o, const T* d, T t_min, T t_max, T* t0, T* t1) {
  const auto r = opt::ray(box(lo, hi), vec(o), vec(d), t_min, t_max);
  *t0 = r.t_enter;
  *t1 = r.t_exit;
  return r.hit ? 1 : 0;
}
template <class T>
void bounds_of_points(const T* xyz, std::size_t n, T* lo, T* hi) {
  const auto ps = points(xyz, n);
  const auto r = opt::bounds_of_points(ps.data(), ps.size());
  put(r.lo, lo);
  put(r.hi, hi);
}
template <class T>
void extreme_points(const T* xyz, std::size_t n, const T* dir, std::size_t* i_min,
                    std::size_t* i_max) {
  const auto ps = points(xyz, n);
  const auto r = opt::extreme_points(ps.data(), ps.size(), vec(dir));
  *i_min = r.i_min;
  *i_max = r.i_max;
}
template <class T>
void bounds_of_sphere(const T* c, T r, T* lo, T* hi) {
  const auto b = opt::bounds_of_sphere(vec(c), r);
  put(b.lo, lo);
  put(b.hi, hi);
}
template <class T>
void transform(const T* lo, const T* hi, const T* m, const T* t, T* out_lo, T* out_hi) {
  const auto b = opt::transform(box(lo, hi), matrix(m), vec(t));
  put(b.lo, out_lo);
  put(b.hi, out_hi);
}
template <class T>
void transform_ce(const T* c, const T* e, const T* m, const T* t, T* out_c, T* out_e) {
  const auto b = opt::transform(opt::CenterExtent<T, 3>{vec(c), vec(e)}, matrix(m), vec(t));
  put(b.center, out_c);
  put(b.extent, out_e);
}
template <class T>
std::size_t hill_climb(const T* xyz, std::size_t n, const std::size_t* offsets,
                       const std::size_t* neighbors, const T* dir, std::size_t start) {
  const auto ps = points(xyz, n);
  return opt::hill_climb(ps.data(), ps.size(), offsets, neighbors, vec(dir), start).index;
}

}  // namespace

#define AABB_OPTIMIZED_PLUGIN(T, S)                                                                \
  extern "C" int aabb_contains_##S(const T lo[3], const T hi[3], const T p[3]) {                   \
    return opt::contains(box(lo, hi), vec(p)) ? 1 : 0;                                             \
  }                                                                                                \
  extern "C" int aabb_contains_ce_##S(const T c[3], const T e[3], const T p[3]) {                  \
    return opt::contains(opt::CenterExtent<T, 3>{vec(c), vec(e)}, vec(p)) ? 1 : 0;                 \
  }                                                                                                \
  extern "C" int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3],                  \
                                  const T bhi[3]) {                                                \
    return opt::overlap(box(alo, ahi), box(blo, bhi)) ? 1 : 0;                                     \
  }                                                                                                \
  extern "C" int aabb_overlap_ce_##S(const T ac[3], const T ae[3], const T bc[3], const T be[3]) { \
    return opt::overlap(opt::CenterExtent<T, 3>{vec(ac), vec(ae)},                                 \
                        opt::CenterExtent<T, 3>{vec(bc), vec(be)})                                 \
               ? 1                                                                                 \
               : 0;                                                                                \
  }                                                                                                \
  extern "C" int aabb_intersection_##S(const T alo[3], const T ahi[3], const T blo[3],             \
                                       const T bhi[3], T out_lo[3], T out_hi[3]) {                 \
    return intersection(alo, ahi, blo, bhi, out_lo, out_hi);                                       \
  }                                                                                                \
  extern "C" void aabb_union_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3],   \
                                 T out_lo[3], T out_hi[3]) {                                       \
    const auto r = opt::union_of(box(alo, ahi), box(blo, bhi));                                    \
    put(r.lo, out_lo);                                                                             \
    put(r.hi, out_hi);                                                                             \
  }                                                                                                \
  extern "C" int aabb_contains_box_##S(const T alo[3], const T ahi[3], const T blo[3],             \
                                       const T bhi[3]) {                                           \
    return opt::contains_box(box(alo, ahi), box(blo, bhi)) ? 1 : 0;                                \
  }                                                                                                \
  extern "C" int aabb_classify_##S(const T alo[3], const T ahi[3], const T blo[3],                 \
                                   const T bhi[3]) {                                               \
    return static_cast<int>(opt::classify(box(alo, ahi), box(blo, bhi)));                          \
  }                                                                                                \
  /* grow, closest_point, distance_sq, overlap_sphere, plane_side (optimized/shapes.hpp); */       \
  /* overlap_triangle is not exported yet. */                                                      \
  extern "C" void aabb_grow_##S(const T lo[3], const T hi[3], T margin, T out_lo[3],               \
                                T out_hi[3]) {                                                     \
    const auto r = opt::grow(box(lo, hi), margin);                                                 \
    put(r.lo, out_lo);                                                                             \
    put(r.hi, out_hi);                                                                             \
  }                                                                                                \
  extern "C" void aabb_closest_point_##S(const T lo[3], const T hi[3], const T p[3], T out[3]) {   \
    put(opt::closest_point(box(lo, hi), vec(p)), out);                                             \
  }                                                                                                \
  extern "C" T aabb_distance_sq_##S(const T lo[3], const T hi[3], const T p[3]) {                  \
    return opt::distance_sq(box(lo, hi), vec(p));                                                  \
  }                                                                                                \
  extern "C" int aabb_overlap_sphere_##S(const T lo[3], const T hi[3], const T c[3], T r) {        \
    return opt::overlap_sphere(box(lo, hi), vec(c), r) ? 1 : 0;                                    \
  }                                                                                                \
  extern "C" int aabb_plane_side_##S(const T lo[3], const T hi[3], const T n[3], T d) {            \
    return opt::plane_side(box(lo, hi), vec(n), d);                                                \
  }                                                                                                \
  extern "C" int aabb_overlap_triangle_##S(const T lo[3], const T hi[3], const T v0[3],            \
                                           const T v1[3], const T v2[3]) {                         \
    return opt::overlap_triangle(box(lo, hi), vec(v0), vec(v1), vec(v2)) ? 1 : 0;                  \
  }                                                                                                \
  extern "C" int aabb_sweep_##S(const T alo[3], const T ahi[3], const T da[3], const T blo[3],     \
                                const T bhi[3], const T db[3], T* t_first, T* t_last) {            \
    return sweep(alo, ahi, da, blo, bhi, db, t_first, t_last);                                     \
  }                                                                                                \
  extern "C" int aabb_sweep_ce_##S(const T ea[3], const T a0[3], const T a1[3], const T eb[3],     \
                                   const T b0[3], const T b1[3], T* u0, T* u1) {                   \
    return sweep_ce(ea, a0, a1, eb, b0, b1, u0, u1);                                               \
  }                                                                                                \
  extern "C" int aabb_moving_vs_static_##S(const T slo[3], const T shi[3], const T mlo[3],         \
                                           const T mhi[3], const T d[3], T* t_enter) {             \
    return moving_vs_static(slo, shi, mlo, mhi, d, t_enter);                                       \
  }                                                                                                \
  extern "C" int aabb_ray_##S(const T lo[3], const T hi[3], const T o[3], const T d[3], T t_min,   \
                              T t_max, T* t_enter, T* t_exit) {                                    \
    return ray(lo, hi, o, d, t_min, t_max, t_enter, t_exit);                                       \
  }                                                                                                \
  extern "C" void aabb_bounds_of_points_##S(const T* xyz, size_t n, T lo[3], T hi[3]) {            \
    bounds_of_points(xyz, n, lo, hi);                                                              \
  }                                                                                                \
  extern "C" void aabb_extreme_points_##S(const T* xyz, size_t n, const T dir[3], size_t* i_min,   \
                                          size_t* i_max) {                                         \
    extreme_points(xyz, n, dir, i_min, i_max);                                                     \
  }                                                                                                \
  extern "C" void aabb_bounds_of_sphere_##S(const T c[3], T r, T lo[3], T hi[3]) {                 \
    bounds_of_sphere(c, r, lo, hi);                                                                \
  }                                                                                                \
  extern "C" void aabb_transform_##S(const T lo[3], const T hi[3], const T m[9], const T t[3],     \
                                     T out_lo[3], T out_hi[3]) {                                   \
    transform(lo, hi, m, t, out_lo, out_hi);                                                       \
  }                                                                                                \
  extern "C" void aabb_transform_ce_##S(const T c[3], const T e[3], const T m[9], const T t[3],    \
                                        T out_c[3], T out_e[3]) {                                  \
    transform_ce(c, e, m, t, out_c, out_e);                                                        \
  }                                                                                                \
  extern "C" size_t aabb_hill_climb_##S(const T* xyz, size_t n, const size_t* offsets,             \
                                        const size_t* neighbors, const T dir[3], size_t start) {   \
    return hill_climb(xyz, n, offsets, neighbors, dir, start);                                     \
  }

AABB_OPTIMIZED_PLUGIN(float, f32)
AABB_OPTIMIZED_PLUGIN(double, f64)
