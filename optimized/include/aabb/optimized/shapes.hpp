#pragma once
/// Point, sphere and plane queries in float and double (contract §2b): grow, closest_point,
/// distance_sq, distance_sq_conservative, overlap_sphere, plane_side. Contracts and proofs:
/// docs/contracts.md, "Point, sphere and plane queries".
///
/// - grow rounds each bound OUTWARD by directed rounding of the exact lo - m / hi + m (TwoSum's
///   exact error tells which side rounding to nearest went; one ulp step fixes an inward one), as
///   bounds_of_sphere does: conservative, under 1 ulp per bound, exact when representable.
/// - closest_point is a clamp: EXACT.
/// - distance_sq: for float summed in double from the per-axis gaps, whose relative error there
///   is tiny next to float's half ulp: WITHIN 1 ULP. For double summed in double-double (TwoSum
///   gaps, exact squares) and rounded once, or, outside that path's range, summed exactly by
///   exact::Accumulator and rounded once: within 1/2 ulp + 2^-95 relative (correctly rounded on
///   the exact path). distance_sq_conservative rounds DOWN from a sum with a proved error (float:
///   shrunk by more than that error; double: a certified directed rounding, else the
///   accumulator's): NEVER ABOVE the exact value, within 2 ulps (double: within 1).
/// - overlap_sphere and plane_side decide first by a FAST FILTER in double (for float and double
///   inputs alike): the naive formula's one pass over the axes with a proved error bound that
///   holds with underflow (an absolute term) and outside a stated range goes to the slow path.
///   Only near the threshold (the ties) or outside that range is the sign computed exactly: by an
///   exact::Expansion (TwoSum / TwoProduct) in double, always exact for float inputs and for
///   double inputs under construction.hpp's double_product_ok rule (inputs <= 2^1000, every
///   product 0 or in [2^-960, 2^1000]); otherwise by exact::Accumulator (integer limbs: exact for
///   all finite inputs on every platform; no x87, no fma).
///
/// No heap allocation; every function is noexcept.

#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "aabb/exact_float/accumulator.hpp"
#include "aabb/exact_float/exact_float.hpp"
#include "aabb/optimized/box.hpp"
#include "aabb/optimized/construction.hpp"

