// Differential target: optimized/moving.hpp's ray, 1-ulp and conservative (the 1-ulp cases also
// run ray_loose), against the exact reference through judge/moving.hpp (t_max = +inf is valid: unbounded); invalid input (NaN or
// ±inf in box, origin, dir or t_min, t_max NaN or -inf, t_min > t_max, an inverted box) must be
// a miss with NaN times (judge/nonfinite.hpp).
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 conservative, bit 3 default
// t range [0, +inf)), then ValueSource values: box, origin, dir, and t_min, t_max unless
// defaulted.

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<Ray<false, false>, Ray<true, false>, Ray<false, true>, Ray<true, true>>(data, size);
}
