#pragma once
/// The documented answers of optimized/ to input OUTSIDE the reference's domain, as code: NaN,
/// ±infinity, inverted boxes, negative extents or radii, bad ray ranges, empty lists, bad
/// graphs (docs/contracts.md, the "Non-finite and invalid input" paragraphs of each section, and
/// the `///` comments in optimized/). The other judges take valid, finite input only; these take
/// the rest. Each returns the first broken clause or nothing. `in_domain` tells which judge
/// applies. Where part of an input is in the domain (a finite row of a transform, the finite
/// points of extreme_points) that part is judged by the ordinary judge or exactly here.

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aabb/judge/construction.hpp"
#include "aabb/judge/moving.hpp"
#include "aabb/judge/static.hpp"
#include "aabb/judge/ulp.hpp"
#include "aabb/judge/violation.hpp"

namespace aabb::judge::nonfinite {

// ---- Which inputs the reference accepts ------------------------------------------------------

template <opt::Float T, std::size_t N>
[[nodiscard]] bool in_domain(const opt::Vec<T, N>& v) {
  for (T x : v)
    if (!std::isfinite(x)) return false;
  return true;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] bool in_domain(const opt::Box<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (!(std::isfinite(b.lo[i]) && std::isfinite(b.hi[i]) && b.lo[i] <= b.hi[i])) return false;
  return true;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] bool in_domain(const opt::CenterExtent<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (!(std::isfinite(b.center[i]) && std::isfinite(b.extent[i]) && b.extent[i] >= 0))
      return false;
  return true;
}

namespace detail {

inline std::string yes_no(bool b) {
  return b ? "true" : "false";
}

template <opt::Float T, std::size_t N>
[[nodiscard]] bool has_nan(const opt::Vec<T, N>& v) {
  for (T x : v)
    if (std::isnan(x)) return true;
  return false;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] bool has_nan(const opt::Box<T, N>& b) {
  return has_nan(b.lo) || has_nan(b.hi);
}
template <opt::Float T, std::size_t N>
[[nodiscard]] bool inverted(const opt::Box<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (b.lo[i] > b.hi[i]) return true;
  return false;
}

/// Same value, NaN matching NaN (the documented NaN propagation), -0 matching +0.
template <opt::Float T>
[[nodiscard]] bool same(T got, T want) {
  return std::isnan(want) ? std::isnan(got) : got == want;
}

template <opt::Float T>
[[nodiscard]] std::optional<Violation> same_value(T got, T want, const std::string& clause,
                                                  const std::string& what) {
  if (same(got, want)) return std::nullopt;
  return Violation{clause, what + ": " + ref::hex(got) + ", documented " + ref::hex(want)};
}

[[nodiscard]] inline std::optional<Violation> same_bool(bool got, bool want,
                                                        const std::string& clause) {
  if (got == want) return std::nullopt;
  return Violation{clause, yes_no(got) + " vs documented " + yes_no(want)};
}

/// One axis of the centre–extent decisions |y - x| <= a + b (contains: b = 0): exact when the
/// four values are finite; otherwise the float filter's answer (docs/contracts.md): NaN → false,
/// |fl(y - x)| < fl(a + b) → true, > → false, and a tie of infinities → false.
template <opt::Float T>
[[nodiscard]] bool ce_axis(T x, T y, T a, T b) {
  if (std::isfinite(x) && std::isfinite(y) && std::isfinite(a) && std::isfinite(b)) {
    const ref::Rational d = ref::exact(y).value() - ref::exact(x).value();
    return abs(d) <= ref::exact(a).value() + ref::exact(b).value();
  }
  const T gap = std::fabs(y - x), reach = a + b;
  return gap < reach;  // false for NaN and for a tie, which is only possible between infinities
}

/// The exact value of a finite row t + Σj m[j]·v[j].
template <opt::Float T, std::size_t N>
[[nodiscard]] ref::Rational exact_row(T t, const opt::Vec<T, N>& m, const opt::Vec<T, N>& v) {
  ref::Rational s = ref::exact(t).value();
  for (std::size_t j = 0; j < N; ++j) s += ref::exact(m[j]).value() * ref::exact(v[j]).value();
  return s;
}

/// A bound of bounds_of_sphere with r < 0: directed rounding as for r >= 0; and where the exact
/// bound is beyond T's range, also ±inf on its side, the header's overflow rule ("beyond T's
/// range a bound is ±inf"). With r < 0 the lower bound c - r can exceed +max, where rounding
/// down would give max; optimized/ gives +inf (fuzz/regressions/construction/).
template <opt::Float T>
[[nodiscard]] std::optional<Violation> sphere_bound(T x, const ref::Rational& q, bool up,
                                                    const std::string& what) {
  const ref::Rational max = ref::exact(std::numeric_limits<T>::max()).value();
  if ((q > max || q < -max) && std::isinf(x) && (x > 0) == (q > 0)) return std::nullopt;
  return judge::detail::directed_bound(x, q, up, what);
}

}  // namespace detail

// ---- Static tests (optimized/static.hpp) -----------------------------------------------------

/// contains, min–max, outside the domain: NaN anywhere → false; an inverted box contains
/// nothing; ±inf compare as the extended reals.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> contains(const opt::Box<T, N>& box, const opt::Vec<T, N>& p,
                                                bool got) {
  bool want = !detail::has_nan(box) && !detail::has_nan(p) && !detail::inverted(box);
  for (std::size_t i = 0; i < N && want; ++i) want = box.lo[i] <= p[i] && p[i] <= box.hi[i];
  return detail::same_bool(got, want, "contains: documented non-finite/inverted answer");
}

