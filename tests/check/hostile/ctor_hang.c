/* Item 3: a constructor that never returns. */
#include <unistd.h>

#include "common.h"

__attribute__((constructor)) static void block(void) {
  for (;;) pause();
}
