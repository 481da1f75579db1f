// reference::contains, overlap, intersection and union_of (contract §1–2): boxes are closed, so
// a point on a face, an edge or a corner is inside and boxes touching there overlap; flat and
// point boxes are ordinary boxes; an inverted box or a negative extent is invalid input.

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;

namespace {

/// Checks overlap, intersection and union of a and b in both argument orders.
template <std::size_t N>
void check_pair(const Box<N>& a, const Box<N>& b,
                const std::optional<Box<N>>& expected_intersection, const Box<N>& expected_union) {
  CAPTURE(a, b);
  CHECK(ok(ref::overlap(a, b)) == expected_intersection.has_value());
  CHECK(ok(ref::overlap(b, a)) == expected_intersection.has_value());
  CHECK(ok(ref::intersection(a, b)) == expected_intersection);
  CHECK(ok(ref::intersection(b, a)) == expected_intersection);
  CHECK(ok(ref::union_of(a, b)) == expected_union);
  CHECK(ok(ref::union_of(b, a)) == expected_union);
}

/// The 3^N points whose coordinates are each the box's lo, mid or hi on that axis, with the
/// number of coordinates that lie on a bound (1: a face, 2: an edge in 3D, N: a corner).
template <std::size_t N>
std::vector<std::pair<Vec<N>, std::size_t>> grid(const Box<N>& b, const Vec<N>& mid) {
  std::vector<std::pair<Vec<N>, std::size_t>> out;
  std::size_t count = 1;
  for (std::size_t i = 0; i < N; ++i) count *= 3;
  for (std::size_t code = 0; code < count; ++code) {
    Vec<N> p = mid;
    std::size_t on_bound = 0;
    for (std::size_t i = 0, c = code; i < N; ++i, c /= 3) {
      if (c % 3 == 0) p[i] = b.lo[i];
      if (c % 3 == 2) p[i] = b.hi[i];
      if (c % 3 != 1) ++on_bound;
    }
    out.emplace_back(p, on_bound);
  }
  return out;
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("reference::contains", "[contains]", ((std::size_t N), N), 2, 3) {
  // [-1,3] x [0,1/2] x [2,5]: different widths on every axis catch swapped axes.
  const auto b = box<N>(v<N>(-1, 0, 2), v<N>(3, q(1, 2), 5));
  const auto mid = v<N>(1, q(1, 4), q(7, 2));

  SECTION("a point strictly inside is contained") {
    CHECK(ok(ref::contains(b, mid)));
    CHECK(ok(ref::contains(b, v<N>(-1 + tiny(), q(1, 2) - tiny(), 5 - tiny()))));
  }
  SECTION("a point on a face is contained") {
    std::size_t faces = 0;
    for (const auto& [p, on_bound] : grid(b, mid))
      if (on_bound == 1) {
        CAPTURE(p);
        CHECK(ok(ref::contains(b, p)));
        ++faces;
      }
    CHECK(faces == 2 * N);
    CHECK(ok(ref::contains(b, v<N>(3, q(1, 4), q(7, 2)))));
  }
  SECTION("a point on an edge is contained") {
    // Two coordinates on a bound: an edge in 3D, a corner in 2D.
    std::size_t edges = 0;
    for (const auto& [p, on_bound] : grid(b, mid))
      if (on_bound == 2) {
        CAPTURE(p);
        CHECK(ok(ref::contains(b, p)));
        ++edges;
      }
    CHECK(edges == (N == 3 ? 12 : 4));
    CHECK(ok(ref::contains(b, v<N>(-1, q(1, 2), 4))));
  }
  SECTION("every corner is contained") {
    std::size_t corners = 0;
    for (const auto& [p, on_bound] : grid(b, mid))
      if (on_bound == N) {
        CAPTURE(p);
        CHECK(ok(ref::contains(b, p)));
        ++corners;
      }
    CHECK(corners == (std::size_t{1} << N));
    CHECK(ok(ref::contains(b, v<N>(-1, 0, 2))));
    CHECK(ok(ref::contains(b, v<N>(3, q(1, 2), 5))));
  }
  SECTION("a point outside one face by 2^-1000 is not contained") {
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      Vec<N> below = mid, above = mid;
      below[k] = b.lo[k] - tiny();
      above[k] = b.hi[k] + tiny();
      CHECK_FALSE(ok(ref::contains(b, below)));
      CHECK_FALSE(ok(ref::contains(b, above)));
    }
    CHECK_FALSE(ok(ref::contains(b, v<N>(1, q(1, 2) + tiny(), 3))));
  }
  SECTION("a point outside a corner on every axis is not contained") {
    CHECK_FALSE(ok(ref::contains(b, v<N>(3 + tiny(), q(1, 2) + tiny(), 5 + tiny()))));
    CHECK_FALSE(ok(ref::contains(b, v<N>(-2, -1, 0))));
  }
  SECTION("a flat box contains the points of its plane and nothing beside it") {
    const auto flat = box<N>(v<N>(0, 1, 2), v<N>(4, 1, 6));
    CHECK(ok(ref::contains(flat, v<N>(2, 1, 3))));
    CHECK(ok(ref::contains(flat, v<N>(4, 1, 6))));
    CHECK_FALSE(ok(ref::contains(flat, v<N>(2, 1 + tiny(), 3))));
    CHECK_FALSE(ok(ref::contains(flat, v<N>(2, 1 - tiny(), 3))));
  }
  SECTION("a point box contains its point and nothing else") {
    const auto p = v<N>(q(1, 3), q(-2, 7), 5);
    CHECK(ok(ref::contains(point_box(p), p)));
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      CHECK_FALSE(ok(ref::contains(point_box(p), plus(p, axis<N>(k, tiny())))));
      CHECK_FALSE(ok(ref::contains(point_box(p), minus(p, axis<N>(k, tiny())))));
    }
  }
  SECTION("a box with max < min on an axis is invalid input naming that axis") {
    for (std::size_t k = 0; k < N; ++k) {
      auto bad = b;
      bad.hi[k] = bad.lo[k] - tiny();
      CHECK(err(ref::contains(bad, mid)) ==
            invalid("box.max[" + std::to_string(k) + "] < box.min[" + std::to_string(k) + "]"));
    }
    // The first inverted axis is the one reported.
    CHECK(err(ref::contains(box<N>(all<N>(1), all<N>(0)), mid)) ==
          invalid("box.max[0] < box.min[0]"));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::contains in centre-extent form", "[contains]",
                       ((std::size_t N), N), 2, 3) {
  // c = (1/3, -2/7, 5), e = (1/5, 1/2, 3): the box [2/15, 8/15] x [-11/14, 3/14] x [2, 8],
  // whose bounds are not dyadic (no float holds them).
  const auto b = ce<N>(v<N>(q(1, 3), q(-2, 7), 5), v<N>(q(1, 5), q(1, 2), 3));

  SECTION("the centre is contained") {
    CHECK(ok(ref::contains(b, b.center)));
  }
  SECTION("the corners c - e and c + e are contained, computed exactly") {
    CHECK(ok(ref::contains(b, v<N>(q(2, 15), q(-11, 14), 2))));
    CHECK(ok(ref::contains(b, v<N>(q(8, 15), q(3, 14), 8))));
    CHECK(ok(ref::contains(b, v<N>(q(2, 15), q(3, 14), 8))));
  }
  SECTION("a point on a face or an edge is contained") {
    CHECK(ok(ref::contains(b, v<N>(q(8, 15), 0, 4))));
    CHECK(ok(ref::contains(b, v<N>(q(1, 3), q(-11, 14), 4))));
    // An edge in 3D, a corner in 2D.
    CHECK(ok(ref::contains(b, v<N>(q(8, 15), q(3, 14), 4))));
  }
  SECTION("a point beyond c ± e by 2^-1000 on one axis is not contained") {
    CHECK_FALSE(ok(ref::contains(b, v<N>(q(8, 15) + tiny(), 0, 4))));
    CHECK_FALSE(ok(ref::contains(b, v<N>(q(2, 15) - tiny(), 0, 4))));
    CHECK_FALSE(ok(ref::contains(b, v<N>(q(1, 3), q(3, 14) + tiny(), 4))));
    CHECK_FALSE(ok(ref::contains(b, v<N>(q(1, 3), q(-11, 14) - tiny(), 4))));
    if constexpr (N == 3) {
      CHECK_FALSE(ok(ref::contains(b, v<N>(q(1, 3), 0, 8 + tiny()))));
      CHECK_FALSE(ok(ref::contains(b, v<N>(q(1, 3), 0, 2 - tiny()))));
    }
  }
  SECTION("a zero extent makes a flat box") {
    const auto flat = ce<N>(v<N>(q(1, 3), 0, 0), v<N>(0, 1, 1));
    CHECK(ok(ref::contains(flat, v<N>(q(1, 3), 1, -1))));
    CHECK_FALSE(ok(ref::contains(flat, v<N>(q(1, 3) + tiny(), 0, 0))));
  }
  SECTION("zero extents on every axis make a point box") {
    const auto p = ce<N>(v<N>(q(1, 3), q(-2, 7), 5), all<N>(0));
    CHECK(ok(ref::contains(p, p.center)));
    for (std::size_t k = 0; k < N; ++k)
      CHECK_FALSE(ok(ref::contains(p, plus(p.center, axis<N>(k, tiny())))));
  }
  SECTION("the answer equals the min-max form's on a grid of points") {
    const auto mm = ref::to_min_max(b);
    CHECK(mm == box<N>(v<N>(q(2, 15), q(-11, 14), 2), v<N>(q(8, 15), q(3, 14), 8)));
    for (const Rational& x : std::initializer_list<Rational>{q(2, 15) - tiny(), q(2, 15), q(1, 3),
                                                             q(8, 15), q(8, 15) + tiny()})
      for (const Rational& y : std::initializer_list<Rational>{q(-11, 14) - tiny(), q(-11, 14),
                                                               q(3, 14), q(3, 14) + tiny()})
        for (const Rational& z :
             std::initializer_list<Rational>{q(2) - tiny(), q(2), q(8), q(8) + tiny()}) {
          const auto p = v<N>(x, y, z);
          CAPTURE(p);
          CHECK(ok(ref::contains(b, p)) == ok(ref::contains(mm, p)));
        }
  }
  SECTION("a negative extent is invalid input naming that axis") {
    for (std::size_t k = 0; k < N; ++k) {
      auto bad = b;
      bad.extent[k] = -tiny();
      CHECK(err(ref::contains(bad, b.center)) ==
            invalid("box.extent[" + std::to_string(k) + "] < 0"));
    }
  }
}

TEMPLATE_TEST_CASE_SIG("reference::overlap, intersection and union_of", "[overlap]",
                       ((std::size_t N), N), 2, 3) {
  // a = [0,4] x [0,2] x [0,6].
  const auto a = box<N>(v<N>(0, 0, 0), v<N>(4, 2, 6));

  SECTION("boxes overlapping partly give the common box and the spanning box") {
    const auto b = box<N>(v<N>(1, -1, 3), v<N>(5, 1, 9));
    check_pair(a, b, std::optional(box<N>(v<N>(1, 0, 3), v<N>(4, 1, 6))),
               box<N>(v<N>(0, -1, 0), v<N>(5, 2, 9)));
  }
  SECTION("boxes sharing part of a face overlap in a flat box") {
    const auto b = box<N>(v<N>(4, 1, -1), v<N>(5, 3, 2));
    check_pair(a, b, std::optional(box<N>(v<N>(4, 1, 0), v<N>(4, 2, 2))),
               box<N>(v<N>(0, 0, -1), v<N>(5, 3, 6)));
  }
  SECTION("a copy moved by its width along one axis touches on a face, on every axis and side") {
    const auto width = minus(a.hi, a.lo);
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      auto face_hi = a, face_lo = a;
      face_hi.lo[k] = a.hi[k];
      face_lo.hi[k] = a.lo[k];
      auto span_hi = a, span_lo = a;
      span_hi.hi[k] = a.hi[k] + width[k];
      span_lo.lo[k] = a.lo[k] - width[k];
      check_pair(a, moved(a, axis<N>(k, width[k])), std::optional(face_hi), span_hi);
      check_pair(a, moved(a, axis<N>(k, -width[k])), std::optional(face_lo), span_lo);
    }
  }
  SECTION("boxes touching along an edge overlap in a segment (a point in 2D)") {
    const auto b = box<N>(v<N>(4, 2, 1), v<N>(5, 3, 2));
    check_pair(a, b, std::optional(box<N>(v<N>(4, 2, 1), v<N>(4, 2, 2))),
               box<N>(v<N>(0, 0, 0), v<N>(5, 3, 6)));
  }
  SECTION("boxes touching at a corner overlap in a point") {
    const auto b = box<N>(v<N>(4, 2, 6), v<N>(5, 3, 7));
    check_pair(a, b, std::optional(point_box(v<N>(4, 2, 6))), box<N>(v<N>(0, 0, 0), v<N>(5, 3, 7)));
    const auto c = box<N>(v<N>(-1, -1, -1), v<N>(0, 0, 0));
    check_pair(a, c, std::optional(point_box(v<N>(0, 0, 0))),
               box<N>(v<N>(-1, -1, -1), v<N>(4, 2, 6)));
  }
  if constexpr (N == 3) {
    SECTION("boxes touching at a corner in 3D overlap in a point, also on mixed sides") {
      const auto b = box<N>(v<N>(-1, 2, 6), v<N>(0, 3, 7));
      check_pair(a, b, std::optional(point_box(v<N>(0, 2, 6))),
                 box<N>(v<N>(-1, 0, 0), v<N>(4, 3, 7)));
    }
  }
  SECTION("a box inside the other overlaps it in itself, in both argument orders") {
    const auto inner = box<N>(v<N>(1, q(1, 2), 3), v<N>(2, 1, 5));
    check_pair(a, inner, std::optional(inner), a);
    // Inside and touching a face from within.
    const auto flush = box<N>(v<N>(0, q(1, 2), 3), v<N>(4, 1, 5));
    check_pair(a, flush, std::optional(flush), a);
  }
  SECTION("identical boxes overlap in themselves") {
    check_pair(a, a, std::optional(a), a);
  }
  SECTION("a flat box through the middle overlaps in a flat box") {
    const auto flat = box<N>(v<N>(2, -1, -1), v<N>(2, 3, 7));
    check_pair(a, flat, std::optional(box<N>(v<N>(2, 0, 0), v<N>(2, 2, 6))),
               box<N>(v<N>(0, -1, -1), v<N>(4, 3, 7)));
  }
  SECTION("two crossing flat boxes overlap in a segment (a point in 2D)") {
    const auto f1 = box<N>(v<N>(2, 0, 0), v<N>(2, 2, 6));
    const auto f2 = box<N>(v<N>(0, 1, 0), v<N>(4, 1, 6));
    check_pair(f1, f2, std::optional(box<N>(v<N>(2, 1, 0), v<N>(2, 1, 6))), a);
  }
  SECTION("parallel flat boxes 2^-1000 apart do not overlap") {
    const auto f1 = box<N>(v<N>(2, 0, 0), v<N>(2, 2, 6));
    const auto f2 = moved(f1, axis<N>(0, tiny()));
    check_pair(f1, f2, std::optional<Box<N>>{}, box<N>(v<N>(2, 0, 0), v<N>(2 + tiny(), 2, 6)));
  }
  SECTION("a point box on a corner, inside, or just outside") {
    const auto corner = point_box(v<N>(4, 2, 6));
    check_pair(a, corner, std::optional(corner), a);
    const auto inside = point_box(v<N>(1, 1, 1));
    check_pair(a, inside, std::optional(inside), a);
    const auto outside = point_box(v<N>(4 + tiny(), 2, 6));
    check_pair(a, outside, std::optional<Box<N>>{}, box<N>(v<N>(0, 0, 0), v<N>(4 + tiny(), 2, 6)));
  }
  SECTION("point boxes overlap only when they are the same point") {
    const auto p = point_box(v<N>(q(1, 3), q(-2, 7), 5));
    check_pair(p, p, std::optional(p), p);
    const auto r = point_box(v<N>(q(1, 3), q(-2, 7) + tiny(), 5));
    check_pair(p, r, std::optional<Box<N>>{}, box<N>(p.lo, r.hi));
  }
  SECTION("boxes separated on exactly one axis by 2^-1000 do not overlap") {
    const auto width = minus(a.hi, a.lo);
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      auto span_hi = a, span_lo = a;
      span_hi.hi[k] = a.hi[k] + width[k] + tiny();
      span_lo.lo[k] = a.lo[k] - width[k] - tiny();
      check_pair(a, moved(a, axis<N>(k, width[k] + tiny())), std::optional<Box<N>>{}, span_hi);
      check_pair(a, moved(a, axis<N>(k, -width[k] - tiny())), std::optional<Box<N>>{}, span_lo);
    }
  }
  SECTION("boxes separated on every axis do not overlap") {
    const auto b = box<N>(v<N>(5, 3, 7), v<N>(6, 4, 8));
    check_pair(a, b, std::optional<Box<N>>{}, box<N>(v<N>(0, 0, 0), v<N>(6, 4, 8)));
  }
  SECTION("an inverted box is invalid input naming the box and the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      auto bad = a;
      bad.hi[k] = a.lo[k] - tiny();
      const std::string i = std::to_string(k);
      CHECK(err(ref::overlap(bad, a)) == invalid("a.max[" + i + "] < a.min[" + i + "]"));
      CHECK(err(ref::overlap(a, bad)) == invalid("b.max[" + i + "] < b.min[" + i + "]"));
      CHECK(err(ref::intersection(bad, a)) == invalid("a.max[" + i + "] < a.min[" + i + "]"));
      CHECK(err(ref::intersection(a, bad)) == invalid("b.max[" + i + "] < b.min[" + i + "]"));
      CHECK(err(ref::union_of(bad, a)) == invalid("a.max[" + i + "] < a.min[" + i + "]"));
      CHECK(err(ref::union_of(a, bad)) == invalid("b.max[" + i + "] < b.min[" + i + "]"));
    }
    CHECK(err(ref::overlap(box<N>(v<N>(0, 1, 0), v<N>(1, 0, 1)), a)) ==
          invalid("a.max[1] < a.min[1]"));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::overlap in centre-extent form", "[overlap]",
                       ((std::size_t N), N), 2, 3) {
  // a: c = (1/3, -2/7, 5), e = (1/5, 1/2, 3).
  const auto a = ce<N>(v<N>(q(1, 3), q(-2, 7), 5), v<N>(q(1, 5), q(1, 2), 3));

  SECTION("centres exactly e_a + e_b apart on one axis touch and overlap") {
    // |dc_x| = 3/10 = 1/5 + 1/10.
    const auto b = ce<N>(v<N>(q(1, 3) + q(3, 10), q(-2, 7), 5), v<N>(q(1, 10), 1, 1));
    CHECK(ok(ref::overlap(a, b)));
    CHECK(ok(ref::overlap(b, a)));
    const auto c = ce<N>(v<N>(q(1, 3) - q(3, 10), q(-2, 7), 5), v<N>(q(1, 10), 1, 1));
    CHECK(ok(ref::overlap(a, c)));
  }
  SECTION("centres e_a + e_b + 2^-1000 apart on one axis do not overlap") {
    const auto b = ce<N>(v<N>(q(1, 3) + q(3, 10) + tiny(), q(-2, 7), 5), v<N>(q(1, 10), 1, 1));
    CHECK_FALSE(ok(ref::overlap(a, b)));
    CHECK_FALSE(ok(ref::overlap(b, a)));
    const auto c =
        ce<N>(v<N>(q(1, 3), q(-2, 7) - q(1, 2) - q(1, 7) - tiny(), 5), v<N>(1, q(1, 7), 1));
    CHECK_FALSE(ok(ref::overlap(a, c)));
  }
  SECTION("centres exactly e_a + e_b apart on every axis touch at a corner and overlap") {
    const auto b = ce<N>(v<N>(q(1, 3) + q(1, 5) + 1, q(-2, 7) - q(1, 2) - 2, 5 + 3 + q(1, 9)),
                         v<N>(1, 2, q(1, 9)));
    CHECK(ok(ref::overlap(a, b)));
    CHECK(ok(ref::intersection(ref::to_min_max(a), ref::to_min_max(b))) ==
          std::optional(point_box(v<N>(q(8, 15), q(-11, 14), 8))));
  }
  SECTION("a box inside the other overlaps, in both orders") {
    const auto inner = ce<N>(a.center, v<N>(q(1, 10), q(1, 10), q(1, 10)));
    CHECK(ok(ref::overlap(a, inner)));
    CHECK(ok(ref::overlap(inner, a)));
  }
  SECTION("point boxes with equal centres overlap, with centres apart do not") {
    const auto p = ce<N>(v<N>(q(1, 10), q(1, 3), q(-1, 7)), all<N>(0));
    CHECK(ok(ref::overlap(p, p)));
    CHECK_FALSE(ok(ref::overlap(p, ce<N>(plus(p.center, all<N>(tiny())), all<N>(0)))));
  }
  SECTION("the answer equals the min-max form's") {
    for (const Rational& dx :
         std::initializer_list<Rational>{q(0), q(3, 10), q(3, 10) + tiny(), q(-3, 10) - tiny()})
      for (const Rational& dy :
           std::initializer_list<Rational>{q(0), q(1, 2) + q(1, 5), q(7, 10) + tiny()}) {
        const auto b = ce<N>(plus(a.center, v<N>(dx, dy, 0)), v<N>(q(1, 10), q(1, 5), 1));
        CAPTURE(dx, dy);
        CHECK(ok(ref::overlap(a, b)) == ok(ref::overlap(ref::to_min_max(a), ref::to_min_max(b))));
      }
  }
  SECTION("a negative extent is invalid input naming the box and the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      auto bad = a;
      bad.extent[k] = -tiny();
      const std::string i = std::to_string(k);
      CHECK(err(ref::overlap(bad, a)) == invalid("a.extent[" + i + "] < 0"));
      CHECK(err(ref::overlap(a, bad)) == invalid("b.extent[" + i + "] < 0"));
    }
    if constexpr (N == 3) {
      CHECK(err(ref::overlap(ce<N>(a.center, v<N>(1, 1, -1)), a)) == invalid("a.extent[2] < 0"));
    }
  }
}

