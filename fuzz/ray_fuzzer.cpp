// Differential target: optimized/moving.hpp's ray, 1-ulp and conservative, against the exact
// reference through judge/moving.hpp (t_max = +inf is valid: unbounded); invalid input (NaN or
// ±inf in box, origin, dir or t_min, t_max NaN or -inf, t_min > t_max, an inverted box) must be
// a miss with NaN times (judge/nonfinite.hpp).
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 conservative, bit 3 default
// t range [0, +inf)), then ValueSource values: box, origin, dir, and t_min, t_max unless
// defaulted.

#include <cstddef>
#include <cstdint>
#include <limits>

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
  const auto box = v.template box<N>();
  const auto o = v.template vec<N>();
  const auto d = v.template vec<N>();
  T t_min = 0, t_max = std::numeric_limits<T>::infinity();
  if (op & 2) {
    t_min = v.next();
    t_max = v.next();
  }
  const auto r = conservative ? opt::ray_conservative(box, o, d, t_min, t_max)
                              : opt::ray(box, o, d, t_min, t_max);
  report(nf::ray_in_domain(box, o, d, t_min, t_max)
             ? judge::ray(box, o, d, t_min, t_max, r, contract)
             : nf::miss(r),
         op_name<T, N>(conservative ? "ray_conservative" : "ray"), [&] {
           EvalLine line("ray");
           line.field("box", EvalLine::box(box))
               .field("origin", EvalLine::vec(o))
               .field("dir", EvalLine::vec(d));
           line.field("t_min", EvalLine::num(t_min));
           // +inf is the protocol's unbounded t_max, valid eval input.
           line.field("t_max", t_max == std::numeric_limits<T>::infinity() ? "\"inf\""
                                                                           : EvalLine::num(t_max));
           return line.str();
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
