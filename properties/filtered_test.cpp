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
#include <span>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "shipped/filtered.hpp"
#include "aabb/cases/generators.hpp"
#include "optimized_support.hpp"
#include "relations.hpp"

namespace {

using namespace aabb::props::float_names;
namespace fil = aabb::props::shipped::filtered;  // filtered/ as shipped (shipped/filtered.hpp)

// ---- The expected answer: exact conversion (first non-finite field is the error), then ref:: --

/// A ray's t_max: +inf means unbounded (no field to convert, no t_max for the reference).
template <class T>
struct UpperTime {
  T v;
};

/// Collects the inputs in the documented field order (filtered/plain.hpp) and remembers the error
/// of the first non-finite one, as ref::exact words it.
template <class T>
struct Fields {
  std::optional<aabb::Error> error;
  void add(T x, const std::string& name) {
    if (!error && !std::isfinite(x)) error = ref::exact(x, name).error();
  }
  void add(const UpperTime<T>& t, const std::string& name) {
    if (!(std::isinf(t.v) && t.v > 0)) add(t.v, name);
  }
  template <std::size_t N>
  void add(const opt::Vec<T, N>& v, const std::string& name) {
    for (std::size_t i = 0; i < N; ++i) add(v[i], ref::element(name, i));
  }
  template <std::size_t N>
  void add(const opt::Box<T, N>& b, const std::string& name) {
    add(b.lo, name + ".min");
    add(b.hi, name + ".max");
  }
  template <std::size_t N>
  void add(const opt::CenterExtent<T, N>& b, const std::string& name) {
    add(b.center, name + ".center");
    add(b.extent, name + ".extent");
  }
  template <std::size_t N>
  void add(const std::vector<opt::Vec<T, N>>& ps, const std::string&) {
    for (std::size_t k = 0; k < ps.size(); ++k) add(ps[k], "points[" + std::to_string(k) + "]");
  }
};

/// The exact form of a finite number, vector, box or matrix; of a ray's t_max, empty when +inf.
template <class Shape>
  requires(!std::is_floating_point_v<Shape>)
auto ex(const Shape& x) {
  return aabb::geometry::map(x, ref::exact_value);
}
template <class T>
  requires std::is_floating_point_v<T>
ref::Rational ex(T x) {
  return ref::exact_value(x);
}
template <class T>
std::optional<ref::Rational> ex(const UpperTime<T>& t) {
  if (std::isfinite(t.v)) return ref::exact_value(t.v);
  return std::nullopt;
}
template <class T, std::size_t N>
std::vector<ref::Vec<N>> ex(const std::vector<opt::Vec<T, N>>& ps) {
  std::vector<ref::Vec<N>> r;
  for (const auto& p : ps) r.push_back(ex(p));
  return r;
}

/// The expected answer: the error of the first non-finite input (fields named in order), else the
/// reference op on the exact inputs.
template <class T, class Reference, class In>
auto expected(const std::vector<std::string>& fields, const Reference& reference, const In& in) {
  Fields<T> f;
  std::size_t k = 0;
  std::apply([&](const auto&... x) { (f.add(x, fields[k++]), ...); }, in);
  const auto exactly = [&](const auto&... x) { return reference(ex(x)...); };
  using Answer = decltype(std::apply(exactly, in));
  if (f.error) return Answer(*f.error);
  return std::apply(exactly, in);
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
template <class T>
void slots(std::vector<T*>& s, T& x) {
  s.push_back(&x);
}
template <class T>
void slots(std::vector<T*>& s, UpperTime<T>& t) {
  s.push_back(&t.v);
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
template <class T, std::size_t N>
void slots(std::vector<T*>& s, std::vector<opt::Vec<T, N>>& ps) {
  for (auto& p : ps) slots(s, p);
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
      case 0: b.center[i] = gen::tie_center(a.center[i], T(a.extent[i] + b.extent[i]), b.center[i]); break;
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

// ---- One binding per op, two relations over the bindings ----------------------------------------

/// A filtered op: the reference property's sentence, the op's name, its eval fields in order,
/// how its inputs are drawn (a tuple, before poisoning), and the reference op, the filtered op and
/// the plain path on those inputs, and how a case is classified from the expected answer.
template <class T, std::size_t N, class Make, class Reference, class Filtered, class Plain, class Classify>
struct Op {
  std::string name, label;
  std::vector<std::string> fields;
  Make make;
  Reference reference;
  Filtered filtered;
  Plain plain;
  Classify classify;
};
template <class T, std::size_t N, class... F>
Op<T, N, F...> op(std::string name, std::string label, std::vector<std::string> fields, F... f) {
  return {std::move(name), std::move(label), std::move(fields), f...};
}

/// The op's inputs, one of them now and then NaN or ±inf.
template <class T, class Make>
auto poisoned(const Make& make) {
  auto in = make();
  std::vector<T*> s;
  std::apply([&s](auto&... x) { (slots(s, x), ...); }, in);
  poison(s);
  return in;
}

/// "sentence (T, ND)": filtered::op(x) == want(x) on the op's poisoned inputs, `other` naming
/// what want answers with in the failure message.
template <class T, std::size_t N, class... F, class Want>
void filtered_equals(const std::string& sentence, const std::string& other, const Op<T, N, F...>& o, Want want) {
  prop_both_stages<T, N>(sentence, [o, other, want](Reached& reached) {
    const auto in = poisoned<T>(o.make);
    const auto expected_answer = want(in);
    const auto got = run_counted([&] { return std::apply(o.filtered, in); }, reached);
    o.classify(expected_answer, in);
    if (!same(got, expected_answer))
      RC_FAIL("filtered " + show(got) + " vs " + other + " " + show(expected_answer));
  });
}

/// filtered::op(x) == reference::op(exact(x)), or the error of the first non-finite field.
struct EqualsReference {
  template <class T, std::size_t N, class... F>
  void operator()(const Op<T, N, F...>& o) const {
    filtered_equals(o.name, "reference", o, [o](const auto& in) { return expected<T>(o.fields, o.reference, in); });
  }
};

/// filtered::op(x) == filtered::plain::op(x): the filter answers what the plain path would.
struct EqualsPlain {
  template <class T, std::size_t N, class... F>
  void operator()(const Op<T, N, F...>& o) const {
    filtered_equals(o.label + " equals the plain reference path", "plain", o,
                    [o](const auto& in) { return std::apply(o.plain, in); });
  }
};

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

/// A box pair with box a (Which = 0) or b (Which = 1) sometimes inverted.
template <class T, std::size_t N, int Which>
std::tuple<opt::Box<T, N>, opt::Box<T, N>> pair_inverting() {
  const auto pair = *gen::box_pair<T, N>();
  auto a = pair.a, b = pair.b;
  maybe_invert(Which == 0 ? a : b);
  return {a, b};
}

/// Tags a boolean answer that holds with `label`.
auto tag_true(const char* label) {
  return [label](const auto& want, const auto&) { RC_CLASSIFY(want.ok() && want.value(), label); };
}

template <class R>
void classify_error(const aabb::Result<R>& want) {
  RC_CLASSIFY(!want.ok(), "error");
}

// The ops of each namespace as one callable over all their overloads.
#define AABB_REF(f) [](const auto&... x) { return ref::f(x...); }
#define AABB_FIL(f) [](const auto&... x) { return fil::f(x...); }
#define AABB_PLAIN(f) [](const auto&... x) { return fil::plain::f(x...); }

template <class T, std::size_t N, class Relation>
void static_ops(Relation relation) {
  relation(op<T, N>(
      "contains equals the reference on the exact inputs", "contains", {"box", "point"},
      [] {
        auto box = *gen::box<T, N>();
        auto p = *gen::point_near<T, N>(ref::BasicBox<T, N>{box.lo, box.hi});
        maybe_invert(box);
        return std::tuple{box, p};
      },
      AABB_REF(contains), AABB_FIL(contains), AABB_PLAIN(contains), [](const auto& want, const auto&) {
        RC_CLASSIFY(want.ok() && want.value(), "inside");
        RC_CLASSIFY(!want.ok(), "error");
      }));
  relation(op<T, N>(
      "centre-extent contains equals the reference", "centre-extent contains", {"box", "point"},
      [] {
        auto [box, other] = ce_pair<T, N>();
        opt::Vec<T, N> p = other.center;
        if (*gen::chance(30)) p = *gen::vec<T, N>();
        maybe_negative(box.extent);
        return std::tuple{box, p};
      },
      AABB_REF(contains), AABB_FIL(contains), AABB_PLAIN(contains), tag_true("inside")));
  relation(op<T, N>("overlap equals the reference", "overlap", {"a", "b"}, pair_inverting<T, N, 1>, AABB_REF(overlap),
                    AABB_FIL(overlap), AABB_PLAIN(overlap), tag_true("overlap")));
  relation(op<T, N>(
      "centre-extent overlap equals the reference", "centre-extent overlap", {"a", "b"},
      [] {
        auto [a, b] = ce_pair<T, N>();
        maybe_negative(a.extent);
        return std::tuple{a, b};
      },
      AABB_REF(overlap), AABB_FIL(overlap), AABB_PLAIN(overlap), tag_true("overlap")));
  relation(op<T, N>(
      "intersection equals the reference", "intersection", {"a", "b"}, pair_inverting<T, N, 0>,
      AABB_REF(intersection), AABB_FIL(intersection), AABB_PLAIN(intersection),
      [](const auto& want, const auto&) { RC_CLASSIFY(want.ok() && want.value().has_value(), "non-empty"); }));
  relation(op<T, N>(
      "union_of equals the reference", "union_of", {"a", "b"}, pair_inverting<T, N, 0>, AABB_REF(union_of), AABB_FIL(union_of), AABB_PLAIN(union_of), aabb::props::NoClassify{}));
}

template <class T, std::size_t N, class Relation>
void moving_ops(Relation relation) {
  relation(op<T, N>(
      "sweep equals the reference", "sweep", {"a", "da", "b", "db"},
      [] {
        const auto c = *gen::sweep_case<T, N>();
        auto a = c.a;
        maybe_invert(a);
        return std::tuple{a, c.da, c.b, c.db};
      },
      AABB_REF(sweep), AABB_FIL(sweep), AABB_PLAIN(sweep), [](const auto& want, const auto& in) {
        classify_times(want);
        RC_CLASSIFY(std::get<1>(in) == std::get<3>(in), "zero relative displacement");
      }));
  relation(op<T, N>(
      "sweep_ce equals the reference", "sweep_ce", {"ea", "a0", "a1", "eb", "b0", "b1"},
      [] {
        auto c = sweep_ce_case<T, N>();
        maybe_negative(c.eb);
        return std::tuple{c.ea, c.a0, c.a1, c.eb, c.b0, c.b1};
      },
      AABB_REF(sweep_ce), AABB_FIL(sweep_ce), AABB_PLAIN(sweep_ce),
      [](const auto& want, const auto&) { classify_times(want); }));
  relation(op<T, N>(
      "moving_vs_static equals the reference", "moving_vs_static", {"stationary", "moving", "d"},
      [] {
        const auto c = *gen::sweep_case<T, N>();
        auto mv = c.b;
        maybe_invert(mv);
        return std::tuple{c.a, mv, c.db};
      },
      AABB_REF(moving_vs_static), AABB_FIL(moving_vs_static), AABB_PLAIN(moving_vs_static),
      [](const auto& want, const auto&) {
        classify_times(want);
        RC_CLASSIFY(want.ok() && want.value().hit && *want.value().t_enter == 0, "t=0");
      }));
  relation(op<T, N>(
      "ray equals the reference", "ray", {"box", "origin", "dir", "t_min", "t_max"},
      [] {
        const auto c = *gen::ray_case<T, N>();
        auto box = c.box;
        T t_min = c.t_min, t_max = c.t_max ? *c.t_max : std::numeric_limits<T>::infinity();
        maybe_invert(box);
        if (*gen::chance(5) && std::isfinite(t_max)) std::swap(t_min, t_max);
        return std::tuple{box, c.origin, c.dir, t_min, UpperTime<T>{t_max}};
      },
      AABB_REF(ray),
      [](const auto& box, const auto& o, const auto& d, T t_min, UpperTime<T> t_max) {
        return fil::ray(box, o, d, t_min, t_max.v);
      },
      [](const auto& box, const auto& o, const auto& d, T t_min, UpperTime<T> t_max) {
        return fil::plain::ray(box, o, d, t_min, t_max.v);
      },
      [](const auto& want, const auto&) {
        classify_times(want);
        RC_CLASSIFY(want.ok() && want.value().t_exit_infinite, "unbounded");
      }));
}

template <class T, std::size_t N>
using Points = std::vector<opt::Vec<T, N>>;

template <class T, std::size_t N, class Relation>
void construction_ops(Relation relation) {
  relation(op<T, N>(
      "bounds_of_points equals the reference", "bounds_of_points", {"points"},
      [] {
        auto ps = *gen::points<T, N>();
        if (*gen::chance(5)) ps.clear();
        return std::tuple{Points<T, N>(ps)};
      },
      AABB_REF(bounds_of_points), AABB_FIL(bounds_of_points),
      [](const Points<T, N>& ps) { return fil::plain::bounds_of_points(std::span<const opt::Vec<T, N>>(ps)); },
      [](const auto& want, const auto&) { classify_error(want); }));
  relation(op<T, N>(
      "extreme_points equals the reference", "extreme_points", {"points", "dir"},
      [] {
        auto ps = *gen::points<T, N>();
        auto d = *gen::direction_for<T, N>(ps);
        if (*gen::chance(5)) ps.clear();
        return std::tuple{Points<T, N>(ps), d};
      },
      AABB_REF(extreme_points), AABB_FIL(extreme_points),
      [](const Points<T, N>& ps, const opt::Vec<T, N>& d) {
        return fil::plain::extreme_points(std::span<const opt::Vec<T, N>>(ps), d);
      },
      [](const auto& want, const auto&) {
        classify_error(want);
        RC_CLASSIFY(want.ok() && want.value().i_min == want.value().i_max, "all tie");
      }));
  relation(op<T, N>(
      "bounds_of_sphere equals the reference", "bounds_of_sphere", {"center", "radius"},
      [] {
        auto c = *gen::vec<T, N>();
        T r = *gen::chance(20) ? *gen::large<T>() : *gen::nonnegative<T>();
        if (*gen::chance(8)) r = r > 0 ? -r : -std::numeric_limits<T>::denorm_min();
        return std::tuple{c, r};
      },
      AABB_REF(bounds_of_sphere), AABB_FIL(bounds_of_sphere), AABB_PLAIN(bounds_of_sphere),
      [](const auto& want, const auto&) { classify_error(want); }));
}

#undef AABB_REF
#undef AABB_FIL
#undef AABB_PLAIN

/// transform and hill_climb, which the filtered evaluator forwards to the plain path.
template <class T, std::size_t N>
void forwarded_props() {
  rc::prop("transform (forwarded) equals the reference" + tag<T, N>(), [] {
    auto box = *gen::box<T, N>();
    const auto m = *gen::matrix<T, N>();
    const auto t = *gen::vec<T, N>();
    const auto want = ref::transform(ex(box), ex(m), ex(t));
    const auto got = fil::transform(box, opt::Matrix<T, N>(m), t);
    if (!same(got, want)) RC_FAIL("filtered " + show(got) + " vs reference " + show(want));
    opt::CenterExtent<T, N> ce{box.lo, box.hi};
    for (auto& e : ce.extent) e = std::fabs(e);
    const auto want_ce = ref::transform(ex(ce), ex(m), ex(t));
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

using aabb::props::each_type_and_dim;

TEST_CASE("filtered static tests") {
  each_type_and_dim([]<class T, std::size_t N>() { static_ops<T, N>(EqualsReference{}); });
}

TEST_CASE("filtered moving tests") {
  each_type_and_dim([]<class T, std::size_t N>() { moving_ops<T, N>(EqualsReference{}); });
}

TEST_CASE("filtered construction") {
  each_type_and_dim([]<class T, std::size_t N>() {
    construction_ops<T, N>(EqualsReference{});
    forwarded_props<T, N>();
  });
}

// The pair the op bindings give for free: every filtered op against the plain path it falls
// back to (filtered/plain.hpp), on the same poisoned, edge-aimed inputs.
TEST_CASE("filtered vs plain reference") {
  each_type_and_dim([]<class T, std::size_t N>() {
    static_ops<T, N>(EqualsPlain{});
    moving_ops<T, N>(EqualsPlain{});
    construction_ops<T, N>(EqualsPlain{});
  });
}
