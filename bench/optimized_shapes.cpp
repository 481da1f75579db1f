// The ops of contract §2b in optimized/ against the naive float formulas engines ship
// (listings/textbook_shapes.hpp), all in one program so that one run gives every ratio; each
// benchmark function below says which formula it measures ours against. Float and double, 3D
// unless named. Arg 0: random inputs (the filters decide); arg 1: edge-heavy inputs (spheres
// exactly tangent to a face, an edge or a corner with integer Pythagorean gaps; planes exactly
// through a corner; boxes sharing faces; triangles within ±2 ulps of a box edge along a
// cross-product axis or in a plane through a corner): the exact fallbacks run.
// Names: ours_<op>/<T>/<arg> and naive_<op>/<T>/<arg> (tools/perf_report.py's rows).

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

#include "aabb/listings/textbook_shapes.hpp"
#include "aabb/optimized/shapes.hpp"
#include "aabb/optimized/static.hpp"
#include "aabb/optimized/triangle.hpp"
#include "bench_common.hpp"

namespace {

namespace opt = aabb::optimized;
namespace naive = aabb::textbook;

constexpr std::size_t kCases = 4096;

template <class T>
struct Case {
  opt::Box<T, 3> box;
  opt::Vec<T, 3> v;  // sphere centre / plane normal / point / margins
  T s;               // radius / offset / margin
};

template <class T>
struct PairCase {
  opt::Box<T, 3> a, b;
};

template <class T, std::size_t N>
struct TriangleCase {
  opt::Box<T, N> box;
  std::array<opt::Vec<T, N>, 3> v;
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

/// Two boxes: random (overlapping, nested or apart: sides up to 60 in [-100, 100]³) or edge-heavy
/// (b inside a sharing faces, or one ulp out of a on one axis).
template <class T>
std::vector<PairCase<T>> make_pairs(bool edge) {
  std::mt19937_64 rng(20261124);
  std::uniform_real_distribution<T> x(-100, 100), w(0, 60), f(0, 1);
  std::uniform_int_distribution<int> pick(0, 2), ulps(-1, 1);
  std::vector<PairCase<T>> v(kCases);
  for (auto& c : v) {
    for (std::size_t i = 0; i < 3; ++i) {
      c.a.lo[i] = x(rng);
      c.a.hi[i] = c.a.lo[i] + w(rng);
      if (edge) {
        const T span = c.a.hi[i] - c.a.lo[i];
        const int k = pick(rng);
        c.b.lo[i] = k == 0 ? c.a.lo[i] : c.a.lo[i] + span * f(rng) / 2;
        c.b.hi[i] = k == 1 ? c.a.hi[i] : c.a.hi[i] - span * f(rng) / 2;
        c.b.lo[i] = aabb::bench::nudge(c.b.lo[i], k == 0 ? ulps(rng) : 0);
      } else {
        c.b.lo[i] = x(rng);
        c.b.hi[i] = c.b.lo[i] + w(rng);
      }
    }
  }
  return v;
}

template <class T, std::size_t N>
std::vector<TriangleCase<T, N>> make_triangles(bool edge) {
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<T> pos(-10, 10), size(0, 3), off(0.125, 4);
  std::uniform_int_distribution<int> ulps(-2, 2), pick(0, 1);
  std::vector<TriangleCase<T, N>> v(kCases);
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

// Each op's benchmarks are registered after its function: ours_<op>/<T> and naive_<op>/<T>.
#define AABB_BENCH_BOTH(fn, op, naive_kind, ours_kind)                                        \
  BENCHMARK(fn<float, naive_kind>)->Name("naive_" op "/float")->Arg(0)->Arg(1);               \
  BENCHMARK(fn<float, ours_kind>)->Name("ours_" op "/float")->Arg(0)->Arg(1);                 \
  BENCHMARK(fn<double, naive_kind>)->Name("naive_" op "/double")->Arg(0)->Arg(1);             \
  BENCHMARK(fn<double, ours_kind>)->Name("ours_" op "/double")->Arg(0)->Arg(1)

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
        hits += naive::overlap_sphere(c.box, c.v, c.s);
    }
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}
AABB_BENCH_BOTH(BM_sphere, "overlap_sphere", 0, 1);


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
        sum += naive::distance_sq(c.box, c.v);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}
