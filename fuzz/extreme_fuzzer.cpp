// Differential target: optimized/construction.hpp's index ops (seed 002): extreme_points and
// hill_climb over a CSR neighbour graph, against the exact reference through
// judge/construction.hpp (exact indices, lowest on ties; hill_climb: the exact maximum on valid
// graphs, a local maximum on invalid ones); outside the domain (NaN, ±inf, out-of-range
// neighbours or start) the documented answers of judge/nonfinite.hpp.
//
// Input: a selector byte (bits 0-1 type and dimension, bit 2 the op), a point count byte
// (1..16; extreme_points also 0), then ValueSource values: the points and d; hill_climb then
// reads a start byte and, per vertex, a neighbour count byte (0..7) and one byte per neighbour
// (an index, out of range on purpose when >= n).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aabb/judge/construction.hpp"
#include "aabb/judge/nonfinite.hpp"
#include "aabb/optimized/construction.hpp"
#include "fuzzer_common.hpp"

namespace {

using namespace aabb::fuzz;
namespace judge = aabb::judge;
namespace nf = aabb::judge::nonfinite;

template <class T, std::size_t N>
void run(ByteSource& in, unsigned op) {
  ValueSource<T> v(in);
  const bool climb = op & 1;
  const std::size_t n = in.byte() % 17;
  std::vector<opt::Vec<T, N>> points(n);
  bool finite = true;
  for (auto& p : points) {
    p = v.template vec<N>();
    finite = finite && nf::in_domain(p);
  }
  const auto dir = v.template vec<N>();
  finite = finite && nf::in_domain(dir);
  if (!climb) {
    const auto got = opt::extreme_points(points.data(), points.size(), dir);
    report(finite && n > 0 ? judge::extreme_points(points, dir, got.i_min, got.i_max)
                           : nf::extreme_points(points, dir, got.i_min, got.i_max),
           op_name<T, N>("extreme_points"), [&] {
             return EvalLine("extreme_points")
                 .field("points", EvalLine::points(points))
                 .field("dir", EvalLine::vec(dir))
                 .str();
           });
    return;
  }
  const std::size_t start = in.byte() % (n + 2);  // n and n + 1 test the out-of-range answer
  std::vector<std::vector<std::size_t>> neighbors(n);
  std::vector<std::size_t> offsets{0}, flat;
  bool in_range = start < n;
  for (auto& list : neighbors) {
    list.resize(in.byte() % 8);
    for (auto& u : list) {
      u = in.byte() % (n + 2);
      in_range = in_range && u < n;
      flat.push_back(u);
    }
    offsets.push_back(flat.size());
  }
  const auto got = opt::hill_climb(points.data(), n, offsets.data(), flat.data(), dir, start);
  const bool valid = finite && in_range && n > 0;
  report(valid ? judge::hill_climb(points, neighbors, dir, start, got.index)
               : nf::hill_climb(points, neighbors, dir, start, got.index, got.steps),
         op_name<T, N>("hill_climb"), [&] {
           std::string lists = "[";
           for (std::size_t k = 0; k < n; ++k) {
             lists += k ? ", [" : "[";
             for (std::size_t j = 0; j < neighbors[k].size(); ++j)
               lists += (j ? ", " : "") + std::to_string(neighbors[k][j]);
             lists += "]";
           }
           return EvalLine("hill_climb")
               .field("points", EvalLine::points(points))
               .field("neighbors", lists + "]")
               .field("dir", EvalLine::vec(dir))
               .field("start", std::to_string(start))
               .str();
         });
  if (valid && got.steps > n - 1)
    report(judge::Violation{"hill_climb terminates within n - 1 steps", std::to_string(got.steps)},
           op_name<T, N>("hill_climb"), [] { return std::string("{}"); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteSource in(data, size);
  const std::uint8_t selector = in.byte();
  with_type_and_dimension(selector,
                          [&]<class T, std::size_t N>() { run<T, N>(in, selector >> 2); });
  return 0;
}
