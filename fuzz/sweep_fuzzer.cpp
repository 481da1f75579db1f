// Differential target: optimized/moving.hpp's sweep and moving_vs_static (seed 001), each in
// its 1-ulp and conservative variant, against the exact reference through judge/moving.hpp;
// invalid input (NaN, ±inf, inverted boxes) must be a miss with NaN times
// (judge/nonfinite.hpp).
//
// Input: a selector byte (bits 0-1 type and dimension, bits 2-3 the op), then ValueSource
// values: box a, da, box b, db (moving_vs_static: stationary, moving, d).

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
  if ((op >> 1) % 2 == 0) {
    const auto a = v.template box<N>();
    const auto da = v.template vec<N>();
    const auto b = v.template box<N>();
    const auto db = v.template vec<N>();
    const auto r = conservative ? opt::sweep_conservative(a, da, b, db) : opt::sweep(a, da, b, db);
    const bool valid =
        nf::in_domain(a) && nf::in_domain(da) && nf::in_domain(b) && nf::in_domain(db);
    report(valid ? judge::sweep(a, da, b, db, r, contract) : nf::miss(r),
           op_name<T, N>(conservative ? "sweep_conservative" : "sweep"), [&] {
             return EvalLine("sweep")
                 .field("a", EvalLine::box(a))
                 .field("b", EvalLine::box(b))
                 .field("da", EvalLine::vec(da))
                 .field("db", EvalLine::vec(db))
                 .str();
           });
  } else {
    const auto s = v.template box<N>();
    const auto m = v.template box<N>();
    const auto d = v.template vec<N>();
    const auto r =
        conservative ? opt::moving_vs_static_conservative(s, m, d) : opt::moving_vs_static(s, m, d);
    const bool valid = nf::in_domain(s) && nf::in_domain(m) && nf::in_domain(d);
    report(valid ? judge::moving_vs_static(s, m, d, r, contract) : nf::miss(r),
           op_name<T, N>(conservative ? "moving_vs_static_conservative" : "moving_vs_static"), [&] {
             return EvalLine("moving_vs_static")
                 .field("stationary", EvalLine::box(s))
                 .field("moving", EvalLine::box(m))
                 .field("d", EvalLine::vec(d))
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
