// Differential target: optimized/static.hpp's containment ops (contains_box, classify) against
// the exact reference, through judge/static.hpp; inputs outside the reference's domain through
// judge/nonfinite.hpp.
//
// Input: a selector byte (bits 0-1 type and dimension, bits 2-7 the op), then values as
// fuzzer_common.hpp's ValueSource reads them.

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<ContainsBox, Classify>(data, size);
}
