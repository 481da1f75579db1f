// The vector files of dimension 2 over double (vectors/write_type.hpp): one translation unit per
// dimension and type, so that they compile in parallel.

#include "vectors/write_type.hpp"

namespace aabb::vectors {
template bool write_type<double, 2>(const Plan&, const std::string&, Report&);
}  // namespace aabb::vectors
