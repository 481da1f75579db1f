/* Item 3: a constructor that calls exit(0) when the library is loaded. */
#include <stdlib.h>

#include "common.h"

__attribute__((constructor)) static void leave(void) { exit(0); }
