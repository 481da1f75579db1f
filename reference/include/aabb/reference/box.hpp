#pragma once
/// Exact vectors and boxes in 2 and 3 dimensions, in min–max and centre–extent form.
///
/// Boundary rules (contract §1): a box is a closed set; lo[i] == hi[i] (flat box, point box)
/// is valid; lo[i] > hi[i] and extent[i] < 0 are invalid input, reported with the field path.
/// The number type Q is any exact ordered field (Rational in practice; the backend benchmark
/// also instantiates Boost's cpp_rational).

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "aabb/geometry/box.hpp"
#include "aabb/reference/rational.hpp"
#include "aabb/reference/result.hpp"

namespace aabb::reference {

/// The dimensions the project supports.
using geometry::SupportedDimension;

/// geometry/'s shapes over the number type Q (the same types optimized/ uses over float).
template <class Q, std::size_t N>
using BasicVec = geometry::Vec<Q, N>;
template <class Q, std::size_t N>
using BasicBox = geometry::Box<Q, N>;
template <class Q, std::size_t N>
using BasicCenterExtent = geometry::CenterExtent<Q, N>;
template <class Q, std::size_t N>
using BasicMatrix = geometry::Matrix<Q, N>;

template <std::size_t N> using Vec = BasicVec<Rational, N>;
template <std::size_t N> using Box = BasicBox<Rational, N>;
template <std::size_t N> using CenterExtent = BasicCenterExtent<Rational, N>;
template <std::size_t N> using Matrix = BasicMatrix<Rational, N>;

/// "field[i]", the protocol's path to one coordinate.
[[nodiscard]] inline std::string element(std::string_view field, std::size_t i) {
  return std::string(field) + "[" + std::to_string(i) + "]";
}

/// The first axis with hi < lo, as the error `field.max[i] < field.min[i]`.
template <class Q, std::size_t N>
[[nodiscard]] std::optional<Error> validate(const BasicBox<Q, N>& box, std::string_view field) {
  for (std::size_t i = 0; i < N; ++i)
    if (box.hi[i] < box.lo[i])
      return invalid_input(element(std::string(field) + ".max", i) + " < " +
                           element(std::string(field) + ".min", i));
  return std::nullopt;
}

/// The first axis with a negative extent, as the error `field.extent[i] < 0`.
template <class Q, std::size_t N>
[[nodiscard]] std::optional<Error> validate(const BasicCenterExtent<Q, N>& box,
                                            std::string_view field) {
  for (std::size_t i = 0; i < N; ++i)
    if (box.extent[i] < 0) return invalid_input(element(std::string(field) + ".extent", i) + " < 0");
  return std::nullopt;
}

/// The same closed set in min–max form, exactly (c ± e need not be representable as floats).
template <class Q, std::size_t N>
[[nodiscard]] BasicBox<Q, N> to_min_max(const BasicCenterExtent<Q, N>& box) {
  BasicBox<Q, N> out;
  for (std::size_t i = 0; i < N; ++i) {
    out.lo[i] = box.center[i] - box.extent[i];
    out.hi[i] = box.center[i] + box.extent[i];
  }
  return out;
}

/// The same closed set in centre–extent form, exactly.
template <class Q, std::size_t N>
[[nodiscard]] BasicCenterExtent<Q, N> to_center_extent(const BasicBox<Q, N>& box) {
  BasicCenterExtent<Q, N> out;
  for (std::size_t i = 0; i < N; ++i) {
    out.center[i] = (box.lo[i] + box.hi[i]) / 2;
    out.extent[i] = (box.hi[i] - box.lo[i]) / 2;
  }
  return out;
}

/// Exact dot product.
template <class Q, std::size_t N>
[[nodiscard]] Q dot(const BasicVec<Q, N>& a, const BasicVec<Q, N>& b) {
  Q s = 0;
  for (std::size_t i = 0; i < N; ++i) s += a[i] * b[i];
  return s;
}

}  // namespace aabb::reference
