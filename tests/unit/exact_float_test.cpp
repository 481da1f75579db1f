// The error-free transformations behind the optimized ops' exact decisions, and the exact ulp
// distance behind every float contract: checked against exact rationals.

#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

#include "aabb/judge/ulp.hpp"
#include "aabb/exact_float/accumulator.hpp"
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

namespace {

/// A finite T whose exponent is spread over the whole range (random bits), or a small integer,
/// or a neighbour of a power of two: the sums below then cancel, tie and overflow often.
template <class T>
T spread(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0:
      return T(int(rng() % 9) - 4);
    case 1: {
      const T p = std::ldexp(T(1), int(rng() % 60) - 30);
      return rng() % 2 ? std::nextafter(p, T(0)) : -p;
    }
    default:
      if constexpr (std::is_same_v<T, float>) return random_float(rng);
      else return random_double(rng);
  }
}

/// Checks acc.round(...) against the exact value v: RD <= v < next(RD) (or RD = -inf / max at
/// the ends), the mirror for RU, and the nearest by comparing distances (ties to even).
template <class T, int D>
void check_rounding(const ex::Accumulator<T, D>& acc, const Rational& v) {
  using R = typename ex::Accumulator<T, D>::Rounding;
  constexpr T inf = std::numeric_limits<T>::infinity();
  const T down = acc.round(R::Down), up = acc.round(R::Up), near = acc.round(R::Nearest);
  const auto val = [](T x) { return ref::exact(x).value(); };
  if (std::isinf(down)) {
    CHECK(down < 0);
    CHECK(v < val(-std::numeric_limits<T>::max()));
  } else {
    CHECK(val(down) <= v);
    const T next = std::nextafter(down, inf);
    if (std::isfinite(next)) CHECK(v < val(next));
  }
  if (std::isinf(up)) {
    CHECK(up > 0);
    CHECK(v > val(std::numeric_limits<T>::max()));
  } else {
    CHECK(val(up) >= v);
    const T prev = std::nextafter(up, -inf);
    if (std::isfinite(prev)) CHECK(v > val(prev));
  }
  CHECK((down == up) == (std::isfinite(down) && val(down) == v));
  if (std::isfinite(down) && std::isfinite(up)) {
    const Rational dd = v - val(down), du = val(up) - v;
    if (dd < du) CHECK(near == down);
    if (du < dd) CHECK(near == up);
    if (dd == du && down != up) {
      using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
      CHECK(near == ((std::bit_cast<Bits>(down) & 1u) == 0 ? down : up));
    }
  } else {
    // Beyond the range: IEEE's nearest is ±inf from max + half an ulp of max on.
    const T max = std::numeric_limits<T>::max();
    const Rational half = (val(max) - val(std::nextafter(max, T(0)))) / 2;
    if (v >= val(max) + half) CHECK(near == inf);
    else if (v <= -(val(max) + half)) CHECK(near == -inf);
    else CHECK(std::isfinite(near));
  }
}

