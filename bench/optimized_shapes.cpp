// Sphere and plane queries of optimized/shapes.hpp against the naive float formulas engines ship:
// overlap_sphere vs Arvo's sum in T (Σ gap² <= r·r), plane_side vs n·c - d against Σ|n|·e in T,
// distance_sq vs Σ gap² in T; float and double, 3D. Arg 0: random inputs (the filters decide);
// arg 1: edge-heavy inputs (spheres exactly tangent to a face, an edge or a corner with integer
// Pythagorean gaps; planes exactly through a corner): every case takes the exact fallback.

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

#include "aabb/optimized/shapes.hpp"

namespace {

namespace opt = aabb::optimized;

constexpr std::size_t kCases = 4096;

template <class T>
struct Case {
  opt::Box<T, 3> box;
  opt::Vec<T, 3> v;  // sphere centre / plane normal
  T s;               // radius / offset
};

template <class T>
std::vector<Case<T>> make_spheres(bool edge) {
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<T> x(-100, 100), w(0, 10), r(0, 60);
  std::uniform_int_distribution<int> base(-50, 50), width(0, 10), pick(0, 3), side(0, 1);
  static const std::array<std::array<int, 4>, 4> tuples = {{{2, 3, 6, 7}, {1, 2, 2, 3}, {0, 3, 4, 5}, {0, 0, 1, 1}}};
  std::vector<Case<T>> v(kCases);
  for (auto& c : v) {
    const auto& t = tuples[pick(rng)];
    for (std::size_t i = 0; i < 3; ++i) {
      if (edge) {
        c.box.lo[i] = T(base(rng));
        c.box.hi[i] = c.box.lo[i] + T(width(rng));
        c.v[i] = side(rng) ? c.box.lo[i] - T(t[i]) : c.box.hi[i] + T(t[i]);
      } else {
        c.box.lo[i] = x(rng);
        c.box.hi[i] = c.box.lo[i] + w(rng);
        c.v[i] = x(rng);
      }
    }
    c.s = edge ? T(t[3]) : r(rng);
  }
  return v;
}

template <class T>
std::vector<Case<T>> make_planes(bool edge) {
  std::mt19937_64 rng(20261123);
  std::uniform_real_distribution<T> x(-100, 100), w(0, 10), n(-1, 1);
  std::uniform_int_distribution<int> base(-50, 50), width(0, 10), ni(-5, 5), side(0, 1);
  std::vector<Case<T>> v(kCases);
  for (auto& c : v) {
    T d = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      if (edge) {
        c.box.lo[i] = T(base(rng));
        c.box.hi[i] = c.box.lo[i] + T(width(rng));
        c.v[i] = T(ni(rng));
        d += c.v[i] * (side(rng) ? c.box.lo[i] : c.box.hi[i]);  // small integers: exact
      } else {
        c.box.lo[i] = x(rng);
        c.box.hi[i] = c.box.lo[i] + w(rng);
        c.v[i] = n(rng);
      }
    }
    c.s = edge ? d : x(rng);
  }
  return v;
}

template <class T>
T naive_distance_sq(const opt::Box<T, 3>& b, const opt::Vec<T, 3>& p) {
  T s = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    if (p[i] < b.lo[i]) s += (b.lo[i] - p[i]) * (b.lo[i] - p[i]);
    else if (p[i] > b.hi[i]) s += (p[i] - b.hi[i]) * (p[i] - b.hi[i]);
  }
  return s;
}

template <class T>
int naive_plane_side(const opt::Box<T, 3>& b, const opt::Vec<T, 3>& n, T d) {
  T s = -d, reach = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    s += n[i] * ((b.lo[i] + b.hi[i]) / 2);
    reach += std::fabs(n[i]) * ((b.hi[i] - b.lo[i]) / 2);
  }
  return s > reach ? 1 : (s < -reach ? -1 : 0);
}

/// Kind 0: naive Arvo; 1: optimized::overlap_sphere.
template <class T, int Kind>
void BM_sphere(benchmark::State& state) {
  const auto v = make_spheres<T>(state.range(0) != 0);
  for (auto _ : state) {
    std::size_t hits = 0;
    for (const auto& c : v) {
      if constexpr (Kind == 1)
        hits += opt::overlap_sphere(c.box, c.v, c.s);
      else
        hits += naive_distance_sq(c.box, c.v) <= c.s * c.s;
    }
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}

/// Kind 0: naive Σ gap² in T; 1: optimized::distance_sq; 2: distance_sq_conservative.
template <class T, int Kind>
void BM_distance(benchmark::State& state) {
  const auto v = make_spheres<T>(state.range(0) != 0);
  for (auto _ : state) {
    T sum = 0;
    for (const auto& c : v) {
      if constexpr (Kind == 2)
        sum += opt::distance_sq_conservative(c.box, c.v);
      else if constexpr (Kind == 1)
        sum += opt::distance_sq(c.box, c.v);
      else
        sum += naive_distance_sq(c.box, c.v);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}

/// Kind 0: naive centre–extent plane test; 1: optimized::plane_side.
template <class T, int Kind>
void BM_plane(benchmark::State& state) {
  const auto v = make_planes<T>(state.range(0) != 0);
  for (auto _ : state) {
    int sum = 0;
    for (const auto& c : v) {
      if constexpr (Kind == 1)
        sum += opt::plane_side(c.box, c.v, c.s);
      else
        sum += naive_plane_side(c.box, c.v, c.s);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}

}  // namespace

BENCHMARK(BM_sphere<float, 0>)->Name("naive_overlap_sphere/float")->Arg(0)->Arg(1);
BENCHMARK(BM_sphere<float, 1>)->Name("exact_overlap_sphere/float")->Arg(0)->Arg(1);
BENCHMARK(BM_sphere<double, 0>)->Name("naive_overlap_sphere/double")->Arg(0)->Arg(1);
BENCHMARK(BM_sphere<double, 1>)->Name("exact_overlap_sphere/double")->Arg(0)->Arg(1);
BENCHMARK(BM_distance<float, 0>)->Name("naive_distance_sq/float")->Arg(0);
BENCHMARK(BM_distance<float, 1>)->Name("distance_sq/float")->Arg(0);
BENCHMARK(BM_distance<float, 2>)->Name("distance_sq_conservative/float")->Arg(0);
BENCHMARK(BM_distance<double, 0>)->Name("naive_distance_sq/double")->Arg(0);
BENCHMARK(BM_distance<double, 1>)->Name("distance_sq/double")->Arg(0);
BENCHMARK(BM_distance<double, 2>)->Name("distance_sq_conservative/double")->Arg(0);
BENCHMARK(BM_plane<float, 0>)->Name("naive_plane_side/float")->Arg(0)->Arg(1);
BENCHMARK(BM_plane<float, 1>)->Name("exact_plane_side/float")->Arg(0)->Arg(1);
BENCHMARK(BM_plane<double, 0>)->Name("naive_plane_side/double")->Arg(0)->Arg(1);
BENCHMARK(BM_plane<double, 1>)->Name("exact_plane_side/double")->Arg(0)->Arg(1);

BENCHMARK_MAIN();
