#pragma once
/// The op registry: the one list of the contract's ops (docs/architecture.md). The descriptors
/// are data, ops/registry.json, which ops/generate.py turns into the structs of
/// aabb/ops/descriptors.hpp and `All`, the list of them in order. Everything that handles "every
/// op" (eval's dispatcher, check's campaigns, the vectors' files, `aabb-oracle ops`, the scripts
/// through `aabb-oracle ops --json`) walks that list; nothing else names them all. Adding an op:
/// docs/architecture.md, "How to add an op".

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

#include "aabb/ops/descriptor.hpp"
#include "aabb/ops/descriptors.hpp"  // generated from ops/registry.json by ops/generate.py

namespace aabb::ops {

/// Calls f.template operator()<Op>() for every op of the registry.
template <class F>
constexpr void for_each_op(F&& f) {
  All::for_each(std::forward<F>(f));
}

/// Calls f.template operator()<Op>(variant) for every variant of every op, in order.
template <class F>
constexpr void for_each_variant(F&& f) {
  for_each_op([&]<class Op>() {
    for (const Variant& v : Op::variants) f.template operator()<Op>(v);
  });
}

/// Calls f.template operator()<Op, V>() for variant V of every op, in order: what a layer uses to
/// instantiate one binding per variant (`template <class Op, std::size_t V, class T> struct
/// Binding;`, specialized as `Binding<ops::Overlap, ops::index_of<ops::Overlap>("overlap_ce"), T>`).
template <class F>
constexpr void for_each_variant_index(F&& f) {
  for_each_op([&]<class Op>() {
    [&]<std::size_t... V>(std::index_sequence<V...>) {
      (f.template operator()<Op, V>(), ...);
    }(std::make_index_sequence<Op::variants.size()>{});
  });
}

/// The index of Op's variant of that name; a name Op does not have does not compile.
template <class Op>
consteval std::size_t index_of(std::string_view variant) {
  for (std::size_t v = 0; v < Op::variants.size(); ++v)
    if (Op::variants[v].name == variant) return v;
  throw "ops::index_of: no variant of that name";
}

/// The variant of that name ("overlap_ce"), if there is one.
[[nodiscard]] constexpr std::optional<Variant> find_variant(std::string_view name) {
  std::optional<Variant> found;
  for_each_variant([&]<class Op>(const Variant& v) {
    if (v.name == name) found = v;
  });
  return found;
}

/// Whether the registry has an op of that name ("overlap").
[[nodiscard]] constexpr bool has_op(std::string_view name) {
  bool found = false;
  for_each_op([&]<class Op>() { found = found || Op::name == name; });
  return found;
}

namespace detail {

[[nodiscard]] constexpr bool is_contract_text(std::string_view c) {
  auto digits = [](std::string_view d) {
    if (d.empty()) return false;
    for (char ch : d)
      if (ch < '0' || ch > '9') return false;
    return true;
  };
  if (c == "exact" || c == "conservative") return true;
  if (c.starts_with("conservative:")) return digits(c.substr(13));
  if (c.starts_with("ulps:")) return digits(c.substr(5));
  return false;
}

/// The rules every descriptor keeps, checked when the registry is compiled: names unique,
/// variants named after their op, fields unique with the required ones first, contracts in
/// check's syntax, C signatures only on ABI variants.
[[nodiscard]] constexpr bool well_formed() {
  bool ok = true;
  std::size_t ops_seen = 0;
  for_each_op([&]<class Op>() {
    ++ops_seen;
    std::size_t same_name = 0;
    for_each_op([&]<class Other>() { same_name += Other::name == Op::name ? 1 : 0; });
    ok = ok && same_name == 1 && !Op::variants.empty();
    bool optional_seen = false;
    for (std::size_t i = 0; i < Op::fields.size(); ++i) {
      ok = ok && !(optional_seen && Op::fields[i].required);
      optional_seen = optional_seen || !Op::fields[i].required;
      for (std::size_t j = 0; j < i; ++j) ok = ok && Op::fields[i].name != Op::fields[j].name;
    }
    for (const Variant& v : Op::variants) {
      ok = ok && v.name.starts_with(Op::name) && is_contract_text(v.contract);
      ok = ok && (v.abi == !v.signature.empty());
      std::size_t same_variant = 0;
      for_each_variant([&]<class Other>(const Variant& w) { same_variant += w.name == v.name ? 1 : 0; });
      ok = ok && same_variant == 1;
    }
  });
  return ok && ops_seen == All::size;
}

}  // namespace detail

static_assert(detail::well_formed(), "a descriptor of ops/ breaks a rule of ops/registry.hpp's well_formed()");

/// The default contract of a variant ("exact", "ulps:1", ...); "exact" for an unknown name.
[[nodiscard]] constexpr std::string_view default_contract(std::string_view variant) {
  const std::optional<Variant> v = find_variant(variant);
  return v ? v->contract : std::string_view("exact");
}

}  // namespace aabb::ops