namespace aabb::optimized {

namespace detail {

/// The directed rounding of the exact a + b: the smallest T >= a + b when `up`, else the largest
/// T <= a + b. TwoSum's error e (exact when the rounded sum s is finite) is the sign of
/// (a + b) - s; rounding to nearest is within half an ulp, so one outward step when e points
/// outward lands on the directed rounding. An overflowing s is ±inf, which is outward already
/// (or, when s = ±max with an outward error, the step gives ±inf). NaN in, NaN out.
template <Float T>
[[nodiscard]] inline T add_outward(T a, T b, bool up) noexcept {
  exact::Pair<T> s = exact::two_sum(a, b);
  // TwoSum's s - a can overflow although s is finite (a and b near the top of the range): then
  // its error is NaN, and the error's sign is taken exactly (construction.hpp does the same).
  if (std::isfinite(s.hi) && std::isnan(s.lo)) s.lo = T(sign_of_sum_minus(a, b, s.hi));
  return up ? next_up_if(s.hi, std::isfinite(s.hi) & (s.lo > 0))
            : next_down_if(s.hi, std::isfinite(s.hi) & (s.lo < 0));
}

/// The exact gap of axis i, max(lo - p, 0, p - hi), as a rounded double plus its operands: the
/// gap is a - b exactly. The comparisons are exact; the one subtraction is rounded once in double
/// (relative error <= 2^-53, never to 0 for a nonzero gap; for double inputs it can overflow to
/// +inf, for float inputs never). Infinite operands give +inf.
template <Float T>
struct Gap {
  double value;  // fl(gap) >= 0; 0 exactly when p is inside
  T a, b;        // gap = a - b exactly
};

template <Float T>
[[nodiscard]] inline Gap<T> gap_of(T lo, T hi, T p) noexcept {
  if (p < lo) return {double(lo) - double(p), lo, p};
  if (p > hi) return {double(p) - double(hi), p, hi};
  return {0.0, T(0), T(0)};
}

/// Whether some axis's gap is infinite (p or the near bound is ±inf).
template <Float T, std::size_t N>
[[nodiscard]] inline bool infinite_gap(const Box<T, N>& box, const Vec<T, N>& p) noexcept {
  bool inf = false;
  for (std::size_t i = 0; i < N; ++i) {
    const Gap<T> g = gap_of(box.lo[i], box.hi[i], p[i]);
    inf |= (g.value != 0) & (std::isinf(g.a) | std::isinf(g.b));
  }
  return inf;
}

/// Whether every bound is ordered (lo <= hi; false on NaN bounds).
template <Float T, std::size_t N>
[[nodiscard]] inline bool ordered(const Box<T, N>& box) noexcept {
  bool ok = true;
  for (std::size_t i = 0; i < N; ++i) ok &= box.lo[i] <= box.hi[i];
  return ok;
}

/// Float inputs: the sum X = fl(Σ fl(gap_i)²) in double of distance_sq's proof (+inf when a gap
/// is infinite): for finite inputs |X - D| <= γ_{N+2}·D <= 5.01·u·D (u = 2^-53), D the exact
/// Σ gap_i² (docs/contracts.md); float gaps and their squares never underflow or overflow there.
template <std::size_t N>
[[nodiscard]] inline double gap_sum(const Box<float, N>& box, const Vec<float, N>& p) noexcept {
  double x = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const double g = gap_of(box.lo[i], box.hi[i], p[i]).value;
    x += g * g;
  }
  return x;
}

/// Double inputs: D = Σ gap_i² as a double-double hi + lo (hi = RN(hi + lo)) within 2^-96·hi, or
/// false outside the range where that is proved (then the accumulator decides). Each gap a - b
/// is the exact TwoSum pair (gh, gl); its square is gh² (exact pair, product_dd) + fl(2·gh·gl),
/// dropping gl² (<= u²·gh²): within 3.01u²·g² per axis; the parts sum with nothing to cancel
/// (squares are >= 0 and the small parts are below 2.1u of them), the high parts by TwoSum and
/// the low ones in double, within 40u²·D. Range: every nonzero gh in [2^-450, 2^500] (squares in
/// [2^-900, 2^1000]: product_dd exact, no overflow; a low part's underflow costs at most 2^-1075,
/// below 2^-170·D). When every low part is 0 (gaps, squares and partial sums all exact: small
/// integers, the edge-heavy input), hi is D exactly and err is 0, which certifies a representable
/// D. An infinite or NaN operand fails the range test. Proof: docs/contracts.md, "distance_sq".
template <std::size_t N>
[[nodiscard]] inline bool gap_sum_dd(const Box<double, N>& box, const Vec<double, N>& p, DoubleDouble& x) noexcept {
  double h = 0, l = 0;
  bool ok = true, tail = false;
  for (std::size_t i = 0; i < N; ++i) {
    // Branch-free (the side is a coin toss on random input): inside, a = b = 0 and every part is 0.
    const double lo = box.lo[i], hi = box.hi[i], q = p[i];
    const bool below = q < lo, above = hi < q;
    const double a = below ? lo : (above ? q : 0.0), b = below ? q : (above ? hi : 0.0);
    ok &= (std::fabs(a) <= 0x1p1021) & (std::fabs(b) <= 0x1p1021);  // the TwoSum is exact
    const exact::Pair<double> d = exact::two_sum(a, -b);
    ok &= (d.hi == 0) | ((d.hi >= 0x1p-450) & (d.hi <= 0x1p500));
    const exact::Pair<double> sq = product_dd(d.hi, d.hi);
    const exact::Pair<double> s = exact::two_sum(h, sq.hi);
    h = s.hi;
    l += s.lo + (sq.lo + 2 * d.hi * d.lo);
    tail |= (d.lo != 0) | (sq.lo != 0) | (s.lo != 0);
  }
  const exact::Pair<double> r = exact::two_sum(h, l);
  x = {r.hi, r.lo, tail ? 0x1p-96 * r.hi : 0.0};
  return ok;
}

/// Double inputs: D = Σ gap_i² exactly, for all finite inputs (a gap a - b squared is a·a - 2·a·b
/// + b·b: products of two doubles).
template <std::size_t N>
[[nodiscard]] inline exact::Accumulator<double> gap_sum_exact(const Box<double, N>& box, const Vec<double, N>& p) noexcept {
  exact::Accumulator<double> e;
  for (std::size_t i = 0; i < N; ++i) {
    const Gap<double> g = gap_of(box.lo[i], box.hi[i], p[i]);
    if (g.value == 0) continue;
    e.add_product(g.a, g.a);
    e.add_product(-g.a, g.b);
    e.add_product(-g.a, g.b);
    e.add_product(g.b, g.b);
  }
  return e;
}

/// Exactly sign(r² - Σ gap_i²) for finite inputs by a double expansion: each gap a - b is the
/// TwoSum pair (h, l) (exact), its square h² + 2hl + l² is three TwoProducts (2h exact). For
/// float inputs everything is exact in double (h and l are multiples of float's least subnormal
/// q, at most 2^129, so every product and its TwoProduct error is a multiple of q² inside double's
/// normal range). For double inputs only when construction's double_product_ok rule holds: every
/// input at most 2^1000 and every product zero or in [2^-960, 2^1000] (then fma's error term is
/// exact and no TwoSum overflows); otherwise it returns 2 ("not decided here").
template <Float T, std::size_t N>
[[nodiscard]] inline int radius_sq_minus_distance_sq_sign_in_double(const Box<T, N>& box, const Vec<T, N>& c, T r) noexcept {
  constexpr bool checked = std::is_same_v<T, double>;
  exact::Expansion<double, 4 * 3 * 2 + 4> s;
  bool ok = true;
  auto product = [&](double a, double b) {
    if constexpr (checked) ok &= double_product_ok(a, b);
    s.add_product(a, b);
  };
  auto small = [](T x) { return !checked || std::fabs(x) <= T(0x1p1000); };
  if (!small(r)) return 2;
  product(double(r), double(r));
  for (std::size_t i = 0; i < N; ++i) {
    const Gap<T> g = gap_of(box.lo[i], box.hi[i], c[i]);
    if (g.value == 0) continue;
    if (!small(g.a) || !small(g.b)) return 2;
    const exact::Pair<double> d = exact::two_sum(double(g.a), -double(g.b));
    product(-d.hi, d.hi);
    product(-2 * d.hi, d.lo);
    product(-d.lo, d.lo);
  }
  return ok ? s.sign() : 2;
}

/// Exactly sign(r² - Σ gap_i²) for finite inputs: the double expansion above, and for double
/// inputs outside its range exact::Accumulator (r·r - Σ (a·a - 2·a·b + b·b)).
template <Float T, std::size_t N>
[[nodiscard]] inline int radius_sq_minus_distance_sq_sign(const Box<T, N>& box, const Vec<T, N>& c, T r) noexcept {
  const int in_double = radius_sq_minus_distance_sq_sign_in_double(box, c, r);
  if constexpr (std::is_same_v<T, float>) {
    return in_double;
  } else {
    if (in_double != 2) return in_double;
    exact::Accumulator<double> e = gap_sum_exact(box, c).negated();
    e.add_product(r, r);
    return e.sign();
  }
}

/// Exactly sign(Σ n_i·x_i - d) for finite inputs: in a double expansion (float inputs always;
/// double inputs when the double_product_ok rule above holds), else by exact::Accumulator.
template <Float T, std::size_t N>
[[nodiscard]] inline int dot_minus_sign(const Vec<T, N>& n, const Vec<T, N>& x, T d) noexcept {
  bool ok = true;
  if constexpr (std::is_same_v<T, double>) {
    ok = std::fabs(d) <= 0x1p1000;
    for (std::size_t i = 0; i < N; ++i) ok &= double_product_ok(n[i], x[i]);
  }
  if (ok) {
    exact::Expansion<double, 2 * 3 + 2> s;
    for (std::size_t i = 0; i < N; ++i) s.add_product(double(n[i]), double(x[i]));
    s.subtract(double(d));
    return s.sign();
  }
  exact::Accumulator<T> e;
  for (std::size_t i = 0; i < N; ++i) e.add_product(n[i], x[i]);
  e.subtract(d);
  return e.sign();
}

/// overlap_sphere's fast filter: one pass over the axes in double (for float and double inputs
/// alike), the naive Arvo sum with a proved error bound. Returns +1 (true: a certain hit), -1
/// (false: a certain miss, or invalid input: an inverted or NaN box, a NaN centre, r < 0 or NaN)
/// or 0 (undecided: the slow path decides). Proof (docs/contracts.md, "overlap_sphere (filter)"):
/// X = fl(Σ fl(G_i²)), G_i = fl(gap_i), is within γ5·D + 3·2^-1075 of D = Σ gap_i² (the absolute
/// term: squares that underflow in double; for float inputs nothing underflows); R = fl(r·r) is
/// within u·r² when R in [2^-960, 2^1000] (else undecided), where slack = R·16u is exact; the
/// margins below are then certain. X = +inf (an infinite gap, or finite gaps whose squares
/// overflow, D > 2^1023) is a certain miss against R <= 2^1000.
template <Float T, std::size_t N>
[[nodiscard]] inline int sphere_fast_filter(const Box<T, N>& box, const Vec<T, N>& c, T r) noexcept {
  bool valid = r >= T(0);
  double x = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const T lo = box.lo[i], hi = box.hi[i], p = c[i];
    valid &= (lo <= hi) & (p == p);
    const double g = p < lo ? double(lo) - double(p) : (hi < p ? double(p) - double(hi) : 0.0);
    x += g * g;
  }
  if (!valid) return -1;
  const double rr = double(r) * double(r);
  if (!(rr >= 0x1p-960 && rr <= 0x1p1000)) return 0;
  const double slack = rr * 0x1p-49;  // 16u, u = 2^-53: exact (rr >= 2^-960)
  if (x < rr - slack) return 1;
  if (x > rr + slack) return -1;
  return 0;
}

