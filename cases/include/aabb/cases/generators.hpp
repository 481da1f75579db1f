#pragma once
/// RapidCheck generators for AABB inputs: numbers, vectors, boxes, box pairs, motions, rays,
/// point sets, matrices and vertex graphs, aimed at the edges of each test.
///
/// RapidCheck's own float generator never yields -0, subnormals or extreme exponents (its source
/// says so), and independent random boxes almost never touch. So numbers come from random bit
/// patterns, special values and their ulp neighbours, small integers and small fractions; and
/// the compound generators build the coincidences on purpose: shared coordinate pools, boxes
/// touching on a face, an edge or a corner, nested and identical boxes, flat and point boxes,
/// bounds one ulp apart, motions that make contact exactly at t = 0, t = 1 or a chosen instant,
/// rays through corners or lying in a face plane, tied extreme points, singular matrices.
///
/// Every generator takes the scalar type T: Rational (the reference's inputs; the constructions
/// are exact) or double/float (finite values only; a construction that needs arithmetic rounds
/// in T and so aims at its edge without always landing on it). geometry::map(x, ref::exact_value)
/// hands any of them to the reference. Choices ignore RapidCheck's size parameter: an edge class must be as likely in
/// the first case as in the last, and bit patterns must be uniform from the start.

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <utility>
#include <vector>

#include "aabb/reference.hpp"

