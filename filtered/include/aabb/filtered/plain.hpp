#pragma once
/// The plain path: exact conversion of the float inputs, then the reference op. The filtered
/// evaluator returns this for every input it does not decide itself (non-finite or invalid
/// input, forwarded ops), so its errors are the reference's by construction.
///
/// Conversion order and field names (the first non-finite input is the error, as
/// ref::exact(x, field) words it, e.g. "a.max[1]: NaN is not a number"): each op's arguments in
/// order; a min–max box `name` is name.min[i] for all i, then name.max[i]; a centre–extent box
/// name.center[i], then name.extent[i]; a vector name[i]; a point list points[k][i]; a matrix
/// m[i][j]. The names are the op's eval fields (the registry: ops/, `aabb-oracle ops`), except
/// the centre–extent sweep's, which are the C ABI's (ea, a0, a1, eb, b0, b1); a ray's t_max
/// may be +inf (unbounded).

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aabb/geometry/box.hpp"
#include "aabb/reference.hpp"

namespace aabb::filtered::plain {

namespace geo = aabb::geometry;
namespace xf = aabb::exact_float;
namespace ref = aabb::reference;

/// Exact conversion that remembers the first non-finite input; names are built only for it.
class Converter {
 public:
  template <xf::Float T>
  [[nodiscard]] ref::Rational number(T x, std::string_view field) {
    if (error_) return ref::Rational(0);
    if (std::isfinite(x)) return ref::exact(x).value();
    error_ = ref::exact(x, field).error();
    return ref::Rational(0);
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Vec<N> vec(const geo::Vec<T, N>& v, std::string_view field) {
    ref::Vec<N> r;
    for (std::size_t i = 0; i < N; ++i) {
      if (error_) break;
      if (std::isfinite(v[i])) r[i] = ref::exact(v[i]).value();
      else error_ = ref::exact(v[i], ref::element(field, i)).error();
    }
    return r;
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Box<N> box(const geo::Box<T, N>& b, std::string_view field) {
    ref::Box<N> r;
    r.lo = vec(b.lo, std::string(field) + ".min");
    r.hi = vec(b.hi, std::string(field) + ".max");
    return r;
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::CenterExtent<N> box(const geo::CenterExtent<T, N>& b, std::string_view field) {
    ref::CenterExtent<N> r;
    r.center = vec(b.center, std::string(field) + ".center");
    r.extent = vec(b.extent, std::string(field) + ".extent");
    return r;
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] std::vector<ref::Vec<N>> points(std::span<const geo::Vec<T, N>> ps) {
    std::vector<ref::Vec<N>> r;
    r.reserve(ps.size());
    for (std::size_t k = 0; k < ps.size(); ++k) r.push_back(vec(ps[k], "points[" + std::to_string(k) + "]"));
    return r;
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Matrix<N> matrix(const geo::Matrix<T, N>& m) {
    ref::Matrix<N> r;
    for (std::size_t i = 0; i < N; ++i) r[i] = vec(m[i], "m[" + std::to_string(i) + "]");
    return r;
  }
  [[nodiscard]] const std::optional<Error>& error() const { return error_; }

 private:
  std::optional<Error> error_;
};

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const geo::Box<T, N>& box, const geo::Vec<T, N>& p) {
  Converter c;
  const auto B = c.box(box, "box");
  const auto P = c.vec(p, "point");
  if (c.error()) return *c.error();
  return ref::contains(B, P);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const geo::CenterExtent<T, N>& box, const geo::Vec<T, N>& p) {
  Converter c;
  const auto B = c.box(box, "box");
  const auto P = c.vec(p, "point");
  if (c.error()) return *c.error();
  return ref::contains(B, P);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  Converter c;
  const auto A = c.box(a, "a");
  const auto B = c.box(b, "b");
  if (c.error()) return *c.error();
  return ref::overlap(A, B);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap(const geo::CenterExtent<T, N>& a, const geo::CenterExtent<T, N>& b) {
  Converter c;
  const auto A = c.box(a, "a");
  const auto B = c.box(b, "b");
  if (c.error()) return *c.error();
  return ref::overlap(A, B);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<std::optional<ref::Box<N>>> intersection(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  Converter c;
  const auto A = c.box(a, "a");
  const auto B = c.box(b, "b");
  if (c.error()) return *c.error();
  return ref::intersection(A, B);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> union_of(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  Converter c;
  const auto A = c.box(a, "a");
  const auto B = c.box(b, "b");
  if (c.error()) return *c.error();
  return ref::union_of(A, B);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep(const geo::Box<T, N>& a, const geo::Vec<T, N>& da,
                                             const geo::Box<T, N>& b, const geo::Vec<T, N>& db) {
  Converter c;
  const auto A = c.box(a, "a");
  const auto DA = c.vec(da, "da");
  const auto B = c.box(b, "b");
  const auto DB = c.vec(db, "db");
  if (c.error()) return *c.error();
  return ref::sweep(A, DA, B, DB);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep_ce(const geo::Vec<T, N>& ea, const geo::Vec<T, N>& a0,
                                                const geo::Vec<T, N>& a1, const geo::Vec<T, N>& eb,
                                                const geo::Vec<T, N>& b0, const geo::Vec<T, N>& b1) {
  Converter c;
  const auto EA = c.vec(ea, "ea");
  const auto A0 = c.vec(a0, "a0");
  const auto A1 = c.vec(a1, "a1");
  const auto EB = c.vec(eb, "eb");
  const auto B0 = c.vec(b0, "b0");
  const auto B1 = c.vec(b1, "b1");
  if (c.error()) return *c.error();
  return ref::sweep_ce(EA, A0, A1, EB, B0, B1);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::MovingResult> moving_vs_static(const geo::Box<T, N>& s, const geo::Box<T, N>& m,
                                                         const geo::Vec<T, N>& d) {
  Converter c;
  const auto S = c.box(s, "stationary");
  const auto M = c.box(m, "moving");
  const auto D = c.vec(d, "d");
  if (c.error()) return *c.error();
  return ref::moving_vs_static(S, M, D);
}

/// t_max = +inf means unbounded; -inf or NaN there is an error like any other.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::RayResult> ray(const geo::Box<T, N>& box, const geo::Vec<T, N>& o,
                                         const geo::Vec<T, N>& d, T t_min = T(0),
                                         T t_max = std::numeric_limits<T>::infinity()) {
  Converter c;
  const auto B = c.box(box, "box");
  const auto O = c.vec(o, "origin");
  const auto D = c.vec(d, "dir");
  const auto t0 = c.number(t_min, "t_min");
  std::optional<ref::Rational> t1;
  if (!(std::isinf(t_max) && t_max > 0)) t1 = c.number(t_max, "t_max");
  if (c.error()) return *c.error();
  return ref::ray(B, O, D, t0, t1);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_points(std::span<const geo::Vec<T, N>> points) {
  Converter c;
  const auto P = c.points(points);
  if (c.error()) return *c.error();
  return ref::bounds_of_points(P);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Extremes> extreme_points(std::span<const geo::Vec<T, N>> points, const geo::Vec<T, N>& dir) {
  Converter c;
  const auto P = c.points(points);
  const auto D = c.vec(dir, "dir");
  if (c.error()) return *c.error();
  return ref::extreme_points(P, D);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_sphere(const geo::Vec<T, N>& center, T radius) {
  Converter c;
  const auto C = c.vec(center, "center");
  const auto R = c.number(radius, "radius");
  if (c.error()) return *c.error();
  return ref::bounds_of_sphere(C, R);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> transform(const geo::Box<T, N>& box, const geo::Matrix<T, N>& m,
                                            const geo::Vec<T, N>& t) {
  Converter c;
  const auto B = c.box(box, "box");
  const auto M = c.matrix(m);
  const auto V = c.vec(t, "t");
  if (c.error()) return *c.error();
  return ref::transform(B, M, V);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::CenterExtent<N>> transform(const geo::CenterExtent<T, N>& box,
                                                     const geo::Matrix<T, N>& m, const geo::Vec<T, N>& t) {
  Converter c;
  const auto B = c.box(box, "box");
  const auto M = c.matrix(m);
  const auto V = c.vec(t, "t");
  if (c.error()) return *c.error();
  return ref::transform(B, M, V);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::HillClimb> hill_climb(std::span<const geo::Vec<T, N>> points,
                                                const std::vector<std::vector<std::size_t>>& neighbors,
                                                const geo::Vec<T, N>& dir, std::size_t start) {
  Converter c;
  const auto P = c.points(points);
  const auto D = c.vec(dir, "dir");
  if (c.error()) return *c.error();
  return ref::hill_climb(P, neighbors, D, start);
}

}  // namespace aabb::filtered::plain
