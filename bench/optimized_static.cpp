// Centre–extent overlap: the exact-decision optimized::overlap against the naive float formula
// fabs(cb - ca) <= ea + eb per axis (seed 000 Listing 3), float and double, 3D, on random
// inputs (almost never a filter tie) and on edge-heavy inputs (every pair touching within
// ±2 ulps on every axis, so the exact fallback runs often). Same run, same inputs.

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

#include "aabb/optimized/static.hpp"
#include "bench_common.hpp"

namespace {

namespace opt = aabb::optimized;

constexpr std::size_t kPairs = 4096;

template <class T>
std::vector<opt::CenterExtent<T, 3>> make_boxes(bool edge) {
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<T> c(-100, 100), e(0, 10);
  std::uniform_int_distribution<int> u(-2, 2);
  std::vector<opt::CenterExtent<T, 3>> v(2 * kPairs);
  for (std::size_t k = 0; k < kPairs; ++k) {
    auto& a = v[2 * k];
    auto& b = v[2 * k + 1];
    for (std::size_t i = 0; i < 3; ++i) {
      a.center[i] = c(rng);
      a.extent[i] = e(rng);
      b.extent[i] = e(rng);
      b.center[i] = edge ? aabb::bench::nudge(a.center[i] + (a.extent[i] + b.extent[i]), u(rng)) : c(rng);
    }
  }
  return v;
}

template <class T>
bool naive_overlap(const opt::CenterExtent<T, 3>& a, const opt::CenterExtent<T, 3>& b) {
  int hit = 1;
  for (std::size_t i = 0; i < 3; ++i) hit &= int(std::fabs(b.center[i] - a.center[i]) <= a.extent[i] + b.extent[i]);
  return hit != 0;
}

/// The seed's own form: && stops at the first separated axis.
template <class T>
bool naive_overlap_early_exit(const opt::CenterExtent<T, 3>& a, const opt::CenterExtent<T, 3>& b) {
  for (std::size_t i = 0; i < 3; ++i)
    if (!(std::fabs(b.center[i] - a.center[i]) <= a.extent[i] + b.extent[i])) return false;
  return true;
}

/// Kind 0: naive branch-free; 1: naive early exit; 2: exact (optimized::overlap).
template <class T, int Kind>
void BM_overlap(benchmark::State& state) {
  const auto v = make_boxes<T>(state.range(0) != 0);
  for (auto _ : state) {
    std::size_t hits = 0;
    for (std::size_t k = 0; k < kPairs; ++k) {
      if constexpr (Kind == 2)
        hits += opt::overlap(v[2 * k], v[2 * k + 1]);
      else if constexpr (Kind == 1)
        hits += naive_overlap_early_exit(v[2 * k], v[2 * k + 1]);
      else
        hits += naive_overlap(v[2 * k], v[2 * k + 1]);
    }
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPairs));
}

}  // namespace

// Arg 0: random inputs; arg 1: edge-heavy inputs.
BENCHMARK(BM_overlap<float, 0>)->Name("naive_ce_overlap/float")->Arg(0)->Arg(1);
BENCHMARK(BM_overlap<float, 1>)->Name("naive_early_exit_ce_overlap/float")->Arg(0)->Arg(1);
BENCHMARK(BM_overlap<float, 2>)->Name("exact_ce_overlap/float")->Arg(0)->Arg(1);
BENCHMARK(BM_overlap<double, 0>)->Name("naive_ce_overlap/double")->Arg(0)->Arg(1);
BENCHMARK(BM_overlap<double, 1>)->Name("naive_early_exit_ce_overlap/double")->Arg(0)->Arg(1);
BENCHMARK(BM_overlap<double, 2>)->Name("exact_ce_overlap/double")->Arg(0)->Arg(1);

BENCHMARK_MAIN();
