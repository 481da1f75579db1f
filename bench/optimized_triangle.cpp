// Box–triangle overlap: the exact-decision optimized::overlap_triangle against the naive float
// Akenine-Möller test (centre and half-extents, every projection rounded in T), float and double,
// 3D and 2D, on random input (boxes and triangles scattered in [-10, 10]^N; the filter almost
// always decides) and on edge input (segments and triangles passing within ±2 ulps of a box edge
// along a cross-product axis, or in a plane through a box corner: the filter is often in doubt and
// the exact expansion runs). Same run, same inputs.

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

#include "aabb/optimized/triangle.hpp"
#include "bench_common.hpp"

namespace {

namespace opt = aabb::optimized;

constexpr std::size_t kCases = 4096;

template <class T, std::size_t N>
struct Case {
  opt::Box<T, N> box;
  std::array<opt::Vec<T, N>, 3> v;
};

template <class T, std::size_t N>
std::vector<Case<T, N>> make_cases(bool edge) {
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<T> pos(-10, 10), size(0, 3), off(0.125, 4);
  std::uniform_int_distribution<int> ulps(-2, 2), pick(0, 1);
  std::vector<Case<T, N>> v(kCases);
  for (std::size_t n = 0; n < kCases; ++n) {
    auto& c = v[n];
    for (std::size_t i = 0; i < N; ++i) {
      c.box.lo[i] = pos(rng);
      c.box.hi[i] = c.box.lo[i] + size(rng);
      for (auto& p : c.v) p[i] = pos(rng);
    }
    if (!edge) continue;
    if (N == 2 || pick(rng) == 0) {
      // A line within ±2 ulps of the corner (hi_j, hi_k), the triangle beyond it.
      const std::size_t j = 0, k = 1;
      const T a = off(rng), b = off(rng);
      c.v[0][j] = c.box.hi[j] + a;
      c.v[0][k] = c.box.hi[k] - b;
      c.v[1][j] = c.box.hi[j] - a;
      c.v[1][k] = c.box.hi[k] + b;
      c.v[2][j] = c.box.hi[j] + off(rng);
      c.v[2][k] = c.box.hi[k] + off(rng);
      if constexpr (N == 3) c.v[0][2] = c.v[1][2] = c.box.lo[2];
      c.v[0][j] = aabb::bench::nudge(c.v[0][j], ulps(rng));
    } else if constexpr (N == 3) {
      // A triangle in a plane through the corner hi, which is its centroid.
      const T p = off(rng), q = off(rng), r = off(rng);
      const std::array<std::array<T, 3>, 3> w{{{p, -q, 0}, {0, q, -r}, {-p, 0, r}}};
      for (int k = 0; k < 3; ++k)
        for (std::size_t i = 0; i < 3; ++i) c.v[k][i] = c.box.hi[i] + w[k][i];
      c.v[0][0] = aabb::bench::nudge(c.v[0][0], ulps(rng));
    }
  }
  return v;
}

/// The naive float Akenine-Möller test.
template <class T, std::size_t N>
bool naive(const Case<T, N>& c) {
  opt::Vec<T, N> h, w[3];
  for (std::size_t i = 0; i < N; ++i) {
    const T ctr = (c.box.lo[i] + c.box.hi[i]) * T(0.5);
    h[i] = (c.box.hi[i] - c.box.lo[i]) * T(0.5);
    for (int k = 0; k < 3; ++k) w[k][i] = c.v[k][i] - ctr;
  }
  for (std::size_t i = 0; i < N; ++i) {
    const T mn = std::fmin(w[0][i], std::fmin(w[1][i], w[2][i]));
    const T mx = std::fmax(w[0][i], std::fmax(w[1][i], w[2][i]));
    if (mn > h[i] || mx < -h[i]) return false;
  }
  auto separated = [&](const opt::Vec<T, N>& a) {
    T r = 0;
    T p[3] = {0, 0, 0};
    for (std::size_t i = 0; i < N; ++i) {
      r += h[i] * std::fabs(a[i]);
      for (int k = 0; k < 3; ++k) p[k] += a[i] * w[k][i];
    }
    const T mn = std::fmin(p[0], std::fmin(p[1], p[2])), mx = std::fmax(p[0], std::fmax(p[1], p[2]));
    return mn > r || mx < -r;
  };
  opt::Vec<T, N> e[3];
  for (std::size_t i = 0; i < N; ++i) {
    e[0][i] = w[1][i] - w[0][i];
    e[1][i] = w[2][i] - w[1][i];
    e[2][i] = w[0][i] - w[2][i];
  }
  if constexpr (N == 3) {
    const opt::Vec<T, 3> n{e[0][1] * e[1][2] - e[0][2] * e[1][1], e[0][2] * e[1][0] - e[0][0] * e[1][2],
                           e[0][0] * e[1][1] - e[0][1] * e[1][0]};
    if (separated(n)) return false;
    for (std::size_t i = 0; i < 3; ++i)
      for (const auto& ed : e) {
        opt::Vec<T, 3> a{};
        a[(i + 1) % 3] = -ed[(i + 2) % 3];
        a[(i + 2) % 3] = ed[(i + 1) % 3];
        if (separated(a)) return false;
      }
  } else {
    for (const auto& ed : e)
      if (separated(opt::Vec<T, 2>{-ed[1], ed[0]})) return false;
  }
  return true;
}

/// Exact = false: naive; true: optimized::overlap_triangle.
template <class T, std::size_t N, bool Exact>
void BM_triangle(benchmark::State& state) {
  const auto v = make_cases<T, N>(state.range(0) != 0);
  for (auto _ : state) {
    std::size_t hits = 0;
    for (const auto& c : v) {
      if constexpr (Exact)
        hits += opt::overlap_triangle(c.box, c.v[0], c.v[1], c.v[2]);
      else
        hits += naive(c);
    }
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}

}  // namespace

// Arg 0: random input; arg 1: edge input.
BENCHMARK(BM_triangle<float, 3, false>)->Name("naive_triangle/float/3D")->Arg(0)->Arg(1);
BENCHMARK(BM_triangle<float, 3, true>)->Name("exact_triangle/float/3D")->Arg(0)->Arg(1);
BENCHMARK(BM_triangle<double, 3, false>)->Name("naive_triangle/double/3D")->Arg(0)->Arg(1);
BENCHMARK(BM_triangle<double, 3, true>)->Name("exact_triangle/double/3D")->Arg(0)->Arg(1);
BENCHMARK(BM_triangle<float, 2, false>)->Name("naive_triangle/float/2D")->Arg(0)->Arg(1);
BENCHMARK(BM_triangle<float, 2, true>)->Name("exact_triangle/float/2D")->Arg(0)->Arg(1);
BENCHMARK(BM_triangle<double, 2, false>)->Name("naive_triangle/double/2D")->Arg(0)->Arg(1);
BENCHMARK(BM_triangle<double, 2, true>)->Name("exact_triangle/double/2D")->Arg(0)->Arg(1);
BENCHMARK_MAIN();