namespace aabb::gen {

namespace ref = aabb::reference;
using ref::Rational;

/// The scalar types the generators produce.
template <class T>
concept Scalar = std::same_as<T, Rational> || std::same_as<T, double> || std::same_as<T, float>;

template <class T, std::size_t N>
using Vec = std::array<T, N>;

// ---- Plumbing ---------------------------------------------------------------------------------

/// `g` run at RapidCheck's nominal size, so that its choices do not depend on the case number.
template <class T>
[[nodiscard]] rc::Gen<T> unsized(rc::Gen<T> g) {
  return rc::gen::resize(rc::kNominalSize, std::move(g));
}

/// A uniform integer in [lo, hi], both included; shrinks towards lo.
[[nodiscard]] inline rc::Gen<int> int_in(int lo, int hi) {
  return unsized(rc::gen::inRange(lo, hi + 1));
}

/// True with the given percentage.
[[nodiscard]] inline rc::Gen<bool> chance(int percent) {
  return rc::gen::weightedElement<bool>({{static_cast<std::size_t>(percent), true},
                                         {static_cast<std::size_t>(100 - percent), false}});
}

/// One of the labels 0, 1, 2, ... with the given weights.
[[nodiscard]] inline rc::Gen<int> kind(std::initializer_list<std::size_t> weights) {
  std::vector<std::pair<std::size_t, int>> pairs;
  int label = 0;
  for (std::size_t w : weights) pairs.emplace_back(w, label++);
  return rc::Gen<int>([pairs](const rc::Random& random, int size) {
    std::size_t total = 0;
    for (const auto& p : pairs) total += p.first;
    rc::Random r(random);
    std::size_t pick = static_cast<std::size_t>(r.next() % total);
    for (const auto& p : pairs) {
      if (pick < p.first) return rc::shrinkable::just(p.second);
      pick -= p.first;
    }
    (void)size;
    return rc::shrinkable::just(pairs.back().second);
  });
}

/// A uniformly random permutation of 0 .. n-1 (Fisher–Yates on generated picks).
[[nodiscard]] inline rc::Gen<std::vector<std::size_t>> permutation(std::size_t n) {
  return rc::gen::exec([n] {
    std::vector<std::size_t> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = i;
    for (std::size_t i = n; i > 1; --i)
      std::swap(p[i - 1], p[static_cast<std::size_t>(*int_in(0, static_cast<int>(i) - 1))]);
    return p;
  });
}

// ---- Exact values -----------------------------------------------------------------------------

/// 2^k exactly.
[[nodiscard]] inline Rational exact_power_of_two(int k) {
  const ref::Integer one(1);
  if (k >= 0) return Rational(ref::Integer(one << static_cast<unsigned>(k)));
  return Rational(one, ref::Integer(one << static_cast<unsigned>(-k)));
}

// ---- Scalar arithmetic that works for every T -------------------------------------------------

/// Whether x is finite (Rationals always are).
template <Scalar T>
[[nodiscard]] bool is_finite(const T& x) {
  if constexpr (std::same_as<T, Rational>) {
    (void)x;
    return true;
  } else {
    return std::isfinite(x);
  }
}

/// `value` when finite, else `fallback`: keeps float constructions away from ±infinity.
template <Scalar T>
[[nodiscard]] T finite_or(const T& value, const T& fallback) {
  return is_finite(value) ? value : fallback;
}

/// p/q: exact for Rational; rounded in T for floats (exact when q is a power of two).
template <Scalar T>
[[nodiscard]] T ratio(long p, long q) {
  if constexpr (std::same_as<T, Rational>)
    return Rational(p) / q;
  else
    return static_cast<T>(p) / static_cast<T>(q);
}

/// 2^k, for k inside T's range when T is a float type.
template <Scalar T>
[[nodiscard]] T power_of_two(int k) {
  if constexpr (std::same_as<T, Rational>)
    return exact_power_of_two(k);
  else
    return std::ldexp(T(1), k);
}

/// The float format that stands for T when stepping by ulps: double for Rational.
template <Scalar T>
using UlpFormat = std::conditional_t<std::same_as<T, float>, float, double>;

/// x moved by `steps` ulps of UlpFormat<T> (up when positive). A Rational is first rounded to the
/// nearest double. Returns x itself when a step would leave the finite range.
template <Scalar T>
[[nodiscard]] T ulp_step(const T& x, int steps) {
  using F = UlpFormat<T>;
  F f;
  if constexpr (std::same_as<T, Rational>)
    f = ref::nearest_double(x);
  else
    f = x;
  if (!std::isfinite(f)) return x;
  const F toward =
      steps > 0 ? std::numeric_limits<F>::infinity() : -std::numeric_limits<F>::infinity();
  for (int s = 0; s < (steps > 0 ? steps : -steps); ++s) {
    const F next = std::nextafter(f, toward);
    if (!std::isfinite(next)) return x;
    f = next;
  }
  if constexpr (std::same_as<T, Rational>)
    return ref::exact_value(f);
  else
    return f;
}

/// x rounded onto UlpFormat<T>'s grid (identity for float types), so that ulp_step(x, ±1) lands
/// exactly one ulp away from x. Keeps x when the rounding overflows.
template <Scalar T>
[[nodiscard]] T snap(const T& x) {
  if constexpr (std::same_as<T, Rational>) {
    const double d = ref::nearest_double(x);
    return std::isfinite(d) ? ref::exact_value(d) : x;
  } else {
    return x;
  }
}

/// |x|.
template <Scalar T>
[[nodiscard]] T abs_of(const T& x) {
  return x < T(0) ? T(-x) : x;
}

/// a/2 + b/2: the midpoint, exact for Rational.
template <Scalar T>
[[nodiscard]] T midpoint_of(const T& a, const T& b) {
  if constexpr (std::same_as<T, Rational>)
    return (a + b) / 2;
  else
    return a / 2 + b / 2;
}

// ---- Numbers ----------------------------------------------------------------------------------

/// The IEEE-754 layout of a float type.
template <std::floating_point F>
using FormatOf = std::conditional_t<std::same_as<F, float>, ref::Binary32, ref::Binary64>;

/// A finite F from a uniformly random bit pattern: every exponent (subnormals and ±0 included)
/// is as likely as any other. NaN and ±infinity patterns have their top exponent bit cleared,
/// which turns them into ordinary values in [1, 2) instead of discarding the case.
template <std::floating_point F>
[[nodiscard]] rc::Gen<F> finite_from_bits() {
  using Format = FormatOf<F>;
  using Word = typename Format::word_type;
  return rc::gen::map(unsized(rc::gen::arbitrary<Word>()), [](Word bits) {
    constexpr int kFrac = Format::mantissa_bits;
    const Word exponent_mask = static_cast<Word>(Format::max_exponent_field) << kFrac;
    if ((bits & exponent_mask) == exponent_mask)
      bits &= ~(Word(1) << (kFrac + Format::exponent_bits - 1));
    return std::bit_cast<F>(bits);
  });
}

/// The values where float code breaks: ±0, ±1, ±2, powers of two at the ends of the exponent
/// range, the smallest and largest subnormal, the smallest normal, the largest finite value,
/// epsilon and the neighbours of 1, 2^digits and 2^digits - 1, 0.1 and 1/3 as rounded (and, for
/// double, float's limits as doubles).
template <std::floating_point F>
[[nodiscard]] std::vector<F> special_values() {
  using L = std::numeric_limits<F>;
  std::vector<F> v = {F(0),
                      F(1),
                      F(2),
                      F(0.5),
                      F(3),
                      F(0.1),
                      F(1) / F(3),
                      L::min(),
                      L::denorm_min(),
                      L::min() - L::denorm_min(),
                      L::max(),
                      L::epsilon(),
                      F(1) + L::epsilon(),
                      F(1) - L::epsilon() / 2,
                      std::ldexp(F(1), L::digits),
                      std::ldexp(F(1), L::digits) - 1,
                      std::ldexp(F(1), L::max_exponent - 1),
                      std::ldexp(F(1), L::min_exponent - 1 - L::digits / 2)};
  if constexpr (std::same_as<F, double>) {
    using Lf = std::numeric_limits<float>;
    v.insert(v.end(), {double(Lf::max()), double(Lf::min()), double(Lf::denorm_min()),
                       double(Lf::epsilon()), 16777216.0});
  }
  return v;
}

/// A special value, with a random sign (so -0 appears), sometimes moved by one or two ulps.
template <std::floating_point F>
[[nodiscard]] rc::Gen<F> special() {
  return rc::gen::exec([] {
    F x = *rc::gen::elementOf(special_values<F>());
    if (*chance(50)) x = -x;
    const int steps = *rc::gen::weightedElement<int>({{12, 0}, {3, 1}, {3, -1}, {1, 2}, {1, -2}});
    return ulp_step(x, steps);
  });
}

/// A small integer in [-8, 8]; 0, ±1 are the likeliest.
template <Scalar T>
[[nodiscard]] rc::Gen<T> small_integer() {
  return rc::gen::exec([] {
    const int n =
        *rc::gen::weightedOneOf<int>({{3, rc::gen::element(0, 1, -1)}, {4, int_in(-8, 8)}});
    return T(n);
  });
}

/// Small integers and small fractions: p/q with q <= 12 for Rational, p/2^j for float types
/// (so that they stay exact).
template <Scalar T>
[[nodiscard]] rc::Gen<T> small() {
  return rc::gen::exec([] {
    if (*chance(55)) return *small_integer<T>();
    const long p = *int_in(-24, 24);
    if constexpr (std::same_as<T, Rational>)
      return ratio<T>(p, *int_in(1, 12));
    else
      return ratio<T>(p, 1L << *int_in(1, 4));
  });
}

/// n·2^k with |n| <= 16 and k anywhere in the double range (float range for float): huge, tiny
/// and subnormal values that are still exact in T.
template <Scalar T>
[[nodiscard]] rc::Gen<T> scaled_small() {
  using F = UlpFormat<T>;
  using L = std::numeric_limits<F>;
  return rc::gen::exec([] {
    const int n = *int_in(-16, 16);
    const int k = *int_in(L::min_exponent - L::digits, L::max_exponent - 6);
    if constexpr (std::same_as<T, Rational>)
      return Rational(n) * exact_power_of_two(k);
    else
      return std::ldexp(T(n), k);
  });
}

/// A finite value from a random bit pattern (for Rational and double, half of them from float
/// patterns), converted exactly.
template <Scalar T>
[[nodiscard]] rc::Gen<T> from_bits() {
  if constexpr (std::same_as<T, float>) {
    return finite_from_bits<float>();
  } else {
    return rc::gen::exec([] {
      const double x =
          *chance(50) ? *finite_from_bits<double>() : double(*finite_from_bits<float>());
      if constexpr (std::same_as<T, Rational>)
        return ref::exact_value(x);
      else
        return x;
    });
  }
}

/// A special value of UlpFormat<T> (and, for Rational, of float too), converted exactly.
template <Scalar T>
[[nodiscard]] rc::Gen<T> special_as() {
  if constexpr (std::same_as<T, float>) {
    return special<float>();
  } else {
    return rc::gen::exec([] {
      const double x = *chance(75) ? *special<double>() : double(*special<float>());
      if constexpr (std::same_as<T, Rational>)
        return ref::exact_value(x);
      else
        return x;
    });
  }
}

/// Any number: small values most often, then special values, bit patterns and scaled values.
template <Scalar T>
[[nodiscard]] rc::Gen<T> number() {
  return rc::gen::exec([] {
    switch (*kind({40, 10, 12, 8})) {
      case 0:
        return *small<T>();
      case 1:
        return *from_bits<T>();
      case 2:
        return *special_as<T>();
      default:
        return *scaled_small<T>();
    }
  });
}

/// A large finite float: max, max one or two ulps down, max/2, or 2^(max_exponent - 2), where
/// centre ± extent and sums of extents overflow.
template <std::floating_point F>
[[nodiscard]] rc::Gen<F> large() {
  return rc::gen::exec([] {
    constexpr F max = std::numeric_limits<F>::max();
    switch (*int_in(0, 3)) {
      case 0:
        return max;
      case 1:
        return ulp_step(max, -*int_in(1, 2));
      case 2:
        return max / 2;
      default:
        return std::ldexp(F(1), std::numeric_limits<F>::max_exponent - 2);
    }
  });
}

/// A number >= 0, zero often.
template <Scalar T>
[[nodiscard]] rc::Gen<T> nonnegative() {
  return rc::gen::exec([] { return *chance(20) ? T(0) : abs_of(*number<T>()); });
}

/// A number > 0.
template <Scalar T>
[[nodiscard]] rc::Gen<T> positive() {
  return rc::gen::exec([] {
    const T x = abs_of(*number<T>());
    return x == T(0) ? T(1) : x;
  });
}

/// A time in [0, 1]: the ends, 1/2, small fractions, and times within 2^-k of either end.
template <Scalar T>
[[nodiscard]] rc::Gen<T> unit_time() {
  return rc::gen::exec([] {
    switch (*kind({3, 3, 2, 8, 2, 2})) {
      case 0:
        return T(0);
      case 1:
        return T(1);
      case 2:
        return ratio<T>(1, 2);
      case 3: {
        const int q = std::same_as<T, Rational> ? *int_in(1, 12) : (1 << *int_in(0, 4));
        return ratio<T>(*int_in(0, q), q);
      }
      case 4:
        return power_of_two<T>(-*int_in(1, 60));
      default:
        return T(T(1) - power_of_two<T>(-*int_in(1, 60)));
    }
  });
}

/// A pool of n values in [lo_count, hi_count] that a case draws its coordinates from, so that
/// coordinates coincide (touching, flat, nested) at any magnitude: small values, any numbers, or
/// small integers times one common power of two (a whole scene that is huge, tiny or subnormal).
template <Scalar T>
[[nodiscard]] rc::Gen<std::vector<T>> pool(int lo_count, int hi_count) {
  return rc::gen::exec([lo_count, hi_count] {
    const int n = *int_in(lo_count, hi_count);
    std::vector<T> values;
    const int regime = *kind({35, 35, 30});
    if (regime == 0) {
      for (int i = 0; i < n; ++i) values.push_back(*small<T>());
    } else if (regime == 1) {
      for (int i = 0; i < n; ++i) values.push_back(*number<T>());
    } else {
      using L = std::numeric_limits<UlpFormat<T>>;
      const int k = *int_in(L::min_exponent - L::digits, L::max_exponent - 6);
      for (int i = 0; i < n; ++i) {
        const int m = *int_in(-16, 16);
        if constexpr (std::same_as<T, Rational>)
          values.push_back(Rational(m) * exact_power_of_two(k));
        else
          values.push_back(std::ldexp(T(m), k));
      }
    }
    return values;
  });
}

// ---- Vectors ----------------------------------------------------------------------------------

/// A vector: all components small (45%), or any numbers; each component zero with
/// probability 1/5.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> vec() {
  return rc::gen::exec([] {
    const bool all_small = *chance(45);
    Vec<T, N> v;
    for (auto& x : v) x = *chance(20) ? T(0) : all_small ? *small<T>() : *number<T>();
    return v;
  });
}

