// `aabb-oracle vectors` as a library (aabb/vectors.hpp): Wycheproof-style test vectors, one JSON
// file per op and float type (docs/vectors.md). Cases come from the same edge-aimed generators
// as `check` (check/ops.hpp over properties/generators.hpp) and from systematic edge
// constructions (vectors/*_ops.cpp); every expected answer is the line `aabb-oracle eval` prints
// for the case's input (aabb::eval_line), so the files and eval agree byte for byte. Flags are
// computed from the exact inputs and answer.

#include "aabb/vectors.hpp"

#include "vectors/families.hpp"

namespace aabb::vectors {

namespace {

/// Writes the files of type T; false when one could not be written.
template <class T>
bool write_type(const Plan& plan, const std::string& type_name, Report& report) {
  FileWriter<T> out(plan, type_name, report);
  static_ops<T>(out);
  moving_ops<T>(out);
  construction_ops<T>(out);
  return out.ok();
}

}  // namespace

Report write(const Plan& plan) {
  Report r;
  r.ok = write_type<float>(plan, "f32", r) && write_type<double>(plan, "f64", r);
  return r;
}

}  // namespace aabb::vectors
