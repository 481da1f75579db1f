#pragma once
/// Exact conversions between IEEE-754 binary32/binary64 and Rational, done on the bit patterns
/// with integer arithmetic only: the reference never rounds, and this is where floats enter
/// and leave it. The no-float test (tests/no_float_in_reference) allows the words float and
/// double in this header alone, and checks the compiled code for floating-point instructions.

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "aabb/reference/rational.hpp"
#include "aabb/reference/result.hpp"

namespace aabb::reference {

/// Layout of an IEEE-754 binary format with `Bits`-wide words.
template <class Word, int MantissaBits, int ExponentBits>
struct BinaryFormat {
  using word_type = Word;
  static constexpr int mantissa_bits = MantissaBits;  ///< stored fraction bits
  static constexpr int exponent_bits = ExponentBits;
  static constexpr int bias = (1 << (ExponentBits - 1)) - 1;
  static constexpr int max_exponent_field = (1 << ExponentBits) - 1;
};
using Binary32 = BinaryFormat<std::uint32_t, 23, 8>;
using Binary64 = BinaryFormat<std::uint64_t, 52, 11>;

/// The exact value of a finite bit pattern; NaN and ±inf are an error naming `field`.
/// -0 gives 0 (the reference does not distinguish the zeros).
template <class Format>
[[nodiscard]] Result<Rational> exact_from_bits(typename Format::word_type bits,
                                               std::string_view field);

/// The bit pattern of the representable value nearest to q, ties to even, overflowing to
/// ±infinity exactly as IEEE-754 round-to-nearest does. An exact zero gives +0; a negative q
/// too small to represent rounds to -0, keeping its sign as IEEE-754 (and strtod) do.
template <class Format>
[[nodiscard]] typename Format::word_type nearest_bits(const Rational& q);

/// The hex-float text of a bit pattern, as glibc's printf("%a") writes a double: "0x1.8p+1",
/// "-0x1p-3", "0x0p+0", trailing zero digits dropped; subnormals as "0x0.0000000000001p-1022"
/// (binary32: "0x0.000002p-126"); "inf", "-inf", "nan". Python's float.fromhex and C's strtod
/// read every form back exactly.
template <class Format>
[[nodiscard]] std::string hex_from_bits(typename Format::word_type bits);

/// The exact value of a double; NaN and ±inf are an error naming `field`.
[[nodiscard]] inline Result<Rational> exact(double x, std::string_view field = "value") {
  return exact_from_bits<Binary64>(std::bit_cast<std::uint64_t>(x), field);
}
/// The exact value of a float; NaN and ±inf are an error naming `field`.
[[nodiscard]] inline Result<Rational> exact(float x, std::string_view field = "value") {
  return exact_from_bits<Binary32>(std::bit_cast<std::uint32_t>(x), field);
}
/// The exact value of a finite float, double or Rational, as one function object to hand to
/// geometry::map (geometry::map(box, exact_value) is a box's exact form). A NaN or ±inf throws
/// BadResultAccess: callers pass finite values only, and exact() is the way to ask.
struct ExactValue {
  [[nodiscard]] Rational operator()(double x) const { return exact(x).value(); }
  [[nodiscard]] Rational operator()(float x) const { return exact(x).value(); }
  [[nodiscard]] const Rational& operator()(const Rational& q) const { return q; }
};
inline constexpr ExactValue exact_value{};

/// The double nearest to q (ties to even; ±inf beyond the range).
[[nodiscard]] inline double nearest_double(const Rational& q) {
  return std::bit_cast<double>(nearest_bits<Binary64>(q));
}
/// The float nearest to q (ties to even; ±inf beyond the range).
[[nodiscard]] inline float nearest_float(const Rational& q) {
  return std::bit_cast<float>(nearest_bits<Binary32>(q));
}
/// Hex-float text of the double nearest to q: the protocol's `X_f64`.
[[nodiscard]] inline std::string hex_f64(const Rational& q) {
  return hex_from_bits<Binary64>(nearest_bits<Binary64>(q));
}
/// Hex-float text of the float nearest to q.
[[nodiscard]] inline std::string hex_f32(const Rational& q) {
  return hex_from_bits<Binary32>(nearest_bits<Binary32>(q));
}
/// Hex-float text of a double.
[[nodiscard]] inline std::string hex(double x) {
  return hex_from_bits<Binary64>(std::bit_cast<std::uint64_t>(x));
}
/// Hex-float text of a float.
[[nodiscard]] inline std::string hex(float x) {
  return hex_from_bits<Binary32>(std::bit_cast<std::uint32_t>(x));
}

extern template Result<Rational> exact_from_bits<Binary32>(std::uint32_t, std::string_view);
extern template Result<Rational> exact_from_bits<Binary64>(std::uint64_t, std::string_view);
extern template std::uint32_t nearest_bits<Binary32>(const Rational&);
extern template std::uint64_t nearest_bits<Binary64>(const Rational&);
extern template std::string hex_from_bits<Binary32>(std::uint32_t);
extern template std::string hex_from_bits<Binary64>(std::uint64_t);

}  // namespace aabb::reference
