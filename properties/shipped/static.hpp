#pragma once
/// optimized/static.hpp's ops as the float properties call them (shipped/names.hpp).

#include <optional>
#include <span>

#include "aabb/optimized/static.hpp"  // Containment, and the ops the definitions forward to
#include "names.hpp"

namespace aabb::props::shipped {
using ::aabb::optimized::Containment;

template <Float T, std::size_t N> bool contains(const Box<T, N>& box, const Vec<T, N>& p);
template <Float T, std::size_t N> bool contains(const CenterExtent<T, N>& box, const Vec<T, N>& p);
template <Float T, std::size_t N> bool overlap(const Box<T, N>& a, const Box<T, N>& b);
template <Float T, std::size_t N> bool overlap(const CenterExtent<T, N>& a, const CenterExtent<T, N>& b);
template <Float T, std::size_t N> std::optional<Box<T, N>> intersection(const Box<T, N>& a, const Box<T, N>& b);
template <Float T, std::size_t N> Box<T, N> union_of(const Box<T, N>& a, const Box<T, N>& b);
template <Float T, std::size_t N> bool contains_box(const Box<T, N>& a, const Box<T, N>& b);
template <Float T, std::size_t N> Containment classify(const Box<T, N>& a, const Box<T, N>& b);
template <Float T, std::size_t N> Box<T, N> bounds_of_points(const Vec<T, N>* points, std::size_t n);
template <Float T, std::size_t N> Box<T, N> bounds_of_points(std::span<const Vec<T, N>> points);
}  // namespace aabb::props::shipped
