// Properties of optimized/moving.hpp against the exact reference, through judge/moving.hpp:
// sweep, sweep_ce, moving_vs_static, ray and their conservative variants, over float and double,
// in 2D and 3D; the metamorphic rules; and the seed listings' flaws found by the same properties.

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>

#include "aabb/judge/moving.hpp"
#include "aabb/optimized/moving.hpp"
#include "generators.hpp"
#include "optimized_support.hpp"
#include "textbook.hpp"

namespace {

namespace ref = aabb::reference;
namespace opt = aabb::optimized;
namespace gen = aabb::gen;
namespace judge = aabb::judge;

using aabb::props::require_ok;
using aabb::props::run_pinned;
using aabb::props::show;
using aabb::props::tag;
using aabb::props::to_opt;
using aabb::props::type_name;

template <class T>
bool finite(T x) {
  return std::isfinite(x);
}
template <class T, std::size_t N>
bool finite(const opt::Vec<T, N>& v) {
  for (T x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

/// x·2^k, and whether that is exact and finite (no overflow, no lost subnormal bits).
template <class T>
bool scale_exact(T x, int k, T& out) {
  out = std::ldexp(x, k);
  return std::isfinite(out) && std::ldexp(out, -k) == x;
}

template <class T>
void classify_sweep(const opt::SweepResult<T>& r) {
  RC_CLASSIFY(!r.hit, "miss");
  RC_CLASSIFY(r.hit && r.t_first == r.t_last, "single instant");
  RC_CLASSIFY(r.hit && r.t_first == 0, "t=0");
  RC_CLASSIFY(r.hit && r.t_last == 1, "t=1");
  RC_CLASSIFY(r.hit && r.t_first > 0 && r.t_last < 1, "interior");
}

template <class T, std::size_t N>
void sweep_properties() {
  rc::prop("sweep: hit is exact and the times are within 1 ulp" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto a = to_opt(c.a), b = to_opt(c.b);
    const auto r = opt::sweep(a, c.da, b, c.db);
    classify_sweep(r);
    require_ok(judge::sweep(a, c.da, b, c.db, r, {1, false}));
  });
  rc::prop("sweep_conservative: hit is exact, the times outward and within 2 ulps" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto a = to_opt(c.a), b = to_opt(c.b);
    const auto r = opt::sweep_conservative(a, c.da, b, c.db);
    classify_sweep(r);
    require_ok(judge::sweep(a, c.da, b, c.db, r, {2, true}));
  });
  rc::prop("sweep: swapping the boxes changes nothing" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto r = opt::sweep(to_opt(c.a), c.da, to_opt(c.b), c.db);
    const auto s = opt::sweep(to_opt(c.b), c.db, to_opt(c.a), c.da);
    RC_ASSERT(r.hit == s.hit);
    if (r.hit) {
      RC_ASSERT(r.t_first == s.t_first);
      RC_ASSERT(r.t_last == s.t_last);
    }
  });
  rc::prop("sweep: flipping the sign of an axis changes nothing" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto i = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
    auto a = to_opt(c.a), b = to_opt(c.b);
    auto da = c.da, db = c.db;
    const auto r = opt::sweep(a, da, b, db);
    for (auto* x : {&a, &b}) {
      const T lo = x->lo[i];
      x->lo[i] = -x->hi[i];
      x->hi[i] = -lo;
    }
    da[i] = -da[i];
    db[i] = -db[i];
    const auto s = opt::sweep(a, da, b, db);
    RC_ASSERT(r.hit == s.hit);
    if (r.hit) {
      RC_ASSERT(r.t_first == s.t_first);
      RC_ASSERT(r.t_last == s.t_last);
    }
  });
  rc::prop("sweep: scaling by 2^k changes nothing (when the scaling is exact)" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const int k = *gen::int_in(-60, 60);
    auto a = to_opt(c.a), b = to_opt(c.b);
    auto da = c.da, db = c.db;
    bool exact = true;
    for (std::size_t i = 0; i < N; ++i)
      exact = scale_exact(a.lo[i], k, a.lo[i]) && scale_exact(a.hi[i], k, a.hi[i]) &&
              scale_exact(b.lo[i], k, b.lo[i]) && scale_exact(b.hi[i], k, b.hi[i]) &&
              scale_exact(da[i], k, da[i]) && scale_exact(db[i], k, db[i]) && exact;
    RC_PRE(exact);
    const auto r = opt::sweep(to_opt(c.a), c.da, to_opt(c.b), c.db);
    const auto s = opt::sweep(a, da, b, db);
    RC_ASSERT(r.hit == s.hit);
    if (r.hit) {
      RC_ASSERT(r.t_first == s.t_first);
      RC_ASSERT(r.t_last == s.t_last);
    }
  });
  rc::prop("sweep: permuting the axes keeps the hit and the contract" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto p = *gen::permutation(N);
    opt::Box<T, N> a, b;
    opt::Vec<T, N> da, db;
    for (std::size_t i = 0; i < N; ++i) {
      a.lo[i] = c.a.lo[p[i]], a.hi[i] = c.a.hi[p[i]], b.lo[i] = c.b.lo[p[i]], b.hi[i] = c.b.hi[p[i]];
      da[i] = c.da[p[i]], db[i] = c.db[p[i]];
    }
    const auto r = opt::sweep(to_opt(c.a), c.da, to_opt(c.b), c.db);
    const auto s = opt::sweep(a, da, b, db);
    RC_ASSERT(r.hit == s.hit);
    require_ok(judge::sweep(a, da, b, db, s, {1, false}));
  });
  rc::prop("sweep: an exact translation keeps the hit and the contract" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto w = *gen::vec<T, N>();
    auto a = to_opt(c.a), b = to_opt(c.b);
    bool exact = true;
    auto add = [&](T& x, T y) {
      const T s = x + y;
      exact = exact && std::isfinite(s) && s - y == x && s - x == y;
      x = s;
    };
    for (std::size_t i = 0; i < N; ++i) add(a.lo[i], w[i]), add(a.hi[i], w[i]), add(b.lo[i], w[i]), add(b.hi[i], w[i]);
    RC_PRE(exact);
    const auto r = opt::sweep(to_opt(c.a), c.da, to_opt(c.b), c.db);
    const auto s = opt::sweep(a, c.da, b, c.db);
    RC_ASSERT(r.hit == s.hit);
    require_ok(judge::sweep(a, c.da, b, c.db, s, {1, false}));
  });
}

