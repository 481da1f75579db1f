// One query box against N boxes (optimized/batch.hpp), from in cache (1k boxes) to far out of
// cache (16M), float and double, 3D (and a 2D run against Box2D). In the same binary, on the same
// boxes: the memory limit (a streaming read of the same bytes), our mask and index kernels, a
// naive loop of our scalar overlap, and peers looping over the boxes in their own types:
// Bullet TestAabbAgainstAabb2, Eigen AlignedBox::intersects, CGAL do_overlap(Bbox_3, Bbox_3),
// Box2D b2TestOverlap (2D). A peer whose package was not found is not registered; main prints a
// note instead.
//
// Names: BM_overlap/<impl>/<type>/<N> (3D) and BM_overlap2d/<impl>/<type>/<N> (2D), impl in
// {stream, ours_mask, ours_indices, naive, bullet, eigen, cgal, box2d}. Every run reports
// items/s (boxes) and bytes/s (the bytes that implementation reads: SoA for ours and stream, its
// own type for a peer). Every implementation except stream and ours_mask writes the hits'
// indices, like ours_indices.

#include <benchmark/benchmark.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "aabb/optimized/batch.hpp"
#include "aabb/optimized/static.hpp"

#if AABB_BENCH_HAVE_BULLET
#include <LinearMath/btAabbUtil2.h>
#endif
#if AABB_BENCH_HAVE_EIGEN
#include <Eigen/Geometry>
#endif
#if AABB_BENCH_HAVE_CGAL
#include <CGAL/Bbox_3.h>
#endif
#if AABB_BENCH_HAVE_BOX2D
#include <box2d/b2_collision.h>
#endif

namespace {

namespace opt = aabb::optimized;

/// The boxes of one run, struct of arrays, and the queries. Boxes of size up to 10 in a cube of
/// side 1000; a query of side 100 hits about 0.1 % of them (a broad-phase query). Iteration i
/// runs query i % 256: with one query repeated, a branch predictor learns the whole sequence of
/// outcomes of 1k or 16k boxes, and the branchy peer loops then look several times faster in
/// cache than on any real workload (measured: 0.6 against 12 ns per box).
template <class T, std::size_t D>
struct Scene {
  std::size_t n = 0;
  std::array<std::vector<T>, D> lo, hi;
  std::vector<opt::Box<T, D>> queries;
  static constexpr std::size_t kQueries = 256;

  explicit Scene(std::size_t count) : n(count) {
    std::mt19937_64 rng(20261123);
    std::uniform_real_distribution<T> pos(0, 1000), size(0, 10);
    for (std::size_t i = 0; i < D; ++i) lo[i].resize(n), hi[i].resize(n);
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t i = 0; i < D; ++i) {
        lo[i][k] = pos(rng);
        hi[i][k] = lo[i][k] + size(rng);
      }
    std::uniform_real_distribution<T> corner(0, 900);
    queries.resize(kQueries);
    for (auto& q : queries)
      for (std::size_t i = 0; i < D; ++i) q.lo[i] = corner(rng), q.hi[i] = q.lo[i] + T(100);
  }
  [[nodiscard]] opt::BoxesSoA<T, D> view() const {
    opt::BoxesSoA<T, D> v;
    for (std::size_t i = 0; i < D; ++i) v.lo[i] = lo[i].data(), v.hi[i] = hi[i].data();
    v.count = n;
    return v;
  }
  [[nodiscard]] opt::Box<T, D> box(std::size_t k) const {
    opt::Box<T, D> b;
    for (std::size_t i = 0; i < D; ++i) b.lo[i] = lo[i][k], b.hi[i] = hi[i][k];
    return b;
  }
  [[nodiscard]] std::size_t soa_bytes() const { return 2 * D * n * sizeof(T); }
};

/// One scene at a time per (T, D): benchmarks are registered size by size, so the next size
/// replaces the last one (16M double boxes take 768 MB).
template <class T, std::size_t D>
const Scene<T, D>& scene(std::size_t n) {
  static std::unique_ptr<Scene<T, D>> s;
  if (!s || s->n != n) {
    s.reset();
    s = std::make_unique<Scene<T, D>>(n);
  }
  return *s;
}

/// A peer's copy of the scene in its own type, replaced likewise.
template <class Box, class T, std::size_t D, class Make>
const std::vector<Box>& peer_boxes(const Scene<T, D>& s, Make make) {
  static std::vector<Box> v;
  static const Scene<T, D>* from = nullptr;
  static std::size_t from_n = 0;
  if (from != &s || from_n != s.n) {
    v.clear();
    v.shrink_to_fit();
    v.reserve(s.n);
    for (std::size_t k = 0; k < s.n; ++k) v.push_back(make(s.box(k)));
    from = &s, from_n = s.n;
  }
  return v;
}

