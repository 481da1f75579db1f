#pragma once
/// An exact accumulator for sums of T values and of products of up to Degree T values (Kulisch's
/// long accumulator): a two's-complement fixed-point integer whose least bit is the least product
/// of Degree T values, 2^(Degree·e_min) with e_min the exponent of T's least subnormal, and whose
/// width holds every such product times 2^24 terms. Every add is integer arithmetic on 64-bit
/// limbs, so it is exact by construction for ALL finite inputs: no overflow, no underflow, no
/// reliance on a wider float type (x87's extended precision), on fma or on the compiler's
/// floating-point flags. It is the exact path of optimized/'s double ops (docs/contracts.md,
/// "Exact paths"): the sign of a sum, and its rounding to T toward -inf, +inf or to nearest.
///
/// Degree 2 (the default): sums of values and of products of two (add, add_product(a, b)).
/// Degree 3 also takes products of three (add_product(a, b, c)): the triangle's normal axis,
/// docs/contracts.md, "Triangle".
///
/// Cost: T = double needs 67 limbs (536 bytes) at degree 2, 100 (800 bytes) at degree 3; T = float
/// 11 and 15. An add touches three (four) limbs and carries on; rounding scans for the top limb.
/// Both are far cheaper than x87's software fmal.
/// Portable C++: 64-bit limbs and a 64×64→128 product from 32-bit halves (no __int128).

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "aabb/exact_float/exact_float.hpp"

namespace aabb::exact_float {

template <Float T, int Degree = 2>
  requires(Degree == 2 || Degree == 3)
class Accumulator {
 public:
  /// The exponent of the least product of Degree T values: Degree·(e_min of T's least subnormal).
  static constexpr int kMinExp =
      Degree * (std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits);
  /// Bits up to the largest product (below 2^(Degree·max_exponent)), 24 bits for the count of
  /// terms, and a sign limb.
  static constexpr int kBits = Degree * std::numeric_limits<T>::max_exponent - kMinExp + 24;
  static constexpr std::size_t kLimbs = (kBits + 63) / 64 + 1;

  /// Adds x (finite) exactly.
  void add(T x) noexcept {
    const Parts p = parts(x);
    if (p.m != 0) add_shifted(std::array<std::uint64_t, 1>{p.m}, p.e - kMinExp, p.negative);
  }
  /// Subtracts x (finite) exactly.
  void subtract(T x) noexcept { add(T(-x)); }
  /// Adds a · b (finite) exactly.
  void add_product(T a, T b) noexcept {
    const Parts pa = parts(a), pb = parts(b);
    if (pa.m == 0 || pb.m == 0) return;
    std::uint64_t hi, lo;
    mul(pa.m, pb.m, hi, lo);
    add_shifted(std::array<std::uint64_t, 2>{lo, hi}, pa.e + pb.e - kMinExp,
                pa.negative != pb.negative);
  }
  /// Adds a · b · c (finite) exactly: the 159-bit product of the significands in three limbs.
  void add_product(T a, T b, T c) noexcept
    requires(Degree >= 3)
  {
    const Parts pa = parts(a), pb = parts(b), pc = parts(c);
    if (pa.m == 0 || pb.m == 0 || pc.m == 0) return;
    std::uint64_t hi, lo, h1, l1, h2, l2;
    mul(pa.m, pb.m, hi, lo);  // < 2^106
    mul(lo, pc.m, h1, l1);    // lo·m_c < 2^117
    mul(hi, pc.m, h2, l2);    // hi·m_c < 2^95: h2 < 2^31
    const std::uint64_t w1 = h1 + l2;
    const std::uint64_t w2 = h2 + (w1 < h1);  // no wrap: the whole product is below 2^159
    add_shifted(std::array<std::uint64_t, 3>{l1, w1, w2}, pa.e + pb.e + pc.e - kMinExp,
                (pa.negative != pb.negative) != pc.negative);
  }
  /// Adds another accumulator's value exactly (two's-complement addition of the limbs).
  void add(const Accumulator& o) noexcept {
    std::uint64_t carry = 0;
    for (std::size_t k = 0; k < kLimbs; ++k) {
      const std::uint64_t s = limb_[k] + carry;
      const std::uint64_t c1 = s < carry;
      limb_[k] = s + o.limb_[k];
      carry = c1 + (limb_[k] < s);
    }
  }
  /// The value negated.
  [[nodiscard]] Accumulator negated() const noexcept {
    Accumulator r;
    std::uint64_t carry = 1;
    for (std::size_t k = 0; k < kLimbs; ++k) {
      r.limb_[k] = ~limb_[k] + carry;
      carry = carry & (r.limb_[k] == 0);
    }
    return r;
  }
  /// -1, 0 or +1: the sign of the exact sum.
  [[nodiscard]] int sign() const noexcept {
    if (static_cast<std::int64_t>(limb_[kLimbs - 1]) < 0) return -1;
    for (std::size_t k = kLimbs; k-- > 0;)
      if (limb_[k] != 0) return 1;
    return 0;
  }