AABB_BENCH_BOTH(BM_distance, "distance_sq", 0, 1);
BENCHMARK(BM_distance<float, 2>)->Name("ours_distance_sq_conservative/float")->Arg(0)->Arg(1);
BENCHMARK(BM_distance<double, 2>)->Name("ours_distance_sq_conservative/double")->Arg(0)->Arg(1);


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
        sum += naive::plane_side(c.box, c.v, c.s);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}
AABB_BENCH_BOTH(BM_plane, "plane_side", 0, 1);


/// grow by the scalar margin |s| / 8 (Kind 0: lo - m, hi + m rounded to nearest; 1: outward) and
/// closest_point (Kind 2: fmin/fmax clamp; 3: optimized), over the sphere cases (arg 1: integer
/// boxes, where nothing rounds).
template <class T, int Kind>
void BM_point(benchmark::State& state) {
  const auto v = make_spheres<T>(state.range(0) != 0);
  for (auto _ : state) {
    T sum = 0;
    for (const auto& c : v) {
      if constexpr (Kind == 0 || Kind == 1) {
        const T m = c.s / 8;
        const opt::Box<T, 3> g = Kind == 1 ? opt::grow(c.box, m) : naive::grow(c.box, m);
        for (std::size_t i = 0; i < 3; ++i) sum += g.lo[i] + g.hi[i];  // every bound: none dead
      } else {
        const opt::Vec<T, 3> p = Kind == 3 ? opt::closest_point(c.box, c.v) : naive::closest_point(c.box, c.v);
        sum += p[0] + p[1] + p[2];
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}
AABB_BENCH_BOTH(BM_point, "grow", 0, 1);
AABB_BENCH_BOTH(BM_point, "closest_point", 2, 3);


/// Two boxes. Kind 0/1: contains_box naive/ours; 2/3: classify; 4/5: union.
template <class T, int Kind>
void BM_pair(benchmark::State& state) {
  const auto v = make_pairs<T>(state.range(0) != 0);
  for (auto _ : state) {
    T sum = 0;
    for (const auto& c : v) {
      if constexpr (Kind == 0) sum += naive::contains_box(c.a, c.b);
      else if constexpr (Kind == 1) sum += opt::contains_box(c.a, c.b);
      else if constexpr (Kind == 2) sum += naive::classify(c.a, c.b);
      else if constexpr (Kind == 3) sum += T(int(opt::classify(c.a, c.b)));
      else {
        const opt::Box<T, 3> u = Kind == 5 ? opt::union_of(c.a, c.b) : naive::box_union(c.a, c.b);
        for (std::size_t i = 0; i < 3; ++i) sum += u.lo[i] + u.hi[i];
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}
AABB_BENCH_BOTH(BM_pair, "contains_box", 0, 1);
AABB_BENCH_BOTH(BM_pair, "classify", 2, 3);
AABB_BENCH_BOTH(BM_pair, "union", 4, 5);


/// Exact = false: naive Akenine-Möller; true: optimized::overlap_triangle.
template <class T, std::size_t N, bool Exact>
void BM_triangle(benchmark::State& state) {
  const auto v = make_triangles<T, N>(state.range(0) != 0);
  for (auto _ : state) {
    std::size_t hits = 0;
    for (const auto& c : v) {
      if constexpr (Exact)
        hits += opt::overlap_triangle(c.box, c.v[0], c.v[1], c.v[2]);
      else
        hits += naive::overlap_triangle(c.box, c.v);
    }
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCases));
}
#define AABB_BENCH_TRIANGLE(T, N, dim)                                                                  \
  BENCHMARK(BM_triangle<T, N, false>)->Name("naive_overlap_triangle" dim "/" #T)->Arg(0)->Arg(1);      \
  BENCHMARK(BM_triangle<T, N, true>)->Name("ours_overlap_triangle" dim "/" #T)->Arg(0)->Arg(1)
AABB_BENCH_TRIANGLE(float, 3, "");
AABB_BENCH_TRIANGLE(double, 3, "");
AABB_BENCH_TRIANGLE(float, 2, "_2d");
AABB_BENCH_TRIANGLE(double, 2, "_2d");


}  // namespace

BENCHMARK_MAIN();
