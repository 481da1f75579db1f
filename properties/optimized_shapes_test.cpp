// Properties of optimized/shapes.hpp (grow, closest_point, distance_sq, distance_sq_conservative,
// overlap_sphere, plane_side) over float and double, in 2D and 3D, against exact answers computed
// here over the reference's Rational (reference/rational.hpp, float_bits.hpp: exact(x),
// nearest_*), and through the judges of judge/shapes.hpp (the reference's answers), so that both
// agree and the judges are tested; the judges' documented answers to non-finite, inverted and
// negative input (judge::nonfinite) are run on generated invalid input. Generators aim at the edges:
// spheres exactly tangent to a face, an edge or a corner (Pythagorean gaps scaled by 2^k, from
// subnormal to beyond the overflow of r²), radii one or two ulps around the naive float distance,
// gaps that round, planes through a corner, huge normals. The documented non-finite answers are
// unit cases, and the naive float formulas (Arvo's sum, n·c ± Σ|n|e) are shown wrong on the same
// generators, which proves that they reach the ties.

#include <rapidcheck/catch.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "aabb/cases/generators.hpp"
#include "aabb/judge/shapes.hpp"
#include "aabb/judge/ulp.hpp"
#include "aabb/listings/textbook_shapes.hpp"
#include "shipped/shapes.hpp"
#include "optimized_support.hpp"
#include "relations.hpp"

namespace {

using namespace aabb::props::shipped_names;

// ---- Exact values ------------------------------------------------------------------------------

template <class T>
Rational q(T x) {
  return ref::exact(x).value();
}

/// Whether r is the largest T <= e (the directed rounding downward; -inf below -max).
template <class T>
bool is_round_down(T r, const Rational& e) {
  constexpr T max = std::numeric_limits<T>::max();
  if (std::isnan(r) || r == std::numeric_limits<T>::infinity()) return false;
  if (r == -std::numeric_limits<T>::infinity()) return e < q(-max);
  if (q(r) > e) return false;
  return r == max || q(std::nextafter(r, std::numeric_limits<T>::infinity())) > e;
}

/// Whether r is the smallest T >= e.
template <class T>
bool is_round_up(T r, const Rational& e) {
  return is_round_down<T>(T(-r), Rational(-e));
}

/// max(lo - p, 0, p - hi), exactly.
template <class T>
Rational exact_gap(T lo, T hi, T p) {
  const Rational l = q(lo), h = q(hi), x = q(p);
  if (x < l) return l - x;
  if (x > h) return x - h;
  return 0;
}

template <class T, std::size_t N>
Rational exact_distance_sq(const opt::Box<T, N>& box, const opt::Vec<T, N>& p) {
  Rational s = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const Rational g = exact_gap(box.lo[i], box.hi[i], p[i]);
    s += g * g;
  }
  return s;
}

/// The exact plane_side: the least and greatest n·x over the box against d.
template <class T, std::size_t N>
int exact_plane_side(const opt::Box<T, N>& box, const opt::Vec<T, N>& n, T d) {
  Rational least = 0, greatest = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const Rational a = q(n[i]) * q(box.lo[i]), b = q(n[i]) * q(box.hi[i]);
    least += std::min(a, b);
    greatest += std::max(a, b);
  }
  const Rational e = q(d);
  if (greatest < e) return -1;
  if (least > e) return 1;
  return 0;
}

template <class T, std::size_t N>
std::string show(const opt::Vec<T, N>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < N; ++i) s += (i ? ", " : "") + ref::hex(v[i]);
  return s + "]";
}
template <class T, std::size_t N>
std::string show(const opt::Box<T, N>& b) {
  return "{min: " + show(b.lo) + ", max: " + show(b.hi) + "}";
}

// ---- The naive float formulas (planted bugs: they must be caught) ---------------------------------

// Arvo's sum, the centre–extent plane test and the float distance: aabb::textbook's
// (listings/textbook_shapes.hpp), the formulas the benchmark measures against.
namespace naive = aabb::textbook;

// ---- Generators --------------------------------------------------------------------------------

/// A scale 2^k for exact small-integer scenes: around 1, anywhere, at the bottom (multiples of the
/// least subnormal: squares underflow in T) or near the top (r fits, r² overflows in T).
template <class T>
int scene_exponent() {
  using L = std::numeric_limits<T>;
  switch (*gen::kind({4, 2, 2, 2})) {
    case 0:
      return *gen::int_in(-4, 4);
    case 1:
      return *gen::int_in(L::min_exponent - L::digits, L::max_exponent - 7);
    case 2:
      return L::min_exponent - L::digits + *gen::int_in(0, 3);
    default:
      return L::max_exponent - 7 - *gen::int_in(0, 2);
  }
}

/// A small-integer box scaled by 2^k: bounds base·2^k and (base + w)·2^k, |base| <= 8, w in 0..8.
template <class T, std::size_t N>
opt::Box<T, N> scene_box(int k) {
  opt::Box<T, N> b;
  for (std::size_t i = 0; i < N; ++i) {
    const int base = *gen::int_in(-8, 8), w = *gen::int_in(0, 8);
    b.lo[i] = std::ldexp(T(base), k);
    b.hi[i] = std::ldexp(T(base + w), k);
  }
  return b;
}

