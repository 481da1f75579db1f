// filtered/ for float (shipped/filtered_ops.inc).
#define AABB_SHIP_TYPE float
#include "filtered_ops.inc"