/// overlap, min–max, outside the domain: NaN anywhere → false; an inverted box is empty;
/// ±inf compare as the extended reals.
template <opt::Float T, std::size_t N>
[[nodiscard]] bool overlap_documented(const opt::Box<T, N>& a, const opt::Box<T, N>& b) {
  bool want =
      !detail::has_nan(a) && !detail::has_nan(b) && !detail::inverted(a) && !detail::inverted(b);
  for (std::size_t i = 0; i < N && want; ++i) want = a.lo[i] <= b.hi[i] && b.lo[i] <= a.hi[i];
  return want;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> overlap(const opt::Box<T, N>& a, const opt::Box<T, N>& b,
                                               bool got) {
  return detail::same_bool(got, overlap_documented(a, b),
                           "overlap: documented non-finite/inverted answer");
}

/// intersection outside the domain: present exactly when the documented overlap holds, and
/// then per axis the greater lo and the lesser hi (input bounds, extended reals).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> intersection(const opt::Box<T, N>& a,
                                                    const opt::Box<T, N>& b,
                                                    const std::optional<opt::Box<T, N>>& got) {
  const bool want = overlap_documented(a, b);
  if (got.has_value() != want)
    return Violation{
        "intersection: documented non-finite/inverted answer",
        "present " + detail::yes_no(got.has_value()) + " vs documented " + detail::yes_no(want)};
  if (!got) return std::nullopt;
  for (std::size_t i = 0; i < N; ++i) {
    const std::string ax = "[" + std::to_string(i) + "]";
    if (auto v = detail::same_value(got->lo[i], a.lo[i] < b.lo[i] ? b.lo[i] : a.lo[i],
                                    "intersection of extended-real boxes is exact", "lo" + ax))
      return v;
    if (auto v = detail::same_value(got->hi[i], b.hi[i] < a.hi[i] ? b.hi[i] : a.hi[i],
                                    "intersection of extended-real boxes is exact", "hi" + ax))
      return v;
  }
  return std::nullopt;
}

