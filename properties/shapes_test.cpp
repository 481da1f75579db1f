// Properties of the reference's §2b tests against other shapes (shapes.hpp), each against an
// independent computation: overlap_triangle against an exact Sutherland–Hodgman clipping of the
// triangle by the box's slabs; plane_side against the signs at the 2^N corners; closest_point
// against sampled box points; distance_sq and overlap_sphere against closest_point; grow
// against points at and beyond the margin. Plus the metamorphic rules (axis permutation, sign
// flip, translation, scaling), and vertex order for triangles.
//
// Coordinates come from a coarse grid (halves in [-3, 3]) most of the time, so that touching,
// flat boxes and degenerate triangles are common, and from small fractions otherwise.

#include <rapidcheck/catch.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstddef>
#include <vector>

#include "axis_map.hpp"
#include "checks.hpp"
#include "aabb/cases/generators.hpp"

namespace {

using namespace aabb::props::exact_names;

template <std::size_t N>
using Tri = std::array<ref::Vec<N>, 3>;

Rational coordinate() {
  if (*gen::chance(70)) return Rational(*gen::int_in(-6, 6)) / 2;
  return *gen::small<Rational>();
}

template <std::size_t N>
ref::Vec<N> point() {
  ref::Vec<N> p;
  for (auto& x : p) x = coordinate();
  return p;
}

template <std::size_t N>
ref::Box<N> any_box() {
  ref::Box<N> b;
  for (std::size_t i = 0; i < N; ++i) {
    b.lo[i] = coordinate();
    b.hi[i] = *gen::chance(8) ? b.lo[i] : coordinate();
    if (b.hi[i] < b.lo[i]) std::swap(b.lo[i], b.hi[i]);
  }
  RC_CLASSIFY(props::is_flat(b), "flat box");
  return b;
}

/// A triangle, degenerate to a segment or a point now and then.
template <std::size_t N>
Tri<N> any_triangle() {
  Tri<N> t{point<N>(), point<N>(), point<N>()};
  switch (*gen::int_in(0, 9)) {
    case 0: t[2] = t[1] = t[0]; break;                                           // a point
    case 1: t[2] = t[1]; break;                                                  // a segment
    case 2: t[2] = props::along(t[0], props::minus(t[1], t[0]), coordinate()); break;  // collinear
    default: break;
  }
  return t;
}

/// A point of the box: lo + t·(hi - lo) with t in [0, 1] on each axis, on the bounds often.
template <std::size_t N>
ref::Vec<N> point_in(const ref::Box<N>& b) {
  ref::Vec<N> p;
  for (std::size_t i = 0; i < N; ++i) {
    const Rational t = Rational(*gen::int_in(0, 4)) / 4;
    p[i] = b.lo[i] + t * (b.hi[i] - b.lo[i]);
  }
  return p;
}

template <std::size_t N>
Rational norm_sq(const ref::Vec<N>& a) {
  return ref::dot(a, a);
}

// ---- The independent computation for overlap_triangle ----------------------------------------

/// The part of a convex polygon (a cyclic list of points; a triangle, possibly degenerate) in the
/// closed half-space sign·(x[axis] - bound) >= 0, by one Sutherland–Hodgman step, exactly: the
/// vertices inside, and the crossing point of every edge with one end strictly inside and the
/// other strictly outside. The walk through the output covers the clipped hull again, so the
/// steps compose; the output is empty exactly when the polygon misses the half-space.
template <std::size_t N>
std::vector<ref::Vec<N>> clip(const std::vector<ref::Vec<N>>& poly, std::size_t axis,
                              const Rational& bound, int sign) {
  std::vector<ref::Vec<N>> out;
  const auto f = [&](const ref::Vec<N>& p) { return sign > 0 ? Rational(p[axis] - bound) : Rational(bound - p[axis]); };
  for (std::size_t k = 0; k < poly.size(); ++k) {
    const auto& a = poly[k];
    const auto& b = poly[(k + 1) % poly.size()];
    const Rational fa = f(a), fb = f(b);
    if (fa >= 0) out.push_back(a);
    if ((fa > 0 && fb < 0) || (fa < 0 && fb > 0)) {
      const Rational t = fa / (fa - fb);
      out.push_back(props::along(a, props::minus(b, a), t));
    }
  }
  return out;
}

/// The triangle clipped by the 2N slab half-spaces of the box.
template <std::size_t N>
std::vector<ref::Vec<N>> clipped(const ref::Box<N>& b, const Tri<N>& t) {
  std::vector<ref::Vec<N>> poly(t.begin(), t.end());
  for (std::size_t i = 0; i < N && !poly.empty(); ++i) {
    poly = clip(poly, i, b.lo[i], +1);
    if (!poly.empty()) poly = clip(poly, i, b.hi[i], -1);
  }
  return poly;
}

template <std::size_t N>
void triangle_properties() {
  rc::prop("overlap_triangle holds exactly when the clipped triangle is not empty" + dim<N>(), [] {
    const auto b = any_box<N>();
    const auto t = any_triangle<N>();
    const auto rest = clipped(b, t);
    RC_CLASSIFY(!rest.empty(), "overlap");
    RC_CLASSIFY(rest.empty(), "disjoint");
    RC_CLASSIFY(rest.empty() && ref::overlap(b, ref::bounds_of_points(std::vector<ref::Vec<N>>(t.begin(), t.end())).value()).value(),
                "disjoint, bounds overlap");
    RC_ASSERT(ref::overlap_triangle(b, t).value() == !rest.empty());
    // Every point the clipping keeps lies in the box.
    for (const auto& p : rest) RC_ASSERT(ref::contains(b, p).value());
  });

  rc::prop("a triangle with a vertex in the box, or a box point in the triangle, overlaps" + dim<N>(), [] {
    const auto b = any_box<N>();
    auto t = any_triangle<N>();
    t[*gen::int_in(0, 2)] = point_in(b);
    RC_ASSERT(ref::overlap_triangle(b, t).value());
    // A box point p made the centroid of a triangle: (3p - a - c) completes it.
    const auto p = point_in(b);
    ref::Vec<N> third;
    for (std::size_t i = 0; i < N; ++i) third[i] = 3 * p[i] - t[0][i] - t[1][i];
    RC_ASSERT(ref::overlap_triangle(b, Tri<N>{t[0], t[1], third}).value());
  });

  if constexpr (N == 3) {
    rc::prop("a large triangle in a plane at or just beyond a corner overlaps only at it" + dim<N>(), [] {
      // n with no zero component, c the box corner farthest along n, the plane n·x = n·c + δ.
      // The triangle's centroid q is the point of the plane nearest c, its vertices q + L·a_k
      // with a_k ⟂ n summing to 0 and L large, so only the normal axis can separate it: δ = 0
      // touches c, δ > 0 misses the box (n·x <= n·c on it).
      const auto b = any_box<N>();
      ref::Vec<N> n, c;
      for (std::size_t i = 0; i < N; ++i) {
        n[i] = Rational(*gen::int_in(1, 4)) * (*gen::chance(50) ? 1 : -1);
        c[i] = n[i] > 0 ? b.hi[i] : b.lo[i];
      }
      const Rational delta = *gen::chance(50) ? Rational(0) : Rational(1) / *gen::int_in(1, 1 << 20);
      const ref::Vec<N> q = props::along(c, n, delta / norm_sq(n));
      const ref::Vec<N> t1 = ref::detail::cross(n, ref::Vec<N>{1, 0, 0});
      const ref::Vec<N> t2 = ref::detail::cross(n, ref::Vec<N>{0, 1, 0});
      const Rational L = 1000;
      const Tri<N> t{props::along(q, t1, L), props::along(q, t2, L),
                     props::along(q, props::plus(t1, t2), -L)};
      RC_CLASSIFY(delta == 0, "touching");
      RC_ASSERT(ref::overlap_triangle(b, t).value() == (delta == 0));
      RC_ASSERT(ref::overlap_triangle(b, t).value() == !clipped(b, t).empty());
    });
  }

  rc::prop("any order of the vertices gives the same answer" + dim<N>(), [] {
    const auto b = any_box<N>();
    auto t = any_triangle<N>();
    const bool expected = ref::overlap_triangle(b, t).value();
    std::sort(t.begin(), t.end());
    do {
      RC_ASSERT(ref::overlap_triangle(b, t).value() == expected);
    } while (std::next_permutation(t.begin(), t.end()));
  });

  metamorphic<N>("the same overlap_triangle answer", [](const gen::AxisMap<N>& m) {
    const auto b = any_box<N>();
    const auto t = any_triangle<N>();
    const Tri<N> mt{m.point(t[0]), m.point(t[1]), m.point(t[2])};
    RC_ASSERT(ref::overlap_triangle(m.box(b), mt).value() == ref::overlap_triangle(b, t).value());
  });
}

template <std::size_t N>
void plane_properties() {
  rc::prop("plane_side agrees with the signs of n·x - d at the corners" + dim<N>(), [] {
    const auto b = any_box<N>();
    const auto n = point<N>();
    RC_PRE(!props::is_zero(n));
    // d often exactly the value at a corner, so that touching planes are common.
    const auto cs = props::corners(b);
    const Rational d = *gen::chance(40) ? ref::dot(n, cs[*gen::int_in(0, (1 << N) - 1)]) : coordinate();
    bool all_below = true, all_above = true;
    for (const auto& c : cs) {
      const Rational s = ref::dot(n, c) - d;
      all_below = all_below && s < 0;
      all_above = all_above && s > 0;
    }
    const int expected = all_below ? -1 : all_above ? 1 : 0;
    RC_TAG(expected);
    RC_ASSERT(ref::plane_side(b, n, d).value() == expected);
  });

  rc::prop("plane_side is 0 for a plane through a point of the box" + dim<N>(), [] {
    const auto b = any_box<N>();
    const auto n = point<N>();
    RC_PRE(!props::is_zero(n));
    RC_ASSERT(ref::plane_side(b, n, ref::dot(n, point_in(b))).value() == 0);
  });

  rc::prop("a zero normal is invalid input" + dim<N>(), [] {
    RC_ASSERT(!ref::plane_side(any_box<N>(), ref::Vec<N>{}, coordinate()).ok());
  });

  metamorphic<N>("the same plane_side answer", [](const gen::AxisMap<N>& m) {
    const auto b = any_box<N>();
    const auto n = point<N>();
    const Rational d = coordinate();
    RC_PRE(!props::is_zero(n));
    // n' = s·L·n and d' = s²·d + n'·w keep n'·φ(x) - d' = s²·(n·x - d).
    const auto mn = m.linear(n);
    const Rational md = m.scale * m.scale * d + ref::dot(mn, m.shift);
    RC_ASSERT(ref::plane_side(m.box(b), mn, md).value() == ref::plane_side(b, n, d).value());
  });
}

template <std::size_t N>
void point_properties() {
  rc::prop("closest_point lies in the box and no sampled box point is nearer" + dim<N>(), [] {
    const auto b = any_box<N>();
    const auto p = point<N>();
    const auto c = ref::closest_point(b, p).value();
    RC_ASSERT(ref::contains(b, c).value());
    const Rational best = norm_sq(props::minus(p, c));
    for (const auto& s : props::corners(b)) RC_ASSERT(best <= norm_sq(props::minus(p, s)));
    for (int k = 0; k < 8; ++k) RC_ASSERT(best <= norm_sq(props::minus(p, point_in(b))));
    RC_CLASSIFY(c == p, "inside");
  });

  rc::prop("distance_sq is |p - closest_point|², 0 exactly inside the box" + dim<N>(), [] {
    const auto b = any_box<N>();
    const auto p = *gen::chance(30) ? point_in(b) : point<N>();
    const Rational d = ref::distance_sq(b, p).value();
    RC_ASSERT(d == norm_sq(props::minus(p, ref::closest_point(b, p).value())));
    RC_ASSERT((d == 0) == ref::contains(b, p).value());
  });

  rc::prop("overlap_sphere holds exactly when distance_sq <= r²" + dim<N>(), [] {
    const auto b = any_box<N>();
    const auto c = point<N>();
    const Rational d = ref::distance_sq(b, c).value();
    // r from the grid, or r² = d exactly when d is a square of a grid value (tangent balls).
    Rational r = *gen::int_in(0, 8);
    r /= 2;
    if (*gen::chance(30))
      for (int k = 0; k <= 24; ++k)
        if (Rational(k * k) / 16 == d) r = Rational(k) / 4;
    RC_CLASSIFY(r * r == d, "tangent");
    RC_ASSERT(ref::overlap_sphere(b, c, r).value() == (d <= r * r));
    // The closest point is in the ball exactly then as well.
    RC_ASSERT(ref::overlap_sphere(b, c, r).value() ==
              (norm_sq(props::minus(ref::closest_point(b, c).value(), c)) <= r * r));
  });

  metamorphic<N>("the mapped closest point and distance_sq times s²", [](const gen::AxisMap<N>& m) {
    const auto b = any_box<N>();
    const auto p = point<N>();
    RC_ASSERT(ref::closest_point(m.box(b), m.point(p)).value() == m.point(ref::closest_point(b, p).value()));
    RC_ASSERT(ref::distance_sq(m.box(b), m.point(p)).value() ==
              m.scale * m.scale * ref::distance_sq(b, p).value());
    const Rational r = Rational(*gen::int_in(0, 8)) / 2;
    RC_ASSERT(ref::overlap_sphere(m.box(b), m.point(p), m.scale * r).value() ==
              ref::overlap_sphere(b, p, r).value());
  });
}

template <std::size_t N>
void grow_properties() {
  rc::prop("the grown box holds the box and exactly the points within m of it per axis" + dim<N>(), [] {
    const auto b = any_box<N>();
    ref::Vec<N> m;
    for (auto& x : m) x = Rational(*gen::int_in(0, 6)) / 2;
    const bool scalar = *gen::chance(50);
    if (scalar) m.fill(m[0]);
    const auto g = scalar ? ref::grow(b, m[0]).value() : ref::grow(b, m).value();
    RC_ASSERT(props::within(b, g));
    // A point at distance up to m[i] from the box on each axis is inside; one beyond it by a
    // little on one axis is not.
    ref::Vec<N> p;
    for (std::size_t i = 0; i < N; ++i) {
      const Rational t = Rational(*gen::int_in(0, 4)) / 4;
      p[i] = *gen::chance(50) ? Rational(b.lo[i] - t * m[i]) : Rational(b.hi[i] + t * m[i]);
    }
    RC_ASSERT(ref::contains(g, p).value());
    const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
    auto q = p;
    q[i] = b.hi[i] + m[i] + Rational(1, 1024);
    RC_ASSERT(!ref::contains(g, q).value());
    q[i] = b.lo[i] - m[i] - Rational(1, 1024);
    RC_ASSERT(!ref::contains(g, q).value());
    // The centre–extent form is the same closed set.
    const auto ce = ref::to_center_extent(b);
    const auto gce = scalar ? ref::grow(ce, m[0]).value() : ref::grow(ce, m).value();
    RC_ASSERT(ref::to_min_max(gce) == g);
    RC_ASSERT(gce.center == ce.center);
  });

  rc::prop("a negative margin component is invalid input" + dim<N>(), [] {
    const auto b = any_box<N>();
    ref::Vec<N> m{};
    m[*gen::int_in(0, N - 1)] = -Rational(*gen::int_in(1, 8)) / *gen::int_in(1, 1000);
    RC_ASSERT(!ref::grow(b, m).ok());
    RC_ASSERT(!ref::grow(b, Rational(-1) / *gen::int_in(1, 1000)).ok());
  });

  metamorphic<N>("the grown box mapped alike", [](const gen::AxisMap<N>& m) {
    const auto b = any_box<N>();
    ref::Vec<N> margin;
    for (auto& x : margin) x = Rational(*gen::int_in(0, 6)) / 2;
    RC_ASSERT(ref::grow(m.box(b), m.extent(margin)).value() == m.box(ref::grow(b, margin).value()));
    RC_ASSERT(ref::grow(m.box(b), m.scale * margin[0]).value() == m.box(ref::grow(b, margin[0]).value()));
  });
}

}  // namespace

TEST_CASE("reference::overlap_triangle") {
  triangle_properties<2>();
  triangle_properties<3>();
}

TEST_CASE("reference::plane_side") {
  plane_properties<2>();
  plane_properties<3>();
}

TEST_CASE("reference::closest_point, distance_sq, overlap_sphere") {
  point_properties<2>();
  point_properties<3>();
}

TEST_CASE("reference::grow") {
  grow_properties<2>();
  grow_properties<3>();
}
