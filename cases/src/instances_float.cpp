// The case library's generators over float, compiled once (aabb/cases/numbers.hpp, "Compiled
// once"): the explicit instantiations that the headers' extern declarations name.

#include "aabb/cases/generators.hpp"

namespace aabb::gen {

AABB_CASES_NUMBERS(, float)
AABB_CASES_NUMBERS_F(, float)
AABB_CASES_MOTION_T(, float)
AABB_CASES_BOXES(, float, 2)
AABB_CASES_BOXES(, float, 3)
AABB_CASES_MOTION(, float, 2)
AABB_CASES_MOTION(, float, 3)
AABB_CASES_CONSTRUCTION(, float, 2)
AABB_CASES_CONSTRUCTION(, float, 3)
AABB_CASES_SHAPES(, float, 2)
AABB_CASES_SHAPES(, float, 3)

}  // namespace aabb::gen
