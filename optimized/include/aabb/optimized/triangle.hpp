#pragma once
/// Box–triangle overlap in float and double with an EXACT decision (docs/contracts.md,
/// "Triangle"): Akenine-Möller's separating-axis test, every rounded sign certified by a proved
/// error bound, and an exact expansion sign only where the bound cannot decide.
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
///   q = Σ_i n_i·(v0_i − B_i), n_i of that form   (the normal axis; B_i a box bound)
/// and the axis separates iff both vertex quantities are > 0 against the greatest or both < 0
/// against the least. A zero axis is skipped exactly: u_i × e is zero iff e_j == e_k == 0, i.e.
/// vb_j == va_j and vb_k == va_k (comparisons); the normal is skipped iff all three n_i have
/// exact sign 0. (A zero axis could not separate anyway: every q is then exactly 0.)
///
/// The filter runs in W = exact::Wide<T> (double for float, long double for double). There the
/// filter has no underflow and no overflow for any finite input (proof in docs/contracts.md), so
/// every operation is fl(x ∘ y) = (x ∘ y)(1 + δ), |δ| <= u = eps(W)/2, and the bounds
///   |q̂ − q| <= 5u·fl(|t̂1| + |t̂2|)                    (cross form, t = products)
///   |q̂ − q| <= 11u·fl(Σ fl(P̂_i·|d̂_i|))               (normal form)
/// hold; the code compares against 8u·M̂ and 16u·M̂. Uncertain signs are computed exactly by a
/// Shewchuk expansion in W: the 8 products of the cross form, or each n_i's expansion times the
/// two terms of v0_i − B_i; exact for all finite inputs (every product and its error term stay
/// in W's range; for double, Dekker's product in long double instead of software fmal).
///
/// No heap allocation; every function is noexcept.

#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "aabb/exact_float/exact_float.hpp"
#include "aabb/optimized/box.hpp"