/// plane_side's fast filter: both extreme corners' n·x - d in one pass in double (for float and
/// double inputs alike). Returns -1 or +1 (every x of the box on that side), 0 (the plane certainly cuts
/// the box), or 2 (undecided: the slow path decides). Per corner, S =
/// fl(-d + Σ fl(n_i·x_i)) and A = fl(|d| + Σ|fl(n_i·x_i)|); |S - s| <= γ_{N+1}·A_exact + N·2^-1075
/// (products that underflow; none for float inputs), which err = fl(A·2^-50 + 2^-1060) exceeds
/// (docs/contracts.md, "plane_side (filter)"). Any NaN or ±inf input makes one of the A's NaN or
/// +inf (every value enters a product of one corner, and 0·inf is NaN), so the filter decides
/// only when every input is finite (and the box ordered): the non-finite rules stay the slow
/// path's.
template <Float T, std::size_t N>
[[nodiscard]] inline int plane_fast_filter(const Box<T, N>& box, const Vec<T, N>& n, T d) noexcept {
  double s_max = -double(d), s_min = s_max, a_max = std::fabs(double(d)), a_min = a_max;
  bool ordered_box = true;
  for (std::size_t i = 0; i < N; ++i) {
    const T lo = box.lo[i], hi = box.hi[i];
    ordered_box &= lo <= hi;
    const bool pos = n[i] >= T(0);
    const double p_max = double(n[i]) * double(pos ? hi : lo);
    const double p_min = double(n[i]) * double(pos ? lo : hi);
    s_max += p_max;
    a_max += std::fabs(p_max);
    s_min += p_min;
    a_min += std::fabs(p_min);
  }
  if (!ordered_box || !(a_max <= std::numeric_limits<double>::max() && a_min <= std::numeric_limits<double>::max()))
    return 2;
  const double err_max = a_max * 0x1p-50 + 0x1p-1060, err_min = a_min * 0x1p-50 + 0x1p-1060;
  if (s_max < -err_max) return -1;
  if (s_min > err_min) return 1;
  if (s_max > err_max && s_min < -err_min) return 0;
  return 2;
}

