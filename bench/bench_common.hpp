#pragma once
// Helpers shared by the benchmark programs of bench/ (test code: nothing outside bench/ includes
// this header).

#include <cmath>

namespace aabb::bench {

/// x moved by |ulps| representable values, up when ulps > 0 and down when ulps < 0 (the edge-heavy
/// inputs: coordinates that tie or differ in their last bits).
template <class T>
T nudge(T x, int ulps) {
  const T to = ulps > 0 ? T(1e30) : T(-1e30);
  for (int i = 0; i < (ulps > 0 ? ulps : -ulps); ++i) x = std::nextafter(x, to);
  return x;
}

}  // namespace aabb::bench
