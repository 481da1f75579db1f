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
/// The exact stages reuse optimized/exact_float.hpp (TwoSum/TwoProduct expansions in Wide<T>,
/// exact for all finite inputs).

#include <gmp.h>

#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "aabb/optimized/box.hpp"
#include "aabb/optimized/exact_float.hpp"
#include "aabb/reference/rational.hpp"

namespace aabb::filtered {

namespace opt = aabb::optimized;
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

/// The exact Rational of a finite float (GMP's mpq_set_d is exact; -0 gives 0).
[[nodiscard]] inline ref::Rational rational_of(double x) {
  ref::Rational q;
  mpq_set_d(q.backend().data(), x);
  return q;
}

/// A sum of up to 8 finite input floats, each term stored with its sign (negation is exact).
template <opt::Float T>
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
template <opt::Float T>
struct Frac {
  Lin<T> num;
  Lin<T> den;
};

/// x/1: the time constants 0 and 1, a ray's t_min and t_max.
template <opt::Float T>
[[nodiscard]] Frac<T> frac_of(T x) {
  if (x == 0) return {Lin<T>(), Lin<T>(T(1))};  // an empty numerator: compare's shortcut
  return {Lin<T>(x), Lin<T>(T(1))};
}

namespace detail {

/// fl(Σ t) and fl(Σ |t|) in double, summed left to right.
template <opt::Float T>
inline void sums(const Lin<T>& x, double& s, double& a) noexcept {
  s = 0;
  a = 0;
  for (int k = 0; k < x.n; ++k) {
    const double v = static_cast<double>(x[k]);  // exact: float and double both fit
    s += v;
    a += std::fabs(v);
  }
}

template <opt::Float T>
[[nodiscard]] int exact_sign(const Lin<T>& x) {
  using W = opt::exact::Wide<T>;
  opt::exact::Expansion<W, 8> e;
  for (int k = 0; k < x.n; ++k) e.add(static_cast<W>(x[k]));
  return e.sign();
}

template <opt::Float T>
[[nodiscard]] int exact_compare(const Frac<T>& f, const Frac<T>& g) {
  using W = opt::exact::Wide<T>;
  opt::exact::Expansion<W, 64> e;
  for (int i = 0; i < f.num.n; ++i)
    for (int j = 0; j < g.den.n; ++j) e.add_product(static_cast<W>(f.num[i]), static_cast<W>(g.den[j]));
  for (int i = 0; i < g.num.n; ++i)
    for (int j = 0; j < f.den.n; ++j) e.add_product(-static_cast<W>(g.num[i]), static_cast<W>(f.den[j]));
  return e.sign();
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
template <opt::Float T>
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
/// Otherwise the sign of an exact expansion of the <= 32 products in Wide<T>.
/// Shortcuts first, exact by algebra, for the times the ops start from (0/1, 1/1, t_min/1):
/// with a zero numerator the sign is the other numerator's (denominators are > 0); with unit
/// denominators it is sign(Nf - Ng); against 1/1 it is sign(Nf - Df).
template <opt::Float T>
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

/// The exact Rational of a sum: one mpq_set_d per component of its TwoSum expansion in double
/// (usually one component: the sum is exact in double), or per term when a partial sum
/// overflows.
template <opt::Float T>
[[nodiscard]] ref::Rational exact_value(const Lin<T>& x) {
  if (x.n == 0) return ref::Rational(0);
  if (x.n == 1) return rational_of(static_cast<double>(x[0]));
  opt::exact::Expansion<double, 8> e;
  bool finite = true;
  for (int k = 0; k < x.n; ++k) e.add(static_cast<double>(x[k]));
  for (std::size_t k = 0; k < e.size(); ++k) finite = finite && std::isfinite(e.component(k));
  ref::Rational r;
  if (finite) {
    if (e.size() == 0) return r;
    r = rational_of(e.component(e.size() - 1));
    for (std::size_t k = e.size() - 1; k-- > 0;) r += rational_of(e.component(k));
  } else {
    for (int k = 0; k < x.n; ++k) r += rational_of(static_cast<double>(x[k]));
  }
  return r;
}

/// The exact Rational of a fraction.
template <opt::Float T>
[[nodiscard]] ref::Rational exact_value(const Frac<T>& f) {
  if (f.num.n == 0) return ref::Rational(0);
  ref::Rational n = exact_value(f.num);
  if (f.den.n == 1 && f.den[0] == T(1)) return n;
  return ref::Rational(n / exact_value(f.den));
}

}  // namespace aabb::filtered