/// Whether the box is ordered and p has no NaN (distance_sq's domain; NaN otherwise).
template <Float T, std::size_t N>
[[nodiscard]] inline bool distance_domain(const Box<T, N>& box, const Vec<T, N>& p) noexcept {
  bool ok = true;
  for (std::size_t i = 0; i < N; ++i) ok &= (box.lo[i] <= box.hi[i]) & (p[i] == p[i]);
  return ok;
}

}  // namespace detail

/// grow(box, m): the box [lo - m, hi + m] on every axis ("fat" boxes of broad phases).
/// CONSERVATIVE WITHIN 1 ULP: each bound is the DIRECTED ROUNDING of the exact bound (lower bound
/// the largest T <= lo - m, upper bound the smallest T >= hi + m), so the result contains the exact
/// box, each bound is under 1 ulp from it, and it is exact when the exact bound is representable.
/// Proof: detail::add_outward (TwoSum's exact error says on which side rounding to nearest went;
/// half an ulp inward is fixed by one ulp step outward). Beyond T's range a bound is ±inf.
/// Boundary rules: NaN in a bound or the margin → NaN on that bound (every bound for a NaN scalar
/// margin); ±inf: IEEE sums (inf - inf is NaN); a negative margin (invalid) gets the same rule
/// (the box shrinks, possibly inverts); an inverted box is grown as given. -0 is 0.
template <Float T, std::size_t N>
[[nodiscard]] inline Box<T, N> grow(const Box<T, N>& box, const Vec<T, N>& margin) noexcept {
  Box<T, N> r;
  // Fast path, branch-free: when every |value| <= max/8 (NaN fails), no TwoSum overflows, its
  // error is exact and its sign picks the outward step (detail::add_outward without its checks).
  constexpr T big = std::numeric_limits<T>::max() / 8;
  bool small = true;
  for (std::size_t i = 0; i < N; ++i)
    small &= (std::fabs(box.lo[i]) <= big) & (std::fabs(box.hi[i]) <= big) & (std::fabs(margin[i]) <= big);
  if (small) {
    for (std::size_t i = 0; i < N; ++i) {
      const exact::Pair<T> lo = exact::two_sum(box.lo[i], T(-margin[i]));
      const exact::Pair<T> hi = exact::two_sum(box.hi[i], margin[i]);
      r.lo[i] = detail::next_down_if(lo.hi, lo.lo < 0);
      r.hi[i] = detail::next_up_if(hi.hi, hi.lo > 0);
    }
    return r;
  }
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = detail::add_outward(box.lo[i], T(-margin[i]), false);
    r.hi[i] = detail::add_outward(box.hi[i], margin[i], true);
  }
  return r;
}

