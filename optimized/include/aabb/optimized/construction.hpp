#pragma once
/// Construction ops in float and double (seed 002): bounds_of_sphere, transform (min–max and
/// centre–radius), extreme_points, hill_climb. Contracts: docs/contracts.md, "Construction and update".
///
/// Boxes are rounded outward by DIRECTED ROUNDING of the exact bound: each lower bound is the
/// largest T <= the exact value, each upper bound the smallest T >= it. So every box is
/// conservative and less than one ulp from the exact box on each bound, and equal to it whenever
/// the exact bound is representable. transform first sums each bound in the wide type with a
/// proved error and rounds from that when the rounding is certain (detail::round_certified);
/// only otherwise does it round the exact expansion. Indices are exact: dot products are compared
/// with a float filter and, when the filter cannot decide, exactly with exact::Expansion. No
/// function here allocates.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <cstddef>
#include <limits>
#include <span>
#include <utility>

#include "aabb/optimized/box.hpp"
#include "aabb/exact_float/exact_float.hpp"

namespace aabb::optimized {

namespace detail {

template <Float T>
using W = exact::Wide<T>;
/// Room for t, 2·N product pairs, a subtracted candidate and the sum's growth.
template <Float T>
using Sum = exact::Expansion<W<T>, 24>;

/// The largest T <= the exact sum s (round toward -inf), or the smallest T >= s (toward +inf).
/// The approximate value (components summed in the expansion's type: W, or double for a
/// DoubleSum) is within a few ulps of that type of s, so the two loops step a few times at most
/// (once or twice in W); each step is checked exactly. Beyond T's range the answer is ±inf
/// (still on the right side of s).
template <Float T, class S>
[[nodiscard]] T round_directed(const S& s, bool up) {
  using V = std::remove_cvref_t<decltype(s.component(0))>;
  V approx = 0;
  for (std::size_t k = 0; k < s.size(); ++k) approx += s.component(k);
  constexpr T inf = std::numeric_limits<T>::infinity();
  constexpr T max = std::numeric_limits<T>::max();
  T x = static_cast<T>(approx);
  if (std::isinf(x)) x = x > 0 ? max : -max;  // start finite; the loops step to ±inf if needed
  auto sign_of_s_minus = [&](T y) {  // sign(s - y), y finite
    S d = s;
    d.subtract(static_cast<V>(y));
    return d.sign();
  };
  if (up) {
    while (std::isfinite(x) && sign_of_s_minus(x) > 0) x = std::nextafter(x, inf);
    for (T below = std::nextafter(x, -inf); std::isfinite(below) && sign_of_s_minus(below) <= 0;
         below = std::nextafter(x, -inf))
      x = below;
  } else {
    while (std::isfinite(x) && sign_of_s_minus(x) < 0) x = std::nextafter(x, -inf);
    for (T above = std::nextafter(x, inf); std::isfinite(above) && sign_of_s_minus(above) >= 0;
         above = std::nextafter(x, inf))
      x = above;
  }
  return x;
}

/// The T nearest to the exact sum s, ties to even; beyond T's range, ±max (the centre of a
/// centre–radius box stays finite so that an infinite extent can still cover the exact box).
template <Float T, class S>
[[nodiscard]] T round_nearest_finite(const S& s) {
  using V = std::remove_cvref_t<decltype(s.component(0))>;
  constexpr T max = std::numeric_limits<T>::max();
  const T down = round_directed<T>(s, false), up = round_directed<T>(s, true);
  if (down == up) return down;
  if (!std::isfinite(up)) return max;
  if (!std::isfinite(down)) return -max;
  S twice = s;  // sign of (s - down) - (up - s) = 2s - down - up
  for (std::size_t k = 0; k < s.size(); ++k) twice.add(s.component(k));
  twice.subtract(static_cast<V>(down));
  twice.subtract(static_cast<V>(up));
  const int c = twice.sign();
  if (c < 0) return down;
  if (c > 0) return up;
  // A tie: the neighbour whose significand's last bit is 0 (adjacent values differ there).
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  const bool down_even = (std::bit_cast<Bits>(down) & 1u) == 0;
  return down_even ? down : up;
}

/// The next T above a finite f (max steps to +inf), by its bits: nextafter is a library call.
template <Float T>
[[nodiscard]] T next_up(T f) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  if (f == 0) return std::numeric_limits<T>::denorm_min();
  const Bits b = std::bit_cast<Bits>(f);
  return std::bit_cast<T>(f > 0 ? Bits(b + 1) : Bits(b - 1));
}

/// The next T below a finite f (-max steps to -inf).
template <Float T>
[[nodiscard]] T next_down(T f) {
  return -next_up(T(-f));
}

/// f, or the next T above it when `apply` (f finite then), without a branch: the outward step
/// of a directed rounding is a coin flip on random inputs, and a mispredicted branch per bound
/// cost more than the rest of bounds_of_sphere (bench/optimized_construction.cpp). By the bits:
/// ±0 as +0, then +1 for positive values and -1 for negative ones (towards +inf either way).
template <Float T>
[[nodiscard]] T next_up_if(T f, bool apply) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  Bits b = std::bit_cast<Bits>(f);
  b &= Bits(0) - Bits(f != 0);  // ±0 → +0; NaN and every other value kept
  const Bits negative = b >> (sizeof(Bits) * 8 - 1);
  return std::bit_cast<T>(Bits(b + Bits(apply) * (Bits(1) - Bits(2) * negative)));
}

