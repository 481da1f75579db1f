// optimized/batch.hpp's kernels, compiled at the build's optimisation for the float properties
// (shipped/names.hpp): each forwards to aabb::optimized, for float and double, 2D and 3D.

#include "batch.hpp"
#include "instantiate.hpp"

namespace aabb::props::shipped {
namespace opt = ::aabb::optimized;

template <Float T, std::size_t N> void overlap_mask(const Box<T, N>& q, const BoxesSoA<T, N>& boxes, std::uint64_t* mask) { opt::overlap_mask(q, boxes, mask); }
template <Float T, std::size_t N> std::size_t overlap_indices(const Box<T, N>& q, const BoxesSoA<T, N>& boxes, std::size_t* out) { return opt::overlap_indices(q, boxes, out); }
template <Float T, std::size_t N> void overlap_mask(const CenterExtent<T, N>& q, const CenterExtentSoA<T, N>& boxes, std::uint64_t* mask) { opt::overlap_mask(q, boxes, mask); }
template <Float T, std::size_t N> std::size_t overlap_indices(const CenterExtent<T, N>& q, const CenterExtentSoA<T, N>& boxes, std::size_t* out) { return opt::overlap_indices(q, boxes, out); }
template <Float T, std::size_t N> void ray_mask(const BoxesSoA<T, N>& boxes, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max, std::uint64_t* mask, T* t_enter) { opt::ray_mask(boxes, origin, dir, t_min, t_max, mask, t_enter); }
template <Float T, std::size_t N> std::size_t ray_indices(const BoxesSoA<T, N>& boxes, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max, std::size_t* out, T* t_enter) { return opt::ray_indices(boxes, origin, dir, t_min, t_max, out, t_enter); }
template <Float T, std::size_t N> void moving_vs_static_mask(const BoxesSoA<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d, std::uint64_t* mask, T* t_enter) { opt::moving_vs_static_mask(stationary, moving, d, mask, t_enter); }
template <Float T, std::size_t N> std::size_t moving_vs_static_indices(const BoxesSoA<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d, std::size_t* out, T* t_enter) { return opt::moving_vs_static_indices(stationary, moving, d, out, t_enter); }

namespace detail::batch {
template <Float T, std::size_t N> bool ordered(const Box<T, N>& q) { return opt::detail::batch::ordered(q); }
int overlap_level() { return opt::detail::batch::overlap_level(); }
template <Float T, std::size_t N> std::uint64_t overlap_block(const Box<T, N>& q, const BoxesSoA<T, N>& b, std::size_t base, std::size_t m, int level) { return opt::detail::batch::overlap_block(q, b, base, m, level); }
}  // namespace detail::batch

#define AABB_SHIP(T, N)                                                                            \
  template void overlap_mask(const Box<T, N>&, const BoxesSoA<T, N>&, std::uint64_t*);             \
  template std::size_t overlap_indices(const Box<T, N>&, const BoxesSoA<T, N>&, std::size_t*);     \
  template void overlap_mask(const CenterExtent<T, N>&, const CenterExtentSoA<T, N>&, std::uint64_t*); \
  template std::size_t overlap_indices(const CenterExtent<T, N>&, const CenterExtentSoA<T, N>&, std::size_t*); \
  template void ray_mask(const BoxesSoA<T, N>&, const Vec<T, N>&, const Vec<T, N>&, T, T, std::uint64_t*, T*); \
  template std::size_t ray_indices(const BoxesSoA<T, N>&, const Vec<T, N>&, const Vec<T, N>&, T, T, std::size_t*, T*); \
  template void moving_vs_static_mask(const BoxesSoA<T, N>&, const Box<T, N>&, const Vec<T, N>&, std::uint64_t*, T*); \
  template std::size_t moving_vs_static_indices(const BoxesSoA<T, N>&, const Box<T, N>&, const Vec<T, N>&, std::size_t*, T*); \
  template bool detail::batch::ordered(const Box<T, N>&);                                          \
  template std::uint64_t detail::batch::overlap_block(const Box<T, N>&, const BoxesSoA<T, N>&, std::size_t, std::size_t, int);
AABB_SHIP_EVERY_TYPE_AND_DIM(AABB_SHIP)
#undef AABB_SHIP
}  // namespace aabb::props::shipped
