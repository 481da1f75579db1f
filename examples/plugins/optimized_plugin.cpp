// The project's own optimized/ behind the C ABI of aabb/abi.h: every symbol, float and double,
// dimension 3 (aabb_) and 2 (aabb2_).
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

template <class T, std::size_t N>
using V = opt::Vec<T, N>;

/// The ABI's T[N] as a vector (N = 3 for the aabb_ symbols, 2 for aabb2_).
template <std::size_t N, class T>
V<T, N> vec(const T* p) {
  V<T, N> v;
  for (std::size_t i = 0; i < N; ++i) v[i] = p[i];
  return v;
}
template <class T, std::size_t N>
void put(const V<T, N>& v, T* out) {
  for (std::size_t i = 0; i < N; ++i) out[i] = v[i];
}
template <std::size_t N, class T>
opt::Box<T, N> box(const T* lo, const T* hi) {
  return {vec<N>(lo), vec<N>(hi)};
}
template <std::size_t N, class T>
opt::CenterExtent<T, N> ce(const T* c, const T* e) {
  return {vec<N>(c), vec<N>(e)};
}
/// The ABI's row-major T[N·N] as N rows.
template <std::size_t N, class T>
opt::Matrix<T, N> matrix(const T* m) {
  opt::Matrix<T, N> rows;
  for (std::size_t i = 0; i < N; ++i) rows[i] = vec<N>(m + N * i);
  return rows;
}
/// The packed array of n points of N coordinates as vectors (std::array has no padding, but
/// copying avoids relying on it).
template <std::size_t N, class T>
std::vector<V<T, N>> points(const T* xyz, std::size_t n) {
  std::vector<V<T, N>> ps(n);
  for (std::size_t k = 0; k < n; ++k) ps[k] = vec<N>(xyz + N * k);
  return ps;
}

template <std::size_t N, class T>
int intersection(const T* alo, const T* ahi, const T* blo, const T* bhi, T* lo, T* hi) {
  const auto r = opt::intersection(box<N>(alo, ahi), box<N>(blo, bhi));
  if (!r) return 0;
  put(r->lo, lo);
  put(r->hi, hi);
  return 1;
}
template <std::size_t N, class T>
int sweep(const T* alo, const T* ahi, const T* da, const T* blo, const T* bhi, const T* db, T* t0,
          T* t1) {
  const auto r = opt::sweep(box<N>(alo, ahi), vec<N>(da), box<N>(blo, bhi), vec<N>(db));
  *t0 = r.t_first;
  *t1 = r.t_last;
  return r.hit ? 1 : 0;
}
template <std::size_t N, class T>
int sweep_ce(const T* ea, const T* a0, const T* a1, const T* eb, const T* b0, const T* b1, T* u0,
             T* u1) {
  const auto r = opt::sweep_ce(vec<N>(ea), vec<N>(a0), vec<N>(a1), vec<N>(eb), vec<N>(b0), vec<N>(b1));
  *u0 = r.t_first;
  *u1 = r.t_last;
  return r.hit ? 1 : 0;
}
template <std::size_t N, class T>
int moving_vs_static(const T* slo, const T* shi, const T* mlo, const T* mhi, const T* d, T* t) {
  const auto r = opt::moving_vs_static(box<N>(slo, shi), box<N>(mlo, mhi), vec<N>(d));
  *t = r.t_enter;
  return r.hit ? 1 : 0;
}
template <std::size_t N, class T>
int ray(const T* lo, const T* hi, const T* o, const T* d, T t_min, T t_max, T* t0, T* t1) {
  const auto r = opt::ray(box<N>(lo, hi), vec<N>(o), vec<N>(d), t_min, t_max);
  *t0 = r.t_enter;
  *t1 = r.t_exit;
  return r.hit ? 1 : 0;
}
template <std::size_t N, class T>
void bounds_of_points(const T* xyz, std::size_t n, T* lo, T* hi) {
  const auto ps = points<N>(xyz, n);
  const auto r = opt::bounds_of_points(ps.data(), ps.size());
  put(r.lo, lo);
  put(r.hi, hi);
}
template <std::size_t N, class T>
void extreme_points(const T* xyz, std::size_t n, const T* dir, std::size_t* i_min,
                    std::size_t* i_max) {
  const auto ps = points<N>(xyz, n);
  const auto r = opt::extreme_points(ps.data(), ps.size(), vec<N>(dir));
  *i_min = r.i_min;
  *i_max = r.i_max;
}
template <std::size_t N, class T>
void bounds_of_sphere(const T* c, T r, T* lo, T* hi) {
  const auto b = opt::bounds_of_sphere(vec<N>(c), r);
  put(b.lo, lo);
  put(b.hi, hi);
}
template <std::size_t N, class T>
void transform(const T* lo, const T* hi, const T* m, const T* t, T* out_lo, T* out_hi) {
  const auto b = opt::transform(box<N>(lo, hi), matrix<N>(m), vec<N>(t));
  put(b.lo, out_lo);
  put(b.hi, out_hi);
}
template <std::size_t N, class T>
void transform_ce(const T* c, const T* e, const T* m, const T* t, T* out_c, T* out_e) {
  const auto b = opt::transform(ce<N>(c, e), matrix<N>(m), vec<N>(t));
  put(b.center, out_c);
  put(b.extent, out_e);
}
template <std::size_t N, class T>
std::size_t hill_climb(const T* xyz, std::size_t n, const std::size_t* offsets,
                       const std::size_t* neighbors, const T* dir, std::size_t start) {
  const auto ps = points<N>(xyz, n);
  return opt::hill_climb(ps.data(), ps.size(), offsets, neighbors, vec<N>(dir), start).index;
}

}  // namespace