/// A vector with components drawn from `values` (or zero).
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> vec_from(std::vector<T> values) {
  values.push_back(T(0));
  return rc::gen::exec([values] {
    Vec<T, N> v;
    for (auto& x : v) x = *rc::gen::elementOf(values);
    return v;
  });
}

/// A displacement (or ray direction): zero on every axis, zero on one axis, small or any.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> displacement() {
  return rc::gen::exec([] {
    Vec<T, N> v;
    switch (*kind({2, 5, 6, 6})) {
      case 0:
        v.fill(T(0));
        break;
      case 1:
        v = *vec<T, N>();
        v[static_cast<std::size_t>(*int_in(0, N - 1))] = T(0);
        break;
      case 2:
        for (auto& x : v) x = *small<T>();
        break;
      default:
        v = *vec<T, N>();
    }
    return v;
  });
}

// ---- Boxes ------------------------------------------------------------------------------------

/// The box spanned by two corners: each axis sorted, so it is valid by construction.
template <Scalar T, std::size_t N>
[[nodiscard]] ref::BasicBox<T, N> box_spanned(const Vec<T, N>& x, const Vec<T, N>& y) {
  ref::BasicBox<T, N> b;
  for (std::size_t i = 0; i < N; ++i) {
    b.lo[i] = std::min(x[i], y[i]);
    b.hi[i] = std::max(x[i], y[i]);
  }
  return b;
}

