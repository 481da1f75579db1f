#pragma once
/// Brute-force facts that the properties compare the reference against: box inclusion, corners,
/// boxes and points moved to a time, the times where a sweep or a ray can change its answer, and
/// names for the edge classes a case reached. Everything is exact.

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aabb/reference.hpp"
#include "axis_map.hpp"
#include "aabb/cases/generators.hpp"

namespace aabb::props {

namespace ref = aabb::reference;
using ref::Rational;

/// " (2D)" or " (3D)": keeps the two dimensions' property names apart.
template <std::size_t N>
[[nodiscard]] std::string dim() {
  return N == 2 ? " (2D)" : " (3D)";
}

/// inner ⊆ outer, checked per axis.
template <std::size_t N>
[[nodiscard]] bool within(const ref::Box<N>& inner, const ref::Box<N>& outer) {
  for (std::size_t i = 0; i < N; ++i)
    if (inner.lo[i] < outer.lo[i] || outer.hi[i] < inner.hi[i]) return false;
  return true;
}

/// The 2^N corners of a box (repeated when it is flat).
template <std::size_t N>
[[nodiscard]] std::vector<ref::Vec<N>> corners(const ref::Box<N>& b) {
  std::vector<ref::Vec<N>> out;
  for (std::size_t c = 0; c < (std::size_t{1} << N); ++c) {
    ref::Vec<N> p;
    for (std::size_t i = 0; i < N; ++i) p[i] = (c >> i & 1) ? b.hi[i] : b.lo[i];
    out.push_back(p);
  }
  return out;
}

/// o + t·d.
template <std::size_t N>
[[nodiscard]] ref::Vec<N> along(const ref::Vec<N>& o, const ref::Vec<N>& d, const Rational& t) {
  ref::Vec<N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = o[i] + t * d[i];
  return r;
}

/// The box b + t·d.
template <std::size_t N>
[[nodiscard]] ref::Box<N> moved(const ref::Box<N>& b, const ref::Vec<N>& d, const Rational& t) {
  return {along(b.lo, d, t), along(b.hi, d, t)};
}

/// a - b.
template <std::size_t N>
[[nodiscard]] ref::Vec<N> minus(const ref::Vec<N>& a, const ref::Vec<N>& b) {
  ref::Vec<N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] - b[i];
  return r;
}

/// a + b.
template <std::size_t N>
[[nodiscard]] ref::Vec<N> plus(const ref::Vec<N>& a, const ref::Vec<N>& b) {
  ref::Vec<N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] + b[i];
  return r;
}

template <std::size_t N>
[[nodiscard]] bool is_zero(const ref::Vec<N>& v) {
  return std::all_of(v.begin(), v.end(), [](const Rational& x) { return x == 0; });
}

/// Whether the boxes of a sweep overlap at time t, by moving both there and calling overlap.
template <std::size_t N>
[[nodiscard]] bool overlap_at(const gen::SweepCase<Rational, N>& c, const Rational& t) {
  return ref::overlap(moved(c.a, c.da, t), moved(c.b, c.db, t)).value();
}

/// Sorted distinct times, with the midpoint of each neighbouring pair added.
[[nodiscard]] inline std::vector<Rational> with_midpoints(std::vector<Rational> ts) {
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  const std::size_t n = ts.size();
  for (std::size_t k = 0; k + 1 < n; ++k) ts.push_back((ts[k] + ts[k + 1]) / 2);
  std::sort(ts.begin(), ts.end());
  return ts;
}

/// The times in [0, 1] where overlap can change in a sweep (0, 1, and per axis the instants the
/// moving faces meet), plus the midpoints between them. Overlap is constant between two
/// neighbouring critical times, so these samples decide T exactly.
template <std::size_t N>
[[nodiscard]] std::vector<Rational> sweep_samples(const gen::SweepCase<Rational, N>& c) {
  std::vector<Rational> ts{Rational(0), Rational(1)};
  for (std::size_t i = 0; i < N; ++i) {
    const Rational v = c.db[i] - c.da[i];
    if (v == 0) continue;
    for (const Rational t :
         {Rational((c.a.lo[i] - c.b.hi[i]) / v), Rational((c.a.hi[i] - c.b.lo[i]) / v)})
      if (0 <= t && t <= 1) ts.push_back(t);
  }
  return with_midpoints(std::move(ts));
}