/// union_of outside the domain: per axis the least lo and the greatest hi; a NaN bound makes
/// that result bound NaN; no validation (inverted boxes are taken as given).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> union_of(const opt::Box<T, N>& a, const opt::Box<T, N>& b,
                                                const opt::Box<T, N>& got) {
  constexpr T nan = std::numeric_limits<T>::quiet_NaN();
  for (std::size_t i = 0; i < N; ++i) {
    const std::string ax = "[" + std::to_string(i) + "]";
    const T lo = std::isnan(a.lo[i]) || std::isnan(b.lo[i]) ? nan : std::min(a.lo[i], b.lo[i]);
    const T hi = std::isnan(a.hi[i]) || std::isnan(b.hi[i]) ? nan : std::max(a.hi[i], b.hi[i]);
    if (auto v =
            detail::same_value(got.lo[i], lo, "union_of: documented NaN/inf answer", "lo" + ax))
      return v;
    if (auto v =
            detail::same_value(got.hi[i], hi, "union_of: documented NaN/inf answer", "hi" + ax))
      return v;
  }
  return std::nullopt;
}

/// contains_box outside the domain: NaN anywhere → false; otherwise a.lo <= b.lo and b.hi <= a.hi
/// on every axis as the extended reals compare, inverted boxes taken as given (an inverted a
/// contains no valid b; the empty box lo = +inf, hi = -inf lies in every box).
template <opt::Float T, std::size_t N>
[[nodiscard]] bool contains_box_documented(const opt::Box<T, N>& a, const opt::Box<T, N>& b) {
  bool want = !detail::has_nan(a) && !detail::has_nan(b);
  for (std::size_t i = 0; i < N && want; ++i) want = a.lo[i] <= b.lo[i] && b.hi[i] <= a.hi[i];
  return want;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> contains_box(const opt::Box<T, N>& a, const opt::Box<T, N>& b,
                                                    bool got) {
  return detail::same_bool(got, contains_box_documented(a, b),
                           "contains_box: documented non-finite/inverted answer");
}

/// classify outside the domain: Contains when the documented contains_box holds, else
/// Intersects when the documented overlap holds, else Disjoint (NaN anywhere → Disjoint).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> classify(const opt::Box<T, N>& a, const opt::Box<T, N>& b,
                                                opt::Containment got) {
  const opt::Containment want = contains_box_documented(a, b) ? opt::Containment::Contains
                                : overlap_documented(a, b)    ? opt::Containment::Intersects
                                                              : opt::Containment::Disjoint;
  if (got == want) return std::nullopt;
  return Violation{"classify: documented non-finite/inverted answer",
                   std::to_string(static_cast<int>(got)) + " vs documented " + std::to_string(static_cast<int>(want))};
}

/// bounds_of_points outside the domain: an empty list gives the empty box (judge::bounds_of_points
/// checks it); a NaN coordinate makes both bounds of its axis NaN; ±inf are ordinary values.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> bounds_of_points(std::span<const opt::Vec<T, N>> points,
                                                        const opt::Box<T, N>& got) {
  if (points.empty()) return judge::bounds_of_points(points, got);
  for (std::size_t i = 0; i < N; ++i) {
    T lo = std::numeric_limits<T>::infinity(), hi = -lo;
    bool nan = false;
    for (const auto& p : points) {
      nan = nan || std::isnan(p[i]);
      lo = std::min(lo, p[i]);
      hi = std::max(hi, p[i]);
    }
    if (nan) lo = hi = std::numeric_limits<T>::quiet_NaN();
    const std::string ax = "[" + std::to_string(i) + "]";
    if (auto v = detail::same_value(got.lo[i], lo, "bounds_of_points: documented NaN/inf answer",
                                    "lo" + ax))
      return v;
    if (auto v = detail::same_value(got.hi[i], hi, "bounds_of_points: documented NaN/inf answer",
                                    "hi" + ax))
      return v;
  }
  return std::nullopt;
}

/// contains, centre–extent, outside the domain: a negative extent contains nothing (the exact
/// formula gives that); NaN → false; infinities: the float filter's answer (detail::ce_axis).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> contains(const opt::CenterExtent<T, N>& box,
                                                const opt::Vec<T, N>& p, bool got) {
  bool want = true;
  for (std::size_t i = 0; i < N && want; ++i)
    want = detail::ce_axis(box.center[i], p[i], box.extent[i], T(0));
  return detail::same_bool(got, want, "centre-extent contains: documented non-finite answer");
}