namespace aabb::optimized {

namespace detail::tri {

/// Unit roundoff of W (2^-53 for double, 2^-64 for x87 long double).
template <class W>
inline constexpr W unit_roundoff = std::numeric_limits<W>::epsilon() / 2;

/// a · b == hi + lo exactly. For long double (the double path) by Dekker's product with
/// Veltkamp's split at 32 bits (2^32 + 1): x87 has no fused multiply-add and std::fma on long
/// double is a software routine. Exact when nothing overflows or underflows in W, which holds for
/// every product this file forms (docs/contracts.md, "Triangle"). Otherwise exact::two_prod.
template <class W>
[[nodiscard]] inline exact::Pair<W> product(W a, W b) noexcept {
  if constexpr (std::is_same_v<W, long double> && std::numeric_limits<W>::digits == 64) {
    constexpr W split = 4294967297.0L;  // 2^32 + 1
    const W p = a * b;
    const W ta = split * a, tb = split * b;
    const W ah = ta - (ta - a), al = a - ah;
    const W bh = tb - (tb - b), bl = b - bh;
    const W err = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return {p, err};
  } else {
    return exact::two_prod(a, b);
  }
}

/// Adds a · b exactly.
template <class W, std::size_t C>
inline void add_product(exact::Expansion<W, C>& acc, W a, W b) noexcept {
  const exact::Pair<W> p = product(a, b);
  acc.add(p.lo);
  acc.add(p.hi);
}

/// (a − b)(c − d) − (e − f)(g − h) exactly, as the expansion of its 8 products (for float every
/// product is exact in double already).
template <Float T>
[[nodiscard]] inline exact::Expansion<exact::Wide<T>, 16> exact_dd(T a, T b, T c, T d, T e, T f,
                                                                  T g, T h) noexcept {
  using W = exact::Wide<T>;
  exact::Expansion<W, 16> s;
  add_product(s, W(a), W(c));
  add_product(s, -W(a), W(d));
  add_product(s, -W(b), W(c));
  add_product(s, W(b), W(d));
  add_product(s, -W(e), W(g));
  add_product(s, W(e), W(h));
  add_product(s, W(f), W(g));
  add_product(s, -W(f), W(h));
  return s;
}

/// Exact sign of (a − b)(c − d) − (e − f)(g − h).
template <Float T>
[[nodiscard]] inline int exact_sign_dd(T a, T b, T c, T d, T e, T f, T g, T h) noexcept {
  return exact_dd(a, b, c, d, e, f, g, h).sign();
}

/// The sign (-1, 0, +1) of (a − b)(c − d) − (e − f)(g − h), EXACT for finite inputs: the
/// filter q̂ against 8u·(|t̂1| + |t̂2|), else exact_sign_dd.
template <Float T>
[[nodiscard]] inline int sign_dd(T a, T b, T c, T d, T e, T f, T g, T h) noexcept {
  using W = exact::Wide<T>;
  const W t1 = (W(a) - W(b)) * (W(c) - W(d));
  const W t2 = (W(e) - W(f)) * (W(g) - W(h));
  const W q = t1 - t2;
  const W bound = (8 * unit_roundoff<W>) * (std::fabs(t1) + std::fabs(t2));
  if (q > bound) return 1;
  if (q < -bound) return -1;
  if (bound == 0) return 0;  // t̂1 = t̂2 = 0 means t1 = t2 = 0 (relative errors only)
  return exact_sign_dd(a, b, c, d, e, f, g, h);
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
  // Against the greatest a·x over the box: a·v − G = e_j(v_k − Bk) − e_k(v_j − Bj).
  {
    const T bk = ej_nonneg ? box.hi[k] : box.lo[k];
    const T bj = ek_nonpos ? box.hi[j] : box.lo[j];
    if (sign_dd(ej_b, ej_a, va[k], bk, ek_b, ek_a, va[j], bj) > 0 &&
        sign_dd(ej_b, ej_a, vc[k], bk, ek_b, ek_a, vc[j], bj) > 0)
      return true;
  }
  // Against the least.
  const T bk = ej_nonneg ? box.lo[k] : box.hi[k];
  const T bj = ek_nonpos ? box.lo[j] : box.hi[j];
  return sign_dd(ej_b, ej_a, va[k], bk, ek_b, ek_a, va[j], bj) < 0 &&
         sign_dd(ej_b, ej_a, vc[k], bk, ek_b, ek_a, vc[j], bj) < 0;
}

/// The exact sign of Σ_i n_i (v0_i − B_i), n_i = (v2_j − v1_j)(v1_k − v0_k) − (v2_k − v1_k)(v1_j −
/// v0_j): each n_i as its exact expansion (<= 16 components), each component times v0_i and
/// times −B_i by an exact product: at most 3 · 16 · 2 · 2 = 192 components.
template <Float T>
[[nodiscard]] inline int exact_sign_normal(const Vec<T, 3>& v0, const Vec<T, 3>& v1,
                                           const Vec<T, 3>& v2, const Vec<T, 3>& bound) noexcept {
  using W = exact::Wide<T>;
  exact::Expansion<W, 192> s;
  for (std::size_t i = 0; i < 3; ++i) {
    const std::size_t j = (i + 1) % 3, k = (i + 2) % 3;
    const auto n = exact_dd(v2[j], v1[j], v1[k], v0[k], v2[k], v1[k], v1[j], v0[j]);
    for (std::size_t c = 0; c < n.size(); ++c) {
      add_product(s, n.component(c), W(v0[i]));
      add_product(s, n.component(c), -W(bound[i]));
    }
  }
  return s.sign();
}

/// Whether the plane of the triangle (3D) separates it from the box. Skipped (false) when the
/// normal is exactly zero (a segment or a point).
template <Float T>
[[nodiscard]] inline bool normal_separates(const Box<T, 3>& box, const Vec<T, 3>& v0,
                                           const Vec<T, 3>& v1, const Vec<T, 3>& v2) noexcept {
  using W = exact::Wide<T>;
  W n[3], mag[3];
  int sgn[3];
  for (std::size_t i = 0; i < 3; ++i) {
    const std::size_t j = (i + 1) % 3, k = (i + 2) % 3;
    const W t1 = (W(v2[j]) - W(v1[j])) * (W(v1[k]) - W(v0[k]));
    const W t2 = (W(v2[k]) - W(v1[k])) * (W(v1[j]) - W(v0[j]));
    n[i] = t1 - t2;
    mag[i] = std::fabs(t1) + std::fabs(t2);
    const W bound = (8 * unit_roundoff<W>)*mag[i];
    if (n[i] > bound) sgn[i] = 1;
    else if (n[i] < -bound) sgn[i] = -1;
    else if (bound == 0) sgn[i] = 0;
    else sgn[i] = exact_sign_dd(v2[j], v1[j], v1[k], v0[k], v2[k], v1[k], v1[j], v0[j]);
  }
  if (sgn[0] == 0 && sgn[1] == 0 && sgn[2] == 0) return false;  // zero axis: skipped
  for (int side = 0; side < 2; ++side) {
    // side 0: against the greatest n·x (B_i = hi where n_i >= 0); side 1: against the least.
    Vec<T, 3> b;
    W q = 0, m = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      b[i] = ((sgn[i] >= 0) == (side == 0)) ? box.hi[i] : box.lo[i];
      const W d = W(v0[i]) - W(b[i]);
      q += n[i] * d;
      m += mag[i] * std::fabs(d);
    }
    const W bound = (16 * unit_roundoff<W>)*m;
    int s;
    if (q > bound) s = 1;
    else if (q < -bound) s = -1;
    else if (bound == 0) s = 0;
    else s = exact_sign_normal(v0, v1, v2, b);
    if (side == 0 ? s > 0 : s < 0) return true;
  }
  return false;
}

}  // namespace detail::tri

/// Whether the closed box and the closed triangle (the convex hull of v0, v1, v2; a segment or a
/// point when degenerate) share a point. EXACT: equals reference::overlap_triangle on every
/// finite valid input, although the separating-axis projections round (filter with a proved
/// error bound + exact expansion fallback; proof in docs/contracts.md, "Triangle"). Touching
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
