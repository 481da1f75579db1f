#pragma once
/// The filtered exact evaluator: the reference's ops on float and double inputs, returning
/// exactly what ref::op returns on the exact values of the inputs (same Result type, same
/// Rationals, same errors), deciding every comparison in floating point (error-free, or by a
/// filter with a proved bound and an exact float expansion behind it; arith.hpp) and building
/// GMP rationals only for the numbers of the answer.
///
/// Fallback rule, the same for every op: any non-finite input (apart from a ray's t_max = +inf,
/// which means unbounded) or any invalid input (lo > hi, a negative extent or radius, an empty
/// point list, t_min > t_max) is answered by plain.hpp — exact conversion plus the reference —
/// and counted in counters().fallbacks. So errors are the reference's, word for word. Boundary
/// rules are the reference's (contract §1): closed boxes, touching counts, -0 == +0.

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "aabb/filtered/arith.hpp"
#include "aabb/filtered/plain.hpp"
#include "aabb/exact_float/accumulator.hpp"
#include "aabb/exact_float/exact_float.hpp"
#include "aabb/geometry/box.hpp"
#include "aabb/reference.hpp"

namespace aabb::filtered {

namespace detail {

template <xf::Float T, std::size_t N>
[[nodiscard]] bool finite(const geo::Vec<T, N>& v) noexcept {
  bool ok = true;
  for (std::size_t i = 0; i < N; ++i) ok = ok && std::isfinite(v[i]);
  return ok;
}
/// Finite and lo <= hi on every axis (float comparisons are exact).
template <xf::Float T, std::size_t N>
[[nodiscard]] bool valid(const geo::Box<T, N>& b) noexcept {
  if (!finite(b.lo) || !finite(b.hi)) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (b.hi[i] < b.lo[i]) return false;
  return true;
}
/// Finite and extent >= 0 on every axis (-0 counts as 0, as in the reference).
template <xf::Float T, std::size_t N>
[[nodiscard]] bool valid(const geo::CenterExtent<T, N>& b) noexcept {
  if (!finite(b.center) || !finite(b.extent)) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (b.extent[i] < 0) return false;
  return true;
}

template <class R>
[[nodiscard]] R fallback(R r) {
  ++counters().fallbacks;
  return r;
}

/// The exact box [lo, hi] of finite bounds.
template <xf::Float T, std::size_t N>
[[nodiscard]] ref::Box<N> exact_box(const geo::Vec<T, N>& lo, const geo::Vec<T, N>& hi) {
  return geo::map(geo::Box<T, N>{lo, hi}, rational_of);
}

/// Whether |y - x| <= a + b exactly, for finite x, y and a, b >= 0: a monotone filter (rounding
/// is monotone, through overflow too, so fl(|y - x|) < fl(a + b) proves a hit and > proves a
/// miss; docs/contracts.md), and on a rounded tie the exact sign of (a + b) - |x - y|
/// (exact_float's reach_minus_gap_sign, counted as an expansion).
template <xf::Float T>
[[nodiscard]] bool gap_within(T x, T y, T a, T b) {
  const T gap = std::fabs(y - x);
  const T reach = a + b;
  if (gap < reach) return true;
  if (gap > reach) return false;
  ++counters().expansions;
  return xf::reach_minus_gap_sign(a, b, x, y) >= 0;
}

/// The closed set of times [lo, hi] still possible; hi empty means +infinity.
template <xf::Float T>
struct Window {
  Frac<T> lo;
  std::optional<Frac<T>> hi;
};

/// The reference's detail::narrow over exact sums: keeps the times when [m0, m1] moving with
/// velocity v (of exact sign sv) meets [s0, s1]. v = 0: the axis holds for all t or none.
/// v > 0: enter = (s0 - m1)/v, leave = (s1 - m0)/v; v < 0: the same fractions with numerator
/// and denominator negated, so that every Frac has a positive denominator (compare's
/// precondition). Every comparison is exact (sign, compare). Returns false when T is empty.
template <xf::Float T>
[[nodiscard]] bool narrow(Window<T>& w, const Lin<T>& s0, const Lin<T>& s1, const Lin<T>& m0,
                          const Lin<T>& m1, const Lin<T>& v, int sv) {
  if (sv == 0) return sign(s1.minus(m0)) >= 0 && sign(m1.minus(s0)) >= 0;
  Frac<T> enter, leave;
  if (sv > 0) {
    enter = {s0.minus(m1), v};
    leave = {s1.minus(m0), v};
  } else {
    const Lin<T> nv = v.negated();
    enter = {m0.minus(s1), nv};
    leave = {m1.minus(s0), nv};
  }
  if (compare(enter, w.lo) > 0) w.lo = enter;
  if (!w.hi || compare(leave, *w.hi) < 0) w.hi = leave;
  return compare(w.lo, *w.hi) <= 0;
}

}  // namespace detail

// ---- Static tests: comparisons of input floats are exact, no filter needed ------------------

/// ref::contains on the exact inputs. Error-free: float comparisons are exact.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const geo::Box<T, N>& box, const geo::Vec<T, N>& p) {
  ++counters().calls;
  if (!detail::valid(box) || !detail::finite(p)) return detail::fallback(plain::contains(box, p));
  for (std::size_t i = 0; i < N; ++i)
    if (p[i] < box.lo[i] || box.hi[i] < p[i]) return false;
  return true;
}

