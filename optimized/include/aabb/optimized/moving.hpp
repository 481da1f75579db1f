#pragma once
/// The moving tests in float and double (contract §2, docs/contracts.md, "Moving tests"): `sweep`,
/// `sweep_ce` (seed 000's AABBSweep), `moving_vs_static` (seed 001's intersectMovingAABB), `ray`,
/// and a `_conservative` variant of each for continuous collision detection.
///
/// How: each axis gives an entry and an exit time, both fractions (Σ terms) / (Σ terms) of input
/// values, with the denominator's sign decided exactly. T is [max of entries, min of exits]; every
/// max / min and the final "lo <= hi" compares two fractions by cross-multiplication. A float
/// filter decides each comparison when its error bound allows; otherwise an exact expansion
/// (exact_float.hpp) does. So `hit` is EXACT for all finite inputs, and the reported times are the
/// chosen fractions rounded (within 1 ulp, see time_of).
///
/// Everything runs in exact::Wide<T> (double for float, x87 long double for double): differences
/// of T values never overflow there, and a subnormal displacement is never inverted, so huge
/// coordinates and 1/d overflow do not exist in this code.
///
/// Invalid input (NaN or ±inf anywhere except a ray's t_max = +inf, lo > hi, extent < 0,
/// t_min > t_max, t_max = -inf or NaN): the answer is a miss, with NaN times. Never UB.

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

#include "aabb/optimized/box.hpp"
#include "aabb/optimized/exact_float.hpp"

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

template <Float T>
using W = exact::Wide<T>;

/// A sum of up to 4 signed terms, exact in meaning.
template <class Wt>
using Terms = std::array<Wt, 4>;

/// The time (Σ n) / (Σ d), with Σ d > 0 exactly.
template <class Wt>
struct Frac {
  Terms<Wt> n{};
  Terms<Wt> d{};
};

template <class Wt>
[[nodiscard]] inline Frac<Wt> constant(Wt x) {
  Frac<Wt> f;
  f.n[0] = x;
  f.d[0] = 1;
  return f;
}

template <class Wt>
[[nodiscard]] inline Wt unit_roundoff() {
  return std::numeric_limits<Wt>::epsilon() / 2;
}

/// Sign of Σ terms: float filter (recursive sum, error <= 3u·Σ|t|), else exact expansion.
template <class Wt>
[[nodiscard]] inline int sign_of(const Terms<Wt>& t) {
  Wt s = 0, a = 0;
  for (Wt x : t) {
    s += x;
    a += std::fabs(x);
  }
  const Wt bound = 8 * unit_roundoff<Wt>() * a;
  if (s > bound) return 1;
  if (s < -bound) return -1;
  exact::Expansion<Wt, 4> e;
  for (Wt x : t)
    if (x != 0) e.add(x);
  return e.sign();
}

/// The exact sign of Σa.n·Σb.d - Σb.n·Σa.d: up to 32 TwoProducts in one expansion. Kept out of
/// line (the rare path), so that the filter in compare() inlines.
template <class Wt>
[[gnu::noinline]] int compare_exact(const Frac<Wt>& a, const Frac<Wt>& b) {
  exact::Expansion<Wt, 64> e;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j) {
      if (a.n[i] != 0 && b.d[j] != 0) e.add_product(a.n[i], b.d[j]);
      if (b.n[i] != 0 && a.d[j] != 0) e.add_product(-b.n[i], a.d[j]);
    }
  return e.sign();
}
/// Sign of a - b, for fractions with positive denominators: sign(Σa.n·Σb.d - Σb.n·Σa.d).
/// Filter: with each Σ rounded (error <= 3u·Σ|t|), the products and the difference rounded, the
/// computed X differs from the exact value by at most ~9u·(A.n·B.d + B.n·A.d) (A.n = Σ|a.n| ...);
/// the bound used is 32u·(...), computed with relative error far below that margin. All of it
/// in Wide, where neither overflow nor harmful underflow can happen for T inputs.
template <class Wt>
[[nodiscard]] inline int compare(const Frac<Wt>& a, const Frac<Wt>& b) {
  Wt an = 0, ad = 0, bn = 0, bd = 0, aN = 0, aD = 0, bN = 0, bD = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    an += a.n[i];
    ad += a.d[i];
    bn += b.n[i];
    bd += b.d[i];
    aN += std::fabs(a.n[i]);
    aD += std::fabs(a.d[i]);
    bN += std::fabs(b.n[i]);
    bD += std::fabs(b.d[i]);
  }
  const Wt x = an * bd - bn * ad;
  const Wt bound = 32 * unit_roundoff<Wt>() * (aN * bD + bN * aD);
  if (x > bound) return 1;
  if (x < -bound) return -1;
  return compare_exact(a, b);
}


