#pragma once
/// Box–triangle overlap in float and double with an EXACT decision (docs/contracts.md,
/// "Triangle"): Akenine-Möller's separating-axis test, every rounded sign certified by a proved
/// error bound, and an exact integer sign only where the bound cannot decide.
///
/// Axes, as in reference::overlap_triangle: the box axes u_i (comparisons only, no rounding);
/// in 3D the triangle normal n = e1 × e0 and the nine u_i × e_j; in 2D the three edge normals
/// perp(e_j) (the same formula as u_2 × e_j). With a = u_i × e, e = vb − va, and (j, k) =
/// (i + 1, i + 2) mod 3: a·x = e_j·x_k − e_k·x_j, so vb and va project to the same value and
/// only va and the third vertex vc are projected. The box's greatest a·x takes, per axis, hi
/// where the coefficient is >= 0 and lo where it is < 0 (the least: the other bound), and the
/// coefficient's sign is the sign of an input difference (a comparison, exact). So every
/// "vertex beyond the box's extreme" quantity is
///   q = (a − b)(c − d) − (e − f)(g − h)     (cross axes; a..h input values)
///   Q = Σ_i n_i·(v0_i − B_i), n_i of that form   (the normal axis; B_i a box bound)
/// and the axis separates iff both vertex quantities are > 0 against the greatest or both < 0
/// against the least. A zero axis is skipped exactly: u_i × e is zero iff e_j == e_k == 0, i.e.
/// vb_j == va_j and vb_k == va_k (comparisons); the normal is skipped iff all three n_i have
/// exact sign 0. (A zero axis could not separate anyway: every q is then exactly 0.)
///
/// The filter runs in double for both T (float inputs convert exactly), with the same formulas:
/// u = 2^-53, t = the two products, P̂ = fl(|t̂1| + |t̂2|), d_i = v0_i − B_i, and
///   cross form:  q̂ against 2^-50·P̂ + 2^-1020   (|q̂ − q| <= 4.02u·P̂ + 2.01·2^-1075)
///   normal form: Q̂ against 2^-49·Σ_i fl((P̂_i + 2^-1020)·|d̂_i|) + 2^-1020
/// The absolute terms cover double's underflow (a subnormal product is off by up to 2^-1075, not
/// by a relative u); they are normal numbers, as subnormal arithmetic costs ~100× on x86. An
/// overflow anywhere makes the bound inf or NaN, and no comparison decides. For float inputs
/// nothing underflows or overflows in double; the absolute terms are then slack.
/// Uncertain signs: first the exact signs of the two products (signs of input differences; a
/// zero product or two of opposite signs decide the cross form), else exact::Accumulator, an
/// integer (Kulisch) accumulator exact for every finite input, with each difference as its exact
/// TwoSum pair: degree 2 for the cross form (2 to 8 products of two), degree 3 for the normal
/// form (2 to 16 products of three per axis); the inputs' own products (8, and 36 of three) when a
/// difference overflows T. No wider float type, no fma: IEEE binary32/binary64 arithmetic and
/// 64-bit integers only.
///
/// No heap allocation; every function is noexcept.

#include <cmath>
#include <cstddef>

#include "aabb/exact_float/accumulator.hpp"
#include "aabb/optimized/box.hpp"

