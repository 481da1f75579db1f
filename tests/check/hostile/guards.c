/* Item 6: a library that writes outside the buffers it is given, and into its const inputs. */
#include "common.h"

/* Correct answer, then three more values past the end of out_hi (out_hi[3..5]). */
int aabb_intersection_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3],
                          float out_lo[3], float out_hi[3]) {
  for (int i = 0; i < 3; ++i)
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;
  for (int i = 0; i < 3; ++i) {
    out_lo[i] = alo[i] > blo[i] ? alo[i] : blo[i];
    out_hi[i] = ahi[i] < bhi[i] ? ahi[i] : bhi[i];
  }
  for (int i = 3; i < 6; ++i) out_hi[i] = 0.0f;
  return 1;
}

/* Correct answer, then scribbles on a const input (as a library "reusing" a buffer would). */
int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  int hit = 1;
  for (int i = 0; i < 3; ++i)
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) hit = 0;
  ((float*)alo)[1] = 12345.0f;
  return hit;
}

/* Writes the element before lo (lo[-1]). */
void aabb_bounds_of_sphere_f64(const double c[3], double r, double lo[3], double hi[3]) {
  for (int i = 0; i < 3; ++i) {
    lo[i] = c[i] - r;
    hi[i] = c[i] + r;
  }
  lo[-1] = 0.0;
}