template <class T, std::size_t N>
struct CeCase {
  opt::Vec<T, N> ea, a0, a1, eb, b0, b1;
};

/// A sweep case in seed 000's terms: centres and extents of the generated boxes (rounded in T,
/// so not always the same boxes: any finite input is a valid case) and centres at t = 1.
template <class T, std::size_t N>
CeCase<T, N> ce_case() {
  CeCase<T, N> k;
  if (*gen::chance(50)) {
    const auto c = *gen::sweep_case<T, N>();
    for (std::size_t i = 0; i < N; ++i) {
      k.a0[i] = c.a.lo[i] / 2 + c.a.hi[i] / 2, k.ea[i] = c.a.hi[i] / 2 - c.a.lo[i] / 2;
      k.b0[i] = c.b.lo[i] / 2 + c.b.hi[i] / 2, k.eb[i] = c.b.hi[i] / 2 - c.b.lo[i] / 2;
      k.a1[i] = k.a0[i] + c.da[i], k.b1[i] = k.b0[i] + c.db[i];
    }
  } else {
    const auto a = *gen::center_extent<T, N>(), b = *gen::center_extent<T, N>();
    k.a0 = a.center, k.ea = a.extent, k.b0 = b.center, k.eb = b.extent;
    k.a1 = *gen::chance(30) ? k.a0 : *gen::vec<T, N>();
    k.b1 = *gen::chance(30) ? k.b0 : *gen::vec<T, N>();
  }
  const bool all_finite = finite<T, N>(k.a0) && finite<T, N>(k.a1) && finite<T, N>(k.b0) &&
                          finite<T, N>(k.b1) && finite<T, N>(k.ea) && finite<T, N>(k.eb);
  RC_PRE(all_finite);
  return k;
}

