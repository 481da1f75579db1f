// The reference's numbers (contract §1, §3): parse_number reads decimals, hex floats and
// rationals exactly; to_string writes "p/q" in lowest terms; exact() gives a float's exact value
// (-0 is 0, NaN and ±inf are errors naming the field); nearest_double / nearest_float round to
// nearest, ties to even, with IEEE-754 overflow and gradual underflow; hex() writes "%a" text.

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;
using ref::NumberKind;

namespace {

/// The finite value parse_number reads from text, failing the test on anything else.
Rational parsed(const std::string& text) {
  const auto r = ok(ref::parse_number(text, "x"));
  REQUIRE(r.kind == NumberKind::Finite);
  return r.value;
}

NumberKind parsed_kind(const std::string& text) {
  return ok(ref::parse_number(text, "x")).kind;
}

Integer pow10(unsigned k) {
  Integer r = 1;
  for (unsigned i = 0; i < k; ++i) r *= 10;
  return r;
}

std::uint64_t bits(double x) {
  return std::bit_cast<std::uint64_t>(x);
}
std::uint32_t bits(float x) {
  return std::bit_cast<std::uint32_t>(x);
}

std::string printf_a(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", x);
  return buf;
}

/// DBL_MAX = (2^53 - 1)·2^971 and FLT_MAX = (2^24 - 1)·2^104, exactly.
Rational dbl_max() {
  return (pow2(53) - 1) * pow2(971);
}
Rational flt_max() {
  return (pow2(24) - 1) * pow2(104);
}

}  // namespace

TEST_CASE("reference::parse_number reads decimals exactly", "[numbers]") {
  SECTION("a decimal fraction is its exact rational value, not a double's") {
    CHECK(parsed("0.1") == q(1, 10));
    CHECK(parsed("-2.5e-7") == q(-1, 4000000));
    CHECK(parsed("1E3") == 1000);
    CHECK(parsed("+5") == 5);
    CHECK(parsed("-0") == 0);
    CHECK(parsed("0.000") == 0);
    CHECK(parsed("0.05") == q(1, 20));
  }
  SECTION("exponents far beyond double range stay exact") {
    CHECK(parsed("1e400") == Rational(pow10(400)));
    CHECK(parsed("1e-400") == Rational(Integer(1), pow10(400)));
    CHECK(parsed("-12.5e-401") == Rational(Integer(-125), pow10(402)));
  }
  SECTION("leading zeros, a leading point and a trailing point are accepted") {
    CHECK(parsed("007") == 7);
    CHECK(parsed(".5") == q(1, 2));
    CHECK(parsed("5.") == 5);
    CHECK(parsed("-.25") == q(-1, 4));
    CHECK(parsed("000.0010") == q(1, 1000));
  }
  SECTION("long digit strings are exact") {
    CHECK(parsed("123456789012345678901234567890") ==
          Rational(Integer("123456789012345678901234567890")));
    CHECK(parsed("9007199254740993") == pow2(53) + 1);
  }
}

TEST_CASE("reference::parse_number reads hex floats exactly", "[numbers]") {
  SECTION("mantissa and binary exponent") {
    CHECK(parsed("0x1.8p-3") == q(3, 16));
    CHECK(parsed("-0X1P+4") == -16);
    CHECK(parsed("0x1p-1074") == pow2(-1074));
    CHECK(parsed("0x1.fffffffffffffp+1023") == dbl_max());
    CHECK(parsed("0x1P4") == 16);
  }
  SECTION("a hex point with no leading digit") {
    CHECK(parsed("0x.8") == q(1, 2));
  }
  SECTION("no exponent means 2^0") {
    CHECK(parsed("0xA") == 10);
    CHECK(parsed("0x1.8") == q(3, 2));
    CHECK(parsed("0xff") == 255);
    // 'e' is a hex digit, not an exponent.
    CHECK(parsed("0x1e5") == 0x1e5);
  }
}

