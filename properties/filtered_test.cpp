// Properties of the filtered exact evaluator (filtered/): for every op, float and double, 2D and
// 3D, filtered::op(x) == reference::op(exact(x)) — the same value, or the same error — on the
// edge-aimed generators (touching, nested, flat, ulp-apart, zero displacement, huge, subnormal),
// with inputs poisoned by NaN/±inf (→ the conversion error of the first non-finite field) or made
// invalid (inverted box, negative extent or radius, t_min > t_max). Each property classifies the
// edge it reached and which stage answered (float filter, exact float expansion, reference
// fallback), and the test then requires that both the filter and the fallback were reached.

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "aabb/filtered.hpp"
#include "aabb/cases/generators.hpp"
#include "optimized_support.hpp"

namespace {

namespace ref = aabb::reference;
namespace opt = aabb::optimized;
namespace gen = aabb::gen;
namespace fil = aabb::filtered;

using aabb::props::tag;

// ---- The expected answer: exact conversion (first non-finite field is the error), then ref:: --

/// Collects the inputs in the documented field order (filtered/plain.hpp) and remembers the error
/// of the first non-finite one, as ref::exact words it.
template <class T>
struct Fields {
  std::optional<aabb::Error> error;
  void num(T x, const std::string& name) {
    if (!error && !std::isfinite(x)) error = ref::exact(x, name).error();
  }
  template <std::size_t N>
  void vec(const opt::Vec<T, N>& v, const std::string& name) {
    for (std::size_t i = 0; i < N; ++i) num(v[i], ref::element(name, i));
  }
  template <std::size_t N>
  void box(const opt::Box<T, N>& b, const std::string& name) {
    vec(b.lo, name + ".min");
    vec(b.hi, name + ".max");
  }
  template <std::size_t N>
  void box(const opt::CenterExtent<T, N>& b, const std::string& name) {
    vec(b.center, name + ".center");
    vec(b.extent, name + ".extent");
  }
  template <std::size_t N>
  void points(const std::vector<opt::Vec<T, N>>& ps) {
    for (std::size_t k = 0; k < ps.size(); ++k) vec(ps[k], "points[" + std::to_string(k) + "]");
  }
};

/// The exact form of a finite vector, box or matrix.
template <class Shape>
auto ex(const Shape& x) {
  return aabb::geometry::map(x, ref::exact_value);
}
template <class T, std::size_t N>
std::vector<ref::Vec<N>> ex(const std::vector<opt::Vec<T, N>>& ps) {
  std::vector<ref::Vec<N>> r;
  for (const auto& p : ps) r.push_back(ex(p));
  return r;
}

// ---- Printing answers, for the failure message --------------------------------------------------

std::string show(const ref::Rational& q) { return ref::to_string(q); }
std::string show(bool b) { return b ? "true" : "false"; }
template <std::size_t N>
std::string show(const ref::Vec<N>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < N; ++i) s += (i ? ", " : "") + show(v[i]);
  return s + "]";
}
template <std::size_t N>
std::string show(const ref::Box<N>& b) {
  return "{min " + show(b.lo) + ", max " + show(b.hi) + "}";
}
template <std::size_t N>
std::string show(const ref::CenterExtent<N>& b) {
  return "{center " + show(b.center) + ", extent " + show(b.extent) + "}";
}
template <std::size_t N>
std::string show(const std::optional<ref::Box<N>>& b) {
  return b ? show(*b) : "none";
}
std::string show(const std::optional<ref::Rational>& q) { return q ? show(*q) : "-"; }
std::string show(const ref::SweepResult& r) {
  return "{hit " + show(r.hit) + ", " + show(r.t_first) + ", " + show(r.t_last) + "}";
}
std::string show(const ref::MovingResult& r) { return "{hit " + show(r.hit) + ", " + show(r.t_enter) + "}"; }
std::string show(const ref::RayResult& r) {
  return "{hit " + show(r.hit) + ", " + show(r.t_enter) + ", " + show(r.t_exit) + (r.t_exit_infinite ? " inf" : "") + "}";
}
std::string show(const ref::Extremes& r) {
  return "{" + std::to_string(r.i_min) + ", " + std::to_string(r.i_max) + "}";
}
std::string show(const ref::HillClimb& r) { return "{value " + show(r.value) + "}"; }
template <class R>
std::string show(const aabb::Result<R>& r) {
  return r.ok() ? show(r.value()) : "error " + r.error().message;
}