template <class T>
const char* type_name() {
  return sizeof(T) == 4 ? "float" : "double";
}

template <class T>
using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T>
Bits<T> bits(T x) {
  Bits<T> w;
  std::memcpy(&w, &x, sizeof w);
  return w;
}

void report(benchmark::State& state, std::size_t n, std::size_t bytes) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

/// The memory limit: OR of every word of the same arrays, read in the same order as the kernel.
template <class T, std::size_t D>
void stream(benchmark::State& state, std::size_t n) {
  const auto& s = scene<T, D>(n);
  for (auto _ : state) {
    Bits<T> acc = 0;
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t i = 0; i < D; ++i) acc |= bits(s.lo[i][k]) | bits(s.hi[i][k]);
    benchmark::DoNotOptimize(acc);
  }
  report(state, n, s.soa_bytes());
}

template <class T, std::size_t D>
void ours_mask(benchmark::State& state, std::size_t n) {
  const auto& s = scene<T, D>(n);
  std::vector<std::uint64_t> mask(opt::mask_words(n));
  const auto v = s.view();
  std::size_t it = 0;
  for (auto _ : state) {
    opt::overlap_mask(s.queries[it++ % s.kQueries], v, mask.data());
    benchmark::DoNotOptimize(mask.data());
    benchmark::ClobberMemory();
  }
  report(state, n, s.soa_bytes());
}

template <class T, std::size_t D>
void ours_indices(benchmark::State& state, std::size_t n) {
  const auto& s = scene<T, D>(n);
  std::vector<std::size_t> out(n);
  const auto v = s.view();
  std::size_t hits = 0, it = 0;
  for (auto _ : state) {
    hits = opt::overlap_indices(s.queries[it++ % s.kQueries], v, out.data());
    benchmark::DoNotOptimize(hits);
    benchmark::ClobberMemory();
  }
  state.counters["hits"] = double(hits);
  report(state, n, s.soa_bytes());
}

/// The boxes in any array-of-structures type and a loop testing each with `test`, writing the
/// indices of hits: how a user of that library runs one query against many boxes.
template <class Box, class Test>
std::size_t loop(const std::vector<Box>& boxes, const Box& q, std::size_t* out, Test test) {
  std::size_t hits = 0;
  for (std::size_t k = 0; k < boxes.size(); ++k)
    if (test(q, boxes[k])) out[hits++] = k;
  return hits;
}

template <class T, std::size_t D, class Box, class Make, class Test>
void peer(benchmark::State& state, std::size_t n, Make make, Test test) {
  const auto& s = scene<T, D>(n);
  const auto& boxes = peer_boxes<Box>(s, make);
  std::vector<Box> queries;
  for (const auto& q : s.queries) queries.push_back(make(q));
  std::vector<std::size_t> out(n);
  std::size_t hits = 0, it = 0;
  for (auto _ : state) {
    hits = loop(boxes, queries[it++ % queries.size()], out.data(), test);
    benchmark::DoNotOptimize(hits);
    benchmark::ClobberMemory();
  }
  state.counters["hits"] = double(hits);
  report(state, n, n * sizeof(Box));
}

/// Our own naive loop: the scalar optimized::overlap over an array of opt::Box.
template <class T, std::size_t D>
void naive(benchmark::State& state, std::size_t n) {
  peer<T, D, opt::Box<T, D>>(
      state, n, [](const opt::Box<T, D>& b) { return b; },
      [](const opt::Box<T, D>& a, const opt::Box<T, D>& b) { return opt::overlap(a, b); });
}

#if AABB_BENCH_HAVE_BULLET
void bullet(benchmark::State& state, std::size_t n) {
  struct BtBox {
    btVector3 lo, hi;
  };
  peer<btScalar, 3, BtBox>(
      state, n,
      [](const opt::Box<btScalar, 3>& b) {
        return BtBox{btVector3(b.lo[0], b.lo[1], b.lo[2]), btVector3(b.hi[0], b.hi[1], b.hi[2])};
      },
      [](const BtBox& a, const BtBox& b) { return TestAabbAgainstAabb2(a.lo, a.hi, b.lo, b.hi); });
}
#endif

