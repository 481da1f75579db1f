// check's generators of dimension 3 over double (check/cases_of.hpp): one translation unit per
// dimension and type, so that they compile in parallel.

#define AABB_CASES_OF_T double
#define AABB_CASES_OF_N 3
#include "check/cases_of_instances.hpp"
