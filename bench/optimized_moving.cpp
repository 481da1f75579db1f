// The moving tests: optimized::sweep, sweep_ce, moving_vs_static, ray and ray_conservative
// (exact hit, times within 1 ulp) against the naive float formulas as engines write them, float
// and double, 3D, in the same run on the same inputs:
// - sweep: the slab method in b's frame relative to a, with 1/v, exiting on the first empty axis;
// - sweep_ce: seed 000's AABBSweep (overlap test first, then per-axis u_0 / u_1, MAX / MIN);
// - moving_vs_static: seed 001's intersectMovingAABB (1/d, early exit);
// - ray: the slab method with 1/d, early exit.
// The loose variants (sweep_loose, moving_vs_static_loose, ray_loose: docs/contracts.md) run on
// the same inputs against the naive formula of their exact op, with how often they answer a near
// miss as a hit.
// Arg 0: random inputs (about a third hit). Arg 1: edge-heavy inputs: every axis touches at the
// same instant (0, 1/2 or 1) or has zero relative velocity with touching faces, and a third of
// the coordinates are moved by ±1 ulp, so entry times tie or differ in their last bits and the
// exact fallback runs often. Args 0 and 1 repeat kCases cases in every iteration; args 2 and 3 are
// the same inputs over kFreshCases cases ("fresh"), more than the branch predictor can learn.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "aabb/optimized/moving.hpp"
#include "bench_common.hpp"