/// overlap, centre–extent, outside the domain: negative extents give the exact value of
/// |cb - ca| <= ea + eb; NaN → false; infinities: the float filter's answer.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> overlap(const opt::CenterExtent<T, N>& a,
                                               const opt::CenterExtent<T, N>& b, bool got) {
  bool want = true;
  for (std::size_t i = 0; i < N && want; ++i)
    want = detail::ce_axis(a.center[i], b.center[i], a.extent[i], b.extent[i]);
  return detail::same_bool(got, want, "centre-extent overlap: documented non-finite answer");
}

// ---- Moving tests (optimized/moving.hpp): every invalid input is a miss with NaN times -------

template <opt::Float T>
[[nodiscard]] std::optional<Violation> miss(const opt::SweepResult<T>& r) {
  if (!r.hit && std::isnan(r.t_first) && std::isnan(r.t_last)) return std::nullopt;
  return Violation{
      "invalid input is a miss with NaN times",
      "hit " + detail::yes_no(r.hit) + ", " + ref::hex(r.t_first) + ", " + ref::hex(r.t_last)};
}
template <opt::Float T>
[[nodiscard]] std::optional<Violation> miss(const opt::MovingResult<T>& r) {
  if (!r.hit && std::isnan(r.t_enter)) return std::nullopt;
  return Violation{"invalid input is a miss with NaN times",
                   "hit " + detail::yes_no(r.hit) + ", " + ref::hex(r.t_enter)};
}
template <opt::Float T>
[[nodiscard]] std::optional<Violation> miss(const opt::RayResult<T>& r) {
  if (!r.hit && std::isnan(r.t_enter) && std::isnan(r.t_exit)) return std::nullopt;
  return Violation{
      "invalid input is a miss with NaN times",
      "hit " + detail::yes_no(r.hit) + ", " + ref::hex(r.t_enter) + ", " + ref::hex(r.t_exit)};
}

/// Whether a ray query is in the reference's domain: a valid finite box, finite origin,
/// direction and t_min, t_max finite or +inf, t_min <= t_max.
template <opt::Float T, std::size_t N>
[[nodiscard]] bool ray_in_domain(const opt::Box<T, N>& box, const opt::Vec<T, N>& o,
                                 const opt::Vec<T, N>& d, T t_min, T t_max) {
  return in_domain(box) && in_domain(o) && in_domain(d) && std::isfinite(t_min) &&
         (std::isfinite(t_max) || t_max == std::numeric_limits<T>::infinity()) && t_min <= t_max;
}

// ---- Construction (optimized/construction.hpp) ------------------------------------------------

/// bounds_of_sphere outside the domain: per axis, a finite c[i] with a finite r < 0 gives the
/// inverted box with the same directed rounding (lo = c - r rounded down, hi = c + r rounded
/// up); a non-finite c[i] or r gives the IEEE sums c[i] - r, c[i] + r (NaN propagates).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> bounds_of_sphere(const opt::Vec<T, N>& c, T r,
                                                        const opt::Box<T, N>& got) {
  for (std::size_t i = 0; i < N; ++i) {
    const std::string ax = "[" + std::to_string(i) + "]";
    if (std::isfinite(c[i]) && std::isfinite(r)) {
      const ref::Rational ec = ref::exact(c[i]).value(), er = ref::exact(r).value();
      if (auto v = detail::sphere_bound(got.lo[i], ref::Rational(ec - er), false, "lo" + ax))
        return v;
      if (auto v = detail::sphere_bound(got.hi[i], ref::Rational(ec + er), true, "hi" + ax))
        return v;
      continue;
    }
    const std::string clause = "bounds_of_sphere: documented non-finite answer (IEEE c -/+ r)";
    if (auto v = detail::same_value(got.lo[i], T(c[i] - r), clause, "lo" + ax)) return v;
    if (auto v = detail::same_value(got.hi[i], T(c[i] + r), clause, "hi" + ax)) return v;
  }
  return std::nullopt;
}

