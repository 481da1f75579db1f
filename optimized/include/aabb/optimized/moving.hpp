#pragma once
/// The moving tests in float and double (contract §2, docs/contracts.md, "Moving tests"): `sweep`,
/// `sweep_ce` (seed 000's AABBSweep), `moving_vs_static` (seed 001's intersectMovingAABB), `ray`,
/// and a `_conservative` variant of each for continuous collision detection.
///
/// How: each axis gives an entry and an exit time, both fractions (Σ terms) / (Σ terms) of input
/// values (2 terms per sum for min–max boxes and rays, 4 for sweep_ce), with the denominator's
/// sign decided exactly. T is [max of entries, min of exits]; every max / min and the final
/// "lo <= hi" compares two fractions by cross-multiplication. A filter in double, with sums
/// computed once per fraction, decides each comparison when its proved error bound allows;
/// otherwise an exact path does (an expansion of exact products in double when they are in
/// range, else exact::Accumulator's integer limbs). So `hit` is EXACT for all finite inputs, and
/// the reported times are the chosen fractions rounded (within 1 ulp, see time_of). Proofs:
/// docs/contracts.md, "The comparison filter".
///
/// `ray`, `sweep`, `moving_vs_static` and `sweep_ce` first run a filter of their own, the
/// textbook slab test in double with a proved error window (ray_fast, sweep_fast, sweep_ce_fast;
/// docs/contracts.md, "The ray filter", "The sweep filter", "The sweep_ce filter"); where its
/// window cannot decide, the machinery above does (the sweep and sweep_ce filters settle ties
/// and still axes themselves, pair by pair, with the same exact comparisons).
///
/// Outside those filters no 1/d is ever formed and a subnormal displacement is never inverted, so huge coordinates and
/// 1/d overflow do not exist in this code; an overflow inside the double filter (double inputs
/// near DBL_MAX) only sends the comparison to the exact path.
///
/// Invalid input (NaN or ±inf anywhere except a ray's t_max = +inf, lo > hi, extent < 0,
/// t_min > t_max, t_max = -inf or NaN): the answer is a miss, with NaN times. Never UB.

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "aabb/optimized/box.hpp"
#include "aabb/optimized/float_steps.hpp"
#include "aabb/exact_float/accumulator.hpp"
#include "aabb/exact_float/exact_float.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace aabb::optimized {

/// `sweep`: hit, and when hit the first and last instants of contact in [0, 1] (NaN on a miss).
template <Float T>
struct SweepResult {
  bool hit = false;
  T t_first = std::numeric_limits<T>::quiet_NaN();
  T t_last = std::numeric_limits<T>::quiet_NaN();
};

/// `moving_vs_static`: hit, and when hit the first instant of contact in [0, 1] (NaN on a miss).
template <Float T>
struct MovingResult {
  bool hit = false;
  T t_enter = std::numeric_limits<T>::quiet_NaN();
};

/// `ray`: hit, and when hit t_enter and t_exit (t_exit = +inf when unbounded; NaN on a miss).
template <Float T>
struct RayResult {
  bool hit = false;
  T t_enter = std::numeric_limits<T>::quiet_NaN();
  T t_exit = std::numeric_limits<T>::quiet_NaN();
};

namespace detail::moving {

/// A sum of K signed input values (each term is ± one T input), exact in meaning. Min–max sweeps
/// and rays need K = 2 (a.lo - b.hi, db - da, lo - o, d + 0); sweep_ce needs K = 4.
template <Float T, std::size_t K>
using Terms = std::array<T, K>;

/// One interval endpoint as K/2 terms.
template <Float T, std::size_t K>
using End = std::array<T, K / 2>;

template <Float T, std::size_t H>
[[nodiscard]] inline Terms<T, 2 * H> minus(const std::array<T, H>& p, const std::array<T, H>& q) {
  Terms<T, 2 * H> r;
  for (std::size_t i = 0; i < H; ++i) {
    r[i] = p[i];
    r[H + i] = -q[i];
  }
  return r;
}

/// The problem: axis i has the static interval [s0, s1], the moving one [m0, m1] and the
/// relative velocity v; T starts as [lo0, hi0] (hi0 unused when T is unbounded).
template <Float T, std::size_t K, std::size_t N>
struct Axes {
  std::array<End<T, K>, N> s0, s1, m0, m1;
  std::array<Terms<T, K>, N> v;
  T lo0 = 0, hi0 = 1;
};

/// The time (Σ n) / (Σ d), with Σ d > 0 exactly.
template <Float T, std::size_t K>
struct Frac {
  Terms<T, K> n{};
  Terms<T, K> d{};
};

/// A bound of T: where its fraction comes from (`src`: the start, or axis i's entry 2i / exit
/// 2i + 1) and the filter's data, computed once: nf = fl(Σ n), df = fl(Σ d) in double and, for
/// K > 2, an = fl(Σ|n|), ad = fl(Σ|d|) (a rounded K-term sum can cancel; a rounded 2-term sum
/// has relative error u). The exact terms are rebuilt from `src` only on the rare exact path: the
/// hot loop moves a few doubles, not arrays of T (whose copies stalled store forwarding).
template <std::size_t K>
struct Bound {
  double nf = 0, df = 1;
  [[no_unique_address]] std::conditional_t<(K > 2), double, std::array<double, 0>> an{}, ad{};
  int src = 0;
};
inline constexpr int kStartLo = -1, kStartHi = -2;

template <std::size_t K, Float T>
[[nodiscard]] inline Bound<K> bound_of(const Terms<T, K>& n, const Terms<T, K>& d, int src) {
  Bound<K> b;
  b.nf = 0, b.df = 0, b.src = src;
  if constexpr (K > 2) b.an = 0, b.ad = 0;
  for (std::size_t i = 0; i < K; ++i) {
    b.nf += double(n[i]);
    b.df += double(d[i]);
    if constexpr (K > 2) {
      b.an += std::fabs(double(n[i]));
      b.ad += std::fabs(double(d[i]));
    }
  }
  return b;
}

template <Float T, std::size_t K>
[[nodiscard]] inline Bound<K> start_bound(T x, int src) {
  Terms<T, K> n{}, d{};
  n[0] = x;
  d[0] = 1;
  return bound_of<K>(n, d, src);
}

inline constexpr double kU = 0x1p-53;  // unit roundoff of double, the filter's type

/// Sign of Σ t, exactly. K = 2: fl(t0 + t1) in T has the exact sign (rounding to nearest is
/// monotone, a nonzero sum of T values is at least the least subnormal, and overflow keeps the
/// sign). K = 4: a filter in double (recursive sum, error <= 3u·Σ|t|, u = 2^-53: sums of T values
/// never underflow, and an overflow makes the bound +inf or the sum NaN, which never decides),
/// else exactly by exact::Accumulator.
template <Float T, std::size_t K>
[[nodiscard]] inline int sign_of(const Terms<T, K>& t) {
  if constexpr (K == 2) {
    const T s = t[0] + t[1];
    return (s > 0) - (s < 0);
  } else {
    double s = 0, a = 0;
    for (T x : t) {
      s += double(x);
      a += std::fabs(double(x));
    }
    const double bound = 8 * kU * a;
    if (s > bound) return 1;
    if (s < -bound) return -1;
    exact::Accumulator<T> e;
    for (T x : t) e.add(x);
    return e.sign();
  }
}

/// The fraction a bound stands for, rebuilt from the problem (exact terms; rare path only).
template <Float T, std::size_t K, std::size_t N>
[[nodiscard]] inline Frac<T, K> frac_of(const Axes<T, K, N>& ax, int src) {
  Frac<T, K> f;
  if (src < 0) {
    f.n[0] = src == kStartLo ? ax.lo0 : ax.hi0;
    f.d[0] = 1;
    return f;
  }
  const auto i = static_cast<std::size_t>(src / 2);
  const bool exit = src % 2 != 0;
  if (sign_of(ax.v[i]) > 0) {
    f.n = exit ? minus(ax.s1[i], ax.m0[i]) : minus(ax.s0[i], ax.m1[i]);
    f.d = ax.v[i];
  } else {
    f.n = exit ? minus(ax.m1[i], ax.s0[i]) : minus(ax.m0[i], ax.s1[i]);
    for (std::size_t k = 0; k < K; ++k) f.d[k] = -ax.v[i][k];
  }
  return f;
}

/// a·b == hi + lo exactly in double (fma), when no overflow and no underflow can happen; false
/// otherwise. |a·b| >= 2^-960 keeps the error term above the subnormal range.
[[nodiscard]] inline bool exact_product(double a, double b, double& hi, double& lo) {
  hi = a * b;
  lo = 0;
  if (a == 0 || b == 0) return true;
  const double m = std::fabs(hi);
  if (!(m >= 0x1p-960 && m <= 0x1p1000)) return false;
  lo = std::fma(a, b, -hi);
  return true;
}

/// The exact sign of Σa.n·Σb.d - Σb.n·Σa.d. K = 2 first tries the sums as exact doubles (then
/// two products decide). Else the sum of the 2·K² products of terms, in double: each product as
/// an exact pair by fma, when all of them are in range (always for float inputs: |products|
/// within [2^-298, 2^256]), summed in a double expansion; else exactly by exact::Accumulator
/// (integer limbs: exact for all finite inputs).
template <Float T, std::size_t K>
[[nodiscard]] int compare_exact(const Frac<T, K>& a, const Frac<T, K>& b) {
  if constexpr (K == 2) {
    // Ties of nearby values: each 2-term sum is often one double exactly (TwoSum error 0, and
    // at most 2^1000), and then two exact products decide.
    auto one_double = [](T x, T y, double& sum) {
      const exact::Pair<double> p = exact::two_sum(double(x), double(y));
      sum = p.hi;
      return p.lo == 0 && std::fabs(p.hi) <= 0x1p1000;
    };
    double an, ad, bn, bd, p, pe, q, qe;
    if (one_double(a.n[0], a.n[1], an) && one_double(a.d[0], a.d[1], ad) &&
        one_double(b.n[0], b.n[1], bn) && one_double(b.d[0], b.d[1], bd) &&
        exact_product(an, bd, p, pe) && exact_product(bn, ad, q, qe)) {
      exact::Expansion<double, 4> e;
      e.add(pe);
      e.add(p);
      e.subtract(qe);
      e.subtract(q);
      return e.sign();
    }
  }
  {
    exact::Expansion<double, 4 * K * K> e;  // every part <= 2^1000: TwoSum cannot overflow
    bool ok = true;
    auto add = [&](double x, double y) {
      double hi, lo;
      ok = ok && exact_product(x, y, hi, lo);
      if (ok && lo != 0) e.add(lo);
      if (ok && hi != 0) e.add(hi);
    };
    for (std::size_t i = 0; i < K && ok; ++i)
      for (std::size_t j = 0; j < K && ok; ++j) {
        add(double(a.n[i]), double(b.d[j]));
        add(-double(b.n[i]), double(a.d[j]));
      }
    if (ok) return e.sign();
  }
  exact::Accumulator<T> e;
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = 0; j < K; ++j) {
      e.add_product(a.n[i], b.d[j]);
      e.add_product(T(-b.n[i]), a.d[j]);
    }
  return e.sign();
}

/// compare's exact path, out of line so that the filter inlines.
template <Float T, std::size_t K, std::size_t N>
[[gnu::noinline]] int compare_slow(const Axes<T, K, N>& ax, int a, int b) {
  return compare_exact(frac_of(ax, a), frac_of(ax, b));
}

/// Sign of a - b, for fractions with positive denominators: sign(Σa.n·Σb.d - Σb.n·Σa.d).
/// Filter in double (proof: docs/contracts.md, "The comparison filter"): x = fl(fl(nf_a·df_b) -
/// fl(nf_b·df_a)) is within 8u·(|p| + |q|) + 4·2^-1074 of the exact value for K = 2, and within
/// 32u·(an_a·ad_b + an_b·ad_a) + 4·2^-1074 for K = 4 (u = 2^-53). An overflow makes the bound
/// +inf or x NaN, and the test then falls through to the exact path.
template <Float T, std::size_t K, std::size_t N>
[[nodiscard]] inline int compare(const Axes<T, K, N>& ax, const Bound<K>& a, const Bound<K>& b) {
  const double p = a.nf * b.df, q = b.nf * a.df;
  const double x = p - q;
  constexpr double tiny = 4 * std::numeric_limits<double>::denorm_min();
  double bound;
  if constexpr (K == 2)
    bound = 8 * kU * (std::fabs(p) + std::fabs(q)) + tiny;
  else
    bound = 32 * kU * (a.an * b.ad + b.an * a.ad) + tiny;
  // One well-predicted branch; the sign itself is branch-free (random inputs make it a coin).
  if (std::fabs(x) > bound) [[likely]]
    return (x > 0) - (x < 0);
  return compare_slow(ax, a.src, b.src);
}

