// The seed listings' flaws, one concrete input each. Every section asserts the exact answer
// (from the mathematics, through aabb::reference) AND exactly what the listing's logic returns
// (through its re-creation in textbook.hpp). Over Rational a wrong listing answer is a flaw of
// its logic; over float or double it may be rounding. docs/semantics.md explains each case.

#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "aabb/reference.hpp"
#include "aabb/listings/textbook.hpp"

namespace {

namespace ref = aabb::reference;
namespace tb = aabb::textbook;
using ref::Integer;
using ref::Rational;
using RVec = ref::Vec<3>;

/// 2^k exactly.
Rational pow2(int k) {
  const Integer one(1);
  if (k >= 0) return Rational(Integer(one << static_cast<unsigned>(k)));
  return Rational(one, Integer(one << static_cast<unsigned>(-k)));
}

/// The exact value of a finite float or double.
template <class F>
Rational exact(F x) {
  return ref::exact(x).value();
}
template <class F>
RVec exact(const tb::Vec3<F>& v) {
  return {exact(v[0]), exact(v[1]), exact(v[2])};
}
template <class F>
ref::Box<3> exact(const tb::MinMax3<F>& b) {
  return {exact(b.lo), exact(b.hi)};
}
template <class F>
ref::CenterExtent<3> exact(const tb::CenterExtent3<F>& b) {
  return {exact(b.center), exact(b.extent)};
}

RVec V(const Rational& x, const Rational& y, const Rational& z) {
  return {x, y, z};
}

constexpr float kFltNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kFltMax = std::numeric_limits<float>::max();

/// What AABBSweep returns: its bool and both outputs.
template <class T>
struct SweepAnswer {
  bool hit;
  T u0, u1;
};
template <class T>
SweepAnswer<T> listing_sweep(const tb::Vec3<T>& ea, const tb::Vec3<T>& a0, const tb::Vec3<T>& a1,
                             const tb::Vec3<T>& eb, const tb::Vec3<T>& b0, const tb::Vec3<T>& b1) {
  SweepAnswer<T> r{false, T(-7), T(-7)};
  r.hit = tb::AABBSweep(ea, a0, a1, eb, b0, b1, r.u0, r.u1);
  return r;
}

/// An index the listing never writes: outputs still holding it were left unwritten.
constexpr int kUnwritten = -7;
struct Indices {
  int imin = kUnwritten;
  int imax = kUnwritten;
};
template <class T>
Indices listing_extremes(const std::vector<tb::Vec3<T>>& pts, const tb::Vec3<T>& dir) {
  Indices r;
  tb::ExtremePointAlongDirection(dir, pts.data(), static_cast<int>(pts.size()), &r.imin, &r.imax);
  return r;
}

}  // namespace

// ---- Seed 000 / 003, Listing 4 -----------------------------------------------------------------

