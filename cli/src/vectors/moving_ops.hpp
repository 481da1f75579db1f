#pragma once
/// `vectors`: the edge constructions of the moving ops (sweep, sweep_ce, moving_vs_static, ray):
/// one function per op gives its Spec (vectors/common.hpp); vectors.cpp writes their files.

#include "vectors/common.hpp"

namespace aabb::vectors {

/// Seed 001's worked cases of intersectMovingAABB against the unit box: {name, moving, d}.
template <class T>
std::vector<std::tuple<std::string, V<T>, V<T>, V<T>>> seed001_moving_cases() {
  const T tiny = std::numeric_limits<T>::denorm_min();
  return {
      {"seed 001 intersectMovingAABB: touching, at rest", {1, 0, 0}, {2, 1, 1}, {0, 0, 0}},
      {"seed 001 intersectMovingAABB: touching, moving away", {1, 0, 0}, {2, 1, 1}, {1, 0, 0}},
      {"seed 001 intersectMovingAABB: an edge contact at t = 1", {2, 1, 0}, {3, 2, 1}, {-1, 0, 0}},
      {"seed 001 intersectMovingAABB: an approach timed exactly", {3, 0, 0}, {4, 1, 1}, {-4, 0, 0}},
      {"seed 001 intersectMovingAABB: a subnormal displacement drops a bound",
       {1, 2, 0},
       {2, 3, 1},
       {tiny, -2, 0}},
      {"seed 001 intersectMovingAABB: float single-instant contact at t = 3/4",
       {-22, -2, 0},
       {-21, 1, 1},
       {28, 4, 0}},
      {"seed 001 intersectMovingAABB: double single-instant contact at t = 1/3",
       {-12, 0, 0},
       {-11, 1, 1},
       {33, 3, 0}},
  };
}

template <class T, std::size_t N = 3>
Spec<chk::Sweep<T, N>> sweep_spec() {
  Spec<chk::Sweep<T, N>> s{"sweep", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    sweep_flags<T>(f, mm(k.alo, k.ahi), chk::ex(k.da), mm(k.blo, k.bhi), chk::ex(k.db));
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    using U = Num<T>;
    s.constructed = {
        {"touching faces, no motion", {o, one, o, {1, 0, 0}, {2, 1, 1}, o}},
        {"touching on y while b moves along x", {o, one, o, {3, 1, 0}, {4, 2, 1}, {-4, 0, 0}}},
        {"b reaches a exactly at t = 1", {o, one, o, {2, 0, 0}, {3, 1, 1}, {-1, 0, 0}}},
        {"touching at t = 0, moving apart", {o, one, o, {1, 0, 0}, {2, 1, 1}, {1, 0, 0}}},
        {"overlapping at t = 0, true t_last", {o, {2, 2, 2}, o, one, {3, 3, 3}, {4, 0, 0}}},
        {"apart by one ulp, no motion", {o, one, o, {U::up(1), 0, 0}, {2, 1, 1}, o}},
        {"both move the same way, touching", {o, one, {5, 0, 0}, {1, 0, 0}, {2, 1, 1}, {5, 0, 0}}},
        {"subnormal displacement, touching", {o, one, o, {1, 0, 0}, {2, 1, 1}, {-U::tiny, 0, 0}}},
        {"subnormal displacement, one ulp apart",
         {o, one, o, {U::up(1), 0, 0}, {2, 1, 1}, {-U::tiny, 0, 0}}},
        {"relative displacement overflows",
         {{-U::max, 0, 0},
          {-U::max / 2, 1, 1},
          {U::max, 0, 0},
          {U::max / 2, 0, 0},
          {U::max, 1, 1},
          {-U::max, 0, 0}}},
        {"flat boxes crossing", {{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {1, 0, 0}, {1, 1, 1}, o}},
    };
    for (const auto& [name, lo, hi, d] : seed001_moving_cases<T>())
      s.seeds.push_back({name + " (a at rest)", {o, one, o, lo, hi, d}});
  }
  return s;
}
AABB_VECTORS_BINDING(Sweep, "sweep", sweep_spec);

template <class T, std::size_t N = 3>
Spec<chk::SweepCe<T, N>> sweep_ce_spec() {
  Spec<chk::SweepCe<T, N>> s{"sweep_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto ea = chk::ex(k.ea), a0 = chk::ex(k.a0), a1 = chk::ex(k.a1);
    const auto eb = chk::ex(k.eb), b0 = chk::ex(k.b0), b1 = chk::ex(k.b1);
    ref::Vec<N> da, db;
    for (std::size_t i = 0; i < N; ++i) {
      da[i] = a1[i] - a0[i], db[i] = b1[i] - b0[i];
      if (overflows<T>(da[i]) || overflows<T>(db[i]) || overflows<T>(ea[i] + eb[i]))
        f.insert("Overflow");
    }
    const ref::CenterExtent<N> a{a0, ea}, b{b0, eb}, ae{a1, ea}, be{b1, eb};
    ce_overflow<T>(f, a), ce_overflow<T>(f, b), ce_overflow<T>(f, ae), ce_overflow<T>(f, be);
    sweep_flags<T>(f, ref::to_min_max(a), da, ref::to_min_max(b), db);
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    s.wrong_listings =
        listings_wrong<chk::SweepCe<T>>({{&lst::seed000_sweep_ce<T>, "seed 000 AABBSweep"}});
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    // {ea, a0, a1, eb, b0, b1}
    s.constructed = {
        {"touching faces, no motion", {one, o, o, one, {2, 0, 0}, {2, 0, 0}}},
        {"apart, no relative motion", {one, o, o, one, {3, 0, 0}, {3, 0, 0}}},
        {"apart and moving apart", {one, o, o, one, {3, 0, 0}, {4, 0, 0}}},
        {"touching at t = 0, moving apart", {one, o, o, one, {2, 0, 0}, {3, 0, 0}}},
        {"overlapping at t = 0, true t_last", {one, o, o, one, {1, 0, 0}, {5, 0, 0}}},
        {"a passes b", {one, o, {10, 0, 0}, one, {5, T(0.5), 0}, {5, T(0.5), 0}}},
        {"touching on y while moving on x", {one, o, {10, 0, 0}, one, {5, 2, 0}, {5, 2, 0}}},
    };
    const auto at = [](T x, T y, T z) { return V<T>{x, y, z}; };
    s.seeds = {
        {"seed 000 AABBSweep: zero relative velocity on a separating axis",
         {one, o, o, one, at(-4, 5, 0), at(4, 5, 0)}},
        {"seed 000 AABBSweep: at rest and apart", {one, o, o, one, at(5, 0, 0), at(5, 0, 0)}},
        {"seed 000 AABBSweep: overlapping at t = 0 until t = 1/2", {one, o, o, one, o, at(4, 0, 0)}},
        {"seed 000 AABBSweep: apart and moving apart (+x)",
         {one, o, o, one, at(5, 0, 0), at(6, 0, 0)}},
        {"seed 000 AABBSweep: apart and moving apart (-x)",
         {one, o, o, one, at(-5, 0, 0), at(-6, 0, 0)}},
        {"seed 000 AABBSweep: faces touching at t = 0 and separating",
         {one, o, o, one, at(2, 5, 0), at(4, -1, 0)}},
        {"seed 000 AABBSweep: touching at rest", {one, o, o, one, at(2, 0, 0), at(2, 0, 0)}},
        {"seed 000 AABBSweep: touching at t = 0 and moving apart",
         {one, o, o, one, at(2, 0, 0), at(3, 0, 0)}},
        {"seed 000 AABBSweep: contact exactly at t = 1", {one, o, o, one, at(4, 0, 0), at(2, 0, 0)}},
        {"seed 000 AABBSweep: a box passing through", {one, o, o, one, at(-4, 0, 0), at(4, 0, 0)}},
        {"seed 000 AABBSweep: Ea + Eb rounding up, 2^-25 apart closing by 2^-30",
         {one, o, at(T(0x1p-30), 0, 0), at(T(0x3p-25), 1, 1), at(1 + T(0x1p-23), 0, 0),
          at(1 + T(0x1p-23), 0, 0)}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Sweep, "sweep_ce", sweep_ce_spec);

template <class T, std::size_t N = 3>
Spec<chk::MovingVsStatic<T, N>> moving_spec() {
  Spec<chk::MovingVsStatic<T, N>> s{"moving_vs_static", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const ref::Vec<N> still;  // the stationary box does not move (Rationals start at 0)
    sweep_flags<T>(f, mm(k.slo, k.shi), still, mm(k.mlo, k.mhi), chk::ex(k.d));
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    s.wrong_listings = listings_wrong<chk::MovingVsStatic<T>>({
        {&lst::seed001_moving_vs_static<T>, "seed 001 intersectMovingAABB"},
    });
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    // {slo, shi, mlo, mhi, d}
    using U = Num<T>;
    s.constructed = {
        {"touching faces, no motion", {o, one, {1, 0, 0}, {2, 1, 1}, o}},
        {"touching on y while moving along x", {o, one, {3, 1, 0}, {4, 2, 1}, {-4, 0, 0}}},
        {"enters at t = 1/2", {o, one, {3, 0, 0}, {4, 1, 1}, {-4, 0, 0}}},
        {"reaches the face exactly at t = 1", {o, one, {2, 0, 0}, {3, 1, 1}, {-1, 0, 0}}},
        {"touching, moving away", {o, one, {1, 0, 0}, {2, 1, 1}, {1, 0, 0}}},
        {"subnormal displacement, touching", {o, one, {1, 0, 0}, {2, 1, 1}, {U::tiny, 0, 0}}},
        {"apart by one ulp, no motion", {o, one, {U::up(1), 0, 0}, {2, 1, 1}, o}},
        {"displacement of max overshoots", {o, one, {U::max, 0, 0}, {U::max, 1, 1}, {-U::max, 0, 0}}},
    };
    for (const auto& [name, lo, hi, d] : seed001_moving_cases<T>())
      s.seeds.push_back({name, {o, one, lo, hi, d}});
  }
  return s;
}
AABB_VECTORS_BINDING(MovingVsStatic, "moving_vs_static", moving_spec);

template <class T, std::size_t N = 3>
Spec<chk::Ray<T, N>> ray_spec() {
  Spec<chk::Ray<T, N>> s{"ray", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const auto o = chk::ex(k.o), d = chk::ex(k.d);
    std::optional<Q> t_max;
    if (!std::isinf(k.t_max)) t_max = ref::exact(k.t_max).value();
    const Q t_min = ref::exact(k.t_min).value();
    const auto r = ref::ray(b, o, d, t_min, t_max).value();
    // The slab times: where the ray meets each face plane, by axis (3: the t range's ends). Two
    // of different axes that are equal or one ulp apart are a tie a float slab test can order
    // wrongly (which axis enters last, whether enter and exit cross).
    std::vector<std::pair<Q, std::size_t>> times{{t_min, 3}};
    if (t_max) times.emplace_back(*t_max, 3);
    for (std::size_t i = 0; i < N; ++i) {
      if (d[i] == 0) {
        f.insert("ZeroDisplacement");
        if (r.hit && (o[i] == b.lo[i] || o[i] == b.hi[i])) f.insert("Touching");
      } else {
        times.emplace_back((b.lo[i] - o[i]) / d[i], i);
        times.emplace_back((b.hi[i] - o[i]) / d[i], i);
        if (overflows<T>(Q(1) / d[i])) f.insert("Overflow");  // the inverse direction of slab tests
        for (const Q& t : {times[times.size() - 2].first, times.back().first})
          if (overflows<T>(t)) f.insert("Overflow");
      }
      if (ulp_apart<T>(o[i], b.lo[i]) || ulp_apart<T>(o[i], b.hi[i])) f.insert("UlpApart");
      if (overflows<T>(b.lo[i] - o[i]) || overflows<T>(b.hi[i] - o[i])) f.insert("Overflow");
    }
    for (std::size_t x = 0; x < times.size(); ++x)
      for (std::size_t y = x + 1; y < times.size(); ++y)
        if (times[x].second != times[y].second &&
            (times[x].first == times[y].first || ulp_apart<T>(times[x].first, times[y].first)))
          f.insert("UlpApart");
    if (r.hit && r.t_exit && *r.t_enter == *r.t_exit) f.insert("Touching");
    flat_flags(f, b);
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    const T inf = U::inf;
    // {lo, hi, o, d, t_min, t_max}
    s.constructed = {
        {"along a face, direction zero on y", {o, one, {-1, 1, T(0.5)}, {1, 0, 0}, 0, inf}},
        {"grazes the corner (1, 1)", {o, one, {2, 0, T(0.5)}, {-1, 1, 0}, 0, inf}},
        {"zero direction inside: unbounded", {o, one, {T(0.5), T(0.5), T(0.5)}, o, 0, inf}},
        {"zero direction outside", {o, one, {2, T(0.5), T(0.5)}, o, 0, inf}},
        {"origin one ulp outside, parallel", {o, one, {U::up(1), T(0.5), T(0.5)}, {0, 1, 0}, 0, inf}},
        {"clipped by t_max", {o, one, {-1, T(0.5), T(0.5)}, {4, 0, 0}, 0, T(0.3)}},
        {"t_min = t_max on the face", {o, one, {-1, T(0.5), T(0.5)}, {1, 0, 0}, 1, 1}},
        {"subnormal direction", {o, one, {-1, T(0.5), T(0.5)}, {U::tiny, 0, 0}, 0, inf}},
        {"box - origin overflows",
         {{-U::max, 0, 0}, {U::max, 1, 1}, {U::max, T(0.5), T(0.5)}, {-1, 0, 0}, 0, inf}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Ray, "ray", ray_spec);

}  // namespace aabb::vectors
