// The fuzz driver's targets of dimension 2 over float (fuzz_driver/targets.hpp): one translation
// unit per dimension and type, so that they compile in parallel.

#include "fuzz_driver/targets.hpp"

namespace aabb::fuzz_driver::detail {
template std::vector<Target> targets<2, float>();
}  // namespace aabb::fuzz_driver::detail