TEST_CASE("textbook::AABBSweep over exact rationals", "[seeds][seed000]") {
  // Box A: extents 1, at rest at the origin. Box B: extents 1, centres B0 -> B1.
  const RVec e = V(1, 1, 1), origin = V(0, 0, 0);
  // The exact sweep hits with these first and last instants.
  auto check_exact_hit = [&](const RVec& b0, const RVec& b1, const Rational& first, const Rational& last) {
    const auto exact_answer = ref::sweep_ce(e, origin, origin, e, b0, b1).value();
    CHECK(exact_answer.hit);
    CHECK(exact_answer.t_first == first);
    CHECK(exact_answer.t_last == last);
  };
  // The listing reports a hit with these u0 and u1.
  auto check_listing_hit = [&](const RVec& b0, const RVec& b1, const Rational& u0, const Rational& u1) {
    const auto listing = listing_sweep(e, origin, origin, e, b0, b1);
    CHECK(listing.hit);
    CHECK(listing.u0 == u0);
    CHECK(listing.u1 == u1);
  };

  SECTION("zero relative velocity on a separating axis reports a hit for boxes that never meet") {
    // B slides along x through A's column, 3 above it on y, with no motion on y.
    const RVec b0 = V(-4, 5, 0), b1 = V(4, 5, 0);
    const auto exact_answer = ref::sweep_ce(e, origin, origin, e, b0, b1).value();
    CHECK_FALSE(exact_answer.hit);
    check_listing_hit(b0, b1, Rational(1, 4), Rational(3, 4));
  }

  SECTION("two boxes at rest and apart are reported hitting over the whole interval") {
    const RVec b = V(5, 0, 0);
    CHECK_FALSE(ref::sweep_ce(e, origin, origin, e, b, b).value().hit);
    check_listing_hit(b, b, 0, 1);
  }

  SECTION("boxes already overlapping at t = 0 get u1 = 0, though they overlap until t = 1/2") {
    // B.x = [-1 + 4t, 1 + 4t] meets A.x = [-1, 1] for t <= 1/2.
    const RVec b0 = V(0, 0, 0), b1 = V(4, 0, 0);
    check_exact_hit(b0, b1, Rational(0), Rational(1, 2));
    check_listing_hit(b0, b1, 0, 0);
  }

  SECTION("boxes apart at t = 0 and moving apart are reported hitting") {
    for (int side : {1, -1}) {
      const RVec b0 = V(5 * side, 0, 0), b1 = V(6 * side, 0, 0);
      CAPTURE(side);
      CHECK_FALSE(ref::sweep_ce(e, origin, origin, e, b0, b1).value().hit);
      check_listing_hit(b0, b1, 0, 1);
    }
  }

  SECTION("faces touching at t = 0 and separating count as overlapping for the whole interval") {
    // x: B.x = [1 + 2t, 3 + 2t] touches A.x = [-1, 1] only at t = 0 (A.max(x) > B.min(x) is
    // false, so u_1.x stays 1). y: B.y = [4 - 6t, 6 - 6t] reaches A.y from t = 1/2.
    const RVec b0 = V(2, 5, 0), b1 = V(4, -1, 0);
    CHECK_FALSE(ref::sweep_ce(e, origin, origin, e, b0, b1).value().hit);
    check_listing_hit(b0, b1, Rational(1, 2), 1);
  }

  SECTION("boxes touching at t = 0 and at rest get u1 = 0, though they touch until t = 1") {
    const RVec b = V(2, 0, 0);
    check_exact_hit(b, b, Rational(0), Rational(1));
    check_listing_hit(b, b, 0, 0);
  }

  SECTION("boxes touching at t = 0 and moving apart: u0 = u1 = 0 is the exact answer") {
    const RVec b0 = V(2, 0, 0), b1 = V(3, 0, 0);
    check_exact_hit(b0, b1, Rational(0), Rational(0));
    check_listing_hit(b0, b1, 0, 0);
  }

  SECTION("contact exactly at t = 1 is found, as the exact answer says") {
    const RVec b0 = V(4, 0, 0), b1 = V(2, 0, 0);
    check_exact_hit(b0, b1, Rational(1), Rational(1));
    check_listing_hit(b0, b1, 1, 1);
  }

  SECTION("a box passing through is timed exactly, as the exact answer says") {
    const RVec b0 = V(-4, 0, 0), b1 = V(4, 0, 0);
    const auto exact_answer = ref::sweep_ce(e, origin, origin, e, b0, b1).value();
    CHECK(exact_answer.t_first == Rational(1, 4));
    CHECK(exact_answer.t_last == Rational(3, 4));
    check_listing_hit(b0, b1, Rational(1, 4), Rational(3, 4));
  }
}

