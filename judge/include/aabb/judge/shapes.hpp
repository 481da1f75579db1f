#pragma once
/// The contracts of optimized/shapes.hpp as code (docs/contracts.md, "Point, sphere and plane
/// queries"): grow rounded outward within 1 ulp (both forms, a scalar or a vector margin),
/// closest_point exact, distance_sq within 1 ulp, distance_sq_conservative never above the exact
/// value and within 2 ulps, overlap_sphere and plane_side exact. Each judge takes the float
/// inputs and the float answer, computes the exact answer (filtered/dispatch.hpp) and returns the
/// first broken clause, or nothing. Valid, finite inputs only (the reference's domain: ordered
/// boxes, margins and radii >= 0, a nonzero normal); the documented answers to the rest are in
/// namespace nonfinite below.

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>

#include "aabb/filtered/dispatch.hpp"
#include "aabb/judge/construction.hpp"
#include "aabb/judge/contract.hpp"
#include "aabb/judge/nonfinite.hpp"
#include "aabb/judge/static.hpp"
#include "aabb/judge/ulp.hpp"
#include "aabb/judge/violation.hpp"
#include "aabb/optimized/shapes.hpp"
#include "aabb/optimized/triangle.hpp"
#include "aabb/reference.hpp"

namespace aabb::judge {

namespace detail_shapes {

/// distance_sq's clauses, given the exact value d: within 1 ulp (±inf beyond the range counts as
/// the grid point past ±max, so +inf is allowed only for d above max), or, `conservative`, never
/// above d and within 2 ulps (max when d is beyond the range).
template <opt::Float T>
[[nodiscard]] std::optional<Violation> distance(T got, const ref::Rational& d, bool conservative) {
  const std::string text = ref::hex(got) + " vs exact " + detail::contract::exact_text(d);
  const auto u = grid_distance(got, d);
  if (!u) return Violation{conservative ? "distance_sq_conservative is not NaN" : "distance_sq is not NaN", text};
  if (conservative) {
    if (detail::contract::compare(got, d) > 0) return Violation{"distance_sq_conservative never exceeds the exact value", text};
    if (*u > 2) return Violation{"distance_sq_conservative within 2 ulps", text};
    return std::nullopt;
  }
  if (*u > 1) return Violation{"distance_sq within 1 ulp", text};
  return std::nullopt;
}

}  // namespace detail_shapes

/// grow, min–max, a vector margin: each bound is the exact lo − m / hi + m rounded outward
/// (directed rounding: the largest T <= lo − m, the smallest T >= hi + m).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::Box<T, N>& box, const opt::Vec<T, N>& m,
                                            const opt::Box<T, N>& got) {
  return detail::directed_box(got, fx::grow(box, m).value());
}
/// grow, min–max, one margin on every axis (same contract).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::Box<T, N>& box, T m, const opt::Box<T, N>& got) {
  return detail::directed_box(got, fx::grow(box, m).value());
}

/// grow, centre–extent: the centre unchanged, each extent the exact e + m rounded up.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::CenterExtent<T, N>& box, const opt::Vec<T, N>& m,
                                            const opt::CenterExtent<T, N>& got) {
  const auto exact = fx::grow(box, m).value();
  for (std::size_t i = 0; i < N; ++i) {
    const std::string axis = "[" + std::to_string(i) + "]";
    if (!(got.center[i] == box.center[i]))
      return Violation{"grow keeps the centre", "center" + axis + ": " + ref::hex(got.center[i]) + " vs " +
                                                    ref::hex(box.center[i])};
    if (auto v = detail::directed_bound(got.extent[i], exact.extent[i], true, "extent" + axis)) return v;
  }
  return std::nullopt;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::CenterExtent<T, N>& box, T m,
                                            const opt::CenterExtent<T, N>& got) {
  return grow(box, geometry::splat<N>(m), got);
}

