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
#include "aabb/ops/registry.hpp"
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

/// The centre–extent form of a min–max box (halves first, so that no sum overflows).
template <class T>
opt::CenterExtent<T, 3> ce_of(const opt::Box<T, 3>& b) {
  opt::CenterExtent<T, 3> c;
  for (std::size_t i = 0; i < 3; ++i) {
    c.center[i] = b.lo[i] / 2 + b.hi[i] / 2;
    c.extent[i] = b.hi[i] / 2 - b.lo[i] / 2;
  }
  return c;
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

/// Runs one call through the plain (Plain = true) or the filtered evaluator.
#define AABB_CALL(expr)                          \
  if constexpr (Plain) {                         \
    auto r = fil::plain::expr;                   \
    benchmark::DoNotOptimize(r);                 \
  } else {                                       \
    auto r = fil::expr;                          \
    benchmark::DoNotOptimize(r);                 \
  }

/// How variant V of registry op Op (ops/registry.json) is measured: its random case, its edge
/// case and the call. Every variant of the registry needs one (an incomplete Exact does not
/// compile); `measured = false` says why a variant has no row.
template <class Op, std::size_t V>
struct Exact;
#define AABB_EXACT(OP, NAME) Exact<aabb::ops::OP, aabb::ops::index_of<aabb::ops::OP>(NAME)>

template <>
struct AABB_EXACT(Contains, "contains") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) { c.a = g.box(); c.p = g.vec(-20, 25); }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) {
    c.a = box_of(sample(gen::box<T, 3>(), seed));
    c.p = sample(gen::point_near<T, 3>(aabb::reference::BasicBox<T, 3>{c.a.lo, c.a.hi}), seed + 1);
  }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(contains(c.a, c.p)) }
};
template <>
struct AABB_EXACT(Contains, "contains_ce") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) { c.ca = g.ce(); c.p = g.vec(-20, 20); }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) {
    const auto b = sample(gen::center_extent<T, 3>(), seed);
    c.ca = {b.center, b.extent};
    for (std::size_t i = 0; i < 3; ++i)  // on a face, rounded: the filter's ties
      c.p[i] = (seed + i) % 2 ? T(b.center[i] + b.extent[i]) : b.center[i];
  }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(contains(c.ca, c.p)) }
};

/// Boxes a and b of a generated pair or sweep (anything with reference boxes .a and .b).
template <class T, class Pair>
void set_boxes(Case<T>& c, const Pair& p) {
  c.a = box_of(p.a);
  c.b = box_of(p.b);
}
template <>
struct AABB_EXACT(Overlap, "overlap") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) { c.a = g.box(); c.b = g.box(); }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) { set_boxes(c, sample(gen::box_pair<T, 3>(), seed)); }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(overlap(c.a, c.b)) }
};
template <>
struct AABB_EXACT(Overlap, "overlap_ce") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) { c.ca = g.ce(); c.cb = g.ce(); }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) {
    const auto a = sample(gen::center_extent<T, 3>(), seed), b = sample(gen::center_extent<T, 3>(), seed + 1);
    c.ca = {a.center, a.extent};
    c.cb = {b.center, b.extent};
    for (std::size_t i = 0; i < 3; ++i)
      if ((seed + i) % 3 != 0) {
        const T x = c.ca.center[i] + (c.ca.extent[i] + c.cb.extent[i]);
        if (std::isfinite(x)) c.cb.center[i] = x;
      }
  }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(overlap(c.ca, c.cb)) }
};
template <>
struct AABB_EXACT(Intersection, "intersection") : AABB_EXACT(Overlap, "overlap") {
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(intersection(c.a, c.b)) }
};
template <>
struct AABB_EXACT(Union, "union") : AABB_EXACT(Overlap, "overlap") {
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(union_of(c.a, c.b)) }
};
/// contains_box and classify: random pairs as overlap's, edge pairs from the containment generator.
template <>
struct AABB_EXACT(ContainsBox, "contains_box") : AABB_EXACT(Overlap, "overlap") {
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) {
    set_boxes(c, sample(gen::containment_pair<T, 3>(), seed));
  }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(contains_box(c.a, c.b)) }
};
template <>
struct AABB_EXACT(Classify, "classify") : AABB_EXACT(ContainsBox, "contains_box") {
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(classify(c.a, c.b)) }
};