/// A sphere exactly tangent to the box (gaps a Pythagorean tuple times 2^k on the chosen axes:
/// a face, an edge or a corner), the radius sometimes moved by one ulp.
template <class T, std::size_t N>
std::tuple<opt::Box<T, N>, opt::Vec<T, N>, T> tangent_sphere() {
  static const std::vector<std::array<int, 4>> tuples2 = {{3, 4, 0, 5}, {5, 12, 0, 13}, {0, 1, 0, 1}, {8, 15, 0, 17}, {0, 0, 0, 0}};
  static const std::vector<std::array<int, 4>> tuples3 = {{2, 3, 6, 7}, {1, 2, 2, 3}, {0, 3, 4, 5}, {0, 0, 1, 1}, {1, 4, 8, 9}, {0, 0, 0, 0}};
  const auto& tuples = N == 2 ? tuples2 : tuples3;
  auto t = *rc::gen::elementOf(tuples);
  const int k = scene_exponent<T>();
  const auto box = scene_box<T, N>(k);
  const auto perm = *gen::permutation(N);
  opt::Vec<T, N> c;
  for (std::size_t i = 0; i < N; ++i) {
    const int g = t[perm[i]];
    if (g == 0) {
      c[i] = *gen::chance(50) ? box.lo[i] : box.hi[i];
    } else {
      c[i] = *gen::chance(50) ? box.lo[i] - std::ldexp(T(g), k) : box.hi[i] + std::ldexp(T(g), k);
    }
  }
  const T r = gen::ulp_step(std::ldexp(T(t[3]), k), gen::choose<int>({2, 6, 2}, [] { return -1; }, [] { return 0; }, [] { return 1; }));
  return {box, c, r < 0 ? T(0) : r};
}

/// A centre near a face whose gap rounds in T (c = fl(lo - δ) or fl(hi + δ), δ of any size),
/// on a face, or anywhere near the box.
template <class T, std::size_t N>
opt::Vec<T, N> rounding_point(const opt::Box<T, N>& box) {
  auto c = *gen::point_near<T, N>(box);
  for (std::size_t i = 0; i < N; ++i) {
    if (!*gen::chance(50)) continue;
    const T delta = std::fabs(*gen::number<T>());
    const T x = *gen::chance(50) ? box.lo[i] - delta : box.hi[i] + delta;
    if (std::isfinite(x)) c[i] = x;
  }
  return c;
}

/// A radius around the naive float distance: fl(sqrt(naive Σ gap²)) moved by -2..2 ulps.
template <class T, std::size_t N>
T radius_near(const opt::Box<T, N>& box, const opt::Vec<T, N>& c) {
  const T d = std::sqrt(naive::distance_sq(box, c));
  if (!std::isfinite(d)) return *gen::nonnegative<T>();
  const T r = gen::ulp_step(d, *gen::int_in(-2, 2));
  return r < 0 ? T(0) : r;
}

/// A sphere whose exact Σ gap² is within a few units of the last place of r² without an exact
/// tie: the band where sphere_fast_filter's slack decides. The gaps are a greedy decomposition of
/// r² (r with up to 51 significant bits): g1 a random fraction of r, g2 the T nearest to
/// sqrt(r² - g1²) (in 3D: not above it) and, in 3D, g3 the T nearest to the square root of the
/// exact remainder, so Σ gap² - r² is the rounding of the last square: about 2^-106·r² for double
/// (2D: 2^-53·r²), where the filter's fl(r·r) and its sum of rounded squares round at 2^-53·r²;
/// for float about 2^-48·r² (3D) or 2^-24·r² (2D). The box is [0, w] or [-w, 0] per axis (each gap
/// exact), the axes permuted; r is sometimes moved by one ulp (the band's edge).
template <class T, std::size_t N>
std::tuple<opt::Box<T, N>, opt::Vec<T, N>, T> band_sphere() {
  auto nearest = [](const Rational& x) -> T {
    if constexpr (std::is_same_v<T, float>)
      return ref::nearest_float(x);
    else
      return ref::nearest_double(x);
  };
  auto root = [&](const Rational& x) { return x > 0 ? T(std::sqrt(ref::nearest_double(x))) : T(0); };
  const int k = *gen::int_in(-40, 40);
  const Rational scale = Rational(ref::exact(std::ldexp(1.0, k - 50)).value());
  const T r = nearest((Rational(*gen::int_in(1 << 20, (1 << 21) - 1)) * (1 << 30) + *gen::int_in(0, (1 << 30) - 1)) * scale);
  const Rational rr = q(r) * q(r);
  std::array<T, 3> g{};
  g[0] = nearest(q(r) * Rational(*gen::int_in(300, 950)) / 1000);
  Rational rest = rr - q(g[0]) * q(g[0]);
  g[1] = root(rest);
  if (N == 3 && q(g[1]) * q(g[1]) > rest) g[1] = std::nextafter(g[1], T(0));  // leave g3 a remainder
  rest -= q(g[1]) * q(g[1]);
  if (N == 3) g[2] = root(rest);
  const auto perm = *gen::permutation(N);
  opt::Box<T, N> box;
  opt::Vec<T, N> c;
  for (std::size_t i = 0; i < N; ++i) {
    const T w = std::ldexp(T(*gen::int_in(0, 8)), k);
    const T gap = g[perm[i]];
    if (*gen::chance(50)) {
      box.lo[i] = 0, box.hi[i] = w, c[i] = -gap;
    } else {
      box.lo[i] = -w, box.hi[i] = 0, c[i] = gap;
    }
  }
  return {box, c, gen::ulp_step(r, gen::choose<int>({1, 8, 1}, [] { return -1; }, [] { return 0; }, [] { return 1; }))};
}