/// f, or the next T below it when `apply` (f finite then), without a branch.
template <Float T>
[[nodiscard]] T next_down_if(T f, bool apply) {
  return -next_up_if(T(-f), apply);
}

/// The filter of transform (proof: docs/contracts.md, "The transform filter"). Each bound is
/// first summed in W: x = fl(t + Σ fl(M·v)) and A = fl(|t| + Σ|fl(M·v)|), at most 4 terms. Float
/// in double: the products are exact (48 bits), the 3 additions give |x - s| <= γ3·A. Double in
/// long double: the products round once more, |x - s| <= γ4·A. Neither overflows nor underflows
/// in W (|products| within [2^-298, 2^256] resp. [2^-2148, 2^2048]). So the real bound is below
/// 4.01u·A, and err = 8u·A (a power-of-two scaling: exact) is at least (1 + u) times it, which
/// is what the gap tests below need.
template <Float T>
[[nodiscard]] W<T> sum_error(W<T> abs_sum) {
  return 8 * (std::numeric_limits<W<T>>::epsilon() / 2) * abs_sum;
}

/// Gap test: for W values y, x and err >= (1 + u)·|s - x|, fl(y - x) > err proves y > s: the
/// computed difference is at most (1 + u) times the real one, so y - x > err / (1 + u) >= |s - x|.

/// The directed rounding of an exact s with |s - x| <= err / (1 + u) (err as sum_error gives it)
/// toward +inf (`Up`) or -inf, when it is certain: false otherwise (the caller then rounds
/// exactly). One rounding to nearest, f = fl_T(x), and the sign of
/// d = fl(x - f) (proof: docs/contracts.md, "The transform filter"). When d > err, s > f; when
/// d < -err, s < f; and when err <= min(|f|, max)·2^-(p+2) (p = T's digits), s lies within the
/// ulps on either side of f, so RD(s) is f or the T below it, and RU(s) f or the T above it. An
/// f of ±inf (x beyond T's range) counts as ±max in that test and steps to ±max. No branch: the
/// sign of d is a coin toss on ordinary input.
template <Float T, bool Up>
[[nodiscard]] bool round_certified(W<T> x, W<T> err, T& out) {
  using Wt = W<T>;
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  constexpr Wt scale = Wt(1) / Wt(Bits(1) << (std::numeric_limits<T>::digits + 2));
  const T f = static_cast<T>(x);
  const Wt d = x - Wt(f);
  const bool above = d > err;  // s > f
  const bool below = -d > err;  // s < f
  const bool near = err <= std::min(Wt(std::fabs(f)), Wt(std::numeric_limits<T>::max())) * scale;
  // The T after f (Up, s above f) or before it (down, s below f), by the bits: away from zero
  // adds one, toward zero subtracts one; f is not 0 when the test passes (err > 0 then).
  const Bits b = std::bit_cast<Bits>(f);
  const Bits neg = b >> (sizeof(T) * 8 - 1);
  const Bits step = Up ? Bits(above) * (Bits(1) - Bits(2) * neg) : Bits(below) * (Bits(2) * neg - Bits(1));
  out = std::bit_cast<T>(Bits(b + step));
  return (above | below) & near;
}