TEST_CASE("reference::parse_number reads rationals in lowest terms", "[numbers]") {
  CHECK(parsed("-3/7") == q(-3, 7));
  CHECK(parsed("6/4") == q(3, 2));
  CHECK(ref::to_string(parsed("6/4")) == "3/2");
  CHECK(ref::to_string(parsed("007/014")) == "1/2");
  CHECK(parsed("+6/4") == q(3, 2));
  CHECK(parsed("0/5") == 0);
  CHECK(ref::to_string(parsed("-10/5")) == "-2");
}

TEST_CASE("reference::parse_number reads the words inf and nan", "[numbers]") {
  CHECK(parsed_kind("inf") == NumberKind::PositiveInfinity);
  CHECK(parsed_kind("+inf") == NumberKind::PositiveInfinity);
  CHECK(parsed_kind("-inf") == NumberKind::NegativeInfinity);
  CHECK(parsed_kind("Infinity") == NumberKind::PositiveInfinity);
  CHECK(parsed_kind("-INFINITY") == NumberKind::NegativeInfinity);
  CHECK(parsed_kind("INF") == NumberKind::PositiveInfinity);
  CHECK(parsed_kind("nan") == NumberKind::NaN);
  CHECK(parsed_kind("NaN") == NumberKind::NaN);
}

TEST_CASE("reference::parse_number rejects malformed text naming the field", "[numbers]") {
  auto rejected = [](const std::string& text, const std::string& why) {
    CAPTURE(text);
    CHECK(err(ref::parse_number(text, "a.min[0]")) ==
          aabb::Error{aabb::ErrorKind::Parse,
                      "a.min[0]: \"" + text + "\" is not a number (" + why + ")"});
  };
  SECTION("empty text and a bare sign have no digits") {
    rejected("", "no digits");
    rejected("-", "no digits");
    rejected("+", "no digits");
    rejected(".", "no digits");
    rejected("0x", "no digits");
    rejected("-0x.p1", "no digits");
  }
  SECTION("a zero denominator") {
    rejected("1/0", "zero denominator");
  }
  SECTION("a malformed rational") {
    const std::string why = "a rational is digits/digits, with an optional sign first";
    rejected("1/", why);
    rejected("/2", why);
    rejected("1/2/3", why);
    rejected("1/-2", why);
    rejected("1.5/2", why);
    rejected("0x1/2", why);
  }
  SECTION("a malformed exponent") {
    rejected("1e", "malformed exponent");
    rejected("1e+", "malformed exponent");
    rejected("1e5x", "malformed exponent");
    rejected("0x1p", "malformed exponent");
    rejected("1e1.5", "malformed exponent");
  }
  SECTION("stray characters") {
    rejected("1.2.3", "unexpected character '.'");
    rejected("1 ", "unexpected character ' '");
    rejected("1,5", "unexpected character ','");
    rejected("0x1g", "unexpected character 'g'");
    rejected("1p3", "unexpected character 'p'");
  }
  SECTION("words that are not numbers, and leading whitespace") {
    rejected("abc", "no digits");
    rejected(" 1", "no digits");
    rejected("--1", "no digits");
    rejected("infinit", "no digits");
    rejected("e5", "no digits");
  }
  SECTION("an exponent beyond the supported range") {
    rejected("1e999999999", "exponent beyond the supported range of +-100000");
    rejected("1e-100001", "exponent beyond the supported range of +-100000");
    rejected("0x1p400001", "exponent beyond the supported range of +-400000");
    CHECK(parsed("1e-100000") == Rational(Integer(1), pow10(100000)));
  }
  SECTION("a long text is shown cut at 64 characters") {
    const std::string text = std::string(70, '1') + "x";
    CHECK(err(ref::parse_number(text, "p")) ==
          aabb::Error{aabb::ErrorKind::Parse, "p: \"" + std::string(64, '1') +
                                                  "...\" is not a number (unexpected character "
                                                  "'x')"});
  }
}

