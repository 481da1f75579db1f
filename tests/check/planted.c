/* A test plugin in plain C, written only against the public header aabb/abi.h as any user would,
 * with bugs planted in some ops and correct code in others. tests/check/check_e2e.py asserts that
 * `aabb-oracle check` reports every planted bug with a replayable counterexample, and does not
 * accuse the correct ops. */

#include <signal.h>
#include <stddef.h>
#include <unistd.h>

#include "aabb/abi.h"

#define PLANTED(T, S)                                                                           \
  /* Correct: the closed box, comparisons only. */                                              \
  int aabb_contains_##S(const T lo[3], const T hi[3], const T p[3]) {                           \
    for (int i = 0; i < 3; ++i)                                                                 \
      if (!(lo[i] <= p[i] && p[i] <= hi[i])) return 0;                                          \
    return 1;                                                                                   \
  }                                                                                             \
  /* Correct: min and max of each coordinate. */                                                \
  void aabb_bounds_of_points_##S(const T* xyz, size_t n, T lo[3], T hi[3]) {                    \
    for (int i = 0; i < 3; ++i) lo[i] = hi[i] = xyz[i];                                         \
    for (size_t k = 1; k < n; ++k)                                                              \
      for (int i = 0; i < 3; ++i) {                                                             \
        const T x = xyz[3 * k + (size_t)i];                                                     \
        if (x < lo[i]) lo[i] = x;                                                               \
        if (x > hi[i]) hi[i] = x;                                                               \
      }                                                                                         \
  }                                                                                             \
  /* PLANTED: strict comparisons, so boxes that only touch are reported apart (missed hit). */  \
  int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {        \
    for (int i = 0; i < 3; ++i)                                                                 \
      if (ahi[i] <= blo[i] || bhi[i] <= alo[i]) return 0;                                       \
    return 1;                                                                                   \
  }                                                                                             \
  /* PLANTED: the upper bound on z is the max of the two (error beyond 0 ulps). */              \
  int aabb_intersection_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3],     \
                            T out_lo[3], T out_hi[3]) {                                         \
    for (int i = 0; i < 3; ++i)                                                                 \
      if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;                                         \
    for (int i = 0; i < 3; ++i) {                                                               \
      out_lo[i] = alo[i] > blo[i] ? alo[i] : blo[i];                                            \
      out_hi[i] = (ahi[i] < bhi[i]) == (i != 2) ? ahi[i] : bhi[i];                              \
    }                                                                                           \
    return 1;                                                                                   \
  }                                                                                             \
  /* PLANTED: the union's lower bound on y is the greater of the two (error beyond 0 ulps). */  \
  void aabb_union_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3],           \
                      T out_lo[3], T out_hi[3]) {                                               \
    for (int i = 0; i < 3; ++i) {                                                               \
      out_lo[i] = (alo[i] < blo[i]) == (i != 1) ? alo[i] : blo[i];                              \
      out_hi[i] = ahi[i] > bhi[i] ? ahi[i] : bhi[i];                                            \
    }                                                                                           \
  }                                                                                             \
  /* PLANTED: strict comparisons, so a box sharing a face with a is not inside it (missed). */  \
  int aabb_contains_box_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {   \
    for (int i = 0; i < 3; ++i)                                                                 \
      if (!(alo[i] < blo[i] && bhi[i] < ahi[i])) return 0;                                      \
    return 1;                                                                                   \
  }                                                                                             \
  /* PLANTED: a box inside a but touching its boundary is classed "intersects" (DirectXMath's */ \
  /* reported bug): containment is tested with strict comparisons, overlap correctly. */        \
  int aabb_classify_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {       \
    int inside = 1, meet = 1;                                                                   \
    for (int i = 0; i < 3; ++i) {                                                               \
      inside = inside && alo[i] < blo[i] && bhi[i] < ahi[i];                                    \
      meet = meet && alo[i] <= bhi[i] && blo[i] <= ahi[i];                                      \
    }                                                                                           \
    return inside ? 2 : meet ? 1 : 0;                                                           \
  }                                                                                             \
  /* PLANTED: ties go to the highest index (wrong index); the dot product is exact for the */   \
  /* small integer coordinates where ties happen, so the tie rule is what is wrong. */          \
  void aabb_extreme_points_##S(const T* xyz, size_t n, const T dir[3], size_t* i_min,           \
                               size_t* i_max) {                                                 \
    long double lo = 0, hi = 0;                                                                 \
    for (size_t k = 0; k < n; ++k) {                                                            \
      const T* p = xyz + 3 * k;                                                                 \
      const long double d =                                                                     \
          (long double)p[0] * dir[0] + (long double)p[1] * dir[1] + (long double)p[2] * dir[2]; \
      if (k == 0 || d <= lo) lo = d, *i_min = k;                                                \
      if (k == 0 || d >= hi) hi = d, *i_max = k;                                                \
    }                                                                                           \
  }                                                                                             \
  /* PLANTED: crashes on a zero radius (a point sphere). */                                     \
  void aabb_bounds_of_sphere_##S(const T c[3], T r, T lo[3], T hi[3]) {                         \
    if (r == 0) raise(SIGSEGV);                                                                 \
    for (int i = 0; i < 3; ++i) {                                                               \
      lo[i] = c[i] - r;                                                                         \
      hi[i] = c[i] + r;                                                                         \
    }                                                                                           \
  }                                                                                             \
  /* PLANTED: hangs when the point is at the centre on x. */                                    \
  int aabb_contains_ce_##S(const T c[3], const T e[3], const T p[3]) {                          \
    if (p[0] == c[0])                                                                           \
      for (;;) pause();                                                                         \
    for (int i = 0; i < 3; ++i)                                                                 \
      if (p[i] - c[i] > e[i] || c[i] - p[i] > e[i]) return 0;                                   \
    return 1;                                                                                   \
  }

PLANTED(float, f32)
PLANTED(double, f64)