/// The T nearest to an exact s with |s - x| <= err / (1 + u), when the gap tests prove s lies
/// strictly between the midpoints around f = fl(x) (no tie, no doubt); false otherwise, and for
/// |f| = max or beyond (the exact path owns the ±max rule). The midpoints are exact in W: the sum
/// of two adjacent T values needs one bit more than T, and halving it cannot underflow in W.
template <Float T>
[[nodiscard]] bool nearest(W<T> x, W<T> err, T& out) {
  using Wt = W<T>;
  const T f = static_cast<T>(x);
  if (!(std::fabs(f) < std::numeric_limits<T>::max())) return false;
  const Wt fw = f;
  const Wt mid_up = (fw + Wt(next_up(f))) / 2;
  const Wt mid_down = (Wt(next_down(f)) + fw) / 2;
  if (!((mid_up - x > err) & (x - mid_down > err))) return false;
  out = f;
  return true;
}

/// The exact paths' expansions for double inputs, in double instead of x87 long double (whose
/// TwoProduct is glibc's software fmal), when that is exact: every product a·b is zero or lies in
/// [2^-960, 2^1000] (then fma gives its exact error: it neither overflows nor underflows) and
/// every other term is at most 2^1000 (then no TwoSum of the at most 24 components, nor of a
/// candidate bound near their sum, can overflow).
using DoubleSum = exact::Expansion<double, 24>;

[[nodiscard]] inline bool double_product_ok(double a, double b) {
  const double p = std::fabs(a * b);
  return a == 0 || b == 0 || (p >= 0x1p-960 && p <= 0x1p1000);
}

template <Float T, class S, std::size_t N>
[[nodiscard]] T transform_bound_in(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                                   std::size_t i, bool up) {
  using V = std::remove_cvref_t<decltype(S{}.component(0))>;
  S s;
  s.add(V(t[i]));
  for (std::size_t j = 0; j < N; ++j) {
    const bool pos = !(m[i][j] < 0);
    s.add_product(V(m[i][j]), V(pos == up ? box.hi[j] : box.lo[j]));
  }
  return round_directed<T>(s, up);
}

/// transform's exact path for one bound (row i; `up`: the upper bound): the bound summed exactly
/// as an expansion and rounded once, outward. Out of line: the filter decides almost always.
template <Float T, std::size_t N>
[[gnu::noinline]] T transform_bound_exact(const Box<T, N>& box, const Matrix<T, N>& m,
                                          const Vec<T, N>& t, std::size_t i, bool up) {
  if constexpr (std::is_same_v<T, double>) {
    bool ok = std::fabs(t[i]) <= 0x1p1000;
    for (std::size_t j = 0; j < N; ++j)
      ok = ok && double_product_ok(m[i][j], box.lo[j]) && double_product_ok(m[i][j], box.hi[j]);
    if (ok) return transform_bound_in<T, DoubleSum>(box, m, t, i, up);
  }
  return transform_bound_in<T, Sum<T>>(box, m, t, i, up);
}

/// The centre–radius transform's exact path for row i (see transform): the centre correctly
/// rounded, the extent e' + |c' - c_T| rounded up, all from exact expansions of type S.
template <Float T, class S, std::size_t N>
void transform_ce_in(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                     std::size_t i, T& center, T& extent) {
  using V = std::remove_cvref_t<decltype(S{}.component(0))>;
  S c;
  c.add(V(t[i]));
  for (std::size_t j = 0; j < N; ++j) c.add_product(V(m[i][j]), V(box.center[j]));
  center = round_nearest_finite<T>(c);
  // The rounded centre moved by delta = c - c_T; the extent grows by |delta| so no face moves in.
  S delta = c;
  delta.subtract(V(center));
  const int side = delta.sign();
  S e;
  for (std::size_t k = 0; k < delta.size(); ++k)
    e.add(side < 0 ? -delta.component(k) : delta.component(k));
  for (std::size_t j = 0; j < N; ++j) e.add_product(V(std::fabs(m[i][j])), V(box.extent[j]));
  extent = round_directed<T>(e, true);
}