TEST_CASE("reference::to_string", "[numbers]") {
  CHECK(ref::to_string(q(3)) == "3");
  CHECK(ref::to_string(q(-3, 7)) == "-3/7");
  CHECK(ref::to_string(q(0)) == "0");
  CHECK(ref::to_string(q(0, -5)) == "0");
  CHECK(ref::to_string(q(6, -4)) == "-3/2");
  CHECK(ref::to_string(pow2(-3)) == "1/8");
}

TEST_CASE("reference::exact", "[numbers]") {
  SECTION("a normal double is its exact binary value") {
    CHECK(ok(ref::exact(1.5)) == q(3, 2));
    CHECK(ok(ref::exact(-2.0)) == -2);
    CHECK(ok(ref::exact(0.1)) == Rational(Integer(3602879701896397), Integer(1) << 55));
    CHECK(ok(ref::exact(DBL_MAX)) == dbl_max());
    CHECK(ok(ref::exact(DBL_MIN)) == pow2(-1022));
  }
  SECTION("subnormal doubles are exact") {
    CHECK(ok(ref::exact(std::numeric_limits<double>::denorm_min())) == pow2(-1074));
    CHECK(ok(ref::exact(-std::numeric_limits<double>::denorm_min())) == -pow2(-1074));
    CHECK(ok(ref::exact(std::bit_cast<double>(std::uint64_t{0x000fffffffffffff}))) ==
          (pow2(52) - 1) * pow2(-1074));
  }
  SECTION("-0 is 0") {
    CHECK(ok(ref::exact(-0.0)) == 0);
    CHECK(ok(ref::exact(-0.0)) == ok(ref::exact(0.0)));
    CHECK(ok(ref::exact(-0.0f)) == 0);
  }
  SECTION("NaN and infinities are invalid input naming the field") {
    CHECK(err(ref::exact(std::numeric_limits<double>::quiet_NaN(), "p[1]")) ==
          invalid("p[1]: NaN is not a number"));
    CHECK(err(ref::exact(std::numeric_limits<double>::infinity(), "t_min")) ==
          invalid("t_min: +infinity is not allowed here"));
    CHECK(err(ref::exact(-std::numeric_limits<double>::infinity(), "a.min[2]")) ==
          invalid("a.min[2]: -infinity is not allowed here"));
    CHECK(err(ref::exact(std::numeric_limits<double>::quiet_NaN())) ==
          invalid("value: NaN is not a number"));
    // A NaN with its sign bit and a payload is still NaN.
    CHECK(err(ref::exact(std::bit_cast<double>(std::uint64_t{0xfff0000000000001}), "x")) ==
          invalid("x: NaN is not a number"));
  }
  SECTION("floats are exact too") {
    CHECK(ok(ref::exact(0.1f)) == Rational(Integer(13421773), Integer(1) << 27));
    CHECK(ok(ref::exact(std::numeric_limits<float>::denorm_min())) == pow2(-149));
    CHECK(ok(ref::exact(FLT_MAX)) == flt_max());
    CHECK(err(ref::exact(std::numeric_limits<float>::quiet_NaN(), "r")) ==
          invalid("r: NaN is not a number"));
    CHECK(err(ref::exact(-std::numeric_limits<float>::infinity(), "r")) ==
          invalid("r: -infinity is not allowed here"));
  }
}

