// check's campaigns of dimension 2 over double (check/op_runs.hpp): one translation unit per
// dimension and type, so that they compile in parallel.

#include "check/op_runs.hpp"

namespace aabb::check::tool {
template std::vector<OpEntry> entries<2, double>();
}  // namespace aabb::check::tool
