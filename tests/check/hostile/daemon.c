/* Item 1: a library that forks helper processes that outlive the call: one stays in the
 * child's process group, one leaves it with setsid() (a classic daemon, whose parent exits).
 * Each writes its pid to $AABB_HOSTILE_DIR/pids and sleeps for 10 minutes. check must neither
 * wait for them nor leave them running. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

static void record_pid(void) {
  const char* dir = getenv("AABB_HOSTILE_DIR");
  if (!dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/pids", dir);
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  char line[32];
  int n = snprintf(line, sizeof line, "%d\n", (int)getpid());
  if (write(fd, line, (size_t)n) < 0) { /* nothing to do */ }
  close(fd);
}

static int started = 0;

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  if (!started) {
    started = 1;
    int ready[2]; /* each helper writes a byte once its pid is recorded; the call waits for both */
    if (pipe(ready) != 0) return 0;
    if (fork() == 0) { /* a helper in the same process group */
      record_pid();
      if (write(ready[1], "h", 1) < 0) _exit(1);
      sleep(600);
      _exit(0);
    }
    if (fork() == 0) { /* a daemon: new session, double fork, the middle one exits */
      setsid();
      if (fork() == 0) {
        record_pid();
        if (write(ready[1], "d", 1) < 0) _exit(1);
        sleep(600);
        _exit(0);
      }
      _exit(0);
    }
    char byte;
    for (int i = 0; i < 2; ++i)
      if (read(ready[0], &byte, 1) != 1) break;
    close(ready[0]);
    close(ready[1]);
  }
  AABB_HOSTILE_OVERLAP_BODY
}
