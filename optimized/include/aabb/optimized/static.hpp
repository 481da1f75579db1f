#pragma once
/// Static tests in float and double: contains, overlap, intersection, union_of, contains_box,
/// classify, bounds_of_points (docs/contracts.md, "Static tests").
///
/// Min–max forms only compare and select input values, so no rounding happens and every answer
/// equals the exact reference's. The centre–extent forms (seeds 000 Listing 3, 004) compute
/// |c' - c| and e + e', which round; they keep the naive formula as a filter and fall back to an
/// exact sign (exact_float.hpp) only on a tie, so their decisions are exact too.
///
/// The filter's proof (used by both centre–extent ops): rounding to nearest is monotone, and
/// stays monotone through overflow (beyond the range a value rounds to ±inf) and underflow. Let
/// d = |c' - c| and s = the exact right-hand side, D = fl(d), S = fl(s) (S = e when the right
/// side is one input). If d <= s then D <= S; so D > S proves d > s (a miss, certain). If d >= s
/// then D >= S; so D < S proves d < s (a hit, certain). Only D == S leaves the answer open, and
/// then the sign of s - d is computed exactly. fabs is exact, so fl(|c' - c|) = |fl(c' - c)|. No
/// error bound is needed beyond monotonicity: the filter is exact wherever it decides.
///
/// No heap allocation anywhere; every function is noexcept.

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>

#include "aabb/optimized/box.hpp"
#include "aabb/exact_float/accumulator.hpp"
#include "aabb/exact_float/exact_float.hpp"

namespace aabb::optimized {

namespace detail {

/// The lesser of x and y; NaN when either is NaN.
template <Float T>
[[nodiscard]] constexpr T min_nan(T x, T y) noexcept {
  return (x < y || x != x) ? x : y;
}

/// The greater of x and y; NaN when either is NaN.
template <Float T>
[[nodiscard]] constexpr T max_nan(T x, T y) noexcept {
  return (y < x || x != x) ? x : y;
}

/// Whether |x - y| <= a + b exactly, decided by the monotone filter and, on a tie, exactly.
/// Not finite: when the filter ties on infinities (or anything is NaN), false.
template <Float T>
[[nodiscard]] inline bool gap_within(T x, T y, T a, T b) noexcept {
  const T gap = std::fabs(y - x);
  const T reach = a + b;
  if (gap < reach) return true;
  if (gap > reach) return false;
  if (!(gap == reach)) return false;  // NaN
  if (!(std::isfinite(x) && std::isfinite(y) && std::isfinite(a) && std::isfinite(b))) return false;
  return exact_float::reach_minus_gap_sign(a, b, x, y) >= 0;
}

/// overlap's test of axis i: the closed intervals [a.lo, a.hi] and [b.lo, b.hi] share a point and
/// neither is empty nor NaN (the proof is at overlap, below). Shared with classify, so that the
/// two agree on every input.
template <Float T, std::size_t N>
[[nodiscard]] constexpr bool axis_overlap(const Box<T, N>& a, const Box<T, N>& b, std::size_t i) noexcept {
  const T l = a.lo[i] < b.lo[i] ? b.lo[i] : a.lo[i];
  const T h = a.hi[i] < b.hi[i] ? a.hi[i] : b.hi[i];
  return l <= h && b.lo[i] <= a.hi[i];
}

}  // namespace detail

/// Whether p lies in the closed box (faces, edges and corners count). EXACT: comparisons only.
/// Boundary rules: -0 == +0; a flat or point box contains the points on it; NaN anywhere →
/// false; ±inf coordinates compare as the extended reals; an inverted box (lo[i] > hi[i])
/// contains nothing. From the reference's contains (contract §2).
template <Float T, std::size_t N>
[[nodiscard]] constexpr bool contains(const Box<T, N>& box, const Vec<T, N>& p) noexcept {
  int in = 1;  // int, not bool: branch-free & without -Wbitwise-instead-of-logical
  for (std::size_t i = 0; i < N; ++i) in &= int(box.lo[i] <= p[i]) & int(p[i] <= box.hi[i]);
  return in != 0;
}

/// Centre–extent contains (seed 004 Check_AABB_Hit): |p - c| <= e on every axis, EXACT
/// although p - c rounds (monotone filter, exact fallback on a tie; proof at the top of the
/// file). Seed 004 over float answers "inside" for points one ulp outside; this does not.
/// Boundary rules: touching counts; NaN anywhere → false; a negative extent contains nothing;
/// ±inf: the float filter's answer (|p - c| = inf against a finite e is outside, a finite gap
/// against e = +inf is inside), and false when the gap and e are both infinite.
template <Float T, std::size_t N>
[[nodiscard]] inline bool contains(const CenterExtent<T, N>& box, const Vec<T, N>& p) noexcept {
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::gap_within(box.center[i], p[i], box.extent[i], T(0))) return false;
  return true;
}