template <Float T, std::size_t N>
[[gnu::noinline]] void transform_ce_exact(const CenterExtent<T, N>& box, const Matrix<T, N>& m,
                                          const Vec<T, N>& t, std::size_t i, T& center, T& extent) {
  if constexpr (std::is_same_v<T, double>) {
    bool ok = std::fabs(t[i]) <= 0x1p1000;
    for (std::size_t j = 0; j < N; ++j)
      ok = ok && double_product_ok(m[i][j], box.center[j]) &&
           double_product_ok(std::fabs(m[i][j]), box.extent[j]);
    if (ok) return transform_ce_in<T, DoubleSum>(box, m, t, i, center, extent);
  }
  transform_ce_in<T, Sum<T>>(box, m, t, i, center, extent);
}

/// Exact comparison of dot(p, d) with dot(q, d) for finite vectors: -1, 0 or +1.
/// Filter: in W every product of two T values is exact (float in double: 48 of 53 bits; double
/// in long double: the products round, and so do the sums), and the computed dot product is
/// within gamma = 4·eps_W·Σ|p_k·d_k| of the exact one (the textbook bound is about 2·eps_W·Σ;
/// the factor 2 covers the rounding of the bound and of the difference). When the difference
/// exceeds both bounds the sign is certain; otherwise the expansion decides exactly.
template <Float T, std::size_t N>
[[nodiscard]] int compare_dots(const Vec<T, N>& p, const Vec<T, N>& q, const Vec<T, N>& d) {
  using Wt = W<T>;
  Wt dp = 0, dq = 0, sp = 0, sq = 0;
  for (std::size_t k = 0; k < N; ++k) {
    const Wt a = Wt(p[k]) * Wt(d[k]), b = Wt(q[k]) * Wt(d[k]);
    dp += a;
    dq += b;
    sp += std::fabs(a);
    sq += std::fabs(b);
  }
  const Wt bound = 4 * std::numeric_limits<Wt>::epsilon() * (sp + sq) +
                   4 * std::numeric_limits<Wt>::denorm_min();
  const Wt diff = dp - dq;
  if (diff > bound) return 1;
  if (-diff > bound) return -1;
  Sum<T> s;
  for (std::size_t k = 0; k < N; ++k) {
    s.add_product(Wt(p[k]), Wt(d[k]));
    s.add_product(Wt(-q[k]), Wt(d[k]));
  }
  return s.sign();
}

/// The exact sign of a + b - s for finite a, b, s (in Wide<T>, where it cannot overflow).
template <Float T>
[[nodiscard]] int sign_of_sum_minus(T a, T b, T s) {
  exact::Expansion<W<T>, 4> e;
  e.add(W<T>(a));
  e.add(W<T>(b));
  e.subtract(W<T>(s));
  return e.sign();
}