TEST_CASE("reference::nearest_double and hex_f64", "[numbers]") {
  // Checks the rounded double's bits and its hex text together.
  auto rounds_to = [](const Rational& x, double expected, const std::string& hex) {
    CAPTURE(x, hex);
    CHECK(bits(ref::nearest_double(x)) == bits(expected));
    CHECK(ref::hex_f64(x) == hex);
  };
  SECTION("values that are not dyadic round to nearest") {
    rounds_to(q(1, 10), 0x1.999999999999ap-4, "0x1.999999999999ap-4");
    rounds_to(q(1, 3), 0x1.5555555555555p-2, "0x1.5555555555555p-2");
    rounds_to(q(2, 3), 0x1.5555555555555p-1, "0x1.5555555555555p-1");
    rounds_to(q(-1, 10), -0x1.999999999999ap-4, "-0x1.999999999999ap-4");
  }
  SECTION("exact values are kept") {
    rounds_to(q(0), 0.0, "0x0p+0");
    rounds_to(q(3), 3.0, "0x1.8p+1");
    rounds_to(q(-1, 8), -0.125, "-0x1p-3");
    rounds_to(1 + pow2(-52), 0x1.0000000000001p+0, "0x1.0000000000001p+0");
  }
  SECTION("ties go to the even neighbour") {
    // 1 + 2^-53 is halfway between 1 (even) and 1 + 2^-52 (odd).
    rounds_to(1 + pow2(-53), 1.0, "0x1p+0");
    // 1 + 3·2^-53 is halfway between 1 + 2^-52 (odd) and 1 + 2^-51 (even).
    rounds_to(1 + 3 * pow2(-53), 0x1.0000000000002p+0, "0x1.0000000000002p+0");
    // Just above and below a tie round away from it.
    rounds_to(1 + pow2(-53) + tiny(), 0x1.0000000000001p+0, "0x1.0000000000001p+0");
    rounds_to(1 + 3 * pow2(-53) - tiny(), 0x1.0000000000001p+0, "0x1.0000000000001p+0");
    // 2^53 + 1, read from a decimal, is a tie that goes down to 2^53.
    rounds_to(parsed("9007199254740993"), 0x1p+53, "0x1p+53");
    rounds_to(-(1 + pow2(-53)), -1.0, "-0x1p+0");
  }
  SECTION("the subnormal range rounds on the fixed quantum 2^-1074") {
    const double denorm_min = std::numeric_limits<double>::denorm_min();
    rounds_to(pow2(-1074), denorm_min, "0x0.0000000000001p-1022");
    // Half of the smallest subnormal is a tie between 0 (even) and 2^-1074 (odd).
    rounds_to(pow2(-1075), 0.0, "0x0p+0");
    rounds_to(pow2(-1075) - tiny() * pow2(-1000), 0.0, "0x0p+0");
    rounds_to(pow2(-1075) + pow2(-1200), denorm_min, "0x0.0000000000001p-1022");
    // 3·2^-1075 is a tie between 2^-1074 (odd) and 2·2^-1074 (even).
    rounds_to(3 * pow2(-1075), 2 * denorm_min, "0x0.0000000000002p-1022");
    rounds_to(q(1, 3) * pow2(-1070), std::bit_cast<double>(std::uint64_t{5}),
              "0x0.0000000000005p-1022");  // 16/3 quanta round to 5
  }
  SECTION("the largest subnormal, and rounding up into the smallest normal") {
    const Rational largest_subnormal = (pow2(52) - 1) * pow2(-1074);
    rounds_to(largest_subnormal, std::bit_cast<double>(std::uint64_t{0x000fffffffffffff}),
              "0x0.fffffffffffffp-1022");
    // Halfway between the largest subnormal (odd) and 2^-1022 (even).
    const Rational tie = largest_subnormal + pow2(-1075);
    rounds_to(tie, DBL_MIN, "0x1p-1022");
    rounds_to(tie - pow2(-1200), std::bit_cast<double>(std::uint64_t{0x000fffffffffffff}),
              "0x0.fffffffffffffp-1022");
    rounds_to(pow2(-1022), DBL_MIN, "0x1p-1022");
  }
  SECTION("the top of the range: DBL_MAX, and overflow at DBL_MAX + half an ulp") {
    const double inf = std::numeric_limits<double>::infinity();
    rounds_to(dbl_max(), DBL_MAX, "0x1.fffffffffffffp+1023");
    // The ulp at DBL_MAX is 2^971; DBL_MAX is odd, so the tie rounds up, to infinity.
    rounds_to(dbl_max() + pow2(970), inf, "inf");
    rounds_to(dbl_max() + pow2(970) - pow2(-100), DBL_MAX, "0x1.fffffffffffffp+1023");
    rounds_to(pow2(1024), inf, "inf");
    rounds_to(parsed("1e400"), inf, "inf");
    rounds_to(-dbl_max() - pow2(970), -inf, "-inf");
    rounds_to(-dbl_max() - pow2(970) + pow2(-100), -DBL_MAX, "-0x1.fffffffffffffp+1023");
  }
  SECTION("negative values round symmetrically") {
    rounds_to(-pow2(-1074), -std::numeric_limits<double>::denorm_min(), "-0x0.0000000000001p-1022");
    rounds_to(-3 * pow2(-1075), -2 * std::numeric_limits<double>::denorm_min(),
              "-0x0.0000000000002p-1022");
    rounds_to(-(1 + 3 * pow2(-53)), -0x1.0000000000002p+0, "-0x1.0000000000002p+0");
  }
}

