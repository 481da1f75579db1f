/* Item 11: int results that are neither 0 nor 1, times not written, times written as NaN. */
#include <math.h>

#include "common.h"

/* 7 for "true". */
int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  for (int i = 0; i < 3; ++i)
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;
  return 7;
}

/* -1 for "no hit", 1 for a hit, and never writes t_enter. */
int aabb_moving_vs_static_f32(const float slo[3], const float shi[3], const float mlo[3],
                              const float mhi[3], const float d[3], float* t_enter) {
  (void)t_enter;
  for (int i = 0; i < 3; ++i)
    if (d[i] == 0 && (mhi[i] < slo[i] || shi[i] < mlo[i])) return -1;
  return 1;
}

/* Claims a hit and leaves both times unwritten. */
int aabb_sweep_f32(const float alo[3], const float ahi[3], const float da[3], const float blo[3],
                   const float bhi[3], const float db[3], float* t_first, float* t_last) {
  (void)alo, (void)ahi, (void)da, (void)blo, (void)bhi, (void)db, (void)t_first, (void)t_last;
  return 1;
}

/* Claims a hit with NaN times. */
int aabb_ray_f32(const float lo[3], const float hi[3], const float o[3], const float d[3], float t_min,
                 float t_max, float* t_enter, float* t_exit) {
  (void)lo, (void)hi, (void)o, (void)d, (void)t_min, (void)t_max;
  *t_enter = NAN;
  *t_exit = NAN;
  return 1;
}
