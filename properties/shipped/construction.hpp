#pragma once
/// optimized/construction.hpp's ops as the float properties call them (shipped/names.hpp), and
/// the detail:: functions optimized_construction_test.cpp checks one by one.

#include "aabb/optimized/construction.hpp"  // Extremes, HillClimbResult, and the ops forwarded to
#include "names.hpp"

namespace aabb::props::shipped {
using ::aabb::optimized::Extremes;
using ::aabb::optimized::HillClimbResult;

template <Float T, std::size_t N> Box<T, N> bounds_of_sphere(const Vec<T, N>& center, T radius);
template <Float T, std::size_t N> Box<T, N> bounds_of_sphere_loose(const Vec<T, N>& center, T radius);
template <Float T, std::size_t N> Box<T, N> transform(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t);
template <Float T, std::size_t N> CenterExtent<T, N> transform(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t);
template <Float T, std::size_t N> Box<T, N> transform_conservative(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t);
template <Float T, std::size_t N> CenterExtent<T, N> transform_conservative(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t);
template <Float T, std::size_t N> Extremes extreme_points(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir);
template <Float T, std::size_t N> HillClimbResult hill_climb(const Vec<T, N>* points, std::size_t n, const std::size_t* offsets, const std::size_t* neighbors, const Vec<T, N>& dir, std::size_t start);
template <Float T, std::size_t N> bool is_global_maximum(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir, std::size_t index);

/// The paths the properties compare with each other (`opt::detail::transform_loose(...)`).
namespace detail {
template <Float T, std::size_t N> T transform_bound_exact(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, std::size_t i, bool up);
template <Float T, std::size_t N> bool sphere_in_range(const Vec<T, N>& center, T radius);
template <Float T, std::size_t N> bool transform_loose_rows(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r);
template <Float T, std::size_t N> bool transform_ce_loose_rows(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, CenterExtent<T, N>& r);
#if defined(__GNUC__)  // as optimized/construction.hpp: the lane forms exist only there
template <Float T, std::size_t N> bool transform_loose_lanes(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r);
template <Float T, std::size_t N> bool transform_ce_loose_lanes(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, CenterExtent<T, N>& r);
#endif
template <Float T, std::size_t N> bool transform_loose(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r);
template <Float T, std::size_t N> bool transform_ce_loose(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, CenterExtent<T, N>& r);
template <Float T, std::size_t N> bool extreme_points_filter(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir, Extremes& r, double& lo_out, double& hi_out, double& e, bool& clean);
#if defined(__SSE2__)  // as optimized/construction.hpp: the float pass exists only there
template <std::size_t N> bool extreme_points_float(const Vec<float, N>* points, std::size_t n, const Vec<float, N>& dir, Extremes& r);
#endif
}  // namespace detail
}  // namespace aabb::props::shipped