TEST_CASE("reference::nearest_float and hex_f32", "[numbers]") {
  auto rounds_to = [](const Rational& x, float expected, const std::string& hex) {
    CAPTURE(x, hex);
    CHECK(bits(ref::nearest_float(x)) == bits(expected));
    CHECK(ref::hex_f32(x) == hex);
  };
  const float inf = std::numeric_limits<float>::infinity();
  const float denorm_min = std::numeric_limits<float>::denorm_min();
  rounds_to(q(1, 10), 0.1f, "0x1.99999ap-4");
  rounds_to(q(1, 3), 0x1.555556p-2f, "0x1.555556p-2");
  rounds_to(1 + pow2(-24), 1.0f, "0x1p+0");
  rounds_to(1 + 3 * pow2(-24), 0x1.000004p+0f, "0x1.000004p+0");
  rounds_to(pow2(-149), denorm_min, "0x0.000002p-126");
  rounds_to(pow2(-150), 0.0f, "0x0p+0");
  rounds_to(pow2(-150) + pow2(-300), denorm_min, "0x0.000002p-126");
  rounds_to(3 * pow2(-150), 2 * denorm_min, "0x0.000004p-126");
  rounds_to(pow2(-126) - pow2(-150), FLT_MIN, "0x1p-126");
  rounds_to(flt_max(), FLT_MAX, "0x1.fffffep+127");
  rounds_to(flt_max() + pow2(103), inf, "inf");
  rounds_to(flt_max() + pow2(103) - tiny(), FLT_MAX, "0x1.fffffep+127");
  rounds_to(-flt_max() - pow2(103), -inf, "-inf");
  rounds_to(q(-1, 10), -0.1f, "-0x1.99999ap-4");
}

TEST_CASE("reference::exact and nearest round-trip random finite bit patterns", "[numbers]") {
  std::mt19937_64 rng(0x5eed'aabb'0001ULL);
  SECTION("exact(nearest_double(exact(x))) == exact(x) for 100k doubles") {
    int checked = 0;
    for (int i = 0; i < 100000; ++i) {
      std::uint64_t b = rng();
      // Every fourth pattern is made subnormal (exponent field 0), every fourth + 1 is put
      // near the top or bottom of the normal range.
      if (i % 4 == 0) b &= 0x800fffffffffffffULL;
      if (i % 4 == 1) b = (b & 0x800fffffffffffffULL) | (std::uint64_t(rng() % 2 ? 1 : 2046) << 52);
      const double x = std::bit_cast<double>(b);
      if (!std::isfinite(x)) continue;
      const Rational e = ok(ref::exact(x));
      const double back = ref::nearest_double(e);
      // -0 comes back as +0, which has the same exact value.
      if (x == 0) {
        CHECK(bits(back) == 0);
      } else if (bits(back) != b) {
        FAIL_CHECK("round trip changed " << ref::hex(x) << " into " << ref::hex(back));
      }
      if (e != ok(ref::exact(back))) FAIL_CHECK("exact value changed for " << ref::hex(x));
      ++checked;
    }
    CHECK(checked > 99000);
  }
  SECTION("exact(nearest_float(exact(x))) == exact(x) for 100k floats") {
    for (int i = 0; i < 100000; ++i) {
      std::uint32_t b = static_cast<std::uint32_t>(rng());
      if (i % 4 == 0) b &= 0x807fffffU;
      const float x = std::bit_cast<float>(b);
      if (!std::isfinite(x)) continue;
      const float back = ref::nearest_float(ok(ref::exact(x)));
      if (x == 0) {
        CHECK(bits(back) == 0);
      } else if (bits(back) != b) {
        FAIL_CHECK("round trip changed " << printf_a(x) << " into " << printf_a(back));
      }
    }
  }
  SECTION("parse_number(hex(x)) == exact(x) for 10k doubles") {
    for (int i = 0; i < 10000; ++i) {
      std::uint64_t b = rng();
      if (i % 4 == 0) b &= 0x800fffffffffffffULL;
      const double x = std::bit_cast<double>(b);
      if (!std::isfinite(x)) continue;
      if (parsed(ref::hex(x)) != ok(ref::exact(x))) FAIL_CHECK("hex text misread: " << ref::hex(x));
    }
  }
}