/// Whether the closed boxes share a point (touching counts; seed 001 intersectAABBs). EXACT:
/// comparisons only. Boundary rules: -0 == +0; flat boxes are ordinary; NaN anywhere → false;
/// ±inf compare as the extended reals; an inverted box (lo[i] > hi[i] on some axis) is empty,
/// so it overlaps nothing. Early exit on the first axis that separates the boxes (or is empty or
/// NaN), as the peers' loops do.
/// How: per axis, max(a.lo, b.lo) <= min(a.hi, b.hi) holds exactly when the four comparisons
/// a.lo <= b.hi, b.lo <= a.hi, a.lo <= a.hi and b.lo <= b.hi all hold (no NaN), which is the
/// closed, non-empty intersection of the two intervals. The selects below compile to maxss /
/// minss and keep a NaN of a.lo (in l) and of b.hi (in h); b.lo <= a.hi, redundant otherwise,
/// fails on a NaN of b.lo or a.hi. Two comparisons per axis instead of four: on pairs the
/// branch predictor has not learnt (bench/scalar_peers.cpp, scalar_overlap_many) 0.54-0.59x the
/// time of Eigen's intersects and of the naive loop, where the four comparisons took 0.97-1.09x.
template <Float T, std::size_t N>
[[nodiscard]] constexpr bool overlap(const Box<T, N>& a, const Box<T, N>& b) noexcept {
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::axis_overlap(a, b, i)) return false;
  return true;
}

/// Centre–extent overlap (seeds 000 Listing 3 AABB::overlaps, 004 AABB_AABB_Collision):
/// |cb - ca| <= ea + eb on every axis, EXACT although both sides round (monotone filter, exact
/// fallback on a tie, also when ea + eb or cb - ca overflow; proof at the top of the file).
/// Boundary rules: touching counts; NaN anywhere → false; negative extents: the exact value of
/// the formula; ±inf: the float filter's answer, and false when both sides are infinite.
template <Float T, std::size_t N>
[[nodiscard]] inline bool overlap(const CenterExtent<T, N>& a, const CenterExtent<T, N>& b) noexcept {
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::gap_within(a.center[i], b.center[i], a.extent[i], b.extent[i])) return false;
  return true;
}

/// The box a ∩ b, or nullopt when the boxes do not overlap (exactly when overlap(a, b) is
/// false). Touching boxes give a flat box. EXACT: each bound is an input bound. Boundary rules:
/// NaN anywhere or an inverted box → nullopt; -0 vs +0 ties pick either (equal values).
template <Float T, std::size_t N>
[[nodiscard]] constexpr std::optional<Box<T, N>> intersection(const Box<T, N>& a, const Box<T, N>& b) noexcept {
  if (!overlap(a, b)) return std::nullopt;
  Box<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = a.lo[i] < b.lo[i] ? b.lo[i] : a.lo[i];
    r.hi[i] = b.hi[i] < a.hi[i] ? b.hi[i] : a.hi[i];
  }
  return r;
}

