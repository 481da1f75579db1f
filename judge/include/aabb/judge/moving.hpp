#pragma once
/// The contracts of optimized/moving.hpp as code (docs/contracts.md, "Moving tests"). Each judge takes the
/// float inputs and the optimized answer, computes the exact answer with the reference, and
/// returns the first broken clause. Inputs must be valid and finite (a ray's t_max may be +inf).

#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "aabb/judge/contract.hpp"
#include "aabb/filtered/dispatch.hpp"
#include "aabb/judge/ulp.hpp"
#include "aabb/judge/violation.hpp"
#include "aabb/optimized/moving.hpp"
#include "aabb/reference.hpp"

namespace aabb::judge {

/// The exact answers: the filtered evaluator, or the plain reference when AABB_EXACT=plain
/// (filtered/include/aabb/filtered/dispatch.hpp).
namespace fx = aabb::filtered::dispatch;

namespace detail::moving {

template <opt::Float T>
std::string show(T x) {
  return ref::hex(x);
}

/// Checks one reported time against the exact q. `is_lower`: a first/enter time. The measure
/// and the direction rules are judge/contract.hpp's (one copy): ulps on T's grid, with +inf the
/// grid point just past the largest finite T (so a time beyond the range may round to +inf);
/// conservative means a lower time never after q and an upper time never before it. This
/// function only names the broken clause the way the properties, fuzzers and teeth expect.
template <opt::Float T>
std::optional<Violation> check_time(const char* name, T x, const ref::Rational& q, bool is_lower,
                                    const Contract& c) {
  const std::string detail = std::string(name) + " = " + show(x) + ", exact " + ref::to_string(q);
  if (std::isnan(x)) return Violation{std::string(name) + " is a number", detail};
  Judgement j;
  if (is_lower)
    judge_first_time(j, name, x, q, c);
  else
    judge_last_time(j, name, x, q, /*unbounded=*/false, c);
  if (!j.faulty()) return std::nullopt;
  if (c.ulps && j.worst > *c.ulps)
    return Violation{std::string(name) + " within " + std::to_string(*c.ulps) + " ulps",
                     detail + ", distance " + ref::to_string(j.worst)};
  return Violation{std::string(name) + (is_lower ? " <= exact (conservative)" : " >= exact (conservative)"),
                   detail};
}

/// The hit decision, which every moving contract has exact.
inline std::optional<Violation> check_hit(bool got, bool exact) {
  Judgement j;
  judge_decision(j, got, exact, Contract{});
  if (!j.faulty()) return std::nullopt;
  return Violation{"hit is exact", std::string("got ") + (got ? "hit" : "miss") + ", exact " +
                                       (exact ? "hit" : "miss")};
}

template <opt::Float T>
std::optional<Violation> check_sweep(const aabb::Result<ref::SweepResult>& exact,
                                     const opt::SweepResult<T>& r, const Contract& c) {
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  if (auto v = detail::moving::check_hit(r.hit, e.hit)) return v;
  if (!e.hit) return std::nullopt;
  if (!(r.t_first <= r.t_last)) return Violation{"t_first <= t_last", show(r.t_first) + " > " + show(r.t_last)};
  if (!(0 <= r.t_first && r.t_last <= 1)) return Violation{"times in [0, 1]", show(r.t_first) + ", " + show(r.t_last)};
  if (auto v = check_time("t_first", r.t_first, *e.t_first, true, c)) return v;
  return check_time("t_last", r.t_last, *e.t_last, false, c);
}

}  // namespace detail::moving

/// Judges optimized::sweep / sweep_conservative.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> sweep(const opt::Box<T, N>& a, const opt::Vec<T, N>& da,
                                             const opt::Box<T, N>& b, const opt::Vec<T, N>& db,
                                             const opt::SweepResult<T>& r, const Contract& c = within_ulps(1)) {
  return detail::moving::check_sweep(
      fx::sweep(a, da, b, db), r, c);
}

/// Judges optimized::sweep_ce / sweep_ce_conservative.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> sweep_ce(const opt::Vec<T, N>& ea, const opt::Vec<T, N>& a0,
                                                const opt::Vec<T, N>& a1, const opt::Vec<T, N>& eb,
                                                const opt::Vec<T, N>& b0, const opt::Vec<T, N>& b1,
                                                const opt::SweepResult<T>& r, const Contract& c = within_ulps(1)) {
  return detail::moving::check_sweep(fx::sweep_ce(ea, a0, a1, eb, b0, b1),
                                     r, c);
}

