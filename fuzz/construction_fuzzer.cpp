// Differential target: optimized/construction.hpp's boxes (seed 002): bounds_of_sphere, and
// transform in min–max and centre–radius form, against the exact reference through
// judge/construction.hpp (directed rounding of every bound; centre correctly rounded, extent
// rounded up); outside the domain (NaN, ±inf, r < 0, inverted boxes) the documented answers
// of judge/nonfinite.hpp.
//
// Input: a selector byte (bits 0-1 type and dimension, bits 2-7 the op), then ValueSource
// values: centre, radius; or box, M (row-major), t.

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "aabb/judge/construction.hpp"
#include "aabb/judge/nonfinite.hpp"
#include "aabb/optimized/construction.hpp"
#include "fuzzer_common.hpp"

namespace {

using namespace aabb::fuzz;
namespace judge = aabb::judge;
namespace nf = aabb::judge::nonfinite;

template <class T, std::size_t N>
std::string matrix(const opt::Matrix<T, N>& m) {
  std::string s = "[";
  for (std::size_t i = 0; i < N; ++i) s += (i ? ", " : "") + EvalLine::vec(m[i]);
  return s + "]";
}

template <class T, std::size_t N>
bool finite(const opt::Matrix<T, N>& m) {
  for (const auto& row : m)
    if (!nf::in_domain(row)) return false;
  return true;
}

template <class T, std::size_t N>
void run(ByteSource& in, unsigned op) {
  ValueSource<T> v(in);
  switch (op % 3) {
    case 0: {
      const auto c = v.template vec<N>();
      const T r = v.next();
      const auto got = opt::bounds_of_sphere(c, r);
      const bool valid = nf::in_domain(c) && std::isfinite(r) && r >= 0;
      report(valid ? judge::bounds_of_sphere(c, r, got) : nf::bounds_of_sphere(c, r, got),
             op_name<T, N>("bounds_of_sphere"), [&] {
               return EvalLine("bounds_of_sphere")
                   .field("center", EvalLine::vec(c))
                   .field("radius", EvalLine::num(r))
                   .str();
             });
      break;
    }
    case 1: {
      const auto box = v.template box<N>();
      opt::Matrix<T, N> m;
      for (auto& row : m) row = v.template vec<N>();
      const auto t = v.template vec<N>();
      const auto got = opt::transform(box, m, t);
      const bool valid = nf::in_domain(box) && finite(m) && nf::in_domain(t);
      report(valid ? judge::transform(box, m, t, got) : nf::transform(box, m, t, got),
             op_name<T, N>("transform (min-max)"), [&] {
               return EvalLine("transform")
                   .field("box", EvalLine::box(box))
                   .field("m", matrix(m))
                   .field("t", EvalLine::vec(t))
                   .str();
             });
      break;
    }
    default: {
      const auto box = v.template center_extent<N>();
      opt::Matrix<T, N> m;
      for (auto& row : m) row = v.template vec<N>();
      const auto t = v.template vec<N>();
      const auto got = opt::transform(box, m, t);
      const bool valid = nf::in_domain(box) && finite(m) && nf::in_domain(t);
      report(valid ? judge::transform(box, m, t, got) : nf::transform(box, m, t, got),
             op_name<T, N>("transform (centre-radius)"), [&] {
               return EvalLine("transform")
                   .field("box", EvalLine::box(box))
                   .field("m", matrix(m))
                   .field("t", EvalLine::vec(t))
                   .str();
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