/// Random sums of values, products of two and (degree 3) products of three, against rationals.
template <class T, int D = 2>
void accumulator_against_rationals(std::uint64_t seed, int cases) {
  std::mt19937_64 rng(seed);
  for (int k = 0; k < cases; ++k) {
    ex::Accumulator<T, D> acc;
    Rational want = 0;
    const int terms = 1 + int(rng() % 6);
    for (int t = 0; t < terms; ++t) {
      const T a = spread<T>(rng), b = spread<T>(rng);
      switch (rng() % (D == 3 ? 5 : 3)) {
        case 0:
          acc.add(a);
          want += ref::exact(a).value();
          break;
        case 1:
          acc.subtract(a);
          want -= ref::exact(a).value();
          break;
        default:
          acc.add_product(a, b);
          want += ref::exact(a).value() * ref::exact(b).value();
          // Cancel it again now and then, or cancel all but a low bit.
          if (rng() % 3 == 0) {
            acc.add_product(T(-a), b);
            want -= ref::exact(a).value() * ref::exact(b).value();
          }
          break;
        case 3:
        case 4:
          if constexpr (D >= 3) {
            // A product of three, cancelled now and then (all of it, or all but a low-bit
            // product of three: a·b·c − a·b·c' with c' one ulp from c).
            const T c = spread<T>(rng);
            acc.add_product(a, b, c);
            want += ref::exact(a).value() * ref::exact(b).value() * ref::exact(c).value();
            if (rng() % 3 == 0) {
              const T c2 = rng() % 2 ? c : std::nextafter(c, T(0));
              acc.add_product(a, T(-b), c2);
              want -= ref::exact(a).value() * ref::exact(b).value() * ref::exact(c2).value();
            }
          }
          break;
      }
    }
    REQUIRE(acc.sign() == sign(want));
    CHECK(acc.negated().sign() == -sign(want));
    ex::Accumulator<T, D> twice = acc;
    twice.add(acc);
    CHECK(twice.sign() == sign(want));
    check_rounding(acc, want);
    check_rounding(acc.negated(), -want);
  }
}

}  // namespace

