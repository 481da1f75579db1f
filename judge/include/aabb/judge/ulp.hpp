#pragma once
/// Exact error measures for float answers: the distance from a float to an exact Rational,
/// counted in representable values, and exact conversions of float inputs to the reference.
/// Shared by the properties, the fuzzers and `aabb-oracle check`: one copy of every contract.

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

#include "aabb/optimized/box.hpp"
#include "aabb/reference.hpp"

namespace aabb::judge {

namespace ref = aabb::reference;
namespace opt = aabb::optimized;

template <opt::Float T>
using Format = std::conditional_t<std::is_same_v<T, float>, ref::Binary32, ref::Binary64>;
template <opt::Float T>
using Bits = typename Format<T>::word_type;

/// The position of a finite x on T's grid of representable values, as an integer that grows
/// with x by one per representable value: ±0 are both 0, the next float above 0 is 1.
template <opt::Float T>
[[nodiscard]] ref::Integer grid_index(T x) {
  const auto bits = std::bit_cast<Bits<T>>(x);
  constexpr Bits<T> sign = Bits<T>{1} << (sizeof(T) * 8 - 1);
  const auto magnitude = static_cast<unsigned long long>(bits & ~sign);
  return (bits & sign) ? ref::Integer(-ref::Integer(magnitude)) : ref::Integer(magnitude);
}

/// The position of an exact q on T's grid: the index of the representable value r0 <= q below it
/// plus the fraction (q - r0) / (r1 - r0) of the step to the next one. Values beyond the largest
/// finite T continue the top binade's spacing, so overflow is measured too.
template <opt::Float T>
[[nodiscard]] ref::Rational grid_position(const ref::Rational& q) {
  constexpr T kMax = std::numeric_limits<T>::max();
  const ref::Rational max_exact = ref::exact(kMax).value();
  const ref::Rational top_step = max_exact - ref::exact(std::nextafter(kMax, T(0))).value();
  if (q > max_exact) return ref::Rational(grid_index(kMax)) + (q - max_exact) / top_step;
  if (q < -max_exact) return ref::Rational(-grid_index(kMax)) + (q + max_exact) / top_step;
  T r0 = std::bit_cast<T>(ref::nearest_bits<Format<T>>(q));
  ref::Rational e0 = ref::exact(r0).value();
  if (e0 > q) {
    r0 = std::nextafter(r0, -std::numeric_limits<T>::infinity());
    e0 = ref::exact(r0).value();
  }
  if (e0 == q) return ref::Rational(grid_index(r0));
  const T r1 = std::nextafter(r0, std::numeric_limits<T>::infinity());
  const ref::Rational e1 = ref::exact(r1).value();
  return ref::Rational(grid_index(r0)) + (q - e0) / (e1 - e0);
}

/// How many representable values of T lie between x and the exact q, as an exact Rational:
/// 0 when x == q, at most 1/2 when x is q correctly rounded, k when x is k steps from a
/// representable q. Empty when x is NaN or ±infinity (no finite distance).
template <opt::Float T>
[[nodiscard]] std::optional<ref::Rational> ulp_distance(T x, const ref::Rational& q) {
  if (!std::isfinite(x)) return std::nullopt;
  const ref::Rational d = ref::Rational(grid_index(x)) - grid_position<T>(q);
  return d < 0 ? ref::Rational(-d) : d;
}

/// Whether x is within k representable values of q.
template <opt::Float T>
[[nodiscard]] bool within_ulps(T x, const ref::Rational& q, long k) {
  const auto d = ulp_distance(x, q);
  return d && *d <= k;
}

}  // namespace aabb::judge