template <class T, std::size_t N>
void sweep_ce_properties() {
  rc::prop("sweep_ce: hit is exact and the times are within 1 ulp" + tag<T, N>(), [] {
    const auto k = ce_case<T, N>();
    const auto r = opt::sweep_ce(k.ea, k.a0, k.a1, k.eb, k.b0, k.b1);
    classify_sweep(r);
    require_ok(judge::sweep_ce(k.ea, k.a0, k.a1, k.eb, k.b0, k.b1, r, {1, false}));
  });
  rc::prop("sweep_ce_conservative: hit is exact, the times outward and within 2 ulps" + tag<T, N>(), [] {
    const auto k = ce_case<T, N>();
    const auto r = opt::sweep_ce_conservative(k.ea, k.a0, k.a1, k.eb, k.b0, k.b1);
    require_ok(judge::sweep_ce(k.ea, k.a0, k.a1, k.eb, k.b0, k.b1, r, {2, true}));
  });
}

template <class T, std::size_t N>
void moving_properties() {
  rc::prop("moving_vs_static: hit is exact and t_enter is within 1 ulp" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto s = to_opt(c.a), m = to_opt(c.b);
    const auto r = opt::moving_vs_static(s, m, c.db);
    RC_CLASSIFY(!r.hit, "miss");
    RC_CLASSIFY(r.hit && r.t_enter == 0, "t=0");
    require_ok(judge::moving_vs_static(s, m, c.db, r, {1, false}));
  });
  rc::prop("moving_vs_static_conservative: hit is exact, t_enter <= exact, within 2 ulps" + tag<T, N>(), [] {
    const auto c = *gen::sweep_case<T, N>();
    const auto s = to_opt(c.a), m = to_opt(c.b);
    const auto r = opt::moving_vs_static_conservative(s, m, c.db);
    require_ok(judge::moving_vs_static(s, m, c.db, r, {2, true}));
  });
}

template <class T, std::size_t N>
void ray_properties() {
  constexpr T inf = std::numeric_limits<T>::infinity();
  rc::prop("ray: hit is exact and the times are within 1 ulp" + tag<T, N>(), [] {
    const auto c = *gen::ray_case<T, N>();
    const auto box = to_opt(c.box);
    const T t_max = c.t_max ? *c.t_max : inf;
    const auto r = opt::ray(box, c.origin, c.dir, c.t_min, t_max);
    RC_CLASSIFY(!r.hit, "miss");
    RC_CLASSIFY(r.hit && std::isinf(r.t_exit), "unbounded");
    RC_CLASSIFY(r.hit && r.t_enter == r.t_exit, "single point");
    require_ok(judge::ray(box, c.origin, c.dir, c.t_min, t_max, r, {1, false}));
  });
  rc::prop("ray_conservative: hit is exact, the times outward and within 2 ulps" + tag<T, N>(), [] {
    const auto c = *gen::ray_case<T, N>();
    const auto box = to_opt(c.box);
    const T t_max = c.t_max ? *c.t_max : inf;
    const auto r = opt::ray_conservative(box, c.origin, c.dir, c.t_min, t_max);
    require_ok(judge::ray(box, c.origin, c.dir, c.t_min, t_max, r, {2, true}));
  });
  rc::prop("ray: flipping the sign of an axis changes nothing" + tag<T, N>(), [] {
    const auto c = *gen::ray_case<T, N>();
    const auto i = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
    const T t_max = c.t_max ? *c.t_max : inf;
    auto box = to_opt(c.box);
    auto o = c.origin, d = c.dir;
    const auto r = opt::ray(box, o, d, c.t_min, t_max);
    const T lo = box.lo[i];
    box.lo[i] = -box.hi[i], box.hi[i] = -lo, o[i] = -o[i], d[i] = -d[i];
    const auto s = opt::ray(box, o, d, c.t_min, t_max);
    RC_ASSERT(r.hit == s.hit);
    if (r.hit) {
      RC_ASSERT(r.t_enter == s.t_enter);
      RC_ASSERT(r.t_exit == s.t_exit);
    }
  });
}

