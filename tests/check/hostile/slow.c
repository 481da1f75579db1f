/* Item 8: the time budget must bound every call, not every batch of 256: overlap f32 takes 1 s
 * a call (its answers are right), overlap f64 never returns. */
#include <unistd.h>

#include "common.h"

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  sleep(1);
  AABB_HOSTILE_OVERLAP_BODY
}

int aabb_overlap_f64(const double alo[3], const double ahi[3], const double blo[3], const double bhi[3]) {
  (void)alo, (void)ahi, (void)blo, (void)bhi;
  for (;;) pause();
}