/// bounds_of_sphere_loose with a non-finite c[i] or r: per axis, the IEEE sums s = c[i] + r and
/// c[i] - r, a hi of -inf stepped to -max and a lo of +inf to max, ±inf and NaN kept otherwise
/// (the step of optimized's detail::step_up on a non-finite sum); a finite axis keeps its
/// contract (judge::bounds_of_sphere_loose).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> bounds_of_sphere_loose(const opt::Vec<T, N>& c, T r,
                                                              const opt::Box<T, N>& got) {
  constexpr T inf = std::numeric_limits<T>::infinity(), max = std::numeric_limits<T>::max();
  for (std::size_t i = 0; i < N; ++i) {
    if (std::isfinite(c[i]) && std::isfinite(r)) {
      if (auto v = judge::detail::loose_sphere_axis(c, r, got, i)) return v;
      continue;
    }
    const std::string ax = "[" + std::to_string(i) + "]";
    const std::string clause = "documented non-finite answer (IEEE c -/+ r, stepped)";
    const T lo = T(c[i] - r), hi = T(c[i] + r);
    if (auto v = detail::same_value(got.lo[i], lo == inf ? max : lo, clause, "lo" + ax)) return v;
    if (auto v = detail::same_value(got.hi[i], hi == -inf ? -max : hi, clause, "hi" + ax)) return v;
  }
  return std::nullopt;
}

/// transform, min–max, outside the domain: a row whose box, M row or t entry is not finite
/// gets the naive IEEE sum t[i] + Σj m[i][j]·(corner), the corner picked by !(m < 0); a finite
/// row keeps its contract, an inverted box giving the image of the same corners (each bound the
/// exact corner sum rounded outward).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> transform(const opt::Box<T, N>& box,
                                                 const opt::Matrix<T, N>& m,
                                                 const opt::Vec<T, N>& t,
                                                 const opt::Box<T, N>& got) {
  const bool box_finite = in_domain(box.lo) && in_domain(box.hi);
  for (std::size_t i = 0; i < N; ++i) {
    const std::string ax = "[" + std::to_string(i) + "]";
    opt::Vec<T, N> lo_corner, hi_corner;
    for (std::size_t j = 0; j < N; ++j) {
      const bool pos = !(m[i][j] < 0);
      lo_corner[j] = pos ? box.lo[j] : box.hi[j];
      hi_corner[j] = pos ? box.hi[j] : box.lo[j];
    }
    if (box_finite && in_domain(m[i]) && std::isfinite(t[i])) {
      if (auto v = judge::detail::directed_bound(
              got.lo[i], detail::exact_row(t[i], m[i], lo_corner), false, "lo" + ax))
        return v;
      if (auto v = judge::detail::directed_bound(
              got.hi[i], detail::exact_row(t[i], m[i], hi_corner), true, "hi" + ax))
        return v;
      continue;
    }
    T lo = t[i], hi = t[i];
    for (std::size_t j = 0; j < N; ++j) {
      lo += m[i][j] * lo_corner[j];
      hi += m[i][j] * hi_corner[j];
    }
    const std::string clause = "transform: documented non-finite row (naive IEEE sum)";
    if (auto v = detail::same_value(got.lo[i], lo, clause, "lo" + ax)) return v;
    if (auto v = detail::same_value(got.hi[i], hi, clause, "hi" + ax)) return v;
  }
  return std::nullopt;
}

/// transform, centre–radius, outside the domain: a row with a non-finite input gets the naive
/// IEEE values c = t[i] + Σj m[i][j]·c[j], e = Σj |m[i][j]|·e[j]; a finite row keeps the
/// contract, a negative extent being used as given in the exact formula e' = Σj |m[i][j]|·e[j].
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> transform(const opt::CenterExtent<T, N>& box,
                                                 const opt::Matrix<T, N>& m,
                                                 const opt::Vec<T, N>& t,
                                                 const opt::CenterExtent<T, N>& got) {
  const bool box_finite = in_domain(box.center) && in_domain(box.extent);
  for (std::size_t i = 0; i < N; ++i) {
    const std::string ax = "[" + std::to_string(i) + "]";
    if (box_finite && in_domain(m[i]) && std::isfinite(t[i])) {
      ref::Rational qe = 0;
      for (std::size_t j = 0; j < N; ++j)
        qe += abs(ref::Rational(ref::exact(m[i][j]).value())) * ref::exact(box.extent[j]).value();
      if (auto v = judge::detail::centre_radius_row(
              got.center[i], got.extent[i], detail::exact_row(t[i], m[i], box.center), qe, ax))
        return v;
      continue;
    }
    T c = t[i], e = 0;
    for (std::size_t j = 0; j < N; ++j) {
      c += m[i][j] * box.center[j];
      e += std::fabs(m[i][j]) * box.extent[j];
    }
    const std::string clause = "transform (centre-radius): documented non-finite row";
    if (auto v = detail::same_value(got.center[i], c, clause, "center" + ax)) return v;
    if (auto v = detail::same_value(got.extent[i], e, clause, "extent" + ax)) return v;
  }
  return std::nullopt;
}