template <class T, std::size_t N>
std::tuple<opt::Box<T, N>, opt::Vec<T, N>, T> sphere_case() {
  switch (*gen::kind({4, 5, 1, 3})) {
    case 0:
      return tangent_sphere<T, N>();
    case 3:
      return band_sphere<T, N>();
    case 1: {
      const opt::Box<T, N> box = *gen::box<T, N>();
      const auto c = rounding_point<T, N>(box);
      return {box, c, radius_near<T, N>(box, c)};
    }
    default: {
      const opt::Box<T, N> box = *gen::box<T, N>();
      return {box, *gen::point_near<T, N>(box), *gen::nonnegative<T>()};
    }
  }
}

/// A box and a point for distance_sq: the sphere cases' box and centre.
template <class T, std::size_t N>
std::tuple<opt::Box<T, N>, opt::Vec<T, N>> point_case() {
  const auto [box, c, r] = sphere_case<T, N>();
  (void)r;
  return {box, c};
}

/// A plane aimed at a corner of the box: exactly through a corner of a small-integer scene, at the
/// naive float value of n·corner moved by -2..2 ulps, with huge normals (products overflow in T),
/// or anywhere.
template <class T, std::size_t N>
std::tuple<opt::Box<T, N>, opt::Vec<T, N>, T> plane_case() {
  switch (*gen::kind({3, 4, 2, 2, 1})) {
    case 0: {
      const int k = scene_exponent<T>();
      const auto box = scene_box<T, N>(*gen::chance(50) ? 0 : k);
      opt::Vec<T, N> n;
      Rational d = 0;
      for (std::size_t i = 0; i < N; ++i) {
        n[i] = std::ldexp(T(*gen::int_in(-6, 6)), *gen::chance(50) ? 0 : k);
        d += q(n[i]) * q(*gen::chance(50) ? box.lo[i] : box.hi[i]);
      }
      const T dt = std::is_same_v<T, float> ? T(ref::nearest_float(d)) : T(ref::nearest_double(d));
      const T dd = std::isfinite(dt) ? gen::ulp_step(dt, gen::choose<int>({1, 6, 1}, [] { return -1; }, [] { return 0; }, [] { return 1; })) : T(0);
      return {box, n, dd};
    }
    case 1:
    case 2: {
      const opt::Box<T, N> box = *gen::box<T, N>();
      opt::Vec<T, N> n = *gen::vec<T, N>();
      for (std::size_t i = 0; i < N; ++i)
        if (*gen::chance(30)) n[i] = (*gen::chance(50) ? 1 : -1) * *gen::large<T>();
      T s = 0;
      for (std::size_t i = 0; i < N; ++i) s += n[i] * (*gen::chance(50) ? box.lo[i] : box.hi[i]);
      const T d = std::isfinite(s) ? gen::ulp_step(s, *gen::int_in(-2, 2)) : *gen::number<T>();
      return {box, n, d};
    }
    case 3: {
      // Cancelling products: the corner (X, -X) (0 on a third axis) with n = (k, k), so n·corner
      // is exactly 0 while d is tiny: the sum -d + k·X rounds in Wide<T> and k·X - k·X cancels.
      const T x = *gen::chance(50) ? *gen::large<T>() : std::fabs(*gen::number<T>());
      const T k = *gen::small_integer<T>();
      opt::Box<T, N> box;
      opt::Vec<T, N> n{};
      for (std::size_t i = 0; i < N; ++i) box.lo[i] = box.hi[i] = 0;
      // Or the corner (X, -X') with X' up to 2 ulps from X: n·corner = k·(X - X') is tiny and
      // exact while each product k·X rounds in T (and, for double, in long double).
      const T x2 = gen::ulp_step(x, *gen::int_in(0, 2));
      box.hi[0] = x;
      box.hi[1] = -x2;
      box.lo[0] = *gen::chance(50) ? x : T(x - std::fabs(*gen::small<T>()));
      box.lo[1] = *gen::chance(50) ? T(-x2) : T(-x2 - std::fabs(*gen::small<T>()));
      n[0] = n[1] = k;
      const T through = k * (x - x2);  // exact: x - x2 by Sterbenz, times a small integer
      T d;
      switch (*gen::kind({1, 1, 1})) {
        case 0:
          d = *gen::chance(50) ? *gen::scaled_small<T>() : T(*gen::small_integer<T>() * std::numeric_limits<T>::denorm_min());
          break;
        case 1:
          d = through;
          break;
        default:
          d = gen::ulp_step(through, *gen::chance(50) ? 1 : -1);
      }
      return {box, n, d};
    }
    default:
      return {*gen::box<T, N>(), *gen::vec<T, N>(), *gen::number<T>()};
  }
}