template <Float T, std::size_t N>
[[nodiscard]] bool all_finite(const Vec<T, N>& v) {
  for (T x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

}  // namespace detail

/// Seed 002's AABB of a bounding sphere: [c - r, c + r] on every axis, each bound rounded
/// outward (lo = largest T <= c - r, hi = smallest T >= c + r): conservative, under 1 ulp per
/// bound, exact when c ± r is representable. Beyond T's range a bound is ±inf (conservative).
/// r = 0 gives the point box [c, c]; -0 is 0. Invalid input answers (no UB): r < 0 gives the
/// inverted box with the same rounding rule; NaN in c[i] or r gives NaN bounds on that axis
/// (all axes for r); c[i] or r infinite gives the IEEE sums c[i] ∓ r (±inf, or NaN for inf - inf).
template <Float T, std::size_t N>
[[nodiscard]] Box<T, N> bounds_of_sphere(const Vec<T, N>& center, T radius) {
  Box<T, N> b;
  for (std::size_t i = 0; i < N; ++i) {
    // c ± r rounds to nearest; TwoSum's exact error says on which side the exact bound lies, and
    // the bound moves one ulp outward only when rounding went inward.
    exact::Pair<T> hi = exact::two_sum(center[i], radius);
    exact::Pair<T> lo = exact::two_sum(center[i], T(-radius));
    // TwoSum's error is NaN when its s - a overflowed although s is finite (c and r near the top
    // of the range; found by fuzz/regressions/construction/): take the error's sign exactly.
    if (std::isfinite(hi.hi) && std::isnan(hi.lo))
      hi.lo = T(detail::sign_of_sum_minus(center[i], radius, hi.hi));
    if (std::isfinite(lo.hi) && std::isnan(lo.lo))
      lo.lo = T(detail::sign_of_sum_minus(center[i], T(-radius), lo.hi));
    b.hi[i] = detail::next_up_if(hi.hi, std::isfinite(hi.hi) & (hi.lo > 0));
    b.lo[i] = detail::next_down_if(lo.hi, std::isfinite(lo.hi) & (lo.lo < 0));
    // Overflow to ±inf is conservative already; a finite sum that rounded inward moved outward.
  }
  return b;
}

namespace detail {

/// transform's filter for the whole box, with no branch until its one test (proof:
/// docs/contracts.md, "The transform filter"): each bound summed in W, x = fl(t + Σ fl(M·v)),
/// with one A = fl(|t| + Σ(|p| + |q|)) per row (>= the A of either bound), rounded by
/// round_certified. A is NaN or ±inf exactly when an input of the row is (a product of a finite
/// value and ±inf or NaN is one of those, 0·inf is NaN, and no sum of finite products overflows
/// W), and then no test passes. False when any bound is in doubt, any input is not finite or an
/// axis is inverted: the caller then runs transform_rows, which decides every bound again.
template <Float T, std::size_t N>
[[nodiscard]] bool transform_filter(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                                    Box<T, N>& r) {
  using Wt = W<T>;
  bool ok = true;
  for (std::size_t j = 0; j < N; ++j) ok &= box.lo[j] <= box.hi[j];
  for (std::size_t i = 0; i < N; ++i) {
    Wt xl = Wt(t[i]), xh = xl, a = std::fabs(xl);
    for (std::size_t j = 0; j < N; ++j) {
      // On a valid axis the sign rule's product (lo[j] where M[i][j] >= 0) is the lesser one.
      const Wt p = Wt(m[i][j]) * Wt(box.lo[j]), q = Wt(m[i][j]) * Wt(box.hi[j]);
      xl += std::min(p, q);
      xh += std::max(p, q);
      a += std::fabs(p) + std::fabs(q);
    }
    const Wt err = sum_error<T>(a);
    ok &= round_certified<T, false>(xl, err, r.lo[i]);
    ok &= round_certified<T, true>(xh, err, r.hi[i]);
  }
  return ok;
}

/// transform row by row: a row with a non-finite input gets the naive IEEE sum; otherwise each
/// bound is summed in W (by the sign rule, so inverted axes too) and rounded by round_certified,
/// or exactly when that is in doubt.
template <Float T, std::size_t N>
[[nodiscard]] Box<T, N> transform_rows(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) {
  using Wt = W<T>;
  Box<T, N> r;
  const bool box_finite = all_finite(box.lo) && all_finite(box.hi);
  for (std::size_t i = 0; i < N; ++i) {
    const bool row_finite = box_finite && all_finite(m[i]) && std::isfinite(t[i]);
    if (!row_finite) {
      T lo = t[i], hi = t[i];
      for (std::size_t j = 0; j < N; ++j) {
        const bool pos = !(m[i][j] < 0);
        lo += m[i][j] * (pos ? box.lo[j] : box.hi[j]);
        hi += m[i][j] * (pos ? box.hi[j] : box.lo[j]);
      }
      r.lo[i] = lo;
      r.hi[i] = hi;
      continue;
    }
    Wt xl = Wt(t[i]), xh = xl, al = std::fabs(xl), ah = al;
    for (std::size_t j = 0; j < N; ++j) {
      const bool pos = !(m[i][j] < 0);
      const Wt pl = Wt(m[i][j]) * Wt(pos ? box.lo[j] : box.hi[j]);
      const Wt ph = Wt(m[i][j]) * Wt(pos ? box.hi[j] : box.lo[j]);
      xl += pl;
      xh += ph;
      al += std::fabs(pl);
      ah += std::fabs(ph);
    }
    if (!round_certified<T, false>(xl, sum_error<T>(al), r.lo[i]))
      r.lo[i] = transform_bound_exact(box, m, t, i, false);
    if (!round_certified<T, true>(xh, sum_error<T>(ah), r.hi[i]))
      r.hi[i] = transform_bound_exact(box, m, t, i, true);
  }
  return r;
}

/// The centre–radius filter for row i (see transform): centre and extent summed in W with
/// proved errors (ec, ee). When the centre rounds to f beyond doubt, |c' - f| is within ec of
/// D = |xc - f| (triangle inequality), so the extent's value e' + |c' - f| is within
/// ee/2 + ec/2 + 1.01u·(D + |xv|) of xv = fl(xe + D); ev is more than (1 + u) times that. A
/// non-finite input makes ac or ae NaN or ±inf (as in transform_filter), and no test passes.
template <Float T, std::size_t N>
[[nodiscard]] bool transform_ce_row_filter(const CenterExtent<T, N>& box, const Matrix<T, N>& m,
                                           const Vec<T, N>& t, std::size_t i, T& center, T& extent) {
  using Wt = W<T>;
  Wt xc = Wt(t[i]), ac = std::fabs(xc), xe = 0, ae = 0;
  for (std::size_t j = 0; j < N; ++j) {
    const Wt pc = Wt(m[i][j]) * Wt(box.center[j]);
    const Wt pe = Wt(std::fabs(m[i][j])) * Wt(box.extent[j]);
    xc += pc;
    ac += std::fabs(pc);
    xe += pe;
    ae += std::fabs(pe);
  }
  const Wt ec = sum_error<T>(ac), ee = sum_error<T>(ae);
  if (!nearest<T>(xc, ec, center)) return false;
  const Wt d = std::fabs(xc - Wt(center));
  const Wt xv = xe + d;
  const Wt ev = ee + ec + 4 * (std::numeric_limits<Wt>::epsilon() / 2) * (d + std::fabs(xv));
  return round_certified<T, true>(xv, ev, extent);
}

}  // namespace detail

/// Seed 002's UpdateAABB, min–max form: the box of {M·x + t : x in box}, bound i being
/// t[i] + Σj min/max(M[i][j]·lo[j], M[i][j]·hi[j]) summed exactly and rounded outward once:
/// conservative, under 1 ulp per bound, exact when the exact bound is representable; ±inf
/// beyond T's range. Departs from the listing, which rounds after every product and sum and can
/// move a bound inward. Any M (singular, zero) is fine. Invalid input answers (no UB): an
/// inverted box (lo[j] > hi[j]) uses lo[j] for the lower bound where M[i][j] >= 0 and hi[j]
/// otherwise, so it gives the image of the corners, possibly inverted; a non-finite box, M or
/// t entry in a row gives that row the naive IEEE sum (±inf, or NaN for inf - inf or 0·inf).
template <Float T, std::size_t N>
[[nodiscard]] Box<T, N> transform(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) {
  Box<T, N> r;
  if (detail::transform_filter(box, m, t, r)) return r;
  return detail::transform_rows(box, m, t);
}

/// Seed 002's UpdateAABB, centre–radius form: c' = M·c + t correctly rounded (ties to even), and
/// e'[i] = Σj |M[i][j]|·e[j] + |c'[i] - c'_T[i]| rounded up, so the float box
/// [c'_T - e'_T, c'_T + e'_T] contains the exact one (conservative). The centre is within 1/2 ulp;
/// the extent is under 1 ulp above the exact e' + |centre rounding error|, i.e. it may exceed the
/// exact e' by up to 1/2 ulp of the centre: forced, since e.g. e = 0, c' = 1 + 2^-30 (float) has
/// no float centre with extent 0. An exact centre beyond T's range becomes ±max, and the extent
/// then covers the distance (usually +inf): still conservative. Invalid input answers (no UB):
/// e[j] < 0 is used as given (the exact formula, rounded as above); non-finite entries in a row
/// give that row the naive IEEE values (±inf or NaN).
template <Float T, std::size_t N>
[[nodiscard]] CenterExtent<T, N> transform(const CenterExtent<T, N>& box, const Matrix<T, N>& m,
                                           const Vec<T, N>& t) {
  CenterExtent<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    if (detail::transform_ce_row_filter(box, m, t, i, r.center[i], r.extent[i])) continue;
    bool row_finite = std::isfinite(t[i]);
    for (std::size_t j = 0; j < N; ++j)
      row_finite = row_finite && std::isfinite(m[i][j]) && std::isfinite(box.center[j]) &&
                   std::isfinite(box.extent[j]);
    if (!row_finite) {
      T c = t[i], e = 0;
      for (std::size_t j = 0; j < N; ++j) {
        c += m[i][j] * box.center[j];
        e += std::fabs(m[i][j]) * box.extent[j];
      }
      r.center[i] = c;
      r.extent[i] = e;
      continue;
    }
    detail::transform_ce_exact(box, m, t, i, r.center[i], r.extent[i]);
  }
  return r;
}