/// ref::contains, centre–extent: |p - c| <= e per axis by the monotone filter (detail::gap_within).
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const geo::CenterExtent<T, N>& box, const geo::Vec<T, N>& p) {
  ++counters().calls;
  if (!detail::valid(box) || !detail::finite(p)) return detail::fallback(plain::contains(box, p));
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::gap_within(box.center[i], p[i], box.extent[i], T(0))) return false;
  return true;
}

/// ref::overlap on the exact inputs. Error-free: comparisons only.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  ++counters().calls;
  if (!detail::valid(a) || !detail::valid(b)) return detail::fallback(plain::overlap(a, b));
  for (std::size_t i = 0; i < N; ++i)
    if (b.hi[i] < a.lo[i] || a.hi[i] < b.lo[i]) return false;
  return true;
}

/// ref::overlap, centre–extent: |cb - ca| <= ea + eb per axis by the monotone filter.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap(const geo::CenterExtent<T, N>& a, const geo::CenterExtent<T, N>& b) {
  ++counters().calls;
  if (!detail::valid(a) || !detail::valid(b)) return detail::fallback(plain::overlap(a, b));
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::gap_within(a.center[i], b.center[i], a.extent[i], b.extent[i])) return false;
  return true;
}

/// ref::intersection: the comparisons pick input bounds; only the 2N result bounds become
/// Rationals.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<std::optional<ref::Box<N>>> intersection(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  ++counters().calls;
  if (!detail::valid(a) || !detail::valid(b)) return detail::fallback(plain::intersection(a, b));
  geo::Vec<T, N> lo, hi;
  for (std::size_t i = 0; i < N; ++i) {
    if (b.hi[i] < a.lo[i] || a.hi[i] < b.lo[i]) return std::optional<ref::Box<N>>{};
    lo[i] = a.lo[i] < b.lo[i] ? b.lo[i] : a.lo[i];
    hi[i] = a.hi[i] < b.hi[i] ? a.hi[i] : b.hi[i];
  }
  return std::optional<ref::Box<N>>(detail::exact_box(lo, hi));
}

/// ref::union_of: per axis the least lo and the greatest hi, picked by exact comparisons.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> union_of(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  ++counters().calls;
  if (!detail::valid(a) || !detail::valid(b)) return detail::fallback(plain::union_of(a, b));
  geo::Vec<T, N> lo, hi;
  for (std::size_t i = 0; i < N; ++i) {
    lo[i] = a.lo[i] < b.lo[i] ? a.lo[i] : b.lo[i];
    hi[i] = a.hi[i] < b.hi[i] ? b.hi[i] : a.hi[i];
  }
  return detail::exact_box(lo, hi);
}

/// ref::contains_box: b.lo >= a.lo and b.hi <= a.hi per axis. Error-free: comparisons only.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains_box(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  ++counters().calls;
  if (!detail::valid(a) || !detail::valid(b)) return detail::fallback(plain::contains_box(a, b));
  for (std::size_t i = 0; i < N; ++i)
    if (b.lo[i] < a.lo[i] || a.hi[i] < b.hi[i]) return false;
  return true;
}

/// ref::classify: contains_box, then overlap. Error-free: comparisons only.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Containment> classify(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  ++counters().calls;
  if (!detail::valid(a) || !detail::valid(b)) return detail::fallback(plain::classify(a, b));
  bool inside = true, meet = true;
  for (std::size_t i = 0; i < N; ++i) {
    inside = inside && a.lo[i] <= b.lo[i] && b.hi[i] <= a.hi[i];
    meet = meet && a.lo[i] <= b.hi[i] && b.lo[i] <= a.hi[i];
  }
  if (inside) return ref::Containment::Contains;
  return meet ? ref::Containment::Intersects : ref::Containment::Disjoint;
}

