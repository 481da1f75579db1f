#pragma once
/// One dispatcher per op for the places that need the exact answer to float inputs (the judges
/// of judge/, `aabb-oracle check`): the filtered evaluator by default, or the plain reference
/// (exact conversion + reference op, plain.hpp) when forced — by `check --exact plain`
/// (set_exact_mode) or, for the fuzzers and every other user of the judges, by the environment
/// variable AABB_EXACT=plain, read once on first use. Both give the same answers (the
/// properties prove it on the edge generators); the switch exists to rule the evaluator out.
///
/// transform and hill_climb have no dispatcher: the filtered evaluator forwards them to the
/// reference anyway (filtered/README.md). The ops of contract §2b's shapes family have no
/// filtered evaluator yet: their dispatchers below answer with the plain path in both modes.

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "aabb/filtered/ops.hpp"
#include "aabb/filtered/plain.hpp"

namespace aabb::filtered {

/// Which evaluator computes exact answers.
enum class ExactMode { Filtered, Plain };

namespace detail {
/// The mode, initialised once from AABB_EXACT ("plain" forces the reference; "filtered", or
/// unset, is the filtered evaluator). Any other value is a usage error: the program says so
/// and exits with status 2 rather than silently use the filtered evaluator for a typo.
inline std::atomic<ExactMode>& exact_mode_storage() {
  static std::atomic<ExactMode> mode = [] {
    const char* e = std::getenv("AABB_EXACT");
    if (e == nullptr || std::string_view(e) == "filtered") return ExactMode::Filtered;
    if (std::string_view(e) == "plain") return ExactMode::Plain;
    std::fprintf(stderr, "AABB_EXACT=%.40s: unknown value (plain or filtered, or unset)\n", e);
    std::exit(2);
  }();
  return mode;
}
}  // namespace detail

/// The current mode (AABB_EXACT, or what set_exact_mode chose).
[[nodiscard]] inline ExactMode exact_mode() { return detail::exact_mode_storage().load(std::memory_order_relaxed); }
/// Overrides the mode for the whole process (`check --exact`).
inline void set_exact_mode(ExactMode m) { detail::exact_mode_storage().store(m, std::memory_order_relaxed); }

namespace dispatch {

#define AABB_DISPATCH(call) (exact_mode() == ExactMode::Plain ? plain::call : filtered::call)

/// reference::contains on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const geo::Box<T, N>& box, const geo::Vec<T, N>& p) {
  return AABB_DISPATCH(contains(box, p));
}
/// reference::contains (centre–extent) on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const geo::CenterExtent<T, N>& box, const geo::Vec<T, N>& p) {
  return AABB_DISPATCH(contains(box, p));
}
/// reference::overlap on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return AABB_DISPATCH(overlap(a, b));
}
/// reference::overlap (centre–extent) on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap(const geo::CenterExtent<T, N>& a, const geo::CenterExtent<T, N>& b) {
  return AABB_DISPATCH(overlap(a, b));
}
/// reference::intersection on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<std::optional<ref::Box<N>>> intersection(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return AABB_DISPATCH(intersection(a, b));
}
/// reference::union_of on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> union_of(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return AABB_DISPATCH(union_of(a, b));
}
/// reference::contains and overlap under a boundary convention other than the closed box (check
/// --boundary): the closed one is the filtered evaluator's; strict and half-open take the plain
/// path in both modes (comparisons of exact values; no filter of their own yet).
template <class B, xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const B& box, const geo::Vec<T, N>& p, ref::Boundary boundary) {
  if (boundary == ref::Boundary::Closed) return contains(box, p);
  return plain::contains(box, p, boundary);
}
template <class B>
[[nodiscard]] Result<bool> overlap(const B& a, const B& b, ref::Boundary boundary) {
  if (boundary == ref::Boundary::Closed) return overlap(a, b);
  return plain::overlap(a, b, boundary);
}

/// reference::contains_box on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains_box(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return AABB_DISPATCH(contains_box(a, b));
}
/// reference::classify on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Containment> classify(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return AABB_DISPATCH(classify(a, b));
}
/// reference::grow on the exact inputs (either box form, a scalar or a vector margin); plain path.
template <plain::FloatBox B, class M>
[[nodiscard]] auto grow(const B& box, const M& margin) {
  return plain::grow(box, margin);
}
/// reference::closest_point on the exact inputs; plain path.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Vec<N>> closest_point(const geo::Box<T, N>& box, const geo::Vec<T, N>& p) {
  return plain::closest_point(box, p);
}
/// reference::distance_sq on the exact inputs; plain path.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Rational> distance_sq(const geo::Box<T, N>& box, const geo::Vec<T, N>& p) {
  return plain::distance_sq(box, p);
}
/// reference::overlap_sphere on the exact inputs; plain path.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap_sphere(const geo::Box<T, N>& box, const geo::Vec<T, N>& c, T r) {
  return plain::overlap_sphere(box, c, r);
}
/// reference::plane_side on the exact inputs; plain path.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<int> plane_side(const geo::Box<T, N>& box, const geo::Vec<T, N>& n, T d) {
  return plain::plane_side(box, n, d);
}
/// reference::overlap_triangle on the exact inputs; plain path.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap_triangle(const geo::Box<T, N>& box, const std::array<geo::Vec<T, N>, 3>& tri) {
  return plain::overlap_triangle(box, tri);
}
/// reference::sweep on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep(const geo::Box<T, N>& a, const geo::Vec<T, N>& da,
                                             const geo::Box<T, N>& b, const geo::Vec<T, N>& db) {
  return AABB_DISPATCH(sweep(a, da, b, db));
}
/// reference::sweep_ce on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep_ce(const geo::Vec<T, N>& ea, const geo::Vec<T, N>& a0,
                                                const geo::Vec<T, N>& a1, const geo::Vec<T, N>& eb,
                                                const geo::Vec<T, N>& b0, const geo::Vec<T, N>& b1) {
  return AABB_DISPATCH(sweep_ce(ea, a0, a1, eb, b0, b1));
}
/// reference::moving_vs_static on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::MovingResult> moving_vs_static(const geo::Box<T, N>& s, const geo::Box<T, N>& m,
                                                         const geo::Vec<T, N>& d) {
  return AABB_DISPATCH(moving_vs_static(s, m, d));
}
/// reference::ray on the exact inputs; t_max = +inf means unbounded.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::RayResult> ray(const geo::Box<T, N>& box, const geo::Vec<T, N>& o, const geo::Vec<T, N>& d,
                                         T t_min, T t_max = std::numeric_limits<T>::infinity()) {
  return AABB_DISPATCH(ray(box, o, d, t_min, t_max));
}
/// reference::bounds_of_points on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_points(std::span<const geo::Vec<T, N>> points) {
  return AABB_DISPATCH(bounds_of_points(points));
}
/// reference::extreme_points on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Extremes> extreme_points(std::span<const geo::Vec<T, N>> points, const geo::Vec<T, N>& dir) {
  return AABB_DISPATCH(extreme_points(points, dir));
}
/// reference::bounds_of_sphere on the exact inputs.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_sphere(const geo::Vec<T, N>& c, T r) {
  return AABB_DISPATCH(bounds_of_sphere(c, r));
}

#undef AABB_DISPATCH

}  // namespace dispatch

}  // namespace aabb::filtered
