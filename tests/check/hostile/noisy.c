/* Issue 46: a library that prints on every call, to its standard output and error, with
 * control characters and a GitHub Actions workflow command in the text; its overlap is
 * correct. With check's standard output or error closed, none of it may reach a report file. */
#include <stdio.h>

#include "common.h"

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  printf("noisy: stdout \033[2J\n::error::from the library's stdout\n");
  fflush(stdout);
  fprintf(stderr, "noisy: stderr \033[31m{\"not\": \"json\"}\n");
  AABB_HOSTILE_OVERLAP_BODY
}