/// Σ t, computed exactly as an expansion and then summed from the smallest component up: the
/// components do not overlap, so the result has relative error below 2u (no cancellation left).
template <class Wt>
[[nodiscard]] inline Wt sum_of(const Terms<Wt>& t) {
  exact::Expansion<Wt, 4> e;
  for (Wt x : t)
    if (x != 0) e.add(x);
  Wt s = 0;
  for (std::size_t i = 0; i < e.size(); ++i) s += e.component(i);
  return s;
}

/// The fraction rounded to T. Numerator and denominator each carry relative error < 2u(Wide),
/// the division u(Wide): < 5u(Wide) in all, which is < 2^-25 of an ulp of T for float
/// (u = 2^-53 vs 2^-24) and < 2^-9 of an ulp for double (u = 2^-64 vs 2^-53). The final
/// rounding adds 1/2 ulp: the result is within 1 ulp of the exact time (and +inf only when the
/// exact time is beyond the largest finite T).
template <Float T>
[[nodiscard]] inline T time_of(const Frac<W<T>>& f) {
  return static_cast<T>(sum_of(f.n) / sum_of(f.d));
}

/// One interval endpoint as up to 2 terms.
template <class Wt>
using End = std::array<Wt, 2>;

template <class Wt>
[[nodiscard]] inline Terms<Wt> minus(const End<Wt>& p, const End<Wt>& q) {
  return {p[0], p[1], -q[0], -q[1]};
}

/// T = [lo, hi] (hi absent = +inf), narrowed axis by axis.
template <class Wt>
struct Interval {
  Frac<Wt> lo;
  Frac<Wt> hi;
  bool bounded = true;
};

/// Narrows T to the times when [m0 + t·v, m1 + t·v] meets [s0, s1]; false when that is never
/// (v = 0 and the intervals are apart). Same equations as reference::detail::narrow.
template <class Wt>
[[nodiscard]] inline bool narrow(Interval<Wt>& T, const End<Wt>& s0, const End<Wt>& s1,
                                 const End<Wt>& m0, const End<Wt>& m1, const Terms<Wt>& v) {
  const int sv = sign_of(v);
#if defined(AABB_MUTANT) && AABB_MUTANT == 3  // fuzz teeth only: zero velocity keeps the axis
  if (sv == 0) return true;
#endif
  if (sv == 0) return sign_of(minus(s1, m0)) >= 0 && sign_of(minus(m1, s0)) >= 0;
  Frac<Wt> enter, leave;
  if (sv > 0) {
    enter.n = minus(s0, m1);
    leave.n = minus(s1, m0);
    enter.d = leave.d = v;
  } else {
    enter.n = minus(m0, s1);
    leave.n = minus(m1, s0);
    for (std::size_t i = 0; i < 4; ++i) enter.d[i] = -v[i];
    leave.d = enter.d;
  }
  if (compare(enter, T.lo) > 0) T.lo = enter;
  if (!T.bounded || compare(leave, T.hi) < 0) {
    T.hi = leave;
    T.bounded = true;
  }
  return true;
}

