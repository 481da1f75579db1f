// The fuzz driver's table in the static library aabb::fuzz_driver, which stands without check's
// campaigns: its own four instantiations (targets_<d>d_<type>.cpp).

#include "fuzz_driver/targets.hpp"

namespace aabb::fuzz_driver::detail {

extern template std::vector<Target> targets<3, float>();
extern template std::vector<Target> targets<3, double>();
extern template std::vector<Target> targets<2, float>();
extern template std::vector<Target> targets<2, double>();

const std::vector<Target>& table() {
  static const std::vector<Target> t = [] {
    std::vector<Target> all;
    for (auto&& part : {targets<3, float>(), targets<3, double>(), targets<2, float>(), targets<2, double>()})
      all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return t;
}

}  // namespace aabb::fuzz_driver::detail