TEST_CASE("exact_float::Accumulator") {
  SECTION("sums of products of doubles: the exact sign and the three roundings, from random bits") {
    accumulator_against_rationals<double>(17, 4000);
  }
  SECTION("sums of products of floats: the exact sign and the three roundings, from random bits") {
    accumulator_against_rationals<float>(19, 4000);
  }
  SECTION("the extremes: the least and the largest products, and overflow of the rounding") {
    using R = ex::Accumulator<double>::Rounding;
    const double tiny = std::numeric_limits<double>::denorm_min(), max = std::numeric_limits<double>::max();
    ex::Accumulator<double> a;
    a.add_product(max, max);
    a.add_product(-max, max);
    a.add_product(tiny, tiny);
    CHECK(a.sign() == 1);
    CHECK(a.round(R::Down) == 0.0);
    CHECK(a.round(R::Up) == tiny);
    CHECK(a.round(R::Nearest) == 0.0);
    ex::Accumulator<double> b;
    b.add_product(max, max);
    CHECK(b.round(R::Down) == max);
    CHECK(b.round(R::Up) == std::numeric_limits<double>::infinity());
    CHECK(b.negated().round(R::Up) == -max);
    for (int i = 0; i < 1000; ++i) b.add_product(max, max);  // room for many of the largest terms
    CHECK(b.sign() == 1);
    ex::Accumulator<double> c;
    c.add(max);
    c.add(std::ldexp(1.0, 970));  // max + half an ulp: a tie, to even (which is 2^1024: inf)
    CHECK(c.round(R::Nearest) == std::numeric_limits<double>::infinity());
    CHECK(c.round(R::Down) == max);
    ex::Accumulator<double> d;
    d.add(0.1);
    d.add(0.2);
    CHECK(d.round(R::Nearest) == 0.1 + 0.2);
    CHECK(d.round(R::Down) == 0.3);  // 0.3 < 0.1 + 0.2 (exact) < fl(0.1 + 0.2)
    CHECK(d.round(R::Up) == 0.1 + 0.2);
  }
  SECTION("degree 3, doubles: sums of values and products of two and three, from random bits") {
    accumulator_against_rationals<double, 3>(23, 4000);
  }
  SECTION("degree 3, floats: sums of values and products of two and three, from random bits") {
    accumulator_against_rationals<float, 3>(29, 4000);
  }
  SECTION("degree 3: the least and the largest products of three, and cancellation") {
    using A = ex::Accumulator<double, 3>;
    using R = A::Rounding;
    const double tiny = std::numeric_limits<double>::denorm_min();
    const double max = std::numeric_limits<double>::max();
    const auto val = [](double x) { return ref::exact(x).value(); };
    // The least product of three is the accumulator's least bit: 2^-3222.
    A a;
    a.add_product(tiny, tiny, tiny);
    CHECK(a.sign() == 1);
    CHECK(a.round(R::Down) == 0.0);
    CHECK(a.round(R::Up) == tiny);
    CHECK(a.round(R::Nearest) == 0.0);
    check_rounding(a, val(tiny) * val(tiny) * val(tiny));
    CHECK(a.negated().sign() == -1);
    CHECK(a.negated().round(R::Down) == -tiny);
    // It survives next to cancelled largest products of three and of two.
    A b;
    b.add_product(max, max, max);
    b.add_product(max, max);
    b.add(max);
    b.add_product(tiny, tiny, tiny);
    b.add_product(-max, max, max);
    b.add_product(max, -max);
    b.subtract(max);
    CHECK(b.sign() == 1);
    check_rounding(b, val(tiny) * val(tiny) * val(tiny));
    b.add_product(-tiny, tiny, tiny);
    CHECK(b.sign() == 0);
    CHECK(b.round(R::Nearest) == 0.0);
    b.add_product(tiny, -tiny, tiny);
    CHECK(b.sign() == -1);
    // The largest product of three (below 2^3072), 1000 times over: no overflow of the width.
    A c;
    c.add_product(max, max, max);
    CHECK(c.sign() == 1);
    CHECK(c.round(R::Down) == max);
    CHECK(c.round(R::Up) == std::numeric_limits<double>::infinity());
    CHECK(c.round(R::Nearest) == std::numeric_limits<double>::infinity());
    check_rounding(c, val(max) * val(max) * val(max));
    A neg = c.negated();
    for (int i = 0; i < 1000; ++i) {
      c.add_product(max, max, max);
      neg.add_product(-max, max, max);
    }
    CHECK(c.sign() == 1);
    CHECK(neg.sign() == -1);
    check_rounding(neg, -1001 * val(max) * val(max) * val(max));
    // A representable product of three with extreme factors: max·tiny·2^52 = max·2^-1022.
    A d;
    d.add_product(max, tiny, std::ldexp(1.0, 52));
    CHECK(d.round(R::Down) == std::ldexp(max, -1022));
    CHECK(d.round(R::Up) == std::ldexp(max, -1022));
    // Cancellation of a·b·c against a·b·c' one ulp away: a difference of one product of three
    // with full-width significands (159 bits), signed and rounded exactly.
    const double x = std::nextafter(1.0, 2.0) * 3, y = std::nextafter(0.7, 0.0), z = 1e-300;
    A e;
    e.add_product(x, y, z);
    e.add_product(-x, y, std::nextafter(z, 1.0));
    CHECK(e.sign() == -1);
    check_rounding(e, val(x) * val(y) * (val(z) - val(std::nextafter(z, 1.0))));
    // Degree-3 accumulators take values and products of two, weighted as at degree 2.
    A f;
    f.add(0.1);
    f.add_product(0.2, 1.0);
    f.add_product(1.0, -0.1, 3.0);
    check_rounding(f, val(0.1) + val(0.2) - 3 * val(0.1));
  }
  SECTION("degree 3, floats: the extremes") {
    using A = ex::Accumulator<float, 3>;
    using R = A::Rounding;
    const float tiny = std::numeric_limits<float>::denorm_min();
    const float max = std::numeric_limits<float>::max();
    const auto val = [](float x) { return ref::exact(x).value(); };
    A a;
    a.add_product(max, max, max);
    a.add_product(tiny, tiny, tiny);
    a.add_product(-max, max, max);
    CHECK(a.sign() == 1);
    CHECK(a.round(R::Up) == tiny);
    check_rounding(a, val(tiny) * val(tiny) * val(tiny));
    A b;
    for (int i = 0; i < 1000; ++i) b.add_product(-max, max, max);
    CHECK(b.sign() == -1);
    CHECK(b.round(R::Down) == -std::numeric_limits<float>::infinity());
    CHECK(b.round(R::Up) == -max);
    check_rounding(b, -1000 * val(max) * val(max) * val(max));
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