/// `extreme_points`: lowest indices of the least and the greatest dot(P[i], d).
struct Extremes {
  std::size_t i_min = 0;
  std::size_t i_max = 0;
  friend bool operator==(const Extremes&, const Extremes&) = default;
};

/// Seed 002's ExtremePointAlongDirection: EXACT indices of the least and the greatest
/// dot(P[i], d), the lowest index on ties, even when two projections differ in their last bits
/// (float filter, then an exact expansion). Unlike the listing, both outputs are always written:
/// n == 0 gives {n, n} (index n means "no point"); points with a NaN or ±inf coordinate are
/// skipped ({n, n} if every point is); a non-finite d gives {n, n}. d = 0 gives {0, 0} (all tie).
template <Float T, std::size_t N>
[[nodiscard]] Extremes extreme_points(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir) {
  Extremes r{n, n};
  if (!detail::all_finite(dir)) return r;
  for (std::size_t k = 0; k < n; ++k) {
    if (!detail::all_finite(points[k])) continue;
    if (r.i_min == n) {
      r.i_min = r.i_max = k;
      continue;
    }
    if (detail::compare_dots(points[k], points[r.i_min], dir) < 0) r.i_min = k;
    if (detail::compare_dots(points[k], points[r.i_max], dir) > 0) r.i_max = k;
  }
  return r;
}

