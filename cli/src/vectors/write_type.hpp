#pragma once
// The files of one float type and dimension (vectors.cpp's write), as a template over both:
// write_<d>d_<type>.cpp instantiate it once each, so that the four compile in parallel (each
// instantiates every spec of vectors/*_ops.hpp, the check ops and generators under them).

#include <cstddef>
#include <stdexcept>
#include <string>

#include "aabb/vectors.hpp"
#include "vectors/construction_ops.hpp"
#include "vectors/moving_ops.hpp"
#include "vectors/shape_ops.hpp"
#include "vectors/static_ops.hpp"
#include "vectors/writer.hpp"

namespace aabb::vectors {

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

}  // namespace aabb::vectors
