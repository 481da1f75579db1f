// reference::grow, closest_point, distance_sq, overlap_sphere, plane_side and overlap_triangle
// (contract §2b): closed boxes, balls, half-spaces and triangles, so touching counts (a tangent
// sphere, a plane through a corner, a triangle vertex on a face); every invalid input with its
// exact message. Expected values are worked out by hand; each is noted beside its case.

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;

namespace {

template <std::size_t N>
using Tri = std::array<Vec<N>, 3>;

template <std::size_t N>
Vec<N> scaled(const Vec<N>& x, const Rational& s) {
  Vec<N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = x[i] * s;
  return r;
}

/// overlap_triangle in all six vertex orders, on every rotation of the axes, and with the
/// whole scene scaled by 2^-1074 and by 2^1023 (an exact answer does not depend on any of these).
template <std::size_t N>
void check_tri(const Box<N>& b, Tri<N> t, bool expected) {
  std::sort(t.begin(), t.end());
  do {
    for (std::size_t r = 0; r < N; ++r) {
      const Tri<N> tr{rotated(t[0], r), rotated(t[1], r), rotated(t[2], r)};
      CAPTURE(b, t, r);
      CHECK(ok(ref::overlap_triangle(rotated(b, r), tr)) == expected);
    }
  } while (std::next_permutation(t.begin(), t.end()));
  for (const Rational& s : {pow2(-1074), pow2(1023)}) {
    const Tri<N> ts{scaled(t[0], s), scaled(t[1], s), scaled(t[2], s)};
    CAPTURE(b, t, s);
    CHECK(ok(ref::overlap_triangle(box<N>(scaled(b.lo, s), scaled(b.hi, s)), ts)) == expected);
  }
}

template <std::size_t N>
Tri<N> tri(const Vec<N>& a, const Vec<N>& b, const Vec<N>& c) {
  return Tri<N>{a, b, c};
}

/// The box with the axis k inverted (max < min there).
template <std::size_t N>
Box<N> inverted_on(std::size_t k) {
  Box<N> b = box<N>(all<N>(0), all<N>(1));
  b.lo[k] = 2;
  return b;
}

std::string inverted_message(std::size_t k) {
  const auto i = std::to_string(k);
  return "box.max[" + i + "] < box.min[" + i + "]";
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("reference::grow", "[grow]", ((std::size_t N), N), 2, 3) {
  // [-1,3] x [0,1/2] x [2,5]: different widths on every axis catch swapped axes.
  const auto b = box<N>(v<N>(-1, 0, 2), v<N>(3, q(1, 2), 5));

  SECTION("a scalar margin moves every face outward by m") {
    CHECK(ok(ref::grow(b, q(1, 3))) ==
          box<N>(v<N>(q(-4, 3), q(-1, 3), q(5, 3)), v<N>(q(10, 3), q(5, 6), q(16, 3))));
    CHECK(ok(ref::grow(b, Rational(0))) == b);
  }
  SECTION("a vector margin moves the faces of axis i by m[i]") {
    CHECK(ok(ref::grow(b, v<N>(1, 0, q(1, 4)))) ==
          box<N>(v<N>(-2, 0, q(7, 4)), v<N>(4, q(1, 2), q(21, 4))));
    CHECK(ok(ref::grow(b, all<N>(0))) == b);
  }
  SECTION("a point box grows into a cube") {
    CHECK(ok(ref::grow(point_box(all<N>(1)), Rational(2))) == box<N>(all<N>(-1), all<N>(3)));
  }
  SECTION("huge and tiny margins are exact") {
    // [0, 2^1023] grown by 2^1023: [-2^1023, 2^1024], beyond every double.
    CHECK(ok(ref::grow(box<N>(all<N>(0), all<N>(pow2(1023))), pow2(1023))) ==
          box<N>(all<N>(-pow2(1023)), all<N>(pow2(1024))));
    CHECK(ok(ref::grow(b, pow2(-1074))) ==
          box<N>(v<N>(-1 - pow2(-1074), -pow2(-1074), 2 - pow2(-1074)),
                 v<N>(3 + pow2(-1074), q(1, 2) + pow2(-1074), 5 + pow2(-1074))));
  }
  SECTION("centre–extent: the centre stays, the extent grows by m") {
    const auto c = ce<N>(v<N>(1, 2, 3), v<N>(1, 0, q(1, 2)));
    CHECK(ok(ref::grow(c, q(1, 3))) == ce<N>(v<N>(1, 2, 3), v<N>(q(4, 3), q(1, 3), q(5, 6))));
    CHECK(ok(ref::grow(c, v<N>(0, 1, 2))) == ce<N>(v<N>(1, 2, 3), v<N>(1, 1, q(5, 2))));
    // The same closed set as the min–max form.
    CHECK(ref::to_min_max(ok(ref::grow(c, q(1, 3)))) == ok(ref::grow(ref::to_min_max(c), q(1, 3))));
    CHECK(ref::to_min_max(ok(ref::grow(c, v<N>(0, 1, 2)))) ==
          ok(ref::grow(ref::to_min_max(c), v<N>(0, 1, 2))));
  }
  SECTION("a negative margin is invalid input, checked after the box") {
    CHECK(err(ref::grow(b, -tiny())) == invalid("margin < 0"));
    CHECK(err(ref::grow(ref::to_center_extent(b), Rational(-1))) == invalid("margin < 0"));
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      const auto m = axis<N>(k, -tiny());
      const auto message = invalid("margin[" + std::to_string(k) + "] < 0");
      CHECK(err(ref::grow(b, m)) == message);
      CHECK(err(ref::grow(ref::to_center_extent(b), m)) == message);
      CHECK(err(ref::grow(inverted_on<N>(k), Rational(-1))) == invalid(inverted_message(k)));
      CHECK(err(ref::grow(inverted_on<N>(k), m)) == invalid(inverted_message(k)));
      auto bad = ce<N>(all<N>(0), all<N>(1));
      bad.extent[k] = -1;
      const auto extent_message = invalid("box.extent[" + std::to_string(k) + "] < 0");
      CHECK(err(ref::grow(bad, Rational(-1))) == extent_message);
      CHECK(err(ref::grow(bad, m)) == extent_message);
    }
    CHECK(err(ref::grow(b, all<N>(-1))) == invalid("margin[0] < 0"));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::closest_point and distance_sq", "[closest_point][distance_sq]",
                       ((std::size_t N), N), 2, 3) {
  const auto b = box<N>(v<N>(-1, 0, 2), v<N>(3, q(1, 2), 5));

  SECTION("a point inside is its own closest point, at distance 0") {
    const auto p = v<N>(1, q(1, 4), q(7, 2));
    CHECK(ok(ref::closest_point(b, p)) == p);
    CHECK(ok(ref::distance_sq(b, p)) == 0);
  }
  SECTION("a point on a face, and at a corner, is its own closest point, at distance 0") {
    for (const auto& p : {v<N>(3, q(1, 4), q(7, 2)), v<N>(1, 0, q(7, 2)), v<N>(3, q(1, 2), 5),
                          v<N>(-1, 0, 2)}) {
      CAPTURE(p);
      CHECK(ok(ref::closest_point(b, p)) == p);
      CHECK(ok(ref::distance_sq(b, p)) == 0);
    }
  }
  SECTION("a point beyond a face goes straight to the face") {
    CHECK(ok(ref::closest_point(b, v<N>(5, q(1, 4), q(7, 2)))) == v<N>(3, q(1, 4), q(7, 2)));
    CHECK(ok(ref::distance_sq(b, v<N>(5, q(1, 4), q(7, 2)))) == 4);
    // 1/3 below x = -1: (1/3)^2.
    CHECK(ok(ref::distance_sq(b, v<N>(q(-4, 3), q(1, 4), q(7, 2)))) == q(1, 9));
  }
  SECTION("a point beyond an edge or a corner goes to it") {
    // (4, 1, 7/2): 1 beyond x = 3 and 1/2 beyond y = 1/2 (an edge in 3D, a corner in 2D).
    CHECK(ok(ref::closest_point(b, v<N>(4, 1, q(7, 2)))) == v<N>(3, q(1, 2), q(7, 2)));
    CHECK(ok(ref::distance_sq(b, v<N>(4, 1, q(7, 2)))) == q(5, 4));
    // (-2, -1, 1): 1 beyond the lo corner on every axis: distance^2 = N.
    CHECK(ok(ref::closest_point(b, v<N>(-2, -1, 1))) == v<N>(-1, 0, 2));
    CHECK(ok(ref::distance_sq(b, v<N>(-2, -1, 1))) == Rational(static_cast<long>(N)));
  }
  SECTION("tiny and huge distances are exact") {
    CHECK(ok(ref::distance_sq(b, v<N>(3 + pow2(-1074), q(1, 4), q(7, 2)))) == pow2(-2148));
    const auto big = box<N>(all<N>(0), all<N>(pow2(1023)));
    CHECK(ok(ref::closest_point(big, axis<N>(0, pow2(1024)))) == axis<N>(0, pow2(1023)));
    CHECK(ok(ref::distance_sq(big, axis<N>(0, pow2(1024)))) == pow2(2046));
  }
  SECTION("a flat box: the clamp on its flat axis is its plane") {
    const auto flat = box<N>(v<N>(0, 1, 0), v<N>(2, 1, 2));
    CHECK(ok(ref::closest_point(flat, v<N>(1, q(5, 2), 1))) == v<N>(1, 1, 1));
    CHECK(ok(ref::distance_sq(flat, v<N>(1, q(5, 2), 1))) == q(9, 4));
  }
  SECTION("an inverted box is invalid input naming the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      CHECK(err(ref::closest_point(inverted_on<N>(k), all<N>(0))) == invalid(inverted_message(k)));
      CHECK(err(ref::distance_sq(inverted_on<N>(k), all<N>(0))) == invalid(inverted_message(k)));
    }
  }
}

TEMPLATE_TEST_CASE_SIG("reference::overlap_sphere", "[overlap_sphere]", ((std::size_t N), N), 2, 3) {
  const auto b = box<N>(v<N>(-1, 0, 2), v<N>(3, q(1, 2), 5));

  SECTION("a ball tangent to a face overlaps; one tiny bit smaller does not") {
    // (5, 1/4, 7/2) is 2 beyond the face x = 3.
    CHECK(ok(ref::overlap_sphere(b, v<N>(5, q(1, 4), q(7, 2)), Rational(2))));
    CHECK_FALSE(ok(ref::overlap_sphere(b, v<N>(5, q(1, 4), q(7, 2)), 2 - tiny())));
    CHECK(ok(ref::overlap_sphere(b, v<N>(q(-4, 3), q(1, 4), q(7, 2)), q(1, 3))));
    CHECK_FALSE(ok(ref::overlap_sphere(b, v<N>(q(-4, 3), q(1, 4), q(7, 2)), q(1, 3) - tiny())));
  }
  SECTION("a ball touching a corner only: the Euclidean distance, not per axis") {
    // Beyond the hi corner by (2, 3, 6) in 3D (length 7), by (3, 4) in 2D (length 5).
    if constexpr (N == 3) {
      const auto c = v<N>(5, q(7, 2), 11);
      CHECK(ok(ref::overlap_sphere(b, c, Rational(7))));
      CHECK_FALSE(ok(ref::overlap_sphere(b, c, 7 - tiny())));
      CHECK_FALSE(ok(ref::overlap_sphere(b, c, Rational(6))));  // within 6 on every axis
    } else {
      const auto c = v<N>(6, q(9, 2), 0);
      CHECK(ok(ref::overlap_sphere(b, c, Rational(5))));
      CHECK_FALSE(ok(ref::overlap_sphere(b, c, 5 - tiny())));
      CHECK_FALSE(ok(ref::overlap_sphere(b, c, Rational(4))));  // within 4 on every axis
    }
    // 1/3 beyond the lo corner on every axis: distance^2 = N/9; r^2 = 1/4 lies between 2/9 and 3/9.
    const auto c = v<N>(q(-4, 3), q(-1, 3), q(5, 3));
    CHECK(ok(ref::overlap_sphere(b, c, q(1, 2))) == (N == 2));
  }
  SECTION("radius 0 is the point: overlap iff the box contains it") {
    CHECK(ok(ref::overlap_sphere(b, v<N>(1, q(1, 4), q(7, 2)), Rational(0))));
    CHECK(ok(ref::overlap_sphere(b, v<N>(3, q(1, 2), 5), Rational(0))));
    CHECK(ok(ref::overlap_sphere(b, v<N>(3, q(1, 4), q(7, 2)), Rational(0))));
    CHECK_FALSE(ok(ref::overlap_sphere(b, v<N>(3 + tiny(), q(1, 4), q(7, 2)), Rational(0))));
  }
  SECTION("a centre inside overlaps with any radius") {
    CHECK(ok(ref::overlap_sphere(b, v<N>(1, q(1, 4), q(7, 2)), pow2(-1074))));
    CHECK(ok(ref::overlap_sphere(b, v<N>(1, q(1, 4), q(7, 2)), pow2(1023))));
  }
  SECTION("huge and tiny: tangent at 2^1023, and a gap of 2^-1074") {
    const auto big = box<N>(all<N>(0), all<N>(pow2(1023)));
    CHECK(ok(ref::overlap_sphere(big, axis<N>(0, pow2(1024)), pow2(1023))));
    CHECK_FALSE(ok(ref::overlap_sphere(big, axis<N>(0, pow2(1024)), pow2(1023) - pow2(-1074))));
    CHECK(ok(ref::overlap_sphere(b, v<N>(3 + pow2(-1074), q(1, 4), q(7, 2)), pow2(-1074))));
    CHECK_FALSE(ok(ref::overlap_sphere(b, v<N>(3 + pow2(-1073), q(1, 4), q(7, 2)), pow2(-1074))));
  }
  SECTION("a negative radius is invalid input, checked after the box") {
    CHECK(err(ref::overlap_sphere(b, all<N>(0), -tiny())) == invalid("radius < 0"));
    for (std::size_t k = 0; k < N; ++k)
      CHECK(err(ref::overlap_sphere(inverted_on<N>(k), all<N>(0), Rational(-1))) ==
            invalid(inverted_message(k)));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::plane_side", "[plane_side]", ((std::size_t N), N), 2, 3) {
  const auto b = box<N>(v<N>(-1, 0, 2), v<N>(3, q(1, 2), 5));

  SECTION("a plane along a face touches the box: 0; a tiny bit beyond it: the side") {
    const auto n = axis<N>(0, 1);
    CHECK(ok(ref::plane_side(b, n, Rational(-1))) == 0);
    CHECK(ok(ref::plane_side(b, n, Rational(3))) == 0);
    CHECK(ok(ref::plane_side(b, n, Rational(1))) == 0);
    CHECK(ok(ref::plane_side(b, n, -1 - tiny())) == 1);  // n·x >= -1 > d on the box
    CHECK(ok(ref::plane_side(b, n, 3 + tiny())) == -1);
    // Negating both n and d is the same plane with its sides swapped.
    CHECK(ok(ref::plane_side(b, axis<N>(0, -1), -3 - tiny())) == 1);
    // -x ranges over [-3, 1] on the box.
    CHECK(ok(ref::plane_side(b, axis<N>(0, -1), Rational(1))) == 0);
    CHECK(ok(ref::plane_side(b, axis<N>(0, -1), 1 + tiny())) == -1);
  }
  SECTION("a plane through a corner only touches: 0; missing it by a tiny rational: the side") {
    // n = (1, 1, 1): n·x ranges over [1, 17/2] in 3D, [-1, 7/2] in 2D (the lo and hi corners).
    const auto n = all<N>(1);
    const Rational least = N == 3 ? Rational(1) : Rational(-1);
    const Rational greatest = N == 3 ? q(17, 2) : q(7, 2);
    CHECK(ok(ref::plane_side(b, n, least)) == 0);
    CHECK(ok(ref::plane_side(b, n, greatest)) == 0);
    CHECK(ok(ref::plane_side(b, n, least - tiny())) == 1);
    CHECK(ok(ref::plane_side(b, n, greatest + tiny())) == -1);
    CHECK(ok(ref::plane_side(b, n, least - q(1, 3))) == 1);
    // Mixed signs pick the other corners: n = (-1, 2, -1/3) ranges over [-3 + 0 - 5/3, 1 + 1 - 2/3]
    // = [-14/3, 4/3] in 3D, n = (-1, 2) over [-3, 2] in 2D.
    const auto m = v<N>(-1, 2, q(-1, 3));
    const Rational lo = N == 3 ? q(-14, 3) : Rational(-3);
    const Rational hi = N == 3 ? q(4, 3) : Rational(2);
    CHECK(ok(ref::plane_side(b, m, lo)) == 0);
    CHECK(ok(ref::plane_side(b, m, hi)) == 0);
    CHECK(ok(ref::plane_side(b, m, lo - tiny())) == 1);
    CHECK(ok(ref::plane_side(b, m, hi + tiny())) == -1);
    // The length of n does not matter.
    CHECK(ok(ref::plane_side(b, scaled(m, Rational(7)), 7 * hi)) == 0);
    CHECK(ok(ref::plane_side(b, scaled(m, pow2(-1074)), (hi + tiny()) * pow2(-1074))) == -1);
  }
  SECTION("a point box: 0 exactly on the plane") {
    const auto p = v<N>(q(1, 3), q(-2, 7), 5);
    const auto n = v<N>(3, 7, 1);  // n·p = 1 - 2 + 5 = 4 in 3D, -1 in 2D
    const Rational d = N == 3 ? Rational(4) : Rational(-1);
    CHECK(ok(ref::plane_side(point_box(p), n, d)) == 0);
    CHECK(ok(ref::plane_side(point_box(p), n, d + tiny())) == -1);
    CHECK(ok(ref::plane_side(point_box(p), n, d - tiny())) == 1);
  }
  SECTION("huge and tiny: a normal of 2^-1074 against a box of 2^1023") {
    const auto big = box<N>(all<N>(0), all<N>(pow2(1023)));
    const auto n = axis<N>(0, pow2(-1074));  // n·x over the box: [0, 2^-51]
    CHECK(ok(ref::plane_side(big, n, pow2(-51))) == 0);
    CHECK(ok(ref::plane_side(big, n, pow2(-51) + pow2(-2000))) == -1);
    CHECK(ok(ref::plane_side(big, n, -pow2(-2000))) == 1);
  }
  SECTION("a zero normal is invalid input, checked after the box") {
    const std::string message = "normal: zero vector (a plane needs a normal that is not all zero)";
    CHECK(err(ref::plane_side(b, all<N>(0), Rational(0))) == invalid(message));
    CHECK(err(ref::plane_side(b, all<N>(0), Rational(1))) == invalid(message));
    for (std::size_t k = 0; k < N; ++k)
      CHECK(err(ref::plane_side(inverted_on<N>(k), all<N>(0), Rational(0))) ==
            invalid(inverted_message(k)));
  }
}

// Triangles against the unit box [0,1]^N. Cases written with z = 1/2 lie across the box's z
// slab, so their 2D versions (z dropped) have the same answer; the rest are 3D only. check_tri
// runs each case in every vertex order, on every rotation of the axes and scaled by 2^-1074 and
// 2^1023.
TEMPLATE_TEST_CASE_SIG("reference::overlap_triangle", "[overlap_triangle]", ((std::size_t N), N), 2, 3) {
  const auto b = box<N>(all<N>(0), all<N>(1));
  const auto h = q(1, 2);

  SECTION("a vertex inside overlaps") {
    check_tri(b, tri(v<N>(h, h, h), v<N>(5, 5, h), v<N>(5, 6, h)), true);
  }
  SECTION("touching at a vertex overlaps; a tiny gap does not") {
    // The corner (1, 1): the triangle lies in x >= 1, y >= 1 and meets the box there only.
    check_tri(b, tri(v<N>(1, 1, h), v<N>(2, 1, h), v<N>(1, 2, h)), true);
    check_tri(b, tri(v<N>(1 + tiny(), 1, h), v<N>(2, 1, h), v<N>(1 + tiny(), 2, h)), false);
    // The vertex (1, 1/2) in the middle of the face x = 1.
    check_tri(b, tri(v<N>(1, h, h), v<N>(2, 0, h), v<N>(2, 1, h)), true);
    check_tri(b, tri(v<N>(1 + tiny(), h, h), v<N>(2, 0, h), v<N>(2, 1, h)), false);
    if constexpr (N == 3) {
      // The corner (1, 1, 1), the triangle in x >= 1, y >= 1, z >= 1.
      check_tri(b, tri(v<N>(1, 1, 1), v<N>(2, 1, 1), v<N>(1, 2, 2)), true);
      check_tri(b, tri(v<N>(1, 1, 1 + tiny()), v<N>(2, 1, 1 + tiny()), v<N>(1, 2, 2)), false);
      // A vertex in the middle of the top face, the rest above it.
      check_tri(b, tri(v<N>(h, h, 1), v<N>(0, 0, 2), v<N>(1, 1, 2)), true);
      check_tri(b, tri(v<N>(h, h, 1 + tiny()), v<N>(0, 0, 2), v<N>(1, 1, 2)), false);
    }
  }
  SECTION("an edge along a face or a box edge overlaps; a tiny gap does not") {
    check_tri(b, tri(v<N>(0, 1, h), v<N>(1, 1, h), v<N>(h, 2, h)), true);
    check_tri(b, tri(v<N>(0, 1 + tiny(), h), v<N>(1, 1 + tiny(), h), v<N>(h, 2, h)), false);
    // An edge longer than the face, along it.
    check_tri(b, tri(v<N>(-3, 1, h), v<N>(5, 1, h), v<N>(h, 2, h)), true);
    if constexpr (N == 3) {
      // Along the box edge x = 1, z = 1; the triangle rises above it.
      check_tri(b, tri(v<N>(1, 0, 1), v<N>(1, 1, 1), v<N>(2, h, 2)), true);
      check_tri(b, tri(v<N>(1, 0, 1 + tiny()), v<N>(1, 1, 1 + tiny()), v<N>(2, h, 2)), false);
      // A diagonal of the top face.
      check_tri(b, tri(v<N>(0, 0, 1), v<N>(1, 1, 1), v<N>(h, h, 3)), true);
    }
  }
  SECTION("a triangle lying in a face plane (3D)") {
    if constexpr (N == 3) {
      check_tri(b, tri(v<N>(h, h, 1), v<N>(3, h, 1), v<N>(h, 3, 1)), true);
      check_tri(b, tri(v<N>(h, h, 1 + tiny()), v<N>(3, h, 1 + tiny()), v<N>(h, 3, 1 + tiny())), false);
      check_tri(b, tri(v<N>(2, 2, 1), v<N>(3, 2, 1), v<N>(2, 3, 1)), false);
      // In the plane z = 1, beyond the face's corner diagonally: x + y >= 2 touches (1, 1, 1).
      check_tri(b, tri(v<N>(2, 0, 1), v<N>(0, 2, 1), v<N>(2, 2, 1)), true);
      check_tri(b, tri(v<N>(2 + tiny(), 0, 1), v<N>(0, 2 + tiny(), 1), v<N>(2, 2, 1)), false);
    }
  }
  SECTION("a triangle crossing the box with no vertex inside it overlaps") {
    // The whole box inside the triangle (2D), or the triangle slicing it at z = 1/2 (3D).
    check_tri(b, tri(v<N>(-10, -10, h), v<N>(30, -10, h), v<N>(-10, 30, h)), true);
    // An edge passing through the box from x = -1 to x = 2.
    check_tri(b, tri(v<N>(-1, h, h), v<N>(2, h, h), v<N>(h, 5, h)), true);
    // An edge cutting the corner (1, 1) off: x + y = 3/2.
    check_tri(b, tri(v<N>(q(3, 2), 0, h), v<N>(0, q(3, 2), h), v<N>(3, 3, h)), true);
    if constexpr (N == 3) {
      // A tilted triangle in the plane x + y + z = 3/2 whose centroid is the box centre; every
      // vertex lies outside the box.
      check_tri(b, tri(v<N>(q(9, 2), q(-3, 2), q(-3, 2)), v<N>(q(-3, 2), q(9, 2), q(-3, 2)),
                       v<N>(q(-3, 2), q(-3, 2), q(9, 2))),
                true);
    }
  }
  SECTION("separated only by an edge normal / a cross-product axis") {
    // x + y >= 2 touches the corner (1, 1); x + y >= 2 + 2^-1000 misses it, though the
    // triangle's bounds overlap the box on every axis (2D: only perp(e) separates; 3D: the
    // triangle normal is (0, 0, ±1) and meets the box, only z × e separates).
    check_tri(b, tri(v<N>(2, 0, h), v<N>(0, 2, h), v<N>(2, 2, h)), true);
    check_tri(b, tri(v<N>(2 + tiny(), 0, h), v<N>(0, 2 + tiny(), h), v<N>(2, 2, h)), false);
    if constexpr (N == 3) {
      // A tilted triangle: edge A B on x + y = 2 + δ at z = 1/2, C = (2, 2, -3) below. Its plane
      // z - 1/2 = k (x + y - 2 - δ) with k = -7 / (2 (2 - δ)) cuts the box (δ = 0: through the
      // box edge x = y = 1 at z = 1/2); the box axes overlap (x, y in [1/2, 2], z in [-3, 1/2]).
      // Only u_z × (B - A) ∝ (1, 1, 0) separates when δ > 0.
      for (const Rational& d : {Rational(0), tiny(), q(1, 100)}) {
        CAPTURE(d);
        check_tri(b, tri(v<N>(q(3, 2), h + d, h), v<N>(h + d, q(3, 2), h), v<N>(2, 2, -3)), d == 0);
      }
    }
  }
  SECTION("separated only by the triangle normal (3D)") {
    if constexpr (N == 3) {
      // The triangle of x + y + z = 3/2 above moved by (1/2, 1/2, 1/2): its plane x + y + z = 3
      // touches the corner (1, 1, 1), its centroid; moved a tiny bit further it misses. Its
      // bounds overlap the box on every axis, and no edge direction separates (the triangle
      // covers the corner's projection on its plane).
      for (const Rational& d : {Rational(0), tiny()}) {
        CAPTURE(d);
        const Rational lo = -1 + d, hi = 5 + d;
        check_tri(b, tri(v<N>(hi, lo, lo), v<N>(lo, hi, lo), v<N>(lo, lo, hi)), d == 0);
      }
    }
  }
  SECTION("a triangle degenerate to a segment") {
    // Collinear vertices (the third one the midpoint, or two equal).
    check_tri(b, tri(v<N>(q(1, 4), q(1, 4), h), v<N>(q(3, 4), q(3, 4), h), v<N>(h, h, h)), true);
    check_tri(b, tri(v<N>(1, h, h), v<N>(2, h, h), v<N>(2, h, h)), true);  // touching a face
    check_tri(b, tri(v<N>(1 + tiny(), h, h), v<N>(2, h, h), v<N>(2, h, h)), false);
    check_tri(b, tri(v<N>(-1, h, h), v<N>(2, h, h), v<N>(h, h, h)), true);  // through the box
    // On x + y = 2: touches the corner (1, 1); on x + y = 2 + 2^-1000 it misses though its
    // bounds overlap the box on every axis.
    check_tri(b, tri(v<N>(2, 0, h), v<N>(0, 2, h), v<N>(1, 1, h)), true);
    check_tri(b, tri(v<N>(2 + tiny(), 0, h), v<N>(0, 2 + tiny(), h), v<N>(1 + tiny(), 1, h)),
              false);
    if constexpr (N == 3) {
      // Skew to every box axis: from (2, 0, 0) to (0, 2, 1) crosses the box edge x = y = 1 at
      // z = 1/2; moved to x + y = 2 + 2^-1000 it misses the edge (only z × s separates).
      check_tri(b, tri(v<N>(2, 0, 0), v<N>(0, 2, 1), v<N>(0, 2, 1)), true);
      check_tri(b, tri(v<N>(2 + tiny(), 0, 0), v<N>(0, 2 + tiny(), 1), v<N>(0, 2 + tiny(), 1)), false);
    }
  }
  SECTION("a triangle degenerate to a point") {
    for (const auto& p : {v<N>(h, h, h), v<N>(1, h, h), v<N>(1, 1, 1), v<N>(0, 0, 0)}) {
      CAPTURE(p);
      check_tri(b, tri(p, p, p), true);
    }
    check_tri(b, tri(v<N>(1 + tiny(), h, h), v<N>(1 + tiny(), h, h), v<N>(1 + tiny(), h, h)), false);
    check_tri(b, tri(v<N>(-1, -1, -1), v<N>(-1, -1, -1), v<N>(-1, -1, -1)), false);
  }
  SECTION("a flat box and a point box") {
    // The flat box y = 1/2, x in [0, 1]: crossed by a segment, missed by a parallel one.
    const auto flat = box<N>(v<N>(0, h, 0), v<N>(1, h, 1));
    check_tri(flat, tri(v<N>(h, 0, h), v<N>(h, 1, h), v<N>(h, 1, h)), true);
    check_tri(flat, tri(v<N>(h, h + tiny(), h), v<N>(3, h + tiny(), h), v<N>(h, 3, h)), false);
    const auto pt = point_box(v<N>(h, h, h));
    check_tri(pt, tri(v<N>(0, 0, h), v<N>(1, 1, h), v<N>(0, 2, h)), true);  // on an edge
    check_tri(pt, tri(v<N>(tiny(), 0, h), v<N>(1 + tiny(), 1, h), v<N>(0, 2, h)), true);  // inside
    check_tri(pt, tri(v<N>(tiny(), 0, h), v<N>(1 + tiny(), 1, h), v<N>(2, 0, h)), false);
  }
  SECTION("an inverted box is invalid input naming the axis") {
    const auto t = tri(v<N>(0, 0, 0), v<N>(1, 0, 0), v<N>(0, 1, 0));
    for (std::size_t k = 0; k < N; ++k)
      CHECK(err(ref::overlap_triangle(inverted_on<N>(k), t)) == invalid(inverted_message(k)));
  }
}