/// closest_point: the exact clamp on every axis.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> closest_point(const opt::Box<T, N>& box, const opt::Vec<T, N>& p,
                                                     const opt::Vec<T, N>& got) {
  const auto exact = fx::closest_point(box, p).value();
  for (std::size_t i = 0; i < N; ++i) {
    const bool equal = std::isfinite(got[i]) && ref::exact(got[i]).value() == exact[i];
    if (!equal)
      return Violation{"closest_point is exact",
                       "[" + std::to_string(i) + "]: " + ref::hex(got[i]) + " vs exact " + ref::to_string(exact[i])};
  }
  return std::nullopt;
}

/// distance_sq: within 1 ulp of the exact Σ gap² (+inf only when it exceeds T's max).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> distance_sq(const opt::Box<T, N>& box, const opt::Vec<T, N>& p, T got) {
  return detail_shapes::distance(got, fx::distance_sq(box, p).value(), false);
}

/// distance_sq_conservative: never above the exact Σ gap², within 2 ulps.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> distance_sq_conservative(const opt::Box<T, N>& box,
                                                                const opt::Vec<T, N>& p, T got) {
  return detail_shapes::distance(got, fx::distance_sq(box, p).value(), true);
}

/// overlap_sphere: the exact decision distance_sq(box, c) <= r².
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> overlap_sphere(const opt::Box<T, N>& box, const opt::Vec<T, N>& c, T r,
                                                      bool got) {
  return detail_static::same_bool(got, fx::overlap_sphere(box, c, r).value(), "overlap_sphere is exact");
}

/// plane_side: the exact side, −1, 0 or +1.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> plane_side(const opt::Box<T, N>& box, const opt::Vec<T, N>& n, T d,
                                                  int got) {
  const int exact = fx::plane_side(box, n, d).value();
  if (got == exact) return std::nullopt;
  return Violation{"plane_side is exact", std::to_string(got) + " vs exact " + std::to_string(exact)};
}

/// overlap_triangle (optimized/triangle.hpp): the exact decision, degenerate triangles included.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> overlap_triangle(const opt::Box<T, N>& box, const std::array<opt::Vec<T, N>, 3>& tri,
                                                        bool got) {
  return detail_static::same_bool(got, fx::overlap_triangle(box, tri).value(), "overlap_triangle is exact");
}

/// The documented answers of optimized/shapes.hpp to input outside the reference's domain (NaN,
/// ±inf, inverted boxes, negative margins and radii, a zero normal), from its `///` comments and
/// docs/contracts.md. Where what is left is finite (finite gaps next to an infinite bound, a
/// negative margin, a zero normal), the answer is judged exactly here.
namespace nonfinite {

namespace detail_shapes {

/// One grown bound, a + b rounded `up` or down: NaN when a or b is NaN, the IEEE sum when either
/// is infinite (inf − inf is NaN), else the directed rounding of the exact sum (a negative
/// margin included).
template <opt::Float T>
[[nodiscard]] std::optional<Violation> grown_bound(T got, T a, T b, bool up, const std::string& what) {
  if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) {
    const T want = a + b;
    if (detail::same(got, want)) return std::nullopt;
    return Violation{"grow: NaN propagates, infinities add as IEEE sums",
                     what + ": " + ref::hex(got) + " vs " + ref::hex(want)};
  }
  const ref::Rational q = ref::exact(a).value() + ref::exact(b).value();
  if (is_directed_rounding(got, q, up)) return std::nullopt;
  // "Beyond T's range a bound is ±inf": with a negative margin or extent (invalid) the sum can
  // overflow on the inner side (lo = max, m < 0), and then it is the IEEE overflow, ±inf.
  const ref::Rational max = ref::exact(std::numeric_limits<T>::max()).value();
  if ((q > max && got == std::numeric_limits<T>::infinity()) || (q < -max && got == -std::numeric_limits<T>::infinity()))
    return std::nullopt;
  return Violation{"grow: rounded outward, under 1 ulp", what + ": " + ref::hex(got) + " vs exact " + ref::to_string(q)};
}

/// The exact gap of one axis when finite, or nothing when it is infinite (an infinite
/// coordinate outside the box, or an infinite near bound). No NaN, lo <= hi.
template <opt::Float T>
[[nodiscard]] std::optional<ref::Rational> finite_gap(T lo, T hi, T p) {
  if (p < lo) {
    if (std::isinf(p) || std::isinf(lo)) return std::nullopt;
    return ref::Rational(ref::exact(lo).value() - ref::exact(p).value());
  }
  if (p > hi) {
    if (std::isinf(p) || std::isinf(hi)) return std::nullopt;
    return ref::Rational(ref::exact(p).value() - ref::exact(hi).value());
  }
  return ref::Rational(0);
}

/// Σ gap² when every gap is finite, or nothing.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<ref::Rational> finite_distance_sq(const opt::Box<T, N>& box, const opt::Vec<T, N>& p) {
  ref::Rational s = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const auto g = finite_gap(box.lo[i], box.hi[i], p[i]);
    if (!g) return std::nullopt;
    s += *g * *g;
  }
  return s;
}

