#pragma once
/// Construction ops in float and double (seed 002): bounds_of_sphere, transform (min–max and
/// centre–radius), extreme_points, hill_climb. Contracts: docs/contracts.md, "Construction and update".
///
/// Boxes are rounded outward by DIRECTED ROUNDING of the exact bound: each lower bound is the
/// largest T <= the exact value, each upper bound the smallest T >= it. So every box is
/// conservative and less than one ulp from the exact box on each bound, and equal to it whenever
/// the exact bound is representable. transform first sums each bound in the wide type with a
/// proved error and rounds from that when the rounding is certain (detail::round_certified);
/// only otherwise does it round the exact sum (exact::Accumulator: integer arithmetic, exact for
/// every finite input). Indices are exact: dot products are compared with a float filter and,
/// when the filter cannot decide, exactly with exact::Accumulator. No function here allocates.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <cstddef>
#include <limits>
#include <span>
#include <utility>

#include "aabb/optimized/box.hpp"
#include "aabb/optimized/float_steps.hpp"
#include "aabb/exact_float/accumulator.hpp"
#include "aabb/exact_float/exact_float.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace aabb::optimized {

namespace detail {

/// The wide type of float's filters (double). Used only for T = float (the helpers below assert
/// it; double's filters are in double-double, and exact::Wide is not defined for double).
template <Float T>
using W = exact::Wide<T>;
/// The exact paths' sums: integer arithmetic, exact for every finite input (accumulator.hpp).
template <Float T>
using Acc = exact::Accumulator<T>;

/// Float's transform filter (proof: docs/contracts.md, "The transform filter"). Each bound is
/// first summed in W = double: x = fl(t + Σ fl(M·v)) and A = fl(|t| + Σ|fl(M·v)|), at most 4
/// terms. The products are exact (48 bits) and neither overflow nor underflow (|products| within
/// [2^-298, 2^256]); the 3 additions give |x - s| <= γ3·A. So the real bound is below 4.01u·A,
/// and err = 8u·A (a power-of-two scaling: exact) is at least (1 + u) times it, which is what
/// the gap tests below need. (Double's filters are sum_dd's, below.)
template <Float T>
[[nodiscard]] W<T> sum_error(W<T> abs_sum) {
  static_assert(std::is_same_v<T, float>, "double's filters run in double-double (sum_dd)");
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
/// sign of d is a coin toss on ordinary input. step_certified is that decision for any f and
/// remainder d = s' - f (round_certified's fl(x - f); round_dd's double-double low part).
template <Float T, bool Up, class V>
[[nodiscard]] bool step_certified(T f, V d, V err, T& out) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  constexpr V scale = V(1) / V(Bits(1) << (std::numeric_limits<T>::digits + 2));
  const bool above = d > err;  // s > f
  const bool below = -d > err;  // s < f
  const bool near = err <= std::min(V(std::fabs(f)), V(std::numeric_limits<T>::max())) * scale;
  // The T after f (Up, s above f) or before it (down, s below f), by the bits: away from zero
  // adds one, toward zero subtracts one; f is not 0 when the test passes (err > 0 then).
  const Bits b = std::bit_cast<Bits>(f);
  const Bits neg = b >> (sizeof(T) * 8 - 1);
  const Bits step = Up ? Bits(above) * (Bits(1) - Bits(2) * neg) : Bits(below) * (Bits(2) * neg - Bits(1));
  out = std::bit_cast<T>(Bits(b + step));
  // err = 0 means s = f + d exactly; with d = 0, s = f (both roundings are f).
  const bool exact = (d == 0) & (err == 0);
  return (above | below | exact) & near;
}

template <Float T, bool Up>
[[nodiscard]] bool round_certified(W<T> x, W<T> err, T& out) {
  static_assert(std::is_same_v<T, float>, "double's filters run in double-double (sum_dd)");
  const T f = static_cast<T>(x);
  return step_certified<T, Up>(f, W<T>(x - W<T>(f)), err, out);
}

/// The T nearest to an exact s with |s - x| <= err / (1 + u), when the gap tests prove s lies
/// strictly between the midpoints around f = fl(x) (no tie, no doubt); false otherwise, and for
/// |f| = max or beyond (the exact path owns the ±max rule). The midpoints are exact in W: the sum
/// of two adjacent T values needs one bit more than T, and halving it cannot underflow in W.
template <Float T>
[[nodiscard]] bool nearest(W<T> x, W<T> err, T& out) {
  static_assert(std::is_same_v<T, float>, "double's filters run in double-double (sum_dd)");
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

/// Whether a·b is zero or in [2^-960, 2^1000], where fma gives its exact error: shapes.hpp's
/// exact paths sum in double when this holds for every product (and in Wide<T> otherwise).
[[nodiscard]] inline bool double_product_ok(double a, double b) {
  const double p = std::fabs(a * b);
  return a == 0 || b == 0 || (p >= 0x1p-960 && p <= 0x1p1000);
}

/// transform's exact path for one bound (row i; `up`: the upper bound): the bound summed exactly
/// and rounded once, outward. Out of line: the filter decides almost always.
template <Float T, std::size_t N>
[[gnu::noinline]] T transform_bound_exact(const Box<T, N>& box, const Matrix<T, N>& m,
                                          const Vec<T, N>& t, std::size_t i, bool up) {
  Acc<T> s;
  s.add(t[i]);
  for (std::size_t j = 0; j < N; ++j) {
    const bool pos = !(m[i][j] < 0);
    s.add_product(m[i][j], pos == up ? box.hi[j] : box.lo[j]);
  }
  return s.round(up ? Acc<T>::Rounding::Up : Acc<T>::Rounding::Down);
}

/// The centre–radius transform's exact path for row i (see transform): the centre correctly
/// rounded (±max beyond T's range), the extent e' + |c' - c_T| rounded up.
template <Float T, std::size_t N>
[[gnu::noinline]] void transform_ce_exact(const CenterExtent<T, N>& box, const Matrix<T, N>& m,
                                          const Vec<T, N>& t, std::size_t i, T& center, T& extent) {
  Acc<T> c;
  c.add(t[i]);
  for (std::size_t j = 0; j < N; ++j) c.add_product(m[i][j], box.center[j]);
  center = c.round(Acc<T>::Rounding::Nearest);
  if (std::isinf(center)) center = std::copysign(std::numeric_limits<T>::max(), center);
  // The rounded centre moved by delta = c - c_T; the extent grows by |delta| so no face moves in.
  Acc<T> delta = c;
  delta.subtract(center);
  Acc<T> e = delta.sign() < 0 ? delta.negated() : delta;
  for (std::size_t j = 0; j < N; ++j) e.add_product(std::fabs(m[i][j]), box.extent[j]);
  extent = e.round(Acc<T>::Rounding::Up);
}

/// Exact comparison of dot(p, d) with dot(q, d) for finite vectors: -1, 0 or +1.
/// Filter, in double for both types (proof: docs/contracts.md, extreme_points): the computed dot
/// products are within γN·Σ|p_k·d_k| (+ N/2 ulps of the least subnormal for double's underflow)
/// of the exact ones (float: the products are exact; double: they round once), so the difference
/// is certain when it exceeds bound = 8u·(Σp + Σq) + 2^-1020, which covers both errors and
/// the rounding of the difference itself. A product that overflows makes the bound inf (or the
/// difference NaN): no test passes. Otherwise the accumulator decides exactly.
template <Float T, std::size_t N>
[[nodiscard]] int compare_dots_exact(const Vec<T, N>& p, const Vec<T, N>& q, const Vec<T, N>& d);

/// dot(p, d) in double as the filters compute it: dot = fl(...fl(a_0 + a_1) + ... + a_(N-1))
/// with a_k = fl(p_k·d_k), and mag = the same sum of the |a_k| (compare_dots, extreme_points).
template <Float T, std::size_t N>
inline void dot_double(const Vec<T, N>& p, const Vec<T, N>& d, double& dot, double& mag) {
  dot = double(p[0]) * double(d[0]);
  mag = std::fabs(dot);
  for (std::size_t k = 1; k < N; ++k) {
    const double a = double(p[k]) * double(d[k]);
    dot += a;
    mag += std::fabs(a);
  }
}

template <Float T, std::size_t N>
[[nodiscard]] int compare_dots(const Vec<T, N>& p, const Vec<T, N>& q, const Vec<T, N>& d) {
  double dp, dq, sp, sq;
  dot_double(p, d, dp, sp);
  dot_double(q, d, dq, sq);
  static_assert(N <= 4, "the bound's factor 8u covers at most 4 terms");
  // 2^-1020 (not a subnormal: arithmetic on those is ~100 times slower on x86) >= 4·2^-1074.
  const double bound = 8 * 0x1p-53 * (sp + sq) + 0x1p-1020;
  const double diff = dp - dq;
  if (diff > bound) return 1;
  if (-diff > bound) return -1;
  return compare_dots_exact(p, q, d);
}

/// compare_dots' exact path (out of line): the sign of dot(p, d) - dot(q, d) by the accumulator.
template <Float T, std::size_t N>
[[gnu::noinline]] int compare_dots_exact(const Vec<T, N>& p, const Vec<T, N>& q, const Vec<T, N>& d) {
  Acc<T> s;
  for (std::size_t k = 0; k < N; ++k) {
    s.add_product(p[k], d[k]);
    s.add_product(T(-q[k]), d[k]);
  }
  return s.sign();
}

/// The exact sign of a + b - s for finite a, b, s.
template <Float T>
[[nodiscard]] int sign_of_sum_minus(T a, T b, T s) {
  Acc<T> e;
  e.add(a);
  e.add(b);
  e.subtract(s);
  return e.sign();
}

template <Float T, std::size_t N>
[[nodiscard]] bool all_finite(const Vec<T, N>& v) {
  for (T x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

}  // namespace detail

namespace detail {

#if defined(__SSE2__)
/// SSE2 by lane type: SseLanes<T>::V is the 16-byte vector of T (a member type: as a template
/// argument its attributes would be dropped), and the overloads below its min, max, comparisons
/// and addition to the bits, so that one function serves float and double lanes
/// (bounds_of_sphere_loose's step, extreme_points' two passes).
template <Float T>
struct SseLanes;
template <>
struct SseLanes<float> {
  using V = __m128;
};
template <>
struct SseLanes<double> {
  using V = __m128d;
};
inline __m128 lane_min(__m128 a, __m128 b) { return _mm_min_ps(a, b); }
inline __m128d lane_min(__m128d a, __m128d b) { return _mm_min_pd(a, b); }
inline __m128 lane_max(__m128 a, __m128 b) { return _mm_max_ps(a, b); }
inline __m128d lane_max(__m128d a, __m128d b) { return _mm_max_pd(a, b); }
inline __m128i lane_greater(__m128 a, __m128 b) { return _mm_castps_si128(_mm_cmpgt_ps(a, b)); }
inline __m128i lane_greater(__m128d a, __m128d b) { return _mm_castpd_si128(_mm_cmpgt_pd(a, b)); }
inline __m128i lane_less(__m128 a, __m128 b) { return _mm_castps_si128(_mm_cmplt_ps(a, b)); }
inline __m128i lane_less(__m128d a, __m128d b) { return _mm_castpd_si128(_mm_cmplt_pd(a, b)); }
inline __m128 lane_add_bits(__m128 a, __m128i b) { return _mm_castsi128_ps(_mm_add_epi32(_mm_castps_si128(a), b)); }
inline __m128d lane_add_bits(__m128d a, __m128i b) { return _mm_castsi128_pd(_mm_add_epi64(_mm_castpd_si128(a), b)); }

/// detail::step_up on every lane (bounds_of_sphere_loose): +1 on the bits of a lane not below 0,
/// -1 on a negative one (the sign by a comparison with 0, or-ed with 1), then max(stepped, s),
/// which returns s where either is NaN: the same bits as the scalar form.
template <Float T>
[[nodiscard]] inline typename SseLanes<T>::V lane_step_up(typename SseLanes<T>::V s) {
  const __m128i one = std::is_same_v<T, float> ? _mm_set1_epi32(1) : _mm_set1_epi64x(1);
  const __m128i step = _mm_or_si128(lane_less(s, typename SseLanes<T>::V{}), one);
  return lane_max(lane_add_bits(s, step), s);
}
#endif

/// bounds_of_sphere's general path (any input): TwoSum per bound, the rare NaN error fixed up
/// exactly, the step by next_up_if / next_down_if. Out of line: bounds_of_sphere runs it only
/// when a coordinate or r is NaN, infinite or at least sphere_limit in magnitude.
template <Float T, std::size_t N>
[[gnu::noinline]] Box<T, N> bounds_of_sphere_general(const Vec<T, N>& center, T radius) {
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

/// bounds_of_sphere's fast path takes inputs of magnitude below this, 2^(emax-2) (2^125 for
/// float, 2^1021 for double): TwoSum's intermediates are then below 5·2^(emax-2) < max, so
/// nothing overflows and TwoSum's error is exact (docs/contracts.md, bounds_of_sphere).
template <Float T>
inline constexpr T sphere_limit = T(std::is_same_v<T, float> ? 0x1p125 : 0x1p1021);

/// The smallest T >= a + b for |a|, |b| < sphere_limit<T>, without a branch: TwoSum's error e,
/// then one step up by the bits when e > 0 (s = fl(a + b) is finite and not 0 then: a sum of two
/// T values that rounds to 0 is 0). A step up is +1 on the bits of a positive s and -1 on a
/// negative one: (m ^ neg) - neg with m = (e > 0) and neg the sign bit spread over the word.
/// The final + 0 makes -0 into +0 (as next_up_if does) and changes nothing else.
template <Float T>
[[nodiscard]] inline T sum_up(T a, T b) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  const T s = a + b;
  const T bb = s - a;
  const T e = (a - (s - bb)) + (b - bb);
  const Bits bits = std::bit_cast<Bits>(s);
  const Bits neg = Bits(0) - (bits >> (sizeof(Bits) * 8 - 1));
  const Bits m = Bits(e > 0);
  return std::bit_cast<T>(Bits(bits + ((m ^ neg) - neg))) + T(0);
}

/// Whether bounds_of_sphere takes its fast path: every |c[i]| and |r| below sphere_limit
/// (false for NaN). One combined test, no branch before it.
template <Float T, std::size_t N>
[[nodiscard]] bool sphere_in_range(const Vec<T, N>& center, T radius) {
  constexpr T lim = sphere_limit<T>;
  bool ok = std::fabs(radius) < lim;
  for (std::size_t i = 0; i < N; ++i) ok &= std::fabs(center[i]) < lim;
  return ok;
}

}  // namespace detail

/// Seed 002's AABB of a bounding sphere: [c - r, c + r] on every axis, each bound rounded
/// outward (lo = largest T <= c - r, hi = smallest T >= c + r): conservative, under 1 ulp per
/// bound, exact when c ± r is representable. Beyond T's range a bound is ±inf (conservative).
/// r = 0 gives the point box [c, c]; -0 is 0. Invalid input answers (no UB): r < 0 gives the
/// inverted box with the same rounding rule; NaN in c[i] or r gives NaN bounds on that axis
/// (all axes for r); c[i] or r infinite gives the IEEE sums c[i] ∓ r (±inf, or NaN for inf - inf).
/// Fast path (every |c[i]| and |r| below detail::sphere_limit, one combined test): hi = the
/// smallest T >= c + r by detail::sum_up, lo = -(the smallest T >= -c + r), no branch. Otherwise
/// detail::bounds_of_sphere_general (the same answers, and the documented ones beyond).
template <Float T, std::size_t N>
[[nodiscard, gnu::always_inline]] inline Box<T, N> bounds_of_sphere(const Vec<T, N>& center, T radius) {
  // All 2N bounds as one loop over lanes {c, -c} padded to whole 16-byte vectors (the pad lanes
  // repeat c[0]); lane N + i gives -lo[i].
  constexpr std::size_t per = 16 / sizeof(T), lanes = (2 * N + per - 1) / per * per;
  std::array<T, lanes> a, u;
  for (std::size_t i = 0; i < lanes; ++i) a[i] = i < N ? center[i] : i < 2 * N ? T(-center[i - N]) : center[0];
#if defined(__SSE2__)
  // SSE2 (every x86-64): sum_up's operations on whole vectors, with the range test folded in
  // (|lane| < sphere_limit, and |r|), and the sign mask by a comparison, since SSE2 has no 64-bit
  // arithmetic shift (s = -0 counts as positive, harmlessly: then e = 0 and nothing steps). The
  // lanes are built in registers: a 16-byte load of smaller stores would stall.
  bool ok;
  if constexpr (std::is_same_v<T, double>) {
    const __m128d r = _mm_set1_pd(radius), zero = _mm_setzero_pd(), sign = _mm_set1_pd(-0.0);
    const __m128d lim = _mm_set1_pd(detail::sphere_limit<T>);
    const __m128i one = _mm_set1_epi64x(1);
    __m128d in = _mm_cmplt_pd(_mm_andnot_pd(sign, r), lim);
    for (std::size_t i = 0; i < lanes; i += 2) {
      const __m128d x = _mm_set_pd(a[i + 1], a[i]);
      in = _mm_and_pd(in, _mm_cmplt_pd(_mm_andnot_pd(sign, x), lim));
      const __m128d sum = _mm_add_pd(x, r);
      const __m128d bb = _mm_sub_pd(sum, x);
      const __m128d err = _mm_add_pd(_mm_sub_pd(x, _mm_sub_pd(sum, bb)), _mm_sub_pd(r, bb));
      const __m128i neg = _mm_castpd_si128(_mm_cmplt_pd(sum, zero));
      const __m128i m = _mm_and_si128(_mm_castpd_si128(_mm_cmpgt_pd(err, zero)), one);
      const __m128i step = _mm_sub_epi64(_mm_xor_si128(m, neg), neg);
      const __m128d up = _mm_castsi128_pd(_mm_add_epi64(_mm_castpd_si128(sum), step));
      _mm_storeu_pd(&u[i], _mm_add_pd(up, zero));
    }
    ok = _mm_movemask_pd(in) == 3;
  } else {
    const __m128 r = _mm_set1_ps(radius), zero = _mm_setzero_ps(), sign = _mm_set1_ps(-0.0f);
    const __m128 lim = _mm_set1_ps(detail::sphere_limit<T>);
    const __m128i one = _mm_set1_epi32(1);
    __m128 in = _mm_cmplt_ps(_mm_andnot_ps(sign, r), lim);
    for (std::size_t i = 0; i < lanes; i += 4) {
      const __m128 x = _mm_set_ps(a[i + 3], a[i + 2], a[i + 1], a[i]);
      in = _mm_and_ps(in, _mm_cmplt_ps(_mm_andnot_ps(sign, x), lim));
      const __m128 sum = _mm_add_ps(x, r);
      const __m128 bb = _mm_sub_ps(sum, x);
      const __m128 err = _mm_add_ps(_mm_sub_ps(x, _mm_sub_ps(sum, bb)), _mm_sub_ps(r, bb));
      const __m128i neg = _mm_castps_si128(_mm_cmplt_ps(sum, zero));
      const __m128i m = _mm_and_si128(_mm_castps_si128(_mm_cmpgt_ps(err, zero)), one);
      const __m128i step = _mm_sub_epi32(_mm_xor_si128(m, neg), neg);
      const __m128 up = _mm_castsi128_ps(_mm_add_epi32(_mm_castps_si128(sum), step));
      _mm_storeu_ps(&u[i], _mm_add_ps(up, zero));
    }
    ok = _mm_movemask_ps(in) == 15;
  }
  // Out of range (or NaN, ±inf): the lanes' values are discarded, nothing above traps.
  if (!ok) [[unlikely]]
    return detail::bounds_of_sphere_general(center, radius);
#else
  if (!detail::sphere_in_range(center, radius)) [[unlikely]]
    return detail::bounds_of_sphere_general(center, radius);
  for (std::size_t i = 0; i < lanes; ++i) u[i] = detail::sum_up(a[i], radius);
#endif
  Box<T, N> b;
  for (std::size_t i = 0; i < N; ++i) b.hi[i] = u[i];
  for (std::size_t i = 0; i < N; ++i) b.lo[i] = -u[N + i];
  return b;
}

/// bounds_of_sphere_loose: the fast variant beside bounds_of_sphere (docs/contracts.md,
/// "bounds_of_sphere_loose"). Each bound is the rounded c ± r moved one step outward, always:
/// hi = next_up(fl(c + r)) and lo = next_down(fl(c - r)), with the ends of the range kept
/// (detail::step_up: +inf, NaN and -0 stay, max steps to +inf, -inf to -max). So for
/// finite input hi >= c + r and lo <= c - r (conservative), and each bound is at most one step
/// beyond bounds_of_sphere's, which is fl(c ± r) or the step beyond it. No error term and no
/// range test: the sum, then the step by the bits.
template <Float T, std::size_t N>
[[nodiscard, gnu::always_inline]] inline Box<T, N> bounds_of_sphere_loose(const Vec<T, N>& center, T radius) {
  Box<T, N> b;
#if defined(__SSE2__)
  // SSE2: the 2N bounds as lanes in the order of the box (lo, then hi), stored straight into it:
  // a lo lane computes r - c (= -(c - r) exactly: rounding to nearest is symmetric), steps it up
  // and negates it back; a hi lane computes c + r and steps it up (detail::lane_step_up, the
  // scalar detail::step_up on whole vectors). The lanes come from 8- and 16-byte loads of c,
  // with as few shuffles as the order allows (the shuffle port decided the speed:
  // bench/optimized_construction.cpp).
  static_assert(sizeof(Box<T, N>) == 2 * N * sizeof(T), "Box is its 2N bounds, lo then hi");
  const T* c = center.data();
  const auto up = [](typename detail::SseLanes<T>::V s) { return detail::lane_step_up<T>(s); };
  if constexpr (std::is_same_v<T, double>) {
    double* out = reinterpret_cast<double*>(&b);
    const __m128d r = _mm_set1_pd(radius);
    const __m128d minus = _mm_set1_pd(-0.0), c01 = _mm_loadu_pd(c);
    _mm_storeu_pd(out, _mm_xor_pd(up(_mm_sub_pd(r, c01)), minus));  // lo0 lo1
    if constexpr (N == 2) {
      _mm_storeu_pd(out + 2, up(_mm_add_pd(c01, r)));  // hi0 hi1
    } else {
      const __m128d c12 = _mm_loadu_pd(c + 1), c20 = _mm_shuffle_pd(c12, c01, 1);
      const __m128d flip = _mm_set_pd(0.0, -0.0);
      _mm_storeu_pd(out + 2, _mm_xor_pd(up(_mm_add_pd(_mm_xor_pd(c20, flip), r)), flip));  // lo2 hi0
      _mm_storeu_pd(out + 4, up(_mm_add_pd(c12, r)));                                       // hi1 hi2
    }
  } else {
    float* out = reinterpret_cast<float*>(&b);
    const __m128 r = _mm_set1_ps(radius);
    const auto pair = [](const float* p) {  // p[0], p[1], 0, 0
      return _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
    };
    const __m128 flip = _mm_set_ps(0.0f, N == 2 ? 0.0f : -0.0f, -0.0f, -0.0f);
    const __m128 c01 = pair(c);
    __m128 lanes;  // c in the box's order: c0 c1 c0 c1 (2D), c0 c1 c2 c0 (3D)
    if constexpr (N == 2) {
      lanes = _mm_movelh_ps(c01, c01);
    } else {
      const __m128 c12 = pair(c + 1), c2c0 = _mm_shuffle_ps(c12, c01, _MM_SHUFFLE(0, 0, 1, 1));
      lanes = _mm_shuffle_ps(c01, c2c0, _MM_SHUFFLE(2, 0, 1, 0));
      _mm_storel_pi(reinterpret_cast<__m64*>(out + 4), up(_mm_add_ps(c12, r)));  // hi1 hi2
    }
    _mm_storeu_ps(out, _mm_xor_ps(up(_mm_add_ps(_mm_xor_ps(lanes, flip), r)), flip));
  }
#else
  for (std::size_t i = 0; i < N; ++i) b.hi[i] = detail::step_up(T(center[i] + radius));
  for (std::size_t i = 0; i < N; ++i) b.lo[i] = -detail::step_up(T(radius - center[i]));
#endif
  return b;
}

namespace detail {

/// A bound of double's transform in double-double (proof: docs/contracts.md, "The transform
/// filter", double): s = t + Σj m[j]·v[j] is held as hi + lo (TwoSum: hi = fl(hi + lo)) with
/// |s - (hi + lo)| <= err. TwoProduct (product_dd) and TwoSum make every product and sum exact
/// but for the sum of their error terms, which rounds (at most 8u times their magnitudes, no
/// underflow error in additions) and for products below 2^-900, whose error term may underflow
/// (flagged, 2^-1020 each, like the rounding of a tiny err). err is 0
/// only when every error term is: then s = hi exactly. Overflow anywhere gives inf or NaN.
struct DoubleDouble {
  double hi, lo, err;
};

/// a·b = hi + lo exactly for doubles with |a|, |b| <= 2^995 and |a·b| >= 2^-900 (or a product
/// with a zero factor). Where the target has a fast fma (FP_FAST_FMA: aarch64, x86 with -mfma)
/// by std::fma, exact by definition. Otherwise by Dekker's product with Veltkamp's split at 27
/// bits (2^27 + 1): std::fma would be a library call there (the call and its register spills
/// cost more than the 17 operations), and a target without fma cannot contract them either.
/// Outside the range the split overflows (NaN, failing every test of the caller) or a partial
/// product underflows (error at most 4·2^-1075: sum_dd flags such products).
[[nodiscard]] inline exact::Pair<double> product_dd(double a, double b) {
#ifdef FP_FAST_FMA
  return exact::two_prod(a, b);
#else
  constexpr double split = 134217729.0;  // 2^27 + 1
  const double p = a * b;
  const double ta = split * a, tb = split * b;
  const double ah = ta - (ta - a), al = a - ah;
  const double bh = tb - (tb - b), bl = b - bh;
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
#endif
}

template <std::size_t N>
[[nodiscard]] inline DoubleDouble sum_dd(double t, const std::array<double, N>& m, const std::array<double, N>& v) {
  double h = t, l = 0, mag = 0, flagged = 0;
  for (std::size_t j = 0; j < N; ++j) {
    const exact::Pair<double> p = product_dd(m[j], v[j]);
    const exact::Pair<double> s = exact::two_sum(h, p.hi);
    h = s.hi;
    l += s.lo + p.lo;
    mag += std::fabs(s.lo) + std::fabs(p.lo);
    flagged += double((m[j] != 0) & (v[j] != 0) & (std::fabs(p.hi) < 0x1p-900));
  }
  const exact::Pair<double> r = exact::two_sum(h, l);
  // 2^-1020 per flag, not a subnormal constant: a subnormal product costs ~100 times more on x86.
  return {r.hi, r.lo, 0x1p-50 * mag + 0x1p-1020 * (flagged + double(mag != 0))};
}

/// The directed rounding (toward +inf: `Up`) of s given as sum_dd's hi + lo within err, when it is
/// certain: hi is then s's nearest double or next to it (as round_certified, with lo for d).
template <bool Up>
[[nodiscard]] inline bool round_dd(const DoubleDouble& x, double& out) {
  return step_certified<double, Up>(x.hi, x.lo, x.err, out);
}

/// One bound of transform by the filter of T: `up` picks the upper bound (the corner by M's sign
/// rule, so inverted axes too). False when in doubt or when an input is not finite.
template <Float T, std::size_t N>
[[nodiscard]] bool transform_bound_filter(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                                          std::size_t i, bool up, T& out) {
  if constexpr (std::is_same_v<T, double>) {
    std::array<double, N> v;
    for (std::size_t j = 0; j < N; ++j) v[j] = (!(m[i][j] < 0)) == up ? box.hi[j] : box.lo[j];
    const DoubleDouble x = sum_dd(t[i], m[i], v);
    return up ? round_dd<true>(x, out) : round_dd<false>(x, out);
  } else {
    using Wt = W<T>;
    // The sum by TwoSum (this is the row-by-row path, not the hot one): when no addition
    // rounds, x is s exactly (err = 0), which certifies a representable bound, the case the
    // one-test filter cannot (small integers: the edge-heavy input).
    Wt x = Wt(t[i]), a = std::fabs(x);
    bool rounded = false;
    for (std::size_t j = 0; j < N; ++j) {
      const Wt p = Wt(m[i][j]) * Wt((!(m[i][j] < 0)) == up ? box.hi[j] : box.lo[j]);
      const exact::Pair<Wt> sum = exact::two_sum(x, p);
      x = sum.hi;
      rounded |= sum.lo != 0;
      a += std::fabs(p);
    }
    const Wt err = rounded ? sum_error<T>(a) : Wt(0);
    return up ? round_certified<T, true>(x, err, out) : round_certified<T, false>(x, err, out);
  }
}

/// transform's filter for the whole box, with no branch until its one test (proof:
/// docs/contracts.md, "The transform filter"). Float: each bound summed in W (double),
/// x = fl(t + Σ fl(M·v)), with one A = fl(|t| + Σ(|p| + |q|)) per row (>= the A of either
/// bound), rounded by round_certified. A is NaN or ±inf exactly when an input of the row is (a
/// product of a finite value and ±inf or NaN is one of those, 0·inf is NaN, and no sum of
/// finite products overflows W), and then no test passes. Double: each bound by sum_dd and
/// round_dd. False when any bound is in doubt, any input is not finite or (float) an axis is
/// inverted: the caller then runs transform_rows, which decides every bound again.
template <Float T, std::size_t N>
[[nodiscard]] bool transform_filter(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                                    Box<T, N>& r) {
  bool ok = true;
  if constexpr (std::is_same_v<T, double>) {
    for (std::size_t i = 0; i < N; ++i) {
      ok &= transform_bound_filter(box, m, t, i, false, r.lo[i]);
      ok &= transform_bound_filter(box, m, t, i, true, r.hi[i]);
    }
    return ok;
  } else {
    using Wt = W<T>;
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
}

/// transform row by row: a row with a non-finite input gets the naive IEEE sum; otherwise each
/// bound goes through transform_bound_filter, or the exact path when that is in doubt.
template <Float T, std::size_t N>
[[nodiscard]] Box<T, N> transform_rows(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) {
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
    if (!transform_bound_filter(box, m, t, i, false, r.lo[i])) r.lo[i] = transform_bound_exact(box, m, t, i, false);
    if (!transform_bound_filter(box, m, t, i, true, r.hi[i])) r.hi[i] = transform_bound_exact(box, m, t, i, true);
  }
  return r;
}

/// The centre–radius filter for row i (see transform): centre and extent summed in W with
/// proved errors (ec, ee). When the centre rounds to f beyond doubt, |c' - f| is within ec of
/// D = |xc - f| (triangle inequality), so the extent's value e' + |c' - f| is within
/// ee/2 + ec/2 + 1.01u·(D + |xv|) of xv = fl(xe + D); ev is more than (1 + u) times that. A
/// non-finite input makes ac or ae NaN or ±inf (as in transform_filter), and no test passes.
/// Double: both sums by sum_dd (C + rc within errc of c', E + re within erre of e'). The
/// centre is C when c' lies strictly between the midpoints around C (gap tests with errc; C
/// normal and below max, so the half spacings are exact), or when c' = C exactly. Then
/// |c' - C| = |rc| within errc, and V = e' + |c' - C| is VH + vr = E + fl(re + |rc|) (TwoSum)
/// within erre + errc + u·(|re| + |rc|) < errv; round_dd rounds it up.
/// Float: `Exact` sums by TwoSum (the second try, after the plain sums were in doubt).
template <Float T, std::size_t N, bool Exact = false>
[[nodiscard]] bool transform_ce_row_filter(const CenterExtent<T, N>& box, const Matrix<T, N>& m,
                                           const Vec<T, N>& t, std::size_t i, T& center, T& extent) {
  if constexpr (std::is_same_v<T, double>) {
    std::array<double, N> am;
    for (std::size_t j = 0; j < N; ++j) am[j] = std::fabs(m[i][j]);
    const DoubleDouble c = sum_dd(t[i], m[i], box.center);
    const DoubleDouble e = sum_dd(0.0, am, box.extent);
    const double ac = std::fabs(c.hi);
    const bool exact = (c.lo == 0) & (c.err == 0) & (ac <= std::numeric_limits<double>::max());
    const bool normal = (ac >= 0x1p-1020) & (ac < std::numeric_limits<double>::max());
    // The half spacings above and below C (exact for a normal C below max).
    const double half_up = (next_up(c.hi) - c.hi) / 2, half_down = (c.hi - next_down(c.hi)) / 2;
    const bool inside = normal & (half_up - c.lo > c.err) & (half_down + c.lo > c.err);
    center = c.hi;
    const exact::Pair<double> v = exact::two_sum(e.hi, e.lo + std::fabs(c.lo));
    const double errv = e.err + c.err + 0x1p-50 * (std::fabs(e.lo) + std::fabs(c.lo));
    return (exact | inside) & round_dd<true>({v.hi, v.lo, errv}, extent);
  } else {
  // With Exact, sums by TwoSum: a sum none of whose additions rounded is exact (error 0), which
  // certifies representable centres and extents (the edge-heavy input) as well.
  using Wt = W<T>;
  Wt xc = Wt(t[i]), ac = std::fabs(xc), xe = 0, ae = 0;
  bool rc = false, re = false;
  for (std::size_t j = 0; j < N; ++j) {
    const Wt pc = Wt(m[i][j]) * Wt(box.center[j]);
    const Wt pe = Wt(std::fabs(m[i][j])) * Wt(box.extent[j]);
    if constexpr (Exact) {
      const exact::Pair<Wt> sc = exact::two_sum(xc, pc), se = exact::two_sum(xe, pe);
      xc = sc.hi;
      xe = se.hi;
      rc |= sc.lo != 0;
      re |= se.lo != 0;
    } else {
      xc += pc;
      xe += pe;
      rc = re = true;
    }
    ac += std::fabs(pc);
    ae += std::fabs(pe);
  }
  const Wt ec = rc ? sum_error<T>(ac) : Wt(0), ee = re ? sum_error<T>(ae) : Wt(0);
  if (!nearest<T>(xc, ec, center)) return false;
  const Wt d = std::fabs(xc - Wt(center));
  const Wt xv = xe + d;
  // With both sums exact and the centre exact (d = 0), xv = xe is the extent's value exactly.
  const bool all_exact = (ec == 0) & (ee == 0) & (d == 0);
  const Wt ev = all_exact ? Wt(0) : ee + ec + 4 * (std::numeric_limits<Wt>::epsilon() / 2) * (d + std::fabs(xv));
  return round_certified<T, true>(xv, ev, extent);
  }
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
    if constexpr (std::is_same_v<T, float>)
      if (detail::transform_ce_row_filter<T, N, true>(box, m, t, i, r.center[i], r.extent[i])) continue;
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

namespace detail {

/// transform_conservative's constants for T (u = 2^-p: 2^-53 for double, 2^-24 for float): the
/// error allowance 8u·a + tiny (a power-of-two scaling, exact, plus a normal T above every
/// underflow error, never a subnormal: those are ~100 times slower on x86), and the limit on a
/// below which no sum overflows.
template <Float T>
struct Loose {
  static constexpr T k = std::numeric_limits<T>::epsilon() * 4;  // 8u
  static constexpr T tiny = std::numeric_limits<T>::min() * 4;  // 2^-1020, 2^-124
  static constexpr T limit = std::numeric_limits<T>::max() / 256;  // < 2^1016, 2^120
};

/// transform_conservative's bounds, one row at a time, in T's own arithmetic (proof: docs/contracts.md,
/// "transform_conservative"). Per row, x = fl(t + Σ fl(M·v)) with the sign rule's corner v, and
/// a = fl(abs(t) + Σ(abs(fl(M·lo)) + abs(fl(M·hi)))); then fl(x ∓ (8u·a + tiny)) lies on the outer
/// side of the exact bound and within 2^-(p-4)·A + 2·tiny of it. False (the caller answers with
/// transform) when an axis is inverted or a >= limit: a is NaN or ±inf whenever an input of the
/// row is, and below the limit nothing overflows.
template <Float T, std::size_t N>
[[nodiscard]] bool transform_loose_rows(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r) {
  bool ok = true;
  for (std::size_t j = 0; j < N; ++j) ok &= box.lo[j] <= box.hi[j];
  for (std::size_t i = 0; i < N; ++i) {
    T xl = t[i], xh = xl, a = std::fabs(xl);
    for (std::size_t j = 0; j < N; ++j) {
      // On a valid axis the sign rule's corner (lo[j] where M[i][j] >= 0) gives the lesser product.
      const T p = m[i][j] * box.lo[j], q = m[i][j] * box.hi[j];
      xl += std::min(p, q);
      xh += std::max(p, q);
      a += std::fabs(p) + std::fabs(q);
    }
    ok &= a < Loose<T>::limit;
    const T err = Loose<T>::k * a + Loose<T>::tiny;  // as transform_loose_lanes
    r.lo[i] = xl - err;
    r.hi[i] = xh + err;
  }
  return ok;
}

/// The centre–radius form (proof: docs/contracts.md, "transform_conservative"): the centre is
/// xc = fl(t + Σ fl(M·c)); the extent fl(xe + (8u·fl(ac + xe) + tiny)), with xe = fl(Σ fl(abs(M)·e))
/// and ac the centre sum's magnitude: at least e' + abs(c' - xc), and within
/// 2^-(p-4)·(A_c + e') + 2·tiny of it. False when an extent is negative or ac + xe >= limit (a
/// non-finite input, or sums near T's range).
template <Float T, std::size_t N>
[[nodiscard]] bool transform_ce_loose_rows(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                                      CenterExtent<T, N>& r) {
  bool ok = true;
  for (std::size_t j = 0; j < N; ++j) ok &= box.extent[j] >= 0;
  for (std::size_t i = 0; i < N; ++i) {
    T xc = t[i], ac = std::fabs(xc), xe = 0;
    for (std::size_t j = 0; j < N; ++j) {
      const T pc = m[i][j] * box.center[j];
      xc += pc;
      ac += std::fabs(pc);
      xe += std::fabs(m[i][j]) * box.extent[j];
    }
    const T mag = ac + xe;  // the extents are >= 0 when ok: xe is its own magnitude
    ok &= mag < Loose<T>::limit;
    r.center[i] = xc;
    r.extent[i] = xe + (Loose<T>::k * mag + Loose<T>::tiny);
  }
  return ok;
}

#if defined(__GNUC__)
/// 16-byte vectors of T (GCC's and Clang's vector extensions: SSE2 on x86-64, NEON on AArch64),
/// and the integer vectors that clear the sign bit.
template <Float T>
struct Lanes;
template <>
struct Lanes<float> {
  typedef float V __attribute__((vector_size(16)));
  typedef std::int32_t Bits __attribute__((vector_size(16)));
  static constexpr std::int32_t magnitude = 0x7fffffff;
};
template <>
struct Lanes<double> {
  typedef double V __attribute__((vector_size(16)));
  typedef std::int64_t Bits __attribute__((vector_size(16)));
  static constexpr std::int64_t magnitude = 0x7fffffffffffffff;
};
template <Float T>
[[nodiscard]] inline typename Lanes<T>::V lanes_abs(typename Lanes<T>::V x) {
  using L = Lanes<T>;
  return (typename L::V)((typename L::Bits)x & (typename L::Bits{} + L::magnitude));
}

/// The lanes of row block I0 (rows I0 .. I0 + L - 1 below N) of an L-lane vector: `f(l, i)` for
/// each lane l and row i = I0 + l, unrolled at compile time (no loop for the vectors to be
/// spilled across).
template <std::size_t N, std::size_t L, std::size_t I0, class F>
inline void for_lanes(F&& f) {
  [&]<std::size_t... l>(std::index_sequence<l...>) {
    ((I0 + l < N ? f(l, I0 + l) : void()), ...);
  }(std::make_index_sequence<L>{});
}

/// Row blocks 0, L, 2L, ... below N: `f(std::integral_constant<std::size_t, I0>{})` for each.
template <std::size_t N, std::size_t L, class F>
inline void for_blocks(F&& f) {
  [&]<std::size_t... b>(std::index_sequence<b...>) {
    (f(std::integral_constant<std::size_t, b * L>{}), ...);
  }(std::make_index_sequence<(N + L - 1) / L>{});
}

/// transform_loose_rows with L = 16/sizeof(T) rows at a time, one row per lane (column j of M
/// gathered across the lanes): lane for lane the same operations in the same order, so the same
/// bits (the property "transform_conservative: the lane form is the row form bit for bit").
/// Unused lanes hold zeros and are never read back.
template <Float T, std::size_t N>
[[nodiscard]] inline bool transform_loose_lanes(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                                         Box<T, N>& r) {
  using V = typename Lanes<T>::V;
  constexpr std::size_t L = 16 / sizeof(T);
  bool ok = true;
  for (std::size_t j = 0; j < N; ++j) ok &= box.lo[j] <= box.hi[j];
  for_blocks<N, L>([&](auto block) {
    constexpr std::size_t I0 = decltype(block)::value;
    V tl{};
    for_lanes<N, L, I0>([&](std::size_t l, std::size_t i) { tl[l] = t[i]; });
    V xl = tl, xh = tl, a = lanes_abs<T>(tl);
    for (std::size_t j = 0; j < N; ++j) {
      V mj{};
      for_lanes<N, L, I0>([&](std::size_t l, std::size_t i) { mj[l] = m[i][j]; });
      const V p = mj * box.lo[j], q = mj * box.hi[j];
      xl += q < p ? q : p;  // std::min(p, q), lane by lane
      xh += p < q ? q : p;  // std::max(p, q)
      a += lanes_abs<T>(p) + lanes_abs<T>(q);
    }
    const V err = Loose<T>::k * a + Loose<T>::tiny;
    const V lo = xl - err, hi = xh + err;
    for_lanes<N, L, I0>([&](std::size_t l, std::size_t i) {
      ok &= a[l] < Loose<T>::limit;
      r.lo[i] = lo[l];
      r.hi[i] = hi[l];
    });
  });
  return ok;
}

/// transform_ce_loose_rows, L rows at a time as transform_loose_lanes: the same bits.
template <Float T, std::size_t N>
[[nodiscard]] inline bool transform_ce_loose_lanes(const CenterExtent<T, N>& box, const Matrix<T, N>& m,
                                            const Vec<T, N>& t, CenterExtent<T, N>& r) {
  using V = typename Lanes<T>::V;
  constexpr std::size_t L = 16 / sizeof(T);
  bool ok = true;
  for (std::size_t j = 0; j < N; ++j) ok &= box.extent[j] >= 0;
  for_blocks<N, L>([&](auto block) {
    constexpr std::size_t I0 = decltype(block)::value;
    V xc{};
    for_lanes<N, L, I0>([&](std::size_t l, std::size_t i) { xc[l] = t[i]; });
    V ac = lanes_abs<T>(xc), xe{};
    for (std::size_t j = 0; j < N; ++j) {
      V mj{};
      for_lanes<N, L, I0>([&](std::size_t l, std::size_t i) { mj[l] = m[i][j]; });
      const V pc = mj * box.center[j];
      xc += pc;
      ac += lanes_abs<T>(pc);
      xe += lanes_abs<T>(mj) * box.extent[j];
    }
    const V mag = ac + xe;
    const V e = xe + (Loose<T>::k * mag + Loose<T>::tiny);
    for_lanes<N, L, I0>([&](std::size_t l, std::size_t i) {
      ok &= mag[l] < Loose<T>::limit;
      r.center[i] = xc[l];
      r.extent[i] = e[l];
    });
  });
  return ok;
}
#endif

/// transform_conservative's bounds: the lane form where the compiler has vector extensions (GCC,
/// Clang), else the row form; the same bits either way.
template <Float T, std::size_t N>
[[nodiscard]] bool transform_loose(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r) {
#if defined(__GNUC__)
  return transform_loose_lanes(box, m, t, r);
#else
  return transform_loose_rows(box, m, t, r);
#endif
}

template <Float T, std::size_t N>
[[nodiscard]] bool transform_ce_loose(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t,
                                      CenterExtent<T, N>& r) {
#if defined(__GNUC__)
  return transform_ce_loose_lanes(box, m, t, r);
#else
  return transform_ce_loose_rows(box, m, t, r);
#endif
}

}  // namespace detail

/// transform beside its tight contract, for speed (docs/performance.md's transform rows):
/// CONSERVATIVE, each bound within δ = 2^-(p-4)·A + 2^(e+1) of the exact bound s, with
/// A = abs(t[i]) + Σj abs(M[i][j])·(abs(lo[j]) + abs(hi[j])) and (p, e) = (53, -1020) for double
/// (δ = 2^-49·A + 2^-1019), (24, -124) for float (δ = 2^-20·A + 2^-123): lo in [s - δ, s],
/// hi in [s, s + δ]. The box contains transform's; where a row does not cancel (A near abs(s))
/// that is 8–16 ulps at most, where it cancels it may be many more (the bound's rounding errors
/// are those of the naive formula, padded). Outside the domain (a non-finite entry, an inverted
/// axis) and for a row whose magnitude reaches max/256 the answer is transform's (so a bound
/// beyond T's range is ±inf).
template <Float T, std::size_t N>
[[nodiscard]] Box<T, N> transform_conservative(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) {
  Box<T, N> r;
  if (detail::transform_loose(box, m, t, r)) [[likely]]
    return r;
  return transform(box, m, t);
}

/// The centre–radius form: CONSERVATIVE ([c_T - e_T, c_T + e_T] contains the exact box); the
/// centre within 2^-(p-4)·A_c + 2^(e+1) of the exact c', A_c = abs(t[i]) + Σj abs(M[i][j]·c[j]);
/// the extent in [e' + abs(c' - c_T), e' + abs(c' - c_T) + 2^-(p-4)·(A_c + e') + 2^(e+1)] (p, e as
/// above). Outside the domain (a non-finite entry, a negative extent) and for sums near T's
/// range the answer is transform's (a centre beyond the range is ±max, the extent covering it).
template <Float T, std::size_t N>
[[nodiscard]] CenterExtent<T, N> transform_conservative(const CenterExtent<T, N>& box, const Matrix<T, N>& m,
                                                        const Vec<T, N>& t) {
  CenterExtent<T, N> r;
  if (detail::transform_ce_loose(box, m, t, r)) [[likely]]
    return r;
  return transform(box, m, t);
}

/// `extreme_points`: lowest indices of the least and the greatest dot(P[i], d).
struct Extremes {
  std::size_t i_min = 0;
  std::size_t i_max = 0;
  friend bool operator==(const Extremes&, const Extremes&) = default;
};

namespace detail {

/// dot(p, d) in double, and whether that is the exact value (then comparing two such values
/// compares the exact dot products). Float: each product is exact in double (48 bits, no
/// overflow or underflow); double: product_dd's error term, exact where |p_k|, |d_k| <= 2^995
/// and |p_k·d_k| >= 2^-900 (or a factor is 0), is 0. Each sum by TwoSum with error 0 (an
/// overflow makes the error NaN, which is not 0). extreme_points' tie breaker (exact ties of
/// small integers, the edge-heavy input) ahead of compare_dots.
template <Float T, std::size_t N>
[[nodiscard]] bool dot_if_exact(const Vec<T, N>& p, const Vec<T, N>& d, double& dot) {
  bool exact = true;
  double x = 0;
  for (std::size_t k = 0; k < N; ++k) {
    double a;
    if constexpr (std::is_same_v<T, float>) {
      a = double(p[k]) * double(d[k]);
    } else {
      const double ap = std::fabs(p[k]), ad = std::fabs(d[k]);
      const exact::Pair<double> pr = product_dd(p[k], d[k]);
      const bool zero = (ap == 0) | (ad == 0);
      exact &= zero | ((ap <= 0x1p995) & (ad <= 0x1p995) & (std::fabs(pr.hi) >= 0x1p-900) & (pr.lo == 0));
      a = zero ? 0.0 : pr.hi;
    }
    const exact::Pair<double> sum = exact::two_sum(x, a);
    x = sum.hi;
    exact &= sum.lo == 0;
  }
  dot = x;
  return exact;
}

#if defined(__SSE2__)
/// extreme_points' state per lane (proof: docs/contracts.md, extreme_points): the greatest and
/// the least dot with the first index reaching them (updated on a strict improvement only, by
/// masks), and the second greatest and least (the loser of each update). `take` is the scalar
/// loop's step on every lane at once: the same comparisons in the same order.
template <Float T>
struct LaneExtremes {
  using V = typename SseLanes<T>::V;  // a member type: as a template argument its attributes would be dropped
  V hi, hi2, lo, lo2;
  __m128i ihi = _mm_setzero_si128(), ilo = _mm_setzero_si128();
  void take(V x, __m128i index) {
    const __m128i up = lane_greater(x, hi), down = lane_less(x, lo);
    hi2 = lane_max(hi2, lane_min(x, hi));
    lo2 = lane_min(lo2, lane_max(x, lo));
    ihi = _mm_or_si128(_mm_and_si128(up, index), _mm_andnot_si128(up, ihi));
    ilo = _mm_or_si128(_mm_and_si128(down, index), _mm_andnot_si128(down, ilo));
    hi = lane_max(hi, x);
    lo = lane_min(lo, x);
  }
};
#endif

/// extreme_points' one pass (proof: docs/contracts.md, extreme_points): every point's dot and
/// mag once (dot_double), the least and greatest dot with the first index reaching them (the
/// plain comparisons of the naive loop), the second least and second greatest (the least and
/// greatest over the other points), and the greatest mag. True, with r set, when the gaps
/// fl(hi - hi2) and fl(lo2 - lo) exceed e = 2^-49·mag_max + 2^-1020, which is at least
/// compare_dots' bound for any pair: then the greatest (least) dot's point is exactly above
/// (below) every other point. False when in doubt, when a point is not finite or a product
/// overflowed (check is NaN then; `clean` false), or n == 0 (`clean` false). dir must be finite.
template <Float T, std::size_t N>
[[nodiscard]] bool extreme_points_filter(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir,
                                         Extremes& r, double& lo_out, double& hi_out, double& e, bool& clean) {
  // Locals, not the out-parameters, in the loop: those may alias and would go through memory.
  constexpr double inf = std::numeric_limits<double>::infinity();
  double lo = inf, hi = -inf, lo2 = inf, hi2 = -inf, mag_max = 0, check = 0;
  std::size_t i_lo = 0, i_hi = 0;
  std::size_t k = 0;
#if defined(__SSE2__)
  // Two points per step in SSE2 (every x86-64): lane 0 the even indices, lane 1 the odd ones,
  // each lane the scalar loop below on its own points (the same values: packed double
  // arithmetic rounds as scalar). Then the lanes merge (proof: docs/contracts.md,
  // extreme_points), and an odd last point takes the scalar loop.
  if (n >= 2) {
    __m128d d[N];
    for (std::size_t j = 0; j < N; ++j) d[j] = _mm_set1_pd(double(dir[j]));
    const __m128d sign = _mm_set1_pd(-0.0), zero = _mm_setzero_pd();
    LaneExtremes<double> v{_mm_set1_pd(-inf), _mm_set1_pd(-inf), _mm_set1_pd(inf), _mm_set1_pd(inf)};
    __m128d vmag = zero, vcheck = zero;
    __m128i kk = _mm_set_epi64x(1, 0);
    const __m128i two = _mm_set_epi64x(2, 2);
    for (; k + 1 < n; k += 2) {
      __m128d x = _mm_mul_pd(_mm_set_pd(double(points[k + 1][0]), double(points[k][0])), d[0]);
      __m128d mag = _mm_andnot_pd(sign, x);
      for (std::size_t j = 1; j < N; ++j) {
        const __m128d a = _mm_mul_pd(_mm_set_pd(double(points[k + 1][j]), double(points[k][j])), d[j]);
        x = _mm_add_pd(x, a);
        mag = _mm_add_pd(mag, _mm_andnot_pd(sign, a));
      }
      vcheck = _mm_add_pd(vcheck, _mm_mul_pd(mag, zero));
      vmag = _mm_max_pd(vmag, mag);
      v.take(x, kk);
      kk = _mm_add_epi64(kk, two);
    }
    double h[2], h2[2], l[2], l2[2], m[2], c[2];
    std::uint64_t ih[2], il[2];
    _mm_storeu_pd(h, v.hi), _mm_storeu_pd(h2, v.hi2), _mm_storeu_pd(l, v.lo), _mm_storeu_pd(l2, v.lo2);
    _mm_storeu_pd(m, vmag), _mm_storeu_pd(c, vcheck);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(ih), v.ihi);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(il), v.ilo);
    check = c[0] + c[1];
    mag_max = std::max(m[0], m[1]);
    // The greater lane's extreme; on equal extremes the gap below is 0 (doubt) either way.
    hi = std::max(h[0], h[1]);
    hi2 = std::max(std::max(h2[0], h2[1]), std::min(h[0], h[1]));
    i_hi = std::size_t(h[1] > h[0] ? ih[1] : ih[0]);
    lo = std::min(l[0], l[1]);
    lo2 = std::min(std::min(l2[0], l2[1]), std::max(l[0], l[1]));
    i_lo = std::size_t(l[1] < l[0] ? il[1] : il[0]);
  }
#endif
  for (; k < n; ++k) {
    double x, mag;
    dot_double(points[k], dir, x, mag);
    check += mag * 0;  // NaN once a mag is inf or NaN: a coordinate not finite, or an overflow
    mag_max = mag > mag_max ? mag : mag_max;
    hi2 = std::max(hi2, std::min(x, hi));
    lo2 = std::min(lo2, std::max(x, lo));
    // Index updates by masks, not branches: a new extreme is a coin flip early in the pass.
    const std::size_t up = std::size_t(0) - std::size_t(x > hi), down = std::size_t(0) - std::size_t(x < lo);
    i_hi = (k & up) | (i_hi & ~up);
    i_lo = (k & down) | (i_lo & ~down);
    hi = std::max(hi, x);
    lo = std::min(lo, x);
  }
  e = 0x1p-49 * mag_max + 0x1p-1020;
  r = {i_lo, i_hi};
  lo_out = lo;
  hi_out = hi;
  clean = (n != 0) & (check == 0);
  return clean & (hi - hi2 > e) & (lo2 - lo > e);
}

#if defined(__SSE2__)
/// extreme_points' float pass (T = float where SSE2 is, every x86-64; proof: docs/contracts.md,
/// extreme_points, "The float pass"): extreme_points_filter's one pass with the dots in float,
/// four points per step. Per point F = fl(fl(a_0 + a_1) + a_2), a_k = fl(p_k·d_k), and the
/// magnitude S = the same sum of the |a_k|, all in float; the least and greatest F with the first
/// index reaching them and the second least and greatest, per lane, merged after the loop; the
/// greatest S, and the sum of every S, which is finite only when every coordinate is finite and
/// no product or magnitude overflowed. True, with r set, when that sum is finite and the gaps
/// fl(hi - hi2) and fl(lo2 - lo) exceed e = fl(fl(2^-20·S_max) + 2^-126): then the greatest (least)
/// F's point is exactly above (below) every other point. False otherwise (doubt, input it does
/// not take, n = 0 or n >= 2^31, whose indices do not fit its 32-bit lanes): then the double pass
/// answers from the start. The points are read as 16-byte pieces, 4 points = N of them, and put
/// in lanes with shuffles (5 for 3D, 2 for 2D).
template <std::size_t N>
[[nodiscard]] bool extreme_points_float(const Vec<float, N>* points, std::size_t n, const Vec<float, N>& dir,
                                        Extremes& r) {
  static_assert(sizeof(Vec<float, N>) == N * sizeof(float), "points are packed floats");
  if (n == 0 || n >= (std::size_t(1) << 31)) return false;
  constexpr float inf = std::numeric_limits<float>::infinity();
  float hi = -inf, hi2 = -inf, lo = inf, lo2 = inf, mag_max = 0, total = 0;
  std::size_t i_hi = 0, i_lo = 0;
  const std::size_t whole = n & ~std::size_t(3);  // the points of whole 4-point steps
  // One point's (or one lane's) step: its F value x with index i, after `others`, the second
  // greatest (least) F of the points it stands for (-inf (inf) for a single point).
  const auto take = [&](float x_hi, float others_hi, std::size_t ih, float x_lo, float others_lo, std::size_t il) {
    hi2 = std::max(std::max(hi2, others_hi), std::min(x_hi, hi));
    lo2 = std::min(std::min(lo2, others_lo), std::max(x_lo, lo));
    if (x_hi > hi) hi = x_hi, i_hi = ih;
    if (x_lo < lo) lo = x_lo, i_lo = il;
  };
  if (whole != 0) {
    __m128 d[N];
    for (std::size_t j = 0; j < N; ++j) d[j] = _mm_set1_ps(dir[j]);
    const __m128 sign = _mm_set1_ps(-0.0f);
    LaneExtremes<float> v{_mm_set1_ps(-inf), _mm_set1_ps(-inf), _mm_set1_ps(inf), _mm_set1_ps(inf)};
    __m128 vmag = _mm_setzero_ps(), vtotal = vmag;
    __m128i kk = _mm_set_epi32(3, 2, 1, 0);
    const __m128i four = _mm_set1_epi32(4);
    for (std::size_t k = 0; k < whole; k += 4) {
      const float* p = reinterpret_cast<const float*>(points + k);
      __m128 x[N];
      if constexpr (N == 3) {
        // a = x0 y0 z0 x1, b = y1 z1 x2 y2, c = z2 x3 y3 z3.
        const __m128 a = _mm_loadu_ps(p), b = _mm_loadu_ps(p + 4), c = _mm_loadu_ps(p + 8);
        const __m128 yz = _mm_shuffle_ps(a, b, _MM_SHUFFLE(1, 0, 2, 1));   // y0 z0 y1 z1
        const __m128 xy = _mm_shuffle_ps(b, c, _MM_SHUFFLE(2, 1, 3, 2));   // x2 y2 x3 y3
        x[0] = _mm_shuffle_ps(a, xy, _MM_SHUFFLE(2, 0, 3, 0));             // x0 x1 x2 x3
        x[1] = _mm_shuffle_ps(yz, xy, _MM_SHUFFLE(3, 1, 2, 0));            // y0 y1 y2 y3
        x[2] = _mm_shuffle_ps(yz, c, _MM_SHUFFLE(3, 0, 3, 1));             // z0 z1 z2 z3
      } else {
        const __m128 a = _mm_loadu_ps(p), b = _mm_loadu_ps(p + 4);        // x0 y0 x1 y1, x2 y2 x3 y3
        x[0] = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
        x[1] = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
      }
      __m128 f = _mm_mul_ps(x[0], d[0]);
      __m128 mag = _mm_andnot_ps(sign, f);
      for (std::size_t j = 1; j < N; ++j) {
        const __m128 a = _mm_mul_ps(x[j], d[j]);
        f = _mm_add_ps(f, a);
        mag = _mm_add_ps(mag, _mm_andnot_ps(sign, a));
      }
      vtotal = _mm_add_ps(vtotal, mag);
      vmag = _mm_max_ps(vmag, mag);
      v.take(f, kk);
      kk = _mm_add_epi32(kk, four);
    }
    alignas(16) float h[4], h2[4], l[4], l2[4], m[4], t[4];
    alignas(16) std::int32_t ih[4], il[4];
    _mm_store_ps(h, v.hi), _mm_store_ps(h2, v.hi2), _mm_store_ps(l, v.lo), _mm_store_ps(l2, v.lo2);
    _mm_store_ps(m, vmag), _mm_store_ps(t, vtotal);
    _mm_store_si128(reinterpret_cast<__m128i*>(ih), v.ihi);
    _mm_store_si128(reinterpret_cast<__m128i*>(il), v.ilo);
    for (std::size_t j = 0; j < 4; ++j) {
      take(h[j], h2[j], std::size_t(ih[j]), l[j], l2[j], std::size_t(il[j]));
      mag_max = std::max(mag_max, m[j]);
      total += t[j];
    }
  }
  for (std::size_t k = whole; k < n; ++k) {
    const Vec<float, N>& q = points[k];
    float f = q[0] * dir[0], mag = std::fabs(f);
    for (std::size_t j = 1; j < N; ++j) {
      const float a = q[j] * dir[j];
      f += a;
      mag += std::fabs(a);
    }
    total += mag;
    mag_max = std::max(mag_max, mag);
    take(f, -inf, k, f, inf, k);
  }
  if (!std::isfinite(total)) return false;
  const float e = 0x1p-20f * mag_max + 0x1p-126f;
  r = {i_lo, i_hi};
  return (hi - hi2 > e) & (lo2 - lo > e);
}
#endif

/// The extreme point among the contenders (points whose dot the filter could not put exactly
/// below another's), scanned in index order, compared exactly: dot_if_exact, else compare_dots.
/// `Max`: the greatest; otherwise the least. Out of line: the filter decides random input.
template <Float T, std::size_t N>
[[gnu::noinline]] Extremes extreme_points_contenders(const Vec<T, N>* points, std::size_t n,
                                                     const Vec<T, N>& dir, double lo, double hi,
                                                     double e) {
  Extremes r{n, n};
  double x_lo = 0, x_hi = 0;
  bool exact_lo = false, exact_hi = false;
  for (std::size_t k = 0; k < n; ++k) {
    double x, mag;
    dot_double(points[k], dir, x, mag);
    const bool max_contender = !(hi - x > e), min_contender = !(x - lo > e);
    if (!(max_contender | min_contender)) continue;
    double xe;
    const bool exact = dot_if_exact(points[k], dir, xe);
    if (max_contender) {
      if (r.i_max == n) {
        r.i_max = k, x_hi = xe, exact_hi = exact;
      } else if ((exact & exact_hi) ? xe > x_hi : compare_dots(points[k], points[r.i_max], dir) > 0) {
        r.i_max = k, x_hi = xe, exact_hi = exact;
      }
    }
    if (min_contender) {
      if (r.i_min == n) {
        r.i_min = k, x_lo = xe, exact_lo = exact;
      } else if ((exact & exact_lo) ? xe < x_lo : compare_dots(points[k], points[r.i_min], dir) < 0) {
        r.i_min = k, x_lo = xe, exact_lo = exact;
      }
    }
  }
  return r;
}

/// extreme_points' general path: every point compared with the current extremes by
/// compare_dots, points with a coordinate that is not finite skipped. For input the filter
/// rejects as a whole: some point not finite, or a product overflowing.
template <Float T, std::size_t N>
[[gnu::noinline]] Extremes extreme_points_exact(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir) {
  Extremes r{n, n};
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

}  // namespace detail

/// Seed 002's ExtremePointAlongDirection: EXACT indices of the least and the greatest
/// dot(P[i], d), the lowest index on ties, even when two projections differ in their last bits
/// (float filter, then an exact expansion). Unlike the listing, both outputs are always written:
/// n == 0 gives {n, n} (index n means "no point"); points with a NaN or ±inf coordinate are
/// skipped ({n, n} if every point is); a non-finite d gives {n, n}. d = 0 gives {0, 0} (all tie).
template <Float T, std::size_t N>
[[nodiscard]] Extremes extreme_points(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir) {
  if (!detail::all_finite(dir)) return {n, n};
  Extremes r;
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>)
    if (detail::extreme_points_float(points, n, dir, r)) return r;
#endif
  double lo, hi, e;
  bool clean;
  if (detail::extreme_points_filter(points, n, dir, r, lo, hi, e, clean)) return r;
  if (clean) return detail::extreme_points_contenders(points, n, dir, lo, hi, e);
  return detail::extreme_points_exact(points, n, dir);
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