/// Σ t (float terms), computed exactly as a double expansion (sums of floats never overflow or
/// underflow in double) and then summed from the smallest component up: the components do not
/// overlap, so the result has relative error below 2u (no cancellation left).
template <std::size_t K>
[[nodiscard]] inline double sum_of(const Terms<float, K>& t) {
  exact::Expansion<double, K> e;
  for (float x : t)
    if (x != 0) e.add(double(x));
  double s = 0;
  for (std::size_t i = 0; i < e.size(); ++i) s += e.component(i);
  return s;
}

/// Σ t (double terms, each |t_k| <= 2^1019, so no TwoSum overflows) as a double-double hi + lo
/// within 3.01u²·|Σ t| (u = 2^-53): K = 2 is one TwoSum (exact); K = 4 adds the two exact pairs
/// by the accurate double-double sum (Joldes, Muller, Popescu, "Tight and rigorous error bounds
/// for basic building blocks of double-word arithmetic", 2017, Algorithm 6: relative error <=
/// 3u²/(1 - 4u)). A zero sum gives hi = lo = 0; else hi != 0.
template <std::size_t K>
[[nodiscard]] inline exact::Pair<double> sum_dd(const Terms<double, K>& t) {
  if constexpr (K == 2) {
    return exact::two_sum(t[0], t[1]);
  } else {
    static_assert(K == 4);
    const exact::Pair<double> x = exact::two_sum(t[0], t[1]), y = exact::two_sum(t[2], t[3]);
    const exact::Pair<double> s = exact::two_sum(x.hi, y.hi), e = exact::two_sum(x.lo, y.lo);
    const double c = s.lo + e.hi;
    const double v = s.hi + c, w = c - (v - s.hi);  // FastTwoSum: |s.hi| >= |c| or s.hi = 0
    const double lo = w + e.lo;
    const double hi = v + lo;
    return {hi, lo - (hi - v)};
  }
}

/// The time t = (Σ n) / (Σ d) of double terms, Σ d > 0, CORRECTLY ROUNDED (to nearest, ties to
/// even) when the double-double computation below certifies it; false otherwise (time_exact then
/// decides). With (nh, nl) and (dh, dl) the sums within 3.01u² relative (sum_dd, u = 2^-53),
/// q = RN(nh / dh) and r = nh - q·dh exactly by fma (|nh| in [2^-900, 2^1020] and |q| in
/// [2^-1000, 2^1020]: r is a multiple of 2^-1005 below u·|nh|, so it is a double), t is
/// q + (r + nl - q·dl) / (dh + dl) up to the sums' errors; that correction, computed in double and
/// divided by dh alone, puts q + c within 22u²·|q| of t (proof: docs/contracts.md, "Times").
/// R + ρ = q + c exactly (TwoSum), R = RN(q + c); R is RN(t) when no rounding boundary (the
/// midpoint between R and its neighbour on ρ's side) lies within 2^-70·|q| > 22u²·|q| of q + c.
template <std::size_t K>
[[nodiscard]] inline bool time_dd(const Terms<double, K>& n, const Terms<double, K>& d, double& t) {
  bool small = true;
  for (std::size_t k = 0; k < K; ++k) small &= (std::fabs(n[k]) <= 0x1p1019) & (std::fabs(d[k]) <= 0x1p1019);
  if (!small) return false;
  const exact::Pair<double> N = sum_dd<K>(n), D = sum_dd<K>(d);
  if (N.hi == 0 && N.lo == 0) {
    t = 0;
    return true;
  }
  const double q = N.hi / D.hi;
  if (!(std::fabs(N.hi) >= 0x1p-900 && std::fabs(N.hi) <= 0x1p1020 && std::fabs(q) >= 0x1p-1000 &&
        std::fabs(q) <= 0x1p1020))
    return false;
  const double r = std::fma(-q, D.hi, N.hi);
  const double c = (r + (N.lo - q * D.lo)) / D.hi;
  const exact::Pair<double> R = exact::two_sum(q, c);
  // The spacing of doubles at |R| on ρ's side: away from zero when ρ has R's sign.
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(std::fabs(R.hi));
  const bool away = (R.lo > 0) == (R.hi > 0);
  const double next = std::bit_cast<double>(away ? bits + 1 : bits - 1);
  const double gap = 0.5 * std::fabs(next - std::fabs(R.hi)) - std::fabs(R.lo);
  t = R.hi;
  return gap > 0x1p-70 * std::fabs(q);
}

/// The exact sign of k·Σ n - c1·Σ d - c2·Σ d (k = 1 or 2; c1, c2 finite), by exact::Accumulator.
template <Float T, std::size_t K>
[[nodiscard]] int time_sign(const Frac<T, K>& f, int k, T c1, T c2) {
  exact::Accumulator<T> e;
  for (std::size_t i = 0; i < K; ++i) {
    for (int j = 0; j < k; ++j) e.add(f.n[i]);
    e.add_product(T(-c1), f.d[i]);
    e.add_product(T(-c2), f.d[i]);
  }
  return e.sign();
}

/// (Σ n) / (Σ d) (Σ d > 0) CORRECTLY ROUNDED to T (to nearest, ties to even; ±inf from the
/// midpoint beyond ±max on), for all finite terms. A candidate c is at or below the time when the
/// exact sign of Σ n - c·Σ d (time_sign) is >= 0, which falls as c grows: the search gallops from
/// `guess` over T's ordered bit patterns, then bisects to the largest such c (RD(t)); the sign of
/// 2·Σ n - (c + c')·Σ d then picks c or its successor c'. A guess within a few ulps costs a few
/// accumulator sums, a poor one at most about 130.
template <Float T, std::size_t K>
[[nodiscard]] T time_exact(const Frac<T, K>& f, double guess) {
  using Key = std::int64_t;
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  using L = std::numeric_limits<T>;
  constexpr Bits magnitude = Bits(~Bits(0)) >> 1;
  auto key_of = [](T x) {
    const Bits b = std::bit_cast<Bits>(x);
    const Key m = Key(b & magnitude);
    return (b & ~magnitude) != 0 ? -m : m;
  };
  auto value_of = [](Key k) {
    const Bits m = Bits(k < 0 ? -k : k);
    return std::bit_cast<T>(Bits(k < 0 ? m | ~magnitude : m));
  };
  const Key top = key_of(L::max());
  // Keys -top - 1 and top + 1 stand for -inf (always at or below) and +inf (never).
  auto at_or_below = [&](Key k) { return k < -top || (k <= top && time_sign(f, 1, value_of(k), T(0)) >= 0); };
  Key g = 0;
  if (std::isfinite(guess)) g = key_of(T(std::fmax(std::fmin(guess, double(L::max())), -double(L::max()))));
  // Distances between keys reach 2^64: they are taken in unsigned arithmetic (C++20: modular
  // conversions), so nothing overflows.
  using U = std::uint64_t;
  auto dist = [](Key a, Key b) { return U(b) - U(a); };  // b - a, for a <= b
  auto plus = [](Key a, U d) { return Key(U(a) + d); };
  Key lo, hi;  // at_or_below(lo), !at_or_below(hi), lo < hi
  U step = 1;
  if (at_or_below(g)) {
    lo = g;
    for (;;) {
      hi = step > dist(lo, top) ? top + 1 : plus(lo, step);
      if (!at_or_below(hi)) break;
      lo = hi;
      step *= 2;
    }
  } else {
    hi = g;
    for (;;) {
      lo = step > dist(-top, hi) ? -top - 1 : plus(hi, U(0) - step);
      if (at_or_below(lo)) break;
      hi = lo;
      step *= 2;
    }
  }
  while (dist(lo, hi) > 1) {
    const Key m = plus(lo, dist(lo, hi) / 2);
    (at_or_below(m) ? lo : hi) = m;
  }
  // RD(t) = lo (-inf below -max), RU(t) = hi (+inf above max); half of max's ulp beyond ±max is
  // the boundary of rounding to ±inf: max + h = max·1 + h·1 with h = 2^(max_exponent - digits - 1).
  const T h = std::ldexp(T(1), L::max_exponent - L::digits - 1);
  if (lo < -top) return time_sign(f, 1, -L::max(), -h) <= 0 ? -L::infinity() : -L::max();
  if (hi > top) return time_sign(f, 1, L::max(), h) >= 0 ? L::infinity() : L::max();
  // t = c exactly gives 2t - c - c2 = c - c2 < 0, so c: no separate test for a representable t.
  const T c = value_of(lo), c2 = value_of(hi);
  const int mid = time_sign(f, 2, c, c2);
  if (mid != 0) return mid > 0 ? c2 : c;
  return (std::bit_cast<Bits>(c) & 1) == 0 ? c : c2;
}

/// The bound's time rounded to T, within 1 ulp of the exact time (and +inf only when the exact
/// time is beyond the largest finite T). float: numerator and denominator each carry relative
/// error < 2u (double's u = 2^-53; K = 2: one rounding), the division u: < 5u in all, which is
/// < 2^-25 of an ulp of float; the final rounding adds 1/2 ulp. For K = 2, nf and df are those
/// one-rounding sums in double already. double: CORRECTLY ROUNDED, by time_dd where it certifies
/// its rounding and by time_exact otherwise.
template <Float T, std::size_t K, std::size_t N>
[[nodiscard]] inline T time_of(const Axes<T, K, N>& ax, const Bound<K>& b) {
  if constexpr (std::is_same_v<T, float>) {
    if constexpr (K == 2) {
      return static_cast<T>(b.nf / b.df);
    } else {
      const Frac<T, K> f = frac_of(ax, b.src);
      return static_cast<T>(sum_of(f.n) / sum_of(f.d));
    }
  } else {
    const Frac<T, K> f = frac_of(ax, b.src);
    double t;
    if (time_dd<K>(f.n, f.d, t)) return t;
    return time_exact(f, b.nf / b.df);
  }
}

/// T = [lo, hi] (hi absent = +inf), narrowed axis by axis.
template <std::size_t K>
struct Interval {
  Bound<K> lo;
  Bound<K> hi;
  bool bounded = true;
};

/// Narrows T to the times when axis i's [m0 + t·v, m1 + t·v] meets [s0, s1]; false when that is
/// never (v = 0 and the intervals are apart). Same equations as reference::detail::narrow.
template <Float T, std::size_t K, std::size_t N>
[[nodiscard]] inline bool narrow(const Axes<T, K, N>& ax, std::size_t i, Interval<K>& I) {
  const End<T, K>&s0 = ax.s0[i], &s1 = ax.s1[i], &m0 = ax.m0[i], &m1 = ax.m1[i];
  const Terms<T, K>& v = ax.v[i];
  const int sv = sign_of(v);
  if (sv == 0) return sign_of(minus(s1, m0)) >= 0 && sign_of(minus(m1, s0)) >= 0;
  const int src = static_cast<int>(2 * i);
  Bound<K> enter, leave;
  if (sv > 0) {
    enter = bound_of<K>(minus(s0, m1), v, src);
    leave = bound_of<K>(minus(s1, m0), v, src + 1);
  } else {
    Terms<T, K> w;
    for (std::size_t k = 0; k < K; ++k) w[k] = -v[k];
    enter = bound_of<K>(minus(m0, s1), w, src);
    leave = bound_of<K>(minus(m1, s0), w, src + 1);
  }
  if (compare(ax, enter, I.lo) > 0) I.lo = enter;
  if (!I.bounded || compare(ax, leave, I.hi) < 0) {
    I.hi = leave;
    I.bounded = true;
  }
  return true;
}

/// Whether every component is finite. The domain checks below take no branch per value
/// (|x| <= max is false for NaN and ±inf; int, not bool: & without -Wbitwise-instead-of-logical),
/// so that a caller combining them with & (the sweep filter, on every hit) takes one branch.
template <Float T, std::size_t N>
[[nodiscard]] inline bool finite_vec(const Vec<T, N>& v) {
  int ok = 1;
  for (T x : v) ok &= int(std::fabs(x) <= std::numeric_limits<T>::max());
  return ok != 0;
}

/// Whether the box is valid: finite bounds, lo <= hi on every axis.
template <Float T, std::size_t N>
[[nodiscard]] inline bool valid(const Box<T, N>& b) {
  int ok = 1;
  for (std::size_t i = 0; i < N; ++i) ok &= int(b.lo[i] <= b.hi[i]);
  return (ok != 0) & finite_vec(b.lo) & finite_vec(b.hi);
}

template <Float T, std::size_t N>
[[nodiscard]] inline bool valid_extent(const Vec<T, N>& e) {
  for (T x : e)
    if (!(std::isfinite(x) && x >= 0)) return false;
  return true;
}

/// Exact hit over T's start interval and the bounding fractions; the core of every op here.
template <Float T, std::size_t K, std::size_t N>
[[nodiscard]] inline bool solve(const Axes<T, K, N>& ax, Interval<K>& I) {
  // Exits as soon as T is empty, like the textbook loop: most misses end on the first axis.
  for (std::size_t i = 0; i < N; ++i)
    if (!narrow(ax, i, I) || (I.bounded && compare(ax, I.lo, I.hi) > 0)) return false;
  return true;
}

