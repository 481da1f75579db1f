// Scalar ops against the peers engine authors use today, same inputs, same run: min–max overlap
// (Bullet TestAabbAgainstAabb2, Eigen AlignedBox::intersects, CGAL do_overlap on Bbox_3, the
// naive loop), ray vs box (Bullet btRayAabb2, the naive slab test) and the min–max transform
// (Eigen AlignedBox::transformed, Bullet btTransformAabb, seed 002's UpdateAABB). Every peer is
// registered only when its headers were found at configure time (AABB_HAVE_*); a peer in a
// single precision is measured in that precision only (Debian's Bullet: btScalar = float; CGAL's
// Bbox_3: double). Names: scalar_<op>/<impl>/<type>; each benchmark runs over kCases inputs and
// reports items per second, so ratios are per call.
//
// The peers answer with their own contracts (Bullet's ray returns no exit time, Eigen's
// transformed box rounds to nearest, ...): these are speed comparisons, what `check` says of
// their answers is in docs/check.md.

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <vector>

#include "aabb/optimized/construction.hpp"
#include "aabb/optimized/moving.hpp"
#include "aabb/optimized/static.hpp"
#include "aabb/listings/textbook.hpp"

#ifdef AABB_HAVE_BULLET
#include <LinearMath/btAabbUtil2.h>
#include <LinearMath/btTransform.h>
#endif
#ifdef AABB_HAVE_EIGEN
#include <Eigen/Geometry>
#endif
#ifdef AABB_HAVE_CGAL
#include <CGAL/Bbox_3.h>
#endif

namespace {

namespace opt = aabb::optimized;
namespace textbook = aabb::textbook;
template <class T>
using V3 = opt::Vec<T, 3>;

constexpr std::size_t kCases = 4096;

/// The pairs of the scalar_overlap_many rows, and the rays of scalar_ray_many. The kCases pairs of
/// the other rows repeat in every iteration, and the branch predictor learns their outcomes: code
/// that branches on them then runs in about 2 ns a test and its time moves with code alignment
/// (up to 2x for the same source in two binaries), while on pairs it has not learnt a test costs
/// 10-13 ns. 65536 pairs are more than it can learn: the time of a test on fresh data, as a broad
/// phase sees it.
constexpr std::size_t kManyPairs = 65536;

/// Boxes with random corners in [-100, 100] and sizes in [0, 20]: about half the pairs overlap.
template <class T>
std::vector<opt::Box<T, 3>> make_boxes(std::size_t pairs = kCases) {
  std::mt19937_64 rng(20261123);
  std::uniform_real_distribution<T> c(-100, 100), e(0, 20);
  std::vector<opt::Box<T, 3>> v(2 * pairs);
  for (std::size_t k = 0; k < v.size(); ++k)
    for (std::size_t i = 0; i < 3; ++i) {
      v[k].lo[i] = c(rng) * T(0.3);
      v[k].hi[i] = v[k].lo[i] + e(rng);
    }
  return v;
}

template <class T>
std::vector<V3<T>> make_vecs(T lo, T hi, std::uint64_t seed, std::size_t count = kCases) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<T> c(lo, hi);
  std::vector<V3<T>> v(count);
  for (auto& x : v)
    for (auto& y : x) y = c(rng);
  return v;
}

template <class T>
std::vector<opt::Matrix<T, 3>> make_rotations() {
  std::mt19937_64 rng(20261124);
  std::uniform_real_distribution<T> a(-3, 3);
  std::vector<opt::Matrix<T, 3>> v(kCases);
  for (auto& m : v) {
    const T x = a(rng), y = a(rng);
    // A rotation about z by x, then about x by y: the matrix of a rigid body's orientation.
    const T cx = std::cos(x), sx = std::sin(x), cy = std::cos(y), sy = std::sin(y);
    m = {{{cx, -sx, 0}, {cy * sx, cy * cx, -sy}, {sy * sx, sy * cx, cy}}};
  }
  return v;
}

