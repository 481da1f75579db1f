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
  /* PLANTED: grow adds the margin to lo on y instead of subtracting it (box not containing). */\
  void aabb_grow_##S(const T lo[3], const T hi[3], T margin, T out_lo[3], T out_hi[3]) {        \
    for (int i = 0; i < 3; ++i) {                                                               \
      out_lo[i] = i == 1 ? lo[i] + margin : lo[i] - margin;                                     \
      out_hi[i] = hi[i] + margin;                                                               \
    }                                                                                           \
  }                                                                                             \
  /* PLANTED: closest_point forgets to clamp z (returns p[2]: error beyond 0 ulps). */          \
  void aabb_closest_point_##S(const T lo[3], const T hi[3], const T p[3], T out[3]) {           \
    for (int i = 0; i < 3; ++i)                                                                 \
      out[i] = i == 2 ? p[i] : (p[i] < lo[i] ? lo[i] : (p[i] > hi[i] ? hi[i] : p[i]));          \
  }                                                                                             \
  /* PLANTED: distance_sq forgets to square the gap on x (error beyond k ulps). */              \
  T aabb_distance_sq_##S(const T lo[3], const T hi[3], const T p[3]) {                          \
    T s = 0;                                                                                    \
    for (int i = 0; i < 3; ++i) {                                                               \
      const T g = p[i] < lo[i] ? lo[i] - p[i] : (p[i] > hi[i] ? p[i] - hi[i] : 0);              \
      s += i == 0 ? g : g * g;                                                                  \
    }                                                                                           \
    return s;                                                                                   \
  }                                                                                             \
  /* PLANTED: overlap_sphere tests only the nearest face: the gap along the single axis of */   \
  /* largest gap against r, so a sphere off an edge or a corner is a false hit. */              \
  int aabb_overlap_sphere_##S(const T lo[3], const T hi[3], const T c[3], T r) {                \
    T gap = 0;                                                                                  \
    for (int i = 0; i < 3; ++i) {                                                               \
      const T g = c[i] < lo[i] ? lo[i] - c[i] : (c[i] > hi[i] ? c[i] - hi[i] : 0);              \
      if (g > gap) gap = g;                                                                     \
    }                                                                                           \
    return gap <= r;                                                                            \
  }                                                                                             \
  /* PLANTED: plane_side with the wrong convention on a tie: a plane through a corner (the */   \
  /* least or greatest n.x equal to d) is reported as outside (-1 / +1) instead of 0. The */    \
  /* corner values are float sums, exact on the small-integer scenes where the tie shows. */    \
  int aabb_plane_side_##S(const T lo[3], const T hi[3], const T n[3], T d) {                    \
    T least = 0, greatest = 0;                                                                  \
    for (int i = 0; i < 3; ++i) {                                                               \
      least += n[i] * (n[i] >= 0 ? lo[i] : hi[i]);                                              \
      greatest += n[i] * (n[i] >= 0 ? hi[i] : lo[i]);                                           \
    }                                                                                           \
    if (greatest <= d) return -1;                                                               \
    if (least >= d) return 1;                                                                   \
    return 0;                                                                                   \
  }                                                                                             \
  /* PLANTED: overlap_triangle without the 9 edge cross-product axes (box axes and the */       \
  /* triangle's normal only): a triangle passing near a box edge is a false hit. Exact */       \
  /* arithmetic on the small scenes, so only the missing axes are wrong. */                     \
  static int planted_tri_separates_##S(const T a[3], const T* const v[3], const T lo[3],        \
                                       const T hi[3]) {                                         \
    T pmin = 0, pmax = 0, bmin = 0, bmax = 0;                                                   \
    for (int k = 0; k < 3; ++k) {                                                               \
      const T p = a[0] * v[k][0] + a[1] * v[k][1] + a[2] * v[k][2];                             \
      if (k == 0 || p < pmin) pmin = p;                                                         \
      if (k == 0 || p > pmax) pmax = p;                                                         \
    }                                                                                           \
    for (int i = 0; i < 3; ++i) {                                                               \
      bmin += a[i] * (a[i] >= 0 ? lo[i] : hi[i]);                                               \
      bmax += a[i] * (a[i] >= 0 ? hi[i] : lo[i]);                                               \
    }                                                                                           \
    return pmin > bmax || pmax < bmin;                                                          \
  }                                                                                             \
  int aabb_overlap_triangle_##S(const T lo[3], const T hi[3], const T v0[3], const T v1[3],     \
                                const T v2[3]) {                                                \
    const T* const v[3] = {v0, v1, v2};                                                         \
    for (int i = 0; i < 3; ++i) {                                                               \
      const T u[3] = {i == 0, i == 1, i == 2};                                                  \
      if (planted_tri_separates_##S(u, v, lo, hi)) return 0;                                    \
    }                                                                                           \
    T e0[3], e1[3];                                                                             \
    for (int i = 0; i < 3; ++i) {                                                               \
      e0[i] = v1[i] - v0[i];                                                                    \
      e1[i] = v2[i] - v1[i];                                                                    \
    }                                                                                           \
    const T nrm[3] = {e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2],             \
                      e0[0] * e1[1] - e0[1] * e1[0]};                                           \
    return !planted_tri_separates_##S(nrm, v, lo, hi);                                          \
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