template <Float T, std::size_t N>
[[nodiscard]] inline bool finite(const Vec<T, N>& v) {
  for (T x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

template <Float T, std::size_t N>
[[nodiscard]] inline bool valid(const Box<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (!(std::isfinite(b.lo[i]) && std::isfinite(b.hi[i]) && b.lo[i] <= b.hi[i])) return false;
  return true;
}

template <Float T, std::size_t N>
[[nodiscard]] inline bool valid_extent(const Vec<T, N>& e) {
  for (T x : e)
    if (!(std::isfinite(x) && x >= 0)) return false;
  return true;
}

/// Exact hit over [0,1] and the bounding fractions; the core of sweep, sweep_ce and
/// moving_vs_static. Axis i: static [s0, s1], moving [m0, m1], relative velocity v.
template <class Wt, std::size_t N>
struct Axes {
  std::array<End<Wt>, N> s0, s1, m0, m1;
  std::array<Terms<Wt>, N> v;
};

template <class Wt, std::size_t N>
[[nodiscard]] inline bool solve(const Axes<Wt, N>& ax, Interval<Wt>& T) {
  // Exits as soon as T is empty, like the textbook loop: most misses end on the first axis.
  for (std::size_t i = 0; i < N; ++i)
    if (!narrow(T, ax.s0[i], ax.s1[i], ax.m0[i], ax.m1[i], ax.v[i]) ||
        (T.bounded && compare(T.lo, T.hi) > 0))
      return false;
  return true;
}

template <Float T>
[[nodiscard]] inline SweepResult<T> sweep_times(const Interval<W<T>>& I, bool conservative) {
  SweepResult<T> r;
  r.hit = true;
  r.t_first = time_of<T>(I.lo);
  r.t_last = time_of<T>(I.hi);
  // Exact t_first <= t_last, and each is within 1 ulp: if rounding inverted them, t_first is
  // within 1 ulp of the exact t_last too, so both may carry it.
  if (r.t_last < r.t_first) r.t_last = r.t_first;
  if (conservative) {
    r.t_first = std::fmax(T(0), std::nextafter(r.t_first, -std::numeric_limits<T>::infinity()));
    r.t_last = std::fmin(T(1), std::nextafter(r.t_last, std::numeric_limits<T>::infinity()));
  }
  return r;
}

template <Float T, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_impl(const Box<T, N>& a, const Vec<T, N>& da,
                                               const Box<T, N>& b, const Vec<T, N>& db,
                                               bool conservative) {
  using Wt = W<T>;
  if (!valid(a) || !valid(b) || !finite(da) || !finite(db)) return {};
  Axes<Wt, N> ax;
  for (std::size_t i = 0; i < N; ++i) {
    ax.s0[i] = {Wt(a.lo[i]), 0};
    ax.s1[i] = {Wt(a.hi[i]), 0};
    ax.m0[i] = {Wt(b.lo[i]), 0};
    ax.m1[i] = {Wt(b.hi[i]), 0};
    ax.v[i] = {Wt(db[i]), -Wt(da[i]), 0, 0};  // db - da exactly: the rounded v never appears
  }
  Interval<Wt> I{constant<Wt>(0), constant<Wt>(1), true};
  if (!solve(ax, I)) return {};
  return sweep_times<T>(I, conservative);
}

template <Float T, std::size_t N>
[[nodiscard]] inline SweepResult<T> sweep_ce_impl(const Vec<T, N>& ea, const Vec<T, N>& a0,
                                                  const Vec<T, N>& a1, const Vec<T, N>& eb,
                                                  const Vec<T, N>& b0, const Vec<T, N>& b1,
                                                  bool conservative) {
  using Wt = W<T>;
  if (!valid_extent(ea) || !valid_extent(eb) || !finite(a0) || !finite(a1) || !finite(b0) ||
      !finite(b1))
    return {};
  Axes<Wt, N> ax;
  for (std::size_t i = 0; i < N; ++i) {
    ax.s0[i] = {Wt(a0[i]), -Wt(ea[i])};
    ax.s1[i] = {Wt(a0[i]), Wt(ea[i])};
    ax.m0[i] = {Wt(b0[i]), -Wt(eb[i])};
    ax.m1[i] = {Wt(b0[i]), Wt(eb[i])};
    ax.v[i] = {Wt(b1[i]), -Wt(b0[i]), -Wt(a1[i]), Wt(a0[i])};  // (b1 - b0) - (a1 - a0) exactly
  }
  Interval<Wt> I{constant<Wt>(0), constant<Wt>(1), true};
  if (!solve(ax, I)) return {};
  return sweep_times<T>(I, conservative);
}

template <Float T, std::size_t N>
[[nodiscard]] inline RayResult<T> ray_impl(const Box<T, N>& box, const Vec<T, N>& origin,
                                           const Vec<T, N>& dir, T t_min, T t_max,
                                           bool conservative) {
  using Wt = W<T>;
  constexpr T inf = std::numeric_limits<T>::infinity();
  if (!valid(box) || !finite(origin) || !finite(dir) || !std::isfinite(t_min) ||
      !(t_max == inf || std::isfinite(t_max)) || !(t_min <= t_max))
    return {};
  Interval<Wt> I{constant<Wt>(t_min), constant<Wt>(t_max == inf ? 0 : t_max), t_max != inf};
  for (std::size_t i = 0; i < N; ++i) {
    const End<Wt> o{Wt(origin[i]), 0};
    if (!narrow(I, End<Wt>{Wt(box.lo[i]), 0}, End<Wt>{Wt(box.hi[i]), 0}, o, o,
                Terms<Wt>{Wt(dir[i]), 0, 0, 0}))
      return {};
  }
  if (I.bounded && compare(I.lo, I.hi) > 0) return {};
  RayResult<T> r;
  r.hit = true;
  r.t_enter = time_of<T>(I.lo);
  r.t_exit = I.bounded ? time_of<T>(I.hi) : inf;
  if (r.t_exit < r.t_enter) r.t_exit = r.t_enter;
  if (conservative) {
    r.t_enter = std::fmax(t_min, std::nextafter(r.t_enter, -inf));
    if (I.bounded) r.t_exit = std::fmin(t_max, std::nextafter(r.t_exit, inf));
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
  return detail::moving::sweep_impl(a, da, b, db, false);
}

/// sweep, CONSERVATIVE: `hit` exact; t_first <= exact min T and t_last >= exact max T, each
/// within 2 ulps (the 1-ulp answer moved one ulp outward, clamped to [0, 1]). Never tunnels.
template <Float T, std::size_t N>
[[nodiscard]] SweepResult<T> sweep_conservative(const Box<T, N>& a, const Vec<T, N>& da,
                                                const Box<T, N>& b, const Vec<T, N>& db) {
  return detail::moving::sweep_impl(a, da, b, db, true);
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

/// Seed 001's intersectMovingAABB: `moving` moves by d over [0, 1], `stationary` stays.
/// Contract: `hit` EXACT (unlike the seed, touching on a zero-velocity axis hits and a subnormal
/// d is no problem: nothing is inverted); t_enter WITHIN 1 ULP of min T (0 when overlapping at
/// t = 0). Invalid input: miss, NaN.
template <Float T, std::size_t N>
[[nodiscard]] MovingResult<T> moving_vs_static(const Box<T, N>& stationary, const Box<T, N>& moving,
                                               const Vec<T, N>& d) {
  const auto r = detail::moving::sweep_impl(stationary, Vec<T, N>{}, moving, d, false);
  return {r.hit, r.t_first};
}

/// moving_vs_static, CONSERVATIVE: `hit` exact, t_enter <= exact and within 2 ulps.
template <Float T, std::size_t N>
[[nodiscard]] MovingResult<T> moving_vs_static_conservative(const Box<T, N>& stationary,
                                                            const Box<T, N>& moving,
                                                            const Vec<T, N>& d) {
  const auto r = detail::moving::sweep_impl(stationary, Vec<T, N>{}, moving, d, true);
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

}  // namespace aabb::optimized
