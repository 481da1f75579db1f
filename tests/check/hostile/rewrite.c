/* Issue 46, item 10: a library whose answers are wrong (overlap f32 is always 0: a missed hit
 * for every overlapping pair), and which, with $AABB_HOSTILE_ATTACK=1, starts a thread that
 * looks for the memory check reads answers from (every shared writable mapping listed in
 * /proc/self/maps) and keeps rewriting it to 1, so that the recorded answers would turn right
 * after each call. check must report the same violations with and without the thread. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

static void* rewriter(void* unused) {
  (void)unused;
  for (;;) {
    FILE* maps = fopen("/proc/self/maps", "r");
    if (!maps) return NULL;
    char line[512];
    while (fgets(line, sizeof line, maps)) {
      unsigned long lo, hi;
      char perms[8];
      if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3) continue;
      if (perms[0] != 'r' || perms[1] != 'w' || perms[3] != 's') continue;
      for (int* p = (int*)lo; p + 1 <= (int*)hi; ++p) *p = 1;
    }
    fclose(maps);
    usleep(100);
  }
}

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  static int started = 0;
  (void)alo, (void)ahi, (void)blo, (void)bhi;
  if (!started) {
    started = 1;
    const char* attack = getenv("AABB_HOSTILE_ATTACK");
    pthread_t t;
    if (attack && strcmp(attack, "1") == 0) pthread_create(&t, NULL, rewriter, NULL);
    usleep(1000); /* let the thread find the mapping before the first answer */
  }
  return 0;
}
