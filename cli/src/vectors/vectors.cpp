// `aabb-oracle vectors` as a library (aabb/vectors.hpp): Wycheproof-style test vectors, one JSON
// file per op and float type (docs/vectors.md). Cases come from the same edge-aimed generators
// as `check` (check/ops.hpp over the case library, cases/) and from systematic edge
// constructions (vectors/*_ops.hpp); every expected answer is the line `aabb-oracle eval` prints
// for the case's input (aabb::eval_line), so the files and eval agree byte for byte. Flags are
// computed from the exact inputs and answer.

#include "aabb/vectors.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>

#include "vectors/construction_ops.hpp"
#include "vectors/moving_ops.hpp"
#include "vectors/shape_ops.hpp"
#include "vectors/static_ops.hpp"
#include "vectors/writer.hpp"

namespace aabb::vectors {

namespace {

/// Writes the files of type T in dimension N; false when one could not be written.
template <class T, std::size_t N>
bool write_type(const Plan& plan, const std::string& type_name, Report& report) {
  FileWriter<T, N> out(plan, type_name, report);
  // Every variant of the registry, in its order; its spec is its Binding (vectors/*_ops.hpp).
  ops::for_each_variant_index([&]<class Op, std::size_t V>() {
    auto spec = Binding<Op, V>::template spec<T, N>();
    if (spec.file != Op::variants[V].name)
      throw std::logic_error("vectors: the spec bound to " + std::string(Op::variants[V].name) + " writes " + spec.file);
    out(spec);
  });
  return out.ok();
}

}  // namespace

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