/// Two boxes and their displacements from the edge-aimed sweep generator, in both forms (the
/// centre–extent sweep's end centres are the start centres moved by the displacements).
template <class T>
void sweep_case(Case<T>& c, std::uint64_t seed) {
  const auto s = sample(gen::sweep_case<T, 3>(), seed);
  set_boxes(c, s);
  c.da = s.da;
  c.db = s.db;
  c.ca = ce_of(c.a);
  c.cb = ce_of(c.b);
  for (std::size_t i = 0; i < 3; ++i) {
    c.e0[i] = gen::finite_or(T(c.ca.center[i] + s.da[i]), c.ca.center[i]);
    c.e1[i] = gen::finite_or(T(c.cb.center[i] + s.db[i]), c.cb.center[i]);
  }
}
template <>
struct AABB_EXACT(Sweep, "sweep") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) {
    c.a = g.box(); c.b = g.box(); c.da = g.vec(-40, 40); c.db = g.vec(-40, 40);
  }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) { sweep_case(c, seed); }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(sweep(c.a, c.da, c.b, c.db)) }
};
template <>
struct AABB_EXACT(Sweep, "sweep_ce") : AABB_EXACT(Sweep, "sweep") {
  template <class T> static void random(Case<T>& c, Rng<T>& g) {
    c.ca = g.ce(); c.cb = g.ce(); c.e0 = g.vec(-40, 40); c.e1 = g.vec(-40, 40);
    for (std::size_t i = 0; i < 3; ++i) {
      c.e0[i] += c.ca.center[i];
      c.e1[i] += c.cb.center[i];
    }
  }
  template <bool Plain, class T> static void run(const Case<T>& c) {
    AABB_CALL(sweep_ce(c.ca.extent, c.ca.center, c.e0, c.cb.extent, c.cb.center, c.e1))
  }
};
template <>
struct AABB_EXACT(MovingVsStatic, "moving_vs_static") : AABB_EXACT(Sweep, "sweep") {
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(moving_vs_static(c.a, c.b, c.db)) }
};
template <>
struct AABB_EXACT(Ray, "ray") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) {
    c.a = g.box(); c.p = g.vec(-40, 40); c.da = g.vec(-1, 1); c.t_min = 0;
    c.t_max = std::numeric_limits<T>::infinity();
  }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) {
    const auto r = sample(gen::ray_case<T, 3>(), seed);
    c.a = box_of(r.box);
    c.p = r.origin;
    c.da = r.dir;
    c.t_min = r.t_min;
    c.t_max = r.t_max ? *r.t_max : std::numeric_limits<T>::infinity();
  }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(ray(c.a, c.p, c.da, c.t_min, c.t_max)) }
};
template <>
struct AABB_EXACT(BoundsOfPoints, "bounds_of_points") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) { c.ps = g.points(); }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) { c.ps = sample(gen::points<T, 3>(), seed); }
  template <bool Plain, class T> static void run(const Case<T>& c) {
    AABB_CALL(bounds_of_points(std::span<const V<T>>(c.ps)))
  }
};
template <>
struct AABB_EXACT(ExtremePoints, "extreme_points") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) { c.ps = g.points(); c.da = g.vec(-1, 1); }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) {
    c.ps = sample(gen::points<T, 3>(), seed);
    c.da = sample(gen::direction_for<T, 3>(c.ps), seed + 1);
  }
  template <bool Plain, class T> static void run(const Case<T>& c) {
    AABB_CALL(extreme_points(std::span<const V<T>>(c.ps), c.da))
  }
};
template <>
struct AABB_EXACT(BoundsOfSphere, "bounds_of_sphere") {
  static constexpr bool measured = true;
  template <class T> static void random(Case<T>& c, Rng<T>& g) { c.p = g.vec(-20, 20); c.r = g.uni(0, 5); }
  template <class T> static void edge(Case<T>& c, std::uint64_t seed) {
    c.p = sample(gen::vec<T, 3>(), seed);
    c.r = sample(gen::nonnegative<T>(), seed + 1);
  }
  template <bool Plain, class T> static void run(const Case<T>& c) { AABB_CALL(bounds_of_sphere(c.p, c.r)) }
};
// The filtered evaluator forwards these to the plain reference (filtered/dispatch.hpp): the two
// paths are the same code, so there is nothing to compare.
template <>
struct AABB_EXACT(Transform, "transform") { static constexpr bool measured = false; };
template <>
struct AABB_EXACT(Transform, "transform_ce") { static constexpr bool measured = false; };
template <>
struct AABB_EXACT(HillClimb, "hill_climb") { static constexpr bool measured = false; };
// Contract §2b's shapes family has no filtered evaluator yet: its dispatchers take the plain path
// in both modes (filtered/dispatch.hpp), so there is nothing to compare either.
template <>
struct AABB_EXACT(Grow, "grow") { static constexpr bool measured = false; };
template <>
struct AABB_EXACT(ClosestPoint, "closest_point") { static constexpr bool measured = false; };
template <>
struct AABB_EXACT(DistanceSq, "distance_sq") { static constexpr bool measured = false; };
template <>
struct AABB_EXACT(OverlapSphere, "overlap_sphere") { static constexpr bool measured = false; };
template <>
struct AABB_EXACT(PlaneSide, "plane_side") { static constexpr bool measured = false; };
template <>
struct AABB_EXACT(OverlapTriangle, "overlap_triangle") { static constexpr bool measured = false; };

