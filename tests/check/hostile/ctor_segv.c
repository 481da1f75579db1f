/* Item 3: a constructor that crashes when the library is loaded. */
#include <signal.h>

#include "common.h"

__attribute__((constructor)) static void crash(void) { raise(SIGSEGV); }
