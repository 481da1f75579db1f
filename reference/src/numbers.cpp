// Text forms of exact numbers: parse_number and to_string. Integer arithmetic only.

#include <gmp.h>

#include <cctype>
#include <string>

#include "aabb/reference/rational.hpp"

namespace aabb::reference {
namespace {

Error parse_error(std::string_view field, std::string_view text, std::string_view why) {
  std::string shown(text.substr(0, 64));
  if (text.size() > 64) shown += "...";
  return Error{ErrorKind::Parse,
               std::string(field) + ": \"" + shown + "\" is not a number (" + std::string(why) + ")"};
}

// A digit string in the given base as an Integer. Explicit base: Boost's string constructor
// would read a leading 0 as octal.
Integer integer_from_digits(std::string_view digits, int base) {
  Integer v;
  if (digits.empty()) return v;
  std::string s(digits);
  mpz_set_str(v.backend().data(), s.c_str(), base);
  return v;
}

Integer power(unsigned base, long exponent) {
  Integer r;
  mpz_ui_pow_ui(r.backend().data(), base, static_cast<unsigned long>(exponent));
  return r;
}

// mantissa * base^exponent as a Rational, with base 10 or 2.
Rational scaled(const Integer& mantissa, unsigned base, long exponent) {
  if (mantissa == 0) return Rational(0);
  if (exponent >= 0) return Rational(mantissa * power(base, exponent));
  return Rational(mantissa, power(base, -exponent));
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

bool is_digit(char c, int base) {
  return base == 10 ? std::isdigit(static_cast<unsigned char>(c)) != 0
                    : std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

// Reads an optionally signed decimal exponent after 'e' or 'p'; false when malformed.
bool read_exponent(std::string_view s, long limit, long& out, bool& too_big) {
  std::size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (i == s.size()) return false;
  long v = 0;
  too_big = false;
  for (; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    if (v <= limit) v = v * 10 + (s[i] - '0');
  }
  if (v > limit) too_big = true;
  out = negative ? -v : v;
  return true;
}

/// The rational form p/q (digits/digits; the sign was read before), for parse_number.
Result<ParsedNumber> parse_rational(std::string_view p, std::string_view q, bool negative,
                                    std::string_view text, std::string_view field) {
  auto all_digits = [](std::string_view d) {
    if (d.empty()) return false;
    for (char c : d)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
  };
  if (!all_digits(p) || !all_digits(q))
    return parse_error(field, text, "a rational is digits/digits, with an optional sign first");
  Integer den = integer_from_digits(q, 10);
  if (den == 0) return parse_error(field, text, "zero denominator");
  Integer num = integer_from_digits(p, 10);
  return ParsedNumber{NumberKind::Finite, Rational(negative ? Integer(-num) : num, den)};
}

}  // namespace

std::string to_string(const Rational& q) { return q.str(); }

Result<ParsedNumber> parse_number(std::string_view text, std::string_view field) {
  std::string_view s = text;
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return parse_error(field, text, "no digits");

  if (iequals(s, "inf") || iequals(s, "infinity"))
    return ParsedNumber{negative ? NumberKind::NegativeInfinity : NumberKind::PositiveInfinity, {}};
  if (iequals(s, "nan")) return ParsedNumber{NumberKind::NaN, {}};

  if (auto slash = s.find('/'); slash != std::string_view::npos)
    return parse_rational(s.substr(0, slash), s.substr(slash + 1), negative, text, field);

  // Hex float [0x|0X] hexdigits [. hexdigits] [p exponent].
  const bool is_hex = s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  const int base = is_hex ? 16 : 10;
  if (is_hex) s.remove_prefix(2);

  std::string digits;
  long fraction_digits = 0;
  std::size_t i = 0;
  bool seen_point = false, seen_digit = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (is_digit(c, base)) {
      seen_digit = true;
      if (!(digits.empty() && c == '0')) digits += c;  // leading zeros carry nothing
      if (seen_point) ++fraction_digits;
    } else if (c == '.' && !seen_point) {
      seen_point = true;
    } else {
      break;
    }
  }
  if (!seen_digit) return parse_error(field, text, "no digits");

  long exponent = 0;
  if (i < s.size()) {
    const char e = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    if (e != (is_hex ? 'p' : 'e'))
      return parse_error(field, text, std::string("unexpected character '") + s[i] + "'");
    bool too_big = false;
    const long limit = is_hex ? kMaxBinaryExponent : kMaxDecimalExponent;
    if (!read_exponent(s.substr(i + 1), limit, exponent, too_big))
      return parse_error(field, text, "malformed exponent");
    if (too_big)
      return parse_error(field, text,
                         "exponent beyond the supported range of +-" + std::to_string(limit));
  }

  Integer mantissa = integer_from_digits(digits, base);
  if (negative) mantissa = -mantissa;
  // Trailing fraction digits scale down: by 10 per digit, or by 2^4 per hex digit.
  const Rational value = is_hex ? scaled(mantissa, 2, exponent - 4 * fraction_digits)
                                : scaled(mantissa, 10, exponent - fraction_digits);
  return ParsedNumber{NumberKind::Finite, value};
}

}  // namespace aabb::reference
