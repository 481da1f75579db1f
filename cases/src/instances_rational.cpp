// The case library's generators over Rational (aabb::cases_exact), compiled once (numbers.hpp, "Compiled
// once"): the explicit instantiations that the headers' extern declarations name.

#include "aabb/cases/generators.hpp"

namespace aabb::gen {

AABB_CASES_NUMBERS(, Rational)
AABB_CASES_MOTION_T(, Rational)
AABB_CASES_BOXES(, Rational, 2)
AABB_CASES_BOXES(, Rational, 3)
AABB_CASES_MOTION(, Rational, 2)
AABB_CASES_MOTION(, Rational, 3)
AABB_CASES_CONSTRUCTION(, Rational, 2)
AABB_CASES_CONSTRUCTION(, Rational, 3)

}  // namespace aabb::gen
