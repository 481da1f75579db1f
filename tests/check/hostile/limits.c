/* Item 10: children run without core dumps and under an address-space limit. overlap f32
 * answers right only when both limits are in force (a wrong answer otherwise: "false hit" or
 * "missed hit"); bounds_of_sphere f32 leaks 64 MiB a call, touched, and aborts when malloc fails. */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "common.h"

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  struct rlimit core, as;
  int limited = getrlimit(RLIMIT_CORE, &core) == 0 && core.rlim_cur == 0 &&
                getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY;
  int hit = 1;
  for (int i = 0; i < 3; ++i)
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) hit = 0;
  return limited ? hit : !hit;
}

void aabb_bounds_of_sphere_f32(const float c[3], float r, float lo[3], float hi[3]) {
  char* leak = malloc((size_t)64 << 20);
  if (!leak) abort();
  memset(leak, 1, (size_t)64 << 20);
  for (int i = 0; i < 3; ++i) {
    lo[i] = c[i] - r;
    hi[i] = c[i] + r;
  }
}
