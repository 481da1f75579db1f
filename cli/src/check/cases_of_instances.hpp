#pragma once
/// The definition of check::cases_of (check/cases_of.hpp) and its explicit instantiations for
/// float type AABB_CASES_OF_T and dimension AABB_CASES_OF_N, one per ABI variant of the registry
/// (AABB_OPS_ABI_VARIANT_OPS, generated from ops/registry.json). Included only by the four
/// cases_<d>d_<type>.cpp files, which define those two macros first.

#include "check/cases_of.hpp"
#include "check/ops.hpp"

#if !defined(AABB_CASES_OF_T) || !defined(AABB_CASES_OF_N)
#error "define AABB_CASES_OF_T and AABB_CASES_OF_N before including check/cases_of_instances.hpp"
#endif

namespace aabb::check {

template <class Op>
rc::Gen<typename Op::Case> cases_of() {
  return Op::cases();
}

/// The check op bound to variant V of the registry's op Op, at this file's type and dimension.
template <class Op, std::size_t V>
using BoundOp = typename Binding<Op, V>::template type<AABB_CASES_OF_T, AABB_CASES_OF_N>;

#define AABB_CHECK_CASES_OF(OP, VARIANT)                                                        \
  template rc::Gen<BoundOp<ops::OP, ops::index_of<ops::OP>(#VARIANT)>::Case>                    \
  cases_of<BoundOp<ops::OP, ops::index_of<ops::OP>(#VARIANT)>>();
AABB_OPS_ABI_VARIANT_OPS(AABB_CHECK_CASES_OF)
#undef AABB_CHECK_CASES_OF

}  // namespace aabb::check