/// A hit's times made final: exact t_first <= t_last, and each is within 1 ulp, so if rounding
/// inverted them t_first is within 1 ulp of the exact t_last too and both may carry it; the
/// conservative variants then move each one ulp outward, clamped to [0, 1].
template <Float T>
[[nodiscard]] inline SweepResult<T> finish_sweep(SweepResult<T> r, bool conservative) {
  if (r.t_last < r.t_first) r.t_last = r.t_first;
  if (conservative) {
    r.t_first = std::fmax(T(0), std::nextafter(r.t_first, -std::numeric_limits<T>::infinity()));
    r.t_last = std::fmin(T(1), std::nextafter(r.t_last, std::numeric_limits<T>::infinity()));
  }
  return r;
}

template <Float T, std::size_t K, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_times(const Axes<T, K, N>& ax, const Interval<K>& I,
                                                bool conservative) {
  SweepResult<T> r;
  r.hit = true;
  r.t_first = time_of(ax, I.lo);
  r.t_last = time_of(ax, I.hi);
  return finish_sweep(r, conservative);
}

template <Float T, std::size_t K, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_solve(const Axes<T, K, N>& ax, bool conservative) {
  Interval<K> I{start_bound<T, K>(T(0), kStartLo), start_bound<T, K>(T(1), kStartHi), true};
  if (!solve(ax, I)) return {};
  return sweep_times(ax, I, conservative);
}

/// The window of the sweep filter: sweep_apart(a, b) proves exact a > exact b for two computed
/// ends of T (docs/contracts.md, "The sweep filter"): each end is within 7.01u·|t| + 2^-1075 of
/// its exact value (u = 2^-53), and the window 2^-48·(|a| + |b|) + 2^-1020 (a normal slack:
/// no subnormal constant in the hot path) exceeds both errors and the rounding of a − b. NaN is
/// never apart.
[[nodiscard]] inline bool sweep_apart(double a, double b) {
  return a - b > 0x1p-48 * (std::fabs(a) + std::fabs(b)) + 0x1p-1020;
}

/// The exact path of sweep and moving_vs_static (also the validation), out of line so that the
/// fast path inlines: the 1-ulp (double: correctly rounded) answer, before the conservative
/// widening.
template <Float T, std::size_t N>
[[gnu::noinline]] SweepResult<T> sweep_exact(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                             const Vec<T, N>& db) {
  if (!valid(a) || !valid(b) || !finite_vec(da) || !finite_vec(db)) return {};
  Axes<T, 2, N> ax;
  for (std::size_t i = 0; i < N; ++i) {
    ax.s0[i] = {a.lo[i]};
    ax.s1[i] = {a.hi[i]};
    ax.m0[i] = {b.lo[i]};
    ax.m1[i] = {b.hi[i]};
    ax.v[i] = {db[i], T(-da[i])};  // db - da exactly: the rounded v never appears
  }
  Interval<2> I{start_bound<T, 2>(T(0), kStartLo), start_bound<T, 2>(T(1), kStartHi), true};
  if (!solve(ax, I)) return {};
  return sweep_times(ax, I, false);
}

/// Axis i's entry (exit when `leave`) fraction of a sweep, with v = db − da != 0 of sign `pos`
/// (exact terms, positive denominator): v > 0: entry (a.lo − b.hi)/v, exit (a.hi − b.lo)/v;
/// v < 0: entry (b.lo − a.hi)/(−v), exit (b.hi − a.lo)/(−v). Axis −1 is the start: 0 (entry)
/// or 1 (exit).
template <Float T, std::size_t N>
[[nodiscard]] inline Frac<T, 2> sweep_frac(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                           const Vec<T, N>& db, int axis, bool pos, bool leave) {
  Frac<T, 2> f;
  if (axis < 0) {
    f.n = {T(leave ? 1 : 0), T(0)};
    f.d = {T(1), T(0)};
    return f;
  }
  const auto i = static_cast<std::size_t>(axis);
  if (pos) {
    f.n = leave ? Terms<T, 2>{a.hi[i], T(-b.lo[i])} : Terms<T, 2>{a.lo[i], T(-b.hi[i])};
    f.d = {db[i], T(-da[i])};
  } else {
    f.n = leave ? Terms<T, 2>{b.hi[i], T(-a.lo[i])} : Terms<T, 2>{b.lo[i], T(-a.hi[i])};
    f.d = {da[i], T(-db[i])};
  }
  return f;
}

/// The correctly rounded time of a double sweep fraction: n / d by one IEEE division when both
/// 2-term sums are exact doubles (TwoSum error 0: the quotient of the exact values, rounded
/// once), else time_dd; false when neither certifies.
[[nodiscard]] inline bool sweep_time(const Frac<double, 2>& f, double& t) {
  const exact::Pair<double> n = exact::two_sum(f.n[0], f.n[1]), d = exact::two_sum(f.d[0], f.d[1]);
  if (n.lo == 0 && d.lo == 0 && std::fabs(n.hi) <= 0x1p1020 && std::fabs(d.hi) <= 0x1p1020) {
    t = n.hi / d.hi;
    return true;
  }
  return time_dd<2>(f.n, f.d, t);
}

/// The exact sign of Σ f.n − Σ f.d (2-term sums): when both sums are exact doubles (TwoSum
/// error 0, no overflow: the common tie of dyadic values) their difference's sign is the order
/// of the two doubles; else sign_of on the 4 terms.
template <Float T>
[[nodiscard]] inline int sign_diff(const Frac<T, 2>& f) {
  const exact::Pair<double> n = exact::two_sum(double(f.n[0]), double(f.n[1]));
  const exact::Pair<double> d = exact::two_sum(double(f.d[0]), double(f.d[1]));
  if (n.lo == 0 && d.lo == 0) return (n.hi > d.hi) - (n.hi < d.hi);
  return sign_of<T, 4>(Terms<T, 4>{f.n[0], f.n[1], T(-f.d[0]), T(-f.d[1])});
}

/// The hit of a sweep whose ends the window cannot separate (touching, ties), exactly: T_in is
/// the exact value of an entry not apart below tin (0 counts as an entry, axis −1), T_out of an
/// exit not apart above tout (1 counts as an exit), so the hit (T_in <= T_out) holds iff each
/// such pair is ordered. A pair the window orders needs nothing more; else its exact order:
/// against the start, the exact sign of a numerator (0 <= n/d iff Σn >= 0) or of Σn − Σd
/// (n/d <= 1), else compare_exact. Valid input only; out of line (the rare path).
template <Float T, std::size_t N>
[[gnu::noinline]] bool sweep_ties(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                  const Vec<T, N>& db, const std::array<double, 2 * N>& cand,
                                  const std::array<double, N>& vel, double tin, double tout) {
  for (int e = -1; e < int(N); ++e) {
    const double ce = e < 0 ? 0.0 : cand[2 * std::size_t(e)];
    if ((e >= 0 && vel[std::size_t(e)] == 0) || sweep_apart(tin, ce)) continue;
    const Frac<T, 2> fe = sweep_frac(a, da, b, db, e, e >= 0 && vel[std::size_t(e)] > 0, false);
    for (int x = -1; x < int(N); ++x) {
      const double cx = x < 0 ? 1.0 : cand[2 * std::size_t(x) + 1];
      if ((x >= 0 && vel[std::size_t(x)] == 0) || x == e || sweep_apart(cx, tout)) continue;
      if (sweep_apart(cx, ce)) continue;
      if (sweep_apart(ce, cx)) return false;
      const Frac<T, 2> fx = sweep_frac(a, da, b, db, x, x >= 0 && vel[std::size_t(x)] > 0, true);
      int s;
      if (e < 0)
        s = -sign_of<T, 2>(fx.n);
      else if (x < 0)
        s = sign_diff(fe);
      else
        s = compare_exact(fe, fx);
      if (s > 0) return false;
    }
  }
  return true;
}

/// The correctly rounded times of a double sweep whose hit sweep_fast proved: the exact ends are
/// the largest (smallest) exact candidate; those apart below tin (above tout) are not it, the
/// others are rounded correctly (sweep_time) and the largest (smallest) taken (RN is monotone).
/// False when a rounding is not certified. Out of line: the random calls are mostly misses.
template <bool Last, std::size_t N>
[[gnu::noinline]] bool sweep_times_dd(const Box<double, N>& a, const Vec<double, N>& da, const Box<double, N>& b,
                                      const Vec<double, N>& db, const std::array<double, 2 * N>& cand,
                                      const std::array<double, N>& vel, double tin, double tout,
                                      SweepResult<double>& r) {
  double te = tin > 0 && sweep_apart(tin, 0) ? -1 : 0, tx = tout < 1 && sweep_apart(1, tout) ? 2 : 1;
  for (std::size_t i = 0; i < N; ++i) {
    if (vel[i] == 0) continue;
    const int ai = int(i);
    double t;
    if (!sweep_apart(tin, cand[2 * i])) {
      if (!sweep_time(sweep_frac(a, da, b, db, ai, vel[i] > 0, false), t)) return false;
      te = te < t ? t : te;
    }
    if (Last && !sweep_apart(cand[2 * i + 1], tout)) {
      if (!sweep_time(sweep_frac(a, da, b, db, ai, vel[i] > 0, true), t)) return false;
      tx = t < tx ? t : tx;
    }
  }
  r.t_first = te;
  r.t_last = tx;
  return true;
}

/// The miss filters' constants for T (docs/contracts.md, "The ray filter", step 6): a
/// direction or velocity component up to `limit` in magnitude keeps 1/v normal; the window
/// k·(|a| + |b|) + tiny is k = 16u (u = 2^-24, 2^-53) plus a normal slack far above the
/// underflow errors (2^-150, 2^-1075).
template <Float T>
struct MissWindow;
template <>
struct MissWindow<float> {
  static constexpr float limit = 0x1p126f, k = 0x1p-20f, tiny = 0x1p-140f;
};
template <>
struct MissWindow<double> {
  static constexpr double limit = 0x1p1022, k = 0x1p-49, tiny = 0x1p-1020;
};

/// A miss of the slab test, certified in T's own arithmetic (docs/contracts.md, "The ray filter",
/// step 6, and "The sweep filter", step 7): T = [t0, t1] narrowed axis by axis to the times
/// between gap0·(1/v) and gap1·(1/v), with `axis(i)` giving {gap0, gap1, v} (gap0 <= gap1 on valid
/// input), exiting early when T is already empty, and the window k·(|a| + |b|) + tiny
/// (MissWindow) on the computed entry a and exit b. True proves a miss (or an input outside the
/// domain, whose answer is a miss too); false says nothing, and the caller's filter runs.
/// - A finite candidate has at most four roundings (the gap and v when the caller computes them
///   as differences, 1/v, the product), or an underflow in the product (absolute η = 2^-150,
///   2^-1075; a difference that underflows is exact); |v| <= limit keeps 1/v normal (the flag
///   `normal`; a larger |v|, ±inf or NaN returns false).
/// - Overflows (of a gap, 1/v or the product) and v = 0 give ±inf candidates or NaN. NaN is
///   skipped by the selects (dropping candidates keeps the proof: it uses only the two winners);
///   an infinite winner fails the window (inf − x > inf is false), and an infinite loser does
///   not matter.
template <Float T, std::size_t N, class Axis>
[[nodiscard]] inline bool slab_miss(T t0, T t1, Axis&& axis) {
  using W = MissWindow<T>;
  bool normal = true;
  for (std::size_t i = 0; i < N; ++i) {
    const auto [g0, g1, v] = axis(i);
    normal = normal & (std::fabs(v) <= W::limit);
    const T inv = 1 / v;
    const T p = g0 * inv, q = g1 * inv;
    const T enter = q < p ? q : p, leave = p < q ? q : p;
    t0 = t0 < enter ? enter : t0;
    t1 = leave < t1 ? leave : t1;
    if (i + 1 < N && t0 > t1) break;
  }
  return normal && t0 - t1 > W::k * (std::fabs(t0) + std::fabs(t1)) + W::tiny;
}

/// A sweep's miss (slab_miss over [0, 1]): per axis the gaps a.lo − b.hi and a.hi − b.lo and the
/// relative velocity v = db − da (v = 0 exactly on a still axis).
template <Float T, std::size_t N>
[[nodiscard]] inline bool sweep_miss(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                     const Vec<T, N>& db) {
  return slab_miss<T, N>(T(0), T(1), [&](std::size_t i) {
    return std::array<T, 3>{T(a.lo[i] - b.hi[i]), T(a.hi[i] - b.lo[i]), T(db[i] - da[i])};
  });
}

/// a > b ? a : b and a < b ? a : b, as one instruction: SSE2's maxsd and minsd on x86-64, which
/// return their second operand when either is NaN, as the selects do (so the same bits for every
/// input, -0 and +0 included); elsewhere the selects themselves. GCC turns such selects into
/// branches when it can thread the comparison into later code, as it did for loose_ends' clamps
/// (a mispredicted branch per clamp on edge-heavy input).
[[nodiscard]] inline double max_of(double a, double b) {
#if defined(__SSE2__) && defined(__GNUC__)
  asm("maxsd %1, %0" : "+x"(a) : "x"(b));
  return a;
#elif defined(__SSE2__)
  return _mm_cvtsd_f64(_mm_max_sd(_mm_set_sd(a), _mm_set_sd(b)));
#else
  return a > b ? a : b;
#endif
}
[[nodiscard]] inline double min_of(double a, double b) {
#if defined(__SSE2__) && defined(__GNUC__)
  asm("minsd %1, %0" : "+x"(a) : "x"(b));
  return a;
#elif defined(__SSE2__)
  return _mm_cvtsd_f64(_mm_min_sd(_mm_set_sd(a), _mm_set_sd(b)));
#else
  return a < b ? a : b;
#endif
}