namespace {

namespace opt = aabb::optimized;
using aabb::bench::nudge;

constexpr std::size_t kCases = 4096;

/// The cases of args 2 and 3. kCases cases in the same order in every iteration are a sequence the
/// branch predictor learns: on this project's AMD EPYC host the naive sweep took 3.98 ns a call on
/// 4096 random float cases in a fixed order, 32.4 ns on the same 4096 cases in 16 shuffled orders
/// (a 65536-call sequence, the data still in L2) and 32.4 ns on 65536 distinct cases; edge-heavy
/// 5.27, 40.3 and 40.6 ns (BM_predictor; docs/performance.md, "The branch predictor's share"). The
/// fresh rows measure a call on inputs whose branches were not learnt, as an engine's queries are.
constexpr std::size_t kFreshCases = 65536;

template <class T>
using V3 = opt::Vec<T, 3>;
template <class T>
using Box3 = opt::Box<T, 3>;

template <class T>
struct SweepCase {
  Box3<T> a, b;
  V3<T> da, db;
};

template <class T>
struct RayCase {
  Box3<T> box;
  V3<T> o, d;
};

/// The draws of one input generator: a fixed-seed engine, coordinates c in [-20, 20], extents e
/// in [e_lo, 5], displacements or directions d in [-d_max, d_max], and the small integers of the
/// edge-heavy inputs.
template <class T>
struct Draw {
  std::mt19937_64 rng;
  std::uniform_real_distribution<T> c_, e_, d_;
  std::uniform_int_distribution<int> small_{-16, 16}, ext_{0, 8}, pick_{0, 5}, ulp_{-1, 1};
  Draw(std::uint64_t seed, T e_lo, T d_max) : rng(seed), c_(-20, 20), e_(e_lo, 5), d_(-d_max, d_max) {}
  T c() { return c_(rng); }
  T e() { return e_(rng); }
  T d() { return d_(rng); }
  int small() { return small_(rng); }
  int ext() { return ext_(rng); }
  int pick() { return pick_(rng); }
  int ulp() { return ulp_(rng); }
};

/// `count` cases, each drawn by `fill`, from one Draw.
template <class Case, class T>
std::vector<Case> make_cases(std::uint64_t seed, T e_lo, T d_max, void (*fill)(Case&, Draw<T>&),
                             std::size_t count) {
  Draw<T> g(seed, e_lo, d_max);
  std::vector<Case> v(count);
  for (auto& k : v) fill(k, g);
  return v;
}

template <class T>
void random_sweep(SweepCase<T>& k, Draw<T>& g) {
  for (std::size_t i = 0; i < 3; ++i) {
    const T ca = g.c(), ea = g.e(), cb = g.c(), eb = g.e();
    k.a.lo[i] = ca - ea, k.a.hi[i] = ca + ea, k.b.lo[i] = cb - eb, k.b.hi[i] = cb + eb;
    k.da[i] = g.d(), k.db[i] = g.d();
  }
}

/// b moves by v relative to a and touches a at time s on every axis (dyadic values: exact).
template <class T>
void edge_sweep(SweepCase<T>& k, Draw<T>& g) {
  const T s = std::array<T, 3>{T(0), T(0.5), T(1)}[std::size_t(g.pick()) % 3];
  for (std::size_t i = 0; i < 3; ++i) {
    k.a.lo[i] = T(g.small());
    k.a.hi[i] = k.a.lo[i] + T(g.ext());
    const T w = T(g.ext());
    k.da[i] = T(g.small()) / 4;
    T rel = T(g.small()) / 2;
    if (g.pick() == 0) rel = 0;
    if (rel < 0) {  // b comes from above: its lo meets a.hi at s
      k.b.lo[i] = k.a.hi[i] - s * rel;
      k.b.hi[i] = k.b.lo[i] + w;
    } else if (rel > 0) {  // from below: its hi meets a.lo at s
      k.b.hi[i] = k.a.lo[i] - s * rel;
      k.b.lo[i] = k.b.hi[i] - w;
    } else {  // zero relative velocity, faces touching
      k.b.lo[i] = k.a.hi[i];
      k.b.hi[i] = k.b.lo[i] + w;
    }
    k.db[i] = k.da[i] + rel;
    if (g.pick() < 2) k.b.lo[i] = std::fmin(nudge(k.b.lo[i], g.ulp()), k.b.hi[i]);
    if (g.pick() < 2) k.b.hi[i] = std::fmax(nudge(k.b.hi[i], g.ulp()), k.b.lo[i]);
  }
}

template <class T>
std::vector<SweepCase<T>> make_sweeps(bool edge, std::size_t count) {
  return make_cases<SweepCase<T>>(20261122, T(0), T(40), edge ? &edge_sweep<T> : &random_sweep<T>, count);
}

template <class T>
void random_ray(RayCase<T>& k, Draw<T>& g) {
  for (std::size_t i = 0; i < 3; ++i) {
    const T cc = g.c(), ee = g.e();
    k.box.lo[i] = cc - ee, k.box.hi[i] = cc + ee;
    k.o[i] = g.c() * 2, k.d[i] = g.d();
  }
  // Aim a third of the rays at the box so that about a third hit.
  if (g.pick() < 2)
    for (std::size_t i = 0; i < 3; ++i) k.d[i] = (k.box.lo[i] + k.box.hi[i]) / 2 - k.o[i] + g.d();
}

/// Through a corner of the box at t = 1 (entry times tie), or in a face plane with d = 0.
template <class T>
void edge_ray(RayCase<T>& k, Draw<T>& g) {
  for (std::size_t i = 0; i < 3; ++i) {
    k.box.lo[i] = T(g.small());
    k.box.hi[i] = k.box.lo[i] + T(g.ext());
    k.d[i] = T(g.small()) / 4;
    const T corner = g.pick() < 3 ? k.box.lo[i] : k.box.hi[i];
    k.o[i] = corner - k.d[i];
    if (g.pick() == 0) k.d[i] = 0, k.o[i] = corner;
    if (g.pick() < 2) k.o[i] = nudge(k.o[i], g.ulp());
  }
}

template <class T>
std::vector<RayCase<T>> make_rays(bool edge, std::size_t count) {
  return make_cases<RayCase<T>>(20261123, T(0.5), T(1), edge ? &edge_ray<T> : &random_ray<T>, count);
}

// ---- The naive formulas ----------------------------------------------------------------------

/// The slab method as engines write it, axis by axis: axis i moves at speed(i); at speed 0,
/// apart(i) says that it never overlaps; otherwise it overlaps between the times
/// gaps(i) = {enter gap, leave gap} times 1/speed(i), in either order. [t0, t1] is narrowed to
/// each axis's times in turn; false at the first axis that leaves it empty.
template <class T, class Speed, class Apart, class Gaps>
bool naive_slabs(T& t0, T& t1, Speed speed, Apart apart, Gaps gaps) {
  for (std::size_t i = 0; i < 3; ++i) {
    const T v = speed(i);
    if (v == 0) {
      if (apart(i)) return false;
      continue;
    }
    const T inv = T(1) / v;
    const auto [enter_gap, leave_gap] = gaps(i);
    T enter = enter_gap * inv, leave = leave_gap * inv;
    if (enter > leave) std::swap(enter, leave);
    if (enter > t0) t0 = enter;
    if (leave < t1) t1 = leave;
    if (t0 > t1) return false;
  }
  return true;
}

/// The slab method in b's frame relative to a, with 1/v.
template <class T>
bool naive_sweep(const SweepCase<T>& k, T& t0, T& t1) {
  t0 = 0, t1 = 1;
  return naive_slabs(
      t0, t1, [&](std::size_t i) { return k.db[i] - k.da[i]; },
      [&](std::size_t i) { return k.b.hi[i] < k.a.lo[i] || k.a.hi[i] < k.b.lo[i]; },
      [&](std::size_t i) { return std::pair<T, T>(k.a.lo[i] - k.b.hi[i], k.a.hi[i] - k.b.lo[i]); });
}

/// Seed 000's AABBSweep (Listing 4) over centres and extents, as written there.
template <class T>
bool naive_sweep_ce(const V3<T>& ea, const V3<T>& a0, const V3<T>& a1, const V3<T>& eb,
                    const V3<T>& b0, const V3<T>& b1, T& u0, T& u1) {
  bool overlap = true;
  for (std::size_t i = 0; i < 3; ++i)
    overlap = overlap && std::fabs(b0[i] - a0[i]) <= ea[i] + eb[i];
  if (overlap) {
    u0 = u1 = 0;
    return true;
  }
  V3<T> v, lo{0, 0, 0}, hi{1, 1, 1};
  for (std::size_t i = 0; i < 3; ++i) v[i] = (b1[i] - b0[i]) - (a1[i] - a0[i]);
  for (std::size_t i = 0; i < 3; ++i) {
    const T amax = a0[i] + ea[i], amin = a0[i] - ea[i], bmax = b0[i] + eb[i], bmin = b0[i] - eb[i];
    if (amax < bmin && v[i] < 0)
      lo[i] = (amax - bmin) / v[i];
    else if (bmax < amin && v[i] > 0)
      lo[i] = (amin - bmax) / v[i];
    if (bmax > amin && v[i] < 0)
      hi[i] = (amin - bmax) / v[i];
    else if (amax > bmin && v[i] > 0)
      hi[i] = (amax - bmin) / v[i];
  }
  u0 = std::max(lo[0], std::max(lo[1], lo[2]));
  u1 = std::min(hi[0], std::min(hi[1], hi[2]));
  return u0 <= u1;
}

/// Seed 001's intersectMovingAABB: tEnter, or a value > 1 for no hit.
template <class T>
T naive_moving(const Box3<T>& s, const Box3<T>& m, const V3<T>& d) {
  T t_enter = 0, t_leave = 1;
  const bool hit = naive_slabs(
      t_enter, t_leave, [&](std::size_t i) { return d[i]; },
      [&](std::size_t i) { return s.lo[i] >= m.hi[i] || s.hi[i] <= m.lo[i]; },
      [&](std::size_t i) { return std::pair<T, T>(s.lo[i] - m.hi[i], s.hi[i] - m.lo[i]); });
  return hit ? t_enter : T(1e30);
}

template <class T>
bool naive_ray(const RayCase<T>& k, T& t0, T& t1) {
  t0 = 0, t1 = std::numeric_limits<T>::infinity();
  return naive_slabs(
      t0, t1, [&](std::size_t i) { return k.d[i]; },
      [&](std::size_t i) { return k.o[i] < k.box.lo[i] || k.o[i] > k.box.hi[i]; },
      [&](std::size_t i) { return std::pair<T, T>(k.box.lo[i] - k.o[i], k.box.hi[i] - k.o[i]); });
}

// ---- Benchmarks --------------------------------------------------------------------------------

// kSweepLoose, kMovingLoose, kRayLoose, kSweepCeLoose: the loose variants (docs/contracts.md, "The
// loose sweeps", "The loose ray", "The loose sweep_ce").
enum Op { kSweep, kSweepCe, kMoving, kRay, kRayConservative, kSweepLoose, kMovingLoose, kRayLoose, kSweepCeLoose };

template <class T, Op O, bool Ours>
void BM_moving(benchmark::State& state) {
  const bool edge = state.range(0) % 2 != 0;
  const std::size_t cases = state.range(0) >= 2 ? kFreshCases : kCases;
  const auto sweeps = make_sweeps<T>(edge, cases);
  const auto rays = make_rays<T>(edge, cases);
  // Seed 000's inputs: centres and extents of the same boxes (exact here: halves of sums of
  // values in a small range, or dyadic), end centres c + d.
  std::vector<std::array<V3<T>, 6>> ce(cases);
  for (std::size_t n = 0; n < cases; ++n) {
    const auto& k = sweeps[n];
    for (std::size_t i = 0; i < 3; ++i) {
      ce[n][0][i] = (k.a.hi[i] - k.a.lo[i]) / 2, ce[n][1][i] = (k.a.lo[i] + k.a.hi[i]) / 2;
      ce[n][2][i] = ce[n][1][i] + k.da[i];
      ce[n][3][i] = (k.b.hi[i] - k.b.lo[i]) / 2, ce[n][4][i] = (k.b.lo[i] + k.b.hi[i]) / 2;
      ce[n][5][i] = ce[n][4][i] + k.db[i];
    }
  }
  std::size_t hits = 0;
  T sum = 0;
  for (auto _ : state) {
    for (std::size_t n = 0; n < cases; ++n) {
      T t0 = 0, t1 = 0;
      bool hit = false;
      if constexpr (O == kSweep || O == kSweepLoose) {
        const auto& k = sweeps[n];
        if constexpr (Ours) {
          const auto r = O == kSweep ? opt::sweep(k.a, k.da, k.b, k.db) : opt::sweep_loose(k.a, k.da, k.b, k.db);
          hit = r.hit, t0 = r.t_first, t1 = r.t_last;
        } else {
          hit = naive_sweep(k, t0, t1);
        }
      } else if constexpr (O == kSweepCe || O == kSweepCeLoose) {
        const auto& c = ce[n];
        if constexpr (Ours) {
          const auto r = O == kSweepCe ? opt::sweep_ce(c[0], c[1], c[2], c[3], c[4], c[5])
                                       : opt::sweep_ce_loose(c[0], c[1], c[2], c[3], c[4], c[5]);
          hit = r.hit, t0 = r.t_first, t1 = r.t_last;
        } else {
          hit = naive_sweep_ce(c[0], c[1], c[2], c[3], c[4], c[5], t0, t1);
        }
      } else if constexpr (O == kMoving || O == kMovingLoose) {
        const auto& k = sweeps[n];
        if constexpr (Ours) {
          const auto r = O == kMoving ? opt::moving_vs_static(k.a, k.b, k.db) : opt::moving_vs_static_loose(k.a, k.b, k.db);
          hit = r.hit, t0 = r.t_enter;
        } else {
          t0 = naive_moving(k.a, k.b, k.db);
          hit = t0 <= 1;
        }
      } else {
        const auto& k = rays[n];
        if constexpr (!Ours) {
          hit = naive_ray(k, t0, t1);
        } else if constexpr (O == kRay) {
          const auto r = opt::ray(k.box, k.o, k.d);
          hit = r.hit, t0 = r.t_enter, t1 = r.t_exit;
        } else if constexpr (O == kRayLoose) {
          const auto r = opt::ray_loose(k.box, k.o, k.d);
          hit = r.hit, t0 = r.t_enter, t1 = r.t_exit;
        } else {
          const auto r = opt::ray_conservative(k.box, k.o, k.d);
          hit = r.hit, t0 = r.t_enter, t1 = r.t_exit;
        }
      }
      if (hit) {
        ++hits;
        sum += t0 + (t1 < 2 ? t1 : T(0));
      }
    }
    benchmark::DoNotOptimize(hits);
    benchmark::DoNotOptimize(sum);
  }
  state.counters["hit_rate"] =
      double(hits) / double(cases) / double(state.iterations() > 0 ? state.iterations() : 1);
  if constexpr (Ours && (O == kRay || O == kRayConservative)) {
    // How often the ray filter leaves the answer to the exact path (docs/contracts.md, "The ray
    // filter"): counted once per case, outside the timed loop.
    std::size_t exact = 0;
    for (const auto& k : rays) {
      opt::RayResult<T> r;
      exact += opt::detail::moving::ray_fast(k.box, k.o, k.d, T(0), std::numeric_limits<T>::infinity(), r) < 0;
    }
    state.counters["exact_path"] = double(exact) / double(cases);
  }
  if constexpr (Ours && (O == kSweep || O == kMoving)) {
    // How often the sweep filter leaves the answer to the exact path (docs/contracts.md, "The
    // sweep filter"): counted once per case, outside the timed loop.
    std::size_t exact = 0;
    for (const auto& k : sweeps) {
      opt::SweepResult<T> r;
      if constexpr (O == kSweep)
        exact += opt::detail::moving::sweep_fast<true>(k.a, k.da, k.b, k.db, r) < 0;
      else
        exact += opt::detail::moving::sweep_fast<false>(k.a, V3<T>{}, k.b, k.db, r) < 0;
    }
    state.counters["exact_path"] = double(exact) / double(cases);
  }
  if constexpr (Ours && (O == kSweepLoose || O == kMovingLoose)) {
    // How often the loose variant answers an exact miss as a hit (a near miss inside its
    // window), against the exact variant on the same cases: outside the timed loop.
    std::size_t near = 0;
    for (const auto& k : sweeps) {
      if constexpr (O == kSweepLoose)
        near += opt::sweep_loose(k.a, k.da, k.b, k.db).hit && !opt::sweep(k.a, k.da, k.b, k.db).hit;
      else
        near += opt::moving_vs_static_loose(k.a, k.b, k.db).hit && !opt::moving_vs_static(k.a, k.b, k.db).hit;
    }
    state.counters["near_miss_hits"] = double(near) / double(cases);
  }
  if constexpr (Ours && O == kSweepCeLoose) {
    std::size_t near = 0, exact = 0;  // as for the loose sweeps, and how often the exact path answers
    for (const auto& c : ce) {
      near += opt::sweep_ce_loose(c[0], c[1], c[2], c[3], c[4], c[5]).hit &&
              !opt::sweep_ce(c[0], c[1], c[2], c[3], c[4], c[5]).hit;
      opt::SweepResult<T> r;
      exact += opt::detail::moving::sweep_ce_fast<true>(c[0], c[1], c[2], c[3], c[4], c[5], r) < 0;
    }
    state.counters["near_miss_hits"] = double(near) / double(cases);
    state.counters["exact_path"] = double(exact) / double(cases);
  }
  if constexpr (Ours && O == kRayLoose) {
    std::size_t near = 0;  // as for the loose sweeps
    for (const auto& k : rays) near += opt::ray_loose(k.box, k.o, k.d).hit && !opt::ray(k.box, k.o, k.d).hit;
    state.counters["near_miss_hits"] = double(near) / double(cases);
  }
  if constexpr (Ours && O == kSweepCe) {
    // How often the sweep_ce filter leaves the answer to the exact path (docs/contracts.md, "The
    // sweep_ce filter"): counted once per case, outside the timed loop.
    std::size_t exact = 0;
    for (const auto& c : ce) {
      opt::SweepResult<T> r;
      exact += opt::detail::moving::sweep_ce_fast(c[0], c[1], c[2], c[3], c[4], c[5], r) < 0;
    }
    state.counters["exact_path"] = double(exact) / double(cases);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * cases));
}

