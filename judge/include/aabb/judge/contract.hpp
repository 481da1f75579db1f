#pragma once
/// Judges parameterised by a contract the user chooses (contract §5, docs/check.md): exact,
/// conservative, or within k ulps. Where judge/static.hpp, moving.hpp and construction.hpp
/// hold optimized/'s own contracts, these hold any implementation to the one asked for, and
/// say which kind of fault an answer has (false hit, first contact too late, ...), so that
/// `aabb-oracle check` can count faults by kind.

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "aabb/judge/ulp.hpp"
#include "aabb/reference.hpp"

namespace aabb::judge {

/// What an answer must satisfy. Exact: decisions, indices and numbers equal the exact ones.
/// Conservative: no missed hit (a false hit is allowed), boxes contain the exact box, a first
/// time is <= the exact one and a last time >= it; with `ulps`, also within that many ulps.
/// Ulps: decisions exact, numbers within `ulps` representable values of the exact ones.
struct Contract {
  enum class Kind { Exact, Conservative, Ulps };
  Kind kind = Kind::Exact;
  std::optional<long> ulps;  ///< required for Ulps, optional for Conservative
  /// The library's boundary convention, for contains and overlap only (check --boundary): the
  /// exact answer it is judged against is the reference's under that convention.
  ref::Boundary boundary = ref::Boundary::Closed;

  /// The distance allowed by the contract, or none (conservative without a bound).
  [[nodiscard]] std::optional<long> bound() const {
    return kind == Kind::Exact ? std::optional<long>(0) : ulps;
  }
  /// "exact", "conservative", "conservative:2", "ulps:1": the syntax of --contract; a boundary
  /// other than closed follows after a comma ("exact,strict").
  [[nodiscard]] std::string text() const {
    const std::string b = boundary == ref::Boundary::Closed ? "" : std::string(",") + ref::boundary_name(boundary);
    switch (kind) {
      case Kind::Exact:
        return "exact" + b;
      case Kind::Conservative:
        return (ulps ? "conservative:" + std::to_string(*ulps) : "conservative") + b;
      case Kind::Ulps:
        return "ulps:" + std::to_string(ulps.value_or(0)) + b;
    }
    return "?";
  }
};

/// Times within k ulps of the exact ones, decisions exact: the sweep, moving and ray contracts
/// of optimized/ (k = 1), and `--contract op=ulps:k`.
[[nodiscard]] inline Contract within_ulps(long k) { return {Contract::Kind::Ulps, k}; }
/// Conservative, and within k ulps: the `_conservative` variants of optimized/ (k = 2), and
/// `--contract op=conservative:k`.
[[nodiscard]] inline Contract conservative_within(long k) { return {Contract::Kind::Conservative, k}; }

/// The kinds of violation check counts (issue 5): one per way an answer can be wrong.
enum class Fault {
  FalseHit,  ///< reported a hit / overlap / containment the exact answer does not have
  MissedHit,  ///< missed one the exact answer has
  WrongIndex,  ///< an index that is not (one of) the exact ones
  FirstTooLate,  ///< t_first / t_enter after the allowed range
  FirstTooEarly,  ///< t_first / t_enter before the allowed range
  LastWrong,  ///< t_last / t_exit outside the allowed range
  NotContaining,  ///< a box that does not contain the exact box (conservative)
  BeyondUlps,  ///< a number farther than k ulps from the exact value (or NaN)
  WrongClass,  ///< a class (classify: disjoint, intersects, contains) that is not the exact one
  WrongSide,  ///< a side of a plane (plane_side: -1, 0, +1) that is not the exact one
};

/// The name check prints and writes for a fault: "false hit", "first contact too late", ...
[[nodiscard]] inline std::string_view fault_name(Fault f) {
  // In the order of Fault's enumerators.
  constexpr std::array<std::string_view, 10> names{
      "false hit",         "missed hit",          "wrong index", "first contact too late", "first contact too early",
      "last contact wrong", "box not containing the exact box", "error beyond k ulps", "wrong class",
      "wrong side"};
  const auto k = static_cast<std::size_t>(f);
  return k < names.size() ? names[k] : "?";
}

/// One fault of one answer, with the numbers that show it.
struct Finding {
  Fault fault;
  std::string detail;
  /// How far off, for a number: its distance from the exact value in ulps of T (judge's
  /// grid_distance); 0 for a decision, a class, an index or NaN. check keeps the case with the
  /// largest distance of each kind beside the first.
  ref::Rational ulps{0};
};

/// The verdict on one answer: every kind of fault it shows (the first detail of each, in the
/// order found; a bound both outside the exact box and beyond k ulps is two faults), and the
/// largest error of any number in it, in ulps (0 when every number was exact; NaN counts as no
/// distance and is a fault).
struct Judgement {
  std::vector<Finding> findings;
  ref::Rational worst{0};