/// The same value, or the same error.
template <class R>
bool same(const aabb::Result<R>& got, const aabb::Result<R>& want) {
  if (got.ok() != want.ok()) return false;
  return got.ok() ? got.value() == want.value() : got.error() == want.error();
}

// ---- Which stage answered; poisoning ------------------------------------------------------------

struct Reached {
  int decided = 0;  ///< answered by the float filter or an exact expansion
  int fallback = 0;  ///< answered by the plain reference
};

/// Runs the filtered op, classifies the stage that answered and counts it in `reached`.
template <class F>
auto run_counted(F&& f, Reached& reached) {
  const fil::Counters before = fil::counters();
  auto r = f();
  const fil::Counters after = fil::counters();
  const bool fell_back = after.fallbacks != before.fallbacks;
  const bool expanded = after.expansions != before.expansions;
  (fell_back ? reached.fallback : reached.decided) += 1;
  RC_CLASSIFY(fell_back, "reference fallback");
  RC_CLASSIFY(!fell_back && expanded, "exact expansion");
  RC_CLASSIFY(!fell_back && !expanded, "float filter");
  return r;
}

/// With probability 1/8, one of the slots becomes NaN, +inf or -inf.
template <class T>
void poison(const std::vector<T*>& slots) {
  if (slots.empty() || !*gen::chance(12)) return;
  T* x = slots[static_cast<std::size_t>(*gen::int_in(0, static_cast<int>(slots.size()) - 1))];
  switch (*gen::int_in(0, 2)) {
    case 0: *x = std::numeric_limits<T>::quiet_NaN(); break;
    case 1: *x = std::numeric_limits<T>::infinity(); break;
    default: *x = -std::numeric_limits<T>::infinity(); break;
  }
}
template <class T, std::size_t N>
void slots(std::vector<T*>& s, opt::Vec<T, N>& v) {
  for (auto& x : v) s.push_back(&x);
}
template <class T, std::size_t N>
void slots(std::vector<T*>& s, opt::Box<T, N>& b) {
  slots(s, b.lo);
  slots(s, b.hi);
}
template <class T, std::size_t N>
void slots(std::vector<T*>& s, opt::CenterExtent<T, N>& b) {
  slots(s, b.center);
  slots(s, b.extent);
}

/// With probability 1/12, an axis of the box is inverted (lo > hi).
template <class T, std::size_t N>
void maybe_invert(opt::Box<T, N>& b) {
  if (!*gen::chance(8)) return;
  const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
  if (b.lo[i] < b.hi[i]) std::swap(b.lo[i], b.hi[i]);
  else b.hi[i] = gen::ulp_step(b.lo[i], -1);
}
/// With probability 1/12, an extent becomes negative.
template <class T, std::size_t N>
void maybe_negative(opt::Vec<T, N>& e) {
  if (!*gen::chance(8)) return;
  const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
  e[i] = e[i] > 0 ? -e[i] : -std::numeric_limits<T>::denorm_min();
}

