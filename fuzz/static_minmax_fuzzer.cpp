// Differential target: optimized/static.hpp's min–max ops (contains, overlap, intersection,
// union_of, bounds_of_points) against the exact reference, through judge/static.hpp; inputs
// outside the reference's domain through judge/nonfinite.hpp.
//
// Input: a selector byte (bits 0-1 type and dimension, bits 2-7 the op), then values as
// fuzzer_common.hpp's ValueSource reads them.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aabb/judge/nonfinite.hpp"
#include "aabb/judge/static.hpp"
#include "aabb/optimized/static.hpp"
#include "fuzzer_common.hpp"

namespace {

using namespace aabb::fuzz;
namespace judge = aabb::judge;
namespace nf = aabb::judge::nonfinite;

template <class T, std::size_t N>
void run(ByteSource& in, unsigned op) {
  ValueSource<T> v(in);
  switch (op % 5) {
    case 0: {
      const auto box = v.template box<N>();
      const auto p = v.template vec<N>();
      const bool got = opt::contains(box, p);
      const bool valid = nf::in_domain(box) && nf::in_domain(p);
      report(valid ? judge::contains(box, p, got) : nf::contains(box, p, got),
             op_name<T, N>("contains"), [&] {
               return EvalLine("contains")
                   .field("box", EvalLine::box(box))
                   .field("point", EvalLine::vec(p))
                   .str();
             });
      break;
    }
    case 1: {
      const auto a = v.template box<N>(), b = v.template box<N>();
      const bool got = opt::overlap(a, b);
      const bool valid = nf::in_domain(a) && nf::in_domain(b);
      report(valid ? judge::overlap(a, b, got) : nf::overlap(a, b, got), op_name<T, N>("overlap"),
             [&] {
               return EvalLine("overlap")
                   .field("a", EvalLine::box(a))
                   .field("b", EvalLine::box(b))
                   .str();
             });
      break;
    }
    case 2: {
      const auto a = v.template box<N>(), b = v.template box<N>();
      const auto got = opt::intersection(a, b);
      const bool valid = nf::in_domain(a) && nf::in_domain(b);
      report(valid ? judge::intersection(a, b, got) : nf::intersection(a, b, got),
             op_name<T, N>("intersection"), [&] {
               return EvalLine("intersection")
                   .field("a", EvalLine::box(a))
                   .field("b", EvalLine::box(b))
                   .str();
             });
      break;
    }
    case 3: {
      const auto a = v.template box<N>(), b = v.template box<N>();
      const auto got = opt::union_of(a, b);
      const bool valid = nf::in_domain(a) && nf::in_domain(b);
      report(valid ? judge::union_of(a, b, got) : nf::union_of(a, b, got),
             op_name<T, N>("union_of"), [&] {
               return EvalLine("union")
                   .field("a", EvalLine::box(a))
                   .field("b", EvalLine::box(b))
                   .str();
             });
      break;
    }
    default: {
      std::vector<opt::Vec<T, N>> points(in.byte() % 9);
      bool valid = !points.empty();
      for (auto& p : points) {
        p = v.template vec<N>();
        valid = valid && nf::in_domain(p);
      }
      const std::span<const opt::Vec<T, N>> span(points);
      const auto got = opt::bounds_of_points(span);
      report(valid ? judge::bounds_of_points(span, got) : nf::bounds_of_points(span, got),
             op_name<T, N>("bounds_of_points"), [&] {
               return EvalLine("bounds_of_points").field("points", EvalLine::points(points)).str();
             });
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteSource in(data, size);
  const std::uint8_t selector = in.byte();
  with_type_and_dimension(selector,
                          [&]<class T, std::size_t N>() { run<T, N>(in, selector >> 2); });
  return 0;
}
