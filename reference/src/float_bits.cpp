// Exact float <-> Rational conversions on bit patterns. Integer arithmetic only: the proof that
// X_f64 is correctly rounded is the integer division below, not a libm call.

#include "aabb/reference/float_bits.hpp"

#include <boost/multiprecision/integer.hpp>

namespace aabb::reference {
namespace {

Integer pow2(unsigned long k) { return Integer(1) << k; }

// q * 2^k exactly.
Rational scale2(const Integer& m, long k) {
  if (k >= 0) return Rational(Integer(m << static_cast<unsigned long>(k)));
  return Rational(m, pow2(static_cast<unsigned long>(-k)));
}

// floor(log2(n/d)) for n, d > 0.
long floor_log2(const Integer& n, const Integer& d) {
  long e = static_cast<long>(boost::multiprecision::msb(n)) -
           static_cast<long>(boost::multiprecision::msb(d));
  // n/d is in [2^(e-1), 2^(e+1)); decide which half.
  const bool at_least = e >= 0 ? n >= (d << static_cast<unsigned long>(e))
                               : (n << static_cast<unsigned long>(-e)) >= d;
  return at_least ? e : e - 1;
}

// round(n/d * 2^k) to the nearest integer, ties to even, for n >= 0, d > 0.
Integer round_scaled(const Integer& n, const Integer& d, long k) {
  Integer num = n, den = d;
  if (k >= 0) num <<= static_cast<unsigned long>(k);
  else den <<= static_cast<unsigned long>(-k);
  Integer quotient, remainder;
  boost::multiprecision::divide_qr(num, den, quotient, remainder);
  const Integer twice = remainder << 1;
  if (twice > den || (twice == den && boost::multiprecision::bit_test(quotient, 0))) ++quotient;
  return quotient;
}

}  // namespace

template <class Format>
Result<Rational> exact_from_bits(typename Format::word_type bits, std::string_view field) {
  using W = typename Format::word_type;
  constexpr int kFrac = Format::mantissa_bits;
  constexpr int kWidth = static_cast<int>(sizeof(W) * 8);
  const bool negative = (bits >> (kWidth - 1)) != 0;
  const W exponent_field = (bits >> kFrac) & static_cast<W>(Format::max_exponent_field);
  const W fraction = bits & ((W{1} << kFrac) - 1);
  if (exponent_field == static_cast<W>(Format::max_exponent_field)) {
    if (fraction != 0) return invalid_input(std::string(field) + ": NaN is not a number");
    return invalid_input(std::string(field) + ": " + (negative ? "-" : "+") +
                         "infinity is not allowed here");
  }
  Integer mantissa(static_cast<unsigned long long>(fraction));
  long exponent = 1 - Format::bias - kFrac;  // subnormal quantum
  if (exponent_field != 0) {
    mantissa += pow2(kFrac);
    exponent = static_cast<long>(exponent_field) - Format::bias - kFrac;
  }
  if (negative) mantissa = -mantissa;
  return scale2(mantissa, exponent);
}

template <class Format>
typename Format::word_type nearest_bits(const Rational& q) {
  using W = typename Format::word_type;
  constexpr int kFrac = Format::mantissa_bits;
  constexpr int kWidth = static_cast<int>(sizeof(W) * 8);
  constexpr long kMinNormalExponent = 1 - Format::bias;
  if (q == 0) return W{0};
  const W sign = q < 0 ? (W{1} << (kWidth - 1)) : W{0};
  const Integer n = boost::multiprecision::abs(boost::multiprecision::numerator(q));
  const Integer d = boost::multiprecision::denominator(q);
  const W infinity = sign | (static_cast<W>(Format::max_exponent_field) << kFrac);

  long e = floor_log2(n, d);
  if (e > Format::bias) return infinity;  // even the truncation is beyond the largest finite
  if (e < kMinNormalExponent) {
    // Subnormal range: a multiple of the fixed quantum 2^(kMinNormalExponent - kFrac). A result
    // of exactly 2^kFrac quanta is the smallest normal, whose bit pattern is that same integer.
    const Integer m = round_scaled(n, d, kFrac - kMinNormalExponent);
    return sign | static_cast<W>(m.template convert_to<unsigned long long>());
  }
  Integer m = round_scaled(n, d, kFrac - e);  // in [2^kFrac, 2^(kFrac+1)]
  if (m == pow2(kFrac + 1)) {
    m >>= 1;
    ++e;
  }
  if (e > Format::bias) return infinity;
  const W fraction = static_cast<W>((m - pow2(kFrac)).template convert_to<unsigned long long>());
  return sign | (static_cast<W>(e + Format::bias) << kFrac) | fraction;
}

template <class Format>
std::string hex_from_bits(typename Format::word_type bits) {
  using W = typename Format::word_type;
  constexpr int kFrac = Format::mantissa_bits;
  constexpr int kWidth = static_cast<int>(sizeof(W) * 8);
  // Hex digits of the fraction: binary64's 52 bits are 13 digits; binary32's 23 bits are
  // shifted left by one to fill 6 digits, as printf("%a") does for a float promoted to double.
  constexpr int kDigits = (kFrac + 3) / 4;
  constexpr int kPad = kDigits * 4 - kFrac;
  const bool negative = (bits >> (kWidth - 1)) != 0;
  const W exponent_field = (bits >> kFrac) & static_cast<W>(Format::max_exponent_field);
  const W fraction = bits & ((W{1} << kFrac) - 1);
  std::string out = negative ? "-" : "";
  if (exponent_field == static_cast<W>(Format::max_exponent_field))
    return fraction != 0 ? "nan" : out + "inf";
  if (exponent_field == 0 && fraction == 0) return out + "0x0p+0";

  const bool subnormal = exponent_field == 0;
  const long exponent = subnormal ? 1 - Format::bias : static_cast<long>(exponent_field) - Format::bias;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string digits;
  const std::uint64_t padded = static_cast<std::uint64_t>(fraction) << kPad;
  for (int i = kDigits - 1; i >= 0; --i) digits += kHex[(padded >> (4 * i)) & 0xf];
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  out += subnormal ? "0x0" : "0x1";
  if (!digits.empty()) out += "." + digits;
  out += "p";
  out += exponent >= 0 ? "+" : "-";
  out += std::to_string(exponent >= 0 ? exponent : -exponent);
  return out;
}

template Result<Rational> exact_from_bits<Binary32>(std::uint32_t, std::string_view);
template Result<Rational> exact_from_bits<Binary64>(std::uint64_t, std::string_view);
template std::uint32_t nearest_bits<Binary32>(const Rational&);
template std::uint64_t nearest_bits<Binary64>(const Rational&);
template std::string hex_from_bits<Binary32>(std::uint32_t);
template std::string hex_from_bits<Binary64>(std::uint64_t);

}  // namespace aabb::reference