/// A centre–extent box aimed at the filter's ties (centre-extent overlap/contains): b's centre
/// at fl(ca ± fl(ea + eb)) moved by -2..2 ulps, equal centres, huge values, or independent.
template <class T, std::size_t N>
std::pair<opt::CenterExtent<T, N>, opt::CenterExtent<T, N>> ce_pair() {
  auto a = *gen::center_extent<T, N>();
  auto b = *gen::center_extent<T, N>();
  for (std::size_t i = 0; i < N; ++i) {
    switch (*gen::kind({5, 1, 1, 2})) {
      case 0: {
        const T reach = a.extent[i] + b.extent[i];
        const T c = *gen::chance(50) ? a.center[i] + reach : a.center[i] - reach;
        if (std::isfinite(c)) b.center[i] = gen::ulp_step(c, *gen::int_in(-2, 2));
        break;
      }
      case 1: b.center[i] = a.center[i]; break;
      case 2:
        a.center[i] = *gen::large<T>();
        b.center[i] = -*gen::large<T>();
        a.extent[i] = *gen::large<T>();
        b.extent[i] = *gen::large<T>();
        break;
      default: break;
    }
  }
  return {a, b};
}

/// Sweep cases in centre–extent form, from the edge-aimed min–max sweeps: c = lo/2 + hi/2,
/// e = hi/2 - lo/2 and the end centres c + d, all rounded in T (aimed at the edges, not always
/// on them), or centres at the end equal to those at the start (zero displacement).
template <class T, std::size_t N>
struct SweepCe {
  opt::Vec<T, N> ea, a0, a1, eb, b0, b1;
};
template <class T, std::size_t N>
SweepCe<T, N> sweep_ce_case() {
  const auto c = *gen::sweep_case<T, N>();
  SweepCe<T, N> s;
  for (std::size_t i = 0; i < N; ++i) {
    s.a0[i] = c.a.lo[i] / 2 + c.a.hi[i] / 2;
    s.ea[i] = c.a.hi[i] / 2 - c.a.lo[i] / 2;
    s.b0[i] = c.b.lo[i] / 2 + c.b.hi[i] / 2;
    s.eb[i] = c.b.hi[i] / 2 - c.b.lo[i] / 2;
    s.a1[i] = gen::finite_or(T(s.a0[i] + c.da[i]), s.a0[i]);
    s.b1[i] = gen::finite_or(T(s.b0[i] + c.db[i]), s.b0[i]);
  }
  if (*gen::chance(10)) s.b1 = s.b0;
  return s;
}

/// Runs one property per type and dimension and requires that the float path and the
/// reference fallback were both reached.
template <class T, std::size_t N, class Prop>
void prop_both_stages(const std::string& name, Prop prop) {
  static Reached reached;
  reached = {};
  rc::prop(name + tag<T, N>(), [prop] { prop(reached); });
  if (reached.decided + reached.fallback == 0) return;  // Catch ran another section this pass
  const std::string label = name + tag<T, N>();
  INFO(label);
  CHECK(reached.decided > 0);
  CHECK(reached.fallback > 0);
}

