// Instantiates every reference op for N = 2 and N = 3 so that the compiled code can be checked
// for floating-point instructions (check_no_float.py). Never linked into anything.

#include "aabb/reference.hpp"

namespace aabb::reference {

#define AABB_INSTANTIATE(N)                                                                      \
  template Result<bool> contains(const Box<N>&, const Vec<N>&);                                   \
  template Result<bool> contains(const CenterExtent<N>&, const Vec<N>&);                          \
  template Result<bool> overlap(const Box<N>&, const Box<N>&);                                    \
  template Result<bool> overlap(const CenterExtent<N>&, const CenterExtent<N>&);                  \
  template Result<std::optional<Box<N>>> intersection(const Box<N>&, const Box<N>&);              \
  template Result<Box<N>> union_of(const Box<N>&, const Box<N>&);                                 \
  template Result<SweepResult> sweep(const Box<N>&, const Vec<N>&, const Box<N>&, const Vec<N>&); \
  template Result<SweepResult> sweep_ce(const Vec<N>&, const Vec<N>&, const Vec<N>&,              \
                                        const Vec<N>&, const Vec<N>&, const Vec<N>&);             \
  template Result<MovingResult> moving_vs_static(const Box<N>&, const Box<N>&, const Vec<N>&);    \
  template Result<RayResult> ray(const Box<N>&, const Vec<N>&, const Vec<N>&, const Rational&,    \
                                 const std::optional<Rational>&);                                 \
  template Result<Box<N>> bounds_of_points(const std::vector<Vec<N>>&);                           \
  template Result<Extremes> extreme_points(const std::vector<Vec<N>>&, const Vec<N>&);            \
  template Result<Box<N>> bounds_of_sphere(const Vec<N>&, const Rational&);                       \
  template Result<Box<N>> transform(const Box<N>&, const Matrix<N>&, const Vec<N>&);              \
  template Result<CenterExtent<N>> transform(const CenterExtent<N>&, const Matrix<N>&,            \
                                             const Vec<N>&);                                      \
  template Result<HillClimb> hill_climb(const std::vector<Vec<N>>&,                               \
                                        const std::vector<std::vector<std::size_t>>&,            \
                                        const Vec<N>&, std::size_t);                              \
  template BasicBox<Rational, N> to_min_max(const CenterExtent<N>&);                              \
  template BasicCenterExtent<Rational, N> to_center_extent(const Box<N>&);

AABB_INSTANTIATE(2)
AABB_INSTANTIATE(3)

}  // namespace aabb::reference

// The boundary functions in float_bits.hpp are inline: odr-use them so they are compiled here.
aabb::Result<aabb::reference::Rational> probe_exact_double(double x) { return aabb::reference::exact(x); }
aabb::Result<aabb::reference::Rational> probe_exact_float(float x) { return aabb::reference::exact(x); }
double probe_nearest_double(const aabb::reference::Rational& q) { return aabb::reference::nearest_double(q); }
float probe_nearest_float(const aabb::reference::Rational& q) { return aabb::reference::nearest_float(q); }
