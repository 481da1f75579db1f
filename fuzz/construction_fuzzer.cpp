// Differential target: optimized/construction.hpp's boxes (seed 002): bounds_of_sphere, and
// transform in min–max and centre–radius form, against the exact reference through
// judge/construction.hpp (directed rounding of every bound; centre correctly rounded, extent
// rounded up), and transform_conservative on the same inputs (within 2^-49·A, then rounded
// outward); outside the domain (NaN, ±inf, r < 0, inverted boxes) the documented answers
// of judge/nonfinite.hpp.
//
// Input: a selector byte (bits 0-1 type and dimension, bits 2-7 the op), then ValueSource
// values: centre, radius; or box, M (row-major), t.

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<BoundsOfSphere, WithConservative<Transform>, WithConservative<TransformCe>>(data, size);
}
