// The case library's generators over double, compiled once (aabb/cases/numbers.hpp, "Compiled
// once"): the explicit instantiations that the headers' extern declarations name.

#include "aabb/cases/generators.hpp"

namespace aabb::gen {

AABB_CASES_NUMBERS(, double)
AABB_CASES_NUMBERS_F(, double)
AABB_CASES_MOTION_T(, double)
AABB_CASES_BOXES(, double, 2)
AABB_CASES_BOXES(, double, 3)
AABB_CASES_MOTION(, double, 2)
AABB_CASES_MOTION(, double, 3)
AABB_CASES_CONSTRUCTION(, double, 2)
AABB_CASES_CONSTRUCTION(, double, 3)
AABB_CASES_SHAPES(, double, 2)
AABB_CASES_SHAPES(, double, 3)

}  // namespace aabb::gen