// ---- Properties --------------------------------------------------------------------------------

constexpr auto shape_properties = []<class T, std::size_t N>() {
  rc::prop("grow: each bound is the exact lo - m / hi + m rounded outward" + tag<T, N>(), [] {
    const opt::Box<T, N> box = *gen::box<T, N>();
    opt::Vec<T, N> m;
    const bool scalar = *gen::chance(50);
    const T m0 = *gen::chance(20) ? *gen::large<T>() : *gen::nonnegative<T>();
    for (std::size_t i = 0; i < N; ++i) m[i] = scalar ? m0 : (*gen::chance(20) ? *gen::large<T>() : *gen::nonnegative<T>());
    const auto r = scalar ? opt::grow(box, m0) : opt::grow(box, m);
    require_ok(scalar ? judge::grow(box, m0, r) : judge::grow(box, m, r));
    bool rounded = false, overflow = false;
    for (std::size_t i = 0; i < N; ++i) {
      const Rational lo = q(box.lo[i]) - q(m[i]), hi = q(box.hi[i]) + q(m[i]);
      if (!is_round_down(r.lo[i], lo) || !is_round_up(r.hi[i], hi))
        RC_FAIL("axis " + std::to_string(i) + ": box " + show(box) + " margin " + show(m) + " gave " +
                show(r));
      const T nlo = box.lo[i] - m[i], nhi = box.hi[i] + m[i];
      rounded |= !std::isfinite(nlo) || !std::isfinite(nhi) || q(nlo) != lo || q(nhi) != hi;
      overflow |= std::isinf(r.lo[i]) || std::isinf(r.hi[i]);
    }
    RC_CLASSIFY(rounded, "a bound rounds");
    RC_CLASSIFY(overflow, "a bound overflows");
  });

  rc::prop("grow (centre-extent): centre unchanged, extent e + m rounded up" + tag<T, N>(), [] {
    const opt::CenterExtent<T, N> box = *gen::center_extent<T, N>();
    opt::Vec<T, N> m;
    for (std::size_t i = 0; i < N; ++i) m[i] = *gen::chance(20) ? *gen::large<T>() : *gen::nonnegative<T>();
    const auto r = opt::grow(box, m);
    require_ok(judge::grow(box, m, r));
    require_ok(judge::grow(box, m[0], opt::grow(box, m[0])));
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(r.center[i] == box.center[i]);
      RC_ASSERT(is_round_up(r.extent[i], q(box.extent[i]) + q(m[i])));
    }
  });

  rc::prop("closest_point is the exact clamp" + tag<T, N>(), [] {
    const auto [box, p] = point_case<T, N>();
    const auto r = opt::closest_point(box, p);
    require_ok(judge::closest_point(box, p, r));
    for (std::size_t i = 0; i < N; ++i) {
      const Rational x = std::clamp(q(p[i]), q(box.lo[i]), q(box.hi[i]));
      RC_ASSERT(std::isfinite(r[i]));
      RC_ASSERT(q(r[i]) == x);
    }
  });

  rc::prop("distance_sq is within 1 ulp of the exact value" + tag<T, N>(), [] {
    const auto [box, p] = point_case<T, N>();
    const T got = opt::distance_sq(box, p);
    const Rational d = exact_distance_sq(box, p);
    RC_ASSERT(d == aabb::filtered::dispatch::distance_sq(box, p).value());
    require_ok(judge::distance_sq(box, p, got));
    const Rational max = q(std::numeric_limits<T>::max());
    RC_CLASSIFY(d > max, "beyond the range");
    RC_CLASSIFY(d == 0, "inside");
    const T naive = naive::distance_sq(box, p);
    RC_CLASSIFY(!std::isfinite(naive) || q(naive) != d, "the naive sum rounds or overflows");
    if (std::isinf(got)) {
      RC_ASSERT(got > 0);
      RC_ASSERT(d > max);
      return;
    }
    const auto u = judge::ulp_distance(got, d);
    if (!u || *u > 1)
      RC_FAIL("box " + show(box) + " p " + show(p) + ": got " + ref::hex(got) + ", exact " + ref::to_string(d));
    // The proof's sharper bound: under 1/2 + 2^-25 ulps (float); double: under 1/2 + 2^-40 (a
    // double-double sum within 2^-96 relative, or the exact sum, rounded once).
    const Rational sharp = Rational(1) / 2 + Rational(1) / Rational(std::is_same_v<T, float> ? (1LL << 25) : (1LL << 40));
    RC_ASSERT(*u < sharp);
    if (d == 0) RC_ASSERT(got == 0);
    RC_CLASSIFY(d != 0 && got == 0, "underflows to 0");
  });

  rc::prop("distance_sq_conservative never exceeds the exact value, within 2 ulps" + tag<T, N>(), [] {
    const auto [box, p] = point_case<T, N>();
    const T got = opt::distance_sq_conservative(box, p);
    const Rational d = exact_distance_sq(box, p);
    require_ok(judge::distance_sq_conservative(box, p, got));
    RC_ASSERT(std::isfinite(got));
    if (q(got) > d)
      RC_FAIL("box " + show(box) + " p " + show(p) + ": got " + ref::hex(got) + " > exact " + ref::to_string(d));
    if (d == 0) RC_ASSERT(got == 0);
    if (d <= q(std::numeric_limits<T>::max())) {
      const auto u = judge::ulp_distance(got, d);
      RC_ASSERT(u.has_value());
      // Under 1 + 2^-25 ulps (float) (docs/contracts.md): within 2.
      const Rational bound = Rational(1) + Rational(1) / Rational(1 << 25);
      RC_ASSERT(*u < bound);
      RC_CLASSIFY(*u > 1, "more than 1 ulp below (the exact value is representable)");
      if constexpr (std::is_same_v<T, double>) {
        // double: exactly the largest double <= the exact value (its directed rounding).
        const T above = std::nextafter(got, std::numeric_limits<T>::infinity());
        if (!(std::isinf(above) || q(above) > d))
          RC_FAIL("box " + show(box) + " p " + show(p) + ": got " + ref::hex(got) + ", not the largest double <= " + ref::to_string(d));
      }
    } else {
      RC_ASSERT(got == std::numeric_limits<T>::max());
    }
  });

  rc::prop("overlap_sphere equals the exact distance_sq <= r²" + tag<T, N>(), [] {
    const auto [box, c, r] = sphere_case<T, N>();
    const bool got = opt::overlap_sphere(box, c, r);
    const Rational d = exact_distance_sq(box, c), rr = q(r) * q(r);
    const bool want = d <= rr;
    require_ok(judge::overlap_sphere(box, c, r, got));
    RC_CLASSIFY(d == rr, "tangent (exact tie)");
    const Rational off = d - rr, band = rr / Rational(std::pow(2.0, 48));
    RC_CLASSIFY(d != rr && off <= band && -off <= band, "within 2^-48·r² of a tie, not tied (the filter's band)");
    RC_CLASSIFY(naive::overlap_sphere(box, c, r) != want, "the naive Arvo sum is wrong");
    RC_CLASSIFY(want, "overlap");
    RC_CLASSIFY(opt::detail::sphere_fast_filter(box, c, r) == 0, "filter undecided: slow path");
    if (got != want)
      RC_FAIL("box " + show(box) + " c " + show(c) + " r " + ref::hex(r) + ": got " + std::to_string(got));
  });

  rc::prop("plane_side equals the exact side" + tag<T, N>(), [] {
    const auto [box, n, d] = plane_case<T, N>();
    const int got = opt::plane_side(box, n, d);
    const int want = exact_plane_side(box, n, d);
    bool zero_normal = true;
    for (std::size_t i = 0; i < N; ++i) zero_normal = zero_normal && n[i] == 0;
    // A zero normal is outside the reference's domain: the documented answer (the sign of -d).
    require_ok(zero_normal ? judge::nonfinite::plane_side(box, n, d, got) : judge::plane_side(box, n, d, got));
    RC_CLASSIFY(want == 0, "touches or cuts");
    RC_CLASSIFY(opt::detail::plane_fast_filter(box, n, d) == 2, "filter undecided: slow path");
    RC_CLASSIFY(naive::plane_side(box, n, d) != want, "the naive n·c ± Σ|n|e is wrong");
    if (got != want)
      RC_FAIL("box " + show(box) + " n " + show(n) + " d " + ref::hex(d) + ": got " + std::to_string(got) +
              ", exact " + std::to_string(want));
  });
};

