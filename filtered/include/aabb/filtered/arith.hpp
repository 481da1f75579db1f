#pragma once
/// The filtered evaluator's arithmetic: short exact sums of input floats (Lin), fractions of two
/// such sums (Frac), their exact signs and comparisons decided by a floating-point filter with a
/// proved error bound, an exact float expansion when the filter cannot decide, and the exact
/// Rational of a sum or a fraction, built only for the numbers of an answer.
///
/// Every filter below runs in double, for float and double inputs alike, with u = 2^-53 the unit
/// roundoff of double and these standard facts (Higham, "Accuracy and Stability of Numerical
/// Algorithms", 2nd ed., §2.2 and §4.2; Shewchuk 1997, §4.2, whose orient2d bound has the same
/// shape as the fraction comparison here):
///  (F1) a sum or difference a ± b of doubles rounds to (a ± b)(1 + δ), |δ| <= u, also when the
///       result is subnormal (then it is exact); a product rounds to ab(1 + δ) + η, |δ| <= u,
///       |η| <= 2^-1075 (underflow);
///  (F2) recursive summation of n terms errs by at most γ_{n-1}·Σ|t_i|, γ_k = ku/(1 - ku);
///  (F3) rounding is monotone, so a computed Σ|t_i| is >= the computed |Σ t_i| and products of
///       computed magnitudes bound the computed products;
///  (F4) any comparison with NaN is false and nothing finite exceeds +inf, so a filter whose
///       intermediate overflowed never decides: it falls through to the exact stage.
/// The exact stages use exact_float/ (TwoSum/TwoProduct expansions in double where those are
/// exact, else the integer Accumulator: exact for all finite inputs, no x87 extended type).

#include <gmp.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "aabb/exact_float/accumulator.hpp"
#include "aabb/exact_float/exact_float.hpp"
#include "aabb/geometry/box.hpp"
#include "aabb/reference/rational.hpp"

namespace aabb::filtered {

namespace geo = aabb::geometry;
namespace xf = aabb::exact_float;
namespace ref = aabb::reference;

/// What the evaluator did, counted per thread (the benchmark reports the fractions).
struct Counters {
  std::uint64_t calls = 0;       ///< filtered ops called
  std::uint64_t expansions = 0;  ///< predicates the float filter left open, decided exactly in float
  std::uint64_t fallbacks = 0;   ///< calls answered by the plain reference (non-finite or invalid
                                 ///< input, forwarded ops)
};

/// This thread's counters (never reset by the evaluator itself).
[[nodiscard]] inline Counters& counters() noexcept {
  thread_local Counters c;
  return c;
}

/// Relative error bound of every filter: 2^-48 = 32u. The analyses below need at most 17u for the
/// term counts used (<= 8 terms in a sign, <= 4 in a fraction's numerator or denominator); the
/// margin absorbs the rounding of the bound's own computation (a few relative u).
inline constexpr double kRelErr = 0x1p-48;
/// Absolute slack for underflow: covers the few η <= 2^-1075 of (F1) and an underflowing bound.
inline constexpr double kAbsErr = 0x1p-1000;

/// The exact Rational of a finite double (-0 gives 0): the odd integer mantissa and a power of
/// two written straight into the mpq, already in lowest terms (what mpq_set_d does, without its
/// generality; measured about twice as fast).
[[nodiscard]] inline ref::Rational rational_of(double x) {
  ref::Rational q;
  if (x == 0) return q;
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const auto field = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
  int e = -1074;
  if (field != 0) {
    m |= std::uint64_t{1} << 52;
    e = field - 1075;
  }
  const int tz = std::countr_zero(m);
  m >>= tz;
  e += tz;
  mpq_ptr p = q.backend().data();
  mpz_set_ui(mpq_numref(p), static_cast<unsigned long>(m));
  if (bits >> 63) mpz_neg(mpq_numref(p), mpq_numref(p));
  if (e > 0) mpz_mul_2exp(mpq_numref(p), mpq_numref(p), static_cast<mp_bitcnt_t>(e));
  if (e < 0) {
    mpz_set_ui(mpq_denref(p), 0);
    mpz_setbit(mpq_denref(p), static_cast<mp_bitcnt_t>(-e));
  }
  return q;
}

/// A sum of up to 8 finite input floats, each term stored with its sign (negation is exact).
template <xf::Float T>
struct Lin {
  std::array<T, 8> t{};
  int n = 0;

