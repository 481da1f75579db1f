/* Item 4: a destructor that calls _exit(0) when the library is unloaded: it must not decide
 * check's exit status (the contains bug of common.h must still make it exit 1). */
#include <unistd.h>

#include "common.h"

__attribute__((destructor)) static void leave(void) { _exit(0); }
