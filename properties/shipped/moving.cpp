// optimized/moving.hpp's ops and filters, compiled at the build's optimisation for the float
// properties (shipped/names.hpp): each forwards to aabb::optimized, for float and double, 2D
// and 3D.

#include "moving.hpp"
#include "instantiate.hpp"

namespace aabb::props::shipped {
namespace opt = ::aabb::optimized;

template <Float T, std::size_t N>
SweepResult<T> sweep(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db) {
  return opt::sweep(a, da, b, db);
}
template <Float T, std::size_t N>
SweepResult<T> sweep_conservative(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db) {
  return opt::sweep_conservative(a, da, b, db);
}
template <Float T, std::size_t N>
SweepResult<T> sweep_ce(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                        const Vec<T, N>& b0, const Vec<T, N>& b1) {
  return opt::sweep_ce(ea, a0, a1, eb, b0, b1);
}
template <Float T, std::size_t N>
SweepResult<T> sweep_ce_conservative(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                     const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1) {
  return opt::sweep_ce_conservative(ea, a0, a1, eb, b0, b1);
}
template <Float T, std::size_t N>
SweepResult<T> sweep_ce_loose(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                              const Vec<T, N>& b0, const Vec<T, N>& b1) {
  return opt::sweep_ce_loose(ea, a0, a1, eb, b0, b1);
}
template <Float T, std::size_t N>
MovingResult<T> moving_vs_static(const Box<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d) {
  return opt::moving_vs_static(stationary, moving, d);
}
template <Float T, std::size_t N>
MovingResult<T> moving_vs_static_conservative(const Box<T, N>& stationary, const Box<T, N>& moving,
                                              const Vec<T, N>& d) {
  return opt::moving_vs_static_conservative(stationary, moving, d);
}
template <Float T, std::size_t N>
SweepResult<T> sweep_loose(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db) {
  return opt::sweep_loose(a, da, b, db);
}
template <Float T, std::size_t N>
MovingResult<T> moving_vs_static_loose(const Box<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d) {
  return opt::moving_vs_static_loose(stationary, moving, d);
}
template <Float T, std::size_t N>
RayResult<T> ray(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max) {
  return opt::ray(box, origin, dir, t_min, t_max);
}
template <Float T, std::size_t N>
RayResult<T> ray_conservative(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max) {
  return opt::ray_conservative(box, origin, dir, t_min, t_max);
}
template <Float T, std::size_t N>
RayResult<T> ray_loose(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max) {
  return opt::ray_loose(box, origin, dir, t_min, t_max);
}

namespace detail::moving {
namespace dm = ::aabb::optimized::detail::moving;
template <bool Last, Float T, std::size_t N>
int sweep_fast(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db, SweepResult<T>& r) {
  return dm::sweep_fast<Last>(a, da, b, db, r);
}
template <Float T, std::size_t N>
SweepResult<T> sweep_exact(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db) {
  return dm::sweep_exact(a, da, b, db);
}
template <Float T, std::size_t N>
bool sweep_miss(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db) {
  return dm::sweep_miss(a, da, b, db);
}
template <Float T, std::size_t N>
int sweep_loose_filter(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db,
                       SweepResult<T>& r) {
  return dm::sweep_loose_filter(a, da, b, db, r);
}
template <Float T, std::size_t N>
int sweep_loose_filter_scalar(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db,
                              SweepResult<T>& r) {
  return dm::sweep_loose_filter_scalar(a, da, b, db, r);
}
#if defined(__SSE2__)
template <Float T>
int sweep_loose_filter_sse(const Box<T, 3>& a, const Vec<T, 3>& da, const Box<T, 3>& b, const Vec<T, 3>& db,
                           SweepResult<T>& r) {
  return dm::sweep_loose_filter_sse(a, da, b, db, r);
}
#endif
template <Float T, std::size_t N>
int sweep_ce_fast(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                  const Vec<T, N>& b0, const Vec<T, N>& b1, SweepResult<T>& r) {
  return dm::sweep_ce_fast(ea, a0, a1, eb, b0, b1, r);
}
template <Float T, std::size_t N>
SweepResult<T> sweep_ce_exact(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                              const Vec<T, N>& b0, const Vec<T, N>& b1) {
  return dm::sweep_ce_exact(ea, a0, a1, eb, b0, b1);
}
template <Float T, std::size_t N>
bool ray_miss(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max) {
  return dm::ray_miss(box, origin, dir, t_min, t_max);
}
template <Float T, std::size_t N>
int ray_fast(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max, RayResult<T>& r) {
  return dm::ray_fast(box, origin, dir, t_min, t_max, r);
}
}  // namespace detail::moving

#define AABB_SHIP(T, N)                                                                                         \
  template SweepResult<T> sweep(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&, const Vec<T, N>&);        \
  template SweepResult<T> sweep_conservative(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&,              \
                                             const Vec<T, N>&);                                                 \
  template SweepResult<T> sweep_ce(const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&,      \
                                   const Vec<T, N>&, const Vec<T, N>&);                                         \
  template SweepResult<T> sweep_ce_conservative(const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&,           \
                                                const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&);          \
  template SweepResult<T> sweep_ce_loose(const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&, \
                                         const Vec<T, N>&, const Vec<T, N>&);                                   \
  template MovingResult<T> moving_vs_static(const Box<T, N>&, const Box<T, N>&, const Vec<T, N>&);              \
  template MovingResult<T> moving_vs_static_conservative(const Box<T, N>&, const Box<T, N>&, const Vec<T, N>&); \
  template SweepResult<T> sweep_loose(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&, const Vec<T, N>&);  \
  template MovingResult<T> moving_vs_static_loose(const Box<T, N>&, const Box<T, N>&, const Vec<T, N>&);        \
  template RayResult<T> ray(const Box<T, N>&, const Vec<T, N>&, const Vec<T, N>&, T, T);                        \
  template RayResult<T> ray_conservative(const Box<T, N>&, const Vec<T, N>&, const Vec<T, N>&, T, T);           \
  template RayResult<T> ray_loose(const Box<T, N>&, const Vec<T, N>&, const Vec<T, N>&, T, T);                  \
  template int detail::moving::sweep_fast<true>(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&,           \
                                                const Vec<T, N>&, SweepResult<T>&);                             \
  template int detail::moving::sweep_fast<false>(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&,          \
                                                 const Vec<T, N>&, SweepResult<T>&);                            \
  template SweepResult<T> detail::moving::sweep_exact(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&,     \
                                                      const Vec<T, N>&);                                        \
  template bool detail::moving::sweep_miss(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&,                \
                                           const Vec<T, N>&);                                                   \
  template int detail::moving::sweep_loose_filter(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&,          \
                                                 const Vec<T, N>&, SweepResult<T>&);                            \
  template int detail::moving::sweep_loose_filter_scalar(const Box<T, N>&, const Vec<T, N>&, const Box<T, N>&,   \
                                                        const Vec<T, N>&, SweepResult<T>&);                     \
  template int detail::moving::sweep_ce_fast(const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&,              \
                                             const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&,              \
                                             SweepResult<T>&);                                                  \
  template SweepResult<T> detail::moving::sweep_ce_exact(const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&,  \
                                                         const Vec<T, N>&, const Vec<T, N>&, const Vec<T, N>&); \
  template bool detail::moving::ray_miss(const Box<T, N>&, const Vec<T, N>&, const Vec<T, N>&, T, T);           \
  template int detail::moving::ray_fast(const Box<T, N>&, const Vec<T, N>&, const Vec<T, N>&, T, T, RayResult<T>&);
AABB_SHIP_EVERY_TYPE_AND_DIM(AABB_SHIP)
#undef AABB_SHIP
#if defined(__SSE2__)
template int detail::moving::sweep_loose_filter_sse(const Box<float, 3>&, const Vec<float, 3>&, const Box<float, 3>&,
                                                    const Vec<float, 3>&, SweepResult<float>&);
template int detail::moving::sweep_loose_filter_sse(const Box<double, 3>&, const Vec<double, 3>&,
                                                    const Box<double, 3>&, const Vec<double, 3>&, SweepResult<double>&);
#endif
}  // namespace aabb::props::shipped
