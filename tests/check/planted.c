/* A test plugin in plain C, written only against the public header aabb/abi.h as any user would,
 * with bugs planted in some ops and correct code in others. tests/check/check_e2e.py asserts that
 * `aabb-oracle check` reports every planted bug with a replayable counterexample, and does not
 * accuse the correct ops. */

#include <tgmath.h> /* type-generic nextafter: nextafterf for float */
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
  }                                                                                             \
  /* Correct otherwise: a + b rounded outward (TwoSum's error says on which side rounding to */ \
  /* nearest went; one step outward fixes an inward one). */                                    \
  static T planted_add_outward_##S(T a, T b, int up) {                                          \
    const T s = a + b, bb = s - a, err = (a - (s - bb)) + (b - bb);                             \
    if (s - s != 0 || err != err) return s;                                                     \
    if (up && err > 0) return nextafter(s, (T)INFINITY);                                        \
    if (!up && err < 0) return nextafter(s, -(T)INFINITY);                                      \
    return s;                                                                                   \
  }                                                                                             \
  /* PLANTED: grow adds the margin to lo on y instead of subtracting it (box not containing). */\
  void aabb_grow_##S(const T lo[3], const T hi[3], T margin, T out_lo[3], T out_hi[3]) {        \
    for (int i = 0; i < 3; ++i) {                                                               \
      out_lo[i] = i == 1 ? planted_add_outward_##S(lo[i], margin, 0)                            \
                         : planted_add_outward_##S(lo[i], -margin, 0);                          \
      out_hi[i] = planted_add_outward_##S(hi[i], margin, 1);                                    \
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
  /* triangle's normal only): a triangle passing near a box edge is a false hit. The box axes */\
  /* compare coordinates (exact); the normal is taken in long double and separates only with a */\
  /* margin far above its rounding, so only the missing axes are wrong (false hits only). */    \
  int aabb_overlap_triangle_##S(const T lo[3], const T hi[3], const T v0[3], const T v1[3],     \
                                const T v2[3]) {                                                \
    const T* const v[3] = {v0, v1, v2};                                                         \
    for (int i = 0; i < 3; ++i) {                                                               \
      T vmin = v0[i], vmax = v0[i];                                                             \
      for (int k = 1; k < 3; ++k) {                                                             \
        if (v[k][i] < vmin) vmin = v[k][i];                                                     \
        if (v[k][i] > vmax) vmax = v[k][i];                                                     \
      }                                                                                         \
      if (vmin > hi[i] || vmax < lo[i]) return 0;                                               \
    }                                                                                           \
    long double e0[3], e1[3], n[3], scale = 0, pv = 0, bmin = 0, bmax = 0;                      \
    for (int i = 0; i < 3; ++i) {                                                               \
      e0[i] = (long double)v1[i] - v0[i];                                                       \
      e1[i] = (long double)v2[i] - v1[i];                                                       \
    }                                                                                           \
    n[0] = e0[1] * e1[2] - e0[2] * e1[1];                                                       \
    n[1] = e0[2] * e1[0] - e0[0] * e1[2];                                                       \
    n[2] = e0[0] * e1[1] - e0[1] * e1[0];                                                       \
    for (int i = 0; i < 3; ++i) {                                                               \
      const long double a = n[i] * lo[i], b = n[i] * hi[i];                                     \
      pv += n[i] * v0[i];                                                                       \
      bmin += a < b ? a : b;                                                                    \
      bmax += a < b ? b : a;                                                                    \
      scale += fabsl(a) + fabsl(b) + fabsl(n[i] * v0[i]);                                       \
    }                                                                                           \
    const long double margin = scale * 0x1p-20L;                                                \
    return !(pv > bmax + margin || pv < bmin - margin);                                         \
  }                                                                                             \

PLANTED(float, f32)
PLANTED(double, f64)
