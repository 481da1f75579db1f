#pragma once
/// The contracts of optimized/moving.hpp as code (docs/contracts.md, "Moving tests"). Each judge takes the
/// float inputs and the optimized answer, computes the exact answer with the reference, and
/// returns the first broken clause. Inputs must be valid and finite (a ray's t_max may be +inf).

#include <cmath>
#include <limits>
#include <optional>
#include <string>

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

/// Judges optimized::ray / ray_conservative (t_max = +inf means unbounded).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> ray(const opt::Box<T, N>& box, const opt::Vec<T, N>& o,
                                           const opt::Vec<T, N>& d, T t_min, T t_max,
                                           const opt::RayResult<T>& r, const Contract& c = within_ulps(1)) {
  const auto exact = fx::ray(box, o, d, t_min, std::isinf(t_max) ? std::numeric_limits<T>::infinity() : t_max);
  if (!exact.ok()) return Violation{"input is valid", exact.error().message};
  const auto& e = exact.value();
  using detail::moving::show;
  if (auto v = detail::moving::check_hit(r.hit, e.hit)) return v;
  if (!e.hit) return std::nullopt;
  if (!(t_min <= r.t_enter && r.t_enter <= r.t_exit && r.t_exit <= t_max))
    return Violation{"t_min <= t_enter <= t_exit <= t_max", show(r.t_enter) + ", " + show(r.t_exit)};
  if (auto v = detail::moving::check_time("t_enter", r.t_enter, *e.t_enter, true, c)) return v;
  if (e.t_exit_infinite) {
    if (!(std::isinf(r.t_exit) && r.t_exit > 0)) return Violation{"t_exit = +inf when unbounded", show(r.t_exit)};
    return std::nullopt;
  }
  return detail::moving::check_time("t_exit", r.t_exit, *e.t_exit, false, c);
}

}  // namespace aabb::judge