/// A valid box: independent corners, corners from a shared pool (flat axes are common), a point
/// box, or a box made flat on one axis.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<ref::BasicBox<T, N>> box() {
  return rc::gen::exec([] {
    switch (*kind({10, 12, 2, 4})) {
      case 0:
        return box_spanned(*vec<T, N>(), *vec<T, N>());
      case 1: {
        const auto values = *pool<T>(2, 4);
        return box_spanned(*vec_from<T, N>(values), *vec_from<T, N>(values));
      }
      case 2: {
        const auto p = *vec<T, N>();
        return ref::BasicBox<T, N>{p, p};
      }
      default: {
        auto b = box_spanned(*vec<T, N>(), *vec<T, N>());
        const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
        b.hi[i] = b.lo[i];
        return b;
      }
    }
  });
}

/// A valid centre–extent box; extents are zero often.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<ref::BasicCenterExtent<T, N>> center_extent() {
  return rc::gen::exec([] {
    ref::BasicCenterExtent<T, N> b;
    if (*chance(50)) {
      const auto values = *pool<T>(2, 4);
      b.center = *vec_from<T, N>(values);
      for (auto& e : b.extent) e = abs_of(*rc::gen::elementOf(values));
    } else {
      b.center = *vec<T, N>();
      for (auto& e : b.extent) e = *nonnegative<T>();
    }
    return b;
  });
}

/// Two boxes a and b.
template <Scalar T, std::size_t N>
struct BoxPair {
  ref::BasicBox<T, N> a;
  ref::BasicBox<T, N> b;
};

/// An interval that overlaps [lo, hi]: [min(x, hi), max(y, lo)], sorted (sorting an inverted one
/// leaves it nested in [lo, hi], so it still overlaps).
template <Scalar T>
[[nodiscard]] std::pair<T, T> overlapping_interval(const T& lo, const T& hi, const T& x,
                                                   const T& y) {
  T l = std::min(x, hi), h = std::max(y, lo);
  if (h < l) std::swap(l, h);
  return {l, h};
}

/// Two boxes with independent bounds.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> independent_pair() {
  return rc::gen::exec([] { return BoxPair<T, N>{*box<T, N>(), *box<T, N>()}; });
}

