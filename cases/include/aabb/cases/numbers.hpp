#pragma once
/// The case library's numbers (aabb/cases/generators.hpp says what the library aims at): the
/// plumbing of every generator, exact values, scalar arithmetic for every T, and the number
/// generators (bit patterns, special values and their ulp neighbours, small and scaled values,
/// pools of shared coordinates).

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

/// The value of the k-th alternative, k drawn by kind(weights): the same draws as a switch over
/// `*kind(weights)` whose case k returns `alternative_k()`. Call it inside rc::gen::exec.
template <class R, class... Alternative>
[[nodiscard]] R choose(std::initializer_list<std::size_t> weights, Alternative&&... alternative) {
  const int k = *kind(weights);
  R r{};
  int i = 0;
  ((i++ == k ? void(r = alternative()) : void()), ...);
  return r;
}

/// A value of the k-th generator, k drawn by kind(weights) (choose over `*make_k()`).
template <class R, class... Make>
[[nodiscard]] R weighted(std::initializer_list<std::size_t> weights, Make... make) {
  return choose<R>(weights, [&] { return *make(); }...);
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

/// Prints `name<sep>value` pairs separated by ", ": the format of every counterexample printer.
inline void show_fields(std::ostream&, const char*) {}
template <class X, class... Rest>
void show_fields(std::ostream& os, const char* sep, const char* name, const X& x, const Rest&... rest) {
  os << name << sep;
  rc::show(x, os);
  if constexpr (sizeof...(rest) > 0) {
    os << ", ";
    show_fields(os, sep, rest...);
  }
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

/// A double as T (Rational or double): exactly.
template <Scalar T>
[[nodiscard]] T from_double(double x) {
  if constexpr (std::same_as<T, Rational>)
    return ref::exact_value(x);
  else
    return static_cast<T>(x);
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

/// For float, `of_float()`; for Rational and double, of_double() with the given percentage and
/// else of_float(), widened, the value converted exactly.
template <Scalar T, class OfFloat, class OfDouble>
[[nodiscard]] rc::Gen<T> widened(int percent_double, OfFloat of_float, OfDouble of_double) {
  if constexpr (std::same_as<T, float>) {
    return of_float();
  } else {
    return rc::gen::exec([=] {
      return from_double<T>(*chance(percent_double) ? *of_double() : double(*of_float()));
    });
  }
}

/// A finite value from a random bit pattern (for Rational and double, half of them from float
/// patterns), converted exactly.
template <Scalar T>
[[nodiscard]] rc::Gen<T> from_bits() {
  return widened<T>(50, finite_from_bits<float>, finite_from_bits<double>);
}

/// A special value of UlpFormat<T> (and, for Rational, of float too), converted exactly.
template <Scalar T>
[[nodiscard]] rc::Gen<T> special_as() {
  return widened<T>(75, special<float>, special<double>);
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
// ---- Compiled once --------------------------------------------------------------------------

/// The generators of this header for one scalar type, as explicit instantiations (EXTERN empty:
/// definitions, in cases/src/instances_<type>.cpp, the aabb::cases library; Rational's in
/// aabb::cases_exact) or declarations (EXTERN = extern, below: every test that includes the header
/// calls those, and does not instantiate the generators and RapidCheck's machinery under them
/// once more; a test that generates Rationals links aabb::cases_exact). Each family's header lists
/// its own (AABB_CASES_BOXES, ...); a generator left off a list still works, instantiated in each
/// test that uses it. F: float and double only.
#define AABB_CASES_NUMBERS(EXTERN, T)                                          \
  EXTERN template rc::Gen<T> small_integer<T>();                             \
  EXTERN template rc::Gen<T> small<T>();                                     \
  EXTERN template rc::Gen<T> scaled_small<T>();                              \
  EXTERN template rc::Gen<T> from_bits<T>();                                 \
  EXTERN template rc::Gen<T> special_as<T>();                                \
  EXTERN template rc::Gen<T> number<T>();                                    \
  EXTERN template rc::Gen<T> nonnegative<T>();                               \
  EXTERN template rc::Gen<T> positive<T>();                                  \
  EXTERN template rc::Gen<T> unit_time<T>();                                 \
  EXTERN template rc::Gen<std::vector<T>> pool<T>(int, int);
#define AABB_CASES_NUMBERS_F(EXTERN, F)                                        \
  EXTERN template rc::Gen<F> finite_from_bits<F>();                          \
  EXTERN template rc::Gen<F> special<F>();                                   \
  EXTERN template rc::Gen<F> large<F>();
/// The scalar types and dimensions the library compiles its generators for; others (a test's
/// own) are instantiated where they are used, as any template.
#define AABB_CASES_EACH_SCALAR(M, EXTERN) M(EXTERN, float) M(EXTERN, double) M(EXTERN, Rational)
#define AABB_CASES_EACH_FLOAT(M, EXTERN) M(EXTERN, float) M(EXTERN, double)
#define AABB_CASES_EACH_SCALAR_AND_DIM(M, EXTERN) \
  M(EXTERN, float, 2) M(EXTERN, float, 3) M(EXTERN, double, 2) M(EXTERN, double, 3) M(EXTERN, Rational, 2) M(EXTERN, Rational, 3)
#define AABB_CASES_EACH_FLOAT_AND_DIM(M, EXTERN) \
  M(EXTERN, float, 2) M(EXTERN, float, 3) M(EXTERN, double, 2) M(EXTERN, double, 3)
AABB_CASES_EACH_SCALAR(AABB_CASES_NUMBERS, extern)
AABB_CASES_EACH_FLOAT(AABB_CASES_NUMBERS_F, extern)

}  // namespace aabb::gen
