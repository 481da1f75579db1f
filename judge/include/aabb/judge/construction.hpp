#pragma once
/// The contracts of optimized/construction.hpp as code (docs/contracts.md, "Construction and update"): each
/// judge takes the float inputs and a float answer, computes the exact answer with the reference
/// and returns the first broken clause, or nothing. Valid, finite inputs only (the reference's
/// domain); the non-finite answers are pinned by example tests.

#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "aabb/judge/contract.hpp"
#include "aabb/filtered/dispatch.hpp"
#include "aabb/judge/ulp.hpp"
#include "aabb/judge/violation.hpp"
#include "aabb/optimized/construction.hpp"
#include "aabb/reference.hpp"

namespace aabb::judge {

/// The exact answers: the filtered evaluator, or the plain reference when AABB_EXACT=plain
/// (filtered/include/aabb/filtered/dispatch.hpp).
namespace fx = aabb::filtered::dispatch;

namespace detail {

/// The exact image of a box of either form under M, t (valid, finite input).
template <class Box, class M, class V>
[[nodiscard]] auto exact_transform(const Box& box, const M& m, const V& t) {
  return ref::transform(geometry::map(box, ref::exact_value), geometry::map(m, ref::exact_value),
                        geometry::map(t, ref::exact_value))
      .value();
}

/// "x (hex) vs exact q".
template <opt::Float T>
[[nodiscard]] std::string show(T x, const ref::Rational& q) {
  return ref::hex(x) + " vs exact " + ref::to_string(q);
}

/// Checks one bound of a box; `what` names it ("hi[2]").
template <opt::Float T>
[[nodiscard]] std::optional<Violation> directed_bound(T x, const ref::Rational& q, bool up,
                                                     const std::string& what) {
  if (is_directed_rounding(x, q, up)) return std::nullopt;
  // Outward but a step or more away, or inward (judge/contract.hpp's conservative rule).
  Judgement j;
  judge_bound(j, what, x, q, up, Contract{Contract::Kind::Conservative, std::nullopt});
  if (!j.faulty()) return Violation{"rounded outward, under 1 ulp", what + ": " + show(x, q)};
  return Violation{"conservative", what + ": " + show(x, q)};
}

template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> directed_box(const opt::Box<T, N>& got, const ref::Box<N>& exact) {
  for (std::size_t i = 0; i < N; ++i) {
    if (auto v = directed_bound(got.lo[i], exact.lo[i], false, "lo[" + std::to_string(i) + "]")) return v;
    if (auto v = directed_bound(got.hi[i], exact.hi[i], true, "hi[" + std::to_string(i) + "]")) return v;
  }
  return std::nullopt;
}

}  // namespace detail

/// bounds_of_sphere: each bound is the exact c ± r rounded outward (directed rounding).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> bounds_of_sphere(const opt::Vec<T, N>& c, T r,
                                                        const opt::Box<T, N>& got) {
  const auto exact = fx::bounds_of_sphere(c, r).value();
  return detail::directed_box(got, exact);
}

namespace detail {

/// One bound of bounds_of_sphere_loose for finite c[i] and r, any sign of r (docs/contracts.md,
/// "bounds_of_sphere_loose"): conservative (hi >= q, lo <= q exactly; ±inf count beyond
/// every rational) and at most one step beyond the directed bound, which is the same as less than
/// 2 steps of T's grid from q (judge::grid_distance: ±inf is the grid point past ±max).
template <opt::Float T>
[[nodiscard]] std::optional<Violation> loose_sphere_bound(T x, const ref::Rational& q, bool up,
                                                          const std::string& what) {
  if (std::isnan(x)) return Violation{"conservative", what + ": " + ref::hex(x) + " vs exact " + ref::to_string(q)};
  const int side = judge::detail::contract::compare(x, q);
  if (up ? side < 0 : side > 0) return Violation{"conservative", what + ": " + show(x, q)};
  if (*grid_distance(x, q) >= 2)
    return Violation{"at most one step beyond the directed bound", what + ": " + show(x, q)};
  return std::nullopt;
}

/// Axis i of bounds_of_sphere_loose for finite c[i] and r: both bounds (shared with
/// nonfinite.hpp, which judges the finite axes of an input with a non-finite one the same way).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> loose_sphere_axis(const opt::Vec<T, N>& c, T r, const opt::Box<T, N>& got,
                                                         std::size_t i) {
  const ref::Rational ec = ref::exact(c[i]).value(), er = ref::exact(r).value();
  const std::string ax = "[" + std::to_string(i) + "]";
  if (auto v = loose_sphere_bound(got.lo[i], ref::Rational(ec - er), false, "lo" + ax)) return v;
  return loose_sphere_bound(got.hi[i], ref::Rational(ec + er), true, "hi" + ax);
}

}  // namespace detail