/// Two boxes whose bounds all come from one small pool: every relation between them is likely.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> pooled_pair() {
  return rc::gen::exec([] {
    const auto values = *pool<T>(2, 5);
    return BoxPair<T, N>{box_spanned(*vec_from<T, N>(values), *vec_from<T, N>(values)),
                         box_spanned(*vec_from<T, N>(values), *vec_from<T, N>(values))};
  });
}

/// Boxes that touch: on k random axes (1 = a face, 2 = an edge, 3 = a corner in 3D) b starts
/// where a ends (or ends where a starts), flat on that axis sometimes; on the other axes they
/// overlap. k = 0 (one case in N + 1) gives boxes that overlap without touching.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> touching_pair() {
  return rc::gen::exec([] {
    const auto a = *box<T, N>();
    const auto axes = *permutation(N);
    const auto touching = static_cast<std::size_t>(*int_in(0, N));
    ref::BasicBox<T, N> b;
    for (std::size_t k = 0; k < N; ++k) {
      const std::size_t i = axes[k];
      const T x = *number<T>();
      if (k < touching) {
        if (*chance(50)) {
          b.lo[i] = a.hi[i];
          b.hi[i] = *chance(20) ? a.hi[i] : std::max(a.hi[i], x);
        } else {
          b.hi[i] = a.lo[i];
          b.lo[i] = *chance(20) ? a.lo[i] : std::min(a.lo[i], x);
        }
      } else {
        std::tie(b.lo[i], b.hi[i]) = overlapping_interval(a.lo[i], a.hi[i], x, *number<T>());
      }
    }
    return BoxPair<T, N>{a, b};
  });
}

/// a nested in b: each bound of a is a bound of b or a value clamped into b (so a may share
/// faces with b, or be flat, or equal b).
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> nested_pair() {
  return rc::gen::exec([] {
    const auto outer = *box<T, N>();
    ref::BasicBox<T, N> inner;
    for (std::size_t i = 0; i < N; ++i) {
      const T lo = outer.lo[i], hi = outer.hi[i];
      auto inside = [&]() -> T {
        switch (*kind({2, 2, 3})) {
          case 0:
            return lo;
          case 1:
            return hi;
          default:
            return std::clamp(*number<T>(), lo, hi);
        }
      };
      const T x = inside(), y = inside();
      inner.lo[i] = std::min(x, y);
      inner.hi[i] = std::max(x, y);
    }
    return BoxPair<T, N>{inner, outer};
  });
}

/// Two equal boxes.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> identical_pair() {
  return rc::gen::exec([] {
    const auto a = *box<T, N>();
    return BoxPair<T, N>{a, a};
  });
}

/// On one axis b starts one ulp above a's upper bound, exactly at it, or one ulp below it (a's
/// bound is first rounded onto the double grid, or float's for T = float); the other axes
/// overlap.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> ulp_pair() {
  return rc::gen::exec([] {
    auto a = *box<T, N>();
    const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
    const int steps = *rc::gen::element(-1, 0, 1);
    ref::BasicBox<T, N> b;
    for (std::size_t j = 0; j < N; ++j) {
      const T x = *number<T>();
      if (j != i) {
        std::tie(b.lo[j], b.hi[j]) = overlapping_interval(a.lo[j], a.hi[j], x, *number<T>());
        continue;
      }
      a.hi[j] = snap(a.hi[j]);
      a.lo[j] = std::min(a.lo[j], a.hi[j]);
      b.lo[j] = ulp_step(a.hi[j], steps);
      b.hi[j] = std::max(b.lo[j], x);
    }
    return BoxPair<T, N>{a, b};
  });
}

/// b entirely above a on one axis, by a positive gap.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> separated_pair() {
  return rc::gen::exec([] {
    const auto a = *box<T, N>();
    auto b = *box<T, N>();
    const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
    const T gap = *positive<T>();
    const T width = b.hi[i] - b.lo[i];
    const T lo = finite_or(T(a.hi[i] + gap), ulp_step(a.hi[i], 1));
    b.lo[i] = lo;
    b.hi[i] = std::max(lo, finite_or(T(lo + width), lo));
    return BoxPair<T, N>{a, b};
  });
}

/// Pairs of boxes aimed at the edges of overlap: a mix of the generators above, in either order.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> box_pair() {
  return unsized(rc::gen::exec([] {
    BoxPair<T, N> p;
    switch (*kind({6, 18, 16, 8, 3, 8, 5})) {
      case 0:
        p = *independent_pair<T, N>();
        break;
      case 1:
        p = *pooled_pair<T, N>();
        break;
      case 2:
        p = *touching_pair<T, N>();
        break;
      case 3:
        p = *nested_pair<T, N>();
        break;
      case 4:
        p = *identical_pair<T, N>();
        break;
      case 5:
        p = *ulp_pair<T, N>();
        break;
      default:
        p = *separated_pair<T, N>();
    }
    if (*chance(50)) std::swap(p.a, p.b);
    return p;
  }));
}

