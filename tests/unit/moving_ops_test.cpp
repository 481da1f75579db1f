// reference::sweep, sweep_ce and moving_vs_static (contract §2): T = {t in [0,1] : the moved
// boxes intersect} is a closed interval, possibly one instant; t_first = min T, t_last = max T
// (the true last instant even when the boxes overlap at t = 0, where seed 000's listing returns
// u1 = 0); a zero relative displacement on an axis means that axis overlaps for all t or none.

#include <cstddef>
#include <string>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;

namespace {

/// Checks one sweep case through every entry point that must give the same T: sweep in both
/// argument orders, sweep_ce with the same boxes as centres at t = 0 and t = 1, and
/// moving_vs_static in a's frame; each under every rotation of the axes.
template <std::size_t N>
void check_sweep(const Box<N>& a0, const Vec<N>& da0, const Box<N>& b0, const Vec<N>& db0,
                 const SweepResult& expected) {
  CAPTURE(a0, da0, b0, db0);
  const MovingResult expected_moving{expected.hit, expected.t_first};
  for (std::size_t r = 0; r < N; ++r) {
    CAPTURE(r);
    const auto a = rotated(a0, r), b = rotated(b0, r);
    const auto da = rotated(da0, r), db = rotated(db0, r);
    CHECK(ok(ref::sweep(a, da, b, db)) == expected);
    CHECK(ok(ref::sweep(b, db, a, da)) == expected);
    const auto ca = ref::to_center_extent(a), cb = ref::to_center_extent(b);
    CHECK(ok(ref::sweep_ce(ca.extent, ca.center, plus(ca.center, da), cb.extent, cb.center,
                           plus(cb.center, db))) == expected);
    CHECK(ok(ref::moving_vs_static(a, b, minus(db, da))) == expected_moving);
    // moving_vs_static(s, m, d) is sweep(s, 0, m, d).
    CHECK(ok(ref::moving_vs_static(a, b, db)) ==
          MovingResult{ok(ref::sweep(a, all<N>(0), b, db)).hit,
                       ok(ref::sweep(a, all<N>(0), b, db)).t_first});
  }
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("reference::sweep", "[sweep]", ((std::size_t N), N), 2, 3) {
  // a = [0,1]^N. In the cases below the third axis is benign: b overlaps a on z and nothing
  // moves along z, so the 2D case (z dropped) has the same answer.
  const auto a = box<N>(all<N>(0), all<N>(1));
  const auto zero = all<N>(0);

  SECTION("zero displacement on every axis gives overlap for all of [0,1] or a miss") {
    check_sweep(a, zero, box<N>(v<N>(q(1, 2), q(1, 2), 0), v<N>(q(3, 2), q(3, 2), 1)), zero,
                sweep_hit(0, 1));
    check_sweep(a, zero, box<N>(v<N>(1, 0, 0), v<N>(2, 1, 1)), zero, sweep_hit(0, 1));
    check_sweep(a, zero, box<N>(v<N>(1, 1, 1), v<N>(2, 2, 2)), zero, sweep_hit(0, 1));
    check_sweep(a, zero, box<N>(v<N>(1 + tiny(), 0, 0), v<N>(2, 1, 1)), zero, sweep_miss());
    // Equal displacements are zero relative displacement.
    const auto d = v<N>(5, -3, 7);
    check_sweep(a, d, box<N>(v<N>(1, 0, 0), v<N>(2, 1, 1)), d, sweep_hit(0, 1));
    check_sweep(a, d, box<N>(v<N>(1 + tiny(), 0, 0), v<N>(2, 1, 1)), d, sweep_miss());
    // The hit is exactly overlap(a, b).
    for (const auto& b :
         {box<N>(v<N>(q(1, 3), 2, 0), v<N>(1, 3, 1)), box<N>(v<N>(q(1, 3), 1, 0), v<N>(1, 3, 1)),
          box<N>(v<N>(q(1, 3), 1 + tiny(), 0), v<N>(1, 3, 1)),
          box<N>(v<N>(-1, -1, -1), v<N>(2, 2, 2))}) {
      CAPTURE(b);
      CHECK(ok(ref::sweep(a, zero, b, zero)).hit == ok(ref::overlap(a, b)));
    }
  }
  SECTION("zero relative displacement on an axis where the boxes are apart is a miss") {
    // On x alone b would reach a at t = 2/3, but y stays separated.
    const auto b = box<N>(v<N>(3, 2, 0), v<N>(4, 3, 1));
    check_sweep(a, zero, b, v<N>(-3, 0, 0), sweep_miss());
    check_sweep(a, v<N>(0, 5, 0), b, v<N>(-3, 5, 0), sweep_miss());
    const auto just_apart = box<N>(v<N>(3, 1 + tiny(), 0), v<N>(4, 3, 1));
    check_sweep(a, zero, just_apart, v<N>(-3, 0, 0), sweep_miss());
  }
  SECTION("zero displacement on an axis where the boxes overlap leaves the others to decide") {
    // x: 3 - 3t <= 1 from t = 2/3; 4 - 3t >= 0 until t = 4/3, clipped to 1.
    check_sweep(a, zero, box<N>(v<N>(3, q(1, 2), 0), v<N>(4, q(3, 2), 1)), v<N>(-3, 0, 0),
                sweep_hit(q(2, 3), 1));
    // Touching on y (b.lo_y = a.hi_y) with zero y displacement still counts.
    check_sweep(a, zero, box<N>(v<N>(3, 1, 0), v<N>(4, 2, 1)), v<N>(-3, 0, 0),
                sweep_hit(q(2, 3), 1));
  }
  SECTION("boxes overlapping at t = 0 give t_first = 0 and the true last instant") {
    const auto b = box<N>(v<N>(q(1, 2), 0, 0), v<N>(q(3, 2), 1, 1));
    // 1/2 + 3t <= 1 until t = 1/6 (seed 000 returns u1 = 0 here).
    check_sweep(a, zero, b, v<N>(3, 0, 0), sweep_hit(0, q(1, 6)));
    // 3/2 - 3t >= 0 until t = 1/2.
    check_sweep(a, zero, b, v<N>(-3, 0, 0), sweep_hit(0, q(1, 2)));
    // 1/2 + t/4 <= 1 until t = 2: overlapping all of [0,1].
    check_sweep(a, zero, b, v<N>(q(1, 4), 0, 0), sweep_hit(0, 1));
    // Both moving: relative displacement (3, 0).
    check_sweep(a, v<N>(-1, 0, 0), b, v<N>(2, 0, 0), sweep_hit(0, q(1, 6)));
  }
  SECTION("contact exactly at t = 1 is a hit at that one instant") {
    // 3 - 2t <= 1 from t = 1.
    const auto b = box<N>(v<N>(3, 0, 0), v<N>(4, 1, 1));
    check_sweep(a, zero, b, v<N>(-2, 0, 0), sweep_hit(1, 1));
    // Stopping 2^-1000 short: 3 - (2 - 2^-1000) t <= 1 needs t > 1.
    check_sweep(a, zero, b, v<N>(-2 + tiny(), 0, 0), sweep_miss());
  }
  SECTION("contact at a single instant inside (0,1) gives t_first == t_last") {
    // x meets from t = 1/2 (2 - 2t <= 1); y separates after t = 1/2 (2t <= 1): b touches a's
    // edge x = 1, y = 1 (its corner in 2D) at t = 1/2 only.
    check_sweep(a, zero, box<N>(v<N>(2, 0, 0), v<N>(3, q(1, 2), 1)), v<N>(-2, 2, 0),
                sweep_hit(q(1, 2), q(1, 2)));
    if constexpr (N == 3) {
      // z also separates after t = 1/2: a single corner contact in 3D.
      check_sweep(a, zero, box<N>(v<N>(2, 0, 0), v<N>(3, q(1, 2), q(1, 2))), v<N>(-2, 2, 2),
                  sweep_hit(q(1, 2), q(1, 2)));
    }
  }
  SECTION("boxes moving apart miss, or hit only at t = 0 when touching at the start") {
    check_sweep(a, zero, box<N>(v<N>(2, 0, 0), v<N>(3, 1, 1)), v<N>(1, 0, 0), sweep_miss());
    // 1 + t <= 1 only at t = 0.
    check_sweep(a, zero, box<N>(v<N>(1, 0, 0), v<N>(2, 1, 1)), v<N>(1, 0, 0), sweep_hit(0, 0));
    check_sweep(a, v<N>(-1, 0, 0), box<N>(v<N>(1, 1, 0), v<N>(2, 2, 1)), v<N>(0, 1, 0),
                sweep_hit(0, 0));
  }
  SECTION("both boxes moving are solved with the relative displacement") {
    // Relative displacement -2 along x.
    const auto da = v<N>(1, 0, 0), db = v<N>(-1, 0, 0);
    check_sweep(a, da, box<N>(v<N>(4, 0, 0), v<N>(5, 1, 1)), db, sweep_miss());  // t >= 3/2
    check_sweep(a, da, box<N>(v<N>(3, 0, 0), v<N>(4, 1, 1)), db, sweep_hit(1, 1));
    check_sweep(a, da, box<N>(v<N>(2, 0, 0), v<N>(3, 1, 1)), db, sweep_hit(q(1, 2), 1));
    // Same direction, a catching up: relative displacement 1 - 3 = -2.
    check_sweep(a, v<N>(3, 0, 0), box<N>(v<N>(2, 0, 0), v<N>(3, 1, 1)), v<N>(1, 0, 0),
                sweep_hit(q(1, 2), 1));
    // Same direction, b running away.
    check_sweep(a, v<N>(2, 0, 0), box<N>(v<N>(2, 0, 0), v<N>(3, 1, 1)), v<N>(3, 0, 0),
                sweep_miss());
  }
  SECTION("rational times such as 1/3 are exact") {
    // A flat b at x = 2 moving by -3 crosses [0,1] for t in [1/3, 2/3].
    check_sweep(a, zero, box<N>(v<N>(2, 0, 0), v<N>(2, 1, 1)), v<N>(-3, 0, 0),
                sweep_hit(q(1, 3), q(2, 3)));
    // b = [-5,-4] moving by 10 passes through: -4 + 10t >= 0 from 2/5, -5 + 10t <= 1 to 3/5.
    check_sweep(a, zero, box<N>(v<N>(-5, 0, 0), v<N>(-4, 1, 1)), v<N>(10, 0, 0),
                sweep_hit(q(2, 5), q(3, 5)));
    // 2 - 7t <= 1 from 1/7; 3 - 7t >= 0 to 3/7.
    check_sweep(a, zero, box<N>(v<N>(2, 0, 0), v<N>(3, 1, 1)), v<N>(-7, 0, 0),
                sweep_hit(q(1, 7), q(3, 7)));
  }
  SECTION("each axis narrows the interval: the latest entry and the earliest exit") {
    // x: 2 - 3t <= 1 from 1/3, 3 - 3t >= 0 to 1; y: -2 + 4t >= 0 from 1/2, -3 + 4t <= 1 to 1.
    const auto b = box<N>(v<N>(2, -3, q(1, 2)), v<N>(3, -2, q(3, 2)));
    if constexpr (N == 2) {
      check_sweep(a, zero, b, v<N>(-3, 4, q(2, 3)), sweep_hit(q(1, 2), 1));
    } else {
      // z: 1/2 + 2t/3 <= 1 until t = 3/4.
      check_sweep(a, zero, b, v<N>(-3, 4, q(2, 3)), sweep_hit(q(1, 2), q(3, 4)));
      // z: 1/2 + 2t <= 1 until t = 1/4, before x and y meet.
      check_sweep(a, zero, b, v<N>(-3, 4, 2), sweep_miss());
      // z: 1/2 + t <= 1 until t = 1/2, exactly when y meets.
      check_sweep(a, zero, b, v<N>(-3, 4, 1), sweep_hit(q(1, 2), q(1, 2)));
    }
  }
  SECTION("an inverted box is invalid input naming the box and the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      auto bad = a;
      bad.hi[k] = -tiny();
      const std::string i = std::to_string(k);
      CHECK(err(ref::sweep(bad, zero, a, zero)) == invalid("a.max[" + i + "] < a.min[" + i + "]"));
      CHECK(err(ref::sweep(a, zero, bad, zero)) == invalid("b.max[" + i + "] < b.min[" + i + "]"));
    }
    CHECK(err(ref::sweep(box<N>(v<N>(0, 1, 0), v<N>(1, 0, 1)), zero, a, zero)) ==
          invalid("a.max[1] < a.min[1]"));
  }
}

TEMPLATE_TEST_CASE_SIG("reference::sweep_ce", "[sweep]", ((std::size_t N), N), 2, 3) {
  SECTION("each displacement is the exact difference of the centres") {
    // a: x in [1/10 - 1/3, 1/10 + 1/3] = [-7/30, 13/30], still. b: x in [5/6 - 2t, 7/6 - 2t].
    // 5/6 - 2t <= 13/30 from t = 1/5; 7/6 - 2t >= -7/30 until t = 7/10.
    const auto ea = all<N>(q(1, 3)), a0 = v<N>(q(1, 10), 0, 0);
    const auto eb = all<N>(q(1, 6)), b0 = v<N>(1, 0, 0), b1 = v<N>(-1, 0, 0);
    CHECK(ok(ref::sweep_ce(ea, a0, a0, eb, b0, b1)) == sweep_hit(q(1, 5), q(7, 10)));
    // Moving both centres by the same extra amount changes nothing.
    const auto s = v<N>(q(1, 7), q(-2, 9), 3);
    CHECK(ok(ref::sweep_ce(ea, a0, plus(a0, s), eb, b0, plus(b1, s))) ==
          sweep_hit(q(1, 5), q(7, 10)));
  }
  SECTION("boxes overlapping at the start keep their true last instant") {
    // a = [-1,1]^N; b's x in [4t, 2 + 4t] leaves a after t = 1/4. Seed 000 returns u1 = 0.
    CHECK(ok(ref::sweep_ce(all<N>(1), all<N>(0), all<N>(0), all<N>(1), v<N>(1, 0, 0),
                           v<N>(5, 0, 0))) == sweep_hit(0, q(1, 4)));
  }
  SECTION("zero extents are points that hit when they meet") {
    // b goes from (1,1,1) to (-1,-1,-1) and passes a's point at the origin at t = 1/2.
    CHECK(ok(ref::sweep_ce(all<N>(0), all<N>(0), all<N>(0), all<N>(0), all<N>(1), all<N>(-1))) ==
          sweep_hit(q(1, 2), q(1, 2)));
    CHECK(ok(ref::sweep_ce(all<N>(0), all<N>(0), all<N>(0), all<N>(0), all<N>(1),
                           v<N>(-1, -1 + tiny(), -1))) == sweep_miss());
  }
  SECTION("centre-extent boxes touching with no motion hit for all of [0,1]") {
    const auto c = v<N>(q(1, 3), 0, 0);
    const auto e = v<N>(q(1, 3), 1, 1);
    CHECK(ok(ref::sweep_ce(e, all<N>(0), all<N>(0), e, plus(c, c), plus(c, c))) == sweep_hit(0, 1));
  }
  SECTION("a negative extent is invalid input naming ea or eb and the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      const std::string i = std::to_string(k);
      const auto bad = plus(all<N>(1), axis<N>(k, -1 - tiny()));
      const auto c = all<N>(0);
      CHECK(err(ref::sweep_ce(bad, c, c, all<N>(1), c, c)) == invalid("ea[" + i + "] < 0"));
      CHECK(err(ref::sweep_ce(all<N>(1), c, c, bad, c, c)) == invalid("eb[" + i + "] < 0"));
    }
  }
}