/// Judges optimized::moving_vs_static / moving_vs_static_conservative.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> moving_vs_static(const opt::Box<T, N>& s, const opt::Box<T, N>& m,
                                                        const opt::Vec<T, N>& d,
                                                        const opt::MovingResult<T>& r,
                                                        const Contract& c = within_ulps(1)) {
  const auto exact = fx::moving_vs_static(s, m, d);
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  if (auto v = detail::moving::check_hit(r.hit, e.hit)) return v;
  if (!e.hit) return std::nullopt;
  if (!(0 <= r.t_enter && r.t_enter <= 1)) return Violation{"t_enter in [0, 1]", detail::moving::show(r.t_enter)};
  return detail::moving::check_time("t_enter", r.t_enter, *e.t_enter, true, c);
}

namespace detail::moving {

/// A ray's reported times in order within its range: t_min <= t_enter <= t_exit <= t_max.
template <opt::Float T>
std::optional<Violation> check_ray_order(const opt::RayResult<T>& r, T t_min, T t_max) {
  if (t_min <= r.t_enter && r.t_enter <= r.t_exit && r.t_exit <= t_max) return std::nullopt;
  return Violation{"t_min <= t_enter <= t_exit <= t_max", show(r.t_enter) + ", " + show(r.t_exit)};
}

/// A ray's times on an exact hit `e`, under the time contract c: each against the exact one,
/// t_exit = +inf when T is unbounded.
template <opt::Float T, class Exact>
std::optional<Violation> check_ray_times(const Exact& e, const opt::RayResult<T>& r, const Contract& c) {
  if (auto v = check_time("t_enter", r.t_enter, *e.t_enter, true, c)) return v;
  if (e.t_exit_infinite) {
    if (!(std::isinf(r.t_exit) && r.t_exit > 0)) return Violation{"t_exit = +inf when unbounded", show(r.t_exit)};
    return std::nullopt;
  }
  return check_time("t_exit", r.t_exit, *e.t_exit, false, c);
}

/// The exact answer the ray judges compare with (t_max = ±inf taken as unbounded).
template <opt::Float T, std::size_t N>
auto exact_ray(const opt::Box<T, N>& box, const opt::Vec<T, N>& o, const opt::Vec<T, N>& d, T t_min, T t_max) {
  return fx::ray(box, o, d, t_min, std::isinf(t_max) ? std::numeric_limits<T>::infinity() : t_max);
}

}  // namespace detail::moving

/// Judges optimized::ray / ray_conservative (t_max = +inf means unbounded).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> ray(const opt::Box<T, N>& box, const opt::Vec<T, N>& o,
                                           const opt::Vec<T, N>& d, T t_min, T t_max,
                                           const opt::RayResult<T>& r, const Contract& c = within_ulps(1)) {
  const auto exact = detail::moving::exact_ray(box, o, d, t_min, t_max);
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  if (auto v = detail::moving::check_hit(r.hit, e.hit)) return v;
  if (!e.hit) return std::nullopt;
  if (auto v = detail::moving::check_ray_order(r, t_min, t_max)) return v;
  return detail::moving::check_ray_times(e, r, c);
}