/// A point aimed at `box`: per axis on a face, inside, at the midpoint, one ulp outside, or
/// anywhere.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> point_near(const ref::BasicBox<T, N>& box) {
  return rc::gen::exec([box] {
    Vec<T, N> p;
    for (std::size_t i = 0; i < N; ++i) {
      const T lo = box.lo[i], hi = box.hi[i];
      switch (*kind({4, 4, 4, 2, 2, 2, 3})) {
        case 0:
          p[i] = lo;
          break;
        case 1:
          p[i] = hi;
          break;
        case 2:
          p[i] = std::clamp(*number<T>(), lo, hi);
          break;
        case 3:
          p[i] = midpoint_of(lo, hi);
          break;
        case 4:
          p[i] = ulp_step(snap(lo), -1);
          break;
        case 5:
          p[i] = ulp_step(snap(hi), 1);
          break;
        default:
          p[i] = *number<T>();
      }
    }
    return p;
  });
}

/// A point in `box`: per axis a bound, the midpoint, or a value clamped into the box.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> point_in(const ref::BasicBox<T, N>& box) {
  return rc::gen::exec([box] {
    Vec<T, N> p;
    for (std::size_t i = 0; i < N; ++i) {
      const T lo = box.lo[i], hi = box.hi[i];
      switch (*kind({3, 3, 2, 4})) {
        case 0:
          p[i] = lo;
          break;
        case 1:
          p[i] = hi;
          break;
        case 2:
          p[i] = midpoint_of(lo, hi);
          break;
        default:
          p[i] = std::clamp(*number<T>(), lo, hi);
      }
    }
    return p;
  });
}

// ---- Motion -----------------------------------------------------------------------------------

/// `sweep`'s inputs: box a moving by da, box b moving by db, over t in [0, 1].
template <Scalar T, std::size_t N>
struct SweepCase {
  ref::BasicBox<T, N> a;
  Vec<T, N> da;
  ref::BasicBox<T, N> b;
  Vec<T, N> db;
};

/// box - s·d: where a box that is at `box` at time s started.
template <Scalar T, std::size_t N>
[[nodiscard]] ref::BasicBox<T, N> moved_back(const ref::BasicBox<T, N>& box, const Vec<T, N>& d,
                                             const T& s) {
  ref::BasicBox<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    const T shift = s * d[i];
    r.lo[i] = finite_or(T(box.lo[i] - shift), box.lo[i]);
    r.hi[i] = finite_or(T(box.hi[i] - shift), box.hi[i]);
    if (r.hi[i] < r.lo[i]) r.hi[i] = r.lo[i];  // only when one of the two fell back
  }
  return r;
}

/// The instant a constructed contact happens at: 0 and 1 often, inside (0, 1), or outside [0, 1].
template <Scalar T>
[[nodiscard]] rc::Gen<T> contact_time() {
  return rc::gen::exec([] {
    switch (*kind({5, 5, 8, 2})) {
      case 0:
        return T(0);
      case 1:
        return T(1);
      case 2:
        return *unit_time<T>();
      default:
        return *rc::gen::element(ratio<T>(-1, 2), ratio<T>(3, 2), T(2), T(-1));
    }
  });
}

/// Sweeps aimed at the edges: a constructed pair of boxes (touching, nested, one ulp apart...)
/// placed at a contact time s (0, 1, inside or outside [0, 1]) and moved back to t = 0 along
/// displacements that are zero on one axis or all, equal (no relative motion), or arbitrary;
/// plus fully independent sweeps. Touching on two axes with the right motion gives a contact at a
/// single instant; the properties classify what was reached.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<SweepCase<T, N>> sweep_case() {
  return unsized(rc::gen::exec([] {
    if (*chance(15))
      return SweepCase<T, N>{*box<T, N>(), *displacement<T, N>(), *box<T, N>(),
                             *displacement<T, N>()};
    const auto at = *box_pair<T, N>();
    const T s = *contact_time<T>();
    const auto da = *displacement<T, N>();
    const auto db = *chance(15) ? da : *displacement<T, N>();
    return SweepCase<T, N>{moved_back(at.a, da, s), da, moved_back(at.b, db, s), db};
  }));
}

/// `ray`'s inputs: T = {t in [t_min, t_max] : origin + t·dir in box}; no t_max means +infinity.
template <Scalar T, std::size_t N>
struct RayCase {
  ref::BasicBox<T, N> box;
  Vec<T, N> origin;
  Vec<T, N> dir;
  T t_min;
  std::optional<T> t_max;
};