#define AABB_OPTIMIZED_PLUGIN(T, S, P, D, DD)                                                       \
  extern "C" int P##_contains_##S(const T lo[D], const T hi[D], const T p[D]) {                     \
    return opt::contains(box<D>(lo, hi), vec<D>(p)) ? 1 : 0;                                        \
  }                                                                                                 \
  extern "C" int P##_contains_ce_##S(const T c[D], const T e[D], const T p[D]) {                    \
    return opt::contains(ce<D>(c, e), vec<D>(p)) ? 1 : 0;                                           \
  }                                                                                                 \
  extern "C" int P##_overlap_##S(const T alo[D], const T ahi[D], const T blo[D],                    \
                                  const T bhi[D]) {                                                 \
    return opt::overlap(box<D>(alo, ahi), box<D>(blo, bhi)) ? 1 : 0;                                \
  }                                                                                                 \
  extern "C" int P##_overlap_ce_##S(const T ac[D], const T ae[D], const T bc[D], const T be[D]) {   \
    return opt::overlap(ce<D>(ac, ae), ce<D>(bc, be)) ? 1 : 0;                                      \
  }                                                                                                 \
  extern "C" int P##_intersection_##S(const T alo[D], const T ahi[D], const T blo[D],               \
                                       const T bhi[D], T out_lo[D], T out_hi[D]) {                  \
    return intersection<D>(alo, ahi, blo, bhi, out_lo, out_hi);                                     \
  }                                                                                                 \
  extern "C" void P##_union_##S(const T alo[D], const T ahi[D], const T blo[D], const T bhi[D],     \
                                 T out_lo[D], T out_hi[D]) {                                        \
    const auto r = opt::union_of(box<D>(alo, ahi), box<D>(blo, bhi));                               \
    put(r.lo, out_lo);                                                                              \
    put(r.hi, out_hi);                                                                              \
  }                                                                                                 \
  extern "C" int P##_contains_box_##S(const T alo[D], const T ahi[D], const T blo[D],               \
                                       const T bhi[D]) {                                            \
    return opt::contains_box(box<D>(alo, ahi), box<D>(blo, bhi)) ? 1 : 0;                           \
  }                                                                                                 \
  extern "C" int P##_classify_##S(const T alo[D], const T ahi[D], const T blo[D],                   \
                                   const T bhi[D]) {                                                \
    return static_cast<int>(opt::classify(box<D>(alo, ahi), box<D>(blo, bhi)));                     \
  }                                                                                                 \
  /* grow, closest_point, distance_sq, overlap_sphere, plane_side (optimized/shapes.hpp); */        \
  /* overlap_triangle is not exported yet. */                                                       \
  extern "C" void P##_grow_##S(const T lo[D], const T hi[D], T margin, T out_lo[D],                 \
                                T out_hi[D]) {                                                      \
    const auto r = opt::grow(box<D>(lo, hi), margin);                                               \
    put(r.lo, out_lo);                                                                              \
    put(r.hi, out_hi);                                                                              \
  }                                                                                                 \
  extern "C" void P##_closest_point_##S(const T lo[D], const T hi[D], const T p[D], T out[D]) {     \
    put(opt::closest_point(box<D>(lo, hi), vec<D>(p)), out);                                        \
  }                                                                                                 \
  extern "C" T P##_distance_sq_##S(const T lo[D], const T hi[D], const T p[D]) {                    \
    return opt::distance_sq(box<D>(lo, hi), vec<D>(p));                                             \
  }                                                                                                 \
  extern "C" int P##_overlap_sphere_##S(const T lo[D], const T hi[D], const T c[D], T r) {          \
    return opt::overlap_sphere(box<D>(lo, hi), vec<D>(c), r) ? 1 : 0;                               \
  }                                                                                                 \
  extern "C" int P##_plane_side_##S(const T lo[D], const T hi[D], const T n[D], T d) {              \
    return opt::plane_side(box<D>(lo, hi), vec<D>(n), d);                                           \
  }                                                                                                 \
  extern "C" int P##_overlap_triangle_##S(const T lo[D], const T hi[D], const T v0[D],              \
                                           const T v1[D], const T v2[D]) {                          \
    return opt::overlap_triangle(box<D>(lo, hi), vec<D>(v0), vec<D>(v1), vec<D>(v2)) ? 1 : 0;       \
  }                                                                                                 \
  extern "C" int P##_sweep_##S(const T alo[D], const T ahi[D], const T da[D], const T blo[D],       \
                                const T bhi[D], const T db[D], T* t_first, T* t_last) {             \
    return sweep<D>(alo, ahi, da, blo, bhi, db, t_first, t_last);                                   \
  }                                                                                                 \
  extern "C" int P##_sweep_ce_##S(const T ea[D], const T a0[D], const T a1[D], const T eb[D],       \
                                   const T b0[D], const T b1[D], T* u0, T* u1) {                    \
    return sweep_ce<D>(ea, a0, a1, eb, b0, b1, u0, u1);                                             \
  }                                                                                                 \
  extern "C" int P##_moving_vs_static_##S(const T slo[D], const T shi[D], const T mlo[D],           \
                                           const T mhi[D], const T d[D], T* t_enter) {              \
    return moving_vs_static<D>(slo, shi, mlo, mhi, d, t_enter);                                     \
  }                                                                                                 \
  extern "C" int P##_ray_##S(const T lo[D], const T hi[D], const T o[D], const T d[D], T t_min,     \
                              T t_max, T* t_enter, T* t_exit) {                                     \
    return ray<D>(lo, hi, o, d, t_min, t_max, t_enter, t_exit);                                     \
  }                                                                                                 \
  extern "C" void P##_bounds_of_points_##S(const T* xyz, size_t n, T lo[D], T hi[D]) {              \
    bounds_of_points<D>(xyz, n, lo, hi);                                                            \
  }                                                                                                 \
  extern "C" void P##_extreme_points_##S(const T* xyz, size_t n, const T dir[D], size_t* i_min,     \
                                          size_t* i_max) {                                          \
    extreme_points<D>(xyz, n, dir, i_min, i_max);                                                   \
  }                                                                                                 \
  extern "C" void P##_bounds_of_sphere_##S(const T c[D], T r, T lo[D], T hi[D]) {                   \
    bounds_of_sphere<D>(c, r, lo, hi);                                                              \
  }                                                                                                 \
  extern "C" void P##_transform_##S(const T lo[D], const T hi[D], const T m[DD], const T t[D],      \
                                     T out_lo[D], T out_hi[D]) {                                    \
    transform<D>(lo, hi, m, t, out_lo, out_hi);                                                     \
  }                                                                                                 \
  extern "C" void P##_transform_ce_##S(const T c[D], const T e[D], const T m[DD], const T t[D],     \
                                        T out_c[D], T out_e[D]) {                                   \
    transform_ce<D>(c, e, m, t, out_c, out_e);                                                      \
  }                                                                                                 \
  extern "C" size_t P##_hill_climb_##S(const T* xyz, size_t n, const size_t* offsets,               \
                                        const size_t* neighbors, const T dir[D], size_t start) {    \
    return hill_climb<D>(xyz, n, offsets, neighbors, dir, start);                                   \
  }

AABB_OPTIMIZED_PLUGIN(float, f32, aabb, 3, 9)
AABB_OPTIMIZED_PLUGIN(double, f64, aabb, 3, 9)
AABB_OPTIMIZED_PLUGIN(float, f32, aabb2, 2, 4)
AABB_OPTIMIZED_PLUGIN(double, f64, aabb2, 2, 4)
