// Differential target: optimized/moving.hpp's sweep and moving_vs_static (seed 001), each in
// its 1-ulp and conservative variant (the 1-ulp cases also run the loose variant), against the
// exact reference through judge/moving.hpp; invalid input (NaN, ±inf, inverted boxes) must be a
// miss with NaN times (judge/nonfinite.hpp).
//
// Input: a selector byte (bits 0-1 type and dimension, bits 2-3 the op), then ValueSource
// values: box a, da, box b, db (moving_vs_static: stationary, moving, d).

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<Sweep<false>, Sweep<true>, MovingVsStatic<false>, MovingVsStatic<true>>(data, size);
}
