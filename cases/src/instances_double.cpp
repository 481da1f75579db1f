// The case library's generators over double (aabb::cases), compiled once (aabb/cases/numbers.hpp,
// "Compiled once"): the explicit instantiations that the headers' extern declarations name.

#include "instances.hpp"

namespace aabb::gen {
AABB_CASES_INSTANTIATE_FLOAT(double)
}  // namespace aabb::gen
