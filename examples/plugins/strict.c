/* A library with the strict boundary convention, as Godot's AABB::intersects, Irrlicht's
 * isPointTotalInside and Unreal's FBox::IsInside write it: a point on a face is outside, boxes
 * that only touch do not overlap. Correct under `check --boundary strict` (contract §4), and
 * "missed hit" on every touching case under the default closed box: tools/run.sh and the test
 * check.bundled.strict show both. Comparisons only, so nothing rounds. */

#include "aabb/abi.h"

#define STRICT(T, S)                                                                            \
  int aabb_contains_##S(const T lo[3], const T hi[3], const T p[3]) {                           \
    for (int i = 0; i < 3; ++i)                                                                 \
      if (!(lo[i] < p[i] && p[i] < hi[i])) return 0;                                            \
    return 1;                                                                                   \
  }                                                                                             \
  int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {        \
    for (int i = 0; i < 3; ++i)                                                                 \
      if (!(alo[i] < bhi[i] && blo[i] < ahi[i])) return 0;                                      \
    return 1;                                                                                   \
  }

STRICT(float, f32)
STRICT(double, f64)
