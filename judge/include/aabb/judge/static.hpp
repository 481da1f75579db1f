#pragma once
/// The contracts of optimized/static.hpp as code (docs/contracts.md, "Static tests"): every answer of
/// contains, overlap (both forms), intersection, union_of and bounds_of_points equals the exact
/// reference's. Each judge takes the float inputs and the float answer and returns the first
/// broken clause, or nothing. Valid, finite inputs only (the reference's domain); the
/// non-finite and inverted-box answers are pinned by example tests.

#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aabb/filtered/dispatch.hpp"
#include "aabb/judge/ulp.hpp"
#include "aabb/judge/violation.hpp"
#include "aabb/optimized/static.hpp"
#include "aabb/reference.hpp"

namespace aabb::judge {

/// The exact answers: the filtered evaluator, or the plain reference when AABB_EXACT=plain
/// (filtered/include/aabb/filtered/dispatch.hpp).
namespace fx = aabb::filtered::dispatch;

namespace detail_static {

inline std::string yes_no(bool b) { return b ? "true" : "false"; }

template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> same_box(const opt::Box<T, N>& got, const ref::Box<N>& exact,
                                                const std::string& clause) {
  const auto g = geometry::map(got, ref::exact_value);
  for (std::size_t i = 0; i < N; ++i) {
    const std::string axis = "[" + std::to_string(i) + "]";
    if (g.lo[i] != exact.lo[i])
      return Violation{clause, "lo" + axis + ": " + ref::hex(got.lo[i]) + " vs exact " + ref::to_string(exact.lo[i])};
    if (g.hi[i] != exact.hi[i])
      return Violation{clause, "hi" + axis + ": " + ref::hex(got.hi[i]) + " vs exact " + ref::to_string(exact.hi[i])};
  }
  return std::nullopt;
}

[[nodiscard]] inline std::optional<Violation> same_bool(bool got, bool exact, const std::string& clause) {
  if (got == exact) return std::nullopt;
  return Violation{clause, yes_no(got) + " vs exact " + yes_no(exact)};
}

/// "<op> is exact", with "centre-extent " before it for a centre–extent box: the clause of a
/// static decision.
template <class B>
[[nodiscard]] std::string exact_clause(const char* op) {
  constexpr bool ce = requires(const B& b) { b.extent; };
  return std::string(ce ? "centre-extent " : "") + op + " is exact";
}

}  // namespace detail_static

/// contains, min–max or centre–extent: equals the exact answer (|p - c| <= e taken exactly).
template <filtered::plain::FloatBox B, opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> contains(const B& box, const opt::Vec<T, N>& p, bool got) {
  return detail_static::same_bool(got, fx::contains(box, p).value(),
                                  detail_static::exact_clause<B>("contains"));
}

/// overlap, min–max or centre–extent: equals the exact answer (|cb - ca| <= ea + eb taken exactly).
template <filtered::plain::FloatBox B>
[[nodiscard]] std::optional<Violation> overlap(const B& a, const B& b, bool got) {
  return detail_static::same_bool(got, fx::overlap(a, b).value(), detail_static::exact_clause<B>("overlap"));
}

/// intersection: present exactly when the exact one is, and then equal to it bound for bound.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> intersection(const opt::Box<T, N>& a, const opt::Box<T, N>& b,
                                                    const std::optional<opt::Box<T, N>>& got) {
  const auto exact = fx::intersection(a, b).value();
  if (got.has_value() != exact.has_value())
    return Violation{"intersection exists exactly when the boxes overlap",
                     detail_static::yes_no(got.has_value()) + " vs exact " + detail_static::yes_no(exact.has_value())};
  if (!got) return std::nullopt;
  return detail_static::same_box(*got, *exact, "intersection is exact");
}

/// union_of: equals the exact union bound for bound.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> union_of(const opt::Box<T, N>& a, const opt::Box<T, N>& b,
                                                const opt::Box<T, N>& got) {
  return detail_static::same_box(got, fx::union_of(a, b).value(), "union_of is exact");
}

/// contains_box: equals the exact answer (b ⊆ a).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> contains_box(const opt::Box<T, N>& a, const opt::Box<T, N>& b, bool got) {
  return detail_static::same_bool(got, fx::contains_box(a, b).value(), "contains_box is exact");
}

/// classify: equals the exact class.
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> classify(const opt::Box<T, N>& a, const opt::Box<T, N>& b,
                                                opt::Containment got) {
  const ref::Containment exact = fx::classify(a, b).value();
  if (static_cast<int>(got) == static_cast<int>(exact)) return std::nullopt;
  return Violation{"classify is exact", std::string(ref::to_string(static_cast<ref::Containment>(static_cast<int>(got)))) +
                                            " vs exact " + ref::to_string(exact)};
}

/// bounds_of_points: equals the exact bounds for a non-empty list; for an empty one, the
/// documented empty box lo = +inf, hi = -inf (the reference rejects the empty list).
template <opt::Float T, std::size_t N>
[[nodiscard]] std::optional<Violation> bounds_of_points(std::span<const opt::Vec<T, N>> points,
                                                        const opt::Box<T, N>& got) {
  if (points.empty()) {
    constexpr T inf = std::numeric_limits<T>::infinity();
    for (std::size_t i = 0; i < N; ++i)
      if (!(got.lo[i] == inf && got.hi[i] == -inf))
        return Violation{"empty list gives the empty box", "axis " + std::to_string(i) + ": [" +
                                                               ref::hex(got.lo[i]) + ", " + ref::hex(got.hi[i]) + "]"};
    return std::nullopt;
  }
  return detail_static::same_box(got, fx::bounds_of_points(points).value(), "bounds_of_points is exact");
}

}  // namespace aabb::judge
