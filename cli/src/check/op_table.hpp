#pragma once
/// The ops `check` runs, in the order of contract §4, in dimension 3 (the aabb_ symbols) and then
/// dimension 2 (aabb2_): for each its name, what contracts fit it, its default contract and its
/// two campaigns (f32, f64).

#include <cstddef>
#include <string>
#include <vector>

#include "aabb/cases/bytes.hpp"
#include "aabb/fuzz_driver.hpp"
#include "check/campaign.hpp"

namespace aabb::check::tool {

using Runner = Json (*)(const check::CampaignSpec&, check::Sandbox&, const check::ProgressFn&);
/// The fuzz driver's (aabb/fuzz_driver.hpp, fuzz_driver/targets.hpp): one input for one
/// function, decoded from `in`, called (unless fn is null: decoded only) and judged; and the
/// abort from the op's own stack frame.
using FuzzRunner = aabb::fuzz_driver::Outcome (*)(void* fn, gen::ByteSource& in, const Contract& c, bool half_line);
using FuzzFailer = void (*)(const aabb::fuzz_driver::Outcome&);

/// One op of the ABI in one dimension: its name, what contracts fit it, its default, and its two
/// campaigns.
struct OpEntry {
  std::string name;  ///< the registry variant's name ("overlap_ce"), the same in both dimensions
  Category category;
  Contract fallback;
  Runner f32 = nullptr;
  Runner f64 = nullptr;
  /// The fuzz driver's runners and abort frames (fuzz_driver/targets.hpp), instantiated beside
  /// the campaigns.
  FuzzRunner fuzz_f32 = nullptr, fuzz_f64 = nullptr;
  FuzzFailer fail_f32 = nullptr, fail_f64 = nullptr;
  bool takes_boundary = false;  ///< the registry gives the op a "boundary" field (check --boundary)
  std::size_t dim = 3;          ///< 3: the aabb_ symbols; 2: the aabb2_ ones (contract §4)

  [[nodiscard]] std::string symbol(bool f64) const {
    return (dim == 2 ? "aabb2_" : "aabb_") + name + (f64 ? "_f64" : "_f32");
  }
  /// The campaign's name in reports, --ops and --contract: the name in 3D, name_2d in 2D.
  [[nodiscard]] std::string label() const { return dim == 2 ? name + "_2d" : name; }
};

/// The entries of one dimension and float type, one per ABI variant of the registry in its order,
/// with only that type's runner set; each instantiates its campaigns in its own translation unit
/// (op_runs_<dim>d_<type>.cpp), so that the four build in parallel.
template <std::size_t N, class T>
std::vector<OpEntry> entries();

/// Every ABI variant of the registry, in its order, in dimension 3 and then 2, each with its
/// default contract.
[[nodiscard]] const std::vector<OpEntry>& ops();

/// The entries `name` selects: its label (one entry), or an op name (its entry in each dimension).
[[nodiscard]] std::vector<const OpEntry*> find_ops(const std::string& name);

/// "contains, contains_ce, ...": the op names for messages.
[[nodiscard]] std::string op_names();

/// Every ABI symbol of every op, f32 then f64.
[[nodiscard]] std::vector<std::string> abi_names();

}  // namespace aabb::check::tool
