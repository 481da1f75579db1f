#pragma once
// The four instantiations of write_type (vectors/write_type.hpp), each compiled in its own
// translation unit (write_<d>d_<type>.cpp); vectors.cpp calls them through this declaration.

#include <cstddef>
#include <string>

#include "aabb/vectors.hpp"

namespace aabb::vectors {

template <class T, std::size_t N>
bool write_type(const Plan& plan, const std::string& type_name, Report& report);

extern template bool write_type<float, 3>(const Plan&, const std::string&, Report&);
extern template bool write_type<double, 3>(const Plan&, const std::string&, Report&);
extern template bool write_type<float, 2>(const Plan&, const std::string&, Report&);
extern template bool write_type<double, 2>(const Plan&, const std::string&, Report&);

}  // namespace aabb::vectors
