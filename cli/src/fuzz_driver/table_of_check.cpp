// The fuzz driver's table in aabb::check (aabb-oracle's replay and check --corpus,
// aabb-oracle-fuzz): the runners check's op_runs_<d>d_<type>.cpp instantiated beside its
// campaigns (check/op_table.hpp's OpEntry::fuzz), so that each check op compiles once.

#include "check/op_table.hpp"
#include "fuzz_driver/targets.hpp"

namespace aabb::fuzz_driver::detail {

const std::vector<Target>& table() {
  static const std::vector<Target> t = [] {
    const auto& ops = check::tool::ops();  // dimension 3, then 2; each entry with both types
    std::vector<Target> all;
    for (const std::size_t dim : {3u, 2u})
      for (const bool f64 : {false, true})
        for (const auto& e : ops)
          if (e.dim == dim) {
            OpEntry plain = e;
            plain.f32 = plain.f64 = nullptr;  // the campaigns are check's business
            all.push_back(Target{plain, f64 ? e.fuzz_f64 : e.fuzz_f32, f64 ? e.fail_f64 : e.fail_f32});
          }
    return all;
  }();
  return t;
}

}  // namespace aabb::fuzz_driver::detail
