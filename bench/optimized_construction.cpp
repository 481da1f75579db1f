// The construction ops: optimized::transform (min–max and centre–extent; conservative, each
// bound rounded outward), bounds_of_sphere (rounded outward) and its loose variant (one step
// outward, always), and extreme_points (exact indices) against seed 002's naive float formulas, float and double, 3D, in the same run on the same
// inputs. Arg 0: random inputs (rotation-like matrices, boxes anywhere in [-100, 100]). Arg 1:
// edge-heavy inputs: small integers and matrix entries in {-2, -1, -1/2, 0, 1/2, 1, 2}, so every
// exact bound is representable (the worst case of transform's filter: it cannot tell a
// representable bound from one just beside it, and falls back to the exact path), and for
// extreme_points lattice points with many tied projections.

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "aabb/optimized/construction.hpp"
#include "aabb/listings/textbook.hpp"

namespace {

namespace opt = aabb::optimized;
namespace textbook = aabb::textbook;

constexpr std::size_t kCases = 4096;
constexpr std::size_t kPoints = 32;  // points per extreme_points query

template <class T>
using V3 = opt::Vec<T, 3>;

template <class T>
struct Case {
  opt::Box<T, 3> box;
  opt::CenterExtent<T, 3> ce;
  opt::Matrix<T, 3> m;
  V3<T> t;
  T r;
};

template <class T>
std::vector<Case<T>> make_cases(bool edge) {
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<T> c(-100, 100), e(0, 10), u(-1, 1);
  std::uniform_int_distribution<int> small(-50, 50), ext(0, 10), entry(0, 6);
  const std::array<T, 7> entries{T(-2), T(-1), T(-0.5), T(0), T(0.5), T(1), T(2)};
  std::vector<Case<T>> v(kCases);
  for (auto& k : v) {
    for (std::size_t i = 0; i < 3; ++i) {
      const T cc = edge ? T(small(rng)) : c(rng), ee = edge ? T(ext(rng)) : e(rng);
      k.ce.center[i] = cc, k.ce.extent[i] = ee;
      k.box.lo[i] = cc - ee, k.box.hi[i] = cc + ee;
      k.t[i] = edge ? T(small(rng)) : c(rng);
      for (std::size_t j = 0; j < 3; ++j)
        k.m[i][j] = edge ? entries[std::size_t(entry(rng))] : u(rng);
    }
    k.r = edge ? T(ext(rng)) : e(rng);
  }
  return v;
}

template <class T>
std::vector<V3<T>> make_points(bool edge) {
  std::mt19937_64 rng(20261123);
  std::uniform_real_distribution<T> c(-100, 100);
  std::uniform_int_distribution<int> lattice(-2, 2);
  std::vector<V3<T>> p(kCases + kPoints);
  for (auto& x : p)
    for (auto& y : x) y = edge ? T(lattice(rng)) : c(rng);
  return p;
}

// ---- Seed 002's naive formulas ----------------------------------------------------------------

// Seed 002's UpdateAABB in both forms, from the project's re-creation of the listings
// (listings/textbook.hpp), so the benchmark measures the very code the seed tests pin.

template <class T>
opt::Box<T, 3> naive_transform(const opt::Box<T, 3>& a, const opt::Matrix<T, 3>& m,
                               const V3<T>& t) {
  textbook::MinMax3<T> b;
  textbook::UpdateAABB(textbook::MinMax3<T>{a.lo, a.hi}, m, t, b);
  return {b.lo, b.hi};
}

template <class T>
opt::CenterExtent<T, 3> naive_transform(const opt::CenterExtent<T, 3>& a,
                                        const opt::Matrix<T, 3>& m, const V3<T>& t) {
  textbook::CenterExtent3<T> b;
  textbook::UpdateAABB(textbook::CenterExtent3<T>{a.center, a.extent}, m, t, b);
  return {b.center, b.extent};
}

template <class T>
opt::Box<T, 3> naive_sphere(const V3<T>& c, T r) {
  opt::Box<T, 3> b;
  for (std::size_t i = 0; i < 3; ++i) b.lo[i] = c[i] - r, b.hi[i] = c[i] + r;
  return b;
}

template <class T>
opt::Extremes naive_extremes(const V3<T>* p, std::size_t n, const V3<T>& d) {
  opt::Extremes r{0, 0};
  T lo = std::numeric_limits<T>::max(), hi = -lo;
  for (std::size_t k = 0; k < n; ++k) {
    const T proj = p[k][0] * d[0] + p[k][1] * d[1] + p[k][2] * d[2];
    if (proj < lo) lo = proj, r.i_min = k;
    if (proj > hi) hi = proj, r.i_max = k;
  }
  return r;
}

// ---- Benchmarks --------------------------------------------------------------------------------

enum Op { kTransform, kTransformCe, kSphere, kSphereLoose, kExtremes };

template <class T, Op O, bool Ours>
void BM_construction(benchmark::State& state) {
  const bool edge = state.range(0) != 0;
  const auto cases = make_cases<T>(edge);
  const auto points = make_points<T>(edge);
  T sum = 0;
  for (auto _ : state) {
    for (std::size_t n = 0; n < kCases; ++n) {
      const auto& k = cases[n];
      if constexpr (O == kTransform) {
        const auto b = Ours ? opt::transform(k.box, k.m, k.t) : naive_transform(k.box, k.m, k.t);
        benchmark::DoNotOptimize(b);  // every bound, for both sides alike
      } else if constexpr (O == kTransformCe) {
        const auto b = Ours ? opt::transform(k.ce, k.m, k.t) : naive_transform(k.ce, k.m, k.t);
        benchmark::DoNotOptimize(b);  // every bound, for both sides alike
      } else if constexpr (O == kSphere) {
        const auto b =
            Ours ? opt::bounds_of_sphere(k.ce.center, k.r) : naive_sphere(k.ce.center, k.r);
        benchmark::DoNotOptimize(b);  // every bound, for both sides alike
      } else if constexpr (O == kSphereLoose) {
        const auto b = opt::bounds_of_sphere_loose(k.ce.center, k.r);
        benchmark::DoNotOptimize(b);  // every bound, as for the naive formula
      } else {
        const auto r = Ours ? opt::extreme_points(points.data() + n, kPoints, k.ce.center)
                            : naive_extremes(points.data() + n, kPoints, k.ce.center);
        sum += T(r.i_min + r.i_max);
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  // Outside the timed loop: how many queries leave transform's filter. Min–max: the boxes whose
  // one-test filter fails (transform_rows then rounds each bound, most by the same filter);
  // centre–extent: the rows that take the exact path.
  if constexpr (Ours && O == kTransform) {
    std::size_t missed = 0;
    for (const auto& k : cases) {
      opt::Box<T, 3> r;
      missed += !opt::detail::transform_filter(k.box, k.m, k.t, r);
    }
    state.counters["filter_miss"] = double(missed) / double(cases.size());
  } else if constexpr (Ours && O == kTransformCe) {
    std::size_t exact = 0;
    for (const auto& k : cases)
      for (std::size_t i = 0; i < 3; ++i) {
        T c, e;
        exact += !opt::detail::transform_ce_row_filter(k.ce, k.m, k.t, i, c, e);
      }
    state.counters["exact_path"] = double(exact) / double(3 * cases.size());
  } else if constexpr (Ours && O == kSphere) {
    // Calls leaving the one-test fast path for the general one (TwoSum with the NaN fixup).
    std::size_t general = 0;
    for (const auto& k : cases) general += !opt::detail::sphere_in_range(k.ce.center, k.r);
    state.counters["exact_path"] = double(general) / double(cases.size());
  } else if constexpr (Ours && O == kExtremes) {
    // Queries the one-pass filter leaves in doubt (then the contenders are compared exactly).
    std::size_t doubt = 0;
    for (std::size_t n = 0; n < kCases; ++n) {
      opt::Extremes r;
      double lo, hi, e;
      bool clean;
      doubt += !opt::detail::extreme_points_filter(points.data() + n, kPoints, cases[n].ce.center, r, lo,
                                                   hi, e, clean);
    }
    state.counters["exact_path"] = double(doubt) / double(kCases);
#if defined(__SSE2__)
    // Float: the queries the float pass leaves to the double pass (which starts over).
    if constexpr (std::is_same_v<T, float>) {
      std::size_t left = 0;
      for (std::size_t n = 0; n < kCases; ++n) {
        opt::Extremes r;
        left += !opt::detail::extreme_points_float(points.data() + n, kPoints, cases[n].ce.center, r);
      }
      state.counters["float_pass_doubt"] = double(left) / double(kCases);
    }
#endif
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}

}  // namespace

// Arg 0: random inputs; arg 1: edge-heavy inputs. Each "ours" next to its naive counterpart;
// extreme_points items are queries over 32 points each.
#define AABB_BENCH_CONSTRUCTION(T)                                                                 \
  BENCHMARK(BM_construction<T, kTransform, false>)->Name("naive_transform/" #T)->Arg(0)->Arg(1);   \
  BENCHMARK(BM_construction<T, kTransform, true>)->Name("ours_transform/" #T)->Arg(0)->Arg(1);     \
  BENCHMARK(BM_construction<T, kTransformCe, false>)                                               \
      ->Name("naive_transform_ce/" #T)                                                             \
      ->Arg(0)                                                                                     \
      ->Arg(1);                                                                                    \
  BENCHMARK(BM_construction<T, kTransformCe, true>)                                                \
      ->Name("ours_transform_ce/" #T)                                                              \
      ->Arg(0)                                                                                     \
      ->Arg(1);                                                                                    \
  BENCHMARK(BM_construction<T, kSphere, false>)                                                    \
      ->Name("naive_bounds_of_sphere/" #T)                                                         \
      ->Arg(0)                                                                                     \
      ->Arg(1);                                                                                    \
  BENCHMARK(BM_construction<T, kSphere, true>)->Name("ours_bounds_of_sphere/" #T)->Arg(0)->Arg(1); \
  BENCHMARK(BM_construction<T, kSphereLoose, true>)                                                \
      ->Name("ours_bounds_of_sphere_loose/" #T)                                                    \
      ->Arg(0)                                                                                     \
      ->Arg(1);                                                                                    \
  BENCHMARK(BM_construction<T, kExtremes, false>)                                                  \
      ->Name("naive_extreme_points/" #T)                                                           \
      ->Arg(0)                                                                                     \
      ->Arg(1);                                                                                    \
  BENCHMARK(BM_construction<T, kExtremes, true>)->Name("ours_extreme_points/" #T)->Arg(0)->Arg(1)

AABB_BENCH_CONSTRUCTION(float);
AABB_BENCH_CONSTRUCTION(double);

BENCHMARK_MAIN();