template <std::size_t Pairs = kCases, class F>
void run(benchmark::State& state, F&& body) {
  for (auto _ : state) {
    for (std::size_t k = 0; k < Pairs; ++k) body(k);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * Pairs));
}

// ---- overlap ---------------------------------------------------------------------------------------

template <class T, std::size_t Pairs = kCases>
void BM_overlap_ours(benchmark::State& state) {
  const auto b = make_boxes<T>(Pairs);
  run<Pairs>(state, [&](std::size_t k) { benchmark::DoNotOptimize(opt::overlap(b[2 * k], b[2 * k + 1])); });
}

template <class T, std::size_t Pairs = kCases>
void BM_overlap_naive(benchmark::State& state) {
  const auto b = make_boxes<T>(Pairs);
  run<Pairs>(state, [&](std::size_t k) {
    const auto& x = b[2 * k];
    const auto& y = b[2 * k + 1];
    bool hit = true;
    for (std::size_t i = 0; i < 3; ++i)
      if (x.hi[i] < y.lo[i] || y.hi[i] < x.lo[i]) {
        hit = false;
        break;
      }
    benchmark::DoNotOptimize(hit);
  });
}

#ifdef AABB_HAVE_BULLET
void BM_overlap_bullet(benchmark::State& state) {
  const auto b = make_boxes<btScalar>();
  std::vector<btVector3> lo(b.size()), hi(b.size());
  for (std::size_t k = 0; k < b.size(); ++k) {
    lo[k] = btVector3(b[k].lo[0], b[k].lo[1], b[k].lo[2]);
    hi[k] = btVector3(b[k].hi[0], b[k].hi[1], b[k].hi[2]);
  }
  run(state, [&](std::size_t k) {
    benchmark::DoNotOptimize(TestAabbAgainstAabb2(lo[2 * k], hi[2 * k], lo[2 * k + 1], hi[2 * k + 1]));
  });
}
#endif

#ifdef AABB_HAVE_EIGEN
template <class T, std::size_t Pairs = kCases>
void BM_overlap_eigen(benchmark::State& state) {
  const auto b = make_boxes<T>(Pairs);
  using Box = Eigen::AlignedBox<T, 3>;
  using Vec = Eigen::Matrix<T, 3, 1>;
  std::vector<Box> e(b.size());
  for (std::size_t k = 0; k < b.size(); ++k)
    e[k] = Box(Vec(b[k].lo[0], b[k].lo[1], b[k].lo[2]), Vec(b[k].hi[0], b[k].hi[1], b[k].hi[2]));
  run<Pairs>(state, [&](std::size_t k) { benchmark::DoNotOptimize(e[2 * k].intersects(e[2 * k + 1])); });
}
#endif

#ifdef AABB_HAVE_CGAL
void BM_overlap_cgal(benchmark::State& state) {
  const auto b = make_boxes<double>();
  std::vector<CGAL::Bbox_3> c;
  c.reserve(b.size());
  for (const auto& x : b) c.emplace_back(x.lo[0], x.lo[1], x.lo[2], x.hi[0], x.hi[1], x.hi[2]);
  run(state, [&](std::size_t k) { benchmark::DoNotOptimize(CGAL::do_overlap(c[2 * k], c[2 * k + 1])); });
}
#endif

// ---- ray ---------------------------------------------------------------------------------------------

/// `Count` rays from points around the boxes towards random directions; t in [0, 1000].
template <class T, std::size_t Count = kCases>
struct Rays {
  std::vector<opt::Box<T, 3>> boxes = make_boxes<T>(Count);
  std::vector<V3<T>> origins = make_vecs<T>(-150, 150, 7, Count);
  std::vector<V3<T>> dirs = make_vecs<T>(-1, 1, 8, Count);
};

