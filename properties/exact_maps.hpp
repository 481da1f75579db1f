#pragma once
/// Generators of translations and power-of-two scalings that are exact IN T for the values of one
/// case, so that the float metamorphic properties almost never skip a case.
///
/// A random translation w of float coordinates is rarely exact: x + w rounds as soon as w is
/// finer than the ulp of x or x finer than the ulp of w. Instead, w is built from the values it
/// must move. Let 2^e be the weight of the lowest set bit over all nonzero values x. Every x, and
/// every w that is a multiple of 2^e, lies on the grid 2^e·Z, and a multiple of 2^e is a finite
/// T exactly when its magnitude is below B = 2^min(e + digits, max_exponent). So x + w is exact
/// for every x when w is a multiple of 2^e with L + w > -B and H + w < B (L, H the least and
/// greatest x), and w itself is exact when |w| < B. That is an integer interval of multiples,
/// computed exactly in units of 2^e (all below 2^56). It is empty when the values span more
/// than `digits` bits; then a search over powers of two finds the rarer shifts that still exist
/// (exact_shifts_by_search), and only values like {1, 2^-100} admit none at all.
///
/// A scaling x·2^k is exact for every x when the lowest set bit stays at or above the smallest
/// subnormal (e + k >= min_exponent - digits) and the leading bit at or below the top binade
/// (ilogb(x) + k <= max_exponent - 1).

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "aabb/cases/generators.hpp"

