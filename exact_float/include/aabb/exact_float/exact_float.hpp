#pragma once
/// Error-free transformations and exact signs of small sums, in floating point only.
///
/// Why: several contracts promise exact decisions (centre–extent overlap, sweep hit/miss,
/// extreme-point indices) although the naive formulas round. Each such decision is the sign of a
/// short sum of products of input floats. TwoSum and TwoProduct turn every rounded operation into
/// an exact pair (result, error), and an expansion (Shewchuk, "Adaptive Precision Floating-Point
/// Arithmetic", 1997) holds an exact sum as non-overlapping components whose largest one carries
/// the sign.
///
/// Exactness needs no overflow and no underflow inside the transformations. Float inputs run in
/// double (Wide<float>): every product of two floats and every TwoProduct error of such products
/// stays far inside double's normal range (|x| in [2^-298·2^-106, 2^256]), which makes the results
/// exact for ALL finite float inputs, subnormals included. Double inputs have no wider IEEE type
/// on every platform (x87's extended format is not one, and MSVC or AArch64 have none): their
/// expansions run in double under a stated range rule, and exact::Accumulator (accumulator.hpp,
/// integer limbs) is their exact path for everything else. TwoProduct uses std::fma, which is
/// exact by definition and immune to -ffp-contract.

#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <type_traits>

// Shared by optimized/ and filtered/ (the oracle's filtered evaluator): the toolkit sits below
// both, so that the oracle never includes what it judges (docs/architecture.md).
namespace aabb::exact_float {

/// The float types the optimized ops and the filtered evaluator are written for.
template <class T>
concept Float = std::same_as<T, float> || std::same_as<T, double>;

/// The type the exact transformations of float values run in: double. Not defined for double
/// (no wider type is portable), so no double path can use one by accident.
template <class T>
  requires std::same_as<T, float>
using Wide = double;

/// An exact pair: value == hi + lo, with hi the rounded result.
template <class W>
struct Pair {
  W hi;
  W lo;
};

/// a + b == hi + lo exactly (Knuth's TwoSum; no precondition on magnitudes). The volatile-free
/// form relies on strict IEEE evaluation, which the project's flags keep (no -ffast-math).
template <class W>
[[nodiscard]] inline Pair<W> two_sum(W a, W b) {
  const W s = a + b;
  const W bb = s - a;
  const W e = (a - (s - bb)) + (b - bb);
  return {s, e};
}

/// a · b == hi + lo exactly, when the product neither overflows nor underflows in W.
template <class W>
[[nodiscard]] inline Pair<W> two_prod(W a, W b) {
  const W p = a * b;
  return {p, std::fma(a, b, -p)};
}

/// An exact sum of up to Capacity components, kept non-overlapping and in increasing magnitude
/// (Shewchuk's Grow-Expansion with zero elimination).
template <class W, std::size_t Capacity>
class Expansion {
 public:
  /// Adds x exactly.
  void add(W x) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < size_; ++i) {
      const Pair<W> s = two_sum(x, c_[i]);
      x = s.hi;
      if (s.lo != 0) c_[k++] = s.lo;
    }
    if (x != 0) c_[k++] = x;
    size_ = k;
  }
  /// Adds a · b exactly.
  void add_product(W a, W b) {
    const Pair<W> p = two_prod(a, b);
    add(p.lo);
    add(p.hi);
  }
  /// Adds -x exactly.
  void subtract(W x) { add(-x); }
  /// -1, 0 or +1: the sign of the exact sum.
  [[nodiscard]] int sign() const {
    if (size_ == 0) return 0;
    return c_[size_ - 1] > 0 ? 1 : -1;
  }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] W component(std::size_t i) const { return c_[i]; }

 private:
  std::array<W, Capacity> c_{};
  std::size_t size_ = 0;
};

}  // namespace aabb::exact_float