/// grow by one margin on every axis (same contract).
template <Float T, std::size_t N>
[[nodiscard]] inline Box<T, N> grow(const Box<T, N>& box, T margin) noexcept {
  return grow(box, geometry::splat<N>(margin));
}

/// grow, centre–extent form: the centre unchanged (exact), each extent the smallest T >= e + m
/// (directed rounding upward, under 1 ulp). So [c - e', c + e'] contains the exact grown box
/// [c - e - m, c + e + m] (CONSERVATIVE), and e' is within 1 ulp of the exact e + m. Boundary
/// rules as the min–max form (NaN → NaN extent, inf: IEEE, negative margin: same rule).
template <Float T, std::size_t N>
[[nodiscard]] inline CenterExtent<T, N> grow(const CenterExtent<T, N>& box, const Vec<T, N>& margin) noexcept {
  CenterExtent<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.center[i] = box.center[i];
    r.extent[i] = detail::add_outward(box.extent[i], margin[i], true);
  }
  return r;
}

/// grow, centre–extent form, one margin on every axis (same contract).
template <Float T, std::size_t N>
[[nodiscard]] inline CenterExtent<T, N> grow(const CenterExtent<T, N>& box, T margin) noexcept {
  return grow(box, geometry::splat<N>(margin));
}

/// The point of the closed box nearest to p: clamp(p[i], lo[i], hi[i]) per axis. EXACT: a clamp
/// selects an input value. Boundary rules: NaN in p[i], lo[i] or hi[i] → NaN on axis i; an
/// inverted axis (lo[i] > hi[i]: the box is empty) → NaN on that axis; ±inf are clamped as
/// extended reals. -0 and +0 are equal (either may be returned when they tie).
template <Float T, std::size_t N>
[[nodiscard]] constexpr Vec<T, N> closest_point(const Box<T, N>& box, const Vec<T, N>& p) noexcept {
  Vec<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    const T x = p[i] < box.lo[i] ? box.lo[i] : (box.hi[i] < p[i] ? box.hi[i] : p[i]);
    r[i] = (box.lo[i] <= box.hi[i] && p[i] == p[i]) ? x : std::numeric_limits<T>::quiet_NaN();
  }
  return r;
}

