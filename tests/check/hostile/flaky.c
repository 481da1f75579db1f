/* Small item: a crash that does not happen again on the same input (every other call of a
 * process crashes). What the text report says the library answered must be what the JSON says. */
#include <signal.h>

#include "common.h"

static int calls = 0;

void aabb_bounds_of_sphere_f32(const float c[3], float r, float lo[3], float hi[3]) {
  if (++calls % 2 == 0) raise(SIGSEGV);
  for (int i = 0; i < 3; ++i) {
    lo[i] = c[i] - r; /* rounded to nearest: "box not containing the exact box" as well */
    hi[i] = c[i] + r;
  }
}
