// Properties of the reference's number conversions (the exact values every other property is
// built from), and of the generators themselves: valid by construction, finite, and reaching
// their edge classes.

#include <rapidcheck/catch.h>

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "checks.hpp"
#include "aabb/cases/generators.hpp"

namespace {

using namespace aabb::props::exact_names;

template <class F>
auto bits_of(F x) {
  return std::bit_cast<std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>>(x);
}

template <class F>
void classify_float(F x) {
  using L = std::numeric_limits<F>;
  RC_CLASSIFY(x == 0 && std::signbit(x), "-0");
  RC_CLASSIFY(x != 0 && std::fabs(x) < L::min(), "subnormal");
  RC_CLASSIFY(std::fabs(x) > F(1e30), "huge");
}

/// "name": nearest(exact(x)) == x bit for bit for a finite F from random bits or a special value,
/// -0 giving +0.
template <class F, class Nearest>
void round_trip(const std::string& name, Nearest nearest) {
  rc::prop(name, [nearest] {
    const F x = *rc::gen::weightedOneOf<F>({{3, gen::finite_from_bits<F>()}, {1, gen::special<F>()}});
    classify_float(x);
    const F back = nearest(ref::exact(x).value());
    RC_ASSERT(bits_of(back) == bits_of(x == 0 ? F(0) : x));
  });
}

}  // namespace

TEST_CASE("reference::exact") {
  round_trip<double>("nearest_double of the exact value of a finite double is that double (-0 gives +0)",
                     [](const Rational& q) { return ref::nearest_double(q); });
  round_trip<float>("nearest_float of the exact value of a finite float is that float (-0 gives +0)",
                    [](const Rational& q) { return ref::nearest_float(q); });

  rc::prop("a float and the double it widens to have the same exact value", [] {
    const float x = *gen::finite_from_bits<float>();
    RC_ASSERT(ref::exact(x).value() == ref::exact(static_cast<double>(x)).value());
  });

  rc::prop(
      "between two neighbouring doubles, values round to the nearer and the midpoint to the "
      "even one",
      [] {
        const double x = *gen::finite_from_bits<double>();
        const double y = std::nextafter(x, std::numeric_limits<double>::infinity());
        RC_PRE(std::isfinite(y));
        const Rational a = ref::exact(x).value(), b = ref::exact(y).value();
        const Rational mid = (a + b) / 2;
        const Rational quarter = (b - a) / 4;
        const double even = (bits_of(x) & 1) == 0 ? x : y;
        RC_ASSERT(bits_of(ref::nearest_double(mid)) == bits_of(even == 0 ? 0.0 : even));
        RC_ASSERT(ref::nearest_double(Rational(mid - quarter)) == x);
        RC_ASSERT(ref::nearest_double(Rational(mid + quarter)) == y);
      });

  rc::prop("to_string and parse_number are inverse on rationals", [] {
    const Rational q = *gen::number<Rational>();
    const auto parsed = ref::parse_number(ref::to_string(q), "q").value();
    RC_ASSERT(parsed.kind == ref::NumberKind::Finite);
    RC_ASSERT(parsed.value == q);
  });

  rc::prop("hex_f64 is the hex text of nearest_double", [] {
    const Rational q = *gen::number<Rational>();
    RC_ASSERT(ref::hex_f64(q) == ref::hex(ref::nearest_double(q)));
  });
}

namespace {

template <std::size_t N>
void generator_properties() {
  rc::prop("boxes are valid and their coordinates finite" + dim<N>(), [] {
    const auto b = *gen::box<double, N>();
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(std::isfinite(b.lo[i]));
      RC_ASSERT(std::isfinite(b.hi[i]));
      RC_ASSERT(b.lo[i] <= b.hi[i]);
    }
    RC_ASSERT(!ref::validate(aabb::geometry::map(b, ref::exact_value), "b"));
  });

  rc::prop("box pairs reach every way two boxes can meet" + dim<N>(), [] {
    const auto p = *gen::box_pair<Rational, N>();
    RC_ASSERT(!ref::validate(p.a, "a"));
    RC_ASSERT(!ref::validate(p.b, "b"));
    RC_TAG(props::pair_class(p.a, p.b));
  });

  rc::prop("float box pairs are valid" + dim<N>(), [] {
    const auto p = *gen::box_pair<float, N>();
    RC_ASSERT(!ref::validate(aabb::geometry::map(p.a, ref::exact_value), "a"));
    RC_ASSERT(!ref::validate(aabb::geometry::map(p.b, ref::exact_value), "b"));
  });

  rc::prop("sweeps and rays of doubles are valid and finite" + dim<N>(), [] {
    const auto s = *gen::sweep_case<double, N>();
    RC_ASSERT(!ref::validate(aabb::geometry::map(s.a, ref::exact_value), "a"));
    RC_ASSERT(!ref::validate(aabb::geometry::map(s.b, ref::exact_value), "b"));
    (void)aabb::geometry::map(s.da, ref::exact_value);  // throws on a non-finite value
    (void)aabb::geometry::map(s.db, ref::exact_value);
    const auto r = *gen::ray_case<double, N>();
    RC_ASSERT(!ref::validate(aabb::geometry::map(r.box, ref::exact_value), "box"));
    (void)aabb::geometry::map(r.origin, ref::exact_value);
    (void)aabb::geometry::map(r.dir, ref::exact_value);
    if (r.t_max) RC_ASSERT(r.t_min <= *r.t_max);
  });

  rc::prop("centre–extent boxes have non-negative extents" + dim<N>(), [] {
    const auto b = *gen::center_extent<Rational, N>();
    RC_ASSERT(!ref::validate(b, "b"));
  });
}

}  // namespace

TEST_CASE("aabb::gen") {
  generator_properties<2>();
  generator_properties<3>();
}