/// ray, or (`Loose`) ray_loose (docs/contracts.md, "The loose ray"), the fast variant beside it.
template <class T, bool Loose = false, std::size_t Count = kCases>
void BM_ray_ours(benchmark::State& state) {
  const Rays<T, Count> r;
  run<Count>(state, [&](std::size_t k) {
    // The answer's fields, each kept in a register as the peers' are: the whole struct would be
    // forced to memory (DoNotOptimize's "m" operand and memory clobber), a cost no caller pays.
    const auto x = Loose ? opt::ray_loose(r.boxes[k], r.origins[k], r.dirs[k], T(0), T(1000))
                         : opt::ray(r.boxes[k], r.origins[k], r.dirs[k], T(0), T(1000));
    benchmark::DoNotOptimize(x.hit);
    benchmark::DoNotOptimize(x.t_enter);
    benchmark::DoNotOptimize(x.t_exit);
  });
}

/// The textbook slab test (Kay–Kajiya as usually written: 1/d, then min/max per axis).
template <class T, std::size_t Count = kCases>
void BM_ray_naive(benchmark::State& state) {
  const Rays<T, Count> r;
  run<Count>(state, [&](std::size_t k) {
    T t0 = 0, t1 = 1000;
    for (std::size_t i = 0; i < 3; ++i) {
      const T inv = T(1) / r.dirs[k][i];
      T a = (r.boxes[k].lo[i] - r.origins[k][i]) * inv, b = (r.boxes[k].hi[i] - r.origins[k][i]) * inv;
      if (a > b) std::swap(a, b);
      t0 = a > t0 ? a : t0;
      t1 = b < t1 ? b : t1;
    }
    benchmark::DoNotOptimize(t0 <= t1);
    benchmark::DoNotOptimize(t0);
  });
}

#ifdef AABB_HAVE_BULLET
template <std::size_t Count = kCases>
void BM_ray_bullet(benchmark::State& state) {
  const Rays<btScalar, Count> r;
  std::vector<std::array<btVector3, 2>> bounds(Count);
  std::vector<btVector3> from(Count), dir(Count);
  for (std::size_t k = 0; k < Count; ++k) {
    const auto& b = r.boxes[k];
    bounds[k] = {btVector3(b.lo[0], b.lo[1], b.lo[2]), btVector3(b.hi[0], b.hi[1], b.hi[2])};
    from[k] = btVector3(r.origins[k][0], r.origins[k][1], r.origins[k][2]);
    dir[k] = btVector3(r.dirs[k][0], r.dirs[k][1], r.dirs[k][2]);
  }
  run<Count>(state, [&](std::size_t k) {
    // What a caller of btRayAabb2 does per ray: the inverse direction and its signs.
    const btVector3 inv(btScalar(1) / dir[k].x(), btScalar(1) / dir[k].y(), btScalar(1) / dir[k].z());
    const unsigned sign[3] = {inv.x() < 0, inv.y() < 0, inv.z() < 0};
    btScalar tmin = 0;
    benchmark::DoNotOptimize(btRayAabb2(from[k], inv, sign, bounds[k].data(), tmin, 0, 1000));
    benchmark::DoNotOptimize(tmin);
  });
}
#endif

// ---- transform -------------------------------------------------------------------------------------

template <class T>
struct Moves {
  std::vector<opt::Box<T, 3>> boxes = make_boxes<T>();
  std::vector<opt::Matrix<T, 3>> m = make_rotations<T>();
  std::vector<V3<T>> t = make_vecs<T>(-50, 50, 9);
};

template <class T>
void BM_transform_ours(benchmark::State& state) {
  const Moves<T> v;
  run(state, [&](std::size_t k) { benchmark::DoNotOptimize(opt::transform(v.boxes[k], v.m[k], v.t[k])); });
}

template <class T>
void BM_transform_conservative(benchmark::State& state) {
  const Moves<T> v;
  run(state, [&](std::size_t k) {
    benchmark::DoNotOptimize(opt::transform_conservative(v.boxes[k], v.m[k], v.t[k]));
  });
}

