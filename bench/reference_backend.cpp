// Which exact rational type should the reference use? The same generic reference ops run over
// GMP's mpq_rational and Boost's header-only cpp_rational on identical inputs, in one run.
// Run: build/release/bin/aabb_bench_reference_backend --benchmark_min_time=0.5

#include <benchmark/benchmark.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "aabb/reference.hpp"

namespace {

namespace ref = aabb::reference;
using Mpq = ref::Rational;
using Cpp = boost::multiprecision::cpp_rational;

enum class Inputs { SmallIntegers, Doubles };

// 1024 box pairs plus displacements, values first made as exact mpq then copied into Q.
template <class Q>
struct Cases {
  std::vector<ref::BasicBox<Q, 3>> a, b;
  std::vector<ref::BasicVec<Q, 3>> da, db;
};

Mpq value(std::mt19937_64& rng, Inputs kind) {
  if (kind == Inputs::SmallIntegers) return Mpq(static_cast<long>(rng() % 41) - 20);
  // A finite double from a random bit pattern with a moderate exponent (like engine coordinates).
  const std::uint64_t sign = (rng() & 1) << 63;
  const std::uint64_t exponent = 1023 - 20 + rng() % 40;
  const std::uint64_t fraction = rng() & ((std::uint64_t{1} << 52) - 1);
  return ref::exact_from_bits<ref::Binary64>(sign | (exponent << 52) | fraction, "x").value();
}

template <class Q>
Q convert(const Mpq& q) {
  if constexpr (std::is_same_v<Q, Mpq>) return q;
  else return Q(q.str());
}

template <class Q>
Cases<Q> make_cases(Inputs kind) {
  std::mt19937_64 rng(20261122);
  Cases<Q> c;
  for (int k = 0; k < 1024; ++k) {
    ref::BasicBox<Q, 3> a, b;
    ref::BasicVec<Q, 3> da, db;
    for (std::size_t i = 0; i < 3; ++i) {
      Mpq x = value(rng, kind), y = value(rng, kind), u = value(rng, kind), v = value(rng, kind);
      if (y < x) std::swap(x, y);
      if (v < u) std::swap(u, v);
      a.lo[i] = convert<Q>(x), a.hi[i] = convert<Q>(y);
      b.lo[i] = convert<Q>(u), b.hi[i] = convert<Q>(v);
      da[i] = convert<Q>(value(rng, kind));
      db[i] = convert<Q>(value(rng, kind));
    }
    c.a.push_back(a), c.b.push_back(b), c.da.push_back(da), c.db.push_back(db);
  }
  return c;
}

template <class Q>
void BM_Overlap(benchmark::State& state) {
  const auto c = make_cases<Q>(static_cast<Inputs>(state.range(0)));
  std::size_t k = 0, hits = 0;
  for (auto _ : state) {
    hits += *ref::overlap(c.a[k], c.b[k]);
    k = (k + 1) & 1023;
  }
  benchmark::DoNotOptimize(hits);
  state.SetItemsProcessed(state.iterations());
}

template <class Q>
void BM_Sweep(benchmark::State& state) {
  const auto c = make_cases<Q>(static_cast<Inputs>(state.range(0)));
  std::size_t k = 0, hits = 0;
  for (auto _ : state) {
    hits += ref::sweep(c.a[k], c.da[k], c.b[k], c.db[k])->hit;
    k = (k + 1) & 1023;
  }
  benchmark::DoNotOptimize(hits);
  state.SetItemsProcessed(state.iterations());
}

// Arg 0: small integers in [-20, 20]; arg 1: doubles with exponents in [-20, 20).
BENCHMARK_TEMPLATE(BM_Overlap, Mpq)->Arg(0)->Arg(1);
BENCHMARK_TEMPLATE(BM_Overlap, Cpp)->Arg(0)->Arg(1);
BENCHMARK_TEMPLATE(BM_Sweep, Mpq)->Arg(0)->Arg(1);
BENCHMARK_TEMPLATE(BM_Sweep, Cpp)->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