namespace detail::moving {

/// The loose sweeps' time contract: conservative, within 2 ulps for float and 32 for double.
template <opt::Float T>
inline const Contract loose_contract = conservative_within(std::is_same_v<T, float> ? 2 : 32);

/// The exact ends of a slab test (docs/contracts.md, "The loose sweeps", "The loose ray"): T_in,
/// the largest of `t_in` and the axes' entries, and T_out, the smallest of `t_out` (unset: +inf)
/// and their exits, each axis giving its exact gaps g0 <= g1 and velocity v (`axis(i)`: the
/// candidates g0/v and g1/v), over the axes with v != 0; nullopt when an axis with v = 0 has 0
/// outside [g0, g1], so that no instant has contact. Hit iff T_in <= T_out, when not nullopt.
struct SlabEnds {
  ref::Rational t_in;
  std::optional<ref::Rational> t_out;
};
template <std::size_t N, class Axis>
std::optional<SlabEnds> slab_ends(ref::Rational t_in, std::optional<ref::Rational> t_out, Axis&& axis) {
  SlabEnds e{std::move(t_in), std::move(t_out)};
  for (std::size_t i = 0; i < N; ++i) {
    const auto [g0, g1, v] = axis(i);
    if (v == 0) {
      if (g0 > 0 || g1 < 0) return std::nullopt;
      continue;
    }
    const ref::Rational p = g0 / v, q = g1 / v;
    const ref::Rational& enter = p < q ? p : q;
    const ref::Rational& leave = p < q ? q : p;
    if (enter > e.t_in) e.t_in = enter;
    if (!e.t_out || leave < *e.t_out) e.t_out = leave;
  }
  return e;
}

/// A loose hit on an exact miss with these ends: allowed only when T_in − T_out <= window(T_in,
/// T_out) (and no axis with v = 0 excludes contact; `still_apart` says that case in the variant's
/// words).
template <class Window>
std::optional<Violation> check_window_of(const std::optional<SlabEnds>& ends, Window&& window,
                                         const char* still_apart) {
  const char* clause = "a hit on an exact miss only within the window (loose)";
  if (!ends) return Violation{clause, std::string("got hit, exact miss: ") + still_apart};
  if (!ends->t_out) return Violation{clause, "got hit, exact miss with T unbounded"};
  const ref::Rational& t_in = ends->t_in;
  const ref::Rational& t_out = *ends->t_out;
  if (t_in - t_out <= window(t_in, t_out)) return std::nullopt;
  return Violation{clause, "got hit, exact miss with T_in = " + ref::to_string(t_in) + ", T_out = " +
                               ref::to_string(t_out)};
}

/// The loose sweeps' and the loose ray's window: 2^-47·(|T_in| + |T_out|) + tiny.
inline std::optional<Violation> check_window(const std::optional<SlabEnds>& ends, double tiny, const char* still_apart) {
  return check_window_of(
      ends,
      [&](const ref::Rational& t_in, const ref::Rational& t_out) {
        return ref::exact_value(0x1p-47) * (abs(t_in) + abs(t_out)) + ref::exact_value(tiny);
      },
      still_apart);
}

/// The loose sweeps' window (2^-1019 absolute) on a min–max sweep: T_in from 0, T_out from 1,
/// per axis the gaps a.lo − b.hi, a.hi − b.lo and the relative velocity db − da.
template <opt::Float T, std::size_t N>
std::optional<Violation> check_near_miss(const opt::Box<T, N>& a, const opt::Vec<T, N>& da, const opt::Box<T, N>& b,
                                         const opt::Vec<T, N>& db) {
  using ref::exact_value;
  const auto ends = slab_ends<N>(0, ref::Rational(1), [&](std::size_t i) {
    return std::array<ref::Rational, 3>{exact_value(a.lo[i]) - exact_value(b.hi[i]),
                                        exact_value(a.hi[i]) - exact_value(b.lo[i]),
                                        exact_value(db[i]) - exact_value(da[i])};
  });
  return check_window(ends, 0x1p-1019, "a still axis (db = da) has its slabs apart");
}

/// The loose contract's hit on a reported miss: a violation when the exact answer is a hit.
inline std::optional<Violation> check_loose_miss(bool exact_hit) {
  if (exact_hit) return Violation{"every exact hit is a hit (loose)", "got miss, exact hit"};
  return std::nullopt;
}

}  // namespace detail::moving

/// Judges optimized::sweep_loose (docs/contracts.md, "The loose sweeps"): every exact hit is a
/// hit, with conservative times (detail::moving::loose_contract); a hit on an exact miss only
/// within the window, with 0 <= t_first <= t_last <= 1.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> sweep_loose(const opt::Box<T, N>& a, const opt::Vec<T, N>& da,
                                                   const opt::Box<T, N>& b, const opt::Vec<T, N>& db,
                                                   const opt::SweepResult<T>& r) {
  using detail::moving::show;
  const auto exact = fx::sweep(a, da, b, db);
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  if (!r.hit) return detail::moving::check_loose_miss(e.hit);
  if (!(0 <= r.t_first && r.t_first <= r.t_last && r.t_last <= 1))
    return Violation{"0 <= t_first <= t_last <= 1", show(r.t_first) + ", " + show(r.t_last)};
  if (!e.hit) return detail::moving::check_near_miss(a, da, b, db);
  const Contract& c = detail::moving::loose_contract<T>;
  if (auto v = detail::moving::check_time("t_first", r.t_first, *e.t_first, true, c)) return v;
  return detail::moving::check_time("t_last", r.t_last, *e.t_last, false, c);
}

