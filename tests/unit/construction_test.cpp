// reference::bounds_of_points, extreme_points, bounds_of_sphere and transform (contract §2;
// seed 002's ExtremePointAlongDirection, bounding-sphere AABB and UpdateAABB in min–max and
// centre–radius form), computed exactly.

#include <cstddef>
#include <string>
#include <vector>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;

TEMPLATE_TEST_CASE_SIG("reference::bounds_of_points", "[construction]", ((std::size_t N), N), 2,
                       3) {
  SECTION("one point gives its point box") {
    const auto p = v<N>(q(1, 3), q(-2, 7), 5);
    CHECK(ok(ref::bounds_of_points(std::vector{p})) == point_box(p));
  }
  SECTION("many points give the least and greatest coordinate on each axis") {
    const std::vector pts{v<N>(1, -2, 3), v<N>(q(-1, 3), 5, 0), v<N>(2, 0, q(-7, 2))};
    const auto expected = box<N>(v<N>(q(-1, 3), -2, q(-7, 2)), v<N>(2, 5, 3));
    CHECK(ok(ref::bounds_of_points(pts)) == expected);
    // The order of the points does not matter.
    const std::vector reversed{pts[2], pts[1], pts[0]};
    CHECK(ok(ref::bounds_of_points(reversed)) == expected);
  }
  SECTION("duplicated points change nothing") {
    const auto p = v<N>(q(1, 10), 0, -1);
    CHECK(ok(ref::bounds_of_points(std::vector{p, p, p})) == point_box(p));
    const std::vector pts{v<N>(1, -2, 3), v<N>(1, -2, 3), v<N>(q(-1, 3), 5, 0), v<N>(1, -2, 3)};
    CHECK(ok(ref::bounds_of_points(pts)) == box<N>(v<N>(q(-1, 3), -2, 0), v<N>(1, 5, 3)));
  }
  SECTION("points on a line parallel to an axis give a flat box") {
    const std::vector pts{v<N>(3, 1, 2), v<N>(0, 1, 2), v<N>(1, 1, 2)};
    CHECK(ok(ref::bounds_of_points(pts)) == box<N>(v<N>(0, 1, 2), v<N>(3, 1, 2)));
  }
  SECTION("points 2^-1000 apart give a box 2^-1000 wide") {
    const std::vector pts{v<N>(1, 1, 1), v<N>(1 + tiny(), 1, 1)};
    CHECK(ok(ref::bounds_of_points(pts)) == box<N>(v<N>(1, 1, 1), v<N>(1 + tiny(), 1, 1)));
  }
  SECTION("an empty list is invalid input") {
    CHECK(err(ref::bounds_of_points(std::vector<Vec<N>>{})) ==
          invalid("points: empty list, need at least one point"));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::extreme_points", "[construction]", ((std::size_t N), N), 2, 3) {
  // The unit square's corners in order (0,0), (1,0), (1,1), (0,1), at z = 0.
  const std::vector square{v<N>(0, 0, 0), v<N>(1, 0, 0), v<N>(1, 1, 0), v<N>(0, 1, 0)};

  SECTION("a unique least and greatest point are found") {
    // dot with (1,1): 0, 1, 2, 1.
    CHECK(ok(ref::extreme_points(square, v<N>(1, 1, 0))) == Extremes{0, 2});
    // dot with (-1,2): 0, -1, 1, 2.
    CHECK(ok(ref::extreme_points(square, v<N>(-1, 2, 0))) == Extremes{1, 3});
  }
  SECTION("ties go to the lowest index, for both min and max") {
    // dot with (1,0): 0, 1, 1, 0.
    CHECK(ok(ref::extreme_points(square, v<N>(1, 0, 0))) == Extremes{0, 1});
    // dot with (-1,0): 0, -1, -1, 0.
    CHECK(ok(ref::extreme_points(square, v<N>(-1, 0, 0))) == Extremes{1, 0});
    // dot with (0,1): 0, 0, 1, 1.
    CHECK(ok(ref::extreme_points(square, v<N>(0, 1, 0))) == Extremes{0, 2});
    // Ties away from index 0: dot with (1,1) is 10, 0, 0, 18, 18.
    const std::vector pts{v<N>(5, 5, 0), v<N>(0, 0, 0), v<N>(0, 0, 0), v<N>(9, 9, 0),
                          v<N>(9, 9, 0)};
    CHECK(ok(ref::extreme_points(pts, v<N>(1, 1, 0))) == Extremes{1, 3});
    CHECK(ok(ref::extreme_points(pts, v<N>(-1, -1, 0))) == Extremes{3, 1});
  }
  SECTION("a zero direction makes every point tie: (0, 0)") {
    CHECK(ok(ref::extreme_points(square, all<N>(0))) == Extremes{0, 0});
  }
  SECTION("one point is both extremes") {
    CHECK(ok(ref::extreme_points(std::vector{v<N>(3, 4, 5)}, v<N>(1, -1, 1))) == Extremes{0, 0});
  }
  SECTION("rational directions and ties that floats would break are exact") {
    // dot with (1/3, -1/7): 1, -1, 1/3 - 1/7 = 4/21.
    const std::vector pts{v<N>(3, 0, 0), v<N>(0, 7, 0), v<N>(1, 1, 0)};
    CHECK(ok(ref::extreme_points(pts, v<N>(q(1, 3), q(-1, 7), 0))) == Extremes{1, 0});
    // dot with (1,1): 1, 1 (exactly: (1 + 2^-1000) - 2^-1000), 1 + 2^-1000.
    const std::vector close{v<N>(1, 0, 0), v<N>(1 + tiny(), -tiny(), 0), v<N>(0, 1 + tiny(), 0)};
    CHECK(ok(ref::extreme_points(close, v<N>(1, 1, 0))) == Extremes{0, 2});
  }
  if constexpr (N == 3) {
    SECTION("the cube's vertices along 3D directions") {
      // Vertex i = (i & 1, (i >> 1) & 1, (i >> 2) & 1).
      std::vector<Vec<3>> cube;
      for (int i = 0; i < 8; ++i) cube.push_back(Vec<3>{i & 1, (i >> 1) & 1, (i >> 2) & 1});
      CHECK(ok(ref::extreme_points(cube, v<N>(1, 2, 4))) == Extremes{0, 7});
      // dot with (0,0,-1): 0 for z = 0 (first 0), -1 for z = 1 (first 4).
      CHECK(ok(ref::extreme_points(cube, v<N>(0, 0, -1))) == Extremes{4, 0});
      // dot with (1,1,-1): least -1 at (0,0,1) = 4, greatest 2 at (1,1,0) = 3.
      CHECK(ok(ref::extreme_points(cube, v<N>(1, 1, -1))) == Extremes{4, 3});
    }
  }
  SECTION("an empty list is invalid input") {
    CHECK(err(ref::extreme_points(std::vector<Vec<N>>{}, all<N>(1))) ==
          invalid("points: empty list, need at least one point"));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::bounds_of_sphere", "[construction]", ((std::size_t N), N), 2,
                       3) {
  const auto c = v<N>(1, -2, 3);
  SECTION("radius 0 gives the centre's point box") {
    CHECK(ok(ref::bounds_of_sphere(c, q(0))) == point_box(c));
  }
  SECTION("a rational radius is exact") {
    CHECK(ok(ref::bounds_of_sphere(c, q(1, 3))) ==
          box<N>(v<N>(q(2, 3), q(-7, 3), q(8, 3)), v<N>(q(4, 3), q(-5, 3), q(10, 3))));
    CHECK(
        ok(ref::bounds_of_sphere(v<N>(q(1, 10), 0, 0), tiny())) ==
        box<N>(v<N>(q(1, 10) - tiny(), -tiny(), -tiny()), v<N>(q(1, 10) + tiny(), tiny(), tiny())));
  }
  SECTION("a negative radius is invalid input") {
    CHECK(err(ref::bounds_of_sphere(c, -tiny())) == invalid("radius < 0"));
    CHECK(err(ref::bounds_of_sphere(c, q(-1))) == invalid("radius < 0"));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::transform", "[transform]", ((std::size_t N), N), 2, 3) {
  // b = [1,2] x [3,5] x [-1,0], i.e. c = (3/2, 4, -1/2), e = (1/2, 1, 1/2). The 3x3 matrices
  // below act on z alone (third row and column e3), so their top-left 2x2 block is the 2D case.
  const auto b = box<N>(v<N>(1, 3, -1), v<N>(2, 5, 0));
  const auto bce = ce<N>(v<N>(q(3, 2), 4, q(-1, 2)), v<N>(q(1, 2), 1, q(1, 2)));
  REQUIRE(ref::to_center_extent(b) == bce);
  const auto zero = all<N>(0);
  const auto t = v<N>(q(1, 3), -2, 5);

  // Both forms, and the centre–extent result is the same closed set as the min–max one.
  auto check_both = [&](const Matrix<N>& m, const Vec<N>& tr, const Box<N>& expected) {
    CHECK(ok(ref::transform(b, m, tr)) == expected);
    const auto out = ok(ref::transform(bce, m, tr));
    CHECK(ref::to_min_max(out) == expected);
    CHECK(ref::to_min_max(out) == ok(ref::transform(ref::to_min_max(bce), m, tr)));
  };

  const auto identity = mat<N>({1, 0, 0}, {0, 1, 0}, {0, 0, 1});
  const auto rot90 = mat<N>({0, -1, 0}, {1, 0, 0}, {0, 0, 1});  // (x,y) -> (-y, x)

  SECTION("the identity leaves the box, and a translation moves it") {
    check_both(identity, zero, b);
    check_both(identity, t, box<N>(v<N>(q(4, 3), 1, 4), v<N>(q(7, 3), 3, 5)));
  }
  SECTION("a rotation by 90 degrees maps the box onto a box") {
    // x' = -y in [-5,-3], y' = x in [1,2].
    check_both(rot90, zero, box<N>(v<N>(-5, 1, -1), v<N>(-3, 2, 0)));
    CHECK(ok(ref::transform(bce, rot90, zero)) ==
          ce<N>(v<N>(-4, q(3, 2), q(-1, 2)), v<N>(1, q(1, 2), q(1, 2))));
  }
  SECTION("a rational rotation (3/5, -4/5; 4/5, 3/5) gives the tight box of the rotated box") {
    // x' = 3x/5 - 4y/5 in [3/5 - 4, 6/5 - 12/5]; y' = 4x/5 + 3y/5 in [4/5 + 9/5, 8/5 + 3].
    const auto m = mat<N>({q(3, 5), q(-4, 5), 0}, {q(4, 5), q(3, 5), 0}, {0, 0, 1});
    check_both(m, zero, box<N>(v<N>(q(-17, 5), q(13, 5), -1), v<N>(q(-6, 5), q(23, 5), 0)));
  }
  SECTION("a reflection flips one axis") {
    check_both(mat<N>({-1, 0, 0}, {0, 1, 0}, {0, 0, 1}), zero,
               box<N>(v<N>(-2, 3, -1), v<N>(-1, 5, 0)));
    check_both(mat<N>({1, 0, 0}, {0, -1, 0}, {0, 0, 1}), t,
               box<N>(v<N>(q(4, 3), -7, 4), v<N>(q(7, 3), -5, 5)));
  }
  SECTION("a shear adds a multiple of another axis") {
    // x' = x + y/2 in [1 + 3/2, 2 + 5/2].
    check_both(mat<N>({1, q(1, 2), 0}, {0, 1, 0}, {0, 0, 1}), zero,
               box<N>(v<N>(q(5, 2), 3, -1), v<N>(q(9, 2), 5, 0)));
  }
  SECTION("a non-invertible matrix flattens the box") {
    // x' = x + y in [4,7], y' = 0; then + t.
    check_both(mat<N>({1, 1, 0}, {0, 0, 0}, {0, 0, 1}), t,
               box<N>(v<N>(q(13, 3), -2, 4), v<N>(q(22, 3), -2, 5)));
  }
  SECTION("the zero matrix maps the box to the point t") {
    const auto m = mat<N>({0, 0, 0}, {0, 0, 0}, {0, 0, 0});
    check_both(m, t, point_box(t));
    CHECK(ok(ref::transform(bce, m, t)) == ce<N>(t, all<N>(0)));
  }
  SECTION("a flat or point box is transformed like any box") {
    CHECK(ok(ref::transform(point_box(v<N>(1, 3, -1)), rot90, t)) ==
          point_box(v<N>(q(1, 3) - 3, -1, 4)));
  }
  if constexpr (N == 3) {
    SECTION("a rotation by 90 degrees about x moves z into y") {
      // y' = -z in [0,1], z' = y in [3,5].
      check_both(mat<N>({1, 0, 0}, {0, 0, -1}, {0, 1, 0}), zero,
                 box<N>(v<N>(1, 0, 3), v<N>(2, 1, 5)));
    }
    SECTION("a general matrix with mixed signs takes each row's extremes separately") {
      // Row 0: x - 2y + z/2 + 1 in [1 - 10 - 1/2 + 1, 2 - 6 + 0 + 1] = [-17/2, -3].
      // Row 1: 3y - z in [9, 16].
      // Row 2: -x + y/3 + 2z - 1 in [-2 + 1 - 2 - 1, -1 + 5/3 + 0 - 1] = [-4, -1/3].
      const auto m = mat<N>({1, -2, q(1, 2)}, {0, 3, -1}, {-1, q(1, 3), 2});
      const auto tr = v<N>(1, 0, -1);
      check_both(m, tr, box<N>(v<N>(q(-17, 2), 9, -4), v<N>(-3, 16, q(-1, 3))));
      // c' = M·c + t = (-23/4, 25/2, -13/6); e' = |M|·e = (11/4, 7/2, 11/6).
      CHECK(ok(ref::transform(bce, m, tr)) ==
            ce<N>(v<N>(q(-23, 4), q(25, 2), q(-13, 6)), v<N>(q(11, 4), q(7, 2), q(11, 6))));
    }
  }
  SECTION("an inverted box or a negative extent is invalid input naming the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      const std::string i = std::to_string(k);
      auto bad = b;
      bad.hi[k] = bad.lo[k] - tiny();
      CHECK(err(ref::transform(bad, identity, zero)) ==
            invalid("box.max[" + i + "] < box.min[" + i + "]"));
      auto bad_ce = bce;
      bad_ce.extent[k] = -tiny();
      CHECK(err(ref::transform(bad_ce, identity, zero)) == invalid("box.extent[" + i + "] < 0"));
    }
  }
}
