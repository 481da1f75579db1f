/* aabb/abi.h: the C ABI that `aabb-oracle check --impl LIB.so` loads (contract §4,
 * docs/check.md). Implement any subset of these functions in any language, build a shared
 * library exporting them with C linkage, and run `aabb-oracle check --impl ./libyours.so`.
 *
 * Every symbol is optional: check reports the ones it found and tests only those. Each comes
 * as _f32 (float) and _f64 (double), with the same meaning. Dimension 3 under the prefix aabb_
 * (vectors T[3], matrices T[9]) and dimension 2 under aabb2_ (T[2], T[4]); matrices row-major,
 * with y = M·x + t. Functions returning int answer 1 (true) or 0.
 *
 * Boundary rules (the exact meaning every answer is judged against, docs/semantics.md):
 * - A min–max box (lo, hi) is the CLOSED set lo[i] <= x[i] <= hi[i]; lo[i] == hi[i] (flat, or
 *   a point) is valid. A centre–extent box (c, e) is |x[i] - c[i]| <= e[i], taken exactly.
 * - Touching counts: boxes sharing a face, an edge or a corner overlap; a point on a face is
 *   contained; boxes that meet at a single instant of a sweep hit.
 * - -0 equals +0. check passes only finite inputs with lo <= hi, e >= 0, r >= 0 (and a ray's
 *   t_max may be +infinity, meaning unbounded), unless --probe-nonfinite asks what the library
 *   answers for NaN and ±infinity (reported, never judged).
 * - Output pointers are always valid; a function may leave them unwritten only where said.
 */
#ifndef AABB_ABI_H
#define AABB_ABI_H

#include <stddef.h>

