/* A naive textbook AABB implementation in plain C, the way most engines write it: direct float
 * comparisons, the slab method with 1/d, and c ± r and M·x + t rounded to nearest. It is here
 * to be checked: `aabb-oracle check --impl build/release/lib/libaabb_naive.so` finds its flaws
 * (docs/check.md, "What check finds", lists them op by op). What only compares or selects input
 * values (the min–max decisions, intersection, union, containment, bounds of points, the clamp
 * of the closest point) needs no rounding and is correct; everything that computes a number is
 * not, and neither are the decisions made on rounded numbers: margins added and rounded to
 * nearest, Arvo's sphere sum against r*r, the plane's n.c +- sum |n|e, Akenine-Moller's 13
 * triangle axes in float. */

#include <math.h>
#include <stddef.h>

#include "aabb/abi.h"

#define NAIVE_PLUGIN(T, S)                                                                         \
  int aabb_contains_##S(const T lo[3], const T hi[3], const T p[3]) {                              \
    for (int i = 0; i < 3; ++i)                                                                    \
      if (p[i] < lo[i] || p[i] > hi[i]) return 0;                                                  \
    return 1;                                                                                      \
  }                                                                                                \
  int aabb_contains_ce_##S(const T c[3], const T e[3], const T p[3]) {                             \
    for (int i = 0; i < 3; ++i)                                                                    \
      if (fabs(p[i] - c[i]) > e[i]) return 0; /* p - c rounds */                                   \
    return 1;                                                                                      \
  }                                                                                                \
  int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {           \
    for (int i = 0; i < 3; ++i)                                                                    \
      if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;                                            \
    return 1;                                                                                      \
  }                                                                                                \
  int aabb_overlap_ce_##S(const T ac[3], const T ae[3], const T bc[3], const T be[3]) {            \
    for (int i = 0; i < 3; ++i)                                                                    \
      if (fabs(bc[i] - ac[i]) > ae[i] + be[i]) return 0; /* both sides round */                    \
    return 1;                                                                                      \
  }                                                                                                \
  int aabb_intersection_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3],        \
                            T out_lo[3], T out_hi[3]) {                                            \
    if (!aabb_overlap_##S(alo, ahi, blo, bhi)) return 0;                                           \
    for (int i = 0; i < 3; ++i) {                                                                  \
      out_lo[i] = alo[i] > blo[i] ? alo[i] : blo[i];                                               \
      out_hi[i] = ahi[i] < bhi[i] ? ahi[i] : bhi[i];                                               \
    }                                                                                              \
    return 1;                                                                                      \
  }                                                                                                \
  void aabb_union_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3],              \
                      T out_lo[3], T out_hi[3]) {                                                  \
    for (int i = 0; i < 3; ++i) {                                                                  \
      out_lo[i] = alo[i] < blo[i] ? alo[i] : blo[i];                                               \
      out_hi[i] = ahi[i] > bhi[i] ? ahi[i] : bhi[i];                                               \
    }                                                                                              \
  }                                                                                                \
  int aabb_contains_box_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {      \
    for (int i = 0; i < 3; ++i)                                                                    \
      if (blo[i] < alo[i] || bhi[i] > ahi[i]) return 0;                                            \
    return 1;                                                                                      \
  }                                                                                                \
  int aabb_classify_##S(const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]) {          \
    if (aabb_contains_box_##S(alo, ahi, blo, bhi)) return 2;                                       \
    return aabb_overlap_##S(alo, ahi, blo, bhi) ? 1 : 0;                                           \
  }                                                                                                \
  /* grow: lo - m and hi + m rounded to nearest (half an ulp inward at worst: not conservative). */\
  void aabb_grow_##S(const T lo[3], const T hi[3], T margin, T out_lo[3], T out_hi[3]) {           \
    for (int i = 0; i < 3; ++i) {                                                                  \
      out_lo[i] = lo[i] - margin;                                                                  \
      out_hi[i] = hi[i] + margin;                                                                  \
    }                                                                                              \
  }                                                                                                \
  /* closest_point: the clamp, which selects an input value (correct). */                          \
  void aabb_closest_point_##S(const T lo[3], const T hi[3], const T p[3], T out[3]) {              \
    for (int i = 0; i < 3; ++i) out[i] = p[i] < lo[i] ? lo[i] : (p[i] > hi[i] ? hi[i] : p[i]);     \
  }                                                                                                \
  /* distance_sq: the float sum of the squared gaps (each gap, square and sum rounds). */          \
  T aabb_distance_sq_##S(const T lo[3], const T hi[3], const T p[3]) {                             \
    T s = 0;                                                                                       \
    for (int i = 0; i < 3; ++i) {                                                                  \
      if (p[i] < lo[i]) s += (lo[i] - p[i]) * (lo[i] - p[i]);                                      \
      else if (p[i] > hi[i]) s += (p[i] - hi[i]) * (p[i] - hi[i]);                                 \
    }                                                                                              \
    return s;                                                                                      \
  }                                                                                                \
  /* overlap_sphere: Arvo's test, the float sum d^2 against r*r (both round). */                   \
  int aabb_overlap_sphere_##S(const T lo[3], const T hi[3], const T c[3], T r) {                   \
    return aabb_distance_sq_##S(lo, hi, c) <= r * r;                                               \
  }                                                                                                \
  /* plane_side: the centre-extent test, s = n.c - d against the reach sum |n[i]|.e[i] in float. */\
  int aabb_plane_side_##S(const T lo[3], const T hi[3], const T n[3], T d) {                       \
    T s = -d, reach = 0;                                                                           \
    for (int i = 0; i < 3; ++i) {                                                                  \
      const T c = (lo[i] + hi[i]) / 2, e = (hi[i] - lo[i]) / 2;                                    \
      s += n[i] * c;                                                                               \
      reach += (T)fabs(n[i]) * e;                                                                  \
    }                                                                                              \
    if (s > reach) return 1;                                                                       \
    if (s < -reach) return -1;                                                                     \
    return 0;                                                                                      \
  }                                                                                                \
  /* One axis a of the separating-axis test: the triangle's projections (vertices relative to */   \
  /* the box centre) against the box's projected radius h.|a|; 1 when a separates. */              \
  static int naive_tri_separates_##S(const T a[3], const T v[3][3], const T h[3]) {                \
    T pmin = 0, pmax = 0;                                                                          \
    for (int k = 0; k < 3; ++k) {                                                                  \
      const T p = a[0] * v[k][0] + a[1] * v[k][1] + a[2] * v[k][2];                                \
      if (k == 0 || p < pmin) pmin = p;                                                            \
      if (k == 0 || p > pmax) pmax = p;                                                            \
    }                                                                                              \
    const T r = h[0] * (T)fabs(a[0]) + h[1] * (T)fabs(a[1]) + h[2] * (T)fabs(a[2]);                \
    return pmin > r || pmax < -r;                                                                  \
  }                                                                                                \
  /* overlap_triangle: Akenine-Moller's separating-axis test in centre/half-extent form: the */    \
  /* 9 cross products of the box axes with the edges, the 3 box axes, the triangle's normal. */    \
  int aabb_overlap_triangle_##S(const T lo[3], const T hi[3], const T v0[3], const T v1[3],        \
                                const T v2[3]) {                                                   \
    T c[3], h[3], v[3][3], e[3][3];                                                                \
    for (int i = 0; i < 3; ++i) {                                                                  \
      c[i] = (lo[i] + hi[i]) / 2;                                                                  \
      h[i] = (hi[i] - lo[i]) / 2;                                                                  \
      v[0][i] = v0[i] - c[i];                                                                      \
      v[1][i] = v1[i] - c[i];                                                                      \
      v[2][i] = v2[i] - c[i];                                                                      \
    }                                                                                              \
    for (int i = 0; i < 3; ++i) {                                                                  \
      e[0][i] = v[1][i] - v[0][i];                                                                 \
      e[1][i] = v[2][i] - v[1][i];                                                                 \
      e[2][i] = v[0][i] - v[2][i];                                                                 \
    }                                                                                              \
    for (int j = 0; j < 3; ++j) {                                                                  \
      const T ax[3] = {0, -e[j][2], e[j][1]}, ay[3] = {e[j][2], 0, -e[j][0]},                      \
              az[3] = {-e[j][1], e[j][0], 0};                                                      \
      if (naive_tri_separates_##S(ax, v, h) || naive_tri_separates_##S(ay, v, h) ||                \
          naive_tri_separates_##S(az, v, h))                                                       \
        return 0;                                                                                  \
    }                                                                                              \
    for (int i = 0; i < 3; ++i) {                                                                  \
      const T u[3] = {i == 0, i == 1, i == 2};                                                     \
      if (naive_tri_separates_##S(u, v, h)) return 0;                                              \
    }                                                                                              \
    const T nrm[3] = {e[0][1] * e[1][2] - e[0][2] * e[1][1], e[0][2] * e[1][0] - e[0][0] * e[1][2],\
                      e[0][0] * e[1][1] - e[0][1] * e[1][0]};                                      \
    return !naive_tri_separates_##S(nrm, v, h);                                                    \
  }                                                                                                \
  /* One slab of the slab method: [t0, t1] narrowed to the times between a and b (either */        \
  /* order); 0 when it is empty. NaN times narrow nothing (every comparison is false). */          \
  static int naive_narrow_##S(T a, T b, T* t0, T* t1) {                                            \
    if (a > b) {                                                                                   \
      const T s = a;                                                                               \
      a = b;                                                                                       \
      b = s;                                                                                       \
    }                                                                                              \
    if (a > *t0) *t0 = a;                                                                          \
    if (b < *t1) *t1 = b;                                                                          \
    return !(*t0 > *t1);                                                                           \
  }                                                                                                \
  /* The slab method on the relative motion v = db - da: per axis, the times at which the gap */   \
  /* closes and reopens, divided by v; v == 0 keeps the axis when it overlaps now. */              \
  int aabb_sweep_##S(const T alo[3], const T ahi[3], const T da[3], const T blo[3],                \
                     const T bhi[3], const T db[3], T* t_first, T* t_last) {                       \
    T t0 = 0, t1 = 1;                                                                              \
    for (int i = 0; i < 3; ++i) {                                                                  \
      const T v = db[i] - da[i];                                                                   \
      if (v == 0) {                                                                                \
        if (bhi[i] < alo[i] || ahi[i] < blo[i]) return 0;                                          \
        continue;                                                                                  \
      }                                                                                            \
      if (!naive_narrow_##S((alo[i] - bhi[i]) / v, (ahi[i] - blo[i]) / v, &t0, &t1)) return 0;     \
    }                                                                                              \
    *t_first = t0;                                                                                 \
    *t_last = t1;                                                                                  \
    return 1;                                                                                      \
  }                                                                                                \
  int aabb_sweep_ce_##S(const T ea[3], const T a0[3], const T a1[3], const T eb[3], const T b0[3], \
                        const T b1[3], T* u0, T* u1) {                                             \
    T alo[3], ahi[3], blo[3], bhi[3], da[3], db[3];                                                \
    for (int i = 0; i < 3; ++i) {                                                                  \
      alo[i] = a0[i] - ea[i];                                                                      \
      ahi[i] = a0[i] + ea[i];                                                                      \
      blo[i] = b0[i] - eb[i];                                                                      \
      bhi[i] = b0[i] + eb[i];                                                                      \
      da[i] = a1[i] - a0[i];                                                                       \
      db[i] = b1[i] - b0[i];                                                                       \
    }                                                                                              \
    return aabb_sweep_##S(alo, ahi, da, blo, bhi, db, u0, u1);                                     \
  }                                                                                                \
  int aabb_moving_vs_static_##S(const T slo[3], const T shi[3], const T mlo[3], const T mhi[3],    \
                                const T d[3], T* t_enter) {                                        \
    const T zero[3] = {0, 0, 0};                                                                   \
    T t_last;                                                                                      \
    return aabb_sweep_##S(slo, shi, zero, mlo, mhi, d, t_enter, &t_last);                          \
  }                                                                                                \
  /* The slab method with inv = 1/d: a zero d gives ±inf, and 0·inf gives NaN. */                \
  int aabb_ray_##S(const T lo[3], const T hi[3], const T o[3], const T d[3], T t_min, T t_max,     \
                   T* t_enter, T* t_exit) {                                                        \
    T t0 = t_min, t1 = t_max;                                                                      \
    for (int i = 0; i < 3; ++i) {                                                                  \
      const T inv = 1 / d[i];                                                                      \
      if (!naive_narrow_##S((lo[i] - o[i]) * inv, (hi[i] - o[i]) * inv, &t0, &t1)) return 0;       \
    }                                                                                              \
    *t_enter = t0;                                                                                 \
    *t_exit = t1;                                                                                  \
    return 1;                                                                                      \
  }                                                                                                \
  void aabb_bounds_of_points_##S(const T* xyz, size_t n, T lo[3], T hi[3]) {                       \
    for (int i = 0; i < 3; ++i) lo[i] = hi[i] = xyz[i];                                            \
    for (size_t k = 1; k < n; ++k)                                                                 \
      for (int i = 0; i < 3; ++i) {                                                                \
        if (xyz[3 * k + i] < lo[i]) lo[i] = xyz[3 * k + i];                                        \
        if (xyz[3 * k + i] > hi[i]) hi[i] = xyz[3 * k + i];                                        \
      }                                                                                            \
  }                                                                                                \
  static T naive_dot_##S(const T* p, const T* d) {                                                 \
    return p[0] * d[0] + p[1] * d[1] + p[2] * d[2];                                                \
  }                                                                                                \
  void aabb_extreme_points_##S(const T* xyz, size_t n, const T dir[3], size_t* i_min,              \
                               size_t* i_max) {                                                    \
    T lo = naive_dot_##S(xyz, dir), hi = lo;                                                       \
    *i_min = *i_max = 0;                                                                           \
    for (size_t k = 1; k < n; ++k) {                                                               \
      const T p = naive_dot_##S(xyz + 3 * k, dir);                                                 \
      if (p < lo) {                                                                                \
        lo = p;                                                                                    \
        *i_min = k;                                                                                \
      }                                                                                            \
      if (p > hi) {                                                                                \
        hi = p;                                                                                    \
        *i_max = k;                                                                                \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  void aabb_bounds_of_sphere_##S(const T c[3], T r, T lo[3], T hi[3]) {                            \
    for (int i = 0; i < 3; ++i) {                                                                  \
      lo[i] = c[i] - r;                                                                            \
      hi[i] = c[i] + r;                                                                            \
    }                                                                                              \
  }                                                                                                \
  void aabb_transform_##S(const T lo[3], const T hi[3], const T m[9], const T t[3], T out_lo[3],   \
                          T out_hi[3]) {                                                           \
    for (int i = 0; i < 3; ++i) {                                                                  \
      out_lo[i] = out_hi[i] = t[i];                                                                \
      for (int j = 0; j < 3; ++j) {                                                                \
        const T e = m[3 * i + j] * lo[j], f = m[3 * i + j] * hi[j];                                \
        out_lo[i] += e < f ? e : f;                                                                \
        out_hi[i] += e < f ? f : e;                                                                \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  void aabb_transform_ce_##S(const T c[3], const T e[3], const T m[9], const T t[3], T out_c[3],   \
                             T out_e[3]) {                                                         \
    for (int i = 0; i < 3; ++i) {                                                                  \
      out_c[i] = t[i];                                                                             \
      out_e[i] = 0;                                                                                \
      for (int j = 0; j < 3; ++j) {                                                                \
        out_c[i] += m[3 * i + j] * c[j];                                                           \
        out_e[i] += fabs(m[3 * i + j]) * e[j];                                                     \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  size_t aabb_hill_climb_##S(const T* xyz, size_t n, const size_t* offsets,                        \
                             const size_t* neighbors, const T dir[3], size_t start) {              \
    size_t v = start;                                                                              \
    (void)n;                                                                                       \
    for (;;) {                                                                                     \
      size_t best = v;                                                                             \
      for (size_t k = offsets[v]; k < offsets[v + 1]; ++k)                                         \
        if (naive_dot_##S(xyz + 3 * neighbors[k], dir) > naive_dot_##S(xyz + 3 * best, dir))       \
          best = neighbors[k];                                                                     \
      if (best == v) return v;                                                                     \
      v = best;                                                                                    \
    }                                                                                              \
  }

NAIVE_PLUGIN(float, f32)
NAIVE_PLUGIN(double, f64)