template <class T, std::size_t N>
void invalid_input_properties() {
  rc::prop("NaN, infinity or an inverted box anywhere gives a miss" + tag<T, N>(), [] {
    auto c = *gen::sweep_case<T, N>();
    auto a = to_opt(c.a), b = to_opt(c.b);
    const T bad = *rc::gen::element(std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(),
                                    -std::numeric_limits<T>::infinity());
    const auto i = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
    const int where = *gen::int_in(0, 4);
    switch (where) {
      case 0: a.lo[i] = bad; break;
      case 1: b.hi[i] = bad; break;
      case 2: c.da[i] = bad; break;
      case 3: c.db[i] = bad; break;
      default:
        RC_PRE(a.lo[i] < a.hi[i]);
        std::swap(a.lo[i], a.hi[i]);
    }
    RC_ASSERT_FALSE(opt::sweep(a, c.da, b, c.db).hit);
    RC_ASSERT_FALSE(opt::sweep_conservative(a, c.da, b, c.db).hit);
    if (where != 2) RC_ASSERT_FALSE(opt::moving_vs_static(a, b, c.db).hit);
    if (where == 0 || where == 2 || where == 4) RC_ASSERT_FALSE(opt::ray(a, b.lo, c.da).hit);
    if (where == 1) RC_ASSERT_FALSE(opt::ray(b, a.lo, c.da).hit);
    if (where == 3) RC_ASSERT_FALSE(opt::ray(a, a.lo, c.db).hit);
  });
}

template <class T, std::size_t N>
void all() {
  sweep_properties<T, N>();
  sweep_ce_properties<T, N>();
  moving_properties<T, N>();
  ray_properties<T, N>();
  invalid_input_properties<T, N>();
}

}  // namespace

TEST_CASE("optimized::moving") {
  all<float, 2>();
  all<float, 3>();
  all<double, 2>();
  all<double, 3>();
}

// ---- Teeth: the same generators find the seed listings' hit/miss flaws -----------------------

namespace {

template <class T>
void seed_000_is_caught() {
  const auto f = run_pinned(
      [] {
        const auto k = ce_case<T, 3>();
        T u0 = 0, u1 = 0;
        const bool hit = aabb::textbook::AABBSweep<T>(k.ea, k.a0, k.a1, k.eb, k.b0, k.b1, u0, u1);
        const auto exact = ref::sweep_ce(judge::to_exact(k.ea), judge::to_exact(k.a0), judge::to_exact(k.a1),
                                         judge::to_exact(k.eb), judge::to_exact(k.b0), judge::to_exact(k.b1));
        RC_ASSERT(hit == exact.value().hit);
      },
      300);
  REQUIRE(f.has_value());
  std::cout << "seed 000 AABBSweep over " << type_name<T>() << ": " << show(*f);
}

template <class T>
void seed_001_is_caught() {
  const auto f = run_pinned(
      [] {
        const auto c = *gen::sweep_case<T, 3>();
        const T t = aabb::textbook::intersectMovingAABB<T>(c.a, c.b, c.db);
        const auto exact = ref::moving_vs_static(judge::to_exact(to_opt(c.a)), judge::to_exact(to_opt(c.b)),
                                                 judge::to_exact(c.db));
        RC_ASSERT((t <= T(1)) == exact.value().hit);
      },
      300);
  REQUIRE(f.has_value());
  std::cout << "seed 001 intersectMovingAABB over " << type_name<T>() << ": " << show(*f);
}

}  // namespace

TEST_CASE("optimized::moving finds the seed listings' hit/miss flaws") {
  SECTION("seed 000 AABBSweep over float is caught within 300 cases") { seed_000_is_caught<float>(); }
  SECTION("seed 000 AABBSweep over double is caught within 300 cases") { seed_000_is_caught<double>(); }
  SECTION("seed 001 intersectMovingAABB over float is caught within 300 cases") { seed_001_is_caught<float>(); }
  SECTION("seed 001 intersectMovingAABB over double is caught within 300 cases") { seed_001_is_caught<double>(); }
}
