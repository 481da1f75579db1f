// filtered/ for double (shipped/filtered_ops.inc).
#define AABB_SHIP_TYPE double
#include "filtered_ops.inc"