// ---- Metamorphic: an axis permutation and a sign flip are exact maps of space ---------------------

/// v with its axes permuted (r[i] = v[perm[i]]) and axis `flip` negated when `negate`.
template <class T, std::size_t N>
opt::Vec<T, N> moved(const opt::Vec<T, N>& v, const std::vector<std::size_t>& perm, std::size_t flip, bool negate) {
  opt::Vec<T, N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = v[perm[i]];
  if (negate) r[flip] = -r[flip];
  return r;
}
template <class T, std::size_t N>
opt::Box<T, N> moved(const opt::Box<T, N>& b, const std::vector<std::size_t>& perm, std::size_t flip, bool negate) {
  opt::Box<T, N> r{moved(b.lo, perm, flip, false), moved(b.hi, perm, flip, false)};
  if (negate) {
    const T lo = r.lo[flip];
    r.lo[flip] = -r.hi[flip];
    r.hi[flip] = -lo;
  }
  return r;
}

constexpr auto shape_maps = []<class T, std::size_t N>() {
  rc::prop("overlap_sphere, plane_side, closest_point and grow follow an axis permutation and a sign flip" + tag<T, N>(), [] {
    const auto perm = *gen::permutation(N);
    const auto flip = static_cast<std::size_t>(*gen::int_in(0, static_cast<int>(N) - 1));
    const bool negate = *gen::chance(50);
    const auto [box, c, r] = sphere_case<T, N>();
    RC_ASSERT(opt::overlap_sphere(moved(box, perm, flip, negate), moved(c, perm, flip, negate), r) ==
              opt::overlap_sphere(box, c, r));
    const auto cp = opt::closest_point(box, c);
    RC_ASSERT(moved(cp, perm, flip, negate) == opt::closest_point(moved(box, perm, flip, negate), moved(c, perm, flip, negate)));
    const auto [pbox, n, d] = plane_case<T, N>();
    // The normal moves with the box: n·x is unchanged.
    RC_ASSERT(opt::plane_side(moved(pbox, perm, flip, negate), moved(n, perm, flip, negate), d) == opt::plane_side(pbox, n, d));
    const T m = *gen::nonnegative<T>();
    const auto g = opt::grow(box, m);
    const auto mg = opt::grow(moved(box, perm, flip, negate), m);
    RC_ASSERT(moved(g, perm, flip, negate) == mg);
  });
};

