// reference::ray (contract §2): T = {t in [t_min, t_max] : o + t·d in the closed box};
// t_enter = min T, t_exit = max T, and t_exit is +infinity only when t_max is and the
// direction is zero on every axis. A zero direction on an axis keeps T whole when the origin
// is inside that slab and empties it otherwise. t_min > t_max is invalid input.

#include <cstddef>
#include <optional>
#include <string>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;

namespace {
// ray's t_max is a std::optional<Q> with Q deduced, so a bare Rational does not convert.
const std::optional<Rational> unbounded = std::nullopt;
std::optional<Rational> t_max(const Rational& t) {
  return t;
}
}  // namespace

TEMPLATE_TEST_CASE_SIG("reference::ray", "[ray]", ((std::size_t N), N), 2, 3) {
  // box = [1,3] x [-1,1] x [2,4]. In the shared cases the origin's z is inside [2,4] and the
  // direction's z is 0, so the 2D case (z dropped) has the same answer.
  const auto b = box<N>(v<N>(1, -1, 2), v<N>(3, 1, 4));

  SECTION("a ray through two opposite faces enters at one and exits at the other") {
    CHECK(ok(ref::ray(b, v<N>(0, 0, 3), v<N>(1, 0, 0))) == ray_hit(1, 3));
    // y: (-1 + 5)/2 = 2 to (1 + 5)/2 = 3.
    CHECK(ok(ref::ray(b, v<N>(2, -5, 3), v<N>(0, 2, 0))) == ray_hit(2, 3));
    // Negative direction: x = 5 - 2t reaches 3 at t = 1 and 1 at t = 2.
    CHECK(ok(ref::ray(b, v<N>(5, 0, 3), v<N>(-2, 0, 0))) == ray_hit(1, 2));
  }
  SECTION("a slanted ray enters at the latest slab entry and exits at the earliest slab exit") {
    // x = 2t in [1,3] for t in [1/2, 3/2]; y = -2 + t in [-1,1] for t in [1,3].
    CHECK(ok(ref::ray(b, v<N>(0, -2, 3), v<N>(2, 1, 0))) == ray_hit(1, q(3, 2)));
    // Through two opposite corners (edges in 3D): x and y both in range for t in [1,3].
    CHECK(ok(ref::ray(b, v<N>(0, -2, 3), v<N>(1, 1, 0))) == ray_hit(1, 3));
    // Rational: x = 1/3 + 3t/7 in [1,3] for t in [14/9, 56/9].
    CHECK(ok(ref::ray(b, v<N>(q(1, 3), 0, 3), v<N>(q(3, 7), 0, 0))) == ray_hit(q(14, 9), q(56, 9)));
  }
  SECTION("a ray that only grazes a corner (an edge in 3D) hits at one instant") {
    // x = 2 + t in [1,3] for t in [-1,1], clipped to [0,1]; y = 2 - t in [-1,1] for t in [1,3].
    CHECK(ok(ref::ray(b, v<N>(2, 2, 3), v<N>(1, -1, 0))) == ray_hit(1, 1));
    CHECK(ok(ref::ray(b, v<N>(2, 2 + tiny(), 3), v<N>(1, -1, 0))) == ray_miss());
  }
  SECTION("a ray lying in a face plane touches the box and hits") {
    CHECK(ok(ref::ray(b, v<N>(0, 1, 3), v<N>(1, 0, 0))) == ray_hit(1, 3));
    CHECK(ok(ref::ray(b, v<N>(0, -1, 3), v<N>(1, 0, 0))) == ray_hit(1, 3));
    CHECK(ok(ref::ray(b, v<N>(3, -7, 3), v<N>(0, 1, 0))) == ray_hit(6, 8));
    CHECK(ok(ref::ray(b, v<N>(0, 1 + tiny(), 3), v<N>(1, 0, 0))) == ray_miss());
  }
  SECTION("a zero direction on an axis outside that slab is a miss") {
    CHECK(ok(ref::ray(b, v<N>(0, 2, 3), v<N>(1, 0, 0))) == ray_miss());
    CHECK(ok(ref::ray(b, v<N>(0, -1 - tiny(), 3), v<N>(1, 0, 0))) == ray_miss());
    CHECK(ok(ref::ray(b, v<N>(0, 2, 3), v<N>(1, 0, 0), q(-100), t_max(100))) == ray_miss());
  }
  SECTION("a zero direction with the origin inside hits for all of [t_min, t_max]") {
    const auto o = v<N>(2, 0, 3), d = all<N>(0);
    CHECK(ok(ref::ray(b, o, d)) == ray_hit_unbounded(0));
    CHECK(ok(ref::ray(b, o, d, q(-7))) == ray_hit_unbounded(-7));
    CHECK(ok(ref::ray(b, o, d, q(0), t_max(5))) == ray_hit(0, 5));
    CHECK(ok(ref::ray(b, o, d, q(-7), t_max(q(1, 3)))) == ray_hit(-7, q(1, 3)));
    CHECK(ok(ref::ray(b, o, d, q(2), t_max(2))) == ray_hit(2, 2));
    // The origin on a corner is inside the closed box.
    CHECK(ok(ref::ray(b, v<N>(3, 1, 4), d)) == ray_hit_unbounded(0));
  }
  SECTION("a zero direction with the origin outside is a miss") {
    const auto d = all<N>(0);
    CHECK(ok(ref::ray(b, v<N>(0, 0, 3), d)) == ray_miss());
    CHECK(ok(ref::ray(b, v<N>(3 + tiny(), 0, 3), d)) == ray_miss());
    CHECK(ok(ref::ray(b, v<N>(0, 0, 3), d, q(-7), t_max(7))) == ray_miss());
  }
  SECTION("t_min and t_max clip the interval") {
    const auto o = v<N>(0, 0, 3), d = v<N>(1, 0, 0);  // inside for t in [1,3]
    CHECK(ok(ref::ray(b, o, d, q(2))) == ray_hit(2, 3));
    CHECK(ok(ref::ray(b, o, d, q(0), t_max(q(5, 2)))) == ray_hit(1, q(5, 2)));
    CHECK(ok(ref::ray(b, o, d, q(2), t_max(q(5, 2)))) == ray_hit(2, q(5, 2)));
    CHECK(ok(ref::ray(b, o, d, q(-10), unbounded)) == ray_hit(1, 3));
    CHECK(ok(ref::ray(b, o, d, q(0), t_max(10))) == ray_hit(1, 3));
    // Clipped to a single instant at either end.
    CHECK(ok(ref::ray(b, o, d, q(0), t_max(1))) == ray_hit(1, 1));
    CHECK(ok(ref::ray(b, o, d, q(3))) == ray_hit(3, 3));
    // Clipped away by 2^-1000.
    CHECK(ok(ref::ray(b, o, d, q(0), t_max(1 - tiny()))) == ray_miss());
    CHECK(ok(ref::ray(b, o, d, Rational(3 + tiny()))) == ray_miss());
    CHECK(ok(ref::ray(b, o, d, q(0), t_max(q(1, 2)))) == ray_miss());
  }
  SECTION("a ray starting inside enters at t_min, and a negative t_min reaches back") {
    const auto o = v<N>(2, 0, 3), d = v<N>(1, 0, 0);  // inside for t in [-1,1]
    CHECK(ok(ref::ray(b, o, d)) == ray_hit(0, 1));
    CHECK(ok(ref::ray(b, o, d, q(-5))) == ray_hit(-1, 1));
    CHECK(ok(ref::ray(b, o, d, q(-1, 2))) == ray_hit(q(-1, 2), 1));
  }
  SECTION("a ray pointing away misses unless t_min reaches back to the box") {
    const auto o = v<N>(0, 0, 3), d = v<N>(-1, 0, 0);  // inside for t in [-3,-1]
    CHECK(ok(ref::ray(b, o, d)) == ray_miss());
    CHECK(ok(ref::ray(b, o, d, q(-10))) == ray_hit(-3, -1));
    CHECK(ok(ref::ray(b, o, d, q(-2), t_max(q(-3, 2)))) == ray_hit(-2, q(-3, 2)));
  }
  SECTION("t_min == t_max asks about one instant") {
    const auto o = v<N>(0, 0, 3), d = v<N>(1, 0, 0);
    CHECK(ok(ref::ray(b, o, d, q(2), t_max(2))) == ray_hit(2, 2));
    CHECK(ok(ref::ray(b, o, d, q(1), t_max(1))) == ray_hit(1, 1));
    CHECK(ok(ref::ray(b, o, d, q(4), t_max(4))) == ray_miss());
  }
  if constexpr (N == 3) {
    SECTION("in 3D the z slab narrows the interval too") {
      // x in [1/2, 3/2], y in [1, 3], z = 3/2 + t/2 in [2,4] for t in [1, 5].
      CHECK(ok(ref::ray(b, v<N>(0, -2, q(3, 2)), v<N>(2, 1, q(1, 2)))) == ray_hit(1, q(3, 2)));
      // z = 1 + t in [2,4] for t in [1,3]; x = 2t in [1,3] for [1/2, 3/2]: exits through x.
      CHECK(ok(ref::ray(b, v<N>(0, 0, 1), v<N>(2, 0, 1))) == ray_hit(1, q(3, 2)));
      // Outside the z slab with zero z direction: a miss although x and y would hit.
      CHECK(ok(ref::ray(b, v<N>(0, 0, 5), v<N>(1, 0, 0))) == ray_miss());
      // In the plane of the top face z = 4.
      CHECK(ok(ref::ray(b, v<N>(0, 0, 4), v<N>(1, 0, 0))) == ray_hit(1, 3));
      // Straight down through both z faces: z = 10 - 2t in [2,4] for t in [3, 4].
      CHECK(ok(ref::ray(b, v<N>(2, 0, 10), v<N>(0, 0, -2))) == ray_hit(3, 4));
    }
  }
  SECTION("t_min > t_max is invalid input") {
    CHECK(err(ref::ray(b, v<N>(0, 0, 3), v<N>(1, 0, 0), q(1), t_max(q(1, 2)))) ==
          invalid("t_min > t_max"));
    CHECK(err(ref::ray(b, v<N>(0, 0, 3), all<N>(0), q(0), t_max(-tiny()))) ==
          invalid("t_min > t_max"));
  }
  SECTION("an inverted box is invalid input naming the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      auto bad = b;
      bad.hi[k] = bad.lo[k] - tiny();
      const std::string i = std::to_string(k);
      CHECK(err(ref::ray(bad, v<N>(0, 0, 3), v<N>(1, 0, 0))) ==
            invalid("box.max[" + i + "] < box.min[" + i + "]"));
    }
  }
}
