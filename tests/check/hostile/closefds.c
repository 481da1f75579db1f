/* Item 2: a library that closes every descriptor >= 3 and then blocks. check must report a
 * hang (it used to wait forever in waitpid once its pipe was closed). */
#include <unistd.h>

#include "common.h"

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  (void)alo, (void)ahi, (void)blo, (void)bhi;
  for (int fd = 3; fd < 4096; ++fd) close(fd);
  for (;;) pause();
}