/// Judges optimized::moving_vs_static_loose: sweep_loose's contract with da = 0, t_enter alone.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> moving_vs_static_loose(const opt::Box<T, N>& s, const opt::Box<T, N>& m,
                                                              const opt::Vec<T, N>& d, const opt::MovingResult<T>& r) {
  const auto exact = fx::moving_vs_static(s, m, d);
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  if (!r.hit) return detail::moving::check_loose_miss(e.hit);
  if (!(0 <= r.t_enter && r.t_enter <= 1)) return Violation{"t_enter in [0, 1]", detail::moving::show(r.t_enter)};
  if (!e.hit) return detail::moving::check_near_miss(s, opt::Vec<T, N>{}, m, d);
  return detail::moving::check_time("t_enter", r.t_enter, *e.t_enter, true, detail::moving::loose_contract<T>);
}

namespace detail::moving {

/// sweep_ce's exact per-axis terms: the gaps G0 = (a0 − ea) − (b0 + eb), G1 = (a0 + ea) − (b0 −
/// eb), the relative velocity V = (b1 − b0) − (a1 − a0), A = |a0 − b0| + ea + eb and B = |b1 −
/// b0| + |a1 − a0|.
struct CeAxis {
  ref::Rational g0, g1, v, a, b;
};
template <opt::Float T, std::size_t N>
CeAxis ce_axis(const opt::Vec<T, N>& ea, const opt::Vec<T, N>& a0, const opt::Vec<T, N>& a1,
               const opt::Vec<T, N>& eb, const opt::Vec<T, N>& b0, const opt::Vec<T, N>& b1, std::size_t i) {
  using ref::exact_value;
  const ref::Rational c = exact_value(a0[i]) - exact_value(b0[i]), e = exact_value(ea[i]) + exact_value(eb[i]);
  const ref::Rational db = exact_value(b1[i]) - exact_value(b0[i]), da = exact_value(a1[i]) - exact_value(a0[i]);
  return {c - e, c + e, db - da, abs(c) + e, abs(db) + abs(da)};
}

/// sweep_ce_loose's window (docs/contracts.md, "The loose sweep_ce"): W = 2^-45·max α_i·(1 + ρ_i)
/// + 2^-1017 over the axes with V ≠ 0, α = A/|V|, ρ = B/|V|.
template <opt::Float T, std::size_t N>
ref::Rational ce_window(const opt::Vec<T, N>& ea, const opt::Vec<T, N>& a0, const opt::Vec<T, N>& a1,
                        const opt::Vec<T, N>& eb, const opt::Vec<T, N>& b0, const opt::Vec<T, N>& b1) {
  ref::Rational worst = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const CeAxis x = ce_axis(ea, a0, a1, eb, b0, b1, i);
    if (x.v == 0) continue;
    const ref::Rational term = x.a / abs(x.v) * (1 + x.b / abs(x.v));
    if (term > worst) worst = term;
  }
  return ref::exact_value(0x1p-45) * worst + ref::exact_value(0x1p-1017);
}

/// A loose sweep_ce time against its exact value q: conservative (check_time, without an ulp
/// bound), and when beyond q ∓ w, at most 2 representable values of T beyond it (ulp_distance).
template <opt::Float T>
std::optional<Violation> check_window_time(const char* name, T x, const ref::Rational& q, const ref::Rational& w,
                                           bool is_lower) {
  if (auto v = check_time(name, x, q, is_lower, Contract{Contract::Kind::Conservative})) return v;
  const ref::Rational edge = is_lower ? ref::Rational(q - w) : ref::Rational(q + w);
  const ref::Rational got = ref::exact_value(x);
  if ((is_lower ? got < edge : got > edge) && *ulp_distance(x, edge) > 2)
    return Violation{std::string(name) + " within the window and 2 ulps (loose)",
                     std::string(name) + " = " + show(x) + ", exact " + ref::to_string(q) + ", window " +
                         ref::to_string(w)};
  return std::nullopt;
}

}  // namespace detail::moving