/// Stores the double bounds lo <= hi as T outward: first <= lo and last >= hi (float: to nearest,
/// then one step by the bits when that went inward; a first time beyond float's range steps from
/// +inf to the largest float, a last one stays +inf; a first time of ±0 is +0).
/// `Unit`: 0 <= lo <= hi <= 1 (+0, not -0), so that a float step is one off the bits: f =
/// float(lo) >= 0 is above lo only when f > 0, and the next float below is its bits − 1; l =
/// float(hi) <= 1 is finite, and the next float above is its bits + 1. The same results as the
/// general form on such bounds.
template <Float T, bool Unit = false>
inline void store_outward(double lo, double hi, T& first, T& last) {
  if constexpr (std::is_same_v<T, double>) {
    first = lo;
    last = hi;
  } else if constexpr (Unit) {
    const float f = static_cast<float>(lo), l = static_cast<float>(hi);
    first = std::bit_cast<float>(std::bit_cast<std::uint32_t>(f) - std::uint32_t(double(f) > lo));
    last = std::bit_cast<float>(std::bit_cast<std::uint32_t>(l) + std::uint32_t(double(l) < hi));
  } else {
    const float f = static_cast<float>(lo), l = static_cast<float>(hi);
    first = next_down_if(f, double(f) > lo) + 0.0f;  // next_down_if gives -0 for 0: +0, as before
    last = next_up_if(l, double(l) < hi);
  }
}

/// The loose variants' times from a filter's computed ends tin and tout (docs/contracts.md, "The
/// loose sweeps", step 3, and "The loose ray"): each end widened outward by 2^-49·|end| +
/// 2^-1072, more than the end's error (sweeps: 7.1u·|end| + 2η; rays: 6.01u·|end| + 2^-1075)
/// with this widening's own roundings; clamped to [lower, upper] (a sweep's [0, 1], a ray's
/// [t_min, t_max]); the last time raised to the first if a near miss left it below; and
/// rounded outward to T (store_outward). No branch (the clamps by max_of and min_of). Sets
/// `first` and `last`; the caller sets the hit.
/// `Unit`: [lower, upper] is [0, 1] (the sweeps), and the store takes store_outward's Unit form.
template <Float T, bool Unit = false>
inline void loose_ends(double tin, double tout, double lower, double upper, T& first, T& last) {
  constexpr double rel = 0x1p-49, tiny = 0x1p-1072;
  const double lo = min_of(max_of(tin - (rel * std::fabs(tin) + tiny), lower), upper);
  const double hi = max_of(min_of(tout + (rel * std::fabs(tout) + tiny), upper), lo);
  store_outward<T, Unit>(lo, hi, first, last);
}

/// The sweep's filter in double (docs/contracts.md, "The sweep filter"): the textbook slab test in
/// double (per axis v = db − da, the gaps a.lo − b.hi and a.hi − b.lo, 1/v, the two candidate
/// times, min and max; an exit as soon as T is certainly empty after an axis), with sweep_apart
/// certifying the decision. Returns +1 (hit: r set, before the conservative widening), 0 (miss),
/// or -1 (an overflow in double, or a time the certified roundings do not give): then the exact
/// path decides. `Last`: t_last is wanted (moving_vs_static needs only t_first).
/// - An axis with v = 0 (fl(db − da) is 0 exactly when db = da) is the exact static slab test;
///   one well-predicted branch per call decides whether any axis is still.
/// - When the window cannot separate the ends (touching, ties), the hit is decided pair by pair:
///   it is a hit iff every entry (and 0) is <= every exit (and 1); a pair the window separates
///   needs nothing more, the others are compared exactly (compare_exact on their fractions).
/// - Float: every value is a normal double or 0 (no range test); the computed ends, rounded to
///   float, are within 1 ulp. Double: an overflow makes the running sum `finite` ±inf or NaN;
///   each end's correctly rounded value is the largest (smallest) of the correctly rounded
///   candidates that are not apart below (above) it (sweep_time; RN is monotone).
/// - A miss needs no validation (invalid input is a miss by contract); a hit, and the exact
///   pair comparisons, come only after the domain checks.
/// The loose sweeps have a filter of their own, sweep_loose_filter (the same slab test).
template <bool Last, Float T, std::size_t N>
[[nodiscard]] inline int sweep_filter(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                      const Vec<T, N>& db, SweepResult<T>& r) {
  constexpr bool is_double = std::is_same_v<T, double>;
  [[maybe_unused]] double finite = 0;
  std::array<double, 2 * N> cand;  // each axis's entry and exit
  std::array<double, N> vel;       // fl(db − da): its sign is exact
  double tin = 0, tout = 1;
  bool still = false;
  for (std::size_t i = 0; i < N; ++i) still = still | (db[i] == da[i]);
  auto axis = [&](std::size_t i) {
    const double v = double(db[i]) - double(da[i]);
    const double g0 = double(a.lo[i]) - double(b.hi[i]), g1 = double(a.hi[i]) - double(b.lo[i]);
    const double inv = 1 / v;
    const double p = g0 * inv, q = g1 * inv;
    // g0 <= g1 and rounding is monotone: min and max are the entry and the exit.
    const double enter = q < p ? q : p, leave = p < q ? q : p;
    tin = tin < enter ? enter : tin;
    tout = leave < tout ? leave : tout;
    if constexpr (is_double) finite += (g0 + g1) + (v + (p + q));
    cand[2 * i] = enter, cand[2 * i + 1] = leave, vel[i] = v;
  };
  auto in_range = [&] {
    if constexpr (is_double) return finite - finite == 0;
    return true;
  };
  if (!still) [[likely]] {
    for (std::size_t i = 0; i < N; ++i) {
      axis(i);
      if (i + 1 < N && tin > tout && sweep_apart(tin, tout)) return in_range() ? 0 : -1;
    }
  } else {
    for (std::size_t i = 0; i < N; ++i) {
      if (db[i] == da[i]) {
        // Exact: kept iff a.lo <= b.hi and b.lo <= a.hi (NaN: a miss, as invalid input is).
        if (!(a.lo[i] <= b.hi[i] && b.lo[i] <= a.hi[i])) return 0;
        vel[i] = 0;
        continue;
      }
      axis(i);
    }
  }
  if (!in_range()) return -1;
  if (sweep_apart(tin, tout)) return 0;
  if (!(valid(a) & valid(b) & finite_vec(da) & finite_vec(db))) return 0;
  if (!sweep_apart(tout, tin) && !sweep_ties(a, da, b, db, cand, vel, tin, tout)) return 0;
  r.hit = true;
  if constexpr (is_double) {
    if (!sweep_times_dd<Last>(a, da, b, db, cand, vel, tin, tout, r)) return -1;
  } else {
    r.t_first = static_cast<float>(tin);
    r.t_last = static_cast<float>(tout);
  }
  return 1;
}

/// The end of the loose sweeps' filter, both forms: -1 when a double input overflowed (`finite`
/// false), a miss when the window separates the ends, a miss for invalid input (lo > hi, or a
/// non-finite float input), else the hit with loose_ends' times.
template <Float T, std::size_t N>
[[nodiscard]] inline int sweep_loose_verdict(const Box<T, N>& a, const Box<T, N>& b, double tin, double tout,
                                             bool finite, SweepResult<T>& r) {
  if (std::is_same_v<T, double> && !finite) return -1;
  if (sweep_apart(tin, tout)) return 0;
  int ordered = 1;
  for (std::size_t i = 0; i < N; ++i) ordered &= int(a.lo[i] <= a.hi[i]) & int(b.lo[i] <= b.hi[i]);
  if (!(ordered & int(finite))) return 0;
  loose_ends<T, true>(tin, tout, 0.0, 1.0, r.t_first, r.t_last);
  r.hit = true;
  return 1;
}

/// The loose sweeps' filter (docs/contracts.md, "The loose sweeps"): the slab test of
/// sweep_filter in double, with the same candidates, ends and window, in one pass that keeps
/// nothing for ties or times (both times are always wanted: no `Last`), after a miss test without
/// a division. Per axis v = (db − da) + 0 (a still axis's v is +0, never −0), g0 = a.lo − b.hi
/// and g1 = a.hi − b.lo, in double.
/// 1. The span test, all axes at once: g0 > max(0, v) or g1 < min(0, v) on some axis proves a
///    miss with no window. Over t in [0, 1], b's slab moved by t·v meets a's iff g0 <= t·v <= g1
///    for some t, that is iff G0 <= max(0, V) and G1 >= min(0, V) (exact values); each computed
///    value is one rounding RN of its exact value, max(0, RN(V)) = RN(max(0, V)), and RN is
///    monotone (overflow to ±inf included), so g0 > max(0, v) proves G0 > max(0, V). A still
///    axis is the exact static slab test. NaN proves nothing.
/// 2. The slab test: per axis 1/v, p = g0/v and q = g1/v as products, entry min(q, p) and exit
///    max(p, q) by min_of and max_of, which skip NaN. A still axis that passed step 1 has g0 <= 0
///    <= g1 and 1/v = +inf: its candidates are −inf, +inf or NaN, no constraint, as the exact
///    static test it passed says. After axes 0 and 1 (and after each later pair), an exit when T
///    is certainly empty (sweep_apart).
/// 3. Overflow and the domain checks of a hit: each axis's terms (g0 + g1) + v, and for double
///    + (p + q) on a moving axis, summed in two lanes (axis i in lane i mod 2, as the vector form
///    has them): a finite sum proves finite inputs (a finite difference of two T values has
///    finite terms; float differences cannot overflow in double), and for double that no
///    candidate overflowed: else -1, the exact path. Then lo <= hi in T.
/// Returns +1 (hit, r set by loose_ends), 0 (miss) or -1 (an overflow of double inputs: the exact
/// path answers). This is the form for every compiler and dimension; sweep_loose_filter_sse is
/// the same computation with two axes a vector, and gives the same bits (a property checks it).
template <Float T, std::size_t N>
[[nodiscard]] inline int sweep_loose_filter_scalar(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                                   const Vec<T, N>& db, SweepResult<T>& r) {
  constexpr bool is_double = std::is_same_v<T, double>;
  std::array<double, N> g0, g1, v;
  bool span = false;
  for (std::size_t i = 0; i < N; ++i) {
    v[i] = (double(db[i]) - double(da[i])) + 0.0;
    g0[i] = double(a.lo[i]) - double(b.hi[i]), g1[i] = double(a.hi[i]) - double(b.lo[i]);
    span = span | ((g0[i] > 0) & (g0[i] > v[i])) | ((g1[i] < 0) & (g1[i] < v[i]));
  }
  if (span) return 0;
  double tin = 0, tout = 1;
  std::array<double, 2> finite{0, 0};
  const auto finite_ok = [&] { return (finite[0] - finite[0] == 0) & (finite[1] - finite[1] == 0); };
  for (std::size_t i = 0; i < N; ++i) {
    const double inv = 1 / v[i];
    const double p = g0[i] * inv, q = g1[i] * inv;
    tin = max_of(min_of(q, p), tin);
    tout = min_of(max_of(p, q), tout);
    if constexpr (is_double) finite[i % 2] += (g0[i] + g1[i]) + (v[i] + (v[i] == 0 ? 0.0 : p + q));
    else finite[i % 2] += (g0[i] + g1[i]) + v[i];
    if (i % 2 == 1 && i + 1 < N && tin > tout && sweep_apart(tin, tout)) return !is_double || finite_ok() ? 0 : -1;
  }
  return sweep_loose_verdict(a, b, tin, tout, finite_ok(), r);
}

