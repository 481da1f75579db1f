#pragma once
/// One step to the next float or double, by the bits (nextafter is a library call), shared by
/// construction.hpp (directed roundings), shapes.hpp and moving.hpp (the loose variants' outward
/// rounding of a double time to float).

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "aabb/optimized/box.hpp"

namespace aabb::optimized::detail {

/// The next T above a finite f (max steps to +inf), by its bits: nextafter is a library call.
template <Float T>
[[nodiscard]] T next_up(T f) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  if (f == 0) return std::numeric_limits<T>::denorm_min();
  const Bits b = std::bit_cast<Bits>(f);
  return std::bit_cast<T>(f > 0 ? Bits(b + 1) : Bits(b - 1));
}

/// The next T below a finite f (-max steps to -inf).
template <Float T>
[[nodiscard]] T next_down(T f) {
  return -next_up(T(-f));
}

/// f, or the next T above it when `apply` (f finite or -inf then: -inf steps to -max), without
/// a branch: the outward step of a directed rounding is a coin flip on random inputs, and a
/// mispredicted branch per bound cost more than the rest of bounds_of_sphere
/// (bench/optimized_construction.cpp). By the bits: ±0 as +0, then +1 for positive values and
/// -1 for negative ones (towards +inf either way).
template <Float T>
[[nodiscard]] T next_up_if(T f, bool apply) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  Bits b = std::bit_cast<Bits>(f);
  b &= Bits(0) - Bits(f != 0);  // ±0 → +0; NaN and every other value kept
  const Bits negative = b >> (sizeof(Bits) * 8 - 1);
  return std::bit_cast<T>(Bits(b + Bits(apply) * (Bits(1) - Bits(2) * negative)));
}

/// f, or the next T below it when `apply` (f finite or +inf then: +inf steps to max), without a
/// branch.
template <Float T>
[[nodiscard]] T next_down_if(T f, bool apply) {
  return -next_up_if(T(-f), apply);
}

/// bounds_of_sphere_loose's step, the larger of f and the bits of f moved by one towards +inf
/// (+1 for f not below 0, -1 for a negative f): for finite f other than -0 the next T above it
/// (+0 steps to denorm_min, max to +inf, -denorm_min to -0); -inf steps to -max; -0, +inf and NaN
/// are kept (their moved bits are not larger: a negative denormal, NaN, NaN or anything). The
/// comparison is SSE's max(stepped, f), which returns f when either is NaN, so the scalar and the
/// vector forms give the same bits.
template <Float T>
[[nodiscard]] inline T step_up(T f) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  const T stepped = std::bit_cast<T>(Bits(std::bit_cast<Bits>(f) + (f < 0 ? Bits(-1) : Bits(1))));
  return stepped > f ? stepped : f;
}

}  // namespace aabb::optimized::detail