/// The times in [t_min, t_max] where o + t·d can enter or leave the box, the ends of the range
/// (for an unbounded range, two times beyond every critical one), plus the midpoints.
template <std::size_t N>
[[nodiscard]] std::vector<Rational> ray_samples(const gen::RayCase<Rational, N>& c) {
  std::vector<Rational> crit;
  for (std::size_t i = 0; i < N; ++i) {
    if (c.dir[i] == 0) continue;
    crit.push_back((c.box.lo[i] - c.origin[i]) / c.dir[i]);
    crit.push_back((c.box.hi[i] - c.origin[i]) / c.dir[i]);
  }
  std::vector<Rational> ts{c.t_min};
  Rational beyond = c.t_min;
  for (const auto& t : crit) beyond = std::max(beyond, t);
  if (c.t_max)
    ts.push_back(*c.t_max);
  else {
    ts.push_back(beyond + 1);
    ts.push_back(beyond + 1000000);
  }
  for (const auto& t : crit)
    if (c.t_min <= t && (!c.t_max || t <= *c.t_max)) ts.push_back(t);
  return with_midpoints(std::move(ts));
}

/// How two boxes meet, for RC_TAG: "identical", "nested", "touching on 1 axis" ... (touching =
/// overlapping, and meeting only at a boundary on that many axes), "overlapping", "disjoint".
template <std::size_t N>
[[nodiscard]] std::string pair_class(const ref::Box<N>& a, const ref::Box<N>& b) {
  if (a == b) return "identical";
  if (!ref::overlap(a, b).value()) return "disjoint";
  if (within(a, b) || within(b, a)) return "nested";
  int touching = 0;
  for (std::size_t i = 0; i < N; ++i)
    if (a.hi[i] == b.lo[i] || b.hi[i] == a.lo[i]) ++touching;
  if (touching == 0) return "overlapping";
  static const char* const kNames[] = {"", "touching on 1 axis", "touching on 2 axes",
                                       "touching on 3 axes"};
  return kNames[touching];
}

/// Whether a box is flat (zero width) on some axis.
template <std::size_t N>
[[nodiscard]] bool is_flat(const ref::Box<N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (b.lo[i] == b.hi[i]) return true;
  return false;
}

/// Whether a vector has a zero component.
template <std::size_t N>
[[nodiscard]] bool has_zero(const ref::Vec<N>& v) {
  return std::any_of(v.begin(), v.end(), [](const Rational& x) { return x == 0; });
}

/// Whether some coordinate of the value has a magnitude outside [2^-64, 2^64] (or is subnormal
/// as a double), for classifying huge and tiny inputs.
[[nodiscard]] inline bool extreme_magnitude(const Rational& x) {
  if (x == 0) return false;
  const Rational ax = x < 0 ? Rational(-x) : x;
  return ax > gen::exact_power_of_two(64) || ax < gen::exact_power_of_two(-64);
}

template <std::size_t N>
[[nodiscard]] bool extreme_magnitude(const ref::Box<N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (extreme_magnitude(b.lo[i]) || extreme_magnitude(b.hi[i])) return true;
  return false;
}

/// Registers the five metamorphic rules for one op, as five named properties: permuting the
/// axes, flipping the sign of an axis, translating by an exact vector, scaling by a positive
/// rational and by a power of two. `check` asserts that the op's answer under the AxisMap it is
/// given is `outcome` (e.g. "the same boolean", "the box mapped alike").
template <std::size_t N, class Check>
void metamorphic(const std::string& outcome, Check check) {
  namespace g = ::aabb::gen;
  rc::prop("permuting the axes of every input gives " + outcome + dim<N>(),
           [check] { check(*g::axis_permutation<N>()); });
  rc::prop("flipping the sign of an axis of every input gives " + outcome + dim<N>(),
           [check] { check(*g::axis_flip<N>()); });
  rc::prop("translating every input by an exact vector gives " + outcome + dim<N>(),
           [check] { check(*g::translation<N>()); });
  rc::prop("scaling every input by a positive rational gives " + outcome + dim<N>(),
           [check] { check(*g::rational_scaling<N>()); });
  rc::prop("scaling every input by a power of two gives " + outcome + dim<N>(),
           [check] { check(*g::power_of_two_scaling<N>()); });
}

/// The short names the reference's property files use: `using namespace aabb::props::exact_names;`.
namespace exact_names {
namespace ref = ::aabb::reference;
namespace gen = ::aabb::gen;
namespace props = ::aabb::props;
using ::aabb::props::dim;
using ::aabb::props::metamorphic;
using ::aabb::reference::Rational;
}  // namespace exact_names

}  // namespace aabb::props