// ---- Moving tests: times are fractions of input sums, compared exactly ----------------------

/// ref::sweep: per axis v = db - da (its sign is the comparison of db and da), the reference's
/// narrowing over exact fractions (a.lo - b.hi)/v, (a.hi - b.lo)/v; only t_first and t_last of
/// a hit become Rationals.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep(const geo::Box<T, N>& a, const geo::Vec<T, N>& da,
                                             const geo::Box<T, N>& b, const geo::Vec<T, N>& db) {
  ++counters().calls;
  if (!detail::valid(a) || !detail::finite(da) || !detail::valid(b) || !detail::finite(db))
    return detail::fallback(plain::sweep(a, da, b, db));
  detail::Window<T> w{frac_of(T(0)), frac_of(T(1))};
  for (std::size_t i = 0; i < N; ++i) {
    const int sv = (db[i] > da[i]) - (db[i] < da[i]);
    if (!detail::narrow(w, Lin<T>(a.lo[i]), Lin<T>(a.hi[i]), Lin<T>(b.lo[i]), Lin<T>(b.hi[i]),
                        Lin<T>(db[i], -da[i]), sv))
      return ref::SweepResult{};
  }
  return ref::SweepResult{true, exact_value(w.lo), exact_value(*w.hi)};
}

/// ref::sweep_ce: the boxes' bounds c ± e and the relative displacement (b1 - b0) - (a1 - a0)
/// are kept as exact sums (never rounded); the sign of the displacement is filtered (sign()).
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep_ce(const geo::Vec<T, N>& ea, const geo::Vec<T, N>& a0,
                                                const geo::Vec<T, N>& a1, const geo::Vec<T, N>& eb,
                                                const geo::Vec<T, N>& b0, const geo::Vec<T, N>& b1) {
  ++counters().calls;
  bool ok = detail::finite(ea) && detail::finite(a0) && detail::finite(a1) && detail::finite(eb) &&
            detail::finite(b0) && detail::finite(b1);
  for (std::size_t i = 0; i < N && ok; ++i) ok = !(ea[i] < 0) && !(eb[i] < 0);
  if (!ok) return detail::fallback(plain::sweep_ce(ea, a0, a1, eb, b0, b1));
  detail::Window<T> w{frac_of(T(0)), frac_of(T(1))};
  for (std::size_t i = 0; i < N; ++i) {
    const Lin<T> v = Lin<T>(b1[i], -b0[i]).minus(Lin<T>(a1[i], -a0[i]));
    if (!detail::narrow(w, Lin<T>(a0[i], -ea[i]), Lin<T>(a0[i], ea[i]), Lin<T>(b0[i], -eb[i]),
                        Lin<T>(b0[i], eb[i]), v, sign(v)))
      return ref::SweepResult{};
  }
  return ref::SweepResult{true, exact_value(w.lo), exact_value(*w.hi)};
}

/// ref::moving_vs_static: the sweep with the stationary box fixed and v = d.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::MovingResult> moving_vs_static(const geo::Box<T, N>& stationary,
                                                         const geo::Box<T, N>& moving, const geo::Vec<T, N>& d) {
  ++counters().calls;
  if (!detail::valid(stationary) || !detail::valid(moving) || !detail::finite(d))
    return detail::fallback(plain::moving_vs_static(stationary, moving, d));
  detail::Window<T> w{frac_of(T(0)), frac_of(T(1))};
  for (std::size_t i = 0; i < N; ++i) {
    const int sv = (d[i] > 0) - (d[i] < 0);
    if (!detail::narrow(w, Lin<T>(stationary.lo[i]), Lin<T>(stationary.hi[i]), Lin<T>(moving.lo[i]),
                        Lin<T>(moving.hi[i]), Lin<T>(d[i]), sv))
      return ref::MovingResult{};
  }
  return ref::MovingResult{true, exact_value(w.lo)};
}

