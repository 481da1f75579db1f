// optimized/construction.hpp's ops, compiled at the build's optimisation for the float properties
// (shipped/names.hpp): each forwards to aabb::optimized, for float and double, 2D and 3D.

#include "construction.hpp"
#include "instantiate.hpp"

namespace aabb::props::shipped {
namespace opt = ::aabb::optimized;

template <Float T, std::size_t N> Box<T, N> bounds_of_sphere(const Vec<T, N>& center, T radius) { return opt::bounds_of_sphere(center, radius); }
template <Float T, std::size_t N> Box<T, N> bounds_of_sphere_loose(const Vec<T, N>& center, T radius) { return opt::bounds_of_sphere_loose(center, radius); }
template <Float T, std::size_t N> Box<T, N> transform(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) { return opt::transform(box, m, t); }
template <Float T, std::size_t N> CenterExtent<T, N> transform(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) { return opt::transform(box, m, t); }
template <Float T, std::size_t N> Box<T, N> transform_conservative(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) { return opt::transform_conservative(box, m, t); }
template <Float T, std::size_t N> CenterExtent<T, N> transform_conservative(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t) { return opt::transform_conservative(box, m, t); }
template <Float T, std::size_t N> Extremes extreme_points(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir) { return opt::extreme_points(points, n, dir); }
template <Float T, std::size_t N> HillClimbResult hill_climb(const Vec<T, N>* points, std::size_t n, const std::size_t* offsets, const std::size_t* neighbors, const Vec<T, N>& dir, std::size_t start) { return opt::hill_climb(points, n, offsets, neighbors, dir, start); }
template <Float T, std::size_t N> bool is_global_maximum(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir, std::size_t index) { return opt::is_global_maximum(points, n, dir, index); }

namespace detail {
template <Float T, std::size_t N> T transform_bound_exact(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, std::size_t i, bool up) { return opt::detail::transform_bound_exact(box, m, t, i, up); }
template <Float T, std::size_t N> bool sphere_in_range(const Vec<T, N>& center, T radius) { return opt::detail::sphere_in_range(center, radius); }
template <Float T, std::size_t N> bool transform_loose_rows(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r) { return opt::detail::transform_loose_rows(box, m, t, r); }
template <Float T, std::size_t N> bool transform_ce_loose_rows(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, CenterExtent<T, N>& r) { return opt::detail::transform_ce_loose_rows(box, m, t, r); }
#if defined(__GNUC__)
template <Float T, std::size_t N> bool transform_loose_lanes(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r) { return opt::detail::transform_loose_lanes(box, m, t, r); }
template <Float T, std::size_t N> bool transform_ce_loose_lanes(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, CenterExtent<T, N>& r) { return opt::detail::transform_ce_loose_lanes(box, m, t, r); }
#endif
template <Float T, std::size_t N> bool transform_loose(const Box<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, Box<T, N>& r) { return opt::detail::transform_loose(box, m, t, r); }
template <Float T, std::size_t N> bool transform_ce_loose(const CenterExtent<T, N>& box, const Matrix<T, N>& m, const Vec<T, N>& t, CenterExtent<T, N>& r) { return opt::detail::transform_ce_loose(box, m, t, r); }
template <Float T, std::size_t N> bool extreme_points_filter(const Vec<T, N>* points, std::size_t n, const Vec<T, N>& dir, Extremes& r, double& lo_out, double& hi_out, double& e, bool& clean) { return opt::detail::extreme_points_filter(points, n, dir, r, lo_out, hi_out, e, clean); }
#if defined(__SSE2__)
template <std::size_t N> bool extreme_points_float(const Vec<float, N>* points, std::size_t n, const Vec<float, N>& dir, Extremes& r) { return opt::detail::extreme_points_float(points, n, dir, r); }
template bool extreme_points_float(const Vec<float, 2>*, std::size_t, const Vec<float, 2>&, Extremes&);
template bool extreme_points_float(const Vec<float, 3>*, std::size_t, const Vec<float, 3>&, Extremes&);
#endif
}  // namespace detail

#if defined(__GNUC__)
#define AABB_SHIP_LANES(T, N)                                                                      \
  template bool detail::transform_loose_lanes(const Box<T, N>&, const Matrix<T, N>&, const Vec<T, N>&, Box<T, N>&); \
  template bool detail::transform_ce_loose_lanes(const CenterExtent<T, N>&, const Matrix<T, N>&, const Vec<T, N>&, CenterExtent<T, N>&);
#else
#define AABB_SHIP_LANES(T, N)
#endif
#define AABB_SHIP(T, N)                                                                            \
  template Box<T, N> bounds_of_sphere(const Vec<T, N>&, T);                                        \
  template Box<T, N> bounds_of_sphere_loose(const Vec<T, N>&, T);                                  \
  template Box<T, N> transform(const Box<T, N>&, const Matrix<T, N>&, const Vec<T, N>&);           \
  template CenterExtent<T, N> transform(const CenterExtent<T, N>&, const Matrix<T, N>&, const Vec<T, N>&); \
  template Box<T, N> transform_conservative(const Box<T, N>&, const Matrix<T, N>&, const Vec<T, N>&); \
  template CenterExtent<T, N> transform_conservative(const CenterExtent<T, N>&, const Matrix<T, N>&, const Vec<T, N>&); \
  template Extremes extreme_points(const Vec<T, N>*, std::size_t, const Vec<T, N>&);               \
  template HillClimbResult hill_climb(const Vec<T, N>*, std::size_t, const std::size_t*, const std::size_t*, const Vec<T, N>&, std::size_t); \
  template bool is_global_maximum(const Vec<T, N>*, std::size_t, const Vec<T, N>&, std::size_t);   \
  template T detail::transform_bound_exact(const Box<T, N>&, const Matrix<T, N>&, const Vec<T, N>&, std::size_t, bool); \
  template bool detail::sphere_in_range(const Vec<T, N>&, T);                                      \
  template bool detail::transform_loose_rows(const Box<T, N>&, const Matrix<T, N>&, const Vec<T, N>&, Box<T, N>&); \
  template bool detail::transform_ce_loose_rows(const CenterExtent<T, N>&, const Matrix<T, N>&, const Vec<T, N>&, CenterExtent<T, N>&); \
  AABB_SHIP_LANES(T, N)                                                                            \
  template bool detail::transform_loose(const Box<T, N>&, const Matrix<T, N>&, const Vec<T, N>&, Box<T, N>&); \
  template bool detail::transform_ce_loose(const CenterExtent<T, N>&, const Matrix<T, N>&, const Vec<T, N>&, CenterExtent<T, N>&); \
  template bool detail::extreme_points_filter(const Vec<T, N>*, std::size_t, const Vec<T, N>&, Extremes&, double&, double&, double&, bool&);
AABB_SHIP_EVERY_TYPE_AND_DIM(AABB_SHIP)
#undef AABB_SHIP
#undef AABB_SHIP_LANES
}  // namespace aabb::props::shipped
