// Compiles every reference op of the registry (ops/registry.hpp) for N = 2 and N = 3, so that
// the machine code can be checked for floating-point instructions (check_no_float.py). Never
// linked into anything. An op of the registry without a probe<Op> below does not compile.

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include "aabb/ops/registry.hpp"
#include "aabb/reference.hpp"

namespace {

namespace ref = aabb::reference;
namespace ops = aabb::ops;
using ref::Box;
using ref::CenterExtent;
using ref::Matrix;
using ref::Rational;
using ref::Vec;

/// Every overload of an op's reference functions, compiled for dimension N (each through a
/// lambda whose address is kept). One specialization per op of the registry.
template <class Op, std::size_t N>
void probe();

template <class F>
void keep(F f) {
  volatile auto sink = f;
  (void)sink;
}

// AABB_PROBE(Op) { body over N }: probe<ops::Op, 2> and probe<ops::Op, 3> run the body.
#define AABB_PROBE(OP) \
  template <std::size_t N> \
  void probe_##OP(); \
  template <> void probe<ops::OP, 2>() { probe_##OP<2>(); } \
  template <> void probe<ops::OP, 3>() { probe_##OP<3>(); } \
  template <std::size_t N> \
  void probe_##OP()

AABB_PROBE(Contains) {
  keep(+[](const Box<N>& a, const Vec<N>& p) { return ref::contains(a, p); });
  keep(+[](const CenterExtent<N>& a, const Vec<N>& p) { return ref::contains(a, p); });
  keep(+[](const CenterExtent<N>& a) { return ref::to_min_max(a); });
  keep(+[](const Box<N>& a) { return ref::to_center_extent(a); });
}
AABB_PROBE(Overlap) {
  keep(+[](const Box<N>& a, const Box<N>& b) { return ref::overlap(a, b); });
  keep(+[](const CenterExtent<N>& a, const CenterExtent<N>& b) { return ref::overlap(a, b); });
}
AABB_PROBE(Intersection) {
  keep(+[](const Box<N>& a, const Box<N>& b) { return ref::intersection(a, b); });
}
AABB_PROBE(Union) {
  keep(+[](const Box<N>& a, const Box<N>& b) { return ref::union_of(a, b); });
}
AABB_PROBE(ContainsBox) {
  keep(+[](const Box<N>& a, const Box<N>& b) { return ref::contains_box(a, b); });
}
AABB_PROBE(Classify) {
  keep(+[](const Box<N>& a, const Box<N>& b) { return ref::classify(a, b); });
}
AABB_PROBE(Sweep) {
  keep(+[](const Box<N>& a, const Vec<N>& da, const Box<N>& b, const Vec<N>& db) { return ref::sweep(a, da, b, db); });
  keep(+[](const Vec<N>& ea, const Vec<N>& a0, const Vec<N>& a1, const Vec<N>& eb, const Vec<N>& b0,
           const Vec<N>& b1) { return ref::sweep_ce(ea, a0, a1, eb, b0, b1); });
}
AABB_PROBE(MovingVsStatic) {
  keep(+[](const Box<N>& s, const Box<N>& m, const Vec<N>& d) { return ref::moving_vs_static(s, m, d); });
}
AABB_PROBE(Ray) {
  keep(+[](const Box<N>& a, const Vec<N>& o, const Vec<N>& d, const Rational& t0, const std::optional<Rational>& t1) {
    return ref::ray(a, o, d, t0, t1);
  });
}
AABB_PROBE(BoundsOfPoints) {
  keep(+[](const std::vector<Vec<N>>& ps) { return ref::bounds_of_points(ps); });
}
AABB_PROBE(ExtremePoints) {
  keep(+[](const std::vector<Vec<N>>& ps, const Vec<N>& d) { return ref::extreme_points(ps, d); });
}
AABB_PROBE(BoundsOfSphere) {
  keep(+[](const Vec<N>& c, const Rational& r) { return ref::bounds_of_sphere(c, r); });
}
AABB_PROBE(Transform) {
  keep(+[](const Box<N>& a, const Matrix<N>& m, const Vec<N>& t) { return ref::transform(a, m, t); });
  keep(+[](const CenterExtent<N>& a, const Matrix<N>& m, const Vec<N>& t) { return ref::transform(a, m, t); });
}
AABB_PROBE(HillClimb) {
  keep(+[](const std::vector<Vec<N>>& ps, const std::vector<std::vector<std::size_t>>& nb, const Vec<N>& d,
           std::size_t start) { return ref::hill_climb(ps, nb, d, start); });
}

AABB_PROBE(Grow) {
  keep(+[](const Box<N>& a, const Rational& m) { return ref::grow(a, m); });
  keep(+[](const Box<N>& a, const Vec<N>& m) { return ref::grow(a, m); });
  keep(+[](const CenterExtent<N>& a, const Rational& m) { return ref::grow(a, m); });
  keep(+[](const CenterExtent<N>& a, const Vec<N>& m) { return ref::grow(a, m); });
}
AABB_PROBE(ClosestPoint) {
  keep(+[](const Box<N>& a, const Vec<N>& p) { return ref::closest_point(a, p); });
}
AABB_PROBE(DistanceSq) {
  keep(+[](const Box<N>& a, const Vec<N>& p) { return ref::distance_sq(a, p); });
}
AABB_PROBE(OverlapSphere) {
  keep(+[](const Box<N>& a, const Vec<N>& c, const Rational& r) { return ref::overlap_sphere(a, c, r); });
}
AABB_PROBE(PlaneSide) {
  keep(+[](const Box<N>& a, const Vec<N>& n, const Rational& d) { return ref::plane_side(a, n, d); });
}
AABB_PROBE(OverlapTriangle) {
  keep(+[](const Box<N>& a, const std::array<Vec<N>, 3>& t) { return ref::overlap_triangle(a, t); });
}

#undef AABB_PROBE

}  // namespace

/// Every op of the registry, in both dimensions: the one entry point the object keeps.
void probe_every_reference_op() {
  ops::for_each_op([]<class Op>() {
    probe<Op, 2>();
    probe<Op, 3>();
  });
}

// The boundary functions in float_bits.hpp are inline: odr-use them so they are compiled here.
aabb::Result<aabb::reference::Rational> probe_exact_double(double x) { return aabb::reference::exact(x); }
aabb::Result<aabb::reference::Rational> probe_exact_float(float x) { return aabb::reference::exact(x); }
double probe_nearest_double(const aabb::reference::Rational& q) { return aabb::reference::nearest_double(q); }
float probe_nearest_float(const aabb::reference::Rational& q) { return aabb::reference::nearest_float(q); }