/// bounds_of_sphere_loose, finite c and r (r < 0 too: the same rule): each bound conservative
/// and at most one step beyond bounds_of_sphere's. Non-finite inputs: nonfinite.hpp.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> bounds_of_sphere_loose(const opt::Vec<T, N>& c, T r,
                                                              const opt::Box<T, N>& got) {
  for (std::size_t i = 0; i < N; ++i)
    if (auto v = detail::loose_sphere_axis(c, r, got, i)) return v;
  return std::nullopt;
}

/// transform, min–max: each bound is the exact bound rounded outward (directed rounding).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> transform(const opt::Box<T, N>& box, const opt::Matrix<T, N>& m,
                                                 const opt::Vec<T, N>& t, const opt::Box<T, N>& got) {
  const auto exact = detail::exact_transform(box, m, t);
  return detail::directed_box(got, exact);
}

namespace detail {

/// One row of the centre–radius contract, given the exact centre qc and extent qe of that row
/// (shared with judge/nonfinite.hpp, which judges negative extents with the same clauses).
template <opt::Float T>
[[nodiscard]] std::optional<Violation> centre_radius_row(T c, T e, const ref::Rational& qc,
                                                         const ref::Rational& qe, const std::string& axis) {
  const ref::Rational max = ref::exact(std::numeric_limits<T>::max()).value();
  if (!std::isfinite(c)) return Violation{"finite centre", "center" + axis + ": " + show(c, qc)};
  const ref::Rational ec = ref::exact(c).value();
  if (qc > max || qc < -max) {
    if (ec != (qc > 0 ? max : ref::Rational(-max)))
      return Violation{"centre beyond range is ±max", "center" + axis + ": " + show(c, qc)};
  } else if (*ulp_distance(c, qc) > ref::Rational(1, 2)) {
    return Violation{"centre correctly rounded", "center" + axis + ": " + show(c, qc)};
  } else if (*ulp_distance(c, qc) == ref::Rational(1, 2)) {
    // A tie must go to the neighbour with an even last significand bit, as the hardware does.
    if ((static_cast<unsigned long long>(std::bit_cast<Bits<T>>(c)) & 1u) != 0)
      return Violation{"centre ties to even", "center" + axis + ": " + show(c, qc)};
  }
  const ref::Rational d = qc > ec ? ref::Rational(qc - ec) : ref::Rational(ec - qc);
  const ref::Rational need = qe + d;
  if (!is_directed_rounding(e, need, true)) {
    const bool covers = std::isinf(e) ? e > 0 : ref::exact(e).value() >= need;
    return Violation{covers ? "extent rounded up, under 1 ulp" : "conservative",
                     "extent" + axis + ": " + show(e, need)};
  }
  return std::nullopt;
}

}  // namespace detail

/// transform, centre–radius: the float box [c - e, c + e] (exact bounds) contains the exact
/// box; the centre is correctly rounded (within 1/2 ulp; ±max when the exact centre is beyond
/// T's range); the extent is e' + |c' - c_T| rounded up.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> transform(const opt::CenterExtent<T, N>& box,
                                                 const opt::Matrix<T, N>& m, const opt::Vec<T, N>& t,
                                                 const opt::CenterExtent<T, N>& got) {
  const auto exact = detail::exact_transform(box, m, t);
  for (std::size_t i = 0; i < N; ++i)
    if (auto v = detail::centre_radius_row(got.center[i], got.extent[i], exact.center[i], exact.extent[i],
                                           "[" + std::to_string(i) + "]"))
      return v;
  return std::nullopt;
}

