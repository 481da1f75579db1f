// optimized/static.hpp's ops, compiled at the build's optimisation for the float properties
// (shipped/names.hpp): each forwards to aabb::optimized, for float and double, 2D and 3D.

#include "static.hpp"
#include "instantiate.hpp"

namespace aabb::props::shipped {
namespace opt = ::aabb::optimized;

template <Float T, std::size_t N> bool contains(const Box<T, N>& box, const Vec<T, N>& p) { return opt::contains(box, p); }
template <Float T, std::size_t N> bool contains(const CenterExtent<T, N>& box, const Vec<T, N>& p) { return opt::contains(box, p); }
template <Float T, std::size_t N> bool overlap(const Box<T, N>& a, const Box<T, N>& b) { return opt::overlap(a, b); }
template <Float T, std::size_t N> bool overlap(const CenterExtent<T, N>& a, const CenterExtent<T, N>& b) { return opt::overlap(a, b); }
template <Float T, std::size_t N> std::optional<Box<T, N>> intersection(const Box<T, N>& a, const Box<T, N>& b) { return opt::intersection(a, b); }
template <Float T, std::size_t N> Box<T, N> union_of(const Box<T, N>& a, const Box<T, N>& b) { return opt::union_of(a, b); }
template <Float T, std::size_t N> bool contains_box(const Box<T, N>& a, const Box<T, N>& b) { return opt::contains_box(a, b); }
template <Float T, std::size_t N> Containment classify(const Box<T, N>& a, const Box<T, N>& b) { return opt::classify(a, b); }
template <Float T, std::size_t N> Box<T, N> bounds_of_points(const Vec<T, N>* points, std::size_t n) { return opt::bounds_of_points(points, n); }
template <Float T, std::size_t N> Box<T, N> bounds_of_points(std::span<const Vec<T, N>> points) { return opt::bounds_of_points(points); }

#define AABB_SHIP(T, N)                                                                            \
  template bool contains(const Box<T, N>&, const Vec<T, N>&);                                      \
  template bool contains(const CenterExtent<T, N>&, const Vec<T, N>&);                             \
  template bool overlap(const Box<T, N>&, const Box<T, N>&);                                       \
  template bool overlap(const CenterExtent<T, N>&, const CenterExtent<T, N>&);                     \
  template std::optional<Box<T, N>> intersection(const Box<T, N>&, const Box<T, N>&);              \
  template Box<T, N> union_of(const Box<T, N>&, const Box<T, N>&);                                 \
  template bool contains_box(const Box<T, N>&, const Box<T, N>&);                                  \
  template Containment classify(const Box<T, N>&, const Box<T, N>&);                               \
  template Box<T, N> bounds_of_points(const Vec<T, N>*, std::size_t);                              \
  template Box<T, N> bounds_of_points(std::span<const Vec<T, N>>);
AABB_SHIP_EVERY_TYPE_AND_DIM(AABB_SHIP)
#undef AABB_SHIP
}  // namespace aabb::props::shipped