/// Judges optimized::sweep_ce_loose (docs/contracts.md, "The loose sweep_ce"): every exact hit is
/// a hit, its times conservative and within W and 2 ulps (detail::moving::ce_window); a hit on an
/// exact miss only when T_in − T_out <= W; on every hit 0 <= t_first <= t_last <= 1.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> sweep_ce_loose(const opt::Vec<T, N>& ea, const opt::Vec<T, N>& a0,
                                                      const opt::Vec<T, N>& a1, const opt::Vec<T, N>& eb,
                                                      const opt::Vec<T, N>& b0, const opt::Vec<T, N>& b1,
                                                      const opt::SweepResult<T>& r) {
  using detail::moving::show;
  const auto exact = fx::sweep_ce(ea, a0, a1, eb, b0, b1);
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  if (!r.hit) return detail::moving::check_loose_miss(e.hit);
  if (!(0 <= r.t_first && r.t_first <= r.t_last && r.t_last <= 1))
    return Violation{"0 <= t_first <= t_last <= 1", show(r.t_first) + ", " + show(r.t_last)};
  const ref::Rational w = detail::moving::ce_window(ea, a0, a1, eb, b0, b1);
  if (!e.hit) {
    const auto ends = detail::moving::slab_ends<N>(0, ref::Rational(1), [&](std::size_t i) {
      const auto x = detail::moving::ce_axis(ea, a0, a1, eb, b0, b1, i);
      return std::array<ref::Rational, 3>{x.g0, x.g1, x.v};
    });
    return detail::moving::check_window_of(
        ends, [&](const ref::Rational&, const ref::Rational&) { return w; },
        "a still axis (V = 0) has its slabs apart");
  }
  if (auto v = detail::moving::check_window_time("t_first", r.t_first, *e.t_first, w, true)) return v;
  return detail::moving::check_window_time("t_last", r.t_last, *e.t_last, w, false);
}

namespace detail::moving {

/// The loose ray's window (2^-1069 absolute): T_in from t_min, T_out from t_max (+inf: unset),
/// per axis the gaps lo − o, hi − o and the direction d.
template <opt::Float T, std::size_t N>
std::optional<Violation> check_ray_near_miss(const opt::Box<T, N>& box, const opt::Vec<T, N>& o,
                                             const opt::Vec<T, N>& d, T t_min, T t_max) {
  using ref::exact_value;
  std::optional<ref::Rational> t_out;
  if (!std::isinf(t_max)) t_out = exact_value(t_max);
  const auto ends = slab_ends<N>(exact_value(t_min), std::move(t_out), [&](std::size_t i) {
    return std::array<ref::Rational, 3>{exact_value(box.lo[i]) - exact_value(o[i]),
                                        exact_value(box.hi[i]) - exact_value(o[i]), exact_value(d[i])};
  });
  return check_window(ends, 0x1p-1069, "an axis with d = 0 has its origin outside the slab");
}

}  // namespace detail::moving

/// Judges optimized::ray_loose (docs/contracts.md, "The loose ray"): every exact hit is a hit,
/// with conservative times (detail::moving::loose_contract; t_exit = +inf when T is unbounded);
/// a hit on an exact miss only within the window; on every hit t_min <= t_enter <= t_exit <=
/// t_max.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> ray_loose(const opt::Box<T, N>& box, const opt::Vec<T, N>& o,
                                                 const opt::Vec<T, N>& d, T t_min, T t_max,
                                                 const opt::RayResult<T>& r) {
  const auto exact = detail::moving::exact_ray(box, o, d, t_min, t_max);
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  if (!r.hit) return detail::moving::check_loose_miss(e.hit);
  if (auto v = detail::moving::check_ray_order(r, t_min, t_max)) return v;
  if (!e.hit) return detail::moving::check_ray_near_miss(box, o, d, t_min, t_max);
  return detail::moving::check_ray_times(e, r, detail::moving::loose_contract<T>);
}

}  // namespace aabb::judge