  /// Records `f` unless a fault of its kind was found already (then keeps the larger distance).
  void fault(Fault f, std::string detail, ref::Rational ulps = ref::Rational(0)) {
    for (auto& x : findings)
      if (x.fault == f) {
        if (ulps > x.ulps) x = Finding{f, std::move(detail), std::move(ulps)};
        return;
      }
    findings.push_back(Finding{f, std::move(detail), std::move(ulps)});
  }
  /// Whether any fault was found.
  [[nodiscard]] bool faulty() const { return !findings.empty(); }
};

/// The distance in representable values of T between x and the exact q (judge::ulp_distance),
/// where values beyond T's finite range count as the grid point just past the largest finite
/// value, the place of ±infinity: so ±inf is at distance 0 from a q beyond the range on its
/// side (IEEE-754 rounds there), and ±max at distance 1. Empty for NaN.
template <opt::Float T>
[[nodiscard]] std::optional<ref::Rational> grid_distance(T x, const ref::Rational& q) {
  if (std::isnan(x)) return std::nullopt;
  const ref::Rational top = ref::Rational(grid_index(std::numeric_limits<T>::max())) + 1;
  ref::Rational pq = grid_position<T>(q);
  if (pq > top) pq = top;
  if (pq < -top) pq = -top;
  const ref::Rational px =
      std::isinf(x) ? (x > 0 ? top : ref::Rational(-top)) : ref::Rational(grid_index(x));
  const ref::Rational d = px - pq;
  return d < 0 ? ref::Rational(-d) : d;
}

namespace detail::contract {

/// An exact value for a message: the fraction when short, else "~" and the nearest double (the
/// eval answer of the counterexample has the whole fraction).
[[nodiscard]] inline std::string exact_text(const ref::Rational& q) {
  std::string s = ref::to_string(q);
  return s.size() <= 32 ? s : "~" + ref::hex_f64(q);
}

/// A distance in ulps for a message: exact when short, else 3 significant digits.
[[nodiscard]] inline std::string ulps_text(const ref::Rational& d) {
  std::string s = ref::to_string(d);
  if (s.size() <= 12) return s + " ulps";
  char b[32];
  std::snprintf(b, sizeof b, "~%.3g ulps", ref::nearest_double(d));
  return b;
}

/// An exact value for a message about a T result, in T's terms: its hex in T when T holds it
/// exactly (no "~"); otherwise the fraction when short and "~" with the nearest T (or, beyond
/// T's range, the nearest double); the eval answer of the counterexample has the whole fraction.
template <opt::Float T>
[[nodiscard]] std::string exact_text_in(const ref::Rational& q) {
  T n;
  if constexpr (std::is_same_v<T, float>)
    n = ref::nearest_float(q);
  else
    n = ref::nearest_double(q);
  const bool finite = std::isfinite(n);
  if (finite && ref::exact(n).value() == q) return ref::hex(n);
  const std::string fraction = ref::to_string(q);
  const std::string near = finite ? "~" + ref::hex(n) : "~" + ref::hex_f64(q) + " (beyond the type's range)";
  return fraction.size() <= 32 ? fraction + " " + near : near;
}

/// A relative or absolute difference for a message: "+1.5e-08" (3 significant digits).
[[nodiscard]] inline std::string signed_g(const ref::Rational& x) {
  const double d = ref::nearest_double(x);
  if (std::isinf(d)) return d > 0 ? "+(beyond 1.8e+308)" : "-(beyond 1.8e+308)";
  char b[40];
  std::snprintf(b, sizeof b, "%+.3g", d);
  return b;
}

template <opt::Float T>
[[nodiscard]] std::string show(std::string_view what, T x, const ref::Rational& q) {
  return std::string(what) + " = " + ref::hex(x) + ", exact " + exact_text_in<T>(q);
}

/// The exact value of x for ordering against q: ±inf compare beyond every rational.
template <opt::Float T>
[[nodiscard]] int compare(T x, const ref::Rational& q) {
  if (std::isinf(x)) return x > 0 ? 1 : -1;
  const ref::Rational e = ref::exact(x).value();
  return e < q ? -1 : (e > q ? 1 : 0);
}

/// show, then how far x is from q: signed (x - q) in ulps of T, and, when x is finite, absolute
/// and relative (to |q|): "lo[0] = X, exact E: -0.5 ulps (abs -1.4e-45, rel -2.2e-08)". Near 0
/// many ulps can be a tiny absolute error; beyond the range one ulp can be an infinite one.
template <opt::Float T>
[[nodiscard]] std::string show(std::string_view what, T x, const ref::Rational& q, const ref::Rational& ulps) {
  const int side = compare(x, q);
  std::string u = ulps_text(ulps);  // "3 ulps" or "~3.1e+18 ulps": the sign goes after the "~"
  const std::string sign = side < 0 ? "-" : side > 0 ? "+" : "";
  u = u[0] == '~' ? "~" + sign + u.substr(1) : sign + u;
  std::string s = show(what, x, q) + ": " + u;
  if (std::isfinite(x)) {
    const ref::Rational diff = ref::exact(x).value() - q;
    s += " (abs " + signed_g(diff);
    if (q != 0) s += ", rel " + signed_g(diff / (q < 0 ? ref::Rational(-q) : q));
    s += ")";
  }
  return s;
}

}  // namespace detail::contract

/// Whether x is q rounded toward +inf (`up`) or toward -inf: never on the inner side of q and
/// less than one grid step from it, so x == q when q is representable. ±inf is the grid point
/// past ±max: +inf is q rounded up exactly when q > max, and max is q rounded down then. The
/// construction judges' clause.
template <opt::Float T>
[[nodiscard]] bool is_directed_rounding(T x, const ref::Rational& q, bool up) {
  if (std::isnan(x)) return false;
  // Rounding toward the range from beyond it gives the largest finite value on that side.
  constexpr T kMax = std::numeric_limits<T>::max();
  if (!up && q > ref::exact(kMax).value()) return x == kMax;
  if (up && q < -ref::exact(kMax).value()) return x == -kMax;
  const int s = detail::contract::compare(x, q);
  if (up ? s < 0 : s > 0) return false;
  return *grid_distance(x, q) < 1;
}

/// A decision (hit, overlap, contains): exact, or conservative (a false hit is allowed).
inline void judge_decision(Judgement& j, bool got, bool exact, const Contract& c) {
  if (got == exact) return;
  if (got && c.kind == Contract::Kind::Conservative) return;
  j.fault(got ? Fault::FalseHit : Fault::MissedHit,
          std::string("got ") + (got ? "true" : "false") + ", exact " + (exact ? "true" : "false"));
}

/// A number with no direction (a centre): within the contract's ulps (exact: equal).
template <opt::Float T>
void judge_number(Judgement& j, std::string_view what, T got, const ref::Rational& q,
                  const Contract& c) {
  const auto d = grid_distance(got, q);
  if (!d) return j.fault(Fault::BeyondUlps, detail::contract::show(what, got, q) + " (NaN)");
  if (*d > j.worst) j.worst = *d;
  const auto k = c.bound();
  if (k && *d > *k) j.fault(Fault::BeyondUlps, detail::contract::show(what, got, q, *d), *d);
}

/// A box bound: `upper` for hi. Conservative: lo <= exact <= hi, and within k ulps when given.
template <opt::Float T>
void judge_bound(Judgement& j, std::string_view what, T got, const ref::Rational& q, bool upper,
                 const Contract& c) {
  if (std::isnan(got))
    return j.fault(Fault::BeyondUlps, detail::contract::show(what, got, q) + " (NaN)");
  if (c.kind == Contract::Kind::Conservative) {
    const int s = detail::contract::compare(got, q);
    if (upper ? s < 0 : s > 0) {
      const auto d = grid_distance(got, q);
      j.fault(Fault::NotContaining,
              detail::contract::show(what, got, q, *d) + (upper ? ", below it" : ", above it"), *d);
    }
  }
  judge_number(j, what, got, q, c);
}

namespace detail::contract {

/// A time's distance from the exact q in ulps, its side (compare) and the message: recorded as
/// the judgement's worst distance, or, for NaN, as a fault (then empty).
struct Measured {
  ref::Rational distance;
  int side;
  std::string text;
};
template <opt::Float T>
[[nodiscard]] std::optional<Measured> measure(Judgement& j, std::string_view what, T got, const ref::Rational& q) {
  const auto d = grid_distance(got, q);
  if (!d) {
    j.fault(Fault::BeyondUlps, show(what, got, q) + " (NaN)");
    return std::nullopt;
  }
  if (*d > j.worst) j.worst = *d;
  return Measured{*d, compare(got, q), show(what, got, q, *d)};
}

}  // namespace detail::contract

/// A first time (t_first, t_enter). Exact / ulps: within k of q, else too late or too early.
/// Conservative: never after q, and within k when given.
template <opt::Float T>
void judge_first_time(Judgement& j, std::string_view what, T got, const ref::Rational& q,
                      const Contract& c) {
  const auto m = detail::contract::measure(j, what, got, q);
  if (!m) return;
  const auto k = c.bound();
  if (c.kind == Contract::Kind::Conservative && m->side > 0)
    return j.fault(Fault::FirstTooLate, m->text, m->distance);
  if (k && m->distance > *k)
    j.fault(m->side > 0 ? Fault::FirstTooLate : Fault::FirstTooEarly, m->text, m->distance);
}

/// A last time (t_last, t_exit); `unbounded`: the exact time is +infinity (a ray's t_exit).
template <opt::Float T>
void judge_last_time(Judgement& j, std::string_view what, T got, const ref::Rational& q,
                     bool unbounded, const Contract& c) {
  if (unbounded) {
    if (!(std::isinf(got) && got > 0))
      j.fault(Fault::LastWrong,
              std::string(what) + " = " + ref::hex(got) + ", exact +inf (unbounded)");
    return;
  }
  const auto m = detail::contract::measure(j, what, got, q);
  if (!m) return;
  const auto k = c.bound();
  if (c.kind == Contract::Kind::Conservative && m->side < 0)
    return j.fault(Fault::LastWrong, m->text, m->distance);
  if (k && m->distance > *k) j.fault(Fault::LastWrong, m->text, m->distance);
}

}  // namespace aabb::judge
