// `aabb-oracle vectors` as a library (aabb/vectors.hpp): Wycheproof-style test vectors, one JSON
// file per op and float type (docs/vectors.md). Cases come from the same edge-aimed generators
// as `check` (check/ops.hpp over the case library, cases/) and from systematic edge
// constructions (vectors/*_ops.hpp); every expected answer is the line `aabb-oracle eval` prints
// for the case's input (aabb::eval_line), so the files and eval agree byte for byte. Flags are
// computed from the exact inputs and answer.

#include "aabb/vectors.hpp"

#include <filesystem>
#include <string>

#include "vectors/write_types.hpp"

namespace aabb::vectors {

Report write(const Plan& plan) {
  Report r;
  r.ok = write_type<float, 3>(plan, "f32", r) && write_type<double, 3>(plan, "f64", r);
  if (!r.ok) return r;
  // Dimension 2 (the aabb2_ functions) in DIR/2d/.
  std::error_code ec;
  std::filesystem::create_directories(plan.dir / "2d", ec);
  if (ec) {
    r.ok = false;
    r.failure = (plan.dir / "2d").string() + ": " + ec.message();
    return r;
  }
  r.ok = write_type<float, 2>(plan, "f32", r) && write_type<double, 2>(plan, "f64", r);
  return r;
}

}  // namespace aabb::vectors