namespace detail {

/// transform_conservative's allowance for a row of magnitude a: 2^-(p-4)·a + 2^(e+1), with
/// (p, e) = (53, -1020) for double and (24, -124) for float.
template <opt::Float T>
[[nodiscard]] ref::Rational loose_allowance(const ref::Rational& a) {
  constexpr bool is_double = std::is_same_v<T, double>;
  return a * ref::exact(is_double ? 0x1p-49 : 0x1p-20).value() + ref::exact(is_double ? 0x1p-1019 : 0x1p-123).value();
}

/// |x| for an exact value.
[[nodiscard]] inline ref::Rational magnitude(const ref::Rational& q) {
  return q < 0 ? ref::Rational(-q) : q;
}

/// x on q's outer side (`up`: x >= q) and at most δ from it; or, when q lies beyond T's range,
/// transform's directed rounding of it (the rows near the range's top go to transform): ±inf
/// outward, ±max inward.
template <opt::Float T>
[[nodiscard]] std::optional<Violation> loose_bound(T x, const ref::Rational& q, const ref::Rational& delta, bool up,
                                                   const std::string& what) {
  const ref::Rational max = ref::exact(std::numeric_limits<T>::max()).value();
  if ((q > max || q < -max) && is_directed_rounding(x, q, up)) return std::nullopt;
  if (!std::isfinite(x)) return Violation{"finite within T's range", what + ": " + show(x, q)};
  const ref::Rational e = ref::exact(x).value();
  if (up ? e < q : e > q) return Violation{"conservative", what + ": " + show(x, q)};
  if (magnitude(e - q) > delta)
    return Violation{"within 2^-(p-4)·A + 2^(e+1)", what + ": " + show(x, q) + ", allowance " + ref::to_string(delta)};
  return std::nullopt;
}

}  // namespace detail

/// transform_conservative, min–max (docs/contracts.md, "transform_conservative"): each bound on
/// the outer side of the exact bound s and within δ = 2^-(p-4)·A + 2^(e+1) of it, with
/// A = |t[i]| + Σj |M[i][j]|·(|lo[j]| + |hi[j]|). Valid, finite input only.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> transform_conservative(const opt::Box<T, N>& box, const opt::Matrix<T, N>& m,
                                                              const opt::Vec<T, N>& t, const opt::Box<T, N>& got) {
  const auto exact = detail::exact_transform(box, m, t);
  for (std::size_t i = 0; i < N; ++i) {
    ref::Rational a = ref::exact(std::fabs(t[i])).value();
    for (std::size_t j = 0; j < N; ++j)
      a += ref::exact(std::fabs(m[i][j])).value() *
           (ref::exact(std::fabs(box.lo[j])).value() + ref::exact(std::fabs(box.hi[j])).value());
    const ref::Rational delta = detail::loose_allowance<T>(a);
    const std::string axis = "[" + std::to_string(i) + "]";
    if (auto v = detail::loose_bound(got.lo[i], exact.lo[i], delta, false, "lo" + axis)) return v;
    if (auto v = detail::loose_bound(got.hi[i], exact.hi[i], delta, true, "hi" + axis)) return v;
  }
  return std::nullopt;
}

