// aabb::Result: a value or an Error naming the field; reading the value of an error throws
// BadResultAccess instead of returning a default.

#include <type_traits>
#include <optional>
#include <stdexcept>
#include <string>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;

TEST_CASE("aabb::Result", "[result]") {
  SECTION("a value is ok and reads back") {
    const aabb::Result<int> r(7);
    CHECK(r.ok());
    CHECK(r.value() == 7);
    CHECK(*r == 7);
    CHECK_THROWS_AS(r.error(), std::logic_error);
  }
  SECTION("value() on an error throws BadResultAccess carrying the message") {
    const auto r = ref::ray(box<3>(all<3>(0), all<3>(1)), all<3>(0), all<3>(1), q(1),
                            std::optional<Rational>(0));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == invalid("t_min > t_max"));
    CHECK_THROWS_AS(r.value(), aabb::BadResultAccess);
    CHECK_THROWS_WITH(r.value(), "no value: t_min > t_max");
    CHECK_THROWS_AS(*r, aabb::BadResultAccess);
    // A BadResultAccess is a logic error: reading a missing value is a programming error.
    CHECK_THROWS_AS(r.value(), std::logic_error);
  }
  SECTION("value() of an rvalue error throws too") {
    CHECK_THROWS_AS(ref::bounds_of_sphere(all<2>(0), q(-1)).value(), aabb::BadResultAccess);
    CHECK_THROWS_WITH(ref::contains(box<2>(all<2>(1), all<2>(0)), all<2>(0)).value(),
                      "no value: box.max[0] < box.min[0]");
  }
  SECTION("a Result does not convert to bool, so a Result<bool> cannot be mistaken for its answer") {
    STATIC_REQUIRE_FALSE(std::is_constructible_v<bool, aabb::Result<bool>>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<aabb::Result<bool>, bool>);
  }
  SECTION("a Result<bool> holding false is still ok") {
    const auto r = ref::contains(box<2>(all<2>(0), all<2>(1)), all<2>(2));
    CHECK(r.ok());
    CHECK_FALSE(r.value());
  }
  SECTION("error kinds have the protocol's names") {
    CHECK(std::string(aabb::to_string(aabb::ErrorKind::Parse)) == "parse");
    CHECK(std::string(aabb::to_string(aabb::ErrorKind::UnknownOp)) == "unknown_op");
    CHECK(std::string(aabb::to_string(aabb::ErrorKind::MissingField)) == "missing_field");
    CHECK(std::string(aabb::to_string(aabb::ErrorKind::InvalidInput)) == "invalid_input");
  }
}
