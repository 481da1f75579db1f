/* Shared by the hostile plugins (tests/check/hostile_test.py): one ordinary planted bug, so each
 * test can assert that the other findings of a run survive what the plugin does to check.
 * contains with strict comparisons: a point on a face is "outside" (kind "missed hit"). */
#ifndef AABB_HOSTILE_COMMON_H
#define AABB_HOSTILE_COMMON_H
#include "aabb/abi.h"

int aabb_contains_f32(const float lo[3], const float hi[3], const float p[3]) {
  for (int i = 0; i < 3; ++i)
    if (!(lo[i] < p[i] && p[i] < hi[i])) return 0;
  return 1;
}

/* A correct overlap, for the plugins whose hostility lives elsewhere. */
#define AABB_HOSTILE_OVERLAP_BODY                        \
  for (int i = 0; i < 3; ++i)                            \
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;    \
  return 1;
#endif
