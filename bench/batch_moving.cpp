// Ray vs many boxes and moving box vs many static boxes (optimized/batch.hpp): the batch kernels
// (an exact comparison filter, then the scalar op for the boxes it leaves open) against a loop of
// the scalar op over the same boxes, float and double, 3D.
//
// Names: BM_ray/<impl>/<type>/<N> and BM_moving/<impl>/<type>/<N>, impl in {ours_mask,
// scalar_loop}. Boxes of size up to 10 in a cube of side 1000; the ray starts at the centre,
// t in [0, inf) (the filter rejects the boxes behind it on some axis); the moving box (side 10)
// starts at the centre and moves by (100, 50, 20).

#include <benchmark/benchmark.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "aabb/optimized/batch.hpp"
#include "aabb/optimized/moving.hpp"

namespace {

namespace opt = aabb::optimized;

template <class T>
struct Scene {
  std::array<std::vector<T>, 3> lo, hi;
  std::vector<opt::Box<T, 3>> boxes;
  explicit Scene(std::size_t n) {
    std::mt19937_64 rng(20261123);
    std::uniform_real_distribution<T> pos(0, 1000), size(0, 10);
    for (std::size_t i = 0; i < 3; ++i) lo[i].resize(n), hi[i].resize(n);
    boxes.resize(n);
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t i = 0; i < 3; ++i) {
        boxes[k].lo[i] = lo[i][k] = pos(rng);
        boxes[k].hi[i] = hi[i][k] = lo[i][k] + size(rng);
      }
  }
  [[nodiscard]] opt::BoxesSoA<T, 3> view() const {
    opt::BoxesSoA<T, 3> v;
    for (std::size_t i = 0; i < 3; ++i) v.lo[i] = lo[i].data(), v.hi[i] = hi[i].data();
    v.count = boxes.size();
    return v;
  }
};

constexpr opt::Vec<double, 3> kOrigin{500, 500, 500}, kDir{0.6, 0.48, 0.64};
constexpr opt::Vec<double, 3> kMove{100, 50, 20};

template <class T>
opt::Vec<T, 3> cast(const opt::Vec<double, 3>& v) {
  return {T(v[0]), T(v[1]), T(v[2])};
}

void report(benchmark::State& state, std::size_t n, std::size_t hits) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
  state.counters["hits"] = double(hits);
}

/// A batch kernel over the scene: kernel(scene, mask, t) writes the hit mask and the entry times.
template <class T, class Kernel>
void mask_bench(benchmark::State& state, std::size_t n, Kernel kernel) {
  const Scene<T> s(n);
  std::vector<std::uint64_t> mask(opt::mask_words(n));
  std::vector<T> t(n);
  for (auto _ : state) {
    kernel(s, mask.data(), t.data());
    benchmark::ClobberMemory();
  }
  std::size_t hits = 0;
  for (auto w : mask) hits += static_cast<std::size_t>(__builtin_popcountll(w));
  report(state, n, hits);
}

/// The scalar op in a loop over the scene's boxes: scalar(box) has .hit and .t_enter.
template <class T, class Scalar>
void loop_bench(benchmark::State& state, std::size_t n, Scalar scalar) {
  const Scene<T> s(n);
  std::vector<T> t(n);
  std::size_t hits = 0;
  for (auto _ : state) {
    hits = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const auto r = scalar(s.boxes[k]);
      t[k] = r.t_enter;
      hits += r.hit;
    }
    benchmark::DoNotOptimize(hits);
    benchmark::ClobberMemory();
  }
  report(state, n, hits);
}

template <class T>
void ray_ours(benchmark::State& state, std::size_t n) {
  const T inf = std::numeric_limits<T>::infinity();
  mask_bench<T>(state, n, [inf](const Scene<T>& s, std::uint64_t* mask, T* t) {
    opt::ray_mask(s.view(), cast<T>(kOrigin), cast<T>(kDir), T(0), inf, mask, t);
  });
}

template <class T>
void ray_loop(benchmark::State& state, std::size_t n) {
  const T inf = std::numeric_limits<T>::infinity();
  loop_bench<T>(state, n, [inf](const opt::Box<T, 3>& b) {
    return opt::ray(b, cast<T>(kOrigin), cast<T>(kDir), T(0), inf);
  });
}

template <class T>
opt::Box<T, 3> mover() {
  return {{T(500), T(500), T(500)}, {T(510), T(510), T(510)}};
}

template <class T>
void moving_ours(benchmark::State& state, std::size_t n) {
  mask_bench<T>(state, n, [](const Scene<T>& s, std::uint64_t* mask, T* t) {
    opt::moving_vs_static_mask(s.view(), mover<T>(), cast<T>(kMove), mask, t);
  });
}

template <class T>
void moving_loop(benchmark::State& state, std::size_t n) {
  loop_bench<T>(state, n, [](const opt::Box<T, 3>& b) { return opt::moving_vs_static(b, mover<T>(), cast<T>(kMove)); });
}

template <class F>
void add(const std::string& name, std::size_t n, F f) {
  benchmark::RegisterBenchmark((name + "/" + std::to_string(n)).c_str(),
                               [f, n](benchmark::State& st) { f(st, n); });
}

template <class T>
void register_all(const std::string& type) {
  for (std::size_t n : {std::size_t(1) << 10, std::size_t(1) << 16}) {
    add("BM_ray/ours_mask/" + type, n, ray_ours<T>);
    add("BM_ray/scalar_loop/" + type, n, ray_loop<T>);
    add("BM_moving/ours_mask/" + type, n, moving_ours<T>);
    add("BM_moving/scalar_loop/" + type, n, moving_loop<T>);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all<float>("float");
  register_all<double>("double");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
