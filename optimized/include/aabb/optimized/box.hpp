#pragma once
/// Float and double vectors and boxes in 2 and 3 dimensions: the same shapes as
/// aabb::reference's Box and CenterExtent, with T = float or double.
///
/// A valid box has finite bounds with lo[i] <= hi[i] (flat and point boxes are valid) or a finite
/// centre and finite extent >= 0. What each op answers for NaN, ±inf and inverted boxes is written
/// next to the op and in docs/contracts.md.

#include <array>
#include <concepts>
#include <cstddef>

namespace aabb::optimized {

/// The float types the optimized ops are written for.
template <class T>
concept Float = std::same_as<T, float> || std::same_as<T, double>;

/// The dimensions the project supports.
template <std::size_t N>
concept SupportedDimension = N == 2 || N == 3;

template <Float T, std::size_t N>
  requires SupportedDimension<N>
using Vec = std::array<T, N>;

/// Closed box {x : lo[i] <= x[i] <= hi[i]}.
template <Float T, std::size_t N>
  requires SupportedDimension<N>
struct Box {
  Vec<T, N> lo;
  Vec<T, N> hi;
  friend bool operator==(const Box&, const Box&) = default;
};

/// Closed box {x : c[i] - e[i] <= x[i] <= c[i] + e[i]}, the bounds taken exactly.
template <Float T, std::size_t N>
  requires SupportedDimension<N>
struct CenterExtent {
  Vec<T, N> center;
  Vec<T, N> extent;
  friend bool operator==(const CenterExtent&, const CenterExtent&) = default;
};

/// Row-major N×N matrix; y = M·x + t.
template <Float T, std::size_t N>
  requires SupportedDimension<N>
using Matrix = std::array<Vec<T, N>, N>;

}  // namespace aabb::optimized