TEST_CASE("reference::hex agrees with printf %a", "[numbers]") {
  std::mt19937_64 rng(0x5eed'aabb'0002ULL);
  SECTION("for normal doubles") {
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t b = rng();
      const double x = std::bit_cast<double>(b);
      if (!std::isnormal(x)) continue;
      if (ref::hex(x) != printf_a(x)) FAIL_CHECK(ref::hex(x) << " != printf " << printf_a(x));
    }
    CHECK(ref::hex(1.0) == printf_a(1.0));
    CHECK(ref::hex(-0.75) == printf_a(-0.75));
    CHECK(ref::hex(DBL_MAX) == printf_a(DBL_MAX));
    CHECK(ref::hex(DBL_MIN) == printf_a(DBL_MIN));
  }
  SECTION("for normal floats, promoted to double as printf does") {
    for (int i = 0; i < 20000; ++i) {
      const float x = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
      if (!std::isnormal(x)) continue;
      if (ref::hex(x) != printf_a(x)) FAIL_CHECK(ref::hex(x) << " != printf " << printf_a(x));
    }
  }
  SECTION("zeros, subnormal doubles and non-finite values") {
    CHECK(ref::hex(0.0) == "0x0p+0");
    CHECK(ref::hex(-0.0) == "-0x0p+0");
    CHECK(ref::hex(std::numeric_limits<double>::denorm_min()) == "0x0.0000000000001p-1022");
    CHECK(ref::hex(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(ref::hex(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(ref::hex(std::numeric_limits<double>::quiet_NaN()) == "nan");
  }
}

TEST_CASE("reference::nearest_double agrees with strtod on random decimals", "[numbers]") {
  // glibc's strtod and strtof are correctly rounded, ties to even: an independent oracle for
  // parse_number followed by nearest_double / nearest_float, across under- and overflow.
  std::mt19937_64 rng(0x5eed'aabb'0003ULL);
  for (int i = 0; i < 20000; ++i) {
    std::string text = rng() % 2 ? "-" : "";
    const int digits = 1 + static_cast<int>(rng() % 25);
    for (int k = 0; k < digits; ++k) {
      text += static_cast<char>('0' + rng() % 10);
      if (k == 0) text += '.';
    }
    // Half the exponents span double under- and overflow, half the float range.
    const int exponent =
        rng() % 2 ? static_cast<int>(rng() % 700) - 360 : static_cast<int>(rng() % 91) - 50;
    text += "e" + std::to_string(exponent);
    const Rational x = parsed(text);
    const double d = std::strtod(text.c_str(), nullptr);
    const float f = std::strtof(text.c_str(), nullptr);
    // strtod keeps the sign of a zero result; the reference turns an exact 0 into +0.
    if (bits(ref::nearest_double(x)) != bits(d) && !(x == 0 && d == 0))
      FAIL_CHECK(text << ": nearest_double " << ref::hex(ref::nearest_double(x)) << ", strtod "
                      << printf_a(d));
    if (bits(ref::nearest_float(x)) != bits(f) && !(x == 0 && f == 0))
      FAIL_CHECK(text << ": nearest_float " << printf_a(ref::nearest_float(x)) << ", strtof "
                      << printf_a(f));
  }
}