TEST_CASE("textbook::AABBSweep over float", "[seeds][seed000]") {
  const tb::Vec3<float> one{1, 1, 1}, origin{0, 0, 0};

  SECTION("Ea + Eb rounding up reports boxes 2^-25 apart, closing by 2^-30, as overlapping") {
    // A.x = [-1, 1] moving by 2^-30; B.x = [1 + 2^-25, ...] at rest: centre 1 + 2^-23, extent
    // 3·2^-25. The gap shrinks to 2^-25 - 2^-30 > 0 at t = 1: no hit. In float
    // Ea + Eb = 1 + 3·2^-25 rounds to 1 + 2^-23 = |B0 - A0|, so Listing 3 says "overlapping".
    const tb::Vec3<float> a1{0x1p-30f, 0, 0}, eb{0x3p-25f, 1, 1}, b{1 + 0x1p-23f, 0, 0};
    const auto exact_answer =
        ref::sweep_ce(exact(one), exact(origin), exact(a1), exact(eb), exact(b), exact(b));
    CHECK_FALSE(exact_answer.value().hit);
    const auto listing = listing_sweep(one, origin, a1, eb, b, b);
    CHECK(listing.hit);
    CHECK(listing.u0 == 0.0f);
    CHECK(listing.u1 == 0.0f);
    // Over the exact values of the same floats the listing's logic gets this one right.
    const auto listing_exact =
        listing_sweep(exact(one), exact(origin), exact(a1), exact(eb), exact(b), exact(b));
    CHECK_FALSE(listing_exact.hit);
    CHECK(listing_exact.u0 == 32);
  }

  SECTION("a NaN centre is reported as a hit over the whole interval") {
    const tb::Vec3<float> b{kFltNaN, 0, 0};
    const auto nan_value = ref::exact(kFltNaN, "B0[0]");
    REQUIRE_FALSE(nan_value.ok());
    CHECK(nan_value.error().message == "B0[0]: NaN is not a number");
    const auto listing = listing_sweep(one, origin, origin, one, b, b);
    CHECK(listing.hit);
    CHECK(listing.u0 == 0.0f);
    CHECK(listing.u1 == 1.0f);
  }
}

// ---- Seed 000 / 003, Listing 3, and seed 004: centre–extent tests over float ------------------

TEST_CASE("textbook::AABB::overlaps", "[seeds][seed000]") {
  SECTION("E.x + b.E.x rounding up reports boxes 2^-25 apart as overlapping") {
    const tb::AABB<float> a{{0, 0, 0}, {1, 1, 1}};
    const tb::AABB<float> b{{1 + 0x1p-23f, 0, 0}, {0x3p-25f, 1, 1}};
    const ref::CenterExtent<3> A{exact(a.P), exact(a.E)}, B{exact(b.P), exact(b.E)};
    CHECK(ref::to_min_max(B).lo[0] - ref::to_min_max(A).hi[0] == pow2(-25));
    CHECK_FALSE(ref::overlap(A, B).value());
    CHECK(a.overlaps(b));
    CHECK_FALSE(tb::AABB<Rational>{A.center, A.extent}.overlaps({B.center, B.extent}));
  }

  SECTION("touching boxes overlap, as the exact answer says") {
    const tb::AABB<Rational> a{V(0, 0, 0), V(1, 1, 1)}, b{V(2, 2, 2), V(1, 1, 1)};
    CHECK(ref::overlap(ref::CenterExtent<3>{a.P, a.E}, ref::CenterExtent<3>{b.P, b.E}).value());
    CHECK(a.overlaps(b));
  }

  SECTION("a NaN centre is reported as no overlap (its comparisons are <=)") {
    const tb::AABB<float> a{{0, 0, 0}, {1, 1, 1}}, b{{kFltNaN, 0, 0}, {1, 1, 1}};
    CHECK_FALSE(a.overlaps(b));
  }
}

