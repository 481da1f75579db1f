#pragma once
/// The case library's inputs of contract §2b's shapes family (closest_point, distance_sq,
/// overlap_sphere, plane_side, overlap_triangle, grow), aimed at their boundaries: spheres tangent
/// to a face, an edge or a corner (exactly, by Pythagorean triples scaled by powers of two, then
/// moved by an ulp), planes through a corner (exactly, with small integer normals, then moved by
/// a tiny amount), triangles with vertices on the box's faces and corners, one ulp outside, and
/// degenerate ones (repeated or collinear vertices). For float and double.

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <limits>

#include "aabb/cases/boxes.hpp"
#include "aabb/cases/numbers.hpp"

namespace aabb::gen {

template <std::floating_point T, std::size_t N>
struct SphereCase {
  ref::BasicBox<T, N> box;
  Vec<T, N> center;
  T radius;
};

template <std::floating_point T, std::size_t N>
struct PlaneCase {
  ref::BasicBox<T, N> box;
  Vec<T, N> normal;
  T offset;
};

template <std::floating_point T, std::size_t N>
struct TriangleCase {
  ref::BasicBox<T, N> box;
  std::array<Vec<T, N>, 3> v;
};

/// A corner of the box: per axis lo or hi, and the side (-1 or +1) it faces.
template <std::floating_point T, std::size_t N>
[[nodiscard]] std::pair<Vec<T, N>, Vec<T, N>> some_corner(const ref::BasicBox<T, N>& box) {
  Vec<T, N> corner, side;
  for (std::size_t i = 0; i < N; ++i) {
    const bool up = *chance(50);
    corner[i] = up ? box.hi[i] : box.lo[i];
    side[i] = up ? T(1) : T(-1);
  }
  return {corner, side};
}

/// A box and a sphere aimed at tangency: a centre near the box with any radius; a centre beyond
/// one face by the radius; a centre beyond a corner or an edge by a Pythagorean triple's legs
/// (3, 4 → 5; 2, 3, 6 → 7) times 2^k, with the radius the hypotenuse; the radius then moved by
/// -1, 0 or +1 ulp; or a sphere that just reaches the box (just_reaching_sphere). Where a rounded
/// centre misses the exact tangency, the case is still near it.
/// A point outside the box on every axis, by gaps of one magnitude with random mantissas: the
/// squares and their sum round, in the same direction often enough that a float sum of squares
/// strays beyond 1 ulp (distance_sq) and a near-tangent sphere test (overlap_sphere) errs.
template <std::floating_point T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> point_beyond(const ref::BasicBox<T, N>& box) {
  return rc::gen::exec([box] {
    const auto [corner, side] = some_corner(box);
    const T base = std::ldexp(T(1), *int_in(-40, 40));
    Vec<T, N> p;
    for (std::size_t i = 0; i < N; ++i) {
      const T gap = base * (1 + T(*int_in(1, (1 << 23) - 1)) / T(1 << 23)) + T(*int_in(0, 1)) * base / T(3);
      p[i] = finite_or(T(corner[i] + side[i] * gap), corner[i]);
    }
    return p;
  });
}

/// The greatest T x >= 0 with x² <= q (up = false), or the least with x² >= q (up = true; +inf
/// when none is finite), for an exact q >= 0.
template <std::floating_point T>
[[nodiscard]] T root_toward(const Rational& q, bool up) {
  const auto square = [](T x) { const Rational e = ref::exact_value(x); return Rational(e * e); };
  const T inf = std::numeric_limits<T>::infinity();
  T r = T(std::sqrt(ref::nearest_double(q)));
  if (up) {
    while (std::isfinite(r) && square(r) < q) r = std::nextafter(r, inf);
    while (r > 0 && square(std::nextafter(r, T(0))) >= q) r = std::nextafter(r, T(0));
  } else {
    while (r > 0 && square(r) > q) r = std::nextafter(r, T(0));
    while (std::isfinite(std::nextafter(r, inf)) && square(std::nextafter(r, inf)) <= q) r = std::nextafter(r, inf);
  }
  return r;
}

/// A sphere that just reaches the box: gaps g_i (the centre beyond a corner at 0 of the box, so
/// each gap is exact) with Σ g_i² <= r² by a relative 2^-40 or so: the last gap is the greatest T
/// whose square fits in what is left of r² after the others, which leave about r²·2^-20. An exact
/// hit on which a float sum of squares, rounding each term, often lands above fl(r·r): the
/// missed hits of Arvo's test.
template <std::floating_point T, std::size_t N>
[[nodiscard]] SphereCase<T, N> just_reaching_sphere() {
  const T unit = std::ldexp(T(1), *int_in(-30, 30));
  const T r = unit * (T(1) + std::ldexp(T(*int_in(1, (1 << 20) - 1)), -20));
  const Rational rr = ref::exact_value(r) * ref::exact_value(r);
  Rational left = rr;
  Vec<T, N> gap{};
  for (std::size_t i = 0; i < N; ++i) {
    if (i + 1 == N) {
      gap[i] = root_toward<T>(left, false);
    } else if (i + 2 == N) {
      // leave about r²·2^-20 for the last gap
      const Rational target = left - rr / Rational(1 << 20);
      gap[i] = target > 0 ? root_toward<T>(target, false) : T(0);
    } else {
      gap[i] = T(r * (T(0.2) + T(0.4) * std::ldexp(T(*int_in(0, 1 << 10)), -10)));
    }
    const Rational g = ref::exact_value(gap[i]);
    left -= g * g;
  }
  SphereCase<T, N> k{{}, {}, r};
  for (std::size_t i = 0; i < N; ++i) {
    const T width = unit * T(*int_in(0, 8));
    const bool below = *chance(50);  // the box [0, w] with the centre at -g, or [-w, 0] and +g
    k.box.lo[i] = below ? T(0) : T(-width);
    k.box.hi[i] = below ? width : T(0);
    k.center[i] = below ? T(-gap[i]) : gap[i];
  }
  return k;
}

template <std::floating_point T, std::size_t N>
[[nodiscard]] rc::Gen<SphereCase<T, N>> sphere_case() {
  return unsized(rc::gen::exec([] {
    SphereCase<T, N> k{*box<T, N>(), {}, T(0)};
    const int how = *kind({3, 3, 4, 4, 3});
    if (how == 4) return just_reaching_sphere<T, N>();
    if (how == 0) {
      k.center = *point_near<T, N>(k.box);
      k.radius = *chance(15) ? *large<T>() : *nonnegative<T>();
      return k;
    }
    if (how == 3) {  // beyond a corner by rounded gaps; r the least T with r² >= the exact d²
      k.center = *point_beyond<T, N>(k.box);
      Rational d = 0;
      for (std::size_t i = 0; i < N; ++i) {
        const Rational c = ref::exact_value(k.center[i]), lo = ref::exact_value(k.box.lo[i]),
                       hi = ref::exact_value(k.box.hi[i]);
        const Rational g = c < lo ? Rational(lo - c) : hi < c ? Rational(c - hi) : Rational(0);
        d += g * g;
      }
      const T r = root_toward<T>(d, true);
      // The least hit, or the greatest miss one ulp below it: the float sum errs on both sides.
      k.radius = std::isfinite(r) ? (*chance(50) ? r : std::nextafter(r, T(0))) : *large<T>();
      return k;
    }
    // For the triples: a box of bounds that are small multiples of unit = 2^k, so that its
    // corners move by the legs times unit exactly.
    const T unit = std::ldexp(T(1), *int_in(-30, 30));
    if (how == 2) {
      for (std::size_t i = 0; i < N; ++i) {
        k.box.lo[i] = unit * T(*int_in(-8, 8));
        k.box.hi[i] = k.box.lo[i] + unit * T(*int_in(0, 8));
      }
    }
    const auto [corner, side] = some_corner(k.box);
    k.center = *point_in<T, N>(k.box);
    if (how == 1) {  // beyond one face
      const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
      k.radius = *positive<T>();
      k.center[i] = finite_or(T(corner[i] + side[i] * k.radius), corner[i]);
    } else {  // beyond a corner (3D: or an edge) by a Pythagorean triple
      const T s = unit;
      const bool seven = N == 3 && *chance(30);
      std::array<T, 3> legs = seven ? std::array<T, 3>{2, 3, 6} : std::array<T, 3>{3, 4, 0};
      T hypotenuse = seven ? T(7) : T(5);
      if (!seven && *chance(60)) {
        // A large triple (m² - n², 2mn, m² + n²), m > n of a quarter of T's digits: the legs and
        // the hypotenuse are exact, their squares are not, so a float sum of squares rounds at an
        // exact tangency.
        constexpr int q = std::numeric_limits<T>::digits / 4;
        const long m = *int_in(1 << q, (1 << (q + 1)) - 1), n = *int_in(1, int(m) - 1);
        legs = {T(m * m - n * n), T(2 * m * n), 0};
        hypotenuse = T(m * m + n * n);
      }
      for (std::size_t i = 0; i < N; ++i)
        k.center[i] = legs[i] == 0 ? k.center[i] : finite_or(T(corner[i] + side[i] * legs[i] * s), corner[i]);
      k.radius = hypotenuse * s;
    }
    k.radius = ulp_step(k.radius, *int_in(-1, 1));
    return k;
  }));
}

/// A box and a plane aimed at touching: a small integer normal with a box of small integer bounds
/// and the offset n·corner exactly, then moved by 0, ±2^-k or ±1; any normal with the offset
/// fl(n·corner) moved by -2..2 ulps; or anything. The normal is never all zero.
template <std::floating_point T, std::size_t N>
[[nodiscard]] rc::Gen<PlaneCase<T, N>> plane_case() {
  return unsized(rc::gen::exec([] {
    PlaneCase<T, N> k;
    const int how = *kind({4, 4, 2});
    if (how == 0) {
      for (std::size_t i = 0; i < N; ++i) {
        k.normal[i] = T(*int_in(-3, 3));
        k.box.lo[i] = T(*int_in(-8, 8));
        k.box.hi[i] = k.box.lo[i] + T(*int_in(0, 4));
      }
    } else {
      k.box = *box<T, N>();
      k.normal = *vec<T, N>();
    }
    if (std::all_of(k.normal.begin(), k.normal.end(), [](T x) { return x == 0; })) k.normal[0] = 1;
    const auto corner = some_corner(k.box).first;
    T dot = 0;
    for (std::size_t i = 0; i < N; ++i) dot += k.normal[i] * corner[i];
    if (how == 0) {
      const T nudge = choose<T>({4, 2, 1}, [] { return T(0); },
                                [] { return std::ldexp(T(*chance(50) ? 1 : -1), -*int_in(1, 40)); },
                                [] { return T(*chance(50) ? 1 : -1); });
      k.offset = dot + nudge;
    } else if (how == 1) {
      k.offset = std::isfinite(dot) ? ulp_step(dot, *int_in(-2, 2)) : *number<T>();
    } else {
      k.offset = *number<T>();
    }
    return k;
  }));
}

/// A box and a triangle aimed at touching: each vertex on a face, at a corner, one ulp beyond a
/// corner, anywhere near the box, or anywhere; sometimes an edge lying in a face plane (two
/// vertices with that coordinate on the face, the third beyond it), sometimes degenerate (a
/// repeated vertex: a segment or a point; or the midpoint of two: collinear when exact).
template <std::floating_point T, std::size_t N>
[[nodiscard]] rc::Gen<TriangleCase<T, N>> triangle_case() {
  return unsized(rc::gen::exec([] {
    TriangleCase<T, N> k{*box<T, N>(), {}};
    for (auto& v : k.v)
      v = choose<Vec<T, N>>({5, 2, 2, 1}, [&] { return *point_near<T, N>(k.box); },
                            [&] { return some_corner(k.box).first; },
                            [&] {
                              auto [c, side] = some_corner(k.box);
                              for (std::size_t i = 0; i < N; ++i) c[i] = ulp_step(c[i], side[i] > 0 ? 1 : -1);
                              return c;
                            },
                            [] { return *vec<T, N>(); });
    if (*chance(20)) {  // an edge in the face plane x_i = bound, the third vertex beyond it
      const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
      const bool up = *chance(50);
      const T face = up ? k.box.hi[i] : k.box.lo[i];
      k.v[0][i] = k.v[1][i] = face;
      k.v[2][i] = finite_or(T(face + (up ? 1 : -1) * *positive<T>()), face);
    }
    switch (*kind({8, 1, 1})) {
      case 1:
        k.v[*int_in(1, 2)] = k.v[0];  // a segment (or a point, when another pair is equal too)
        break;
      case 2:
        for (std::size_t i = 0; i < N; ++i) k.v[2][i] = midpoint_of(k.v[0][i], k.v[1][i]);
        break;
      default:
        break;
    }
    return k;
  }));
}

/// Compiled once (numbers.hpp, "Compiled once"); float and double only.
#define AABB_CASES_SHAPES(EXTERN, T, N)                                                        \
  EXTERN template rc::Gen<Vec<T, N>> point_beyond<T, N>(const ref::BasicBox<T, N>&);         \
  EXTERN template rc::Gen<SphereCase<T, N>> sphere_case<T, N>();                             \
  EXTERN template rc::Gen<PlaneCase<T, N>> plane_case<T, N>();                               \
  EXTERN template rc::Gen<TriangleCase<T, N>> triangle_case<T, N>();
AABB_CASES_EACH_FLOAT_AND_DIM(AABB_CASES_SHAPES, extern)

}  // namespace aabb::gen