// ---- Documented non-finite and invalid answers --------------------------------------------------

/// A value of any kind: NaN, ±inf, ±max, or an ordinary generated number.
template <class T>
T wild() {
  using L = std::numeric_limits<T>;
  switch (*gen::kind({1, 1, 1, 1, 6})) {
    case 0: return L::quiet_NaN();
    case 1: return L::infinity();
    case 2: return -L::infinity();
    case 3: return *gen::chance(50) ? L::max() : -L::max();
    default: return *gen::number<T>();
  }
}
/// A vector with each component wild at 1 in 4.
template <class T, std::size_t N>
opt::Vec<T, N> wild_vec(opt::Vec<T, N> v) {
  for (auto& x : v)
    if (*gen::chance(25)) x = wild<T>();
  return v;
}
/// A box with wild bounds, or one axis inverted.
template <class T, std::size_t N>
opt::Box<T, N> wild_box() {
  opt::Box<T, N> b = *gen::box<T, N>();
  if (*gen::chance(30)) {
    const auto k = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
    std::swap(b.lo[k], b.hi[k]);
  }
  return {wild_vec(b.lo), wild_vec(b.hi)};
}

constexpr auto nonfinite_properties = []<class T, std::size_t N>() {
  rc::prop("the documented answers to NaN, inf, inverted and negative input (judge::nonfinite)" + tag<T, N>(), [] {
    namespace nf = judge::nonfinite;
    const auto box = wild_box<T, N>();
    const auto p = wild_vec(*gen::point_near<T, N>(box));
    T r = *gen::chance(20) ? -*gen::nonnegative<T>() : (*gen::chance(70) ? *gen::nonnegative<T>() : wild<T>());
    opt::Vec<T, N> m;
    for (auto& x : m) x = *gen::chance(20) ? -*gen::nonnegative<T>() : (*gen::chance(70) ? *gen::nonnegative<T>() : wild<T>());
    const opt::CenterExtent<T, N> ce{wild_vec(*gen::vec<T, N>()), wild_vec(*gen::vec<T, N>())};
    require_ok(nf::grow(box, m, opt::grow(box, m)));
    require_ok(nf::grow(box, r, opt::grow(box, r)));
    require_ok(nf::grow(ce, m, opt::grow(ce, m)));
    require_ok(nf::closest_point(box, p, opt::closest_point(box, p)));
    require_ok(nf::distance_sq(box, p, opt::distance_sq(box, p)));
    require_ok(nf::distance_sq_conservative(box, p, opt::distance_sq_conservative(box, p)));
    require_ok(nf::overlap_sphere(box, p, r, opt::overlap_sphere(box, p, r)));
    opt::Vec<T, N> n = wild_vec(*gen::vec<T, N>());
    if (*gen::chance(10)) n = opt::Vec<T, N>{};
    require_ok(nf::plane_side(box, n, r, opt::plane_side(box, n, r)));
  });
};