/// Σ max(lo[i] - p[i], 0, p[i] - hi[i])²: the squared distance from p to the closed box (0 inside).
/// WITHIN 1 ULP of the exact value (the gaps round! float: they are taken once in double, and the
/// sum's relative error 5.01·2^-53 is a tiny fraction of float's ulp; double: a double-double sum
/// within 2^-96 relative, or the exact sum; the last rounding to T adds at most half an ulp;
/// proof in docs/contracts.md). 0 when p is in the box
/// (and when the exact value is below half T's least subnormal: it rounds to 0). An exact value
/// above T's largest finite value gives max or +inf (+inf only then).
/// Boundary rules: NaN anywhere → NaN; an inverted box (empty) → NaN; ±inf: a gap to an infinite
/// coordinate is +inf (result +inf), an infinite coordinate inside an infinite bound is gap 0.
template <Float T, std::size_t N>
[[nodiscard]] inline T distance_sq(const Box<T, N>& box, const Vec<T, N>& p) noexcept {
  if (!detail::distance_domain(box, p)) return std::numeric_limits<T>::quiet_NaN();
  if constexpr (std::is_same_v<T, float>) {
    return static_cast<T>(detail::gap_sum(box, p));
  } else {
    detail::DoubleDouble x;
    if (detail::gap_sum_dd(box, p, x)) return x.hi + x.lo;
    if (detail::infinite_gap(box, p)) return std::numeric_limits<T>::infinity();
    return detail::gap_sum_exact(box, p).round(exact::Accumulator<double>::Rounding::Nearest);
  }
}

/// distance_sq that NEVER EXCEEDS the exact value (for sphere culling: distance_sq_conservative
/// <= r² never drops a sphere that touches the box), WITHIN 2 ULPS below it. float: under
/// 1 + 2^-25 ulps, the directed rounding of a value at most 14.02·u relatively below the exact
/// one (u = 2^-53; a representable exact value comes out one ulp low). Proof: X = gap_sum is
/// within 5.01·u·D of D; Y = fl(X - X·2^3·u) <= X(1 - 7u) <= D; the result is the largest float
/// <= Y (max when Y is beyond the range). double: EXACTLY the largest double <= D (the directed
/// rounding of the exact value: under 1 ulp, exact when representable), certified from the
/// double-double sum (construction's round_dd) or taken from the exact sum. 0 when p is in the
/// box (and when the exact value is below T's least subnormal). Boundary rules as distance_sq.
template <Float T, std::size_t N>
[[nodiscard]] inline T distance_sq_conservative(const Box<T, N>& box, const Vec<T, N>& p) noexcept {
  if (!detail::distance_domain(box, p)) return std::numeric_limits<T>::quiet_NaN();
  if constexpr (std::is_same_v<T, float>) {
    const double x = detail::gap_sum(box, p);
    if (std::isinf(x)) return std::numeric_limits<T>::infinity();
    const double y = x - x * 0x1p-50;  // 8u below X, u = 2^-53
    T r = static_cast<T>(y);
    if (std::isinf(r)) return std::numeric_limits<T>::max();
    if (double(r) > y) r = detail::next_down(r);
    return r;
  } else {
    detail::DoubleDouble x;
    double r;
    const bool in_range = detail::gap_sum_dd(box, p, x);
    if (in_range && detail::round_dd<false>(x, r)) return r;
    if (!in_range && detail::infinite_gap(box, p)) return std::numeric_limits<T>::infinity();
    return detail::gap_sum_exact(box, p).round(exact::Accumulator<double>::Rounding::Down);
  }
}