/// Rays aimed at the edges: through a point in the box (on a face, an edge, a corner) or near it
/// (one ulp outside) at a chosen time, lying in a face plane (origin on a face's plane, zero
/// direction on that axis), direction zero on some axes or all, and t ranges that are default,
/// shifted, degenerate (t_min = t_max) or unbounded.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<RayCase<T, N>> ray_case() {
  return unsized(rc::gen::exec([] {
    RayCase<T, N> c;
    c.box = *box<T, N>();
    c.dir = *displacement<T, N>();
    switch (*kind({3, 10, 4})) {
      case 0:
        c.origin = *vec<T, N>();
        break;
      case 1: {
        const auto p = *chance(60) ? *point_in(c.box) : *point_near(c.box);
        const T s = *rc::gen::weightedOneOf<T>(
            {{7, unit_time<T>()},
             {1, rc::gen::map(unit_time<T>(), [](T t) { return T(-t); })},
             {2, number<T>()}});
        for (std::size_t i = 0; i < N; ++i) c.origin[i] = finite_or(T(p[i] - s * c.dir[i]), p[i]);
        break;
      }
      default: {
        c.origin = *point_near(c.box);
        const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
        c.origin[i] = *chance(50) ? c.box.lo[i] : c.box.hi[i];
        c.dir[i] = T(0);
      }
    }
    switch (*kind({10, 3, 2, 2})) {
      case 0:
        c.t_min = T(0);
        break;
      case 1:
        c.t_min = *unit_time<T>();
        break;
      case 2:
        c.t_min = T(-*unit_time<T>());
        break;
      default:
        c.t_min = *number<T>();
    }
    switch (*kind({8, 1, 5, 2})) {
      case 0:
        c.t_max = std::nullopt;
        break;
      case 1:
        c.t_max = c.t_min;
        break;
      case 2:
        c.t_max = finite_or(T(c.t_min + *nonnegative<T>()), c.t_min);
        break;
      default:
        c.t_max = std::max(c.t_min, T(1));
    }
    return c;
  }));
}

// ---- Point sets, directions, matrices, graphs -------------------------------------------------

/// 1 to `max_count` points, coordinates from a shared pool or independent, with duplicates.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<std::vector<Vec<T, N>>> points(int max_count = 8) {
  return unsized(rc::gen::exec([max_count] {
    const int n = *int_in(1, max_count);
    std::vector<Vec<T, N>> ps;
    const bool pooled = *chance(60);
    const auto values = *pool<T>(2, 5);
    for (int k = 0; k < n; ++k) {
      if (k > 0 && *chance(15))
        ps.push_back(ps[static_cast<std::size_t>(*int_in(0, k - 1))]);
      else
        ps.push_back(pooled ? *vec_from<T, N>(values) : *vec<T, N>());
    }
    return ps;
  }));
}

/// A direction for `ps` that makes ties likely: zero, an axis, a small or any vector, or one
/// perpendicular to the difference of two of the points (so those two tie exactly for Rational).
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> direction_for(const std::vector<Vec<T, N>>& ps) {
  return rc::gen::exec([ps] {
    Vec<T, N> d;
    d.fill(T(0));
    switch (*kind({2, 3, 4, 4, 5})) {
      case 0:
        break;
      case 1:
        d[static_cast<std::size_t>(*int_in(0, N - 1))] = *chance(50) ? T(1) : T(-1);
        break;
      case 2:
        for (auto& x : d) x = *small<T>();
        break;
      case 3:
        d = *vec<T, N>();
        break;
      default: {
        const auto& p = *rc::gen::elementOf(ps);
        const auto& q = *rc::gen::elementOf(ps);
        Vec<T, N> u;
        for (std::size_t i = 0; i < N; ++i) u[i] = q[i] - p[i];
        if constexpr (N == 2) {
          d = {T(-u[1]), u[0]};
        } else {
          Vec<T, N> r;
          for (auto& x : r) x = *small<T>();
          d = {T(u[1] * r[2] - u[2] * r[1]), T(u[2] * r[0] - u[0] * r[2]),
               T(u[0] * r[1] - u[1] * r[0])};
        }
        for (std::size_t i = 0; i < N; ++i) d[i] = finite_or(d[i], T(0));
      }
    }
    return d;
  });
}

/// The identity matrix.
template <Scalar T, std::size_t N>
[[nodiscard]] ref::BasicMatrix<T, N> identity() {
  ref::BasicMatrix<T, N> m;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < N; ++j) m[i][j] = T(i == j ? 1 : 0);
  return m;
}

/// Matrices for `transform`: arbitrary and small-integer entries (zeros common), the identity,
/// signed permutations, exact rotations by Pythagorean triples (in a coordinate plane, or two
/// composed in 3D), singular matrices (a zero or repeated row) and the zero matrix.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<ref::BasicMatrix<T, N>> matrix() {
  return unsized(rc::gen::exec([] {
    ref::BasicMatrix<T, N> m = identity<T, N>();
    auto plane_rotation = [] {
      static const std::array<std::array<long, 3>, 4> triples = {
          {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}}};
      const auto& t = *rc::gen::elementOf(triples);
      const T c = ratio<T>(*chance(50) ? t[0] : -t[0], t[2]);
      const T s = ratio<T>(*chance(50) ? t[1] : -t[1], t[2]);
      const auto axes = *permutation(N);
      ref::BasicMatrix<T, N> r = identity<T, N>();
      const std::size_t i = axes[0], j = axes[1];
      r[i][i] = c;
      r[i][j] = T(-s);
      r[j][i] = s;
      r[j][j] = c;
      return r;
    };
    switch (*kind({8, 6, 1, 4, 5, 3, 1})) {
      case 0:
        for (auto& row : m)
          for (auto& x : row) x = *chance(25) ? T(0) : *number<T>();
        break;
      case 1:
        for (auto& row : m)
          for (auto& x : row) x = T(*int_in(-3, 3));
        break;
      case 2:
        break;
      case 3: {
        const auto p = *permutation(N);
        for (std::size_t i = 0; i < N; ++i)
          for (std::size_t j = 0; j < N; ++j) m[i][j] = T(j == p[i] ? (*chance(50) ? 1 : -1) : 0);
        break;
      }
      case 4: {
        m = plane_rotation();
        if (N == 3 && *chance(50)) {
          const auto r = plane_rotation();
          ref::BasicMatrix<T, N> product;
          for (std::size_t i = 0; i < N; ++i)
            for (std::size_t j = 0; j < N; ++j) {
              T sum(0);
              for (std::size_t k = 0; k < N; ++k) sum += r[i][k] * m[k][j];
              product[i][j] = sum;
            }
          m = product;
        }
        break;
      }
      case 5: {
        for (auto& row : m)
          for (auto& x : row) x = *small<T>();
        const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
        const auto j = (i + 1) % N;
        if (*chance(50))
          m[i].fill(T(0));
        else
          m[i] = m[j];
        break;
      }
      default:
        for (auto& row : m) row.fill(T(0));
    }
    return m;
  }));
}