TEST_CASE("textbook::Check_AABB_Hit", "[seeds][seed004]") {
  SECTION("centre - p rounding reports a point 2^-30 outside the box as inside") {
    // Box [0, 2] x [-1, 1] x [-1, 1]; p.x = -2^-30. In float 1 - (-2^-30) rounds to 1 <= 1.
    const tb::CenterExtent3<float> box{{1, 0, 0}, {1, 1, 1}};
    const tb::Vec3<float> p{-0x1p-30f, 0, 0};
    CHECK_FALSE(ref::contains(exact(box), exact(p)).value());
    CHECK(tb::Check_AABB_Hit(box, p));
    CHECK_FALSE(tb::Check_AABB_Hit(exact(box), exact(p)));
  }

  SECTION("a NaN point is reported as a hit") {
    const tb::CenterExtent3<float> box{{1, 0, 0}, {1, 1, 1}};
    CHECK(tb::Check_AABB_Hit(box, {kFltNaN, 0, 0}));
    const auto nan_value = ref::exact(kFltNaN, "point[0]");
    REQUIRE_FALSE(nan_value.ok());
    CHECK(nan_value.error().message == "point[0]: NaN is not a number");
  }

  SECTION("a point on a face is a hit, as the exact answer says") {
    const tb::CenterExtent3<Rational> box{V(1, 0, 0), V(1, 1, 1)};
    const RVec p = V(2, 1, -1);
    CHECK(ref::contains(box, p).value());
    CHECK(tb::Check_AABB_Hit(box, p));
  }
}

TEST_CASE("textbook::AABB_AABB_Collision", "[seeds][seed004]") {
  SECTION("c2 - c1 rounding reports boxes 2^-30 apart as colliding") {
    // Box 1: [-1 - 2^-30, 1 - 2^-30] on x; box 2: [1, 3]. In float 2 - (-2^-30) rounds to 2.
    const tb::CenterExtent3<float> box1{{-0x1p-30f, 0, 0}, {1, 1, 1}}, box2{{2, 0, 0}, {1, 1, 1}};
    CHECK(ref::to_min_max(exact(box2)).lo[0] - ref::to_min_max(exact(box1)).hi[0] == pow2(-30));
    CHECK_FALSE(ref::overlap(exact(box1), exact(box2)).value());
    CHECK(tb::AABB_AABB_Collision(box1, box2));
    CHECK_FALSE(tb::AABB_AABB_Collision(exact(box1), exact(box2)));
  }

  SECTION("e2 + e1 rounding reports boxes 2^-25 apart as colliding") {
    const tb::CenterExtent3<float> box1{{0, 0, 0}, {1, 1, 1}},
        box2{{1 + 0x1p-23f, 0, 0}, {0x3p-25f, 1, 1}};
    CHECK_FALSE(ref::overlap(exact(box1), exact(box2)).value());
    CHECK(tb::AABB_AABB_Collision(box1, box2));
    CHECK_FALSE(tb::AABB_AABB_Collision(exact(box1), exact(box2)));
  }

  SECTION("a NaN centre is reported as a collision") {
    const tb::CenterExtent3<float> box1{{0, 0, 0}, {1, 1, 1}}, box2{{kFltNaN, 0, 0}, {1, 1, 1}};
    CHECK(tb::AABB_AABB_Collision(box1, box2));
  }
}

// ---- Seed 001 ----------------------------------------------------------------------------------

TEST_CASE("textbook::intersectAABBs", "[seeds][seed001]") {
  SECTION("touching boxes overlap in a flat box, as the exact answer says") {
    const ref::Box<3> a{V(0, 0, 0), V(1, 1, 1)}, b{V(1, 0, 0), V(2, 1, 1)};
    const auto exact_box = ref::intersection(a, b).value();
    REQUIRE(exact_box.has_value());
    CHECK(*exact_box == ref::Box<3>{V(1, 0, 0), V(1, 1, 1)});
    ref::Box<3> listing_box{V(9, 9, 9), V(9, 9, 9)};
    CHECK(tb::intersectAABBs(a, b, &listing_box));
    CHECK(listing_box == *exact_box);
  }

  SECTION("an inverted box is accepted; the reference rejects it") {
    const ref::Box<3> a{V(2, 0, 0), V(1, 1, 1)}, b{V(0, 0, 0), V(3, 1, 1)};
    const auto exact_answer = ref::overlap(a, b);
    REQUIRE_FALSE(exact_answer.ok());
    CHECK(exact_answer.error().message == "a.max[0] < a.min[0]");
    ref::Box<3> listing_box;
    CHECK(tb::intersectAABBs(a, b, &listing_box));
    CHECK(listing_box == ref::Box<3>{V(2, 0, 0), V(1, 1, 1)});
  }

  SECTION("a NaN x coordinate is reported as an overlap, whatever the other x range") {
    const tb::MinMax3<float> a{{kFltNaN, 0, 0}, {kFltNaN, 1, 1}}, b{{5, 0, 0}, {6, 1, 1}};
    tb::MinMax3<float> out{};
    CHECK(tb::intersectAABBs(a, b, &out));
    CHECK(std::isnan(out.lo[0]));
    CHECK(std::isnan(out.hi[0]));
    CHECK(ref::exact(kFltNaN, "a.min[0]").error().message == "a.min[0]: NaN is not a number");
  }
}