/// ref::ray with t_max = +inf meaning unbounded: T starts as [t_min, t_max]; an axis with
/// d = 0 keeps T or empties it; otherwise the narrowing over (lo - o)/d and (hi - o)/d.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::RayResult> ray(const geo::Box<T, N>& box, const geo::Vec<T, N>& origin,
                                         const geo::Vec<T, N>& dir, T t_min = T(0),
                                         T t_max = std::numeric_limits<T>::infinity()) {
  ++counters().calls;
  const bool unbounded = std::isinf(t_max) && t_max > 0;
  if (!detail::valid(box) || !detail::finite(origin) || !detail::finite(dir) || !std::isfinite(t_min) ||
      !(unbounded || (std::isfinite(t_max) && t_min <= t_max)))
    return detail::fallback(plain::ray(box, origin, dir, t_min, t_max));
  detail::Window<T> w{frac_of(t_min), std::nullopt};
  if (!unbounded) w.hi = frac_of(t_max);
  for (std::size_t i = 0; i < N; ++i) {
    if (dir[i] == 0) {
      if (origin[i] < box.lo[i] || box.hi[i] < origin[i]) return ref::RayResult{};
      continue;
    }
    const int sv = dir[i] > 0 ? 1 : -1;
    if (!detail::narrow(w, Lin<T>(box.lo[i]), Lin<T>(box.hi[i]), Lin<T>(origin[i]), Lin<T>(origin[i]),
                        Lin<T>(dir[i]), sv))
      return ref::RayResult{};
  }
  ref::RayResult r;
  r.hit = true;
  r.t_enter = exact_value(w.lo);
  if (w.hi) r.t_exit = exact_value(*w.hi);
  r.t_exit_infinite = !w.hi.has_value();
  return r;
}

// ---- Construction -----------------------------------------------------------------------------

/// ref::bounds_of_points: exact comparisons pick the 2N bounds, which alone become Rationals.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_points(std::span<const geo::Vec<T, N>> points) {
  ++counters().calls;
  bool ok = !points.empty();
  for (std::size_t k = 0; k < points.size() && ok; ++k) ok = detail::finite(points[k]);
  if (!ok) return detail::fallback(plain::bounds_of_points(points));
  geo::Vec<T, N> lo = points[0], hi = points[0];
  for (const auto& p : points)
    for (std::size_t i = 0; i < N; ++i) {
      if (p[i] < lo[i]) lo[i] = p[i];
      if (hi[i] < p[i]) hi[i] = p[i];
    }
  return detail::exact_box(lo, hi);
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_points(const std::vector<geo::Vec<T, N>>& points) {
  return bounds_of_points(std::span<const geo::Vec<T, N>>(points));
}

namespace detail {

/// fl(dot(p, d)) and fl(Σ|p_i·d_i|) in double.
template <xf::Float T, std::size_t N>
inline void dot_sums(const geo::Vec<T, N>& p, const geo::Vec<T, N>& d, double& s, double& a) noexcept {
  s = 0;
  a = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const double t = static_cast<double>(p[i]) * static_cast<double>(d[i]);
    s += t;
    a += std::fabs(t);
  }
}

/// sign(dot(p, d) - dot(q, d)) from the 2N products: in a double expansion (Acc =
/// xf::Expansion<double, 4N>, under arith.hpp's range rule) or exactly in any case (Acc =
/// xf::Accumulator<T>).
template <class Acc, xf::Float T, std::size_t N>
[[nodiscard]] int dot_sign_in(const geo::Vec<T, N>& p, const geo::Vec<T, N>& q, const geo::Vec<T, N>& d) {
  using V = std::conditional_t<std::is_same_v<Acc, xf::Accumulator<T>>, T, double>;
  Acc e;
  for (std::size_t i = 0; i < N; ++i) {
    e.add_product(static_cast<V>(p[i]), static_cast<V>(d[i]));
    e.add_product(static_cast<V>(-q[i]), static_cast<V>(d[i]));
  }
  return e.sign();
}