/// The branch predictor's share of the learnt rows: the naive sweep and sweep_loose on the same
/// inputs in three orders. Arg 0: random or edge-heavy (0, 1). Arg 1: 0, kCases cases in one fixed
/// order (the learnt rows); 1, the same kCases cases in 16 shuffled orders, a 16·kCases-call
/// sequence over data that stays in L2; 2, 16·kCases distinct cases in one order (the fresh rows).
/// Orders 1 and 2 cost the same where the predictor, not the memory, makes the difference. It
/// keeps a timed loop of its own: BM_moving's loop turned into one over an order for every arg
/// (29 November 2026) moved the learnt naive sweep from 17 to 28–46 µs per 4096 calls with no
/// operation changed, a code layout change that the memorised rows follow and the fresh ones not.
template <class T, bool Ours>
void BM_predictor(benchmark::State& state) {
  const bool edge = state.range(0) != 0;
  const int order = int(state.range(1));
  constexpr std::size_t orders = kFreshCases / kCases;
  const auto sweeps = make_sweeps<T>(edge, order == 2 ? kFreshCases : kCases);
  std::vector<std::uint32_t> index(order == 0 ? kCases : kFreshCases);
  for (std::size_t n = 0; n < index.size(); ++n) index[n] = std::uint32_t(n);
  if (order == 1) {
    std::mt19937_64 rng(20261129);
    for (std::size_t p = 0; p < orders; ++p) {
      for (std::size_t n = 0; n < kCases; ++n) index[p * kCases + n] = std::uint32_t(n);
      std::shuffle(index.begin() + std::ptrdiff_t(p * kCases), index.begin() + std::ptrdiff_t((p + 1) * kCases), rng);
    }
  }
  std::size_t hits = 0;
  T sum = 0;
  for (auto _ : state) {
    for (const std::uint32_t n : index) {
      const auto& k = sweeps[n];
      T t0 = 0, t1 = 0;
      bool hit = false;
      if constexpr (Ours) {
        const auto r = opt::sweep_loose(k.a, k.da, k.b, k.db);
        hit = r.hit, t0 = r.t_first, t1 = r.t_last;
      } else {
        hit = naive_sweep(k, t0, t1);
      }
      if (hit) {
        ++hits;
        sum += t0 + t1;
      }
    }
    benchmark::DoNotOptimize(hits);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * index.size()));
}

}  // namespace