/// Whether the closed box and the closed ball (centre c, radius r) share a point: distance_sq(box,
/// c) <= r². EXACT decision for all finite inputs (subnormal gaps and huge values included)
/// although the naive Arvo sum rounds: the sum X = fl_W(Σ gap²) (|X - D| <= 5.01·u_W·D) and R =
/// fl_W(r·r) (|R - r²| <= u_W·r²) decide when X is outside R·(1 ± 16·u_W) (as computed); else
/// the sign of r² - Σ gap² is computed exactly (detail::radius_sq_minus_distance_sq_sign). Touching
/// (tangent to a face, an edge or a corner) counts. Boundary rules: NaN anywhere → false; an
/// inverted box (empty) → false; r < 0 (invalid, an empty ball) → false; r = +inf → true when
/// every gap is finite; an infinite gap (c or the box's near bound infinite) → false, also
/// against r = +inf. -0 is 0.
template <Float T, std::size_t N>
[[nodiscard]] inline bool overlap_sphere(const Box<T, N>& box, const Vec<T, N>& c, T r) noexcept {
  const int f = detail::sphere_fast_filter(box, c, r);  // also answers invalid input (false)
  if (f != 0) return f > 0;
  if (detail::infinite_gap(box, c)) return false;
  if (std::isinf(r)) return true;
  return detail::radius_sq_minus_distance_sq_sign(box, c, r) >= 0;
}

/// plane_side(box, n, d): -1 when n·x < d for every x of the closed box, +1 when n·x > d for every
/// x, 0 when the plane {n·x = d} touches or cuts the box. EXACT for all finite inputs: the least
/// and greatest n·x over the box are at the corners picking, per axis, lo or hi by the sign of
/// n[i]; the sign of each corner's n·x - d is decided by a filter in double with a proved error
/// bound and, when the filter cannot decide, exactly by an expansion (detail::dot_minus_sign).
/// A plane through a corner or containing a face gives 0. Boundary rules: a zero normal (invalid)
/// is the constant n·x = 0: the sign of -d (0 when d = 0); NaN or ±inf anywhere → 0 (not
/// decided: the answer that keeps the box in a culling pass); an inverted box → 0 likewise.
template <Float T, std::size_t N>
[[nodiscard]] inline int plane_side(const Box<T, N>& box, const Vec<T, N>& n, T d) noexcept {
  const int f = detail::plane_fast_filter(box, n, d);
  if (f != 2) return f;
  bool finite = std::isfinite(d);
  for (std::size_t i = 0; i < N; ++i)
    finite = finite && std::isfinite(box.lo[i]) && std::isfinite(box.hi[i]) && std::isfinite(n[i]);
  if (!finite || !detail::ordered(box)) return 0;
  Vec<T, N> least, greatest;
  for (std::size_t i = 0; i < N; ++i) {
    const bool pos = n[i] >= 0;
    least[i] = pos ? box.lo[i] : box.hi[i];
    greatest[i] = pos ? box.hi[i] : box.lo[i];
  }
  if (detail::dot_minus_sign(n, greatest, d) < 0) return -1;
  if (detail::dot_minus_sign(n, least, d) > 0) return 1;
  return 0;
}

}  // namespace aabb::optimized
