#pragma once
/// The case library's byte decoder: a fuzzer's bytes turned into float values with the same edge
/// vocabulary as the generators (touching faces, equal bounds, ulp neighbours, special values,
/// powers of two at the range edges). One decoder for every fuzzer: the project's own targets
/// (fuzz/) and the differential driver of a user's library (aabb-oracle-fuzz, aabb::fuzz_driver,
/// docs/fuzzing-your-library.md), so that a corpus input means the same values to both.
/// No RapidCheck: a fuzz target links only this header and the geometry types.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "aabb/geometry/box.hpp"

namespace aabb::gen {

/// Reads the fuzzer's bytes front to back; past the end every read gives zeros, so any input
/// length is a complete input.
class ByteSource {
 public:
  ByteSource(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  [[nodiscard]] std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }

  /// sizeof(X) bytes as X, by memcpy (zero-padded at the end of the input).
  template <class X>
  [[nodiscard]] X raw() {
    unsigned char buf[sizeof(X)] = {};
    const std::size_t n = pos_ < size_ ? std::min(sizeof(X), size_ - pos_) : 0;
    if (n) std::memcpy(buf, data_ + pos_, n);
    pos_ += n;
    X x;
    std::memcpy(&x, buf, sizeof(X));
    return x;
  }

  [[nodiscard]] bool empty() const { return pos_ >= size_; }
  /// How many bytes have been read (at most the input's size).
  [[nodiscard]] std::size_t consumed() const { return std::min(pos_, size_); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

/// The values a fuzz input decodes to. Each value costs one control byte that picks how it is
/// made, then a payload:
///   0 raw bits (every pattern, NaN and ±inf included)   4 a special value (table below)
///   1 a small multiple of 1/4 (touching faces)          5 a previous value negated
///   2 a previous value (equal bounds, containment)      6 ±2^k, k in [-1100, 1100) (range edges)
///   3 a previous value moved by -4..4 ulps              7 a previous value plus another, rounded
/// Every value joins the pool that modes 2, 3, 5 and 7 draw from. fuzz/make_seeds.py writes
/// inputs in this format; changing it changes what every committed corpus means.
template <std::floating_point T>
class ValueSource {
 public:
  explicit ValueSource(ByteSource& in) : in_(in) {}

  [[nodiscard]] T next() {
    const std::uint8_t mode = in_.byte() % 8;
    T x = 0;
    switch (mode) {
      case 0:
        x = in_.raw<T>();
        break;
      case 1:
        x = T(static_cast<std::int8_t>(in_.byte())) / 4;
        break;
      case 2:
        x = pick();
        break;
      case 3:
        x = step_ulps(pick(), static_cast<int>(in_.byte() % 9) - 4);
        break;
      case 4:
        x = special(in_.byte());
        break;
      case 5:
        x = -pick();
        break;
      case 6: {
        const int k = static_cast<int>(in_.raw<std::uint16_t>() % 2200) - 1100;
        x = std::ldexp(T(1), k);
        if (in_.byte() & 1) x = -x;
        break;
      }
      default: {
        const T a = pick();
        x = a + pick();
        break;
      }
    }
    pool_.push_back(x);
    return x;
  }

  template <std::size_t N>
  [[nodiscard]] geometry::Vec<T, N> vec() {
    geometry::Vec<T, N> v;
    for (auto& x : v) x = next();
    return v;
  }
  /// 0, ±0, ±1, ±inf, NaN, ±max, the smallest normal and subnormal, epsilon, 1/2, 1/3.
  [[nodiscard]] static T special(std::uint8_t k) {
    using L = std::numeric_limits<T>;
    const T table[] = {
        T(0),           -T(0),    T(1),        T(-1),    L::infinity(),   -L::infinity(),
        L::quiet_NaN(), L::max(), -L::max(),   L::min(), L::denorm_min(), -L::denorm_min(),
        L::epsilon(),   T(0.5),   T(1) / T(3), -L::min()};
    return table[k % (sizeof(table) / sizeof(table[0]))];
  }

  /// The bytes underneath, for counts and indices.
  [[nodiscard]] ByteSource& bytes() { return in_; }

 private:
  T pick() { return pool_.empty() ? T(0) : pool_[in_.byte() % pool_.size()]; }

  static T step_ulps(T x, int k) {
    const T to = k < 0 ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    for (int i = 0; i < (k < 0 ? -k : k); ++i) x = std::nextafter(x, to);
    return x;
  }

  ByteSource& in_;
  std::vector<T> pool_;
};

}  // namespace aabb::gen