/// The smallest box containing a and b: per axis the least lo and the greatest hi. EXACT:
/// each bound is an input bound. Boundary rules: a NaN bound makes that result bound NaN (so
/// later predicates answer false); ±inf are ordinary values; boxes are not validated, so the
/// empty box of bounds_of_points({}) — lo = +inf, hi = -inf — is the identity:
/// union_of(empty, b) == b.
template <Float T, std::size_t N>
[[nodiscard]] constexpr Box<T, N> union_of(const Box<T, N>& a, const Box<T, N>& b) noexcept {
  Box<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = detail::min_nan(a.lo[i], b.lo[i]);
    r.hi[i] = detail::max_nan(a.hi[i], b.hi[i]);
  }
  return r;
}

/// Whether b lies inside a (b ⊆ a; contract §2b): a.lo <= b.lo and b.hi <= a.hi on every axis.
/// EXACT: comparisons only. Boundary rules: shared faces count, a box contains itself; -0 == +0;
/// NaN anywhere → false; ±inf compare as the extended reals; an inverted a contains no valid b
/// (the comparisons cannot all hold); an inverted b gets the formula's answer, so the empty box
/// of bounds_of_points({}) (lo = +inf, hi = -inf) lies in every box, as union_of(a, empty) == a.
template <Float T, std::size_t N>
[[nodiscard]] constexpr bool contains_box(const Box<T, N>& a, const Box<T, N>& b) noexcept {
  // Early exit on the first axis that fails, as the peers do (random input mostly fails on the
  // first axis; bench/optimized_shapes.cpp). NaN fails every comparison: false.
  for (std::size_t i = 0; i < N; ++i)
    if (!(a.lo[i] <= b.lo[i]) || !(b.hi[i] <= a.hi[i])) return false;
  return true;
}

/// classify's classes, numbered as the C ABI answers them (DirectXMath's ContainmentType).
enum class Containment { Disjoint = 0, Intersects = 1, Contains = 2 };

/// Where b lies relative to a (contract §2b): Contains when contains_box(a, b), else Intersects
/// when overlap(a, b), else Disjoint. EXACT: comparisons only, and consistent with those two
/// functions on every input, non-finite and inverted ones included (NaN anywhere → Disjoint).
template <Float T, std::size_t N>
[[nodiscard]] constexpr Containment classify(const Box<T, N>& a, const Box<T, N>& b) noexcept {
  // overlap(a, b) with an early exit on the first separating (or invalid) axis, which decides
  // most random pairs, then containment; an inverted b that a "contains" (the formula's answer,
  // see contains_box) is Contains either way.
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::axis_overlap(a, b, i))
      return contains_box(a, b) ? Containment::Contains : Containment::Disjoint;
  return contains_box(a, b) ? Containment::Contains : Containment::Intersects;
}

/// The smallest box containing points[0..n). EXACT: each bound is a coordinate. n == 0 gives
/// the empty box lo = +inf, hi = -inf on every axis (inverted: it contains and overlaps
/// nothing, and union_of(empty, b) == b), where the reference answers invalid_input. A NaN
/// coordinate makes both bounds of its axis NaN; ±inf are ordinary values.
template <Float T, std::size_t N>
[[nodiscard]] constexpr Box<T, N> bounds_of_points(const Vec<T, N>* points, std::size_t n) noexcept {
  Box<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = std::numeric_limits<T>::infinity();
    r.hi[i] = -std::numeric_limits<T>::infinity();
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < N; ++i) {
      r.lo[i] = detail::min_nan(points[k][i], r.lo[i]);
      r.hi[i] = detail::max_nan(points[k][i], r.hi[i]);
    }
  return r;
}

/// bounds_of_points over a span (same contract).
template <Float T, std::size_t N>
[[nodiscard]] constexpr Box<T, N> bounds_of_points(std::span<const Vec<T, N>> points) noexcept {
  return bounds_of_points(points.data(), points.size());
}

}  // namespace aabb::optimized
