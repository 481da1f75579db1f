/* A dimension-2 test plugin in plain C, written only against the public header aabb/abi.h (its
 * aabb2_ symbols, contract §4) as a 2D game's author would, with bugs planted in some ops and
 * correct code in others. It exports no 3D symbol. tests/check/check_e2e.py (mode planted2d)
 * asserts that `aabb-oracle check` runs only the 2D campaigns, reports every planted bug with
 * a 2D counterexample that replays through eval, and does not accuse the correct ops. */

#include <stddef.h>

#include "aabb/abi.h"

#define PLANTED2D(T, S)                                                                             \
  /* Correct: the closed box, comparisons only. */                                                  \
  int aabb2_contains_##S(const T lo[2], const T hi[2], const T p[2]) {                              \
    for (int i = 0; i < 2; ++i)                                                                     \
      if (!(lo[i] <= p[i] && p[i] <= hi[i])) return 0;                                              \
    return 1;                                                                                       \
  }                                                                                                 \
  /* PLANTED: tests the x axis only (a box above or below the other is a false hit). */             \
  int aabb2_overlap_##S(const T alo[2], const T ahi[2], const T blo[2], const T bhi[2]) {           \
    return alo[0] <= bhi[0] && blo[0] <= ahi[0];                                                    \
  }                                                                                                 \
  /* Correct: max of the lower bounds, min of the upper ones. */                                    \
  int aabb2_intersection_##S(const T alo[2], const T ahi[2], const T blo[2], const T bhi[2],        \
                             T out_lo[2], T out_hi[2]) {                                            \
    for (int i = 0; i < 2; ++i)                                                                     \
      if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;                                             \
    for (int i = 0; i < 2; ++i) {                                                                   \
      out_lo[i] = alo[i] > blo[i] ? alo[i] : blo[i];                                                \
      out_hi[i] = ahi[i] < bhi[i] ? ahi[i] : bhi[i];                                                \
    }                                                                                               \
    return 1;                                                                                       \
  }                                                                                                 \
  /* Correct: b2AABB::Combine's rule, per axis the least lo and the greatest hi. */                 \
  void aabb2_union_##S(const T alo[2], const T ahi[2], const T blo[2], const T bhi[2],              \
                       T out_lo[2], T out_hi[2]) {                                                  \
    for (int i = 0; i < 2; ++i) {                                                                   \
      out_lo[i] = alo[i] < blo[i] ? alo[i] : blo[i];                                                \
      out_hi[i] = ahi[i] > bhi[i] ? ahi[i] : bhi[i];                                                \
    }                                                                                               \
  }                                                                                                 \
  /* PLANTED: strict comparisons, so a box sharing an edge with a is not inside it (missed). */     \
  int aabb2_contains_box_##S(const T alo[2], const T ahi[2], const T blo[2], const T bhi[2]) {      \
    for (int i = 0; i < 2; ++i)                                                                     \
      if (!(alo[i] < blo[i] && bhi[i] < ahi[i])) return 0;                                          \
    return 1;                                                                                       \
  }                                                                                                 \
  /* Correct: the points are xy pairs (a stride of 3 would read past the end). */                   \
  void aabb2_bounds_of_points_##S(const T* xy, size_t n, T lo[2], T hi[2]) {                        \
    for (int i = 0; i < 2; ++i) lo[i] = hi[i] = xy[i];                                              \
    for (size_t k = 1; k < n; ++k)                                                                  \
      for (int i = 0; i < 2; ++i) {                                                                 \
        const T x = xy[2 * k + (size_t)i];                                                          \
        if (x < lo[i]) lo[i] = x;                                                                   \
        if (x > hi[i]) hi[i] = x;                                                                   \
      }                                                                                             \
  }                                                                                                 \
  /* Correct: clamping is exact. */                                                                 \
  void aabb2_closest_point_##S(const T lo[2], const T hi[2], const T p[2], T out[2]) {              \
    for (int i = 0; i < 2; ++i) out[i] = p[i] < lo[i] ? lo[i] : (p[i] > hi[i] ? hi[i] : p[i]);      \
  }                                                                                                 \
  /* PLANTED: the slab test skips an axis the ray is parallel to, so a ray running beside the */    \
  /* box (outside its slab on that axis) is a false hit. The times are the slab times of the */     \
  /* other axis, rounded: their faults are not asserted. */                                         \
  int aabb2_ray_##S(const T lo[2], const T hi[2], const T o[2], const T d[2], T t_min, T t_max,     \
                    T* t_enter, T* t_exit) {                                                        \
    T t0 = t_min, t1 = t_max;                                                                       \
    for (int i = 0; i < 2; ++i) {                                                                   \
      if (d[i] == 0) continue;                                                                      \
      T a = (lo[i] - o[i]) / d[i], b = (hi[i] - o[i]) / d[i];                                       \
      if (a > b) {                                                                                  \
        const T s = a;                                                                              \
        a = b;                                                                                      \
        b = s;                                                                                      \
      }                                                                                             \
      if (a > t0) t0 = a;                                                                           \
      if (b < t1) t1 = b;                                                                           \
      if (t0 > t1) return 0;                                                                        \
    }                                                                                               \
    *t_enter = t0;                                                                                  \
    *t_exit = t1;                                                                                   \
    return 1;                                                                                       \
  }                                                                                                 \
  /* PLANTED: the box axes only, without the triangle's three edge normals: a triangle whose */     \
  /* bounding box meets the box but whose hypotenuse passes by a corner is a false hit. The */      \
  /* box axes compare coordinates, which is exact, so every fault is a false hit. */                \
  int aabb2_overlap_triangle_##S(const T lo[2], const T hi[2], const T v0[2], const T v1[2],        \
                                 const T v2[2]) {                                                   \
    for (int i = 0; i < 2; ++i) {                                                                   \
      const T a = v0[i] < v1[i] ? v0[i] : v1[i], b = v0[i] < v1[i] ? v1[i] : v0[i];                 \
      const T mn = a < v2[i] ? a : v2[i], mx = b > v2[i] ? b : v2[i];                               \
      if (mn > hi[i] || mx < lo[i]) return 0;                                                       \
    }                                                                                               \
    return 1;                                                                                       \
  }

PLANTED2D(float, f32)
PLANTED2D(double, f64)