namespace aabb::optimized {

namespace detail::tri {

/// The sign of x (-1, 0, +1).
[[nodiscard]] inline int sign_of(double x) noexcept { return (x > 0) - (x < 0); }

/// a − b == hi + lo exactly (Knuth's TwoSum in T; exact in round-to-nearest for all finite a, b
/// unless an operation overflows, and then hi or lo is ±inf or NaN: see finite()).
template <Float T>
[[nodiscard]] inline exact::Pair<T> difference(T a, T b) noexcept {
  return exact::two_sum(a, T(-b));
}
template <Float T>
[[nodiscard]] inline bool finite(exact::Pair<T> p) noexcept {
  return std::isfinite(p.hi) && std::isfinite(p.lo);
}

/// Adds (x.hi + x.lo)·(y.hi + y.lo) to a degree-2 accumulator, or (x.hi + x.lo)·(y.hi + y.lo)·z
/// to a degree-3 one: the nonzero products of the parts only (a low part is 0 when the
/// difference is exact in T, the usual case).
template <Float T>
inline void add_pair_product(exact::Accumulator<T>& s, exact::Pair<T> x,
                             exact::Pair<T> y) noexcept {
  s.add_product(x.hi, y.hi);
  if (y.lo != 0) s.add_product(x.hi, y.lo);
  if (x.lo != 0) {
    s.add_product(x.lo, y.hi);
    if (y.lo != 0) s.add_product(x.lo, y.lo);
  }
}
template <Float T>
inline void add_pair_product(exact::Accumulator<T, 3>& s, exact::Pair<T> x, exact::Pair<T> y,
                             T z) noexcept {
  s.add_product(x.hi, y.hi, z);
  if (y.lo != 0) s.add_product(x.hi, y.lo, z);
  if (x.lo != 0) {
    s.add_product(x.lo, y.hi, z);
    if (y.lo != 0) s.add_product(x.lo, y.lo, z);
  }
}

/// Exact sign of (a − b)(c − d) − (e − f)(g − h), summed in an integer accumulator (exact for
/// all finite inputs, subnormal and huge ones included): each difference as its exact TwoSum
/// pair, so usually 2 products of two, at most 8; when a difference overflows T, the 8 products
/// of the inputs.
template <Float T>
[[gnu::noinline]] int exact_sign_dd(T a, T b, T c, T d, T e, T f, T g, T h) noexcept {
  exact::Accumulator<T> s;
  const exact::Pair<T> x1 = difference(a, b), y1 = difference(c, d);
  const exact::Pair<T> x2 = difference(e, f), y2 = difference(g, h);
  if (finite(x1) && finite(y1) && finite(x2) && finite(y2)) {
    add_pair_product(s, x1, y1);
    add_pair_product(s, {T(-x2.hi), T(-x2.lo)}, y2);
    return s.sign();
  }
  s.add_product(a, c);
  s.add_product(b, d);
  s.add_product(f, g);
  s.add_product(e, h);
  s.add_product(T(-a), d);
  s.add_product(T(-b), c);
  s.add_product(T(-e), g);
  s.add_product(T(-f), h);
  return s.sign();
}

/// The sign of x1·y1 − x2·y2 where the filter could not decide; x1 = fl(a − b), y1 = fl(c − d),
/// x2 = fl(e − f), y2 = fl(g − h) in double carry the exact signs of the differences. A zero
/// product, or two of opposite signs, decide; else the exact sum.
template <Float T>
[[nodiscard]] inline int uncertain_sign_dd(double x1, double y1, double x2, double y2, T a, T b,
                                           T c, T d, T e, T f, T g, T h) noexcept {
  const int s1 = sign_of(x1) * sign_of(y1), s2 = sign_of(x2) * sign_of(y2);
  if (s1 != s2 || s1 == 0) return s1 != 0 ? s1 : -s2;
  return exact_sign_dd(a, b, c, d, e, f, g, h);
}

/// The sign (-1, 0, +1) of (a − b)(c − d) − (e − f)(g − h), EXACT for finite inputs: the
/// double filter q̂ against 2^-50·(|t̂1| + |t̂2|) + 2^-1020, else uncertain_sign_dd.
template <Float T>
[[nodiscard]] inline int sign_dd(T a, T b, T c, T d, T e, T f, T g, T h) noexcept {
  const double x1 = double(a) - double(b), y1 = double(c) - double(d);
  const double x2 = double(e) - double(f), y2 = double(g) - double(h);
  const double t1 = x1 * y1, t2 = x2 * y2;
  const double q = t1 - t2;
  const double bound = 0x1p-50 * (std::fabs(t1) + std::fabs(t2)) + 0x1p-1020;
  if (q > bound) return 1;
  if (q < -bound) return -1;
  return uncertain_sign_dd(x1, y1, x2, y2, a, b, c, d, e, f, g, h);  // also inf and NaN
}

/// Whether the box and the triangle are separated along u_i × (vb − va) (3D), or along
/// perp(vb − va) (2D, i = 2 with only axes 0 and 1 used): j = i + 1, k = i + 2 (mod 3).
template <Float T, std::size_t N>
[[nodiscard]] inline bool cross_separates(const Box<T, N>& box, const Vec<T, N>& va,
                                          const Vec<T, N>& vb, const Vec<T, N>& vc, std::size_t j,
                                          std::size_t k) noexcept {
  const T ej_a = va[j], ej_b = vb[j], ek_a = va[k], ek_b = vb[k];
  if (ej_a == ej_b && ek_a == ek_b) return false;  // zero axis: skipped
  const bool ej_nonneg = ej_b >= ej_a;              // e_j >= 0
  const bool ek_nonpos = ek_b <= ek_a;              // -e_k >= 0
  // Against the greatest a·x over the box: q_G(v) = a·v − G = e_j(v_k − Bk) − e_k(v_j − Bj).
  // Against the least, q_L(v) = a·v − L >= q_G(v) (L <= G). So q_G(va) > 0 leaves only the
  // greatest side (q_L(va) < 0 is impossible), and q_G(va) == 0 rules out both.
  {
    const T bk = ej_nonneg ? box.hi[k] : box.lo[k];
    const T bj = ek_nonpos ? box.hi[j] : box.lo[j];
    if (sign_dd(ej_b, ej_a, va[k], bk, ek_b, ek_a, va[j], bj) > 0 &&
        sign_dd(ej_b, ej_a, vc[k], bk, ek_b, ek_a, vc[j], bj) > 0)
      return true;
  }
  // Against the least (q_G(va) < 0).
  const T bk = ej_nonneg ? box.lo[k] : box.hi[k];
  const T bj = ek_nonpos ? box.lo[j] : box.hi[j];
  return sign_dd(ej_b, ej_a, va[k], bk, ek_b, ek_a, va[j], bj) < 0 &&
         sign_dd(ej_b, ej_a, vc[k], bk, ek_b, ek_a, vc[j], bj) < 0;
}

/// The exact sign of Σ_i n_i (v0_i − B_i), n_i = (v2_j − v1_j)(v1_k − v0_k) − (v2_k − v1_k)(v1_j −
/// v0_j), in a degree-3 integer accumulator (exact for all finite inputs). Each difference as its
/// exact TwoSum pair: usually 2 products of three per axis, at most 2·4·2 = 16. When a
/// difference overflows T, the expanded form instead: n_i = (v2_j v1_k − v2_k v1_j) +
/// (v0_j v2_k − v0_k v2_j) + (v1_j v0_k − v1_k v0_j) (the products v1_j v1_k cancel), 6 products
/// of two, each times v0_i and times −B_i: 36 products of three.
template <Float T>
[[gnu::noinline]] int exact_sign_normal(const Vec<T, 3>& v0, const Vec<T, 3>& v1,
                                        const Vec<T, 3>& v2, const Vec<T, 3>& bound) noexcept {
  exact::Accumulator<T, 3> s;
  exact::Pair<T> x[3], y[3], z[3], w[3], d[3];
  bool exact = true;  // every difference exact as a pair
  for (std::size_t i = 0; i < 3; ++i) {
    const std::size_t j = (i + 1) % 3, k = (i + 2) % 3;
    x[i] = difference(v2[j], v1[j]);
    y[i] = difference(v1[k], v0[k]);
    z[i] = difference(v2[k], v1[k]);
    w[i] = difference(v1[j], v0[j]);
    d[i] = difference(v0[i], bound[i]);
    exact = exact && finite(x[i]) && finite(y[i]) && finite(z[i]) && finite(w[i]) && finite(d[i]);
  }
  if (exact) {
    for (std::size_t i = 0; i < 3; ++i)
      for (const T di : {d[i].hi, d[i].lo}) {
        if (di == 0) continue;
        add_pair_product(s, x[i], y[i], di);
        add_pair_product(s, z[i], w[i], T(-di));
      }
    return s.sign();
  }
  for (std::size_t i = 0; i < 3; ++i) {
    const std::size_t j = (i + 1) % 3, k = (i + 2) % 3;
    const T dv[2] = {v0[i], T(-bound[i])};
    for (const T t : dv) {
      s.add_product(v2[j], v1[k], t);
      s.add_product(T(-v2[k]), v1[j], t);
      s.add_product(v0[j], v2[k], t);
      s.add_product(T(-v0[k]), v2[j], t);
      s.add_product(v1[j], v0[k], t);
      s.add_product(T(-v1[k]), v0[j], t);
    }
  }
  return s.sign();
}

/// Whether the plane of the triangle (3D) separates it from the box. Skipped (false) when the
/// normal is exactly zero (a segment or a point).
template <Float T>
[[nodiscard]] inline bool normal_separates(const Box<T, 3>& box, const Vec<T, 3>& v0,
                                           const Vec<T, 3>& v1, const Vec<T, 3>& v2) noexcept {
  double n[3], mag[3];  // n̂_i and fl(P̂_i + 2^-1020)
  int sgn[3];
  for (std::size_t i = 0; i < 3; ++i) {
    const std::size_t j = (i + 1) % 3, k = (i + 2) % 3;
    const double x = double(v2[j]) - double(v1[j]), y = double(v1[k]) - double(v0[k]);
    const double z = double(v2[k]) - double(v1[k]), w = double(v1[j]) - double(v0[j]);
    const double t1 = x * y, t2 = z * w;
    n[i] = t1 - t2;
    const double p = std::fabs(t1) + std::fabs(t2);
    mag[i] = p + 0x1p-1020;
    const double bound = 0x1p-50 * p + 0x1p-1020;
    if (n[i] > bound) sgn[i] = 1;
    else if (n[i] < -bound) sgn[i] = -1;
    else
      sgn[i] = uncertain_sign_dd(x, y, z, w, v2[j], v1[j], v1[k], v0[k], v2[k], v1[k], v1[j], v0[j]);
  }
  if (sgn[0] == 0 && sgn[1] == 0 && sgn[2] == 0) return false;  // zero axis: skipped
  for (int side = 0; side < 2; ++side) {
    // side 0: against the greatest n·x (B_i = hi where n_i >= 0); side 1: against the least.
    Vec<T, 3> b;
    double q = 0, m = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      b[i] = ((sgn[i] >= 0) == (side == 0)) ? box.hi[i] : box.lo[i];
      const double d = double(v0[i]) - double(b[i]);
      q += n[i] * d;
      m += mag[i] * std::fabs(d);
    }
    const double bound = 0x1p-49 * m + 0x1p-1020;
    int s;
    if (q > bound) s = 1;
    else if (q < -bound) s = -1;
    else s = exact_sign_normal(v0, v1, v2, b);  // also inf and NaN
    if (side == 0 ? s > 0 : s < 0) return true;
    // Q against the least is >= Q against the greatest (n_i·(hi_i − lo_i) >= 0 on every axis):
    // when the latter is 0, the former cannot be < 0.
  }
  return false;
}

}  // namespace detail::tri

