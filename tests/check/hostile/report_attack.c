/* Issue 46: a library that attacks check's report while check runs. $AABB_HOSTILE_REPORT names
 * the report's path, $AABB_HOSTILE_ATTACK what to do to it on every call of overlap f32:
 * "unlink" removes it, "garbage" writes garbage into it, "dir" replaces it with a directory.
 * check writes its reports at the end, to a temporary file renamed into place: the first two
 * leave a whole, valid report; the third must fail loudly (exit 2), not silently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"

static void attack(void) {
  const char* path = getenv("AABB_HOSTILE_REPORT");
  const char* how = getenv("AABB_HOSTILE_ATTACK");
  if (!path || !how) return;
  if (strcmp(how, "unlink") == 0) {
    unlink(path);
  } else if (strcmp(how, "garbage") == 0) {
    FILE* f = fopen(path, "w");
    if (f) {
      fputs("garbage, not a report\n", f);
      fclose(f);
    }
  } else if (strcmp(how, "dir") == 0) {
    unlink(path);
    mkdir(path, 0755);
    char inside[4096];
    snprintf(inside, sizeof inside, "%s/keep", path); /* not empty: rmdir would fail too */
    FILE* f = fopen(inside, "w");
    if (f) fclose(f);
  }
}

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  attack();
  AABB_HOSTILE_OVERLAP_BODY
}
