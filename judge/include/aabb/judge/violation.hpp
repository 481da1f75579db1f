#pragma once
/// What a judge reports when a float answer breaks its contract.

#include <string>

namespace aabb::judge {

/// A broken contract clause ("hit is exact", "t_first within 1 ulp", ...) and the numbers.
struct Violation {
  std::string clause;
  std::string detail;
};

}  // namespace aabb::judge