TEST_CASE("textbook::intersectMovingAABB over exact rationals", "[seeds][seed001]") {
  const ref::Box<3> unit{V(0, 0, 0), V(1, 1, 1)};
  const Rational no_hit = tb::no_intersection<Rational>();

  SECTION("its no-hit sentinel over Rational is the exact value of the float 1e30f") {
    CHECK(no_hit == exact(1e30f));
    CHECK(no_hit == Rational(6617445) * pow2(77));
  }

  SECTION("zero displacement treats touching as a miss, a moving axis treats it as a hit") {
    const ref::Box<3> moving{V(1, 0, 0), V(2, 1, 1)};  // shares the face x = 1 at t = 0
    const RVec at_rest = V(0, 0, 0), away = V(1, 0, 0);
    for (const RVec& d : {at_rest, away}) {
      const auto exact_answer = ref::moving_vs_static(unit, moving, d).value();
      CHECK(exact_answer.hit);
      CHECK(exact_answer.t_enter == Rational(0));
    }
    CHECK(tb::intersectMovingAABB(unit, moving, at_rest) == no_hit);
    CHECK(tb::intersectMovingAABB(unit, moving, away) == 0);
  }

  SECTION("an edge contact at t = 1 is missed because the static axis only touches") {
    // moving.x = [2 - t, 3 - t] reaches unit.x at t = 1; y touches at y = 1 throughout.
    const ref::Box<3> moving{V(2, 1, 0), V(3, 2, 1)};
    const RVec d = V(-1, 0, 0);
    const auto exact_answer = ref::moving_vs_static(unit, moving, d).value();
    CHECK(exact_answer.hit);
    CHECK(exact_answer.t_enter == Rational(1));
    CHECK(tb::intersectMovingAABB(unit, moving, d) == no_hit);
  }

  SECTION("an approach is timed exactly, as the exact answer says") {
    const ref::Box<3> moving{V(3, 0, 0), V(4, 1, 1)};
    const RVec d = V(-4, 0, 0);
    CHECK(ref::moving_vs_static(unit, moving, d).value().t_enter == Rational(1, 2));
    CHECK(tb::intersectMovingAABB(unit, moving, d) == Rational(1, 2));
  }
}

TEMPLATE_TEST_CASE("textbook::intersectMovingAABB over floating point", "[seeds][seed001]", float,
                   double) {
  using T = TestType;
  const tb::MinMax3<T> unit{{0, 0, 0}, {1, 1, 1}};

  SECTION("a subnormal displacement makes 1/d infinite and 0·inf NaN, dropping a bound") {
    // x: moving.x = [1, 2] touches unit.x at t = 0 and leaves at once (d.x > 0), so x overlaps
    // only at t = 0. y: moving.y = [2 - 2t, 3 - 2t] meets unit.y only from t = 1/2. No hit.
    // The listing: 1/d.x = inf, xLeave = (1 - 1)·inf = NaN, and "NaN < tLeave" is false.
    const tb::MinMax3<T> moving{{1, 2, 0}, {2, 3, 1}};
    const tb::Vec3<T> d{std::numeric_limits<T>::denorm_min(), -2, 0};
    CHECK(T(1) / d[0] == std::numeric_limits<T>::infinity());
    CHECK_FALSE(ref::moving_vs_static(exact(unit), exact(moving), exact(d)).value().hit);
    CHECK(tb::intersectMovingAABB(unit, moving, d) == T(0.5));
    CHECK(tb::intersectMovingAABB(exact(unit), exact(moving), exact(d)) ==
          tb::no_intersection<Rational>());
  }
}

