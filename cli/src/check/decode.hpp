#pragma once
/// A check op's case decoded from fuzz bytes (the differential driver of a user's library,
/// aabb-oracle-fuzz and aabb::fuzz_driver; `aabb-oracle replay`; `check --corpus`): each op's
/// `decode(Decoder&)` (check/ops.hpp, shape_ops.hpp) reads its inputs in a fixed order through
/// the case library's byte decoder (aabb/cases/bytes.hpp), the same edge vocabulary as the
/// project's own fuzzers, and makes them valid where that costs no information (a box's bounds
/// in order, an extent or a radius as its magnitude). What cannot be made valid, a NaN or an
/// infinity above all, marks the case invalid: the ABI promises a library only finite inputs
/// (abi.h), so an invalid case is neither called nor judged.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "aabb/cases/bytes.hpp"

namespace aabb::check {

template <class T, std::size_t N>
class Decoder {
 public:
  using Vec = std::array<T, N>;

  explicit Decoder(gen::ByteSource& in) : in_(in), values_(in) {}

  /// Whether every number read so far is finite and every rule held.
  [[nodiscard]] bool valid() const { return valid_; }
  /// Marks the case invalid (a rule of the op that decoding cannot repair).
  void reject() { valid_ = false; }

  [[nodiscard]] std::uint8_t byte() { return in_.byte(); }
  /// A count in [lo, hi], one byte.
  [[nodiscard]] std::size_t count(std::size_t lo, std::size_t hi) { return lo + in_.byte() % (hi - lo + 1); }

  [[nodiscard]] T number() { return finite(values_.next()); }
  /// |x|: extents, radii, margins.
  [[nodiscard]] T magnitude() { return std::fabs(number()); }
  [[nodiscard]] Vec vec() {
    Vec v;
    for (auto& x : v) x = number();
    return v;
  }
  [[nodiscard]] Vec extent() {
    Vec v;
    for (auto& x : v) x = magnitude();
    return v;
  }
  /// A min–max box: 2N numbers, each axis's pair in order.
  void box(Vec& lo, Vec& hi) {
    lo = vec();
    hi = vec();
    for (std::size_t i = 0; i < N; ++i)
      if (hi[i] < lo[i]) std::swap(lo[i], hi[i]);
  }
  /// A matrix of N·N entries, row-major.
  template <std::size_t K>
  [[nodiscard]] std::array<T, K> entries() {
    std::array<T, K> m;
    for (auto& x : m) x = number();
    return m;
  }
  /// Between lo and hi points.
  [[nodiscard]] std::vector<Vec> points(std::size_t lo, std::size_t hi) {
    std::vector<Vec> ps(count(lo, hi));
    for (auto& p : ps) p = vec();
    return ps;
  }
  /// An upper time bound: +inf (an unbounded ray) when the control byte is odd, else a number.
  [[nodiscard]] T upper_time() {
    return (in_.byte() & 1) ? std::numeric_limits<T>::infinity() : number();
  }

 private:
  T finite(T x) {
    if (!std::isfinite(x)) valid_ = false;
    return x;
  }

  gen::ByteSource& in_;
  gen::ValueSource<T> values_;
  bool valid_ = true;
};

}  // namespace aabb::check
