// Differential target: optimized/construction.hpp's index ops (seed 002): extreme_points and
// hill_climb over a CSR neighbour graph, against the exact reference through
// judge/construction.hpp (exact indices, lowest on ties; hill_climb: the exact maximum on valid
// graphs, a local maximum on invalid ones); outside the domain (NaN, ±inf, out-of-range
// neighbours or start) the documented answers of judge/nonfinite.hpp.
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 the op), a point count byte
// (1..16; extreme_points also 0), then ValueSource values: the points and d; hill_climb then
// reads a start byte and, per vertex, a neighbour count byte (0..7) and one byte per neighbour
// (an index, out of range on purpose when >= n).

#include <cstddef>
#include <cstdint>

#include "variants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aabb::fuzz::variants;
  return aabb::fuzz::differential<ExtremePoints, HillClimb>(data, size);
}
