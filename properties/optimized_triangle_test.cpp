// Properties of optimized/triangle.hpp against the exact reference::overlap_triangle, float and
// double, 2D and 3D: equality over generators aimed at the boundary (a vertex on the box, a
// triangle in a face plane, a segment or triangle passing within a few ulps of a box edge along
// a cross-product axis, degenerate triangles), huge and subnormal scalings; the metamorphic rules
// (vertex permutation, axis permutation, sign flip); the documented non-finite and inverted-box
// answers; and two planted bugs the generators must catch: the naive float Akenine-Möller test,
// and the exact test without the cross-product axes.

#include <rapidcheck/catch.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>

#include "aabb/listings/textbook_shapes.hpp"
#include "shipped/shapes.hpp"
#include "aabb/reference.hpp"
#include "aabb/reference/float_bits.hpp"
#include "aabb/reference/shapes.hpp"
#include "checks.hpp"
#include "optimized_support.hpp"
#include "relations.hpp"

namespace {

using namespace aabb::props::shipped_names;
namespace geo = aabb::geometry;

template <class T, std::size_t N>
struct Case {
  opt::Box<T, N> box;
  std::array<opt::Vec<T, N>, 3> v;
};

template <class T, std::size_t N>
std::string show_case(const Case<T, N>& c) {
  std::ostringstream os;
  auto vec = [&](const opt::Vec<T, N>& x) {
    os << "[";
    for (std::size_t i = 0; i < N; ++i) os << (i ? ", " : "") << ref::hex(x[i]);
    os << "]";
  };
  os << "box lo ";
  vec(c.box.lo);
  os << " hi ";
  vec(c.box.hi);
  for (const auto& x : c.v) {
    os << " v ";
    vec(x);
  }
  return os.str();
}

/// The reference's answer on the exact values of the floats.
template <class T, std::size_t N>
bool exact_answer(const Case<T, N>& c) {
  const auto box = geo::map(c.box, ref::exact_value);
  const std::array<ref::Vec<N>, 3> tri{geo::map(c.v[0], ref::exact_value),
                                       geo::map(c.v[1], ref::exact_value),
                                       geo::map(c.v[2], ref::exact_value)};
  return ref::overlap_triangle(box, tri).value();
}

template <class T, std::size_t N>
bool optimized_answer(const Case<T, N>& c) {
  return opt::overlap_triangle(c.box, c.v[0], c.v[1], c.v[2]);
}

// ---- Generators ---------------------------------------------------------------------------

/// A random T with a full random mantissa in [2^lo_exp, 2^hi_exp).
template <class T>
T full_mantissa(int lo_exp, int hi_exp) {
  const auto bits = *rc::gen::arbitrary<std::uint64_t>();
  const int digits = std::numeric_limits<T>::digits;
  const T m = T(1) + std::ldexp(T(bits >> (64 - (digits - 1))), 1 - digits);  // [1, 2)
  return std::ldexp(m, *gen::int_in(lo_exp, hi_exp - 1));
}

/// Coordinates: halves in [-3, 3] (ties and touching are common) or full-mantissa values.
template <class T>
T coordinate() {
  if (*gen::chance(50)) return T(*gen::int_in(-6, 6)) / 2;
  const T x = full_mantissa<T>(-3, 2);
  return *gen::chance(50) ? -x : x;
}

template <class T>
T nudge(T x, int ulps) {
  const T to = ulps > 0 ? std::numeric_limits<T>::max() : -std::numeric_limits<T>::max();
  for (int i = 0; i < std::abs(ulps); ++i) x = std::nextafter(x, to);
  return x;
}

template <class T, std::size_t N>
opt::Box<T, N> any_box() {
  opt::Box<T, N> b;
  for (std::size_t i = 0; i < N; ++i) {
    b.lo[i] = coordinate<T>();
    b.hi[i] = *gen::chance(10) ? b.lo[i] : coordinate<T>();
    if (b.hi[i] < b.lo[i]) std::swap(b.lo[i], b.hi[i]);
  }
  return b;
}

template <class T, std::size_t N>
opt::Vec<T, N> any_point() {
  opt::Vec<T, N> p;
  for (auto& x : p) x = coordinate<T>();
  return p;
}

/// Makes the triangle degenerate now and then: repeated vertices or collinear ones.
template <class T, std::size_t N>
void maybe_degenerate(Case<T, N>& c) {
  switch (*gen::int_in(0, 9)) {
    case 0: c.v[2] = c.v[1] = c.v[0]; break;  // a point
    case 1: c.v[2] = c.v[1]; break;           // a segment
    case 2: c.v[1] = c.v[0]; break;
    case 3:  // collinear: v2 = v0 + 2 (v1 − v0) where that is exact
      for (std::size_t i = 0; i < N; ++i) c.v[2][i] = c.v[0][i] + 2 * (c.v[1][i] - c.v[0][i]);
      break;
    default: break;
  }
}

/// A vertex on the box boundary (a corner, an edge or a face point), nudged by -1..1 ulps.
template <class T, std::size_t N>
Case<T, N> vertex_touch() {
  Case<T, N> c{any_box<T, N>(), {any_point<T, N>(), any_point<T, N>(), any_point<T, N>()}};
  auto& p = c.v[*gen::int_in(0, 2)];
  for (std::size_t i = 0; i < N; ++i) {
    switch (*gen::int_in(0, 2)) {
      case 0: p[i] = c.box.lo[i]; break;
      case 1: p[i] = c.box.hi[i]; break;
      default: break;
    }
    if (*gen::chance(30)) p[i] = nudge(p[i], *gen::int_in(-1, 1));
  }
  return c;
}

/// The triangle in (or one ulp off) a face plane: coordinate i is lo[i] or hi[i] for every vertex.
template <class T, std::size_t N>
Case<T, N> face_plane() {
  Case<T, N> c{any_box<T, N>(), {any_point<T, N>(), any_point<T, N>(), any_point<T, N>()}};
  const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
  const T plane = *gen::chance(50) ? c.box.lo[i] : c.box.hi[i];
  for (auto& p : c.v) p[i] = *gen::chance(20) ? nudge(plane, *gen::int_in(-1, 1)) : plane;
  return c;
}

/// A segment (or a triangle with it as an edge) whose line passes within a few ulps of the box
/// edge through the corner (c_j, c_k) of axes j, k, the rest of the triangle beyond that corner:
/// only the cross-product axis u_i × e (perp(e) in 2D) can separate it, and by a hair.
template <class T, std::size_t N>
Case<T, N> cross_tie() {
  Case<T, N> c;
  c.box = any_box<T, N>();
  std::size_t j = 0, k = 1, i = 2;
  if constexpr (N == 3) {
    i = static_cast<std::size_t>(*gen::int_in(0, 2));
    j = (i + 1) % 3;
    k = (i + 2) % 3;
    if (*gen::chance(50)) std::swap(j, k);
  }
  const T sj = *gen::chance(50) ? T(1) : T(-1), sk = *gen::chance(50) ? T(1) : T(-1);
  const T cj = sj > 0 ? c.box.hi[j] : c.box.lo[j], ck = sk > 0 ? c.box.hi[k] : c.box.lo[k];
  const T a = full_mantissa<T>(-3, 2), b = full_mantissa<T>(-3, 2);
  const T m = T(*gen::int_in(1, 3));
  auto& va = c.v[0];
  auto& vb = c.v[1];
  auto& vc = c.v[2];
  va[j] = cj + sj * a;
  va[k] = ck - sk * b;
  vb[j] = cj - sj * m * a;
  vb[k] = ck + sk * m * b;
  if constexpr (N == 3) {
    const T lo = c.box.lo[i], hi = c.box.hi[i];
    va[i] = *gen::chance(50) ? lo : hi;
    vb[i] = *gen::chance(50) ? lo + (hi - lo) / 2 : coordinate<T>();
  }
  for (int n = *gen::int_in(0, 2); n > 0; --n) {
    auto& p = *gen::chance(50) ? va : vb;
    auto& x = p[*gen::chance(50) ? j : k];
    x = nudge(x, *gen::int_in(-2, 2));
  }
  switch (*gen::int_in(0, 3)) {
    case 0: vc = va; break;  // a segment
    case 1: vc = vb; break;
    default:  // beyond the corner
      vc[j] = cj + sj * full_mantissa<T>(-3, 2);
      vc[k] = ck + sk * full_mantissa<T>(-3, 2);
      if constexpr (N == 3) vc[i] = coordinate<T>();
      break;
  }
  // A random vertex order.
  std::swap(c.v[0], c.v[*gen::int_in(0, 2)]);
  std::swap(c.v[1], c.v[*gen::int_in(1, 2)]);
  return c;
}

/// 3D: a triangle in a plane through a box corner c (or a few ulps off it) whose normal points
/// out of the box there: vertices c + L·s∘(p, -q, 0), c + L·s∘(0, q, -r), c + L·s∘(-p, 0, r)
/// (s the corner's outward signs), so that c is the centroid and the plane touches the box only
/// at c; only the normal axis can separate it after a nudge. 2D: a vertex touch.
template <class T, std::size_t N>
Case<T, N> normal_tie() {
  if constexpr (N == 2) {
    return vertex_touch<T, N>();
  } else {
    Case<T, N> c;
    c.box = any_box<T, N>();
    opt::Vec<T, 3> s, corner;
    for (std::size_t i = 0; i < 3; ++i) {
      s[i] = *gen::chance(50) ? T(1) : T(-1);
      corner[i] = s[i] > 0 ? c.box.hi[i] : c.box.lo[i];
    }
    const T l = std::ldexp(T(1), *gen::int_in(-2, 3));
    const T p = l * full_mantissa<T>(-2, 2), q = l * full_mantissa<T>(-2, 2), r = l * full_mantissa<T>(-2, 2);
    const std::array<opt::Vec<T, 3>, 3> w{{{p, -q, 0}, {0, q, -r}, {-p, 0, r}}};
    for (int k = 0; k < 3; ++k)
      for (std::size_t i = 0; i < 3; ++i) c.v[k][i] = corner[i] + s[i] * w[k][i];
    for (int n = *gen::int_in(0, 2); n > 0; --n) {
      auto& x = c.v[*gen::int_in(0, 2)][*gen::int_in(0, 2)];
      x = nudge(x, *gen::int_in(-2, 2));
    }
    return c;
  }
}

/// A segment (or a triangle with it as an edge) through the origin exactly — va = (a, −b),
/// vb = (−m·a, m·b) with m a power of two on axes j, k — and a box whose corner on those axes is
/// (δj, δk): each 0 or a tiny value 2^-40..2^-110 (2^-1000 in double) of either sign, or (60 %)
/// δk small and δj = fl(−a·δk/b), so that the exact cross-axis quantity (m + 1)(a·δk + b·δj)
/// is a residue at the level of the rounding noise of the products and differences in
/// Wide<T>: only the error bound keeps the filter from deciding it (a filter with a too small
/// bound decides it at random; such a mutation was caught only after this generator was added).
template <class T, std::size_t N>
Case<T, N> cross_tie_at_zero() {
  Case<T, N> c;
  std::size_t j = 0, k = 1, i = 2;
  if constexpr (N == 3) {
    i = static_cast<std::size_t>(*gen::int_in(0, 2));
    j = (i + 1) % 3;
    k = (i + 2) % 3;
    if (*gen::chance(50)) std::swap(j, k);
  }
  auto tiny = [] {
    if (*gen::chance(25)) return T(0);
    const int lo = std::is_same_v<T, float> ? -110 : -1000;
    const T x = full_mantissa<T>(*gen::chance(50) ? -110 : lo, -40);
    return *gen::chance(50) ? -x : x;
  };
  const T a = full_mantissa<T>(-3, 2), b = full_mantissa<T>(-3, 2);
  T dj = tiny(), dk = tiny();
  if (*gen::chance(60)) {
    // The exact quantity is (m + 1)(a·dk + b·dj) (or its mirror): dj = fl(−a·dk/b) leaves a
    // residue near the rounding noise of the products in Wide<T>.
    const bool is_float = std::is_same_v<T, float>;
    dk = full_mantissa<T>(is_float ? -36 : -26, is_float ? -20 : -8);
    if (*gen::chance(50)) dk = -dk;
    dj = -(a * dk) / b;
  }
  c.box.hi[j] = dj;
  c.box.lo[j] = dj - full_mantissa<T>(-2, 2);
  c.box.hi[k] = dk;
  c.box.lo[k] = dk - full_mantissa<T>(-2, 2);
  const T m = std::ldexp(T(1), *gen::int_in(0, 2));
  c.v[0][j] = a;
  c.v[0][k] = -b;
  c.v[1][j] = -m * a;
  c.v[1][k] = m * b;
  c.v[2] = *gen::chance(50) ? c.v[0] : c.v[1];
  if (*gen::chance(50)) {  // a real triangle, its third vertex beyond the corner
    c.v[2][j] = full_mantissa<T>(-3, 2);
    c.v[2][k] = full_mantissa<T>(-3, 2);
  }
  if constexpr (N == 3) {
    c.box.lo[i] = coordinate<T>();
    c.box.hi[i] = c.box.lo[i] + full_mantissa<T>(-2, 2);
    for (auto& p : c.v) p[i] = c.box.lo[i];
    if (*gen::chance(50)) c.v[2][i] = coordinate<T>();
  }
  std::swap(c.v[0], c.v[*gen::int_in(0, 2)]);
  return c;
}

template <class T, std::size_t N>
Case<T, N> random_case() {
  Case<T, N> c{any_box<T, N>(), {any_point<T, N>(), any_point<T, N>(), any_point<T, N>()}};
  maybe_degenerate(c);
  return c;
}

/// Every coordinate scaled by 2^s (s = 0 half the time; else huge or subnormal), when all stay
/// finite (subnormal results may round: the case is whatever floats result).
template <class T, std::size_t N>
void maybe_scale(Case<T, N>& c) {
  using L = std::numeric_limits<T>;
  int s = 0;
  switch (*gen::int_in(0, 3)) {
    case 0: s = *gen::int_in(L::max_exponent - 12, L::max_exponent - 3); break;
    case 1: s = *gen::int_in(L::min_exponent - L::digits - 2, L::min_exponent + 10); break;
    default: return;
  }
  Case<T, N> r = c;
  for (std::size_t i = 0; i < N; ++i) {
    r.box.lo[i] = std::ldexp(r.box.lo[i], s);
    r.box.hi[i] = std::ldexp(r.box.hi[i], s);
    for (auto& p : r.v) p[i] = std::ldexp(p[i], s);
    if (!(std::isfinite(r.box.lo[i]) && std::isfinite(r.box.hi[i]))) return;
    for (auto& p : r.v)
      if (!std::isfinite(p[i])) return;
  }
  c = r;
}

template <class T, std::size_t N>
Case<T, N> edge_case() {
  Case<T, N> c;
  switch (*gen::kind({2, 4, 2, 6, 4, 4})) {
    case 5: c = cross_tie_at_zero<T, N>(); break;
    case 0: c = random_case<T, N>(); break;
    case 1: c = vertex_touch<T, N>(); break;
    case 2: c = face_plane<T, N>(); break;
    case 4: c = normal_tie<T, N>(); break;
    default: c = cross_tie<T, N>(); break;
  }
  if (*gen::chance(15)) maybe_degenerate(c);
  maybe_scale(c);
  return c;
}

/// Whether every nonzero coordinate lies in [2^-30, 2^30] (no huge or subnormal scaling): there a
/// wrong naive answer comes from rounding, not from overflow or underflow.
template <class T, std::size_t N>
bool moderate(const Case<T, N>& c) {
  auto ok = [](T x) { return x == 0 || (std::fabs(x) >= std::ldexp(T(1), -30) && std::fabs(x) <= std::ldexp(T(1), 30)); };
  for (std::size_t i = 0; i < N; ++i) {
    if (!ok(c.box.lo[i]) || !ok(c.box.hi[i])) return false;
    for (const auto& p : c.v)
      if (!ok(p[i])) return false;
  }
  return true;
}

// ---- Planted bugs -------------------------------------------------------------------------

/// The naive float Akenine-Möller test (listings/textbook_shapes.hpp, the benchmark's baseline).
template <class T, std::size_t N>
bool naive_akenine_moller(const Case<T, N>& c) {
  return aabb::textbook::overlap_triangle(c.box, c.v);
}

/// The exact test without the nine cross-product axes (3D) / edge normals (2D).
template <class T, std::size_t N>
bool without_cross_axes(const Case<T, N>& c) {
  for (std::size_t i = 0; i < N; ++i) {
    const T mn = std::min({c.v[0][i], c.v[1][i], c.v[2][i]});
    const T mx = std::max({c.v[0][i], c.v[1][i], c.v[2][i]});
    if (mn > c.box.hi[i] || mx < c.box.lo[i]) return false;
  }
  if constexpr (N == 3)
    if (opt::detail::tri::normal_separates(c.box, c.v[0], c.v[1], c.v[2])) return false;
  return true;
}

// ---- Metamorphic maps ---------------------------------------------------------------------

/// Coordinates permuted by perm (new axis i takes old axis perm[i]) and negated where flip[i].
template <class T, std::size_t N>
Case<T, N> mapped(const Case<T, N>& c, const std::array<std::size_t, N>& perm,
                  const std::array<bool, N>& flip) {
  Case<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    const std::size_t s = perm[i];
    r.box.lo[i] = flip[i] ? -c.box.hi[s] : c.box.lo[s];
    r.box.hi[i] = flip[i] ? -c.box.lo[s] : c.box.hi[s];
    for (int k = 0; k < 3; ++k) r.v[k][i] = flip[i] ? -c.v[k][s] : c.v[k][s];
  }
  return r;
}

