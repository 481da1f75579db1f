#pragma once
/// optimized/shapes.hpp's and optimized/triangle.hpp's ops as the float properties call them
/// (shipped/names.hpp).

#include "aabb/optimized/shapes.hpp"
#include "aabb/optimized/triangle.hpp"
#include "names.hpp"

namespace aabb::props::shipped {
template <Float T, std::size_t N> Box<T, N> grow(const Box<T, N>& box, const Vec<T, N>& margin);
template <Float T, std::size_t N> Box<T, N> grow(const Box<T, N>& box, T margin);
template <Float T, std::size_t N> CenterExtent<T, N> grow(const CenterExtent<T, N>& box, const Vec<T, N>& margin);
template <Float T, std::size_t N> CenterExtent<T, N> grow(const CenterExtent<T, N>& box, T margin);
template <Float T, std::size_t N> Vec<T, N> closest_point(const Box<T, N>& box, const Vec<T, N>& p);
template <Float T, std::size_t N> T distance_sq(const Box<T, N>& box, const Vec<T, N>& p);
template <Float T, std::size_t N> T distance_sq_conservative(const Box<T, N>& box, const Vec<T, N>& p);
template <Float T, std::size_t N> bool overlap_sphere(const Box<T, N>& box, const Vec<T, N>& c, T r);
template <Float T, std::size_t N> int plane_side(const Box<T, N>& box, const Vec<T, N>& n, T d);
template <Float T, std::size_t N>
  requires(N == 2 || N == 3)
bool overlap_triangle(const Box<T, N>& box, const Vec<T, N>& v0, const Vec<T, N>& v1, const Vec<T, N>& v2);

namespace detail {
template <Float T, std::size_t N> int sphere_fast_filter(const Box<T, N>& box, const Vec<T, N>& c, T r);
template <Float T, std::size_t N> int plane_fast_filter(const Box<T, N>& box, const Vec<T, N>& n, T d);
namespace tri {
template <Float T>
bool normal_separates(const Box<T, 3>& box, const Vec<T, 3>& v0, const Vec<T, 3>& v1, const Vec<T, 3>& v2);
}  // namespace tri
}  // namespace detail
}  // namespace aabb::props::shipped