#undef AABB_EXACT
#undef AABB_CALL

template <class X, class T>
std::vector<Case<T>> cases(bool edge) {
  std::vector<Case<T>> cs(kCases);
  Rng<T> g;
  for (std::size_t k = 0; k < kCases; ++k)
    if (edge) X::edge(cs[k], 1000 + 7 * k);
    else X::random(cs[k], g);
  return cs;
}

template <class X, class T>
void bench(benchmark::State& state, bool plain, bool edge) {
  const auto cs = cases<X, T>(edge);
  const fil::Counters before = fil::counters();
  std::size_t k = 0;
  for (auto _ : state) {
    if (plain) X::template run<true>(cs[k]);
    else X::template run<false>(cs[k]);
    if (++k == cs.size()) k = 0;
  }
  const fil::Counters after = fil::counters();
  const double calls = double(after.calls - before.calls);
  state.counters["fallback"] = plain ? 1.0 : calls > 0 ? double(after.fallbacks - before.fallbacks) / calls : 0.0;
  state.counters["expansion"] = plain ? 0.0 : calls > 0 ? double(after.expansions - before.expansions) / calls : 0.0;
}

// BM_exact/<variant>/<plain|filtered>/<random|edge>/<f32|f64> for every measured variant of the
// registry, in its order.
const bool registered = [] {
  aabb::ops::for_each_variant_index([]<class Op, std::size_t V>() {
    using X = Exact<Op, V>;
    if constexpr (X::measured)
      for (bool plain : {true, false})
        for (bool edge : {false, true}) {
          const std::string n = "BM_exact/" + std::string(Op::variants[V].name) + (plain ? "/plain" : "/filtered") +
                                (edge ? "/edge" : "/random");
          benchmark::RegisterBenchmark((n + "/f32").c_str(),
                                       [=](benchmark::State& s) { bench<X, float>(s, plain, edge); });
          benchmark::RegisterBenchmark((n + "/f64").c_str(),
                                       [=](benchmark::State& s) { bench<X, double>(s, plain, edge); });
        }
  });
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
