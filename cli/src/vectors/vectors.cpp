// `aabb-oracle vectors` as a library (aabb/vectors.hpp): Wycheproof-style test vectors, one JSON
// file per op and float type (docs/vectors.md). Cases come from the same edge-aimed generators
// as `check` (check/ops.hpp over properties/generators.hpp) and from systematic edge
// constructions (vectors/*_ops.cpp); every expected answer is the line `aabb-oracle eval` prints
// for the case's input (aabb::eval_line), so the files and eval agree byte for byte. Flags are
// computed from the exact inputs and answer.

#include "aabb/vectors.hpp"

#include "vectors/families.hpp"
#include "vectors/writer.hpp"

namespace aabb::vectors {

namespace {

template <class T>
bool write_type(const std::filesystem::path& dir, const std::string& type_name, std::uint64_t seed,
                int k, std::size_t& total, std::size_t& files, std::string& failure) {
  bool ok = true;
  const auto emit = [&](const auto& spec) {
    using Op = typename std::decay_t<decltype(spec)>::OpType;
    const Json file = build_file<Op, T>(spec, type_name, seed, k);
    total += file["numberOfTests"].template get<std::size_t>();
    ++files;
    if (ok && !write_file(dir, spec.file + "_" + type_name, file, failure)) ok = false;
  };
  emit(contains_spec<T>());
  emit(contains_ce_spec<T>());
  emit(overlap_spec<T>());
  emit(overlap_ce_spec<T>());
  emit(intersection_spec<T>());
  emit(union_spec<T>());
  emit(sweep_spec<T>());
  emit(sweep_ce_spec<T>());
  emit(moving_spec<T>());
  emit(ray_spec<T>());
  emit(bounds_of_points_spec<T>());
  emit(extreme_points_spec<T>());
  emit(bounds_of_sphere_spec<T>());
  emit(transform_spec<T>());
  emit(transform_ce_spec<T>());
  emit(hill_climb_spec<T>());
  return ok;
}

}  // namespace

Report write(const Plan& plan) {
  Report r;
  r.ok = write_type<float>(plan.dir, "f32", plan.seed, plan.cases_per_group, r.tests, r.files,
                           r.failure) &&
         write_type<double>(plan.dir, "f64", plan.seed, plan.cases_per_group, r.tests, r.files,
                            r.failure);
  return r;
}

}  // namespace aabb::vectors