template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> distance(const opt::Box<T, N>& box, const opt::Vec<T, N>& p, T got,
                                                bool conservative) {
  if (detail::has_nan(box) || detail::has_nan(p) || detail::inverted(box)) {
    if (std::isnan(got)) return std::nullopt;
    return Violation{"distance_sq: NaN or an inverted box gives NaN", ref::hex(got)};
  }
  const auto d = finite_distance_sq(box, p);
  if (!d) {
    if (std::isinf(got) && got > 0) return std::nullopt;
    return Violation{"distance_sq: an infinite gap gives +inf", ref::hex(got)};
  }
  return judge::detail_shapes::distance(got, *d, conservative);
}

}  // namespace detail_shapes

/// grow, min–max: per bound NaN → NaN, ±inf → the IEEE sum, otherwise (a negative margin, an
/// inverted box: grown as given) the directed rounding of the exact bound.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::Box<T, N>& box, const opt::Vec<T, N>& m,
                                            const opt::Box<T, N>& got) {
  for (std::size_t i = 0; i < N; ++i) {
    const std::string axis = "[" + std::to_string(i) + "]";
    if (auto v = detail_shapes::grown_bound(got.lo[i], box.lo[i], T(-m[i]), false, "lo" + axis)) return v;
    if (auto v = detail_shapes::grown_bound(got.hi[i], box.hi[i], m[i], true, "hi" + axis)) return v;
  }
  return std::nullopt;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::Box<T, N>& box, T m, const opt::Box<T, N>& got) {
  return grow(box, geometry::splat<N>(m), got);
}

/// grow, centre–extent: the centre unchanged (NaN stays NaN), each extent e + m by the same rule.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::CenterExtent<T, N>& box, const opt::Vec<T, N>& m,
                                            const opt::CenterExtent<T, N>& got) {
  for (std::size_t i = 0; i < N; ++i) {
    const std::string axis = "[" + std::to_string(i) + "]";
    if (!detail::same(got.center[i], box.center[i]))
      return Violation{"grow keeps the centre", "center" + axis + ": " + ref::hex(got.center[i])};
    if (auto v = detail_shapes::grown_bound(got.extent[i], box.extent[i], m[i], true, "extent" + axis)) return v;
  }
  return std::nullopt;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> grow(const opt::CenterExtent<T, N>& box, T m,
                                            const opt::CenterExtent<T, N>& got) {
  return grow(box, geometry::splat<N>(m), got);
}

/// closest_point: NaN on an axis with a NaN or an inverted bound or coordinate; otherwise the
/// clamp over the extended reals (exact; −0 equals +0).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> closest_point(const opt::Box<T, N>& box, const opt::Vec<T, N>& p,
                                                     const opt::Vec<T, N>& got) {
  for (std::size_t i = 0; i < N; ++i) {
    const T lo = box.lo[i], hi = box.hi[i], x = p[i];
    const T want = (lo <= hi && x == x) ? (x < lo ? lo : (x > hi ? hi : x)) : std::numeric_limits<T>::quiet_NaN();
    if (!detail::same(got[i], want))
      return Violation{"closest_point: the clamp, NaN on a NaN or inverted axis",
                       "[" + std::to_string(i) + "]: " + ref::hex(got[i]) + " vs " + ref::hex(want)};
  }
  return std::nullopt;
}