/// The exact sign of dot(p, d) - dot(q, d).
/// Proof (filter). Each computed dot errs by at most γ_N·A + Nη (F2, F1) with A = Σ|p_i d_i| and
/// N <= 3; the difference adds u·|difference| <= u(1 + γ_3)(A_p + A_q). So |error| <=
/// 4.1u·(A_p + A_q) + 6η, and the computed Â >= A(1 - 4u); |fl(s_p - s_q)| > 2^-48·(Â_p + Â_q)
/// + 2^-1000 decides. Overflow never decides (F3, F4). Otherwise the exact sign of the 2N
/// products: a double expansion under arith.hpp's range rule, else xf::Accumulator.
template <xf::Float T, std::size_t N>
[[nodiscard]] int dot_compare(const geo::Vec<T, N>& p, double sp, double ap, const geo::Vec<T, N>& q,
                              double sq, double aq, const geo::Vec<T, N>& d) {
  const double diff = sp - sq;
  const double bound = kRelErr * (ap + aq) + kAbsErr;
  if (diff > bound) return 1;
  if (-diff > bound) return -1;
  ++counters().expansions;
  bool in_double = std::is_same_v<T, float>;  // float products are exact in double
  if constexpr (std::is_same_v<T, double>) {  // arith.hpp's range rule for TwoProduct in double
    in_double = true;
    for (std::size_t i = 0; i < N; ++i)
      in_double = in_double && in_range(Lin<T>(p[i], q[i]), 0x1p-480, 0x1p480) &&
                  in_range(Lin<T>(d[i]), 0x1p-480, 0x1p480);
  }
  return in_double ? dot_sign_in<xf::Expansion<double, 4 * N>>(p, q, d) : dot_sign_in<xf::Accumulator<T>>(p, q, d);
}

}  // namespace detail

/// ref::extreme_points: each dot product is compared with the current extremes by a filter
/// (detail::dot_compare) and exactly when it cannot decide; ties keep the lowest index. No
/// Rational is built at all. d = 0: every point ties, (0, 0).
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Extremes> extreme_points(std::span<const geo::Vec<T, N>> points,
                                                   const geo::Vec<T, N>& dir) {
  ++counters().calls;
  bool ok = !points.empty() && detail::finite(dir);
  for (std::size_t k = 0; k < points.size() && ok; ++k) ok = detail::finite(points[k]);
  if (!ok) return detail::fallback(plain::extreme_points(points, dir));
  ref::Extremes r;
  bool zero = true;
  for (std::size_t i = 0; i < N; ++i) zero = zero && dir[i] == 0;
  if (zero) return r;
  double slo, alo;
  detail::dot_sums(points[0], dir, slo, alo);
  double shi = slo, ahi = alo;
  for (std::size_t k = 1; k < points.size(); ++k) {
    double s, a;
    detail::dot_sums(points[k], dir, s, a);
    if (detail::dot_compare(points[k], s, a, points[r.i_min], slo, alo, dir) < 0) {
      r.i_min = k;
      slo = s;
      alo = a;
    }
    if (detail::dot_compare(points[k], s, a, points[r.i_max], shi, ahi, dir) > 0) {
      r.i_max = k;
      shi = s;
      ahi = a;
    }
  }
  return r;
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Extremes> extreme_points(const std::vector<geo::Vec<T, N>>& points,
                                                   const geo::Vec<T, N>& dir) {
  return extreme_points(std::span<const geo::Vec<T, N>>(points), dir);
}

/// ref::bounds_of_sphere: c ± r as exact sums (exact_value: usually one TwoSum in double).
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_sphere(const geo::Vec<T, N>& center, T radius) {
  ++counters().calls;
  if (!detail::finite(center) || !std::isfinite(radius) || radius < 0)
    return detail::fallback(plain::bounds_of_sphere(center, radius));
  ref::Box<N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = exact_value(Lin<T>(center[i], -radius));
    r.hi[i] = exact_value(Lin<T>(center[i], radius));
  }
  return r;
}

// ---- Forwarded to the plain reference (counted as fallbacks) ----------------------------------

/// ref::transform, min–max: forwarded to the plain path (README: not filtered yet).
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> transform(const geo::Box<T, N>& box, const geo::Matrix<T, N>& m,
                                            const geo::Vec<T, N>& t) {
  ++counters().calls;
  return detail::fallback(plain::transform(box, m, t));
}

/// ref::transform, centre–extent: forwarded to the plain path.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::CenterExtent<N>> transform(const geo::CenterExtent<T, N>& box,
                                                     const geo::Matrix<T, N>& m, const geo::Vec<T, N>& t) {
  ++counters().calls;
  return detail::fallback(plain::transform(box, m, t));
}

/// ref::hill_climb: forwarded to the plain path.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::HillClimb> hill_climb(std::span<const geo::Vec<T, N>> points,
                                                const std::vector<std::vector<std::size_t>>& neighbors,
                                                const geo::Vec<T, N>& dir, std::size_t start) {
  ++counters().calls;
  return detail::fallback(plain::hill_climb(points, neighbors, dir, start));
}

}  // namespace aabb::filtered