/// The same boxes in centre–extent form (centre and half size rounded: these are speed rows).
template <class T>
std::vector<opt::CenterExtent<T, 3>> as_ce(const std::vector<opt::Box<T, 3>>& boxes) {
  std::vector<opt::CenterExtent<T, 3>> v(boxes.size());
  for (std::size_t k = 0; k < boxes.size(); ++k)
    for (std::size_t i = 0; i < 3; ++i) {
      v[k].center[i] = (boxes[k].lo[i] + boxes[k].hi[i]) / 2;
      v[k].extent[i] = (boxes[k].hi[i] - boxes[k].lo[i]) / 2;
    }
  return v;
}

template <class T>
void BM_transform_ce_ours(benchmark::State& state) {
  const Moves<T> v;
  const auto ce = as_ce(v.boxes);
  run(state, [&](std::size_t k) { benchmark::DoNotOptimize(opt::transform(ce[k], v.m[k], v.t[k])); });
}

template <class T>
void BM_transform_ce_conservative(benchmark::State& state) {
  const Moves<T> v;
  const auto ce = as_ce(v.boxes);
  run(state, [&](std::size_t k) {
    benchmark::DoNotOptimize(opt::transform_conservative(ce[k], v.m[k], v.t[k]));
  });
}

template <class T>
void BM_transform_naive(benchmark::State& state) {
  const Moves<T> v;
  run(state, [&](std::size_t k) {
    textbook::MinMax3<T> out;
    textbook::UpdateAABB(textbook::MinMax3<T>{v.boxes[k].lo, v.boxes[k].hi}, v.m[k], v.t[k], out);
    benchmark::DoNotOptimize(out);
  });
}

#ifdef AABB_HAVE_EIGEN
template <class T>
void BM_transform_eigen(benchmark::State& state) {
  const Moves<T> v;
  using Box = Eigen::AlignedBox<T, 3>;
  using Vec = Eigen::Matrix<T, 3, 1>;
  std::vector<Box> boxes(kCases);
  std::vector<Eigen::Transform<T, 3, Eigen::Affine>> tr(kCases);
  for (std::size_t k = 0; k < kCases; ++k) {
    const auto& b = v.boxes[k];
    boxes[k] = Box(Vec(b.lo[0], b.lo[1], b.lo[2]), Vec(b.hi[0], b.hi[1], b.hi[2]));
    tr[k].setIdentity();
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) tr[k].linear()(i, j) = v.m[k][i][j];
      tr[k].translation()(i) = v.t[k][i];
    }
  }
  run(state, [&](std::size_t k) { benchmark::DoNotOptimize(boxes[k].transformed(tr[k])); });
}
#endif

#ifdef AABB_HAVE_BULLET
void BM_transform_bullet(benchmark::State& state) {
  const Moves<btScalar> v;
  std::vector<btVector3> lo(kCases), hi(kCases);
  std::vector<btTransform> tr(kCases);
  for (std::size_t k = 0; k < kCases; ++k) {
    const auto& b = v.boxes[k];
    lo[k] = btVector3(b.lo[0], b.lo[1], b.lo[2]);
    hi[k] = btVector3(b.hi[0], b.hi[1], b.hi[2]);
    const auto& m = v.m[k];
    tr[k] = btTransform(btMatrix3x3(m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0],
                                    m[2][1], m[2][2]),
                        btVector3(v.t[k][0], v.t[k][1], v.t[k][2]));
  }
  run(state, [&](std::size_t k) {
    btVector3 out_lo, out_hi;
    btTransformAabb(lo[k], hi[k], 0, tr[k], out_lo, out_hi);
    benchmark::DoNotOptimize(out_lo);
    benchmark::DoNotOptimize(out_hi);
  });
}
#endif

}  // namespace

