#pragma once
/// The seed listings (textbook.hpp) behind the signatures of the C ABI (aabb/abi.h), as C++
/// templates over the float type. One copy for both users: examples/plugins/seed_plugin.cpp
/// exports them as check plugins, and `aabb-oracle vectors` runs them on each case to compute
/// the SeedListingFlaw flag.

#include <cstddef>
#include <vector>

#include "aabb/listings/textbook.hpp"

namespace aabb::textbook::abi {

namespace tb = aabb::textbook;

template <class T>
tb::Vec3<T> vec(const T* p) {
  return {p[0], p[1], p[2]};
}
template <class T>
tb::MinMax3<T> box(const T* lo, const T* hi) {
  return {vec(lo), vec(hi)};
}
template <class T>
void put(const tb::Vec3<T>& v, T* out) {
  for (std::size_t i = 0; i < 3; ++i) out[i] = v[i];
}
/// A row-major 3×3 matrix of the ABI.
template <class T>
tb::Matrix3<T> matrix(const T* m) {
  return {tb::Vec3<T>{m[0], m[1], m[2]}, tb::Vec3<T>{m[3], m[4], m[5]},
          tb::Vec3<T>{m[6], m[7], m[8]}};
}

/// Seed 004, Check_AABB_Hit.
template <class T>
int seed004_contains_ce(const T* c, const T* e, const T* p) {
  return tb::Check_AABB_Hit(tb::CenterExtent3<T>{vec(c), vec(e)}, vec(p)) ? 1 : 0;
}
/// Seed 004, AABB_AABB_Collision.
template <class T>
int seed004_overlap_ce(const T* ac, const T* ae, const T* bc, const T* be) {
  return tb::AABB_AABB_Collision(tb::CenterExtent3<T>{vec(ac), vec(ae)},
                                 tb::CenterExtent3<T>{vec(bc), vec(be)})
             ? 1
             : 0;
}
/// Seed 000 (= 003), Listing 3's AABB::overlaps.
template <class T>
int seed000_overlap_ce(const T* ac, const T* ae, const T* bc, const T* be) {
  return tb::AABB<T>{vec(ac), vec(ae)}.overlaps(tb::AABB<T>{vec(bc), vec(be)}) ? 1 : 0;
}
/// Seed 000 (= 003), Listing 4's AABBSweep.
template <class T>
int seed000_sweep_ce(const T* ea, const T* a0, const T* a1, const T* eb, const T* b0, const T* b1,
                     T* u0, T* u1) {
  return tb::AABBSweep(vec(ea), vec(a0), vec(a1), vec(eb), vec(b0), vec(b1), *u0, *u1) ? 1 : 0;
}
/// Seed 001, intersectAABBs without an output box.
template <class T>
int seed001_overlap(const T* alo, const T* ahi, const T* blo, const T* bhi) {
  return tb::intersectAABBs<T>(box(alo, ahi), box(blo, bhi), nullptr) ? 1 : 0;
}
/// Seed 001, intersectAABBs with an output box.
template <class T>
int seed001_intersection(const T* alo, const T* ahi, const T* blo, const T* bhi, T* out_lo,
                         T* out_hi) {
  tb::MinMax3<T> r{};
  if (!tb::intersectAABBs(box(alo, ahi), box(blo, bhi), &r)) return 0;
  put(r.lo, out_lo);
  put(r.hi, out_hi);
  return 1;
}
/// Seed 001, intersectMovingAABB: "> 1 if no intersection".
template <class T>
int seed001_moving_vs_static(const T* slo, const T* shi, const T* mlo, const T* mhi, const T* d,
                             T* t_enter) {
  const T t = tb::intersectMovingAABB(box(slo, shi), box(mlo, mhi), vec(d));
  *t_enter = t;
  return t <= T(1) ? 1 : 0;
}
/// Seed 002, ExtremePointAlongDirection; an index the listing leaves unwritten is answered as n.
template <class T>
void seed002_extreme_points(const T* xyz, std::size_t n, const T* dir, std::size_t* i_min,
                            std::size_t* i_max) {
  std::vector<tb::Vec3<T>> pts(n);
  for (std::size_t k = 0; k < n; ++k) pts[k] = vec(xyz + 3 * k);
  int lo = static_cast<int>(n), hi = static_cast<int>(n);
  tb::ExtremePointAlongDirection(vec(dir), pts.data(), static_cast<int>(n), &lo, &hi);
  *i_min = static_cast<std::size_t>(lo);
  *i_max = static_cast<std::size_t>(hi);
}
/// Seed 002, UpdateAABB in min–max form.
template <class T>
void seed002_transform(const T* lo, const T* hi, const T* m, const T* t, T* out_lo, T* out_hi) {
  tb::MinMax3<T> r{};
  tb::UpdateAABB(box(lo, hi), matrix(m), vec(t), r);
  put(r.lo, out_lo);
  put(r.hi, out_hi);
}
/// Seed 002, UpdateAABB in centre–radius form.
template <class T>
void seed002_transform_ce(const T* c, const T* e, const T* m, const T* t, T* out_c, T* out_e) {
  tb::CenterExtent3<T> r{};
  tb::UpdateAABB(tb::CenterExtent3<T>{vec(c), vec(e)}, matrix(m), vec(t), r);
  put(r.center, out_c);
  put(r.extent, out_e);
}

}  // namespace aabb::textbook::abi