/// distance_sq: NaN for NaN anywhere or an inverted box; +inf when a gap is infinite; otherwise
/// (infinite bounds with finite gaps) within 1 ulp of the exact value.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> distance_sq(const opt::Box<T, N>& box, const opt::Vec<T, N>& p, T got) {
  return detail_shapes::distance(box, p, got, false);
}
/// distance_sq_conservative: the same rules, never above and within 2 ulps where finite.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> distance_sq_conservative(const opt::Box<T, N>& box,
                                                                const opt::Vec<T, N>& p, T got) {
  return detail_shapes::distance(box, p, got, true);
}

/// overlap_sphere: false for NaN anywhere, an inverted box, r < 0 or an infinite gap; true for
/// r = +inf with finite gaps; otherwise the exact Σ gap² <= r².
template <opt::Float T, std::size_t N>
[[nodiscard]] bool overlap_sphere_documented(const opt::Box<T, N>& box, const opt::Vec<T, N>& c, T r) {
  if (detail::has_nan(box) || detail::has_nan(c) || detail::inverted(box) || !(r >= 0)) return false;
  const auto d = detail_shapes::finite_distance_sq(box, c);
  if (!d) return false;
  if (std::isinf(r)) return true;
  const ref::Rational q = ref::exact(r).value();
  return *d <= q * q;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> overlap_sphere(const opt::Box<T, N>& box, const opt::Vec<T, N>& c, T r,
                                                      bool got) {
  return detail::same_bool(got, overlap_sphere_documented(box, c, r), "overlap_sphere (documented answer)");
}

/// plane_side: 0 for NaN or ±inf anywhere or an inverted box; a zero normal is the constant
/// n·x = 0 (the sign of −d); otherwise the exact side.
template <opt::Float T, std::size_t N>
[[nodiscard]] int plane_side_documented(const opt::Box<T, N>& box, const opt::Vec<T, N>& n, T d) {
  if (!std::isfinite(d) || !in_domain(box) || !in_domain(n)) return 0;
  ref::Rational least = 0, greatest = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const ref::Rational a = ref::exact(n[i]).value() * ref::exact(box.lo[i]).value();
    const ref::Rational b = ref::exact(n[i]).value() * ref::exact(box.hi[i]).value();
    least += a < b ? a : b;
    greatest += a < b ? b : a;
  }
  const ref::Rational e = ref::exact(d).value();
  return greatest < e ? -1 : (least > e ? 1 : 0);
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> plane_side(const opt::Box<T, N>& box, const opt::Vec<T, N>& n, T d,
                                                  int got) {
  const int want = plane_side_documented(box, n, d);
  if (got == want) return std::nullopt;
  return Violation{"plane_side (documented answer)", std::to_string(got) + " vs " + std::to_string(want)};
}

/// overlap_triangle outside the domain: false for NaN or ±inf anywhere and for an inverted box
/// (optimized/triangle.hpp).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> overlap_triangle(const opt::Box<T, N>&, const std::array<opt::Vec<T, N>, 3>&,
                                                        bool got) {
  if (!got) return std::nullopt;
  return Violation{"overlap_triangle: documented non-finite/inverted answer", "true vs documented false"};
}

}  // namespace nonfinite

}  // namespace aabb::judge