namespace aabb::gen {

/// The exponent of the lowest set bit of a finite x != 0: x is an odd multiple of 2^result.
template <std::floating_point T>
[[nodiscard]] int lowest_bit_exponent(T x) {
  int ex = 0;
  const T f = std::frexp(std::fabs(x), &ex);  // x = f·2^ex, f in [1/2, 1)
  const auto m = static_cast<std::uint64_t>(std::ldexp(f, std::numeric_limits<T>::digits));
  return ex - std::numeric_limits<T>::digits + std::countr_zero(m);
}

/// Whether x + w is exact (and finite) in T, decided over the rationals.
template <std::floating_point T>
[[nodiscard]] bool sum_is_exact(T x, T w) {
  const T s = x + w;
  return std::isfinite(s) && ref::exact_value(s) == ref::exact_value(x) + ref::exact_value(w);
}

/// Whether x + w is exact and finite in T, by TwoSum: the rounding error of the sum is 0.
template <std::floating_point T>
[[nodiscard]] bool two_sum_is_exact(T x, T w) {
  const T s = x + w;
  if (!std::isfinite(s)) return false;
  const T wv = s - x;
  return (x - (s - wv)) + (w - wv) == 0;
}

/// The interval rule is sufficient, not necessary: in float, {1, 2^30} spans 31 bits, yet
/// w = -2^24 moves them to 1 - 2^24 and 2^30 - 2^24, both exact (the large value lands on a
/// coarser multiple). So when the rule finds nothing, every ±{1, 3}·2^j in T's range is tried.
template <std::floating_point T>
[[nodiscard]] std::vector<T> exact_shifts_by_search(const std::vector<T>& xs) {
  using L = std::numeric_limits<T>;
  std::vector<T> found;
  for (int j = L::min_exponent - L::digits; j < L::max_exponent; ++j)
    for (int m : {1, -1, 3, -3}) {
      const T w = std::ldexp(T(m), j);
      if (std::isfinite(w) &&
          std::all_of(xs.begin(), xs.end(), [w](T x) { return two_sum_is_exact(x, w); }))
        found.push_back(w);
    }
  return found;
}

/// A nonzero w such that w and x + w for every x in xs are exact in T, with magnitudes from the
/// finest step 2^e to the largest that fits; 0 when no such w exists. Empty xs, or all zero:
/// any nonzero number.
template <std::floating_point T>
[[nodiscard]] rc::Gen<T> exact_shift(std::vector<T> xs) {
  return unsized(rc::gen::exec([xs] {
    const auto checked = [&xs](T w) {
      for (T x : xs)
        if (!sum_is_exact(x, w)) RC_FAIL("exact_shift: x + w rounds (generator bug)");
      return w;
    };
    const auto searched = [&xs, &checked] {
      const auto found = exact_shifts_by_search(xs);
      return found.empty() ? T(0) : checked(*rc::gen::elementOf(found));
    };
    using L = std::numeric_limits<T>;
    int e = L::max_exponent;
    for (T x : xs)
      if (x != 0) e = std::min(e, lowest_bit_exponent(x));
    if (e == L::max_exponent) {
      const T w = *number<T>();
      return w == 0 ? T(1) : w;
    }
    const int bexp = std::min(e + L::digits, L::max_exponent);
    const long long b = 1LL << (bexp - e);  // B in units of 2^e: at most 2^digits
    long long lo = 1 - b, hi = b - 1;  // |w| < B
    for (T x : xs) {
      if (std::fabs(x) >= std::ldexp(T(3), bexp)) return searched();  // beyond 3B
      const auto q = static_cast<long long>(std::ldexp(x, -e));  // exact: x is on 2^e·Z
      lo = std::max(lo, 1 - b - q);
      hi = std::min(hi, b - 1 - q);
    }
    if (lo > hi || (lo == 0 && hi == 0)) return searched();
    long long m = 0;
    switch (*kind({35, 35, 30})) {
      case 0: {  // a small multiple of a coarser step 2^j
        const int width = std::bit_width(static_cast<unsigned long long>(hi - lo));
        m = static_cast<long long>(*int_in(-8, 8)) << *int_in(0, std::max(0, width - 4));
        m = std::clamp(m, lo, hi);
        break;
      }
      case 1:
        m = *unsized(rc::gen::inRange<long long>(lo, hi + 1));
        break;
      default:  // the largest moves: the extreme values land on the edge of exactness
        m = *chance(50) ? lo : hi;
    }
    if (m == 0) m = hi != 0 ? hi : lo;
    return checked(std::ldexp(static_cast<T>(m), e));
  }));
}

/// A translation with each axis's shift from exact_shift over that axis's values (a zero axis
/// where no exact shift exists).
template <std::floating_point T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> exact_translation(std::array<std::vector<T>, N> axes) {
  return unsized(rc::gen::exec([axes] {
    Vec<T, N> w;
    for (std::size_t i = 0; i < N; ++i) w[i] = *exact_shift<T>(axes[i]);
    return w;
  }));
}

/// How many axes of w move (for RC_CLASSIFY): "translated on 0 axes" is a skipped case.
template <std::floating_point T, std::size_t N>
[[nodiscard]] std::string moved_axes(const Vec<T, N>& w) {
  int n = 0;
  for (T x : w) n += x != 0;
  return "translated on " + std::to_string(n) + " of " + std::to_string(N) + " axes";
}

/// The exponents k with x·2^k exact and finite in T for every x in xs, as [lo, hi] (contains 0).
template <std::floating_point T>
[[nodiscard]] std::array<int, 2> exact_scaling_range(const std::vector<T>& xs) {
  using L = std::numeric_limits<T>;
  int lo = -2 * L::max_exponent, hi = 2 * L::max_exponent;  // no nonzero value: anything goes
  for (T x : xs) {
    if (x == 0) continue;
    lo = std::max(lo, L::min_exponent - L::digits - lowest_bit_exponent(x));
    hi = std::min(hi, L::max_exponent - 1 - std::ilogb(x));
  }
  return {lo, hi};
}

/// A nonzero k in [range[0], range[1]]: small (|k| <= 8), anywhere, or an end of the range
/// (scaled values become subnormal or reach the top binade); 0 when the range is {0}.
[[nodiscard]] inline rc::Gen<int> exponent_in(std::array<int, 2> range) {
  return unsized(rc::gen::exec([range] {
    const auto [lo, hi] = range;
    if (lo == 0 && hi == 0) return 0;
    int k = 0;
    switch (*kind({40, 30, 30})) {
      case 0:
        k = std::clamp(*int_in(-8, 8), lo, hi);
        break;
      case 1:
        k = *int_in(lo, hi);
        break;
      default:
        k = *chance(50) ? lo : hi;
    }
    return k != 0 ? k : (hi != 0 ? hi : lo);
  }));
}

/// A nonzero k with x·2^k exact and finite for every x in xs; 0 when there is none.
template <std::floating_point T>
[[nodiscard]] rc::Gen<int> exact_scaling_exponent(const std::vector<T>& xs) {
  return exponent_in(exact_scaling_range(xs));
}

}  // namespace aabb::gen
