#pragma once
/// optimized/moving.hpp's ops as the float properties call them (shipped/names.hpp), and the
/// filters the properties check on their own (detail::moving).

#include <limits>

#include "aabb/optimized/moving.hpp"  // the result types, MissWindow
#include "names.hpp"

namespace aabb::props::shipped {
using ::aabb::optimized::MovingResult;
using ::aabb::optimized::RayResult;
using ::aabb::optimized::SweepResult;

template <Float T, std::size_t N>
SweepResult<T> sweep(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db);
template <Float T, std::size_t N>
SweepResult<T> sweep_conservative(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db);
template <Float T, std::size_t N>
SweepResult<T> sweep_loose(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db);
template <Float T, std::size_t N>
SweepResult<T> sweep_ce(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                        const Vec<T, N>& b0, const Vec<T, N>& b1);
template <Float T, std::size_t N>
SweepResult<T> sweep_ce_conservative(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1,
                                     const Vec<T, N>& eb, const Vec<T, N>& b0, const Vec<T, N>& b1);
template <Float T, std::size_t N>
SweepResult<T> sweep_ce_loose(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                              const Vec<T, N>& b0, const Vec<T, N>& b1);
template <Float T, std::size_t N>
MovingResult<T> moving_vs_static(const Box<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d);
template <Float T, std::size_t N>
MovingResult<T> moving_vs_static_conservative(const Box<T, N>& stationary, const Box<T, N>& moving,
                                              const Vec<T, N>& d);
template <Float T, std::size_t N>
MovingResult<T> moving_vs_static_loose(const Box<T, N>& stationary, const Box<T, N>& moving, const Vec<T, N>& d);
template <Float T, std::size_t N>
RayResult<T> ray(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min = T(0),
                 T t_max = std::numeric_limits<T>::infinity());
template <Float T, std::size_t N>
RayResult<T> ray_conservative(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min = T(0),
                              T t_max = std::numeric_limits<T>::infinity());
template <Float T, std::size_t N>
RayResult<T> ray_loose(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min = T(0),
                       T t_max = std::numeric_limits<T>::infinity());

namespace detail::moving {
using ::aabb::optimized::detail::moving::MissWindow;
template <bool Last, Float T, std::size_t N>
int sweep_fast(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db, SweepResult<T>& r);
template <Float T, std::size_t N>
SweepResult<T> sweep_exact(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db);
template <Float T, std::size_t N>
bool sweep_miss(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db);
template <Float T, std::size_t N>
int sweep_loose_filter(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db,
                       SweepResult<T>& r);
template <Float T, std::size_t N>
int sweep_loose_filter_scalar(const Box<T, N>& a, const Vec<T, N>& da, const Box<T, N>& b, const Vec<T, N>& db,
                              SweepResult<T>& r);
#if defined(__SSE2__)
template <Float T>
int sweep_loose_filter_sse(const Box<T, 3>& a, const Vec<T, 3>& da, const Box<T, 3>& b, const Vec<T, 3>& db,
                           SweepResult<T>& r);
#endif
template <Float T, std::size_t N>
int sweep_ce_fast(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                  const Vec<T, N>& b0, const Vec<T, N>& b1, SweepResult<T>& r);
template <Float T, std::size_t N>
SweepResult<T> sweep_ce_exact(const Vec<T, N>& ea, const Vec<T, N>& a0, const Vec<T, N>& a1, const Vec<T, N>& eb,
                              const Vec<T, N>& b0, const Vec<T, N>& b1);
template <Float T, std::size_t N>
bool ray_miss(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max);
template <Float T, std::size_t N>
int ray_fast(const Box<T, N>& box, const Vec<T, N>& origin, const Vec<T, N>& dir, T t_min, T t_max, RayResult<T>& r);
}  // namespace detail::moving
}  // namespace aabb::props::shipped