/// Whether the closed box and the closed triangle (the convex hull of v0, v1, v2; a segment or a
/// point when degenerate) share a point. EXACT: equals reference::overlap_triangle on every
/// finite valid input, although the separating-axis projections round (filter with a proved
/// error bound + exact integer fallback; proof in docs/contracts.md, "Triangle"). Touching
/// counts (a vertex on a face, an edge along a face or along a cross-product axis, a triangle in
/// a face plane). Boundary rules: any NaN or ±inf coordinate (box or vertex) → false; an inverted
/// box (lo[i] > hi[i] on some axis) is empty → false; -0 == +0; flat and point boxes are
/// ordinary.
template <Float T, std::size_t N>
  requires(N == 2 || N == 3)
[[nodiscard]] inline bool overlap_triangle(const Box<T, N>& box, const Vec<T, N>& v0,
                                           const Vec<T, N>& v1, const Vec<T, N>& v2) noexcept {
  // Validity, and the box axes (comparisons only). NaN fails every comparison below.
  for (std::size_t i = 0; i < N; ++i) {
    if (!(std::isfinite(box.lo[i]) && std::isfinite(box.hi[i]) && std::isfinite(v0[i]) &&
          std::isfinite(v1[i]) && std::isfinite(v2[i])))
      return false;
    if (!(box.lo[i] <= box.hi[i])) return false;
    const T mn = v0[i] < v1[i] ? (v0[i] < v2[i] ? v0[i] : v2[i]) : (v1[i] < v2[i] ? v1[i] : v2[i]);
    const T mx = v0[i] > v1[i] ? (v0[i] > v2[i] ? v0[i] : v2[i]) : (v1[i] > v2[i] ? v1[i] : v2[i]);
    if (mn > box.hi[i] || mx < box.lo[i]) return false;
  }
  if constexpr (N == 3) {
    if (detail::tri::normal_separates(box, v0, v1, v2)) return false;
    for (std::size_t i = 0; i < 3; ++i) {
      const std::size_t j = (i + 1) % 3, k = (i + 2) % 3;
      if (detail::tri::cross_separates(box, v0, v1, v2, j, k)) return false;
      if (detail::tri::cross_separates(box, v1, v2, v0, j, k)) return false;
      if (detail::tri::cross_separates(box, v2, v0, v1, j, k)) return false;
    }
  } else {
    if (detail::tri::cross_separates(box, v0, v1, v2, 0, 1)) return false;
    if (detail::tri::cross_separates(box, v1, v2, v0, 0, 1)) return false;
    if (detail::tri::cross_separates(box, v2, v0, v1, 0, 1)) return false;
  }
  return true;
}

}  // namespace aabb::optimized