template <class T, std::size_t N>
void static_props() {
  prop_both_stages<T, N>("contains equals the reference on the exact inputs", [](Reached& reached) {
    auto box = *gen::box<T, N>();
    auto p = *gen::point_near<T, N>(ref::BasicBox<T, N>{box.lo, box.hi});
    maybe_invert(box);
    std::vector<T*> s;
    slots(s, box);
    slots(s, p);
    poison(s);
    Fields<T> f;
    f.box(box, "box");
    f.vec(p, "point");
    const auto want = f.error ? aabb::Result<bool>(*f.error) : ref::contains(ex(box), ex(p));
    const auto got = run_counted([&] { return fil::contains(box, p); }, reached);
    RC_CLASSIFY(want.ok() && want.value(), "inside");
    RC_CLASSIFY(!want.ok(), "error");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("centre-extent contains equals the reference", [](Reached& reached) {
    auto [box, other] = ce_pair<T, N>();
    opt::Vec<T, N> p = other.center;
    if (*gen::chance(30)) p = *gen::vec<T, N>();
    maybe_negative(box.extent);
    std::vector<T*> s;
    slots(s, box);
    slots(s, p);
    poison(s);
    Fields<T> f;
    f.box(box, "box");
    f.vec(p, "point");
    const auto want = f.error ? aabb::Result<bool>(*f.error) : ref::contains(ex(box), ex(p));
    const auto got = run_counted([&] { return fil::contains(box, p); }, reached);
    RC_CLASSIFY(want.ok() && want.value(), "inside");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("overlap equals the reference", [](Reached& reached) {
    const auto pair = *gen::box_pair<T, N>();
    auto a = pair.a, b = pair.b;
    maybe_invert(b);
    std::vector<T*> s;
    slots(s, a);
    slots(s, b);
    poison(s);
    Fields<T> f;
    f.box(a, "a");
    f.box(b, "b");
    const auto want = f.error ? aabb::Result<bool>(*f.error) : ref::overlap(ex(a), ex(b));
    const auto got = run_counted([&] { return fil::overlap(a, b); }, reached);
    RC_CLASSIFY(want.ok() && want.value(), "overlap");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("centre-extent overlap equals the reference", [](Reached& reached) {
    auto [a, b] = ce_pair<T, N>();
    maybe_negative(a.extent);
    std::vector<T*> s;
    slots(s, a);
    slots(s, b);
    poison(s);
    Fields<T> f;
    f.box(a, "a");
    f.box(b, "b");
    const auto want = f.error ? aabb::Result<bool>(*f.error) : ref::overlap(ex(a), ex(b));
    const auto got = run_counted([&] { return fil::overlap(a, b); }, reached);
    RC_CLASSIFY(want.ok() && want.value(), "overlap");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("intersection equals the reference", [](Reached& reached) {
    const auto pair = *gen::box_pair<T, N>();
    auto a = pair.a, b = pair.b;
    maybe_invert(a);
    std::vector<T*> s;
    slots(s, a);
    slots(s, b);
    poison(s);
    Fields<T> f;
    f.box(a, "a");
    f.box(b, "b");
    using R = std::optional<ref::Box<N>>;
    const auto want = f.error ? aabb::Result<R>(*f.error) : ref::intersection(ex(a), ex(b));
    const auto got = run_counted([&] { return fil::intersection(a, b); }, reached);
    RC_CLASSIFY(want.ok() && want.value().has_value(), "non-empty");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("union_of equals the reference", [](Reached& reached) {
    const auto pair = *gen::box_pair<T, N>();
    auto a = pair.a, b = pair.b;
    maybe_invert(a);
    std::vector<T*> s;
    slots(s, a);
    slots(s, b);
    poison(s);
    Fields<T> f;
    f.box(a, "a");
    f.box(b, "b");
    const auto want = f.error ? aabb::Result<ref::Box<N>>(*f.error) : ref::union_of(ex(a), ex(b));
    const auto got = run_counted([&] { return fil::union_of(a, b); }, reached);
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
}

template <class R>
void classify_times(const aabb::Result<R>& want) {
  RC_CLASSIFY(!want.ok(), "error");
  if (!want.ok()) return;
  const auto& r = want.value();
  RC_CLASSIFY(!r.hit, "miss");
  if constexpr (requires { r.t_first; }) {
    RC_CLASSIFY(r.hit && r.t_first == r.t_last, "single instant");
    RC_CLASSIFY(r.hit && r.t_first == 0, "t=0");
    RC_CLASSIFY(r.hit && r.t_last == 1, "t=1");
  }
}

template <class T, std::size_t N>
void moving_props() {
  prop_both_stages<T, N>("sweep equals the reference", [](Reached& reached) {
    const auto c = *gen::sweep_case<T, N>();
    auto a = c.a, b = c.b;
    auto da = c.da, db = c.db;
    maybe_invert(a);
    std::vector<T*> s;
    slots(s, a);
    slots(s, da);
    slots(s, b);
    slots(s, db);
    poison(s);
    Fields<T> f;
    f.box(a, "a");
    f.vec(da, "da");
    f.box(b, "b");
    f.vec(db, "db");
    const auto want = f.error ? aabb::Result<ref::SweepResult>(*f.error) : ref::sweep(ex(a), ex(da), ex(b), ex(db));
    const auto got = run_counted([&] { return fil::sweep(a, da, b, db); }, reached);
    classify_times(want);
    RC_CLASSIFY(da == db, "zero relative displacement");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("sweep_ce equals the reference", [](Reached& reached) {
    auto c = sweep_ce_case<T, N>();
    maybe_negative(c.eb);
    std::vector<T*> s;
    for (auto* v : {&c.ea, &c.a0, &c.a1, &c.eb, &c.b0, &c.b1}) slots(s, *v);
    poison(s);
    Fields<T> f;
    f.vec(c.ea, "ea");
    f.vec(c.a0, "a0");
    f.vec(c.a1, "a1");
    f.vec(c.eb, "eb");
    f.vec(c.b0, "b0");
    f.vec(c.b1, "b1");
    const auto want = f.error ? aabb::Result<ref::SweepResult>(*f.error)
                              : ref::sweep_ce(ex(c.ea), ex(c.a0), ex(c.a1), ex(c.eb), ex(c.b0), ex(c.b1));
    const auto got = run_counted([&] { return fil::sweep_ce(c.ea, c.a0, c.a1, c.eb, c.b0, c.b1); }, reached);
    classify_times(want);
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("moving_vs_static equals the reference", [](Reached& reached) {
    const auto c = *gen::sweep_case<T, N>();
    auto st = c.a, mv = c.b;
    auto d = c.db;
    maybe_invert(mv);
    std::vector<T*> s;
    slots(s, st);
    slots(s, mv);
    slots(s, d);
    poison(s);
    Fields<T> f;
    f.box(st, "stationary");
    f.box(mv, "moving");
    f.vec(d, "d");
    const auto want = f.error ? aabb::Result<ref::MovingResult>(*f.error) : ref::moving_vs_static(ex(st), ex(mv), ex(d));
    const auto got = run_counted([&] { return fil::moving_vs_static(st, mv, d); }, reached);
    classify_times(want);
    RC_CLASSIFY(want.ok() && want.value().hit && *want.value().t_enter == 0, "t=0");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("ray equals the reference", [](Reached& reached) {
    const auto c = *gen::ray_case<T, N>();
    auto box = c.box;
    auto o = c.origin, d = c.dir;
    T t_min = c.t_min, t_max = c.t_max ? *c.t_max : std::numeric_limits<T>::infinity();
    maybe_invert(box);
    if (*gen::chance(5) && std::isfinite(t_max)) std::swap(t_min, t_max);
    std::vector<T*> s;
    slots(s, box);
    slots(s, o);
    slots(s, d);
    s.push_back(&t_min);
    s.push_back(&t_max);
    poison(s);
    Fields<T> f;
    f.box(box, "box");
    f.vec(o, "origin");
    f.vec(d, "dir");
    f.num(t_min, "t_min");
    if (!(std::isinf(t_max) && t_max > 0)) f.num(t_max, "t_max");
    std::optional<ref::Rational> tmax;
    if (std::isfinite(t_max)) tmax = ref::exact_value(t_max);
    const auto want = f.error ? aabb::Result<ref::RayResult>(*f.error)
                              : ref::ray(ex(box), ex(o), ex(d), ref::exact_value(t_min), tmax);
    const auto got = run_counted([&] { return fil::ray(box, o, d, t_min, t_max); }, reached);
    classify_times(want);
    RC_CLASSIFY(want.ok() && want.value().t_exit_infinite, "unbounded");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
}

template <class T, std::size_t N>
void construction_props() {
  prop_both_stages<T, N>("bounds_of_points equals the reference", [](Reached& reached) {
    auto ps = *gen::points<T, N>();
    if (*gen::chance(5)) ps.clear();
    std::vector<T*> s;
    for (auto& p : ps) slots(s, p);
    poison(s);
    Fields<T> f;
    f.points(ps);
    const auto want = f.error ? aabb::Result<ref::Box<N>>(*f.error) : ref::bounds_of_points(ex(ps));
    const auto got = run_counted([&] { return fil::bounds_of_points(ps); }, reached);
    RC_CLASSIFY(!want.ok(), "error");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("extreme_points equals the reference", [](Reached& reached) {
    auto ps = *gen::points<T, N>();
    auto d = *gen::direction_for<T, N>(ps);
    if (*gen::chance(5)) ps.clear();
    std::vector<T*> s;
    for (auto& p : ps) slots(s, p);
    slots(s, d);
    poison(s);
    Fields<T> f;
    f.points(ps);
    f.vec(d, "dir");
    const auto want = f.error ? aabb::Result<ref::Extremes>(*f.error) : ref::extreme_points(ex(ps), ex(d));
    const auto got = run_counted([&] { return fil::extreme_points(ps, d); }, reached);
    RC_CLASSIFY(!want.ok(), "error");
    RC_CLASSIFY(want.ok() && want.value().i_min == want.value().i_max, "all tie");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  prop_both_stages<T, N>("bounds_of_sphere equals the reference", [](Reached& reached) {
    auto c = *gen::vec<T, N>();
    T r = *gen::chance(20) ? *gen::large<T>() : *gen::nonnegative<T>();
    if (*gen::chance(8)) r = r > 0 ? -r : -std::numeric_limits<T>::denorm_min();
    std::vector<T*> s;
    slots(s, c);
    s.push_back(&r);
    poison(s);
    Fields<T> f;
    f.vec(c, "center");
    f.num(r, "radius");
    const auto want = f.error ? aabb::Result<ref::Box<N>>(*f.error) : ref::bounds_of_sphere(ex(c), ref::exact_value(r));
    const auto got = run_counted([&] { return fil::bounds_of_sphere(c, r); }, reached);
    RC_CLASSIFY(!want.ok(), "error");
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
  rc::prop("transform (forwarded) equals the reference" + tag<T, N>(), [] {
    auto box = *gen::box<T, N>();
    const auto m = *gen::matrix<T, N>();
    const auto t = *gen::vec<T, N>();
    const auto want = ref::transform(ex(box), aabb::geometry::map(m, ref::exact_value), ex(t));
    const auto got = fil::transform(box, opt::Matrix<T, N>(m), t);
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
    opt::CenterExtent<T, N> ce{box.lo, box.hi};
    for (auto& e : ce.extent) e = std::fabs(e);
    const auto want_ce = ref::transform(ex(ce), aabb::geometry::map(m, ref::exact_value), ex(t));
    const auto got_ce = fil::transform(ce, opt::Matrix<T, N>(m), t);
    if (!same(got_ce, want_ce)) RC_FAIL("filtered " + show(got_ce) + " vs reference " + show(want_ce));
  });
  rc::prop("hill_climb (forwarded) equals the reference" + tag<T, N>(), [] {
    const auto g = *gen::box_vertex_graph<T, N>();
    const auto d = *gen::direction_for<T, N>(g.points);
    const std::vector<opt::Vec<T, N>> ps(g.points.begin(), g.points.end());
    const auto want = ref::hill_climb(ex(ps), g.neighbors, ex(d), 0);
    const auto got = fil::hill_climb(std::span<const opt::Vec<T, N>>(ps), g.neighbors, d, 0);
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
  });
}

}  // namespace

TEST_CASE("filtered static tests") {
  static_props<float, 2>();
  static_props<float, 3>();
  static_props<double, 2>();
  static_props<double, 3>();
}

TEST_CASE("filtered moving tests") {
  moving_props<float, 2>();
  moving_props<float, 3>();
  moving_props<double, 2>();
  moving_props<double, 3>();
}

TEST_CASE("filtered construction") {
  construction_props<float, 2>();
  construction_props<float, 3>();
  construction_props<double, 2>();
  construction_props<double, 3>();
}
