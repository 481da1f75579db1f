#pragma once
/// Float and double vectors and boxes in 2 and 3 dimensions: geometry/'s shapes (the same types
/// as aabb::reference's Box and CenterExtent) with T = float or double.
///
/// A valid box has finite bounds with lo[i] <= hi[i] (flat and point boxes are valid) or a finite
/// centre and finite extent >= 0. What each op answers for NaN, ±inf and inverted boxes is written
/// next to the op and in docs/contracts.md.

#include <cstddef>

#include "aabb/exact_float/exact_float.hpp"
#include "aabb/geometry/box.hpp"

namespace aabb::optimized {

/// The float types the optimized ops are written for.
using exact_float::Float;

/// The exact float toolkit under its short name in the ops' proofs (exact::Wide, exact::Expansion).
namespace exact = aabb::exact_float;

/// The dimensions the project supports.
using geometry::SupportedDimension;

// The geometry types over float and double (geometry/ holds the dimension constraint). Box: the
// closed box {x : lo[i] <= x[i] <= hi[i]}; CenterExtent: {x : c[i] - e[i] <= x[i] <= c[i] + e[i]},
// the bounds taken exactly; Matrix: row-major N×N, y = M·x + t.
template <Float T, std::size_t N> using Vec = geometry::Vec<T, N>;
template <Float T, std::size_t N> using Box = geometry::Box<T, N>;
template <Float T, std::size_t N> using CenterExtent = geometry::CenterExtent<T, N>;
template <Float T, std::size_t N> using Matrix = geometry::Matrix<T, N>;

}  // namespace aabb::optimized