#define AABB_BOTH(fn, name)                                         \
  BENCHMARK(fn<float>)->Name("scalar_" name "/float");               \
  BENCHMARK(fn<double>)->Name("scalar_" name "/double")

AABB_BOTH(BM_overlap_ours, "overlap/ours");
AABB_BOTH(BM_overlap_naive, "overlap/naive");
AABB_BOTH(BM_ray_ours, "ray/ours");
BENCHMARK(BM_ray_ours<float, true>)->Name("scalar_ray/ours_loose/float");
BENCHMARK(BM_ray_ours<double, true>)->Name("scalar_ray/ours_loose/double");
AABB_BOTH(BM_ray_naive, "ray/naive");
// Rays the branch predictor has not learnt (kManyPairs), as the overlap_many rows.
BENCHMARK(BM_ray_ours<float, false, kManyPairs>)->Name("scalar_ray_many/ours/float");
BENCHMARK(BM_ray_ours<double, false, kManyPairs>)->Name("scalar_ray_many/ours/double");
BENCHMARK(BM_ray_ours<float, true, kManyPairs>)->Name("scalar_ray_many/ours_loose/float");
BENCHMARK(BM_ray_ours<double, true, kManyPairs>)->Name("scalar_ray_many/ours_loose/double");
BENCHMARK(BM_ray_naive<float, kManyPairs>)->Name("scalar_ray_many/naive/float");
BENCHMARK(BM_ray_naive<double, kManyPairs>)->Name("scalar_ray_many/naive/double");
AABB_BOTH(BM_transform_ours, "transform/ours");
AABB_BOTH(BM_transform_conservative, "transform/ours_conservative");
AABB_BOTH(BM_transform_ce_ours, "transform_ce/ours");
AABB_BOTH(BM_transform_ce_conservative, "transform_ce/ours_conservative");
AABB_BOTH(BM_transform_naive, "transform/naive");
// Overlap on pairs the branch predictor has not learnt (kManyPairs).
BENCHMARK(BM_overlap_ours<float, kManyPairs>)->Name("scalar_overlap_many/ours/float");
BENCHMARK(BM_overlap_ours<double, kManyPairs>)->Name("scalar_overlap_many/ours/double");
BENCHMARK(BM_overlap_naive<float, kManyPairs>)->Name("scalar_overlap_many/naive/float");
BENCHMARK(BM_overlap_naive<double, kManyPairs>)->Name("scalar_overlap_many/naive/double");
#ifdef AABB_HAVE_EIGEN
BENCHMARK(BM_overlap_eigen<float, kManyPairs>)->Name("scalar_overlap_many/eigen/float");
BENCHMARK(BM_overlap_eigen<double, kManyPairs>)->Name("scalar_overlap_many/eigen/double");
AABB_BOTH(BM_overlap_eigen, "overlap/eigen");
AABB_BOTH(BM_transform_eigen, "transform/eigen");
#endif
#ifdef AABB_HAVE_BULLET
BENCHMARK(BM_overlap_bullet)->Name(sizeof(btScalar) == 4 ? "scalar_overlap/bullet/float" : "scalar_overlap/bullet/double");
BENCHMARK(BM_ray_bullet<>)->Name(sizeof(btScalar) == 4 ? "scalar_ray/bullet/float" : "scalar_ray/bullet/double");
BENCHMARK(BM_ray_bullet<kManyPairs>)->Name(sizeof(btScalar) == 4 ? "scalar_ray_many/bullet/float" : "scalar_ray_many/bullet/double");
BENCHMARK(BM_transform_bullet)->Name(sizeof(btScalar) == 4 ? "scalar_transform/bullet/float" : "scalar_transform/bullet/double");
#endif
#ifdef AABB_HAVE_CGAL
BENCHMARK(BM_overlap_cgal)->Name("scalar_overlap/cgal/double");
#endif

BENCHMARK_MAIN();