TEST_CASE("textbook::intersectMovingAABB over float and double rounding", "[seeds][seed001]") {
  SECTION("float: a single-instant contact at t = 3/4 is missed because 21·fl(1/28) > 3/4") {
    // x: moving.x = [-22 + 28t, -21 + 28t] reaches unit.x = [0, 1] at t = 21/28 = 3/4.
    // y: moving.y = [-2 + 4t, 1 + 4t] leaves unit.y = [0, 1] at t = 3/4. They touch at 3/4 only.
    const tb::MinMax3<float> unit{{0, 0, 0}, {1, 1, 1}}, moving{{-22, -2, 0}, {-21, 1, 1}};
    const tb::Vec3<float> d{28, 4, 0};
    CHECK(21.0f * (1.0f / 28.0f) == 0x1.800002p-1f);  // above 3/4 by one ulp
    const auto exact_answer = ref::moving_vs_static(exact(unit), exact(moving), exact(d)).value();
    CHECK(exact_answer.hit);
    CHECK(exact_answer.t_enter == Rational(3, 4));
    CHECK(tb::intersectMovingAABB(unit, moving, d) == 1e30f);
    CHECK(tb::intersectMovingAABB(exact(unit), exact(moving), exact(d)) == Rational(3, 4));
  }

  SECTION("double: a single-instant contact at t = 1/3 is missed because 11·fl(1/33) > 1/3") {
    const tb::MinMax3<double> unit{{0, 0, 0}, {1, 1, 1}}, moving{{-12, 0, 0}, {-11, 1, 1}};
    const tb::Vec3<double> d{33, 3, 0};
    CHECK(11.0 * (1.0 / 33.0) > 1.0 * (1.0 / 3.0));
    const auto exact_answer = ref::moving_vs_static(exact(unit), exact(moving), exact(d)).value();
    CHECK(exact_answer.hit);
    CHECK(exact_answer.t_enter == Rational(1, 3));
    CHECK(tb::intersectMovingAABB(unit, moving, d) == double(1e30f));
  }
}

// ---- Seed 002 ----------------------------------------------------------------------------------

TEST_CASE("textbook::ExtremePointAlongDirection over exact rationals", "[seeds][seed002]") {
  const RVec x = V(1, 0, 0);

  SECTION("an empty list leaves both outputs unwritten; the reference rejects it") {
    const std::vector<RVec> none;
    const auto exact_answer = ref::extreme_points(none, x);
    REQUIRE_FALSE(exact_answer.ok());
    CHECK(exact_answer.error().message == "points: empty list, need at least one point");
    const Indices listing = listing_extremes(none, x);
    CHECK(listing.imin == kUnwritten);
    CHECK(listing.imax == kUnwritten);
  }

  SECTION("a projection of exactly FLT_MAX never becomes the least, leaving imin unwritten") {
    const Rational flt_max = exact(kFltMax);
    CHECK(tb::flt_max<Rational>() == flt_max);
    const std::vector<RVec> pts{V(flt_max, 0, 0), V(flt_max, 1, 0)};
    const RVec dir = V(1, 1, 0);  // projections FLT_MAX and FLT_MAX + 1
    CHECK(ref::extreme_points(pts, dir).value() == ref::Extremes{0, 1});
    const Indices listing = listing_extremes(pts, dir);
    CHECK(listing.imin == kUnwritten);
    CHECK(listing.imax == 1);
  }

  SECTION("a projection of exactly -FLT_MAX never becomes the greatest, leaving imax unwritten") {
    const std::vector<RVec> pts{V(-exact(kFltMax), 0, 0)};
    CHECK(ref::extreme_points(pts, x).value() == ref::Extremes{0, 0});
    const Indices listing = listing_extremes(pts, x);
    CHECK(listing.imin == 0);
    CHECK(listing.imax == kUnwritten);
  }

  SECTION("ties go to the lowest index, as the exact answer says") {
    const std::vector<RVec> pts{V(0, 1, 0), V(0, 3, 0), V(0, -2, 7), V(0, 3, 1), V(0, -2, 0)};
    CHECK(ref::extreme_points(pts, x).value() == ref::Extremes{0, 0});
    const RVec y = V(0, 1, 0);
    CHECK(ref::extreme_points(pts, y).value() == ref::Extremes{2, 1});
    const Indices listing = listing_extremes(pts, y);
    CHECK(listing.imin == 2);
    CHECK(listing.imax == 1);
  }
}

