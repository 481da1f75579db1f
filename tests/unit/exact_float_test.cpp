// The error-free transformations behind the optimized ops' exact decisions, and the exact ulp
// distance behind every float contract: checked against exact rationals.

#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

#include "aabb/judge/ulp.hpp"
#include "aabb/exact_float/exact_float.hpp"

namespace {

namespace ref = aabb::reference;
namespace ex = aabb::exact_float;
using ref::Rational;

/// The exact value of a double expansion.
template <std::size_t C>
Rational value(const ex::Expansion<double, C>& e) {
  Rational s = 0;
  for (std::size_t i = 0; i < e.size(); ++i) s += ref::exact(e.component(i)).value();
  return s;
}

int sign(const Rational& q) { return q < 0 ? -1 : (q > 0 ? 1 : 0); }

/// A finite double from a random bit pattern.
double random_double(std::mt19937_64& rng) {
  for (;;) {
    const double x = std::bit_cast<double>(rng());
    if (std::isfinite(x)) return x;
  }
}
float random_float(std::mt19937_64& rng) {
  for (;;) {
    const float x = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
    if (std::isfinite(x)) return x;
  }
}

}  // namespace

TEST_CASE("exact_float::Expansion") {
  SECTION("two_sum and two_prod are exact for doubles from random bit patterns of floats") {
    std::mt19937_64 rng(7);
    for (int k = 0; k < 20000; ++k) {
      const double a = random_float(rng), b = random_float(rng);
      const auto s = ex::two_sum(a, b);
      CHECK(ref::exact(s.hi).value() + ref::exact(s.lo).value() ==
            ref::exact(a).value() + ref::exact(b).value());
      const auto p = ex::two_prod(a, b);
      CHECK(ref::exact(p.hi).value() + ref::exact(p.lo).value() ==
            ref::exact(a).value() * ref::exact(b).value());
    }
  }
  SECTION("the sign of a sum of float products is exact, overflow and subnormals included") {
    std::mt19937_64 rng(11);
    for (int k = 0; k < 5000; ++k) {
      ex::Expansion<double, 32> e;
      Rational want = 0;
      for (int t = 0; t < 4; ++t) {
        const float a = random_float(rng), b = random_float(rng);
        e.add_product(a, b);
        want += ref::exact(a).value() * ref::exact(b).value();
        // Cancel a term now and then so that signs near zero are common.
        if (rng() % 3 == 0) {
          e.add_product(-a, b);
          want -= ref::exact(a).value() * ref::exact(b).value();
        }
      }
      REQUIRE(value(e) == want);
      CHECK(e.sign() == sign(want));
    }
  }
  SECTION("the sign of a sum of double products is exact in long double") {
    std::mt19937_64 rng(13);
    for (int k = 0; k < 3000; ++k) {
      ex::Expansion<long double, 32> e;
      Rational want = 0;
      for (int t = 0; t < 3; ++t) {
        const double a = random_double(rng), b = random_double(rng), c = random_double(rng);
        e.add_product(a, b);
        e.subtract(c);
        want += ref::exact(a).value() * ref::exact(b).value() - ref::exact(c).value();
      }
      CHECK(e.sign() == sign(want));
    }
  }
  SECTION("a difference far below the largest term keeps its sign") {
    ex::Expansion<long double, 8> e;
    e.add_product(1e308L, 1e308L);
    e.add_product(-1e308L, 1e308L);
    e.add(static_cast<long double>(std::numeric_limits<double>::denorm_min()));
    CHECK(e.sign() == 1);
    ex::Expansion<double, 8> f;
    f.add(0.1);
    f.add(0.2);
    f.subtract(0.30000000000000004);  // fl(0.1 + 0.2) sits 2^-55 above the exact sum
    CHECK(f.sign() == -1);
    CHECK(value(f) == -ref::exact(std::ldexp(1.0, -55)).value());
  }
}

TEST_CASE("judge::ulp_distance") {
  SECTION("a correctly rounded value is within half a step, its neighbours within 3/2") {
    const Rational tenth(1, 10);
    const auto d0 = aabb::judge::ulp_distance(0.1, tenth);
    REQUIRE(d0);
    CHECK(*d0 == Rational(2, 5));
    CHECK(*aabb::judge::ulp_distance(std::nextafter(0.1, 1.0), tenth) == Rational(7, 5));
    CHECK(*aabb::judge::ulp_distance(std::nextafter(0.1, 0.0), tenth) == Rational(3, 5));
    CHECK(*aabb::judge::ulp_distance(0.1f, tenth) <= Rational(1, 2));
  }
  SECTION("representable values are whole steps apart, across binades and through zero") {
    CHECK(*aabb::judge::ulp_distance(1.0, Rational(1)) == 0);
    CHECK(*aabb::judge::ulp_distance(std::nextafter(1.0, 2.0), Rational(1)) == 1);
    CHECK(*aabb::judge::ulp_distance(std::nextafter(1.0, 0.0), Rational(1)) == 1);
    CHECK(*aabb::judge::ulp_distance(-0.0, Rational(0)) == 0);
    const double tiny = std::numeric_limits<double>::denorm_min();
    CHECK(*aabb::judge::ulp_distance(tiny, ref::exact(-tiny).value()) == 2);
    CHECK(*aabb::judge::ulp_distance(-0.0f, ref::exact(std::numeric_limits<float>::denorm_min()).value()) == 1);
  }
  SECTION("beyond the largest finite value, distance continues the top binade's spacing") {
    const float m = std::numeric_limits<float>::max();
    const Rational step = ref::exact(m).value() - ref::exact(std::nextafter(m, 0.0f)).value();
    CHECK(*aabb::judge::ulp_distance(m, ref::exact(m).value() + 3 * step) == 3);
  }
  SECTION("NaN and infinity have no finite distance") {
    CHECK_FALSE(aabb::judge::ulp_distance(std::numeric_limits<double>::infinity(), Rational(1)));
    CHECK_FALSE(aabb::judge::ulp_distance(std::numeric_limits<float>::quiet_NaN(), Rational(1)));
    CHECK(aabb::judge::within_ulps(0.1, Rational(1, 10), 1));
    CHECK_FALSE(aabb::judge::within_ulps(std::nextafter(0.1, 1.0), Rational(1, 10), 1));
  }
}
