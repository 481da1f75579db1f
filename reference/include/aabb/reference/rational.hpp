#pragma once
/// The exact number type of the reference, and its text forms.

#include <boost/multiprecision/gmp.hpp>

#include <string>
#include <string_view>

#include "aabb/reference/result.hpp"

namespace aabb::reference {

/// Exact rationals over GMP's mpq_t. Chosen by measurement against Boost's own cpp_rational:
/// see docs/semantics.md, "Number backend", and bench/reference_backend.cpp.
using Rational = boost::multiprecision::mpq_rational;
/// Arbitrary-precision integers, the numerators and denominators of Rational.
using Integer = boost::multiprecision::mpz_int;

/// The protocol's exact text: "3", "-3/7", always in lowest terms with a positive denominator.
[[nodiscard]] std::string to_string(const Rational& q);

/// Largest |decimal exponent| and |binary exponent| that parse_number accepts. A literal such
/// as 1e999999999 would otherwise ask for a gigabyte-sized integer.
inline constexpr long kMaxDecimalExponent = 100000;
inline constexpr long kMaxBinaryExponent = 400000;

/// What parse_number found in a text.
enum class NumberKind { Finite, PositiveInfinity, NegativeInfinity, NaN };

struct ParsedNumber {
  NumberKind kind = NumberKind::Finite;
  Rational value;  ///< meaningful when kind == Finite
};

/// Reads the protocol's number forms exactly: a decimal ("0.1" is 1/10, "-2.5e-7"), a hex float
/// ("0x1.8p-3", binary exponent optional), a rational ("-3/7"), or the words "inf", "+inf",
/// "-inf", "infinity", "nan" (any case). Leading "+" is accepted; whitespace is not.
/// Errors (kind Parse) name `field` and say what is wrong with the text.
[[nodiscard]] Result<ParsedNumber> parse_number(std::string_view text, std::string_view field);

}  // namespace aabb::reference
