// Differential target: optimized/moving.hpp's sweep_ce (seed 000's AABBSweep shape: extents and
// centres at t = 0 and t = 1), 1-ulp and conservative, against the exact reference through
// judge/moving.hpp; invalid input (NaN, ±inf, negative extents) must be a miss with NaN times.
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 conservative), then ValueSource
// values: ea, a0, a1, eb, b0, b1.

#include <cstddef>
#include <cstdint>

#include "aabb/judge/moving.hpp"
#include "aabb/judge/nonfinite.hpp"
#include "aabb/optimized/moving.hpp"
#include "fuzzer_common.hpp"

namespace {

using namespace aabb::fuzz;
namespace judge = aabb::judge;
namespace nf = aabb::judge::nonfinite;

template <class T, std::size_t N>
void run(ByteSource& in, unsigned op) {
  ValueSource<T> v(in);
  const bool conservative = op & 1;
  const judge::TimeContract contract{conservative ? 2 : 1, conservative};
  const auto ea = v.template vec<N>(), a0 = v.template vec<N>(), a1 = v.template vec<N>();
  const auto eb = v.template vec<N>(), b0 = v.template vec<N>(), b1 = v.template vec<N>();
  const auto r = conservative ? opt::sweep_ce_conservative(ea, a0, a1, eb, b0, b1)
                              : opt::sweep_ce(ea, a0, a1, eb, b0, b1);
  const bool valid = nf::in_domain(opt::CenterExtent<T, N>{a0, ea}) && nf::in_domain(a1) &&
                     nf::in_domain(opt::CenterExtent<T, N>{b0, eb}) && nf::in_domain(b1);
  report(valid ? judge::sweep_ce(ea, a0, a1, eb, b0, b1, r, contract) : nf::miss(r),
         op_name<T, N>(conservative ? "sweep_ce_conservative" : "sweep_ce"), [&] {
           return EvalLine("sweep")
               .field("a", EvalLine::box(opt::CenterExtent<T, N>{a0, ea}))
               .field("b", EvalLine::box(opt::CenterExtent<T, N>{b0, eb}))
               .field("a_end", EvalLine::box(opt::CenterExtent<T, N>{a1, ea}))
               .field("b_end", EvalLine::box(opt::CenterExtent<T, N>{b1, eb}))
               .str();
         });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteSource in(data, size);
  const std::uint8_t selector = in.byte();
  with_type_and_dimension(selector,
                          [&]<class T, std::size_t N>() { run<T, N>(in, selector >> 2); });
  return 0;
}
