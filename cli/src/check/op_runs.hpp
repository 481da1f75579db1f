#pragma once
/// The definition of `entries<N, T>()` (check/op_table.hpp): one entry per ABI variant of the
/// registry, its campaign instantiated over check op Binding<Op, V>::type<T, N> (check/ops.hpp).
/// Included only by the four op_runs_<dim>d_<type>.cpp files.

#include "check/op_table.hpp"
#include "fuzz_driver/targets.hpp"

namespace aabb::check::tool {

namespace runs {

template <template <class, std::size_t> class Op, class T, std::size_t N>
Json run_op(const check::CampaignSpec& spec, check::Sandbox& sandbox, const check::ProgressFn& progress) {
  return check::run_campaign<Op<T, N>>(spec, sandbox, progress);
}

/// Whether the registry's op has a field called `name`.
template <class Op>
constexpr bool has_field(std::string_view name) {
  for (const auto& f : Op::fields)
    if (f.name == name) return true;
  return false;
}

}  // namespace runs

template <std::size_t N, class T>
std::vector<OpEntry> entries() {
  std::vector<OpEntry> t;
  aabb::ops::for_each_variant_index([&]<class Op, std::size_t V>() {
    if constexpr (Op::variants[V].abi) {
      using B = check::Binding<Op, V>;
      using Check = typename B::template type<T, N>;
      OpEntry e{Check::name, Check::category, check::default_contract(Check::name)};
      (std::is_same_v<T, double> ? e.f64 : e.f32) = &runs::run_op<B::template type, T, N>;
      (std::is_same_v<T, double> ? e.fuzz_f64 : e.fuzz_f32) = &aabb::fuzz_driver::detail::run_one<Check, T, N>;
      (std::is_same_v<T, double> ? e.fail_f64 : e.fail_f32) = &aabb::fuzz_driver::detail::fail_in<Check>;
      e.takes_boundary = runs::has_field<Op>("boundary");
      e.dim = N;
      t.push_back(std::move(e));
    }
  });
  return t;
}

}  // namespace aabb::check::tool