template <class T>
void documented_answers() {
  using B = opt::Box<T, 2>;
  using V = opt::Vec<T, 2>;
  constexpr T nan = std::numeric_limits<T>::quiet_NaN();
  constexpr T inf = std::numeric_limits<T>::infinity();
  constexpr T max = std::numeric_limits<T>::max();
  constexpr T tiny = std::numeric_limits<T>::denorm_min();
  const B unit{{0, 0}, {1, 1}};
  const B inverted{{2, 0}, {1, 1}};

  // grow: NaN propagates to its bound; inf is IEEE; overflow goes to ±inf; negative margin shrinks.
  auto g = opt::grow(unit, nan);
  CHECK(std::isnan(g.lo[0]));
  CHECK(std::isnan(g.hi[1]));
  g = opt::grow(unit, V{nan, 1});
  CHECK(std::isnan(g.lo[0]));
  CHECK(g.lo[1] == -1);
  CHECK(g.hi[1] == 2);
  g = opt::grow(unit, inf);
  CHECK(g.lo[0] == -inf);
  CHECK(g.hi[0] == inf);
  g = opt::grow(B{{-max, 0}, {max, 0}}, max);
  CHECK(g.lo[0] == -inf);
  CHECK(g.hi[0] == inf);
  g = opt::grow(B{{-max, 0}, {max, 0}}, tiny);  // rounds inward to ±max, steps out to ±inf
  CHECK(g.lo[0] == -inf);
  CHECK(g.hi[0] == inf);
  CHECK(g.lo[1] == -tiny);
  g = opt::grow(unit, T(-0.25));
  CHECK(g.lo[0] == T(0.25));
  CHECK(g.hi[0] == T(0.75));
  g = opt::grow(unit, tiny);  // 1 + tiny rounds to 1: steps to the next T above 1
  CHECK(g.hi[0] == std::nextafter(T(1), T(2)));
  CHECK(g.lo[0] == -tiny);
  const auto ce = opt::grow(opt::CenterExtent<T, 2>{{5, 5}, {1, 1}}, tiny);
  CHECK(ce.center[0] == 5);
  CHECK(ce.extent[0] == std::nextafter(T(1), T(2)));

  // closest_point: NaN or an inverted axis → NaN there; inf clamps.
  auto p = opt::closest_point(unit, V{nan, 3});
  CHECK(std::isnan(p[0]));
  CHECK(p[1] == 1);
  p = opt::closest_point(inverted, V{0, 0.5});
  CHECK(std::isnan(p[0]));
  CHECK(p[1] == T(0.5));
  p = opt::closest_point(B{{0, nan}, {1, 1}}, V{0, 0});
  CHECK(std::isnan(p[1]));
  p = opt::closest_point(unit, V{-inf, inf});
  CHECK(p[0] == 0);
  CHECK(p[1] == 1);

  // distance_sq: NaN or inverted → NaN; infinite gap → inf; infinite point inside infinite bound → 0.
  CHECK(std::isnan(opt::distance_sq(unit, V{nan, 0})));
  CHECK(std::isnan(opt::distance_sq(inverted, V{0, 0})));
  CHECK(std::isnan(opt::distance_sq_conservative(inverted, V{0, 0})));
  CHECK(opt::distance_sq(unit, V{inf, 0}) == inf);
  CHECK(opt::distance_sq_conservative(unit, V{inf, 0}) == inf);
  CHECK(opt::distance_sq(B{{-inf, 0}, {1, 1}}, V{-inf, 0}) == 0);
  CHECK(opt::distance_sq(B{{-max, 0}, {max, 0}}, V{0, max}) == inf);
  CHECK(opt::distance_sq_conservative(B{{-max, 0}, {max, 0}}, V{0, max}) == max);
  CHECK(opt::distance_sq(unit, V{3, 5}) == 20);
  CHECK(opt::distance_sq_conservative(unit, V{3, 5}) <= 20);
  CHECK(opt::distance_sq_conservative(unit, V{0.5, 0.5}) == 0);

  // overlap_sphere: NaN, inverted, negative r → false; r = inf → true unless a gap is infinite.
  CHECK_FALSE(opt::overlap_sphere(unit, V{nan, 0}, T(1)));
  CHECK_FALSE(opt::overlap_sphere(unit, V{0, 0}, nan));
  CHECK_FALSE(opt::overlap_sphere(B{{0, 0}, {nan, 1}}, V{0, 0}, T(1)));
  CHECK_FALSE(opt::overlap_sphere(inverted, V{1.5, 0.5}, T(10)));
  CHECK_FALSE(opt::overlap_sphere(unit, V{0.5, 0.5}, T(-1)));
  CHECK(opt::overlap_sphere(unit, V{0.5, 0.5}, -T(0)));
  CHECK(opt::overlap_sphere(unit, V{max, -max}, inf));
  CHECK_FALSE(opt::overlap_sphere(unit, V{inf, 0}, inf));
  CHECK_FALSE(opt::overlap_sphere(unit, V{inf, 0}, max));
  // Ties: tangent to a face, a corner (3-4-5), touching at r = 0; huge (r² overflows in T) and
  // subnormal (squares underflow in T) scenes decided exactly.
  CHECK(opt::overlap_sphere(unit, V{2, 0.5}, T(1)));
  CHECK(opt::overlap_sphere(unit, V{4, 5}, T(5)));
  CHECK_FALSE(opt::overlap_sphere(unit, V{4, 5}, std::nextafter(T(5), T(0))));
  CHECK(opt::overlap_sphere(unit, V{1, 1}, T(0)));
  const T big = std::ldexp(T(1), std::numeric_limits<T>::max_exponent - 4);
  CHECK(opt::overlap_sphere(B{{0, 0}, {big, big}}, V{4 * big, 5 * big}, 5 * big));
  CHECK_FALSE(opt::overlap_sphere(B{{0, 0}, {big, big}}, V{4 * big, 5 * big}, std::nextafter(5 * big, T(0))));
  CHECK(opt::overlap_sphere(B{{0, 0}, {tiny, tiny}}, V{4 * tiny, 5 * tiny}, 5 * tiny));
  CHECK_FALSE(opt::overlap_sphere(B{{0, 0}, {tiny, tiny}}, V{4 * tiny, 5 * tiny}, 4 * tiny));
  // A gap that rounds in T: 1 + 2^-digits rounds to 1, the exact distance is above 1.
  const T half_ulp = std::ldexp(T(1), -std::numeric_limits<T>::digits);
  CHECK_FALSE(opt::overlap_sphere(B{{1, 0}, {2, 1}}, V{-half_ulp, 0.5}, T(1)));
  CHECK(naive::overlap_sphere(B{{1, 0}, {2, 1}}, V{-half_ulp, 0.5}, T(1)));

  // plane_side: NaN, inf or inverted → 0; zero normal → sign of -d; exact through a corner.
  CHECK(opt::plane_side(unit, V{nan, 1}, T(5)) == 0);
  CHECK(opt::plane_side(unit, V{1, 1}, inf) == 0);
  CHECK(opt::plane_side(B{{-inf, 0}, {1, 1}}, V{1, 1}, T(5)) == 0);
  CHECK(opt::plane_side(inverted, V{1, 1}, T(50)) == 0);
  CHECK(opt::plane_side(unit, V{0, 0}, T(1)) == -1);
  CHECK(opt::plane_side(unit, V{0, 0}, T(-1)) == 1);
  CHECK(opt::plane_side(unit, V{0, 0}, T(0)) == 0);
  CHECK(opt::plane_side(unit, V{1, 1}, T(2)) == 0);
  CHECK(opt::plane_side(unit, V{1, 1}, std::nextafter(T(2), T(3))) == -1);
  CHECK(opt::plane_side(unit, V{1, 1}, T(0)) == 0);
  CHECK(opt::plane_side(unit, V{1, 1}, -tiny) == 1);
  CHECK(opt::plane_side(unit, V{-1, 1}, T(1)) == 0);
  // Products overflow in T: max·max - max·max is decided exactly.
  CHECK(opt::plane_side(B{{max, max}, {max, max}}, V{max, -max}, T(0)) == 0);
  CHECK(opt::plane_side(B{{max, max}, {max, max}}, V{max, -max}, tiny) == -1);
  CHECK(opt::plane_side(B{{max, max}, {max, max}}, V{max, -max}, -tiny) == 1);
}

}  // namespace

