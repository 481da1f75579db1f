// Differential target: optimized/shapes.hpp (grow in both forms with a scalar or a vector
// margin, closest_point, distance_sq, distance_sq_conservative, overlap_sphere, plane_side)
// against the exact reference, through judge/shapes.hpp; inputs outside the reference's domain
// (NaN, inf, inverted boxes, negative margins and radii, a zero normal) through judge::nonfinite.
//
// Input: a selector byte (bits 0-1 type and dimension, bits 2-7 the op), then values as
// fuzzer_common.hpp's ValueSource reads them.

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<Grow<false, false>, Grow<false, true>, Grow<true, false>, Grow<true, true>,
                                  ClosestPoint, DistanceSq, DistanceSqConservative, OverlapSphere, PlaneSide,
                                  OverlapTriangle>(data, size);
}