TEMPLATE_TEST_CASE_SIG("reference::contains_box and classify", "[contains_box]", ((std::size_t N), N), 2, 3) {
  // a = [0,4] x [0,2] x [0,6].
  const auto a = box<N>(v<N>(0, 0, 0), v<N>(4, 2, 6));
  const auto contains = ref::Containment::Contains, intersects = ref::Containment::Intersects,
             disjoint = ref::Containment::Disjoint;

  SECTION("a box contains itself, and a box strictly inside it") {
    CHECK(ok(ref::contains_box(a, a)));
    CHECK(ok(ref::classify(a, a)) == contains);
    const auto inner = box<N>(v<N>(1, q(1, 2), 1), v<N>(3, 1, 5));
    CHECK(ok(ref::contains_box(a, inner)));
    CHECK_FALSE(ok(ref::contains_box(inner, a)));
    CHECK(ok(ref::classify(a, inner)) == contains);
    CHECK(ok(ref::classify(inner, a)) == intersects);  // not symmetric: a sticks out of inner
  }
  SECTION("a box sharing faces with a, inside it, is contained (DirectXMath's reported INTERSECTS)") {
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      auto low = a, high = a;
      low.hi[k] = a.lo[k] + 1;   // shares the face x_k = lo
      high.lo[k] = a.hi[k] - 1;  // shares the face x_k = hi
      CHECK(ok(ref::contains_box(a, low)));
      CHECK(ok(ref::contains_box(a, high)));
      CHECK(ok(ref::classify(a, high)) == contains);
    }
  }
  SECTION("flat and point boxes on a's boundary are contained") {
    auto face = a;
    face.lo[0] = a.hi[0];
    CHECK(ok(ref::contains_box(a, face)));
    const auto corner = box<N>(a.hi, a.hi);
    CHECK(ok(ref::contains_box(a, corner)));
    CHECK(ok(ref::classify(a, corner)) == contains);
    CHECK(ok(ref::classify(corner, a)) == intersects);
  }
  SECTION("a box sticking out by 2^-1000 on one side of one axis is not contained, but intersects") {
    for (std::size_t k = 0; k < N; ++k) {
      CAPTURE(k);
      auto out_hi = a, out_lo = a;
      out_hi.hi[k] += tiny();
      out_lo.lo[k] -= tiny();
      CHECK_FALSE(ok(ref::contains_box(a, out_hi)));
      CHECK_FALSE(ok(ref::contains_box(a, out_lo)));
      CHECK(ok(ref::classify(a, out_hi)) == intersects);
      CHECK(ok(ref::contains_box(out_hi, a)));
    }
  }
  SECTION("touching boxes intersect; boxes apart by 2^-1000 are disjoint") {
    const auto touching = box<N>(v<N>(4, 0, 0), v<N>(5, 2, 6));
    CHECK_FALSE(ok(ref::contains_box(a, touching)));
    CHECK(ok(ref::classify(a, touching)) == intersects);
    const auto apart = box<N>(v<N>(4 + tiny(), 0, 0), v<N>(5, 2, 6));
    CHECK(ok(ref::classify(a, apart)) == disjoint);
    CHECK(ok(ref::classify(apart, a)) == disjoint);
  }
  SECTION("the class words are eval's") {
    CHECK(std::string(ref::to_string(contains)) == "contains");
    CHECK(std::string(ref::to_string(intersects)) == "intersects");
    CHECK(std::string(ref::to_string(disjoint)) == "disjoint");
    CHECK(static_cast<int>(disjoint) == 0);
    CHECK(static_cast<int>(intersects) == 1);
    CHECK(static_cast<int>(contains) == 2);
  }
  SECTION("an inverted box is invalid input naming its box and axis, a checked before b") {
    auto bad = a;
    bad.hi[1] = -1;
    CHECK(err(ref::contains_box(bad, a)) == invalid("a.max[1] < a.min[1]"));
    CHECK(err(ref::contains_box(a, bad)) == invalid("b.max[1] < b.min[1]"));
    CHECK(err(ref::classify(bad, bad)) == invalid("a.max[1] < a.min[1]"));
    CHECK(err(ref::classify(a, bad)) == invalid("b.max[1] < b.min[1]"));
  }
}