/* The attribute of every declaration: exported from a shared library. A program that calls */
/* whichever of these functions it was linked with defines it first (aabb::fuzz_driver makes */
/* them weak references: docs/fuzzing-your-library.md). */
#ifndef AABB_ABI_EXPORT
#if defined(_WIN32)
#define AABB_ABI_EXPORT __declspec(dllexport)
#else
#define AABB_ABI_EXPORT __attribute__((visibility("default")))
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* One declaration list, instantiated below for float (_f32) and double (_f64), prefix P, */
/* dimension D (DD = D·D: a matrix's entries). */
#define AABB_ABI_DECLARE(T, S, P, D, DD)                                                             \
  /* contains, min–max: p in the closed box [lo, hi]. */                                             \
  AABB_ABI_EXPORT int P##_contains_##S(const T lo[D], const T hi[D], const T p[D]);                  \
  /* contains, centre–extent (seed 004): |p[i] - c[i]| <= e[i] on every axis, exactly. */            \
  AABB_ABI_EXPORT int P##_contains_ce_##S(const T c[D], const T e[D], const T p[D]);                 \
  /* overlap, min–max (seed 001): the closed boxes share a point; touching overlaps. */              \
  AABB_ABI_EXPORT int P##_overlap_##S(const T alo[D], const T ahi[D], const T blo[D],                \
                                       const T bhi[D]);                                              \
  /* overlap, centre–extent (seeds 000, 004): |bc[i] - ac[i]| <= ae[i] + be[i], exactly. */          \
  AABB_ABI_EXPORT int P##_overlap_ce_##S(const T ac[D], const T ae[D], const T bc[D],                \
                                          const T be[D]);                                            \
  /* intersection: 1 and out = a ∩ b when the boxes overlap (touching gives a flat box); */          \
  /* 0 otherwise, out_lo / out_hi unwritten or anything. */                                          \
  AABB_ABI_EXPORT int P##_intersection_##S(const T alo[D], const T ahi[D], const T blo[D],           \
                                            const T bhi[D], T out_lo[D], T out_hi[D]);               \
  /* union: out = the smallest box containing a and b (per axis the least lo, greatest hi). */       \
  AABB_ABI_EXPORT void P##_union_##S(const T alo[D], const T ahi[D], const T blo[D],                 \
                                      const T bhi[D], T out_lo[D], T out_hi[D]);                     \
  /* contains_box: b inside a (every point of b in a; shared faces count, a contains itself). */     \
  AABB_ABI_EXPORT int P##_contains_box_##S(const T alo[D], const T ahi[D], const T blo[D],           \
                                            const T bhi[D]);                                         \
  /* classify: 2 when b is inside a (contains_box), else 1 when they share a point (overlap, */      \
  /* touching counts), else 0: DirectXMath's CONTAINS, INTERSECTS, DISJOINT. */                      \
  AABB_ABI_EXPORT int P##_classify_##S(const T alo[D], const T ahi[D], const T blo[D],               \
                                        const T bhi[D]);                                             \
  /* sweep, min–max: a moves by da, b by db, t in [0, 1]; T = {t : they overlap}. Returns */         \
  /* whether T is non-empty, with t_first = min T and t_last = max T (0 when they overlap */         \
  /* at t = 0, and still the true last instant). Times unwritten or anything on a miss. */           \
  AABB_ABI_EXPORT int P##_sweep_##S(const T alo[D], const T ahi[D], const T da[D],                   \
                                     const T blo[D], const T bhi[D], const T db[D], T* t_first,      \
                                     T* t_last);                                                     \
  /* sweep, centre–extent (seed 000's AABBSweep): extents ea, eb; centres a0, b0 at t = 0 and */     \
  /* a1, b1 at t = 1 (displacement = the exact difference). u0 / u1 as t_first / t_last. */          \
  AABB_ABI_EXPORT int P##_sweep_ce_##S(const T ea[D], const T a0[D], const T a1[D],                  \
                                        const T eb[D], const T b0[D], const T b1[D], T* u0,          \
                                        T* u1);                                                      \
  /* moving_vs_static (seed 001): box m moves by d over t in [0, 1] against the fixed box s; */      \
  /* returns whether they meet, with t_enter = the first time (0 if they overlap at t = 0). */       \
  AABB_ABI_EXPORT int P##_moving_vs_static_##S(const T slo[D], const T shi[D], const T mlo[D],       \
                                                const T mhi[D], const T d[D], T* t_enter);           \
  /* ray: o + t·d for t in [t_min, t_max] (t_max may be +inf) against the closed box; d may be */    \
  /* zero on any axis. t_enter / t_exit = least / greatest such t; t_exit = +inf only when */        \
  /* t_max is +inf and nothing bounds the ray. */                                                    \
  AABB_ABI_EXPORT int P##_ray_##S(const T lo[D], const T hi[D], const T o[D], const T d[D],          \
                                   T t_min, T t_max, T* t_enter, T* t_exit);                         \
  /* bounds_of_points: the smallest box containing the n >= 1 points xyz[D·k .. D·k+D-1]. */         \
  AABB_ABI_EXPORT void P##_bounds_of_points_##S(const T* xyz, size_t n, T lo[D], T hi[D]);           \
  /* extreme_points (seed 002): indices of a point with the least / greatest exact */                \
  /* dot(P[k], dir); ties go to the lowest index; a zero dir gives 0 and 0. n >= 1. */               \
  AABB_ABI_EXPORT void P##_extreme_points_##S(const T* xyz, size_t n, const T dir[D],                \
                                               size_t* i_min, size_t* i_max);                        \
  /* bounds_of_sphere (seed 002): the box [c - r, c + r] on every axis, r >= 0. */                   \
  AABB_ABI_EXPORT void P##_bounds_of_sphere_##S(const T c[D], T r, T lo[D], T hi[D]);                \
  /* transform, min–max (seed 002): the smallest box containing {M·x + t : x in [lo, hi]}. */        \
  AABB_ABI_EXPORT void P##_transform_##S(const T lo[D], const T hi[D], const T m[DD],                \
                                          const T t[D], T out_lo[D], T out_hi[D]);                   \
  /* transform, centre–radius (seed 002): c' = M·c + t, e'[i] = sum_j |M[i][j]|·e[j]; the box */     \
  /* [out_c - out_e, out_c + out_e] is what gets judged against the exact image box. */              \
  AABB_ABI_EXPORT void P##_transform_ce_##S(const T c[D], const T e[D], const T m[DD],               \
                                             const T t[D], T out_c[D], T out_e[D]);                  \
  /* hill_climb (seed 002): from `start`, move to a neighbour with a greater dot(P, dir) until */    \
  /* none is; returns a vertex attaining the greatest dot(P[k], dir). The neighbours of vertex */    \
  /* k are neighbors[offsets[k] .. offsets[k+1]); offsets has n + 1 entries. check passes */         \
  /* graphs on which hill climbing reaches a global maximum (the vertex graph of a convex */         \
  /* body) and also other graphs, where the answer must be a vertex with no higher neighbour. */     \
  AABB_ABI_EXPORT size_t P##_hill_climb_##S(const T* xyz, size_t n, const size_t* offsets,           \
                                             const size_t* neighbors, const T dir[D],                \
                                             size_t start);                                          \
  /* grow: out = [lo - margin, hi + margin] on every axis (a "fat" box), margin >= 0. */             \
  AABB_ABI_EXPORT void P##_grow_##S(const T lo[D], const T hi[D], T margin, T out_lo[D],             \
                                     T out_hi[D]);                                                   \
  /* closest_point: out = the point of the closed box nearest to p, clamp(p[i], lo[i], hi[i]). */    \
  AABB_ABI_EXPORT void P##_closest_point_##S(const T lo[D], const T hi[D], const T p[D],             \
                                              T out[D]);                                             \
  /* distance_sq: the squared distance from p to the closed box, */                                  \
  /* sum of max(lo[i] - p[i], 0, p[i] - hi[i])^2 (0 inside). */                                      \
  AABB_ABI_EXPORT T P##_distance_sq_##S(const T lo[D], const T hi[D], const T p[D]);                 \
  /* overlap_sphere: the closed box and the closed ball (centre c, radius r >= 0) share a */         \
  /* point: distance_sq(box, c) <= r^2, exactly (touching counts). */                                \
  AABB_ABI_EXPORT int P##_overlap_sphere_##S(const T lo[D], const T hi[D], const T c[D], T r);       \
  /* plane_side: the plane {x : n.x = d} (n not all zero) against the closed box: -1 when */         \
  /* n.x < d for every x of the box, +1 when n.x > d for every x, 0 when it touches or cuts it. */   \
  AABB_ABI_EXPORT int P##_plane_side_##S(const T lo[D], const T hi[D], const T n[D], T d);           \
  /* overlap_triangle: the closed box and the closed triangle v0 v1 v2 (degenerate allowed: */       \
  /* a segment or a point) share a point. */                                                         \
  AABB_ABI_EXPORT int P##_overlap_triangle_##S(const T lo[D], const T hi[D], const T v0[D],          \
                                                const T v1[D], const T v2[D]);

AABB_ABI_DECLARE(float, f32, aabb, 3, 9)
AABB_ABI_DECLARE(double, f64, aabb, 3, 9)
/* Dimension 2 (contract §4): the same functions under the prefix aabb2_, vectors T[2], */
/* matrices T[4] row-major, point lists xy pairs. In 2D a sphere is a disc, a plane a line. */
AABB_ABI_DECLARE(float, f32, aabb2, 2, 4)
AABB_ABI_DECLARE(double, f64, aabb2, 2, 4)

#undef AABB_ABI_DECLARE

#ifdef __cplusplus
}
#endif

#endif /* AABB_ABI_H */