/// transform_conservative, centre–radius: the box [c - e, c + e] contains the exact one
/// (e >= e' + |c' - c|, which also makes e at least that need's lower bound); the centre within
/// 2^-(p-4)·A_c + 2^(e+1) of the exact c' (A_c = |t[i]| + Σj |M[i][j]·c[j]|); the extent at most
/// 2^-(p-4)·(A_c + e') + 2^(e+1) above e' + |c' - c|.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> transform_conservative(const opt::CenterExtent<T, N>& box,
                                                              const opt::Matrix<T, N>& m, const opt::Vec<T, N>& t,
                                                              const opt::CenterExtent<T, N>& got) {
  const auto exact = detail::exact_transform(box, m, t);
  for (std::size_t i = 0; i < N; ++i) {
    const std::string axis = "[" + std::to_string(i) + "]";
    const T c = got.center[i], e = got.extent[i];
    const ref::Rational& qc = exact.center[i];
    if (!std::isfinite(c)) return Violation{"finite centre", "center" + axis + ": " + detail::show(c, qc)};
    const ref::Rational max = ref::exact(std::numeric_limits<T>::max()).value();
    if (qc > max || qc < -max) {
      // Beyond T's range, transform's rule: the centre ±max and the extent covering the rest.
      if (c != (qc > 0 ? std::numeric_limits<T>::max() : -std::numeric_limits<T>::max()))
        return Violation{"centre beyond range is ±max", "center" + axis + ": " + detail::show(c, qc)};
      const ref::Rational need = exact.extent[i] + detail::magnitude(qc - ref::exact(c).value());
      if (!(std::isinf(e) ? e > 0 : ref::exact(e).value() >= need))
        return Violation{"conservative", "extent" + axis + ": " + detail::show(e, need)};
      continue;
    }
    ref::Rational ac = ref::exact(std::fabs(t[i])).value();
    for (std::size_t j = 0; j < N; ++j) ac += detail::magnitude(ref::exact(m[i][j]).value() * ref::exact(box.center[j]).value());
    const ref::Rational off = detail::magnitude(qc - ref::exact(c).value());
    if (off > detail::loose_allowance<T>(ac))
      return Violation{"centre within 2^-(p-4)·A + 2^(e+1)", "center" + axis + ": " + detail::show(c, qc) +
                                                                 ", allowance " + ref::to_string(detail::loose_allowance<T>(ac))};
    const ref::Rational need = exact.extent[i] + off;
    if (auto v = detail::loose_bound(e, need, detail::loose_allowance<T>(ac + exact.extent[i]), true, "extent" + axis))
      return v;
  }
  return std::nullopt;
}

/// extreme_points: both indices equal the exact ones (lowest index on ties).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> extreme_points(const std::vector<opt::Vec<T, N>>& points,
                                                      const opt::Vec<T, N>& dir, std::size_t i_min,
                                                      std::size_t i_max) {
  const auto exact = fx::extreme_points(std::span<const opt::Vec<T, N>>(points), dir).value();
  if (i_min != exact.i_min)
    return Violation{"exact i_min", std::to_string(i_min) + " vs exact " + std::to_string(exact.i_min)};
  if (i_max != exact.i_max)
    return Violation{"exact i_max", std::to_string(i_max) + " vs exact " + std::to_string(exact.i_max)};
  return std::nullopt;
}

/// hill_climb: on valid input the answer is one of the exact maximal indices; on invalid input
/// (the reference rejects it) the answer is a local maximum: no neighbour strictly higher.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> hill_climb(const std::vector<opt::Vec<T, N>>& points,
                                                  const std::vector<std::vector<std::size_t>>& neighbors,
                                                  const opt::Vec<T, N>& dir, std::size_t start,
                                                  std::size_t got) {
  std::vector<ref::Vec<N>> ps;
  for (const auto& p : points) ps.push_back(geometry::map(p, ref::exact_value));
  const auto d = geometry::map(dir, ref::exact_value);
  if (got >= points.size()) return Violation{"index in range", std::to_string(got)};
  const auto exact = ref::hill_climb(ps, neighbors, d, start);
  if (exact.ok()) {
    for (std::size_t k : exact.value().indices)
      if (k == got) return std::nullopt;
    return Violation{"exact maximum on valid input", "vertex " + std::to_string(got) + " has " +
                                                         ref::to_string(ref::dot(ps[got], d)) +
                                                         ", maximum " + ref::to_string(exact.value().value)};
  }
  const ref::Rational here = ref::dot(ps[got], d);
  for (std::size_t u : neighbors[got])
    if (u < ps.size() && ref::dot(ps[u], d) > here)
      return Violation{"local maximum on invalid input",
                       "vertex " + std::to_string(got) + " has higher neighbour " + std::to_string(u)};
  return std::nullopt;
}

}  // namespace aabb::judge