#if defined(__SSE2__)
/// sweep_loose_filter_scalar for N = 3 with SSE2: axes 0 and 1 in the two lanes of a vector (x),
/// axis 2 in lane 0 of another (y, lane 1 zero: g0 = g1 = v = 0 passes the span test and
/// constrains nothing). The same operations per lane, in the same order: the span test, the
/// candidates, the ends (a pair's lanes joined as max_of(lane 1, lane 0), which is the scalar
/// chain's value), the lanes' sums and the exit after axes 0 and 1; so the same bits.
template <Float T>
[[nodiscard]] inline int sweep_loose_filter_sse(const Box<T, 3>& a, const Vec<T, 3>& da, const Box<T, 3>& b,
                                                const Vec<T, 3>& db, SweepResult<T>& r) {
  constexpr bool is_double = std::is_same_v<T, double>;
  const auto pair = [](const T* p) {
    if constexpr (is_double) return _mm_loadu_pd(p);
    else return _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
  };
  const auto single = [](const T* p) {
    if constexpr (is_double) return _mm_load_sd(p);
    else return _mm_cvtss_sd(_mm_setzero_pd(), _mm_load_ss(p));
  };
  const __m128d zero = _mm_setzero_pd();
  const auto span = [&](__m128d g0, __m128d g1, __m128d v) {
    return _mm_movemask_pd(_mm_or_pd(_mm_and_pd(_mm_cmpgt_pd(g0, zero), _mm_cmpgt_pd(g0, v)),
                                     _mm_and_pd(_mm_cmplt_pd(g1, zero), _mm_cmplt_pd(g1, v))));
  };
  const __m128d vx = _mm_add_pd(_mm_sub_pd(pair(&db[0]), pair(&da[0])), zero);
  const __m128d g0x = _mm_sub_pd(pair(&a.lo[0]), pair(&b.hi[0])), g1x = _mm_sub_pd(pair(&a.hi[0]), pair(&b.lo[0]));
  if (span(g0x, g1x, vx) != 0) return 0;
  const __m128d vy = _mm_add_pd(_mm_sub_pd(single(&db[2]), single(&da[2])), zero);
  const __m128d g0y = _mm_sub_pd(single(&a.lo[2]), single(&b.hi[2])), g1y = _mm_sub_pd(single(&a.hi[2]), single(&b.lo[2]));
  if (span(g0y, g1y, vy) != 0) return 0;
  const __m128d one = _mm_set1_pd(1.0);
  const auto terms = [&](__m128d g0, __m128d g1, __m128d v, __m128d p, __m128d q) {
    if constexpr (is_double)
      return _mm_add_pd(_mm_add_pd(g0, g1), _mm_add_pd(v, _mm_andnot_pd(_mm_cmpeq_pd(v, zero), _mm_add_pd(p, q))));
    else return _mm_add_pd(_mm_add_pd(g0, g1), v);
  };
  const auto all_finite = [&](__m128d f) { return _mm_movemask_pd(_mm_cmpeq_pd(_mm_sub_pd(f, f), zero)) == 3; };
  // Axes 0 and 1.
  const __m128d invx = _mm_div_pd(one, vx);
  const __m128d px = _mm_mul_pd(g0x, invx), qx = _mm_mul_pd(g1x, invx);
  const __m128d tinx = _mm_max_pd(_mm_min_pd(qx, px), zero), toutx = _mm_min_pd(_mm_max_pd(px, qx), one);
  double tin = max_of(_mm_cvtsd_f64(_mm_unpackhi_pd(tinx, tinx)), _mm_cvtsd_f64(tinx));
  double tout = min_of(_mm_cvtsd_f64(_mm_unpackhi_pd(toutx, toutx)), _mm_cvtsd_f64(toutx));
  __m128d finite = terms(g0x, g1x, vx, px, qx);
  if (tin > tout && sweep_apart(tin, tout)) return !is_double || all_finite(finite) ? 0 : -1;
  // Axis 2, in lane 0.
  const __m128d invy = _mm_div_sd(one, vy);
  const __m128d py = _mm_mul_sd(g0y, invy), qy = _mm_mul_sd(g1y, invy);
  tin = max_of(_mm_cvtsd_f64(_mm_min_sd(qy, py)), tin);
  tout = min_of(_mm_cvtsd_f64(_mm_max_sd(py, qy)), tout);
  finite = _mm_add_sd(finite, terms(g0y, g1y, vy, py, qy));
  return sweep_loose_verdict(a, b, tin, tout, all_finite(finite), r);
}
#endif

/// The loose sweeps' filter in the fastest form this build has: the SSE2 form for three axes,
/// else the scalar form.
template <Float T, std::size_t N>
[[nodiscard]] inline int sweep_loose_filter(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                            const Vec<T, N>& db, SweepResult<T>& r) {
#if defined(__SSE2__)
  if constexpr (N == 3) return sweep_loose_filter_sse(a, da, b, db, r);
  else
#endif
    return sweep_loose_filter_scalar(a, da, b, db, r);
}

/// sweep_filter out of line: it runs after sweep_miss, on the few calls that filter leaves (hits,
/// near ties), so the inlined part stays the slab test in T.
template <bool Last, Float T, std::size_t N>
[[gnu::noinline]] int sweep_filter_call(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                        const Vec<T, N>& db, SweepResult<T>& r) {
  return sweep_filter<Last>(a, da, b, db, r);
}

/// The sweep's fast path. Float: sweep_miss, then (out of line) sweep_filter. Double:
/// sweep_filter alone, inline, as ray_fast does: for double, sweep_miss is the same slab test as
/// sweep_filter's and gains nothing on misses, while every hit paid for both (measured,
/// bench/optimized_moving.cpp, two interleaved runs: edge-heavy sweeps 396 and 378 µs against
/// 618 and 589, edge moving_vs_static 200 and 136 µs against 296 and 174; random input within the
/// runs' noise). Returns as sweep_filter. `Loose`: sweep_loose_filter alone, whose span test
/// answers most random calls without a division (docs/contracts.md, "The loose sweeps").
template <bool Last, bool Loose = false, Float T, std::size_t N>
[[nodiscard]] inline int sweep_fast(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                    const Vec<T, N>& db, SweepResult<T>& r) {
  if constexpr (Loose) {
    return sweep_loose_filter(a, da, b, db, r);
  } else if constexpr (std::is_same_v<T, double>) {
    return sweep_filter<Last>(a, da, b, db, r);
  } else {
    if (sweep_miss(a, da, b, db)) [[likely]]
      return 0;
    return sweep_filter_call<Last>(a, da, b, db, r);
  }
}

template <bool Last, Float T, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_impl(const Box<T, N>& a, const Vec<T, N>& da,
                                               const Box<T, N>& b, const Vec<T, N>& db,
                                               bool conservative) {
  SweepResult<T> r;
  const int f = sweep_fast<Last, false>(a, da, b, db, r);
  if (f < 0) [[unlikely]]
    r = sweep_exact(a, da, b, db);
  else if (f == 0)
    return {};
  if (!r.hit) return r;
  return finish_sweep(r, conservative);
}

/// A loose sweep's answer from its filter's verdict f and result r: -1, the exact path's answer
/// (`exact()`) with the conservative widening; 0, a miss; +1, the hit with r's times. The hit is
/// built from r's fields, not copied whole: a copy reloads r in 16 bytes just after the filter
/// stored it as a byte and two times, a store-forwarding stall (perf annotate: 14 % of
/// sweep_ce_loose's time on edge-heavy double input).
template <Float T, class Exact>
[[nodiscard]] inline SweepResult<T> loose_answer(int f, const SweepResult<T>& r, Exact&& exact) {
  if (f < 0) [[unlikely]] {
    const SweepResult<T> e = exact();
    return e.hit ? finish_sweep(e, true) : e;
  }
  if (f == 0) return {};
  return {true, r.t_first, r.t_last};
}

/// sweep_loose and moving_vs_static_loose: the filter alone (docs/contracts.md, "The loose
/// sweeps"). Where the filter gives up (an overflow of double inputs near the largest double),
/// the exact path's conservative answer, which keeps the loose contract too.
template <bool Last, Float T, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_loose_impl(const Box<T, N>& a, const Vec<T, N>& da,
                                                     const Box<T, N>& b, const Vec<T, N>& db) {
  SweepResult<T> r;
  const int f = sweep_fast<Last, true>(a, da, b, db, r);
  return loose_answer(f, r, [&] { return sweep_exact(a, da, b, db); });
}

/// sweep_ce's problem: a's slab [a0 − ea, a0 + ea] static, b's [b0 − eb, b0 + eb] moving by v.
template <Float T, std::size_t N>
[[nodiscard]] inline Axes<T, 4, N> ce_axes(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                           const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1) {
  Axes<T, 4, N> ax;
  for (std::size_t i = 0; i < N; ++i) {
    ax.s0[i] = {a0[i], T(-ea[i])};
    ax.s1[i] = {a0[i], ea[i]};
    ax.m0[i] = {b0[i], T(-eb[i])};
    ax.m1[i] = {b0[i], eb[i]};
    ax.v[i] = {b1[i], T(-b0[i]), T(-a1[i]), a0[i]};  // (b1 - b0) - (a1 - a0) exactly
  }
  return ax;
}

/// The exact path of sweep_ce (also the validation), out of line so that the fast path inlines:
/// the 1-ulp (double: correctly rounded) answer, before the conservative widening.
template <Float T, std::size_t N>
[[gnu::noinline]] SweepResult<T> sweep_ce_exact(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                                const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1) {
  if (!valid_extent(ea) || !valid_extent(eb) || !finite_vec(a0) || !finite_vec(a1) || !finite_vec(b0) ||
      !finite_vec(b1))
    return {};
  const Axes<T, 4, N> ax = ce_axes(ea, a0, a1, eb, b0, b1);
  Interval<4> I{start_bound<T, 4>(T(0), kStartLo), start_bound<T, 4>(T(1), kStartHi), true};
  if (!solve(ax, I)) return {};
  return sweep_times(ax, I, false);
}

/// The exact sign of (x1 + y1) − (x2 + y2): each 2-term sum as a TwoSum pair (hi, lo) in double,
/// hi = RN(sum): hi1 < hi2 implies sum1 < sum2 (RN is monotone, and equal sums give equal hi),
/// and equal hi leave the sign of lo1 − lo2, an exact comparison. Sums beyond 2^1020 (double
/// inputs only) go to sign_of on the 4 terms.
template <Float T>
[[nodiscard]] inline int sign_pairs(T x1, T y1, T x2, T y2) {
  const exact::Pair<double> p = exact::two_sum(double(x1), double(y1));
  const exact::Pair<double> q = exact::two_sum(double(x2), double(y2));
  if (std::fabs(p.hi) <= 0x1p1020 && std::fabs(q.hi) <= 0x1p1020) {
    if (p.hi != q.hi) return p.hi > q.hi ? 1 : -1;
    return (p.lo > q.lo) - (p.lo < q.lo);
  }
  return sign_of<T, 4>(Terms<T, 4>{x1, y1, T(-x2), T(-y2)});
}

/// The sweep_ce filter's data: per axis the computed entry and exit (`en`, `ex`) and their
/// error bound `er` (docs/contracts.md, "The sweep_ce filter"); `bad` has bit i set when axis i's
/// velocity sign is not certified (v = 0 exactly among them) or a value overflowed.
template <std::size_t N>
struct CeFilter {
  std::array<double, N> en, ex, er;
  unsigned bad = 0, neg = 0;  // neg: bit i set when fl(v) < 0 (v's sign where certified)
};

/// Exact order of two ends that the window cannot separate: entry e (−1: the start 0) <= exit x
/// (−1: the end 1)? Against the start or the end, a sign of a 4-term sum, which regroups into
/// two 2-term sums (sign_pairs): v > 0: exit >= 0 iff (a0 + ea) − (b0 − eb) >= 0 and entry <= 1
/// iff (a1 − ea) − (b1 + eb) <= 0; v < 0: (b0 + eb) − (a0 − ea) >= 0 and (b1 − eb) − (a1 + ea)
/// <= 0. Two axes: compare_exact on their fractions.
template <Float T, std::size_t N>
[[nodiscard]] inline bool ce_ordered(const Axes<T, 4, N>& ax, const std::array<int, N>& sv, const Vec<T, N>& ea,
                                     const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                                     const Vec<T, N>& b0, const Vec<T, N>& b1, int e, int x) {
  if (e < 0) {
    const auto i = std::size_t(x);
    return (sv[i] > 0 ? sign_pairs(a0[i], ea[i], b0[i], T(-eb[i])) : sign_pairs(b0[i], eb[i], a0[i], T(-ea[i]))) >= 0;
  }
  if (x < 0) {
    const auto i = std::size_t(e);
    return (sv[i] > 0 ? sign_pairs(a1[i], T(-ea[i]), b1[i], eb[i]) : sign_pairs(b1[i], T(-eb[i]), a1[i], ea[i])) <= 0;
  }
  return compare_exact(frac_of(ax, 2 * e), frac_of(ax, 2 * x + 1)) <= 0;
}

/// One candidate time of sweep_ce as a fraction with a positive denominator (`src` as in Bound:
/// 2i the entry of axis i, 2i + 1 its exit; `sv` the exact sign of v, nonzero).
template <Float T, std::size_t N>
[[nodiscard]] inline Frac<T, 4> ce_frac(const Axes<T, 4, N>& ax, int sv, int src) {
  const auto i = static_cast<std::size_t>(src / 2);
  const bool exit = src % 2 != 0;
  Frac<T, 4> f;
  if (sv > 0) {
    f.n = exit ? minus(ax.s1[i], ax.m0[i]) : minus(ax.s0[i], ax.m1[i]);
    f.d = ax.v[i];
  } else {
    f.n = exit ? minus(ax.m1[i], ax.s0[i]) : minus(ax.m0[i], ax.s1[i]);
    for (std::size_t k = 0; k < 4; ++k) f.d[k] = -ax.v[i][k];
  }
  return f;
}

