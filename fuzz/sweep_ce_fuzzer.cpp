// Differential target: optimized/moving.hpp's sweep_ce (seed 000's AABBSweep shape: extents and
// centres at t = 0 and t = 1), 1-ulp and conservative (the 1-ulp cases also run sweep_ce_loose),
// against the exact reference through judge/moving.hpp; invalid input (NaN, ±inf, negative
// extents) must be a miss with NaN times.
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 conservative), then ValueSource
// values: ea, a0, a1, eb, b0, b1.

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<SweepCe<false>, SweepCe<true>>(data, size);
}