// The predictor's share: random and edge-heavy inputs (arg 0) in the three orders (arg 1).
BENCHMARK(BM_predictor<float, false>)->Name("predictor_naive_sweep/float")->ArgsProduct({{0, 1}, {0, 1, 2}});
BENCHMARK(BM_predictor<float, true>)->Name("predictor_ours_sweep_loose/float")->ArgsProduct({{0, 1}, {0, 1, 2}});
BENCHMARK(BM_predictor<double, false>)->Name("predictor_naive_sweep/double")->ArgsProduct({{0, 1}, {0, 1, 2}});
BENCHMARK(BM_predictor<double, true>)->Name("predictor_ours_sweep_loose/double")->ArgsProduct({{0, 1}, {0, 1, 2}});

// Arg 0: random inputs; arg 1: edge-heavy inputs; args 2 and 3: the same, fresh (kFreshCases).
// Each "ours" next to its naive counterpart.
#define AABB_BENCH_MOVING(T)                                                                              \
  BENCHMARK(BM_moving<T, kSweep, false>)->Name("naive_sweep/" #T)->DenseRange(0, 3);                      \
  BENCHMARK(BM_moving<T, kSweep, true>)->Name("ours_sweep/" #T)->DenseRange(0, 3);                        \
  BENCHMARK(BM_moving<T, kSweepCe, false>)->Name("naive_sweep_ce/" #T)->DenseRange(0, 3);                 \
  BENCHMARK(BM_moving<T, kSweepCe, true>)->Name("ours_sweep_ce/" #T)->DenseRange(0, 3);                   \
  BENCHMARK(BM_moving<T, kSweepCeLoose, true>)->Name("ours_sweep_ce_loose/" #T)->DenseRange(0, 3);        \
  BENCHMARK(BM_moving<T, kMoving, false>)->Name("naive_moving_vs_static/" #T)->DenseRange(0, 3);          \
  BENCHMARK(BM_moving<T, kMoving, true>)->Name("ours_moving_vs_static/" #T)->DenseRange(0, 3);            \
  BENCHMARK(BM_moving<T, kSweepLoose, true>)->Name("ours_sweep_loose/" #T)->DenseRange(0, 3);             \
  BENCHMARK(BM_moving<T, kMovingLoose, true>)->Name("ours_moving_vs_static_loose/" #T)->DenseRange(0, 3); \
  BENCHMARK(BM_moving<T, kRay, false>)->Name("naive_ray/" #T)->DenseRange(0, 3);                          \
  BENCHMARK(BM_moving<T, kRay, true>)->Name("ours_ray/" #T)->DenseRange(0, 3);                            \
  BENCHMARK(BM_moving<T, kRayConservative, true>)->Name("ours_ray_conservative/" #T)->DenseRange(0, 3);   \
  BENCHMARK(BM_moving<T, kRayLoose, true>)->Name("ours_ray_loose/" #T)->DenseRange(0, 3)

AABB_BENCH_MOVING(float);
AABB_BENCH_MOVING(double);

BENCHMARK_MAIN();
