/* Item 8: the time budget must bound every call, not every batch of 256: overlap f32 takes 1 s
 * a call (its answers are right), overlap f64 never returns. With $AABB_HOSTILE_DIR set,
 * overlap f64 first writes its pid to DIR/hung, so that a test knows the call is hanging
 * (issue 46: a signal to check while the library hangs). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "common.h"

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  sleep(1);
  AABB_HOSTILE_OVERLAP_BODY
}

int aabb_overlap_f64(const double alo[3], const double ahi[3], const double blo[3], const double bhi[3]) {
  (void)alo, (void)ahi, (void)blo, (void)bhi;
  const char* dir = getenv("AABB_HOSTILE_DIR");
  if (dir) {
    char path[4096], tmp[4200], line[32];
    snprintf(path, sizeof path, "%s/hung", dir);
    snprintf(tmp, sizeof tmp, "%s.%d", path, (int)getpid());
    const int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      const int n = snprintf(line, sizeof line, "%d\n", (int)getpid());
      if (write(fd, line, (size_t)n) < 0) { /* nothing to do */ }
      close(fd);
      rename(tmp, path);
    }
  }
  for (;;) pause();
}