  enum class Rounding { Down, Up, Nearest };
  /// The sum rounded to T: toward -inf (Down), toward +inf (Up), or to nearest with ties to even
  /// (Nearest), with IEEE's overflow rule: beyond T's range, Down gives -inf or +max, Up -max or
  /// +inf, Nearest ±inf from the midpoint above max on. Exact when the sum is representable.
  [[nodiscard]] T round(Rounding mode) const noexcept {
    const int s = sign();
    if (s == 0) return T(0);
    const Accumulator mag = s < 0 ? negated() : *this;
    // The top set bit P (absolute bit index; value = mag · 2^kMinExp).
    std::size_t top = kLimbs - 1;
    while (mag.limb_[top] == 0) --top;
    const int p = int(top) * 64 + 63 - std::countl_zero(mag.limb_[top]);
    // The least bit T keeps: 52 (23) below P, but not below T's least subnormal.
    constexpr int digits = std::numeric_limits<T>::digits;
    constexpr int sub_min = std::numeric_limits<T>::min_exponent - digits - kMinExp;
    const int l = std::max(p - (digits - 1), sub_min);
    std::uint64_t q = mag.bits_from(l, digits);
    const bool half = l > 0 && mag.bit(l - 1);
    const bool rest = l > 1 && mag.any_below(l - 1);
    const bool inexact = half || rest;
    bool away;  // round the magnitude away from zero
    switch (mode) {
      case Rounding::Down:
        away = inexact && s < 0;
        break;
      case Rounding::Up:
        away = inexact && s > 0;
        break;
      default:
        away = half && (rest || (q & 1) != 0);
        break;
    }
    q += away;
    T r = std::ldexp(T(q), l + kMinExp);  // q <= 2^digits: exact unless beyond range (then inf)
    // Beyond the range, a rounding toward zero stops at max.
    const bool toward_zero = (mode == Rounding::Down && s > 0) || (mode == Rounding::Up && s < 0);
    if (std::isinf(r) && toward_zero) r = std::numeric_limits<T>::max();
    return s < 0 ? -r : r;
  }