/// Bounds lo <= t <= hi of one candidate time of sweep_ce (as ce_frac), within 2^-47.9·|t| of
/// each other (docs/contracts.md, "The loose sweep_ce", step 2): float: q, the quotient of the
/// exactly summed numerator and denominator (within 5u relative of t, u = 2^-53), widened by
/// 2^-49·|q|; double: time_dd's correctly rounded t̃ (|t − t̃| <= u·|t̃|) widened by 2^-51·|t̃|.
/// False where time_dd does not certify its rounding (terms or times near the ends of double's
/// range): then the exact path decides.
template <Float T, std::size_t N>
[[nodiscard]] inline bool ce_time_bounds(const Axes<T, 4, N>& ax, int sv, int src, double& lo, double& hi) {
  const Frac<T, 4> f = ce_frac(ax, sv, src);
  double q, w;
  if constexpr (std::is_same_v<T, float>) {
    q = sum_of(f.n) / sum_of(f.d);
    w = 0x1p-49 * std::fabs(q);
  } else {
    if (!time_dd<4>(f.n, f.d, q)) return false;
    w = 0x1p-51 * std::fabs(q);
  }
  lo = q - w, hi = q + w;
  return true;
}

/// One candidate time of sweep_ce rounded to T (`src` as in Bound, `sv` the sign of v, `c` the
/// filter's value within `err`): float: c itself when err <= 2^-31·|c| (then c is within 2^-30
/// relative of the time, and its rounding to float within 1 ulp, in fact RD or RU of it), else
/// the exact-sum quotient of time_of; double: CORRECTLY ROUNDED, by time_dd or else time_exact.
template <Float T, std::size_t N>
[[nodiscard]] inline T ce_time(const Axes<T, 4, N>& ax, int sv, int src, double c, double err) {
  if constexpr (std::is_same_v<T, float>)
    if (err <= 0x1p-31 * std::fabs(c)) return static_cast<float>(c);
  const Frac<T, 4> f = ce_frac(ax, sv, src);
  if constexpr (std::is_same_v<T, float>) {
    return static_cast<T>(sum_of(f.n) / sum_of(f.d));
  } else {
    double t;
    if (time_dd<4>(f.n, f.d, t)) return t;
    return time_exact(f, c);
  }
}

/// The rare part of the sweep_ce filter, out of line: axes the hot loop could not certify (an
/// axis with v = 0 exactly is the exact static test |a0 − b0| <= ea + eb, by sign_pairs; any
/// other gives up: -1, the exact path), ends the window cannot separate (decided pair by pair:
/// hit iff every entry, and 0, is <= every exit, and 1; a pair the window orders needs nothing
/// more, the others ce_ordered), and the times when the window is too wide for the quick float
/// rounding, or for double (time_of of each candidate that may be the end: correctly rounded for
/// double, within 1 ulp for float; RN is monotone, so the largest rounded entry is the rounded
/// largest entry). Returns as sweep_ce_fast. `Loose` (sweep_ce_loose): after the still axes,
/// whatever lin > uout does not prove a miss is a hit, with times [lin, uout] stored outward.
template <bool Loose, Float T, std::size_t N>
[[gnu::noinline]] int sweep_ce_rest(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                    const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1,
                                    const CeFilter<N>& F, SweepResult<T>& r) {
  if (!valid_extent(ea) || !valid_extent(eb) || !finite_vec(a0) || !finite_vec(a1) || !finite_vec(b0) ||
      !finite_vec(b1))
    return 0;
  std::array<int, N> sv;
  std::array<double, N> le, ue, lx, ux;
  double lin = 0, uin = 0, lout = 1, uout = 1;
  for (std::size_t i = 0; i < N; ++i) {
    if ((F.bad >> i) & 1u) {
      const int s = sign_pairs(b1[i], T(-b0[i]), a1[i], T(-a0[i]));
      if (s != 0) {
        if constexpr (!Loose) return -1;
        // Loose: the axis's candidates bounded from their exact sums (ce_time_bounds).
        const Axes<T, 4, N> ax = ce_axes(ea, a0, a1, eb, b0, b1);
        if (!ce_time_bounds(ax, s, int(2 * i), le[i], ue[i]) || !ce_time_bounds(ax, s, int(2 * i + 1), lx[i], ux[i]))
          return -1;
        sv[i] = s;
        lin = max_of(lin, le[i]), uin = max_of(uin, ue[i]);
        lout = min_of(lout, lx[i]), uout = min_of(uout, ux[i]);
        continue;
      }
      sv[i] = 0;
      if (sign_pairs(a0[i], T(-ea[i]), b0[i], eb[i]) > 0 || sign_pairs(b0[i], T(-eb[i]), a0[i], ea[i]) > 0) return 0;
      continue;
    }
    le[i] = F.en[i] - F.er[i], ue[i] = F.en[i] + F.er[i];
    lx[i] = F.ex[i] - F.er[i], ux[i] = F.ex[i] + F.er[i];
    lin = max_of(lin, le[i]), uin = max_of(uin, ue[i]);
    lout = min_of(lout, lx[i]), uout = min_of(uout, ux[i]);
  }
  if (lin > uout) return 0;
  if constexpr (Loose) {
    r.hit = true;
    store_outward(lin, uout, r.t_first, r.t_last);
    return 1;
  }
  const Axes<T, 4, N> ax = ce_axes(ea, a0, a1, eb, b0, b1);
  for (std::size_t i = 0; i < N; ++i)
    if (!((F.bad >> i) & 1u)) sv[i] = ((F.neg >> i) & 1u) ? -1 : 1;  // certified by the filter
  if (!(uin <= lout)) {
    for (int e = -1; e < int(N); ++e) {
      if (e >= 0 && sv[std::size_t(e)] == 0) continue;
      const double l0 = e < 0 ? 0 : le[std::size_t(e)], u0 = e < 0 ? 0 : ue[std::size_t(e)];
      for (int x = -1; x < int(N); ++x) {
        if ((x >= 0 && sv[std::size_t(x)] == 0) || x == e || (e < 0 && x < 0)) continue;
        const double l1 = x < 0 ? 1 : lx[std::size_t(x)], u1 = x < 0 ? 1 : ux[std::size_t(x)];
        if (u0 <= l1) continue;
        if (l0 > u1) return 0;
        if (!ce_ordered(ax, sv, ea, a0, a1, eb, b0, b1, e, x)) return 0;
      }
    }
  }
  r.hit = true;
  double tin = 0, tout = 1;
  for (std::size_t i = 0; i < N; ++i)
    if (sv[i] != 0) tin = std::fmax(tin, F.en[i]), tout = std::fmin(tout, F.ex[i]);
  const bool quick_in = std::is_same_v<T, float> && uin - lin <= 0x1p-31 * lin;
  const bool quick_out = std::is_same_v<T, float> && uout - lout <= 0x1p-31 * lout;
  T te = quick_in ? T(tin) : T(0), tx = quick_out ? T(tout) : T(1);
  for (std::size_t i = 0; i < N; ++i) {
    if (sv[i] == 0) continue;
    if (!quick_in && !(ue[i] < lin)) {
      const T t = ce_time(ax, sv[i], int(2 * i), F.en[i], F.er[i]);
      te = te < t ? t : te;
    }
    if (!quick_out && !(lx[i] > uout)) {
      const T t = ce_time(ax, sv[i], int(2 * i + 1), F.ex[i], F.er[i]);
      tx = t < tx ? t : tx;
    }
  }
  r.t_first = te;
  r.t_last = tx;
  return 1;
}

/// sweep_ce's fast path (docs/contracts.md, "The sweep_ce filter"): per axis, in double,
/// c = a0 − b0, e = ea + eb, the gaps c − e and c + e, v = (b1 − b0) − (a1 − a0), 1/v and the two
/// candidate times; each candidate is within er = 2^-48·α·(ρ + 1) + 2^-1020 of its exact time,
/// α = (|c| + e)·|1/v|, ρ = (|b1 − b0| + |a1 − a0|)·|1/v| (computed), when ρ <= 2^40 (which also
/// certifies the sign of v) and er is finite. [lin, uin] then holds the exact max entry (and 0),
/// [lout, uout] the exact min exit (and 1): lin > uout is a miss, uin <= lout a hit. Returns +1
/// (hit: r set, before the conservative widening), 0 (miss), -1 (the exact path decides).
/// - Garbage of an uncertified axis (NaN, ±inf) never decides: the early exit needs bad = 0, and
///   sweep_ce_rest recomputes the bounds without those axes.
/// - A miss needs no validation (invalid input is a miss by contract); a hit comes after it.
/// - Float times: when uin − lin <= 2^-31·lin (likewise for the exit), the computed end is within
///   2^-30 relative of the exact one, and its rounding to float within 1 ulp; else, and always
///   for double, sweep_ce_rest computes them.
/// - `Loose` (sweep_ce_loose, docs/contracts.md, "The loose sweep_ce"): what lin > uout does not
///   prove a miss is a hit, with times lin and uout stored outward (store_outward). Every axis
///   certified means every input finite (a NaN or ±inf anywhere makes some α̃ or ρ̃ NaN or
///   ±inf), so only the extents' signs are left to check.
template <bool Loose = false, Float T, std::size_t N>
[[nodiscard]] inline int sweep_ce_fast(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                       const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1,
                                       SweepResult<T>& r) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  CeFilter<N> F;
  double lin = 0, uin = 0, lout = 1, uout = 1, tin = 0, tout = 1;
  [[maybe_unused]] unsigned zero = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const double c = double(a0[i]) - double(b0[i]), e = double(ea[i]) + double(eb[i]);
    const double g0 = c - e, g1 = c + e;
    const double db = double(b1[i]) - double(b0[i]), da = double(a1[i]) - double(a0[i]);
    const double v = db - da;
    const double inv = 1 / v, ainv = std::fabs(inv);
    const double alpha = (std::fabs(c) + e) * ainv, rho = (std::fabs(db) + std::fabs(da)) * ainv;
    double er = 0x1p-48 * alpha * (rho + 1) + 0x1p-1020;
    const double p = g0 * inv, q = g1 * inv;
    // g0 <= g1 and rounding is monotone: min and max are the entry and the exit.
    double enter = q < p ? q : p, leave = p < q ? q : p;
    bool certified = (rho <= 0x1p40) & (er < 0x1p1000);
    if constexpr (Loose) {
      // fl(v) = 0: a still axis, if V = 0 exactly (checked after the loop). It gives no candidate
      // (-inf, +inf) and counts as certified, so that lin and uout are the other axes'.
      const bool z = v == 0;
      zero |= unsigned(z) << i;
      enter = z ? -inf : enter;
      leave = z ? inf : leave;
      er = z ? 0.0 : er;
      certified = certified | z;
    }
    F.bad |= unsigned(!certified) << i;
    if constexpr (!Loose) F.neg |= unsigned(v < 0) << i;  // the loose rest needs no signs
    F.en[i] = enter, F.ex[i] = leave, F.er[i] = er;
    const double le = enter - er, ue = enter + er, lx = leave - er, ux = leave + er;
    lin = lin < le ? le : lin, uin = uin < ue ? ue : uin;
    lout = lx < lout ? lx : lout, uout = ux < uout ? ux : uout;
    tin = tin < enter ? enter : tin, tout = leave < tout ? leave : tout;
    // The peers' early exit: most misses show on the first two axes.
    if (i + 1 < N && lin > uout && F.bad == 0) return 0;
  }
  if constexpr (Loose) {
    if (zero != 0) [[unlikely]] {
      // The axes with fl(v) = 0 (docs/contracts.md, "The loose sweep_ce", step 5). V = 0 exactly
      // when the TwoSum errors of b1 − b0 and a1 − a0 are equal (their rounded parts are, as
      // fl(v) = 0); compared by their difference, which an overflow (±inf or NaN errors) makes
      // NaN. When c = a0 − b0 and e = ea + eb are exact too (TwoSum errors 0, so the axis's
      // inputs are finite), g0 and g1 are the exact gaps rounded, with their signs: the exact
      // static test, a miss whatever the other axes when apart. Otherwise the axis is
      // uncertified, and sweep_ce_rest decides it.
      for (std::size_t i = 0; i < N; ++i) {
        if (((zero >> i) & 1u) == 0) continue;
        const exact::Pair<double> sb = exact::two_sum(double(b1[i]), -double(b0[i]));
        const exact::Pair<double> sa = exact::two_sum(double(a1[i]), -double(a0[i]));
        const exact::Pair<double> sc = exact::two_sum(double(a0[i]), -double(b0[i]));
        const exact::Pair<double> se = exact::two_sum(double(ea[i]), double(eb[i]));
        if (sb.lo - sa.lo == 0 && sc.lo == 0 && se.lo == 0) {
          if (sc.hi - se.hi > 0 || sc.hi + se.hi < 0) return 0;
        } else {
          F.bad |= 1u << i;
        }
      }
    }
  }
  if (F.bad == 0) [[likely]] {
    if (lin > uout) return 0;
    if constexpr (Loose) {
      bool neg = false;
      for (std::size_t i = 0; i < N; ++i) neg = neg | (ea[i] < 0) | (eb[i] < 0);
      if (neg) return 0;
      r.hit = true;
      store_outward(lin, uout, r.t_first, r.t_last);
      return 1;
    }
    if constexpr (std::is_same_v<T, float>) {
      if (uin <= lout && uin - lin <= 0x1p-31 * lin && uout - lout <= 0x1p-31 * lout) {
        if (!valid_extent(ea) || !valid_extent(eb) || !finite_vec(a0) || !finite_vec(a1) || !finite_vec(b0) ||
            !finite_vec(b1))
          return 0;
        r.hit = true;
        r.t_first = static_cast<float>(tin);
        r.t_last = static_cast<float>(tout);
        return 1;
      }
    }
  }
  return sweep_ce_rest<Loose>(ea, a0, a1, eb, b0, b1, F, r);
}

