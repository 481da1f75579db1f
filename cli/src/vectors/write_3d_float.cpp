// The vector files of dimension 3 over float (vectors/write_type.hpp): one translation unit per
// dimension and type, so that they compile in parallel.

#include "vectors/write_type.hpp"

namespace aabb::vectors {
template bool write_type<float, 3>(const Plan&, const std::string&, Report&);
}  // namespace aabb::vectors
