// Differential target: optimized/static.hpp's centre–extent ops (contains, seed 004; overlap,
// seeds 000 and 004) against the exact reference, through judge/static.hpp; inputs outside the
// reference's domain (NaN, ±inf, negative extents) through judge/nonfinite.hpp. These are the
// decisions whose naive formulas round: the filter's ties and overflowing sums are the targets.
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 the op), then ValueSource values.

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<ContainsCe, OverlapCe>(data, size);
}