  Lin() = default;
  explicit Lin(T a) : n(1) { t[0] = a; }
  Lin(T a, T b) : n(2) {
    t[0] = a;
    t[1] = b;
  }
  /// this + x.
  [[nodiscard]] Lin plus(const Lin& x) const {
    Lin r = *this;
    for (int k = 0; k < x.n; ++k) r.t[static_cast<std::size_t>(r.n++)] = x.t[static_cast<std::size_t>(k)];
    assert(r.n <= 8);
    return r;
  }
  /// -this.
  [[nodiscard]] Lin negated() const {
    Lin r = *this;
    for (int k = 0; k < n; ++k) r.t[static_cast<std::size_t>(k)] = -t[static_cast<std::size_t>(k)];
    return r;
  }
  /// this - x.
  [[nodiscard]] Lin minus(const Lin& x) const { return plus(x.negated()); }
  [[nodiscard]] T operator[](int k) const { return t[static_cast<std::size_t>(k)]; }
};

/// num / den with den > 0 exactly (callers orient the sign; the constructors below do it).
template <xf::Float T>
struct Frac {
  Lin<T> num;
  Lin<T> den;
};

/// x/1: the time constants 0 and 1, a ray's t_min and t_max.
template <xf::Float T>
[[nodiscard]] Frac<T> frac_of(T x) {
  if (x == 0) return {Lin<T>(), Lin<T>(T(1))};  // an empty numerator: compare's shortcut
  return {Lin<T>(x), Lin<T>(T(1))};
}

namespace detail {

/// fl(Σ t) and fl(Σ |t|) in double, summed left to right.
template <xf::Float T>
inline void sums(const Lin<T>& x, double& s, double& a) noexcept {
  s = 0;
  a = 0;
  for (int k = 0; k < x.n; ++k) {
    const double v = static_cast<double>(x[k]);  // exact: float and double both fit
    s += v;
    a += std::fabs(v);
  }
}

/// Whether every term is 0 or within [2^-lo, 2^hi] in magnitude.
template <xf::Float T>
[[nodiscard]] inline bool in_range(const Lin<T>& x, double lo, double hi) noexcept {
  for (int k = 0; k < x.n; ++k) {
    const double a = std::fabs(static_cast<double>(x[k]));
    if (a != 0 && !(a >= lo && a <= hi)) return false;
  }
  return true;
}

/// The exact stages run in double when that is already exact, else in exact_float::Accumulator
/// (integer limbs: exact for every finite input, on every platform). Sums: TwoSum is exact unless a sum overflows, impossible for
/// <= 64 components of magnitude <= 2^1000 (float inputs: always). Products of two doubles in
/// [2^-480, 2^480]: the product lies in [2^-960, 2^960] and its TwoProduct error is a multiple of
/// 2^-1064, so it is representable (no underflow loss) — TwoProduct is exact.
template <xf::Float T>
[[nodiscard]] int exact_sign(const Lin<T>& x) {
  if (std::is_same_v<T, float> || in_range(x, 0.0, 0x1p1000)) {
    xf::Expansion<double, 8> e;
    for (int k = 0; k < x.n; ++k) e.add(static_cast<double>(x[k]));
    return e.sign();
  }
  xf::Accumulator<T> e;
  for (int k = 0; k < x.n; ++k) e.add(x[k]);
  return e.sign();
}

/// f - g's sign: Σ f.num·g.den - Σ g.num·f.den as products of two input values, in a double
/// expansion (Acc = xf::Expansion<double, 64>, under the range rule below) or exactly in any case
/// (Acc = xf::Accumulator<T>).
template <class Acc, xf::Float T>
[[nodiscard]] int exact_compare_in(const Frac<T>& f, const Frac<T>& g) {
  using V = std::conditional_t<std::is_same_v<Acc, xf::Accumulator<T>>, T, double>;
  Acc e;
  for (int i = 0; i < f.num.n; ++i)
    for (int j = 0; j < g.den.n; ++j) e.add_product(static_cast<V>(f.num[i]), static_cast<V>(g.den[j]));
  for (int i = 0; i < g.num.n; ++i)
    for (int j = 0; j < f.den.n; ++j) e.add_product(static_cast<V>(-g.num[i]), static_cast<V>(f.den[j]));
  return e.sign();
}

template <xf::Float T>
[[nodiscard]] int exact_compare(const Frac<T>& f, const Frac<T>& g) {
  if constexpr (std::is_same_v<T, double>) {
    constexpr double lo = 0x1p-480, hi = 0x1p480;
    if (in_range(f.num, lo, hi) && in_range(f.den, lo, hi) && in_range(g.num, lo, hi) &&
        in_range(g.den, lo, hi))
      return exact_compare_in<xf::Expansion<double, 64>>(f, g);
  }
  return exact_compare_in<xf::Accumulator<T>>(f, g);
}

}  // namespace detail

/// The exact sign of a sum (-1, 0, +1).
/// Proof. n <= 2: fl(a + b) has the sign of a + b (F1: a zero result is exact; overflow keeps
/// the sign), so it decides alone. n <= 8: by (F2) the computed S errs by at most
/// γ_7·A <= 7.01u·A with A = Σ|t_i|, and the computed Â >= A(1 - γ_7) (F2 on non-negative
/// terms); so |S| > 2^-48·Â + 2^-1000 (itself computed with two roundings) exceeds the error and
/// S has the true sign. Â == 0 only when every term is 0 (a sum of non-negatives rounds to 0
/// only if all are 0). Otherwise (a tie, a near-cancellation, or an overflow by F4) the sign of
/// an exact expansion (counted in counters().expansions).
template <xf::Float T>
[[nodiscard]] int sign(const Lin<T>& x) {
  if (x.n <= 2) {
    const double s = x.n == 0 ? 0.0 : x.n == 1 ? double(x[0]) : double(x[0]) + double(x[1]);
    return (s > 0) - (s < 0);
  }
  double s, a;
  detail::sums(x, s, a);
  const double bound = kRelErr * a + kAbsErr;
  if (s > bound) return 1;
  if (-s > bound) return -1;
  if (a == 0) return 0;
  ++counters().expansions;
  return detail::exact_sign(x);
}

/// The exact sign of f - g for fractions with positive denominators: sign(Nf·Dg - Ng·Df).
/// Proof. Let N̂, D̂ be the computed sums (<= 4 terms, so γ = γ_3) and A_N, A_D the exact sums of
/// magnitudes. By (F2) |N̂ - N| <= γA_N and |N̂| <= (1 + γ)A_N, so |N̂D̂ - ND| <= (2γ + γ²)A_N·A_D;
/// the product's rounding adds u(1 + γ)²A_N·A_D + η, and the final subtraction u·(|P̂f| + |P̂g|)
/// (F1). In all, |Ŝ - S| <= (2γ + 2u + O(u²))·(M_f + M_g) + 3η <= 8.1u·(M_f + M_g) + 3η with
/// M_f = A_Nf·A_Dg, M_g = A_Ng·A_Df. The computed M̂ are >= M(1 - 8u) (F2, F1), so
/// |Ŝ| > 2^-48·(M̂_f + M̂_g) + 2^-1000 proves S ≠ 0 with Ŝ's sign. Overflow never decides (F3:
/// M̂ bounds every computed product, so an infinite Ŝ means an infinite bound; F4). When one
/// product is exactly zero on both sides (a numerator or denominator of all zero terms), S = 0.
/// Otherwise the exact sign of the <= 32 products (exact_compare).
/// Shortcuts first, exact by algebra, for the times the ops start from (0/1, 1/1, t_min/1):
/// with a zero numerator the sign is the other numerator's (denominators are > 0); with unit
/// denominators it is sign(Nf - Ng); against 1/1 it is sign(Nf - Df).
template <xf::Float T>
[[nodiscard]] int compare(const Frac<T>& f, const Frac<T>& g) {
  if (g.num.n == 0) return sign(f.num);
  if (f.num.n == 0) return -sign(g.num);
  const bool f_unit = f.den.n == 1 && f.den[0] == T(1);
  const bool g_unit = g.den.n == 1 && g.den[0] == T(1);
  if (f_unit && g_unit) return sign(f.num.minus(g.num));
  if (g_unit && g.num.n == 1 && g.num[0] == T(1)) return sign(f.num.minus(f.den));
  if (f_unit && f.num.n == 1 && f.num[0] == T(1)) return -sign(g.num.minus(g.den));
  double nf, anf, df, adf, ng, ang, dg, adg;
  detail::sums(f.num, nf, anf);
  detail::sums(f.den, df, adf);
  detail::sums(g.num, ng, ang);
  detail::sums(g.den, dg, adg);
  const double s = nf * dg - ng * df;
  const double bound = kRelErr * (anf * adg + ang * adf) + kAbsErr;
  if (s > bound) return 1;
  if (-s > bound) return -1;
  if ((anf == 0 || adg == 0) && (ang == 0 || adf == 0)) return 0;
  ++counters().expansions;
  return detail::exact_compare(f, g);
}

namespace detail {

__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;

/// A dyadic number m·2^e, m odd (or m = 0, e = 0), |m| < 2^127.
struct Dyadic {
  Int128 m = 0;
  int e = 0;
};

[[nodiscard]] inline int ctz128(UInt128 u) noexcept {
  const auto lo = static_cast<std::uint64_t>(u);
  return lo != 0 ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<std::uint64_t>(u >> 64));
}

/// Stein's binary gcd of two non-zero integers.
[[nodiscard]] inline UInt128 gcd128(UInt128 a, UInt128 b) noexcept {
  const int shift = ctz128(a | b);
  a >>= ctz128(a);
  do {
    b >>= ctz128(b);
    if (a > b) std::swap(a, b);
    b -= a;
  } while (b != 0);
  return a << shift;
}

/// The exact sum of the terms as a Dyadic, when it fits: the TwoSum expansion in double (exact
/// unless a partial sum overflows), then its components' integer mantissas aligned to the least
/// exponent, when they span at most 70 binary places (so each is < 2^123 and their sum < 2^126).
template <xf::Float T>
[[nodiscard]] bool dyadic_sum(const Lin<T>& x, Dyadic& out) {
  xf::Expansion<double, 8> ex;
  for (int k = 0; k < x.n; ++k) ex.add(static_cast<double>(x[k]));
  std::array<std::int64_t, 8> m{};
  std::array<int, 8> e{};
  int lo = 1 << 20, hi = -(1 << 20);
  for (std::size_t k = 0; k < ex.size(); ++k) {
    const double c = ex.component(k);
    if (!std::isfinite(c)) return false;
    const auto bits = std::bit_cast<std::uint64_t>(c);
    const auto field = static_cast<int>((bits >> 52) & 0x7ff);
    std::uint64_t mag = bits & ((std::uint64_t{1} << 52) - 1);
    e[k] = -1074;
    if (field != 0) {
      mag |= std::uint64_t{1} << 52;
      e[k] = field - 1075;
    }
    m[k] = (bits >> 63) ? -static_cast<std::int64_t>(mag) : static_cast<std::int64_t>(mag);
    lo = std::min(lo, e[k]);
    hi = std::max(hi, e[k]);
  }
  out = Dyadic{};
  if (ex.size() == 0) return true;
  if (hi - lo > 70) return false;
  Int128 sum = 0;
  for (std::size_t k = 0; k < ex.size(); ++k) sum += static_cast<Int128>(m[k]) * (Int128(1) << (e[k] - lo));
  if (sum == 0) return true;
  const int tz = ctz128(static_cast<UInt128>(sum < 0 ? -sum : sum));
  out.m = sum / (Int128(1) << tz);  // exact: sum is a multiple of 2^tz
  out.e = lo + tz;
  return true;
}

inline void set_mpz(mpz_ptr z, UInt128 u) {
  mpz_set_ui(z, static_cast<unsigned long>(u >> 64));
  if (u >> 64) mpz_mul_2exp(z, z, 64);
  mpz_add_ui(z, z, static_cast<unsigned long>(static_cast<std::uint64_t>(u)));
}

/// (n.m·2^n.e) / (d.m·2^d.e) for odd n.m, d.m > 0 (or n.m = 0), in lowest terms: after dividing
/// the odd parts by their gcd, they are coprime and odd, so the powers of two go wholly to the
/// numerator or the denominator; no mpq_canonicalize is needed.
[[nodiscard]] inline ref::Rational ratio_of(const Dyadic& n, const Dyadic& d) {
  ref::Rational q;
  if (n.m == 0) return q;
  UInt128 a = static_cast<UInt128>(n.m < 0 ? -n.m : n.m);
  UInt128 b = static_cast<UInt128>(d.m);
  if (b != 1) {
    const UInt128 g = gcd128(a, b);
    a /= g;
    b /= g;
  }
  mpq_ptr p = q.backend().data();
  set_mpz(mpq_numref(p), a);
  if (n.m < 0) mpz_neg(mpq_numref(p), mpq_numref(p));
  set_mpz(mpq_denref(p), b);
  const int k = n.e - d.e;
  if (k > 0) mpz_mul_2exp(mpq_numref(p), mpq_numref(p), static_cast<mp_bitcnt_t>(k));
  if (k < 0) mpz_mul_2exp(mpq_denref(p), mpq_denref(p), static_cast<mp_bitcnt_t>(-k));
  return q;
}

/// The exact Rational of a sum by GMP arithmetic, one term at a time (any finite terms).
template <xf::Float T>
[[nodiscard]] ref::Rational slow_value(const Lin<T>& x) {
  ref::Rational r;
  for (int k = 0; k < x.n; ++k) r += rational_of(static_cast<double>(x[k]));
  return r;
}

}  // namespace detail

/// The exact Rational of a sum: integer arithmetic on its dyadic value when it fits in 127 bits
/// (detail::dyadic_sum), else GMP arithmetic term by term.
template <xf::Float T>
[[nodiscard]] ref::Rational exact_value(const Lin<T>& x) {
  if (x.n == 1) return rational_of(static_cast<double>(x[0]));
  detail::Dyadic v;
  if (detail::dyadic_sum(x, v)) return detail::ratio_of(v, detail::Dyadic{1, 0});
  return detail::slow_value(x);
}

/// The exact Rational of a fraction (its denominator is > 0): the gcd of two dyadic values in
/// 128-bit integers when they fit, else GMP's division.
template <xf::Float T>
[[nodiscard]] ref::Rational exact_value(const Frac<T>& f) {
  if (f.num.n == 0) return ref::Rational(0);
  detail::Dyadic n, d;
  if (detail::dyadic_sum(f.num, n) && detail::dyadic_sum(f.den, d)) return detail::ratio_of(n, d);
  return ref::Rational(exact_value(f.num) / exact_value(f.den));
}

}  // namespace aabb::filtered
