// optimized/shapes.hpp's and optimized/triangle.hpp's ops, compiled at the build's optimisation
// for the float properties (shipped/names.hpp): each forwards to aabb::optimized, for float and
// double, 2D and 3D.

#include "shapes.hpp"
#include "instantiate.hpp"

namespace aabb::props::shipped {
namespace opt = ::aabb::optimized;

template <Float T, std::size_t N> Box<T, N> grow(const Box<T, N>& box, const Vec<T, N>& margin) { return opt::grow(box, margin); }
template <Float T, std::size_t N> Box<T, N> grow(const Box<T, N>& box, T margin) { return opt::grow(box, margin); }
template <Float T, std::size_t N> CenterExtent<T, N> grow(const CenterExtent<T, N>& box, const Vec<T, N>& margin) { return opt::grow(box, margin); }
template <Float T, std::size_t N> CenterExtent<T, N> grow(const CenterExtent<T, N>& box, T margin) { return opt::grow(box, margin); }
template <Float T, std::size_t N> Vec<T, N> closest_point(const Box<T, N>& box, const Vec<T, N>& p) { return opt::closest_point(box, p); }
template <Float T, std::size_t N> T distance_sq(const Box<T, N>& box, const Vec<T, N>& p) { return opt::distance_sq(box, p); }
template <Float T, std::size_t N> T distance_sq_conservative(const Box<T, N>& box, const Vec<T, N>& p) { return opt::distance_sq_conservative(box, p); }
template <Float T, std::size_t N> bool overlap_sphere(const Box<T, N>& box, const Vec<T, N>& c, T r) { return opt::overlap_sphere(box, c, r); }
template <Float T, std::size_t N> int plane_side(const Box<T, N>& box, const Vec<T, N>& n, T d) { return opt::plane_side(box, n, d); }
template <Float T, std::size_t N>
  requires(N == 2 || N == 3)
bool overlap_triangle(const Box<T, N>& box, const Vec<T, N>& v0, const Vec<T, N>& v1, const Vec<T, N>& v2) {
  return opt::overlap_triangle(box, v0, v1, v2);
}

namespace detail {
template <Float T, std::size_t N> int sphere_fast_filter(const Box<T, N>& box, const Vec<T, N>& c, T r) { return opt::detail::sphere_fast_filter(box, c, r); }
template <Float T, std::size_t N> int plane_fast_filter(const Box<T, N>& box, const Vec<T, N>& n, T d) { return opt::detail::plane_fast_filter(box, n, d); }
namespace tri {
template <Float T>
bool normal_separates(const Box<T, 3>& box, const Vec<T, 3>& v0, const Vec<T, 3>& v1, const Vec<T, 3>& v2) {
  return opt::detail::tri::normal_separates(box, v0, v1, v2);
}
template bool normal_separates(const Box<float, 3>&, const Vec<float, 3>&, const Vec<float, 3>&, const Vec<float, 3>&);
template bool normal_separates(const Box<double, 3>&, const Vec<double, 3>&, const Vec<double, 3>&, const Vec<double, 3>&);
}  // namespace tri
}  // namespace detail

#define AABB_SHIP(T, N)                                                                            \
  template Box<T, N> grow(const Box<T, N>&, const Vec<T, N>&);                                     \
  template Box<T, N> grow(const Box<T, N>&, T);                                                    \
  template CenterExtent<T, N> grow(const CenterExtent<T, N>&, const Vec<T, N>&);                   \
  template CenterExtent<T, N> grow(const CenterExtent<T, N>&, T);                                  \
  template Vec<T, N> closest_point(const Box<T, N>&, const Vec<T, N>&);                            \
  template T distance_sq(const Box<T, N>&, const Vec<T, N>&);                                      \
  template T distance_sq_conservative(const Box<T, N>&, const Vec<T, N>&);                         \
  template bool overlap_sphere(const Box<T, N>&, const Vec<T, N>&, T);                             \
  template int plane_side(const Box<T, N>&, const Vec<T, N>&, T);                                  \
  template bool overlap_triangle(const Box<T, N>&, const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&); \
  template int detail::sphere_fast_filter(const Box<T, N>&, const Vec<T, N>&, T);                  \
  template int detail::plane_fast_filter(const Box<T, N>&, const Vec<T, N>&, T);
AABB_SHIP_EVERY_TYPE_AND_DIM(AABB_SHIP)
#undef AABB_SHIP
}  // namespace aabb::props::shipped