template <Float T, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_ce_impl(const Vec<T, N>& ea, const Vec<T, N>& a0,
                                                  const Vec<T, N>& a1, const Vec<T, N>& eb,
                                                  const Vec<T, N>& b0, const Vec<T, N>& b1,
                                                  bool conservative) {
  SweepResult<T> r;
  const int f = sweep_ce_fast(ea, a0, a1, eb, b0, b1, r);
  if (f < 0) [[unlikely]]
    r = sweep_ce_exact(ea, a0, a1, eb, b0, b1);
  else if (f == 0)
    return {};
  if (!r.hit) return r;
  return finish_sweep(r, conservative);
}

/// sweep_ce_loose: the filter alone (docs/contracts.md, "The loose sweep_ce"). Where the filter
/// gives up (an axis whose velocity's sign it cannot certify, an overflow of double inputs), the
/// exact path's conservative answer, which keeps the loose contract too.
template <Float T, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_ce_loose_impl(const Vec<T, N>& ea, const Vec<T, N>& a0,
                                                        const Vec<T, N>& a1, const Vec<T, N>& eb,
                                                        const Vec<T, N>& b0, const Vec<T, N>& b1) {
  SweepResult<T> r;
  const int f = sweep_ce_fast<true>(ea, a0, a1, eb, b0, b1, r);
  return loose_answer(f, r, [&] { return sweep_ce_exact(ea, a0, a1, eb, b0, b1); });
}

/// A ray query in the domain: a valid finite box, finite origin and direction, finite t_min,
/// t_max finite or +inf, t_min <= t_max. Outside it the answer is a miss.
template <Float T, std::size_t N>
[[nodiscard]] inline bool ray_valid(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir,
                                    T t_min, T t_max) {
  return valid(box) && finite_vec(origin) && finite_vec(dir) && std::isfinite(t_min) &&
         (t_max == std::numeric_limits<T>::infinity() || std::isfinite(t_max)) && t_min <= t_max;
}

/// The time (b − o)/d of double inputs, faithfully rounded: the nearest double to a value within
/// 2^-100 relative of the exact time; or false outside the range where that is proved (then the
/// exact path runs). b − o = s.hi + s.lo exactly (TwoSum, no overflow below 2^1020); with
/// q = RN(s.hi/d), |s.hi| >= 2^-900 and |q| >= 2^-1000, the remainder s.hi − q·d is a double
/// (its granularity ulp(q)·ulp(d) stays above 2^-1074) and the fma computes it exactly; so
/// q + (r + s.lo)/d is exactly (b − o)/d, and its correction term (< 2u·|q|) carries < 2.01u.
[[nodiscard]] inline bool ray_time_accurate(double b, double o, double d, double& t) {
  const exact::Pair<double> s = exact::two_sum(b, -o);
  if (s.hi == 0 && s.lo == 0) {
    t = 0;
    return true;
  }
  const double q = s.hi / d;
  if (!(std::fabs(s.hi) >= 0x1p-900 && std::fabs(s.hi) <= 0x1p1020 && std::fabs(q) >= 0x1p-1000 &&
        std::fabs(q) <= 0x1p1020))
    return false;
  const double r = std::fma(-q, d, s.hi);
  t = q + (r + s.lo) / d;
  return true;
}

/// The window of the ray filter: ray_apart(a, b) proves exact a > exact b for two computed
/// candidate times a, b of the slab test in double (docs/contracts.md, "The ray filter"). A
/// candidate fl(fl(c − o)·fl(1/d)) is within 6.01u·|t| + 2^-1075 of its exact time (u = 2^-53:
/// the difference and the product one rounding each; 1/d one rounding, or < 4u relative when it
/// is subnormal, |d| > 2^1022; the product may underflow), when none of them overflowed. The
/// window 2^-48·(|a| + |b|) = 32u·(…), plus 2^-1070, exceeds both errors and the rounding of
/// a − b. NaN is never apart.
[[nodiscard]] inline bool ray_apart(double a, double b) {
  return a - b > 0x1p-48 * (std::fabs(a) + std::fabs(b)) + 0x1p-1070;
}

/// The times of a double ray whose hit ray_fast proved: the entry (exit) candidate must be the
/// exact maximum (minimum), apart from every other candidate and from t_min (t_max); it is
/// then recomputed faithfully (ray_time_accurate), which is within 1 ulp. False when that is
/// not proved (ties, touching): the exact path runs. `cand` holds each axis's entry (even) and
/// exit (odd) candidate, ±inf for a still axis.
template <std::size_t N>
[[nodiscard]] inline bool ray_times(const Box<double, N>& box, const Vec<double, N>& origin,
                                    const Vec<double, N>& dir, double t_min, double t_max, double tin,
                                    double tout, const std::array<double, 2 * N>& cand,
                                    RayResult<double>& r) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  int ie = -1, ix = -1;
  for (std::size_t i = 0; i < N; ++i) {
    if (ie < 0 && cand[2 * i] == tin && tin != t_min) ie = int(i);
    if (ix < 0 && cand[2 * i + 1] == tout && tout != t_max) ix = int(i);
  }
  if (ie >= 0 && !ray_apart(tin, t_min)) return false;
  if (ix >= 0 && t_max != inf && !ray_apart(t_max, tout)) return false;
  for (std::size_t i = 0; i < N; ++i) {
    if (int(i) != ie && cand[2 * i] != -inf && !ray_apart(tin, cand[2 * i])) return false;
    if (int(i) != ix && cand[2 * i + 1] != inf && !ray_apart(cand[2 * i + 1], tout)) return false;
  }
  // The entry face is lo when d > 0 and hi when d < 0; the exit face the other one.
  double te = t_min, tx = t_max;
  if (ie >= 0) {
    const auto i = static_cast<std::size_t>(ie);
    if (!ray_time_accurate(dir[i] > 0 ? box.lo[i] : box.hi[i], origin[i], dir[i], te)) return false;
  }
  if (ix >= 0) {
    const auto i = static_cast<std::size_t>(ix);
    if (!ray_time_accurate(dir[i] > 0 ? box.hi[i] : box.lo[i], origin[i], dir[i], tx)) return false;
  }
  r.t_enter = te;
  r.t_exit = tx;
  return true;
}

/// A ray's miss (slab_miss over [t_min, t_max]): per axis the gaps lo − o and hi − o and the
/// direction d. Misses are most rays in a scene, so most of them cost the slab test alone.
template <Float T, std::size_t N>
[[nodiscard]] inline bool ray_miss(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min,
                                   T t_max) {
  return slab_miss<T, N>(t_min, t_max, [&](std::size_t i) {
    return std::array<T, 3>{T(box.lo[i] - origin[i]), T(box.hi[i] - origin[i]), dir[i]};
  });
}

/// The ray's filter in double (docs/contracts.md, "The ray filter"): the textbook slab test (1/d, then
/// (lo − o)·(1/d) and (hi − o)·(1/d) per axis, exiting early when T is already empty) in
/// double, with ray_apart certifying the decision. Returns +1 (hit: r set, before the
/// conservative widening), 0 (miss), or -1 when the bound cannot certify the answer (near ties,
/// touching, an overflow): then the exact path decides.
/// - The maximum of the computed entries is within the larger error of two candidates of the
///   exact maximum, likewise the minimum of the exits, so ray_apart on them decides the hit.
/// - float: every value is a normal double (differences of floats >= 2^-149, 1/d within
///   [2^-128, 2^149], times within [2^-277, 2^278]), so no range test is needed, and a
///   candidate within 2^-50 relative of its exact time, rounded to float, is faithful (within
///   1 ulp) whichever candidate the computed maximum is.
/// - double: an overflow (of a difference, 1/d or a time) is caught by the running sum `finite`
///   (±inf or NaN then; a finite sum that overflows is only a false alarm); the times come from
///   ray_times.
/// - Invalid input is answered by a miss (the contract), so a miss needs no validation: NaN and
///   ±inf make the filter undecided or the answer a miss anyway. A hit is returned only after
///   ray_valid.
/// - `Loose` (ray_loose): every ray the window leaves undecided is a hit, with loose_ends'
///   conservative times; no tie-breaking, no faithful recomputation of the times.
template <bool Loose = false, Float T, std::size_t N>
[[nodiscard]] inline int ray_filter(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir,
                                    T t_min, T t_max, RayResult<T>& r) {
  constexpr bool is_double = std::is_same_v<T, double>;
  constexpr double inf = std::numeric_limits<double>::infinity();
  [[maybe_unused]] double finite = 0;
  [[maybe_unused]] std::array<double, 2 * N> cand;  // double: each axis's entry and exit
  double tin = t_min, tout = t_max;
  // One well-predicted branch for rays with a zero component (axis-aligned rays are common):
  // those axes are the exact slab test of the origin; the others run `axis`.
  bool still = false;
  for (std::size_t i = 0; i < N; ++i) still = still | (dir[i] == 0);
  auto axis = [&](std::size_t i) {
    const double lo = box.lo[i], hi = box.hi[i], o = origin[i], d = dir[i];
    const double inv = 1 / d;
    const double a = (lo - o) * inv, b = (hi - o) * inv;
    // lo <= hi and rounding is monotone: min and max are the entry and the exit. (Plain
    // selects compile to minsd / maxsd: the sign of d is a coin on random rays.)
    const double enter = b < a ? b : a, leave = a < b ? b : a;
    tin = tin < enter ? enter : tin;
    tout = leave < tout ? leave : tout;
    if constexpr (is_double) {
      finite += (a + b) + inv;
      cand[2 * i] = enter, cand[2 * i + 1] = leave;
    }
  };
  auto in_range = [&] {
    if constexpr (is_double) return finite - finite == 0;
    return true;
  };
  bool moves = true;
  if (!still) [[likely]] {
    for (std::size_t i = 0; i < N; ++i) {
      axis(i);
      // The peers' early exit: most misses show on the first two axes. (A near tie goes on: the
      // remaining axes may still prove the miss.)
      if (i + 1 < N && tin > tout && ray_apart(tin, tout)) return in_range() ? 0 : -1;
    }
  } else {
    moves = false;
    for (std::size_t i = 0; i < N; ++i) {
      if (dir[i] == 0) {
        if (origin[i] < box.lo[i] || origin[i] > box.hi[i]) return 0;  // exact comparisons
        if constexpr (is_double) cand[2 * i] = -inf, cand[2 * i + 1] = inf;
        continue;
      }
      moves = true;
      axis(i);
    }
  }
  if (!in_range()) return -1;
  if (!moves) {  // a point moving nowhere: the slab tests above decided
    if (!ray_valid(box, origin, dir, t_min, t_max)) return -1;
    r.hit = true;
    r.t_enter = t_min;
    r.t_exit = t_max;
    return 1;
  }
  if constexpr (Loose) {
    if (ray_apart(tin, tout)) return 0;
    if (!ray_valid(box, origin, dir, t_min, t_max)) return -1;
    // The window bounds a near miss only while |tin| + |tout| is finite: t_min or t_max near the
    // largest double can make it overflow, and then the window is +inf and proves nothing (the
    // ray fuzz target found a hit at T_in = -max/12, T_out = -max). The exact path decides those.
    // Float rays cannot get there (their ends are below 2^278).
    if constexpr (is_double)
      if (!(std::fabs(tin) + std::fabs(tout) <= std::numeric_limits<double>::max())) return -1;
    loose_ends(tin, tout, double(t_min), double(t_max), r.t_enter, r.t_exit);
    r.hit = true;
    return 1;
  }
  if (!ray_apart(tout, tin)) return ray_apart(tin, tout) ? 0 : -1;
  if (!ray_valid(box, origin, dir, t_min, t_max)) return -1;
  r.hit = true;
  if constexpr (is_double) {
    if (!ray_times(box, origin, dir, t_min, t_max, tin, tout, cand, r)) return -1;
  } else {
    r.t_enter = static_cast<float>(tin);
    r.t_exit = static_cast<float>(tout);
  }
  // Both are within 1 ulp of the exact times, whose order is exact: an inversion by rounding
  // leaves t_enter within 1 ulp of the exact t_exit too.
  if (r.t_exit < r.t_enter) r.t_exit = r.t_enter;
  return 1;
}

/// ray_filter out of line: for float it runs after ray_miss, on the few rays that filter leaves
/// (hits, near ties), so the inlined part stays the float slab test.
template <Float T, std::size_t N>
[[gnu::noinline]] int ray_filter_call(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir,
                                      T t_min, T t_max, RayResult<T>& r) {
  return ray_filter(box, origin, dir, t_min, t_max, r);
}