/// extreme_points outside the domain: n == 0 or a non-finite d gives {n, n}; points with a
/// non-finite coordinate are skipped ({n, n} if all are); among the finite points the indices
/// are the exact ones, lowest on ties (judge::extreme_points on the finite points).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> extreme_points(const std::vector<opt::Vec<T, N>>& points,
                                                      const opt::Vec<T, N>& dir, std::size_t i_min,
                                                      std::size_t i_max) {
  const std::size_t n = points.size();
  std::vector<opt::Vec<T, N>> kept;
  std::vector<std::size_t> where(n, n);  // position of a finite point among the kept ones
  if (in_domain(dir))
    for (std::size_t k = 0; k < n; ++k)
      if (in_domain(points[k])) {
        where[k] = kept.size();
        kept.push_back(points[k]);
      }
  if (kept.empty()) {
    if (i_min == n && i_max == n) return std::nullopt;
    return Violation{
        "extreme_points: no finite point or d gives {n, n}",
        std::to_string(i_min) + ", " + std::to_string(i_max) + " vs " + std::to_string(n)};
  }
  if (i_min >= n || i_max >= n || where[i_min] == n || where[i_max] == n)
    return Violation{"extreme_points: indices name finite points",
                     std::to_string(i_min) + ", " + std::to_string(i_max)};
  return judge::extreme_points(kept, dir, where[i_min], where[i_max]);
}

/// hill_climb outside the domain (non-finite points or d, out-of-range neighbour indices, a
/// start >= n): start >= n gives {n, 0}; a non-finite d or start vertex gives {start, 0};
/// otherwise the climb ends at a finite vertex after at most n - 1 steps, and no in-range
/// neighbour with finite coordinates is strictly higher (compared exactly).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> hill_climb(
    const std::vector<opt::Vec<T, N>>& points,
    const std::vector<std::vector<std::size_t>>& neighbors, const opt::Vec<T, N>& dir,
    std::size_t start, std::size_t got, std::size_t steps) {
  const std::size_t n = points.size();
  const std::string answer = std::to_string(got) + " after " + std::to_string(steps) + " steps";
  if (start >= n) {
    if (got == n && steps == 0) return std::nullopt;
    return Violation{"hill_climb: start out of range gives {n, 0}", answer};
  }
  if (!in_domain(dir) || !in_domain(points[start])) {
    if (got == start && steps == 0) return std::nullopt;
    return Violation{"hill_climb: non-finite d or start gives {start, 0}", answer};
  }
  if (got >= n || !in_domain(points[got]) || (n > 0 && steps > n - 1))
    return Violation{"hill_climb: ends at a finite vertex within n - 1 steps", answer};
  const ref::Vec<N> d = geometry::map(dir, ref::exact_value);
  const ref::Rational here = ref::dot(geometry::map(points[got], ref::exact_value), d);
  for (std::size_t u : neighbors[got])
    if (u < n && in_domain(points[u]) &&
        ref::dot(geometry::map(points[u], ref::exact_value), d) > here)
      return Violation{"hill_climb: ends at a local maximum",
                       answer + "; neighbour " + std::to_string(u) + " is higher"};
  return std::nullopt;
}

}  // namespace aabb::judge::nonfinite