TEST_CASE("textbook::ExtremePointAlongDirection over float", "[seeds][seed002]") {
  SECTION("projections that overflow to +inf leave imin unwritten and tie for imax") {
    // Exact projections 2·FLT_MAX and 3·FLT_MAX; both are +inf in float.
    const std::vector<tb::Vec3<float>> pts{{kFltMax, 0, 0}, {kFltMax, kFltMax, 0}};
    const tb::Vec3<float> dir{2, 1, 0};
    const std::vector<RVec> exact_pts{exact(pts[0]), exact(pts[1])};
    CHECK(ref::extreme_points(exact_pts, exact(dir)).value() == ref::Extremes{0, 1});
    const Indices listing = listing_extremes(pts, dir);
    CHECK(listing.imin == kUnwritten);
    CHECK(listing.imax == 0);
  }

  SECTION("projections that overflow to -inf leave imax unwritten and tie for imin") {
    const std::vector<tb::Vec3<float>> pts{{kFltMax, 0, 0}, {kFltMax, kFltMax, 0}};
    const tb::Vec3<float> dir{-2, -1, 0};
    const std::vector<RVec> exact_pts{exact(pts[0]), exact(pts[1])};
    CHECK(ref::extreme_points(exact_pts, exact(dir)).value() == ref::Extremes{1, 0});
    const Indices listing = listing_extremes(pts, dir);
    CHECK(listing.imin == 0);
    CHECK(listing.imax == kUnwritten);
  }

  SECTION("finite inputs whose projection is inf - inf = NaN leave both outputs unwritten") {
    const std::vector<tb::Vec3<float>> pts{{kFltMax, kFltMax, 0}};
    const tb::Vec3<float> dir{2, -2, 0};  // exact projection 2·FLT_MAX - 2·FLT_MAX = 0
    CHECK(std::isnan(tb::Dot(pts[0], dir)));
    CHECK(ref::extreme_points(std::vector<RVec>{exact(pts[0])}, exact(dir)).value() ==
          ref::Extremes{0, 0});
    const Indices listing = listing_extremes(pts, dir);
    CHECK(listing.imin == kUnwritten);
    CHECK(listing.imax == kUnwritten);
  }

  SECTION("a NaN coordinate leaves both outputs unwritten; the reference rejects the NaN") {
    const std::vector<tb::Vec3<float>> pts{{kFltNaN, 0, 0}, {kFltNaN, 1, 0}};
    const Indices listing = listing_extremes(pts, tb::Vec3<float>{1, 0, 0});
    CHECK(listing.imin == kUnwritten);
    CHECK(listing.imax == kUnwritten);
    CHECK(ref::exact(kFltNaN, "points[0][0]").error().message ==
          "points[0][0]: NaN is not a number");
  }

  SECTION("projections that differ exactly but round to one float give the first index") {
    // Projections 1 and 1 + 2^-30: in float both are 1, a tie the listing gives to index 0.
    const std::vector<tb::Vec3<float>> pts{{1, 0, 0}, {1, 0x1p-30f, 0}};
    const std::vector<RVec> exact_pts{exact(pts[0]), exact(pts[1])};
    for (float s : {1.0f, -1.0f}) {
      const tb::Vec3<float> dir{s, s, 0};
      CAPTURE(s);
      const ref::Extremes exact_answer = ref::extreme_points(exact_pts, exact(dir)).value();
      CHECK(exact_answer == (s > 0 ? ref::Extremes{0, 1} : ref::Extremes{1, 0}));
      const Indices listing = listing_extremes(pts, dir);
      CHECK(listing.imin == 0);
      CHECK(listing.imax == 0);
      const Indices listing_exact = listing_extremes(exact_pts, exact(dir));
      CHECK(listing_exact.imin == static_cast<int>(exact_answer.i_min));
      CHECK(listing_exact.imax == static_cast<int>(exact_answer.i_max));
    }
  }
}