/// The ray's fast path. Float: ray_miss, then (out of line) ray_filter. Double: ray_filter alone,
/// inline: for double, ray_miss is the same computation as ray_filter's and gains nothing on
/// misses, while hits would pay for both (measured: bench/optimized_moving.cpp's random rays,
/// a third of them hits, took 146 µs against 112 µs). Returns as ray_filter; `Loose` as there.
/// Float `Loose`: the same pre-pass, then the filter inline, as for the loose sweeps (measured,
/// bench/optimized_moving.cpp, ours_ray_loose/float/0, two A/B pairs of the same source: 36–38 µs
/// inline against 46–48 out of line).
template <bool Loose = false, Float T, std::size_t N>
[[nodiscard]] inline int ray_fast(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir,
                                  T t_min, T t_max, RayResult<T>& r) {
  if constexpr (std::is_same_v<T, float>) {
    if (ray_miss(box, origin, dir, t_min, t_max)) [[likely]]
      return 0;
    if constexpr (Loose) return ray_filter<true>(box, origin, dir, t_min, t_max, r);
    return ray_filter_call(box, origin, dir, t_min, t_max, r);
  } else {
    return ray_filter<Loose>(box, origin, dir, t_min, t_max, r);
  }
}

/// The exact path of ray (also the validation), out of line so that the fast path inlines. The
/// 1-ulp answer; ray_impl widens it for the conservative variant.
template <Float T, std::size_t N>
[[gnu::noinline]] RayResult<T> ray_exact(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir,
                                         T t_min, T t_max) {
  constexpr T inf = std::numeric_limits<T>::infinity();
  if (!ray_valid(box, origin, dir, t_min, t_max)) return {};
  Axes<T, 2, N> ax;
  for (std::size_t i = 0; i < N; ++i) {
    ax.s0[i] = {box.lo[i]};
    ax.s1[i] = {box.hi[i]};
    ax.m0[i] = ax.m1[i] = {origin[i]};
    ax.v[i] = {dir[i], T(0)};
  }
  const bool bounded = t_max != inf;
  ax.lo0 = t_min;
  ax.hi0 = bounded ? t_max : T(0);
  Interval<2> I{start_bound<T, 2>(ax.lo0, kStartLo), start_bound<T, 2>(ax.hi0, kStartHi), bounded};
  if (!solve(ax, I)) return {};
  RayResult<T> r;
  r.hit = true;
  r.t_enter = time_of(ax, I.lo);
  r.t_exit = I.bounded ? time_of(ax, I.hi) : inf;
  if (r.t_exit < r.t_enter) r.t_exit = r.t_enter;
  return r;
}

/// ray, ray_conservative and (`Loose`) ray_loose. The loose filter's hits carry their conservative
/// times already; where it gives up, the exact path's conservative answer keeps the loose
/// contract too (docs/contracts.md, "The loose ray").
template <bool Loose = false, Float T, std::size_t N>
[[nodiscard]] inline RayResult<T> ray_impl(const Box<T, N>& box, const Vec<T, N>& origin,
                                           const Vec<T, N>& dir, T t_min, T t_max,
                                           bool conservative) {
  constexpr T inf = std::numeric_limits<T>::infinity();
  RayResult<T> r;
  const int f = ray_fast<Loose>(box, origin, dir, t_min, t_max, r);
  if (f < 0) [[unlikely]]
    r = ray_exact(box, origin, dir, t_min, t_max);
  else if (f == 0)
    return {};
  else if (Loose)
    return r;
  // Conservative: one ulp outward, clamped to [t_min, t_max]; an unbounded (or overflowed)
  // t_exit stays +inf.
  if (r.hit && conservative) {
    r.t_enter = std::fmax(t_min, std::nextafter(r.t_enter, -inf));
    if (r.t_exit != inf) r.t_exit = std::fmin(t_max, std::nextafter(r.t_exit, inf));
  }
  return r;
}

}  // namespace detail::moving

/// Box a moves by da and box b by db over t in [0, 1] (seed 000's sweep in min–max form).
/// Contract: `hit` EXACT (touching at a single instant, at t = 0 or t = 1 hits; zero relative
/// velocity on an axis keeps or empties the whole axis); t_first and t_last WITHIN 1 ULP of the
/// exact min T and max T, in [0, 1], t_first <= t_last; already overlapping gives t_first = 0 and
/// the true t_last. -0 equals +0. Invalid input (NaN, ±inf, lo > hi): miss, NaN times.
template <Float T, std::size_t N>
[[nodiscard]] SweepResult<T> sweep(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                   const Vec<T, N>& db) {
  return detail::moving::sweep_impl<true>(a, da, b, db, false);
}

/// sweep, CONSERVATIVE: `hit` exact; t_first <= exact min T and t_last >= exact max T, each
/// within 2 ulps (the 1-ulp answer moved one ulp outward, clamped to [0, 1]). Never tunnels.
template <Float T, std::size_t N>
[[nodiscard]] SweepResult<T> sweep_conservative(const Box<T, N>& a, const Vec<T, N>& da,
                                                const Box<T, N>& b, const Vec<T, N>& db) {
  return detail::moving::sweep_impl<true>(a, da, b, db, true);
}

/// sweep, LOOSE: the fast variant for continuous collision detection (docs/contracts.md, "The
/// loose sweeps"): the filter's slab test alone, without the exact tie-breaking and the exact
/// rounding of times. Never tunnels: `hit` is true whenever the exact answer is a hit; it may be
/// true on an exact miss only when the exact ends come within T_in − T_out <= 2^-47·(|T_in| +
/// |T_out|) + 2^-1019 (T_in: the largest of 0 and the axes' entries, T_out: the smallest of 1 and
/// their exits, over the axes with db != da; a still axis is tested exactly). Times: on an exact
/// hit t_first <= exact min T and t_last >= exact max T, within 2 ulps (float) or 32 ulps
/// (double); on every hit 0 <= t_first <= t_last <= 1. Invalid input: miss, NaN times.
template <Float T, std::size_t N>
[[nodiscard]] SweepResult<T> sweep_loose(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b,
                                         const Vec<T, N>& db) {
  return detail::moving::sweep_loose_impl<true>(a, da, b, db);
}

/// Seed 000's AABBSweep shape: extents ea, eb, centres a0, b0 at t = 0 and a1, b1 at t = 1. The
/// bounds c ± e and the displacements a1 - a0, b1 - b0 are taken EXACTLY (never rounded).
/// Contract as sweep: `hit` EXACT, times WITHIN 1 ULP. Invalid (NaN, ±inf, e < 0): miss.
template <Float T, std::size_t N>
[[nodiscard]] SweepResult<T> sweep_ce(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                      const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1) {
  return detail::moving::sweep_ce_impl(ea, a0, a1, eb, b0, b1, false);
}

/// sweep_ce, CONSERVATIVE: as sweep_conservative.
template <Float T, std::size_t N>
[[nodiscard]] SweepResult<T> sweep_ce_conservative(const Vec<T, N>& ea, const Vec<T, N>& a0,
                                                   const Vec<T, N>& a1, const Vec<T, N>& eb,
                                                   const Vec<T, N>& b0, const Vec<T, N>& b1) {
  return detail::moving::sweep_ce_impl(ea, a0, a1, eb, b0, b1, true);
}

/// sweep_ce, LOOSE: the fast variant for continuous collision detection (docs/contracts.md, "The
/// loose sweep_ce"): the filter's slab test alone. Never tunnels: `hit` is true whenever the
/// exact answer is a hit; it may be true on an exact miss only when T_in − T_out <= W, W =
/// 2^-45·max_i α_i·(1 + ρ_i) + 2^-1017 over the axes with V_i = (b1 − b0) − (a1 − a0) != 0, α_i =
/// (|a0 − b0| + ea + eb)/|V_i|, ρ_i = (|b1 − b0| + |a1 − a0|)/|V_i| (exact values; T_in, T_out as
/// for sweep_loose; an axis with V = 0 is tested exactly). Times: on an exact hit t_first <=
/// exact min T and t_last >= exact max T, each within W + 2 ulps; on every hit 0 <= t_first <=
/// t_last <= 1. Invalid input (NaN, ±inf, e < 0): miss, NaN times.
template <Float T, std::size_t N>
[[nodiscard]] SweepResult<T> sweep_ce_loose(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                            const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1) {
  return detail::moving::sweep_ce_loose_impl(ea, a0, a1, eb, b0, b1);
}

/// Seed 001's intersectMovingAABB: `moving` moves by d over [0, 1], `stationary` stays.
/// Contract: `hit` EXACT (unlike the seed, touching on a zero-velocity axis hits and a subnormal
/// d is no problem: nothing is inverted); t_enter WITHIN 1 ULP of min T (0 when overlapping at
/// t = 0). Invalid input: miss, NaN.
template <Float T, std::size_t N>
[[nodiscard]] MovingResult<T> moving_vs_static(const Box<T, N>& stationary, const Box<T, N>& moving,
                                               const Vec<T, N>& d) {
  const auto r = detail::moving::sweep_impl<false>(stationary, Vec<T, N>{}, moving, d, false);
  return {r.hit, r.t_first};
}

/// moving_vs_static, CONSERVATIVE: `hit` exact, t_enter <= exact and within 2 ulps.
template <Float T, std::size_t N>
[[nodiscard]] MovingResult<T> moving_vs_static_conservative(const Box<T, N>& stationary,
                                                            const Box<T, N>& moving,
                                                            const Vec<T, N>& d) {
  const auto r = detail::moving::sweep_impl<false>(stationary, Vec<T, N>{}, moving, d, true);
  return {r.hit, r.t_first};
}

/// moving_vs_static, LOOSE: sweep_loose with the stationary box as a (da = 0) and the moving one as
/// b (db = d): `hit` never misses, near misses only within sweep_loose's window; t_enter on an
/// exact hit <= exact and within 2 ulps (float) or 32 ulps (double), in [0, 1].
template <Float T, std::size_t N>
[[nodiscard]] MovingResult<T> moving_vs_static_loose(const Box<T, N>& stationary, const Box<T, N>& moving,
                                                     const Vec<T, N>& d) {
  const auto r = detail::moving::sweep_loose_impl<false>(stationary, Vec<T, N>{}, moving, d);
  return {r.hit, r.t_first};
}

/// Ray o + t·d, t in [t_min, t_max] (t_max = +inf: unbounded), against the closed box.
/// Contract: `hit` EXACT (a ray in a face plane touches and hits; d = 0 on an axis keeps the axis
/// iff the origin is in its slab; d = 0 entirely is a point test); t_enter and t_exit WITHIN 1 ULP
/// of min T / max T; t_exit = +inf when T is unbounded, or when the exact max T exceeds the
/// largest finite T (then it rounds to +inf); t_min <= t_enter <= t_exit <= t_max.
/// Invalid input (NaN or ±inf in box/origin/dir/t_min, t_max NaN or -inf, t_min > t_max, lo > hi):
/// miss, NaN times.
template <Float T, std::size_t N>
[[nodiscard]] RayResult<T> ray(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir,
                               T t_min = T(0), T t_max = std::numeric_limits<T>::infinity()) {
  return detail::moving::ray_impl(box, origin, dir, t_min, t_max, false);
}

/// ray, CONSERVATIVE: `hit` exact; t_enter <= exact min T, t_exit >= exact max T, each within
/// 2 ulps, clamped to [t_min, t_max].
template <Float T, std::size_t N>
[[nodiscard]] RayResult<T> ray_conservative(const Box<T, N>& box, const Vec<T, N>& origin,
                                            const Vec<T, N>& dir, T t_min = T(0),
                                            T t_max = std::numeric_limits<T>::infinity()) {
  return detail::moving::ray_impl(box, origin, dir, t_min, t_max, true);
}

/// ray, LOOSE: the fast variant (docs/contracts.md, "The loose ray"): the filter's slab test
/// alone, without the exact tie-breaking and the faithful recomputation of the times. Never
/// misses: `hit` is true whenever the exact answer is a hit; it may be true on an exact miss only
/// when T_in − T_out <= 2^-47·(|T_in| + |T_out|) + 2^-1069 (T_in: the largest of t_min and the
/// entries, T_out: the smallest of t_max and the exits, over the axes with d != 0; an axis with
/// d = 0 is tested exactly). Times: on an exact hit t_enter <= exact min T and t_exit >= exact
/// max T, within 2 ulps (float) or 32 ulps (double), +inf counting as the value past the
/// largest finite T; t_exit = +inf when T is unbounded; on every hit t_min <= t_enter <=
/// t_exit <= t_max. Invalid input: miss, NaN times.
template <Float T, std::size_t N>
[[nodiscard]] RayResult<T> ray_loose(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir,
                                     T t_min = T(0), T t_max = std::numeric_limits<T>::infinity()) {
  return detail::moving::ray_impl<true>(box, origin, dir, t_min, t_max, true);
}

}  // namespace aabb::optimized
