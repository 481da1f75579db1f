#pragma once
/// check's generator of each op's cases, Op::cases() (check/ops.hpp), compiled once per float
/// type and dimension (cases_<d>d_<type>.cpp) for the three programs that draw from it: check's
/// campaigns (campaign.hpp), the vectors' generated groups (vectors/writer.hpp) and the fuzz
/// driver's generated form (fuzz_driver/targets.hpp). Called through here, a translation unit that
/// runs an op's campaign or writes its vectors does not instantiate the generator, and RapidCheck's
/// machinery under it, once more.

#include <rapidcheck.h>

namespace aabb::check {

/// Op::cases(), defined out of line (check/cases_of_instances.hpp) for the check op of every ABI
/// variant of the registry (Binding<Op, V>::type<T, N>), T float or double, N 2 or 3; a check op
/// without a binding does not link.
template <class Op>
rc::Gen<typename Op::Case> cases_of();

}  // namespace aabb::check
