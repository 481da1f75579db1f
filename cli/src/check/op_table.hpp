#pragma once
/// The ops `check` runs, in the order of contract §4: for each its name, what contracts fit it,
/// its default contract and its two campaigns (f32, f64).

#include <string>
#include <vector>

#include "check/campaign.hpp"

namespace aabb::check::tool {

using Runner = Json (*)(const check::CampaignSpec&, check::Sandbox&, const check::ProgressFn&);

/// One op of the ABI: its name, what contracts fit it, its default, and its two campaigns.
struct OpEntry {
  std::string name;
  Category category;
  Contract fallback;
  Runner f32;
  Runner f64;
  bool takes_boundary = false;  ///< the registry gives the op a "boundary" field (check --boundary)

  [[nodiscard]] std::string symbol(bool f64) const {
    return "aabb_" + name + (f64 ? "_f64" : "_f32");
  }
};

/// Every ABI variant of the registry, in its order, each with its default contract.
[[nodiscard]] const std::vector<OpEntry>& ops();

/// The op called `name`, or nullptr.
[[nodiscard]] const OpEntry* find_op(const std::string& name);

/// "contains, contains_ce, ...": the op names for messages.
[[nodiscard]] std::string op_names();

/// Every ABI symbol of every op, f32 then f64.
[[nodiscard]] std::vector<std::string> abi_names();

}  // namespace aabb::check::tool