#if AABB_BENCH_HAVE_EIGEN
template <class T>
void eigen(benchmark::State& state, std::size_t n) {
  using E = Eigen::AlignedBox<T, 3>;
  peer<T, 3, E>(
      state, n,
      [](const opt::Box<T, 3>& b) {
        return E(Eigen::Matrix<T, 3, 1>(b.lo[0], b.lo[1], b.lo[2]),
                 Eigen::Matrix<T, 3, 1>(b.hi[0], b.hi[1], b.hi[2]));
      },
      [](const E& a, const E& b) { return a.intersects(b); });
}
#endif

#if AABB_BENCH_HAVE_CGAL
void cgal(benchmark::State& state, std::size_t n) {
  peer<double, 3, CGAL::Bbox_3>(
      state, n,
      [](const opt::Box<double, 3>& b) {
        return CGAL::Bbox_3(b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2]);
      },
      [](const CGAL::Bbox_3& a, const CGAL::Bbox_3& b) { return CGAL::do_overlap(a, b); });
}
#endif

#if AABB_BENCH_HAVE_BOX2D
void box2d(benchmark::State& state, std::size_t n) {
  peer<float, 2, b2AABB>(
      state, n,
      [](const opt::Box<float, 2>& b) {
        b2AABB a;
        a.lowerBound = b2Vec2(b.lo[0], b.lo[1]);
        a.upperBound = b2Vec2(b.hi[0], b.hi[1]);
        return a;
      },
      [](const b2AABB& a, const b2AABB& b) { return b2TestOverlap(a, b); });
}
#endif

constexpr std::size_t kSizes[] = {std::size_t(1) << 10, std::size_t(1) << 14, std::size_t(1) << 18,
                                  std::size_t(1) << 22, std::size_t(1) << 24};
/// Peers and the naive loop stop here: their own copies of 16M boxes would add up to 1.5 GB on a
/// shared machine, and the targets compare them in cache.
constexpr std::size_t kPeerMax = std::size_t(1) << 22;

template <class F>
void add(const std::string& group, const std::string& impl, const char* type, std::size_t n, F f) {
  benchmark::RegisterBenchmark((group + "/" + impl + "/" + type + "/" + std::to_string(n)).c_str(),
                               [f, n](benchmark::State& st) { f(st, n); });
}

template <class T>
void register_3d() {
  const char* t = type_name<T>();
  for (std::size_t n : kSizes) {
    add("BM_overlap", "stream", t, n, stream<T, 3>);
    add("BM_overlap", "ours_mask", t, n, ours_mask<T, 3>);
    add("BM_overlap", "ours_indices", t, n, ours_indices<T, 3>);
    if (n > kPeerMax) continue;
    add("BM_overlap", "naive", t, n, naive<T, 3>);
#if AABB_BENCH_HAVE_BULLET
    if (sizeof(btScalar) == sizeof(T)) add("BM_overlap", "bullet", t, n, bullet);
#endif
#if AABB_BENCH_HAVE_EIGEN
    add("BM_overlap", "eigen", t, n, eigen<T>);
#endif
#if AABB_BENCH_HAVE_CGAL
    if (sizeof(T) == sizeof(double)) add("BM_overlap", "cgal", t, n, cgal);
#endif
  }
}

void register_2d() {
  for (std::size_t n : kSizes) {
    add("BM_overlap2d", "stream", "float", n, stream<float, 2>);
    add("BM_overlap2d", "ours_mask", "float", n, ours_mask<float, 2>);
    add("BM_overlap2d", "ours_indices", "float", n, ours_indices<float, 2>);
    if (n > kPeerMax) continue;
    add("BM_overlap2d", "naive", "float", n, naive<float, 2>);
#if AABB_BENCH_HAVE_BOX2D
    add("BM_overlap2d", "box2d", "float", n, box2d);
#endif
  }
}

/// The peers, whether their package was found (bench/batch_overlap.cmake) and the rows they add.
struct Peer {
  bool found;
  const char* name;
  const char* package;
  const char* rows;
};
constexpr Peer kPeers[] = {
    {AABB_BENCH_HAVE_BULLET != 0, "Bullet", "libbullet-dev", "BM_overlap/bullet"},
    {AABB_BENCH_HAVE_EIGEN != 0, "Eigen", "libeigen3-dev", "BM_overlap/eigen"},
    {AABB_BENCH_HAVE_CGAL != 0, "CGAL", "libcgal-dev", "BM_overlap/cgal"},
    {AABB_BENCH_HAVE_BOX2D != 0, "Box2D", "libbox2d-dev", "BM_overlap2d/box2d"},
};

}  // namespace

int main(int argc, char** argv) {
  for (const Peer& p : kPeers)
    if (!p.found) std::printf("note: %s (%s) not found: %s/* not registered\n", p.name, p.package, p.rows);
  register_3d<float>();
  register_3d<double>();
  register_2d();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