TEMPLATE_TEST_CASE_SIG("reference::moving_vs_static", "[sweep]", ((std::size_t N), N), 2, 3) {
  const auto s = box<N>(all<N>(0), all<N>(1));

  SECTION("the moving box enters at the first instant of contact") {
    CHECK(ok(ref::moving_vs_static(s, box<N>(v<N>(3, 0, 0), v<N>(4, 1, 1)), v<N>(-3, 0, 0))) ==
          MovingResult{true, q(2, 3)});
    CHECK(ok(ref::moving_vs_static(s, box<N>(v<N>(3, 0, 0), v<N>(4, 1, 1)), v<N>(-2, 0, 0))) ==
          MovingResult{true, q(1)});
    CHECK(ok(ref::moving_vs_static(s, box<N>(v<N>(2, 0, 0), v<N>(2, 1, 1)), v<N>(-3, 0, 0))) ==
          MovingResult{true, q(1, 3)});
  }
  SECTION("boxes already overlapping or touching enter at t = 0") {
    CHECK(ok(ref::moving_vs_static(s, box<N>(v<N>(q(1, 2), 0, 0), v<N>(q(3, 2), 1, 1)),
                                   v<N>(3, 0, 0))) == MovingResult{true, q(0)});
    CHECK(ok(ref::moving_vs_static(s, box<N>(v<N>(1, 0, 0), v<N>(2, 1, 1)), v<N>(1, 0, 0))) ==
          MovingResult{true, q(0)});
  }
  SECTION("touching boxes with zero displacement hit (seed 001's zero-velocity branch misses)") {
    const auto m = box<N>(v<N>(1, 0, 0), v<N>(2, 1, 1));
    CHECK(ok(ref::moving_vs_static(s, m, all<N>(0))) == MovingResult{true, q(0)});
    // Zero displacement on the touching axis, motion along another.
    CHECK(ok(ref::moving_vs_static(s, m, v<N>(0, 1, 0))) == MovingResult{true, q(0)});
    CHECK(ok(ref::moving_vs_static(s, moved(m, axis<N>(0, tiny())), all<N>(0))) == MovingResult{});
  }
  SECTION("a miss has no time") {
    CHECK(ok(ref::moving_vs_static(s, box<N>(v<N>(3, 0, 0), v<N>(4, 1, 1)), v<N>(-1, 0, 0))) ==
          MovingResult{});
    CHECK(ok(ref::moving_vs_static(s, box<N>(v<N>(3, 2, 0), v<N>(4, 3, 1)), v<N>(-3, 0, 0))) ==
          MovingResult{});
  }
  SECTION("an inverted box is invalid input naming stationary or moving and the axis") {
    for (std::size_t k = 0; k < N; ++k) {
      auto bad = s;
      bad.hi[k] = -tiny();
      const std::string i = std::to_string(k);
      CHECK(err(ref::moving_vs_static(bad, s, all<N>(0))) ==
            invalid("stationary.max[" + i + "] < stationary.min[" + i + "]"));
      CHECK(err(ref::moving_vs_static(s, bad, all<N>(0))) ==
            invalid("moving.max[" + i + "] < moving.min[" + i + "]"));
    }
  }
}
