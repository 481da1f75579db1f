// `aabb-oracle vectors` as a library (aabb/vectors.hpp): Wycheproof-style test vectors, one JSON
// file per op and float type (docs/vectors.md). Cases come from the same edge-aimed generators
// as `check` (check/ops.hpp over the case library, cases/) and from systematic edge
// constructions (vectors/*_ops.hpp); every expected answer is the line `aabb-oracle eval` prints
// for the case's input (aabb::eval_line), so the files and eval agree byte for byte. Flags are
// computed from the exact inputs and answer.

#include "aabb/vectors.hpp"

#include "vectors/construction_ops.hpp"
#include "vectors/moving_ops.hpp"
#include "vectors/static_ops.hpp"
#include "vectors/writer.hpp"

namespace aabb::vectors {

namespace {

/// Writes the files of type T; false when one could not be written.
template <class T>
bool write_type(const Plan& plan, const std::string& type_name, Report& report) {
  FileWriter<T> out(plan, type_name, report);
  // Static ops (static_ops.hpp), moving ops (moving_ops.hpp), construction ops
  // (construction_ops.hpp), in the order of contract §4.
  out(contains_spec<T>());
  out(contains_ce_spec<T>());
  out(overlap_spec<T>());
  out(overlap_ce_spec<T>());
  out(intersection_spec<T>());
  out(union_spec<T>());
  out(sweep_spec<T>());
  out(sweep_ce_spec<T>());
  out(moving_spec<T>());
  out(ray_spec<T>());
  out(bounds_of_points_spec<T>());
  out(extreme_points_spec<T>());
  out(bounds_of_sphere_spec<T>());
  out(transform_spec<T>());
  out(transform_ce_spec<T>());
  out(hill_climb_spec<T>());
  return out.ok();
}

}  // namespace

Report write(const Plan& plan) {
  Report r;
  r.ok = write_type<float>(plan, "f32", r) && write_type<double>(plan, "f64", r);
  return r;
}

}  // namespace aabb::vectors
