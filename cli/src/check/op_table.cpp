// check's table of ops: dimension 3, then dimension 2, each entry with the campaigns of both
// float types (instantiated in op_runs_<dim>d_<type>.cpp).

#include "check/op_table.hpp"

#include "check/conventions.hpp"

namespace aabb::check::tool {

namespace {

/// The entries of dimension N, with both runners.
template <std::size_t N>
void add_dimension(std::vector<OpEntry>& table) {
  std::vector<OpEntry> e = entries<N, float>();
  const std::vector<OpEntry> d = entries<N, double>();
  for (std::size_t i = 0; i < e.size(); ++i) {
    e[i].f64 = d.at(i).f64;
    e[i].fuzz_f64 = d.at(i).fuzz_f64;
    e[i].fail_f64 = d.at(i).fail_f64;
  }
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

std::vector<const OpEntry*> find_ops(const std::string& name) { return find_ops(ops(), name); }

std::string op_names() { return op_names(ops()); }

std::vector<std::string> abi_names() {
  std::vector<std::string> names;
  for (const auto& e : ops())
    for (bool f64 : {false, true}) names.push_back(e.symbol(f64));
  return names;
}

}  // namespace aabb::check::tool
