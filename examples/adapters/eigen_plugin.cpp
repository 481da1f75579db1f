// Eigen's AlignedBox (Eigen/Geometry, Debian's libeigen3-dev) behind the C ABI of aabb/abi.h,
// float and double, so `aabb-oracle check` can judge it: contains, intersects (overlap),
// intersection, extend (bounds of points) and transform (the AABB of an affine image). Each
// function calls Eigen's own member and only converts arrays; docs/check.md has the findings.

#include <Eigen/Geometry>
#include <cstddef>

#include "aabb/abi.h"

namespace {

template <class T>
using Box = Eigen::AlignedBox<T, 3>;
template <class T>
using Vec = Eigen::Matrix<T, 3, 1>;

template <class T>
Vec<T> vec(const T* p) {
  return Vec<T>(p[0], p[1], p[2]);
}
template <class T>
void put(const Vec<T>& v, T* out) {
  for (int i = 0; i < 3; ++i) out[i] = v[i];
}
template <class T>
Box<T> box(const T* lo, const T* hi) {
  return Box<T>(vec(lo), vec(hi));
}

template <class T>
int intersection(const T* alo, const T* ahi, const T* blo, const T* bhi, T* lo, T* hi) {
  const Box<T> r = box(alo, ahi).intersection(box(blo, bhi));
  if (r.isEmpty()) return 0;
  put<T>(r.min(), lo);
  put<T>(r.max(), hi);
  return 1;
}
template <class T>
void bounds_of_points(const T* xyz, std::size_t n, T* lo, T* hi) {
  Box<T> b;  // Eigen's default box is empty, and extend() grows it
  for (std::size_t k = 0; k < n; ++k) b.extend(vec(xyz + 3 * k));
  put<T>(b.min(), lo);
  put<T>(b.max(), hi);
}
template <class T>
void transform(const T* lo, const T* hi, const T* m, const T* t, T* out_lo, T* out_hi) {
  Eigen::Transform<T, 3, Eigen::Affine> x = Eigen::Transform<T, 3, Eigen::Affine>::Identity();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) x.linear()(i, j) = m[3 * i + j];
  x.translation() = vec(t);
  const Box<T> r = box(lo, hi).transformed(x);
  put<T>(r.min(), out_lo);
  put<T>(r.max(), out_hi);
}

}  // namespace

#define EIGEN_ADAPTER(T, S)                                                                    \
  extern "C" int aabb_contains_##S(const T lo[3], const T hi[3], const T p[3]) {               \
    return box(lo, hi).contains(vec(p)) ? 1 : 0;                                               \
  }                                                                                            \
  extern "C" int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3],              \
                                  const T bhi[3]) {                                            \
    return box(alo, ahi).intersects(box(blo, bhi)) ? 1 : 0;                                    \
  }                                                                                            \
  extern "C" int aabb_intersection_##S(const T alo[3], const T ahi[3], const T blo[3],         \
                                       const T bhi[3], T out_lo[3], T out_hi[3]) {             \
    return intersection(alo, ahi, blo, bhi, out_lo, out_hi);                                   \
  }                                                                                            \
  extern "C" void aabb_bounds_of_points_##S(const T* xyz, size_t n, T lo[3], T hi[3]) {        \
    bounds_of_points(xyz, n, lo, hi);                                                          \
  }                                                                                            \
  extern "C" void aabb_transform_##S(const T lo[3], const T hi[3], const T m[9], const T t[3], \
                                     T out_lo[3], T out_hi[3]) {                               \
    transform(lo, hi, m, t, out_lo, out_hi);                                                   \
  }

EIGEN_ADAPTER(float, f32)
EIGEN_ADAPTER(double, f64)
