// check's table of ops: instantiates one campaign per op and float type (check/campaign.hpp).

#include "check/op_table.hpp"

namespace aabb::check::tool {

namespace {

template <template <class> class Op, class T>
Json run_op(const check::CampaignSpec& spec, check::Sandbox& sandbox,
            const check::ProgressFn& progress) {
  return check::run_campaign<Op<T>>(spec, sandbox, progress);
}

template <template <class> class Op>
OpEntry entry(bool takes_boundary) {
  return {Op<float>::name, Op<float>::category, check::default_contract(Op<float>::name),
          &run_op<Op, float>, &run_op<Op, double>, takes_boundary};
}

/// Whether the registry's op has a field called `name`.
template <class Op>
constexpr bool has_field(std::string_view name) {
  for (const auto& f : Op::fields)
    if (f.name == name) return true;
  return false;
}

}  // namespace

/// Every ABI variant of the registry (ops/registry.json), in its order, each with its default
/// contract; the check op of each is its Binding (check/ops.hpp).
const std::vector<OpEntry>& ops() {
  static const std::vector<OpEntry> table = [] {
    std::vector<OpEntry> t;
    aabb::ops::for_each_variant_index([&]<class Op, std::size_t V>() {
      if constexpr (Op::variants[V].abi)
        t.push_back(entry<check::Binding<Op, V>::template type>(has_field<Op>("boundary")));
    });
    return t;
  }();
  return table;
}

const OpEntry* find_op(const std::string& name) {
  for (const auto& e : ops())
    if (e.name == name) return &e;
  return nullptr;
}

std::string op_names() {
  std::string s;
  for (const auto& e : ops()) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

std::vector<std::string> abi_names() {
  std::vector<std::string> names;
  for (const auto& e : ops())
    for (bool f64 : {false, true}) names.push_back(e.symbol(f64));
  return names;
}

}  // namespace aabb::check::tool