/// The same, over a span.
template <Float T, std::size_t N>
[[nodiscard]] Extremes extreme_points(std::span<const Vec<T, N>> points, const Vec<T, N>& dir) {
  return extreme_points(points.data(), points.size(), dir);
}

/// `hill_climb`'s answer: the vertex where the climb stopped and how many steps it took.
struct HillClimbResult {
  std::size_t index = 0;
  std::size_t steps = 0;
  friend bool operator==(const HillClimbResult&, const HillClimbResult&) = default;
};

/// Seed 002's hill climbing over a CSR neighbour graph (contract §4): neighbours of vertex v are
/// neighbors[offsets[v] .. offsets[v+1]). From `start`, moves to the neighbour with the greatest
/// projection (lowest position in the list on ties) while it is STRICTLY higher, compared exactly.
/// Terminates on every input: the projection strictly increases, so no vertex is revisited and
/// there are at most n - 1 steps; plateaus stop the climb. The answer is always a local maximum
/// (no neighbour strictly higher). On valid input (every vertex below the maximum has a strictly
/// higher neighbour) it has the exact greatest projection; on invalid input it may be a local
/// maximum only: the caller tells with is_global_maximum (O(n)). Invalid input answers (no UB):
/// n == 0 or start >= n gives {n, 0}; out-of-range neighbour indices, and neighbours with a
/// non-finite coordinate, are ignored; offsets[v] > offsets[v+1] is an empty list; a start vertex
/// or d with a non-finite coordinate gives {start, 0}.
template <Float T, std::size_t N>
[[nodiscard]] HillClimbResult hill_climb(const Vec<T, N>* points, std::size_t n,
                                         const std::size_t* offsets, const std::size_t* neighbors,
                                         const Vec<T, N>& dir, std::size_t start) {
  if (n == 0 || start >= n) return {n, 0};
  HillClimbResult r{start, 0};
  if (!detail::all_finite(dir) || !detail::all_finite(points[start])) return r;
  for (;;) {
    std::size_t best = r.index;
    for (std::size_t k = offsets[r.index]; k < offsets[r.index + 1]; ++k) {
      const std::size_t u = neighbors[k];
      if (u >= n || !detail::all_finite(points[u])) continue;
      if (detail::compare_dots(points[u], points[best], dir) > 0) best = u;
    }
    if (best == r.index) return r;
    r.index = best;
    ++r.steps;
  }
}

/// Whether vertex `index` has the exact greatest projection among the finite points (hill_climb's
/// check for invalid input). False for index >= n or a non-finite d or point.
template <Float T, std::size_t N>
[[nodiscard]] bool is_global_maximum(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir,
                                     std::size_t index) {
  if (index >= n || !detail::all_finite(dir) || !detail::all_finite(points[index])) return false;
  for (std::size_t k = 0; k < n; ++k)
    if (detail::all_finite(points[k]) && detail::compare_dots(points[k], points[index], dir) > 0)
      return false;
  return true;
}

}  // namespace aabb::optimized
