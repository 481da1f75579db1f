// Differential target: optimized/static.hpp's centre–extent ops (contains, seed 004; overlap,
// seeds 000 and 004) against the exact reference, through judge/static.hpp; inputs outside the
// reference's domain (NaN, ±inf, negative extents) through judge/nonfinite.hpp. These are the
// decisions whose naive formulas round: the filter's ties and overflowing sums are the targets.
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 the op), then ValueSource values.

#include <cstddef>
#include <cstdint>

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
  if (op % 2 == 0) {
    const auto box = v.template center_extent<N>();
    const auto p = v.template vec<N>();
    const bool got = opt::contains(box, p);
    const bool valid = nf::in_domain(box) && nf::in_domain(p);
    report(valid ? judge::contains(box, p, got) : nf::contains(box, p, got),
           op_name<T, N>("contains (centre-extent)"), [&] {
             return EvalLine("contains")
                 .field("box", EvalLine::box(box))
                 .field("point", EvalLine::vec(p))
                 .str();
           });
  } else {
    const auto a = v.template center_extent<N>(), b = v.template center_extent<N>();
    const bool got = opt::overlap(a, b);
    const bool valid = nf::in_domain(a) && nf::in_domain(b);
    report(valid ? judge::overlap(a, b, got) : nf::overlap(a, b, got),
           op_name<T, N>("overlap (centre-extent)"), [&] {
             return EvalLine("overlap")
                 .field("a", EvalLine::box(a))
                 .field("b", EvalLine::box(b))
                 .str();
           });
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
