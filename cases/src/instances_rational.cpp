// The case library's generators over Rational (aabb::cases_exact), compiled once
// (aabb/cases/numbers.hpp, "Compiled once"): the explicit instantiations the headers name.

#include "instances.hpp"

namespace aabb::gen {
AABB_CASES_INSTANTIATE(Rational)
}  // namespace aabb::gen
