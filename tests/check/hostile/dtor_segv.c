/* Item 4: a destructor that crashes, in an otherwise correct library: check must pass, exit 0. */
#include <signal.h>

#include "aabb/abi.h"

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  for (int i = 0; i < 3; ++i)
    if (ahi[i] < blo[i] || bhi[i] < alo[i]) return 0;
  return 1;
}

__attribute__((destructor)) static void crash(void) { raise(SIGSEGV); }
