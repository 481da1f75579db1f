// The exact answer two ways, on the same float inputs (3D): `plain` converts every input to a
// Rational and runs the reference (what the judges and `check` did before, filtered::plain), and
// `filtered` runs the filtered exact evaluator (filtered/), which builds Rationals only for the
// numbers of the answer. Names: BM_exact/<op>/<plain|filtered>/<random|edge>/<f32|f64>.
// - random: coordinates uniform in [-20, 20], extents in [0, 5], displacements in [-40, 40]
//   (about a third of the sweeps hit), 8 points per point list;
// - edge: the case library's edge-aimed generators (cases/: touching, nested,
//   flat, ulp-apart, zero displacement, huge, subnormal), sampled with fixed seeds.
// Counters: "fallback" = the fraction of calls answered by the plain reference (filtered only;
// invalid or non-finite inputs), "expansion" = how often a predicate left
// open by a float filter was decided by an exact float expansion (counted per predicate, so
// this is expansions per call and may exceed 1).

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "aabb/filtered.hpp"
#include "aabb/optimized/box.hpp"
#include "aabb/cases/generators.hpp"

namespace {

namespace opt = aabb::optimized;
namespace fil = aabb::filtered;
namespace gen = aabb::gen;

constexpr std::size_t kCases = 2048;

template <class T>
using V = opt::Vec<T, 3>;

/// A value of an edge-aimed generator, sampled outside a property.
template <class X>
X sample(const rc::Gen<X>& g, std::uint64_t seed) {
  return g(rc::Random(seed), 100).value();
}

template <class T>
struct Rng {
  std::mt19937_64 eng{20261123};
  T uni(T lo, T hi) { return std::uniform_real_distribution<T>(lo, hi)(eng); }
  V<T> vec(T lo, T hi) { return {uni(lo, hi), uni(lo, hi), uni(lo, hi)}; }
  opt::Box<T, 3> box() {
    opt::Box<T, 3> b;
    b.lo = vec(-20, 20);
    for (std::size_t i = 0; i < 3; ++i) b.hi[i] = b.lo[i] + uni(0, 5);
    return b;
  }
  opt::CenterExtent<T, 3> ce() { return {vec(-20, 20), vec(0, 5)}; }
  std::vector<V<T>> points() {
    std::vector<V<T>> ps(8);
    for (auto& p : ps) p = vec(-20, 20);
    return ps;
  }
};

template <class T>
opt::Box<T, 3> box_of(const aabb::reference::BasicBox<T, 3>& b) {
  return {b.lo, b.hi};
}

/// All the inputs an op needs, in one struct per case (only the fields the op uses are set).
template <class T>
struct Case {
  opt::Box<T, 3> a, b;
  opt::CenterExtent<T, 3> ca, cb;
  V<T> p, da, db, e0, e1;
  T t_min = 0, t_max = 0, r = 0;
  std::vector<V<T>> ps;
};

enum class Op {
  contains, contains_ce, overlap, overlap_ce, intersection, union_of, sweep, sweep_ce,
  moving_vs_static, ray, bounds_of_points, extreme_points, bounds_of_sphere
};
const char* name(Op op) {
  switch (op) {
    case Op::contains: return "contains";
    case Op::contains_ce: return "contains_ce";
    case Op::overlap: return "overlap";
    case Op::overlap_ce: return "overlap_ce";
    case Op::intersection: return "intersection";
    case Op::union_of: return "union_of";
    case Op::sweep: return "sweep";
    case Op::sweep_ce: return "sweep_ce";
    case Op::moving_vs_static: return "moving_vs_static";
    case Op::ray: return "ray";
    case Op::bounds_of_points: return "bounds_of_points";
    case Op::extreme_points: return "extreme_points";
    case Op::bounds_of_sphere: return "bounds_of_sphere";
  }
  return "?";
}

template <class T>
Case<T> random_case(Op op, Rng<T>& g) {
  Case<T> c;
  switch (op) {
    case Op::contains: c.a = g.box(); c.p = g.vec(-20, 25); break;
    case Op::contains_ce: c.ca = g.ce(); c.p = g.vec(-20, 20); break;
    case Op::overlap: case Op::intersection: case Op::union_of: c.a = g.box(); c.b = g.box(); break;
    case Op::overlap_ce: c.ca = g.ce(); c.cb = g.ce(); break;
    case Op::sweep: case Op::moving_vs_static:
      c.a = g.box(); c.b = g.box(); c.da = g.vec(-40, 40); c.db = g.vec(-40, 40); break;
    case Op::sweep_ce:
      c.ca = g.ce(); c.cb = g.ce(); c.e0 = g.vec(-40, 40); c.e1 = g.vec(-40, 40);
      for (std::size_t i = 0; i < 3; ++i) {
        c.e0[i] += c.ca.center[i];
        c.e1[i] += c.cb.center[i];
      }
      break;
    case Op::ray:
      c.a = g.box(); c.p = g.vec(-40, 40); c.da = g.vec(-1, 1); c.t_min = 0;
      c.t_max = std::numeric_limits<T>::infinity(); break;
    case Op::bounds_of_points: c.ps = g.points(); break;
    case Op::extreme_points: c.ps = g.points(); c.da = g.vec(-1, 1); break;
    case Op::bounds_of_sphere: c.p = g.vec(-20, 20); c.r = g.uni(0, 5); break;
  }
  return c;
}

template <class T>
Case<T> edge_case(Op op, std::uint64_t seed) {
  Case<T> c;
  switch (op) {
    case Op::contains: {
      c.a = box_of(sample(gen::box<T, 3>(), seed));
      c.p = sample(gen::point_near<T, 3>(aabb::reference::BasicBox<T, 3>{c.a.lo, c.a.hi}), seed + 1);
      break;
    }
    case Op::contains_ce: {
      const auto b = sample(gen::center_extent<T, 3>(), seed);
      c.ca = {b.center, b.extent};
      for (std::size_t i = 0; i < 3; ++i)  // on a face, rounded: the filter's ties
        c.p[i] = (seed + i) % 2 ? T(b.center[i] + b.extent[i]) : b.center[i];
      break;
    }
    case Op::overlap: case Op::intersection: case Op::union_of: {
      const auto pr = sample(gen::box_pair<T, 3>(), seed);
      c.a = box_of(pr.a);
      c.b = box_of(pr.b);
      break;
    }
    case Op::overlap_ce: {
      const auto a = sample(gen::center_extent<T, 3>(), seed), b = sample(gen::center_extent<T, 3>(), seed + 1);
      c.ca = {a.center, a.extent};
      c.cb = {b.center, b.extent};
      for (std::size_t i = 0; i < 3; ++i)
        if ((seed + i) % 3 != 0) {
          const T x = c.ca.center[i] + (c.ca.extent[i] + c.cb.extent[i]);
          if (std::isfinite(x)) c.cb.center[i] = x;
        }
      break;
    }
    case Op::sweep: case Op::moving_vs_static: case Op::sweep_ce: {
      const auto s = sample(gen::sweep_case<T, 3>(), seed);
      c.a = box_of(s.a);
      c.b = box_of(s.b);
      c.da = s.da;
      c.db = s.db;
      for (std::size_t i = 0; i < 3; ++i) {
        c.ca.center[i] = c.a.lo[i] / 2 + c.a.hi[i] / 2;
        c.ca.extent[i] = c.a.hi[i] / 2 - c.a.lo[i] / 2;
        c.cb.center[i] = c.b.lo[i] / 2 + c.b.hi[i] / 2;
        c.cb.extent[i] = c.b.hi[i] / 2 - c.b.lo[i] / 2;
        c.e0[i] = gen::finite_or(T(c.ca.center[i] + s.da[i]), c.ca.center[i]);
        c.e1[i] = gen::finite_or(T(c.cb.center[i] + s.db[i]), c.cb.center[i]);
      }
      break;
    }
    case Op::ray: {
      const auto r = sample(gen::ray_case<T, 3>(), seed);
      c.a = box_of(r.box);
      c.p = r.origin;
      c.da = r.dir;
      c.t_min = r.t_min;
      c.t_max = r.t_max ? *r.t_max : std::numeric_limits<T>::infinity();
      break;
    }
    case Op::bounds_of_points: c.ps = sample(gen::points<T, 3>(), seed); break;
    case Op::extreme_points:
      c.ps = sample(gen::points<T, 3>(), seed);
      c.da = sample(gen::direction_for<T, 3>(c.ps), seed + 1);
      break;
    case Op::bounds_of_sphere:
      c.p = sample(gen::vec<T, 3>(), seed);
      c.r = sample(gen::nonnegative<T>(), seed + 1);
      break;
  }
  return c;
}

/// Runs op on one case through the plain (Plain = true) or the filtered evaluator.
template <bool Plain, class T>
void run(Op op, const Case<T>& c) {
  namespace P = fil::plain;
  using std::span;
  switch (op) {
#define AABB_CALL(expr)                                   \
  {                                                       \
    if constexpr (Plain) {                                \
      auto r = P::expr;                                   \
      benchmark::DoNotOptimize(r);                        \
    } else {                                              \
      auto r = fil::expr;                                 \
      benchmark::DoNotOptimize(r);                        \
    }                                                     \
    break;                                                \
  }
    case Op::contains: AABB_CALL(contains(c.a, c.p))
    case Op::contains_ce: AABB_CALL(contains(c.ca, c.p))
    case Op::overlap: AABB_CALL(overlap(c.a, c.b))
    case Op::overlap_ce: AABB_CALL(overlap(c.ca, c.cb))
    case Op::intersection: AABB_CALL(intersection(c.a, c.b))
    case Op::union_of: AABB_CALL(union_of(c.a, c.b))
    case Op::sweep: AABB_CALL(sweep(c.a, c.da, c.b, c.db))
    case Op::sweep_ce: AABB_CALL(sweep_ce(c.ca.extent, c.ca.center, c.e0, c.cb.extent, c.cb.center, c.e1))
    case Op::moving_vs_static: AABB_CALL(moving_vs_static(c.a, c.b, c.db))
    case Op::ray: AABB_CALL(ray(c.a, c.p, c.da, c.t_min, c.t_max))
    case Op::bounds_of_points: AABB_CALL(bounds_of_points(span<const V<T>>(c.ps)))
    case Op::extreme_points: AABB_CALL(extreme_points(span<const V<T>>(c.ps), c.da))
    case Op::bounds_of_sphere: AABB_CALL(bounds_of_sphere(c.p, c.r))
#undef AABB_CALL
  }
}

template <class T>
std::vector<Case<T>> cases(Op op, bool edge) {
  std::vector<Case<T>> cs;
  Rng<T> g;
  for (std::size_t k = 0; k < kCases; ++k) cs.push_back(edge ? edge_case<T>(op, 1000 + 7 * k) : random_case<T>(op, g));
  return cs;
}

template <class T>
void bench(benchmark::State& state, Op op, bool plain, bool edge) {
  const auto cs = cases<T>(op, edge);
  const fil::Counters before = fil::counters();
  std::size_t k = 0;
  for (auto _ : state) {
    if (plain) run<true>(op, cs[k]);
    else run<false>(op, cs[k]);
    if (++k == cs.size()) k = 0;
  }
  const fil::Counters after = fil::counters();
  const double calls = double(after.calls - before.calls);
  state.counters["fallback"] = plain ? 1.0 : calls > 0 ? double(after.fallbacks - before.fallbacks) / calls : 0.0;
  state.counters["expansion"] = plain ? 0.0 : calls > 0 ? double(after.expansions - before.expansions) / calls : 0.0;
}

const bool registered = [] {
  const Op ops[] = {Op::contains, Op::contains_ce, Op::overlap, Op::overlap_ce, Op::intersection,
                    Op::union_of, Op::sweep, Op::sweep_ce, Op::moving_vs_static, Op::ray,
                    Op::bounds_of_points, Op::extreme_points, Op::bounds_of_sphere};
  for (Op op : ops)
    for (bool plain : {true, false})
      for (bool edge : {false, true})
        for (bool f64 : {false, true}) {
          const std::string n = std::string("BM_exact/") + name(op) + (plain ? "/plain" : "/filtered") +
                                (edge ? "/edge" : "/random") + (f64 ? "/f64" : "/f32");
          if (f64) benchmark::RegisterBenchmark(n.c_str(), [=](benchmark::State& s) { bench<double>(s, op, plain, edge); });
          else benchmark::RegisterBenchmark(n.c_str(), [=](benchmark::State& s) { bench<float>(s, op, plain, edge); });
        }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