TEST_CASE("textbook::UpdateAABB", "[seeds][seed002]") {
  SECTION("over exact rationals both forms give the exact box of a rotated box") {
    const ref::Matrix<3> m{V(Rational(3, 5), Rational(-4, 5), 0),
                           V(Rational(4, 5), Rational(3, 5), 0), V(0, 0, 1)};
    const RVec t = V(1, -2, Rational(1, 3));
    const ref::Box<3> a{V(-1, 0, 2), V(3, 1, 5)};
    const ref::Box<3> exact_box = ref::transform(a, m, t).value();
    CHECK(exact_box == ref::Box<3>{V(Rational(-2, 5), Rational(-14, 5), Rational(7, 3)),
                                   V(Rational(14, 5), 1, Rational(16, 3))});
    ref::Box<3> listing_box;
    tb::UpdateAABB(a, m, t, listing_box);
    CHECK(listing_box == exact_box);
    ref::CenterExtent<3> listing_ce;
    tb::UpdateAABB(ref::to_center_extent(a), m, t, listing_ce);
    CHECK(listing_ce == ref::transform(ref::to_center_extent(a), m, t).value());
    CHECK(ref::to_min_max(listing_ce) == exact_box);
  }

  SECTION("min-max form over float rounds 5·0.1f down to 0.5: the box misses the exact one") {
    const tb::MinMax3<float> a{{0, 0, 0}, {5, 1, 1}};
    const tb::Matrix3<float> m{{{0.1f, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const tb::Vec3<float> t{0, 0, 0};
    const ref::Box<3> exact_box =
        ref::transform(exact(a), ref::Matrix<3>{exact(m[0]), exact(m[1]), exact(m[2])}, exact(t))
            .value();
    CHECK(exact_box.hi[0] == Rational(67108865) * pow2(-27));  // 5 · 13421773·2^-27
    tb::MinMax3<float> listing_box;
    tb::UpdateAABB(a, m, t, listing_box);
    CHECK(listing_box.lo[0] == 0.0f);
    CHECK(listing_box.hi[0] == 0.5f);
    CHECK(exact(listing_box.hi[0]) < exact_box.hi[0]);  // rounded inward
  }

  SECTION("centre-radius form over float rounds 2.5·0.1f down: the box misses the exact one") {
    const tb::CenterExtent3<float> a{{2.5f, 0.5f, 0.5f}, {2.5f, 0.5f, 0.5f}};
    const tb::Matrix3<float> m{{{0.1f, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const tb::Vec3<float> t{0, 0, 0};
    const ref::CenterExtent<3> exact_ce =
        ref::transform(exact(a), ref::Matrix<3>{exact(m[0]), exact(m[1]), exact(m[2])}, exact(t))
            .value();
    CHECK(exact_ce.center[0] == Rational(67108865) * pow2(-28));
    CHECK(exact_ce.extent[0] == Rational(67108865) * pow2(-28));
    tb::CenterExtent3<float> listing_ce;
    tb::UpdateAABB(a, m, t, listing_ce);
    CHECK(listing_ce.center[0] == 0.25f);
    CHECK(listing_ce.extent[0] == 0.25f);
    const ref::Box<3> listing_box = ref::to_min_max(exact(listing_ce));
    CHECK(listing_box.hi[0] < ref::to_min_max(exact_ce).hi[0]);  // rounded inward
  }
}