 private:
  struct Parts {
    std::uint64_t m;  // odd, or 0
    int e;            // |x| = m · 2^e
    bool negative;
  };
  /// x = ±m·2^e with m odd (trailing zeros stripped, so a float's e is never below its least
  /// subnormal's exponent when read as a double).
  static Parts parts(T x) noexcept {
    const double d = x;  // exact
    const std::uint64_t b = std::bit_cast<std::uint64_t>(d);
    const bool negative = (b >> 63) != 0;
    const int field = int((b >> 52) & 0x7ff);
    std::uint64_t m = b & ((std::uint64_t(1) << 52) - 1);
    int e = -1074;
    if (field != 0) {
      m |= std::uint64_t(1) << 52;
      e = field - 1075;
    }
    if (m == 0) return {0, 0, negative};
    const int tz = std::countr_zero(m);
    return {m >> tz, e + tz, negative};
  }
  /// a · b as hi·2^64 + lo, from 32-bit halves.
  static void mul(std::uint64_t a, std::uint64_t b, std::uint64_t& hi, std::uint64_t& lo) noexcept {
    const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    lo = (mid << 32) | (p00 & 0xffffffffu);
    hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  }
  /// Adds (or subtracts) v·2^pos, v = Σ v[i]·2^(64·i) (N <= 3 limbs), pos >= 0, with the carry
  /// (borrow) run to the top. The width (kBits) keeps every limb of v·2^pos below kLimbs.
  template <std::size_t N>
  void add_shifted(const std::array<std::uint64_t, N>& v, int pos, bool subtract) noexcept {
    const std::size_t q = std::size_t(pos) / 64;
    const int r = pos % 64;
    std::uint64_t w[N + 1];
    w[0] = v[0] << r;
    for (std::size_t i = 1; i < N; ++i) w[i] = r == 0 ? v[i] : (v[i] << r) | (v[i - 1] >> (64 - r));
    w[N] = r == 0 ? 0 : v[N - 1] >> (64 - r);
    std::uint64_t carry = 0;
    for (std::size_t k = q; k < kLimbs; ++k) {
      const std::uint64_t x = k - q <= N ? w[k - q] : 0;
      if (k - q > N && carry == 0) break;
      const std::uint64_t y = limb_[k];
      if (subtract) {
        const std::uint64_t d = y - x;
        const std::uint64_t b1 = d > y;
        limb_[k] = d - carry;
        carry = b1 + (limb_[k] > d);
      } else {
        const std::uint64_t s = y + x;
        const std::uint64_t c1 = s < y;
        limb_[k] = s + carry;
        carry = c1 + (limb_[k] < s);
      }
    }
  }
  /// `count` bits of the magnitude from bit l up (l >= 0, count <= 64).
  [[nodiscard]] std::uint64_t bits_from(int l, int count) const noexcept {
    const std::size_t q = std::size_t(l) / 64;
    const int r = l % 64;
    std::uint64_t v = limb_[q] >> r;
    if (r != 0 && q + 1 < kLimbs) v |= limb_[q + 1] << (64 - r);
    return count == 64 ? v : v & ((std::uint64_t(1) << count) - 1);
  }
  [[nodiscard]] bool bit(int i) const noexcept { return (limb_[std::size_t(i) / 64] >> (i % 64)) & 1u; }
  /// Whether any bit below i (i >= 1) is set.
  [[nodiscard]] bool any_below(int i) const noexcept {
    const std::size_t q = std::size_t(i) / 64;
    if ((limb_[q] & ((std::uint64_t(1) << (i % 64)) - 1)) != 0) return true;
    for (std::size_t k = 0; k < q; ++k)
      if (limb_[k] != 0) return true;
    return false;
  }

  std::array<std::uint64_t, kLimbs> limb_{};
};

/// The exact sign of (a + b) - |x - y| for finite inputs (-1, 0, +1); b may be 0. In a double
/// expansion when every |input| <= 2^1020 (then no TwoSum of these four values or of their
/// partial sums overflows, and sums never lose bits to underflow: always for float inputs),
/// else in an Accumulator: exact for all finite inputs, overflowing sums and subnormal gaps
/// included.
template <Float T>
[[nodiscard]] inline int reach_minus_gap_sign(T a, T b, T x, T y) noexcept {
  const T big = std::is_same_v<T, float> ? std::numeric_limits<T>::max() : T(0x1p1020);
  const bool hi_first = x >= y;
  const T hi = hi_first ? x : y, lo = hi_first ? y : x;
  if (std::fabs(a) <= big && std::fabs(b) <= big && std::fabs(x) <= big && std::fabs(y) <= big) {
    Expansion<double, 8> s;
    s.add(double(a));
    s.add(double(b));
    s.subtract(double(hi));
    s.add(double(lo));
    return s.sign();
  }
  Accumulator<T> s;
  s.add(a);
  s.add(b);
  s.subtract(hi);
  s.add(lo);
  return s.sign();
}

}  // namespace aabb::exact_float