template <class T, std::size_t N>
void properties() {
  const std::string t = tag<T, N>();
  rc::prop("overlap_triangle equals the exact answer on random input" + t, [] {
    const auto c = random_case<T, N>();
    RC_CLASSIFY(exact_answer(c), "overlap");
    if (optimized_answer(c) != exact_answer(c)) RC_FAIL(show_case(c));
  });
  rc::prop("overlap_triangle equals the exact answer on edge input" + t, [] {
    const auto c = edge_case<T, N>();
    const bool e = exact_answer(c);
    RC_CLASSIFY(e, "overlap");
    RC_CLASSIFY(naive_akenine_moller(c) != e, moderate(c) ? "naive wrong (rounding)" : "naive wrong (huge or subnormal)");
    RC_CLASSIFY(without_cross_axes(c) != e, "needs a cross axis");
    RC_CLASSIFY(N == 3 && !e && without_cross_axes(c) == e && naive_akenine_moller(c) != e,
                "separated only by the normal or a box axis; naive wrong");
    if (optimized_answer(c) != e) RC_FAIL(show_case(c));
  });
  rc::prop("every vertex order, axis permutation and sign flip gives the same answer" + t, [] {
    const auto c = edge_case<T, N>();
    const bool expected = optimized_answer(c);
    static constexpr std::array<std::array<int, 3>, 6> orders{
        {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
    for (const auto& o : orders)
      RC_ASSERT(opt::overlap_triangle(c.box, c.v[o[0]], c.v[o[1]], c.v[o[2]]) == expected);
    std::array<std::size_t, N> perm;
    for (std::size_t i = 0; i < N; ++i) perm[i] = i;
    do {
      for (unsigned mask = 0; mask < (1u << N); ++mask) {
        std::array<bool, N> flip;
        for (std::size_t i = 0; i < N; ++i) flip[i] = (mask >> i) & 1u;
        RC_ASSERT(optimized_answer(mapped(c, perm, flip)) == expected);
      }
    } while (std::next_permutation(perm.begin(), perm.end()));
  });
  rc::prop("NaN, infinity and an inverted box give false" + t, [] {
    auto c = edge_case<T, N>();
    const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
    switch (*gen::int_in(0, 3)) {
      case 0: c.v[*gen::int_in(0, 2)][i] = std::numeric_limits<T>::quiet_NaN(); break;
      case 1: c.v[*gen::int_in(0, 2)][i] = (*gen::chance(50) ? 1 : -1) * std::numeric_limits<T>::infinity(); break;
      case 2:
        if (*gen::chance(50)) c.box.lo[i] = -std::numeric_limits<T>::infinity();
        else c.box.hi[i] = std::numeric_limits<T>::infinity();
        break;
      default:
        if (c.box.lo[i] == c.box.hi[i]) c.box.hi[i] = nudge(c.box.lo[i], -1);
        else std::swap(c.box.lo[i], c.box.hi[i]);
        break;
    }
    RC_ASSERT(!optimized_answer(c));
  });
}

/// Planted bugs: each must be caught on the pinned seed within the budget.
template <class T, std::size_t N>
void planted() {
  SECTION("the naive float Akenine-Moller test is caught wrong" + tag<T, N>()) {
    const auto failure = run_pinned(
        [] {
          const auto c = edge_case<T, N>();
          if (naive_akenine_moller(c) != exact_answer(c)) RC_FAIL(show_case(c));
        },
        3000);
    REQUIRE(failure.has_value());
    WARN(show(*failure));
  }
  SECTION("the naive float Akenine-Moller test is caught wrong by rounding alone" + tag<T, N>()) {
    const auto failure = run_pinned(
        [] {
          const auto c = edge_case<T, N>();
          if (moderate(c) && naive_akenine_moller(c) != exact_answer(c)) RC_FAIL(show_case(c));
        },
        3000);
    REQUIRE(failure.has_value());
    WARN(show(*failure));
  }
  SECTION("the test without the cross-product axes is caught wrong" + tag<T, N>()) {
    const auto failure = run_pinned(
        [] {
          const auto c = edge_case<T, N>();
          if (without_cross_axes(c) != exact_answer(c)) RC_FAIL(show_case(c));
        },
        3000);
    REQUIRE(failure.has_value());
  }
}

}  // namespace

TEST_CASE("optimized::overlap_triangle") {
  properties<float, 2>();
  properties<float, 3>();
  properties<double, 2>();
  properties<double, 3>();
}

TEST_CASE("optimized::overlap_triangle planted bugs are caught") {
  planted<float, 2>();
  planted<float, 3>();
  planted<double, 2>();
  planted<double, 3>();
}

TEST_CASE("optimized::overlap_triangle pinned cases") {
  // A segment through the corner (1, 1) of the unit box, exactly, and one ulp beyond.
  using V3 = opt::Vec<double, 3>;
  const opt::Box<double, 3> box{{0, 0, 0}, {1, 1, 1}};
  CHECK(opt::overlap_triangle(box, V3{2, 0, 0.5}, V3{0, 2, 0.5}, V3{0, 2, 0.5}));
  const double up = std::nextafter(2.0, 3.0);
  CHECK_FALSE(opt::overlap_triangle(box, V3{up, 0, 0.5}, V3{0, up, 0.5}, V3{0, up, 0.5}));
  // Separated only by the normal: x + y + z = 3 + 2^-50 beyond the corner (1, 1, 1).
  const double s = 3 + std::ldexp(1.0, -50);
  CHECK_FALSE(opt::overlap_triangle(box, V3{s, 0, 0}, V3{0, s, 0}, V3{0, 0, s}));
  CHECK(opt::overlap_triangle(box, V3{3, 0, 0}, V3{0, 3, 0}, V3{0, 0, 3}));
  // Degenerate: a point on a corner, a point one ulp outside.
  CHECK(opt::overlap_triangle(box, V3{1, 1, 1}, V3{1, 1, 1}, V3{1, 1, 1}));
  const double o = std::nextafter(1.0, 2.0);
  CHECK_FALSE(opt::overlap_triangle(box, V3{o, 1, 1}, V3{o, 1, 1}, V3{o, 1, 1}));
}