TEST_CASE("optimized::shapes") {
  aabb::props::each_type_and_dim(shape_properties, shape_maps, nonfinite_properties);
}

TEST_CASE("optimized::shapes answers non-finite, inverted and tied input as documented") {
  SECTION("float") { documented_answers<float>(); }
  SECTION("double") { documented_answers<double>(); }
}

// ---- Teeth: the naive float formulas fail the same properties on the same generators -----------

TEST_CASE("optimized::shapes catches the naive float formulas") {
  using aabb::props::caught;
  SECTION("naive Arvo sphere test") {
    caught("naive Arvo overlap_sphere over float (3D)", [] {
      const auto [box, c, r] = sphere_case<float, 3>();
      RC_ASSERT(naive::overlap_sphere(box, c, r) == (exact_distance_sq(box, c) <= q(r) * q(r)));
    }, 300);
    caught("naive Arvo overlap_sphere over double (3D)", [] {
      const auto [box, c, r] = sphere_case<double, 3>();
      RC_ASSERT(naive::overlap_sphere(box, c, r) == (exact_distance_sq(box, c) <= q(r) * q(r)));
    }, 300);
  }
  SECTION("naive centre-extent plane test") {
    caught("naive plane_side over float (3D)", [] {
      const auto [box, n, d] = plane_case<float, 3>();
      RC_ASSERT(naive::plane_side(box, n, d) == exact_plane_side(box, n, d));
    }, 300);
    caught("naive plane_side over double (3D)", [] {
      const auto [box, n, d] = plane_case<double, 3>();
      RC_ASSERT(naive::plane_side(box, n, d) == exact_plane_side(box, n, d));
    }, 300);
  }
  SECTION("naive float distance_sq is not within 1 ulp") {
    caught("naive distance_sq over float (3D)", [] {
      const auto [box, p] = point_case<float, 3>();
      const auto u = judge::ulp_distance(naive::distance_sq(box, p), exact_distance_sq(box, p));
      const bool within = !u || *u <= 1;  // (RC_ASSERT would evaluate both sides of ||)
      RC_ASSERT(within);
    }, 300);
  }
}
