#pragma once
/// optimized/batch.hpp's kernels as the float properties call them (shipped/names.hpp), the
/// detail::batch functions optimized_batch_test.cpp checks block by block, and (static.hpp,
/// moving.hpp) the scalar ops each kernel must equal.

#include <cstdint>

#include "aabb/optimized/batch.hpp"  // BoxesSoA, CenterExtentSoA, and the kernels forwarded to
#include "moving.hpp"
#include "names.hpp"
#include "static.hpp"

namespace aabb::props::shipped {
using ::aabb::optimized::BoxesSoA;
using ::aabb::optimized::CenterExtentSoA;

template <Float T, std::size_t N> void overlap_mask(const Box<T, N>& q, const BoxesSoA<T, N>& boxes, std::uint64_t* mask);
template <Float T, std::size_t N> std::size_t overlap_indices(const Box<T, N>& q, const BoxesSoA<T, N>& boxes, std::size_t* out);
template <Float T, std::size_t N> void overlap_mask(const CenterExtent<T, N>& q, const CenterExtentSoA<T, N>& boxes, std::uint64_t* mask);
template <Float T, std::size_t N> std::size_t overlap_indices(const CenterExtent<T, N>& q, const CenterExtentSoA<T, N>& boxes, std::size_t* out);
template <Float T, std::size_t N> void ray_mask(const BoxesSoA<T, N>& boxes, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max, std::uint64_t* mask, T* t_enter);
template <Float T, std::size_t N> std::size_t ray_indices(const BoxesSoA<T, N>& boxes, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max, std::size_t* out, T* t_enter);
template <Float T, std::size_t N> void moving_vs_static_mask(const BoxesSoA<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d, std::uint64_t* mask, T* t_enter);
template <Float T, std::size_t N> std::size_t moving_vs_static_indices(const BoxesSoA<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d, std::size_t* out, T* t_enter);

/// The block kernels the properties run at every level this machine has
/// (`opt::detail::batch::overlap_block(...)`).
namespace detail::batch {
template <Float T, std::size_t N> bool ordered(const Box<T, N>& q);
int overlap_level();
template <Float T, std::size_t N> std::uint64_t overlap_block(const Box<T, N>& q, const BoxesSoA<T, N>& b, std::size_t base, std::size_t m, int level);
}  // namespace detail::batch
}  // namespace aabb::props::shipped