/// Points with neighbour lists: the inputs of `hill_climb`.
template <Scalar T, std::size_t N>
struct Graph {
  std::vector<Vec<T, N>> points;
  std::vector<std::vector<std::size_t>> neighbors;
};

/// The vertex graph of a random box: its 2^N corners (repeated when the box is flat), joined
/// when they differ on one axis, listed in a random order. Valid for hill climbing along every
/// direction: a corner below the maximum improves by switching one axis.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Graph<T, N>> box_vertex_graph() {
  return unsized(rc::gen::exec([] {
    const auto b = *box<T, N>();
    constexpr std::size_t n = std::size_t{1} << N;
    const auto order = *permutation(n);  // corner c is vertex order[c]
    Graph<T, N> g;
    g.points.resize(n);
    g.neighbors.resize(n);
    for (std::size_t c = 0; c < n; ++c) {
      for (std::size_t i = 0; i < N; ++i) g.points[order[c]][i] = (c >> i & 1) ? b.hi[i] : b.lo[i];
      for (std::size_t i = 0; i < N; ++i)
        g.neighbors[order[c]].push_back(order[c ^ (std::size_t{1} << i)]);
    }
    return g;
  }));
}

/// A random graph: up to `max_count` points with random neighbour lists (self-loops, repeats and
/// one-way edges allowed), valid or not for hill climbing.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Graph<T, N>> random_graph(int max_count = 7) {
  return unsized(rc::gen::exec([max_count] {
    Graph<T, N> g;
    g.points = *points<T, N>(max_count);
    const int n = static_cast<int>(g.points.size());
    g.neighbors.resize(g.points.size());
    for (auto& list : g.neighbors) {
      const int degree = *int_in(0, std::min(n, 4));
      for (int k = 0; k < degree; ++k) list.push_back(static_cast<std::size_t>(*int_in(0, n - 1)));
    }
    return g;
  }));
}

// ---- Printing counterexamples -----------------------------------------------------------------

template <Scalar T, std::size_t N>
void showValue(const BoxPair<T, N>& p, std::ostream& os) {
  os << "a = ";
  rc::show(p.a, os);
  os << ", b = ";
  rc::show(p.b, os);
}

template <Scalar T, std::size_t N>
void showValue(const SweepCase<T, N>& c, std::ostream& os) {
  os << "a = ";
  rc::show(c.a, os);
  os << ", da = ";
  rc::show(c.da, os);
  os << ", b = ";
  rc::show(c.b, os);
  os << ", db = ";
  rc::show(c.db, os);
}

template <Scalar T, std::size_t N>
void showValue(const RayCase<T, N>& c, std::ostream& os) {
  os << "box = ";
  rc::show(c.box, os);
  os << ", origin = ";
  rc::show(c.origin, os);
  os << ", dir = ";
  rc::show(c.dir, os);
  os << ", t_min = ";
  rc::show(c.t_min, os);
  os << ", t_max = ";
  if (c.t_max)
    rc::show(*c.t_max, os);
  else
    os << "inf";
}

template <Scalar T, std::size_t N>
void showValue(const Graph<T, N>& g, std::ostream& os) {
  os << "points = ";
  rc::show(g.points, os);
  os << ", neighbors = ";
  rc::show(g.neighbors, os);
}

}  // namespace aabb::gen

// RapidCheck prints a counterexample's values through showValue, found by argument-dependent
// lookup, so the printers for the shared shapes have to live in geometry's namespace. They are
// test-only and so are declared here rather than in geometry/.
namespace aabb::geometry {

template <class Q, std::size_t N>
void showValue(const Box<Q, N>& b, std::ostream& os) {
  os << "{min: ";
  rc::show(b.lo, os);
  os << ", max: ";
  rc::show(b.hi, os);
  os << "}";
}

template <class Q, std::size_t N>
void showValue(const CenterExtent<Q, N>& b, std::ostream& os) {
  os << "{center: ";
  rc::show(b.center, os);
  os << ", extent: ";
  rc::show(b.extent, os);
  os << "}";
}

}  // namespace aabb::geometry
