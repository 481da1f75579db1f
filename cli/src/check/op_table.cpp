// check's table of ops: dimension 3, then dimension 2, each entry with the campaigns of both
// float types (instantiated in op_runs_<dim>d_<type>.cpp).

#include "check/op_table.hpp"

namespace aabb::check::tool {

namespace {

/// The entries of dimension N, with both runners.
template <std::size_t N>
void add_dimension(std::vector<OpEntry>& table) {
  std::vector<OpEntry> e = entries<N, float>();
  const std::vector<OpEntry> d = entries<N, double>();
  for (std::size_t i = 0; i < e.size(); ++i) e[i].f64 = d.at(i).f64;
  table.insert(table.end(), e.begin(), e.end());
}

}  // namespace

const std::vector<OpEntry>& ops() {
  static const std::vector<OpEntry> table = [] {
    std::vector<OpEntry> t;
    add_dimension<3>(t);  // first, so that a 3D campaign's index (and seed) is what it was before 2D
    add_dimension<2>(t);
    return t;
  }();
  return table;
}

std::vector<const OpEntry*> find_ops(const std::string& name) {
  std::vector<const OpEntry*> found;
  for (const auto& e : ops())
    if (e.name == name) found.push_back(&e);  // the op in every dimension
  if (found.empty())
    for (const auto& e : ops())
      if (e.label() == name) found.push_back(&e);  // name_2d: the 2D one alone
  return found;
}

std::string op_names() {
  std::string s;
  for (const auto& e : ops())
    if (e.dim == 3) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

std::vector<std::string> abi_names() {
  std::vector<std::string> names;
  for (const auto& e : ops())
    for (bool f64 : {false, true}) names.push_back(e.symbol(f64));
  return names;
}

}  // namespace aabb::check::tool
