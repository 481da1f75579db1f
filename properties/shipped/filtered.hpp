#pragma once
/// filtered/'s ops as filtered_test.cpp calls them (`fil::op`): declarations here, definitions in
/// shipped/filtered_<type>.cpp that forward to aabb::filtered and are compiled at the build's
/// optimisation, as eval ships the filtered evaluator, while the harness compiles at
/// AABB_PROPERTY_HARNESS_OPTIONS (shipped/names.hpp says why). fil::plain and the counters are
/// filtered/'s own: the plain path is the exact conversion and the reference, the oracle the
/// properties compare against, not the code they check.

#include <optional>
#include <span>
#include <vector>

#include "aabb/filtered.hpp"

namespace aabb::props::shipped::filtered {
namespace geo = ::aabb::geometry;
namespace ref = ::aabb::reference;
using ::aabb::Result;
using ::aabb::exact_float::Float;
using ::aabb::filtered::counters;
using ::aabb::filtered::Counters;
namespace plain = ::aabb::filtered::plain;

template <Float T, std::size_t N> Result<bool> contains(const geo::Box<T, N>& box, const geo::Vec<T, N>& p);
template <Float T, std::size_t N> Result<bool> contains(const geo::CenterExtent<T, N>& box, const geo::Vec<T, N>& p);
template <Float T, std::size_t N> Result<bool> overlap(const geo::Box<T, N>& a, const geo::Box<T, N>& b);
template <Float T, std::size_t N> Result<bool> overlap(const geo::CenterExtent<T, N>& a, const geo::CenterExtent<T, N>& b);
template <Float T, std::size_t N>
Result<std::optional<ref::Box<N>>> intersection(const geo::Box<T, N>& a, const geo::Box<T, N>& b);
template <Float T, std::size_t N> Result<ref::Box<N>> union_of(const geo::Box<T, N>& a, const geo::Box<T, N>& b);
template <Float T, std::size_t N>
Result<ref::SweepResult> sweep(const geo::Box<T, N>& a, const geo::Vec<T, N>& da, const geo::Box<T, N>& b,
                               const geo::Vec<T, N>& db);
template <Float T, std::size_t N>
Result<ref::SweepResult> sweep_ce(const geo::Vec<T, N>& ea, const geo::Vec<T, N>& a0, const geo::Vec<T, N>& a1,
                                  const geo::Vec<T, N>& eb, const geo::Vec<T, N>& b0, const geo::Vec<T, N>& b1);
template <Float T, std::size_t N>
Result<ref::MovingResult> moving_vs_static(const geo::Box<T, N>& stationary, const geo::Box<T, N>& moving,
                                           const geo::Vec<T, N>& d);
template <Float T, std::size_t N>
Result<ref::RayResult> ray(const geo::Box<T, N>& box, const geo::Vec<T, N>& origin, const geo::Vec<T, N>& dir,
                           T t_min = T(0), T t_max = std::numeric_limits<T>::infinity());
template <Float T, std::size_t N> Result<ref::Box<N>> bounds_of_points(std::span<const geo::Vec<T, N>> points);
template <Float T, std::size_t N> Result<ref::Box<N>> bounds_of_points(const std::vector<geo::Vec<T, N>>& points);
template <Float T, std::size_t N>
Result<ref::Extremes> extreme_points(std::span<const geo::Vec<T, N>> points, const geo::Vec<T, N>& dir);
template <Float T, std::size_t N>
Result<ref::Extremes> extreme_points(const std::vector<geo::Vec<T, N>>& points, const geo::Vec<T, N>& dir);
template <Float T, std::size_t N> Result<ref::Box<N>> bounds_of_sphere(const geo::Vec<T, N>& center, T radius);
template <Float T, std::size_t N>
Result<ref::Box<N>> transform(const geo::Box<T, N>& box, const geo::Matrix<T, N>& m, const geo::Vec<T, N>& t);
template <Float T, std::size_t N>
Result<ref::CenterExtent<N>> transform(const geo::CenterExtent<T, N>& box, const geo::Matrix<T, N>& m,
                                       const geo::Vec<T, N>& t);
template <Float T, std::size_t N>
Result<ref::HillClimb> hill_climb(std::span<const geo::Vec<T, N>> points,
                                  const std::vector<std::vector<std::size_t>>& neighbors, const geo::Vec<T, N>& dir,
                                  std::size_t start);
}  // namespace aabb::props::shipped::filtered
