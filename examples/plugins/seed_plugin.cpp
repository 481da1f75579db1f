// The seed listings' logic behind the C ABI of aabb/abi.h, to be checked. Compiled once per seed
// document with AABB_SEED = 0 (seeds 000/003), 1 (seed 001), 2 (seed 002) or 4 (seed 004); each
// plugin exports only the ops its listing has. The logic is listings/textbook.hpp's
// re-creation (the project's own code, shared with the seed tests and the properties), and the
// ABI adapters are listings/textbook_abi.hpp's (shared with `aabb-oracle vectors`), run over
// float and double as compiled code. docs/check.md lists what check finds in each.

#include <cstddef>

#include "aabb/abi.h"
#include "aabb/listings/textbook_abi.hpp"

#ifndef AABB_SEED
#error "define AABB_SEED to 0, 1, 2 or 4"
#endif

namespace abi = aabb::textbook::abi;

#if AABB_SEED == 0
// Seed 000 (= 003): Listing 3's AABB::overlaps and Listing 4's AABBSweep.
#define SEED_OPS(T, S)                                                                             \
  extern "C" int aabb_overlap_ce_##S(const T ac[3], const T ae[3], const T bc[3], const T be[3]) { \
    return abi::seed000_overlap_ce(ac, ae, bc, be);                                                \
  }                                                                                                \
  extern "C" int aabb_sweep_ce_##S(const T ea[3], const T a0[3], const T a1[3], const T eb[3],     \
                                   const T b0[3], const T b1[3], T* u0, T* u1) {                   \
    return abi::seed000_sweep_ce(ea, a0, a1, eb, b0, b1, u0, u1);                                  \
  }
#elif AABB_SEED == 1
// Seed 001: intersectAABBs (overlap and intersection) and intersectMovingAABB, whose result is
// "> 1 if no intersection".
#define SEED_OPS(T, S)                                                                     \
  extern "C" int aabb_overlap_##S(const T alo[3], const T ahi[3], const T blo[3],          \
                                  const T bhi[3]) {                                        \
    return abi::seed001_overlap(alo, ahi, blo, bhi);                                       \
  }                                                                                        \
  extern "C" int aabb_intersection_##S(const T alo[3], const T ahi[3], const T blo[3],     \
                                       const T bhi[3], T out_lo[3], T out_hi[3]) {         \
    return abi::seed001_intersection(alo, ahi, blo, bhi, out_lo, out_hi);                  \
  }                                                                                        \
  extern "C" int aabb_moving_vs_static_##S(const T slo[3], const T shi[3], const T mlo[3], \
                                           const T mhi[3], const T d[3], T* t_enter) {     \
    return abi::seed001_moving_vs_static(slo, shi, mlo, mhi, d, t_enter);                  \
  }
#elif AABB_SEED == 2
// Seed 002: ExtremePointAlongDirection and both forms of UpdateAABB. The listing leaves an index
// unwritten in some cases; the plugin then answers n, an index that names no point.
#define SEED_OPS(T, S)                                                                           \
  extern "C" void aabb_extreme_points_##S(const T* xyz, size_t n, const T dir[3], size_t* i_min, \
                                          size_t* i_max) {                                       \
    abi::seed002_extreme_points(xyz, n, dir, i_min, i_max);                                      \
  }                                                                                              \
  extern "C" void aabb_transform_##S(const T lo[3], const T hi[3], const T m[9], const T t[3],   \
                                     T out_lo[3], T out_hi[3]) {                                 \
    abi::seed002_transform(lo, hi, m, t, out_lo, out_hi);                                        \
  }                                                                                              \
  extern "C" void aabb_transform_ce_##S(const T c[3], const T e[3], const T m[9], const T t[3],  \
                                        T out_c[3], T out_e[3]) {                                \
    abi::seed002_transform_ce(c, e, m, t, out_c, out_e);                                         \
  }
#elif AABB_SEED == 4
// Seed 004: Check_AABB_Hit and AABB_AABB_Collision, both centre–extent.
#define SEED_OPS(T, S)                                                                             \
  extern "C" int aabb_contains_ce_##S(const T c[3], const T e[3], const T p[3]) {                  \
    return abi::seed004_contains_ce(c, e, p);                                                      \
  }                                                                                                \
  extern "C" int aabb_overlap_ce_##S(const T ac[3], const T ae[3], const T bc[3], const T be[3]) { \
    return abi::seed004_overlap_ce(ac, ae, bc, be);                                                \
  }
#else
#error "AABB_SEED must be 0, 1, 2 or 4"
#endif

SEED_OPS(float, f32)
SEED_OPS(double, f64)
