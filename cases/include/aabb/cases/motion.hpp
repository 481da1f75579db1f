#pragma once
/// The case library's motions: sweeps, moving-vs-static cases and rays, aimed at contact
/// exactly at t = 0, t = 1 or a chosen instant, rays through corners or in a face plane (the
/// moving family's inputs).

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <ostream>
#include <utility>
#include <vector>

#include "aabb/cases/boxes.hpp"

namespace aabb::gen {
// ---- Motion -----------------------------------------------------------------------------------

/// `sweep`'s inputs: box a moving by da, box b moving by db, over t in [0, 1].
template <Scalar T, std::size_t N>
struct SweepCase {
  ref::BasicBox<T, N> a;
  Vec<T, N> da;
  ref::BasicBox<T, N> b;
  Vec<T, N> db;
};

/// box - s·d: where a box that is at `box` at time s started.
template <Scalar T, std::size_t N>
[[nodiscard]] ref::BasicBox<T, N> moved_back(const ref::BasicBox<T, N>& box, const Vec<T, N>& d,
                                             const T& s) {
  ref::BasicBox<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    const T shift = s * d[i];
    r.lo[i] = finite_or(T(box.lo[i] - shift), box.lo[i]);
    r.hi[i] = finite_or(T(box.hi[i] - shift), box.hi[i]);
    if (r.hi[i] < r.lo[i]) r.hi[i] = r.lo[i];  // only when one of the two fell back
  }
  return r;
}

/// The instant a constructed contact happens at: 0 and 1 often, inside (0, 1), or outside [0, 1].
template <Scalar T>
[[nodiscard]] rc::Gen<T> contact_time() {
  return rc::gen::exec([] {
    switch (*kind({5, 5, 8, 2})) {
      case 0:
        return T(0);
      case 1:
        return T(1);
      case 2:
        return *unit_time<T>();
      default:
        return *rc::gen::element(ratio<T>(-1, 2), ratio<T>(3, 2), T(2), T(-1));
    }
  });
}

/// Sweeps aimed at the edges: a constructed pair of boxes (touching, nested, one ulp apart...)
/// placed at a contact time s (0, 1, inside or outside [0, 1]) and moved back to t = 0 along
/// displacements that are zero on one axis or all, equal (no relative motion), or arbitrary;
/// plus fully independent sweeps. Touching on two axes with the right motion gives a contact at a
/// single instant; the properties classify what was reached.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<SweepCase<T, N>> sweep_case() {
  return unsized(rc::gen::exec([] {
    if (*chance(15))
      return SweepCase<T, N>{*box<T, N>(), *displacement<T, N>(), *box<T, N>(),
                             *displacement<T, N>()};
    const auto at = *box_pair<T, N>();
    const T s = *contact_time<T>();
    const auto da = *displacement<T, N>();
    const auto db = *chance(15) ? da : *displacement<T, N>();
    return SweepCase<T, N>{moved_back(at.a, da, s), da, moved_back(at.b, db, s), db};
  }));
}

/// `ray`'s inputs: T = {t in [t_min, t_max] : origin + t·dir in box}; no t_max means +infinity.
template <Scalar T, std::size_t N>
struct RayCase {
  ref::BasicBox<T, N> box;
  Vec<T, N> origin;
  Vec<T, N> dir;
  T t_min;
  std::optional<T> t_max;
};

/// Rays aimed at the edges: through a point in the box (on a face, an edge, a corner) or near it
/// (one ulp outside) at a chosen time, lying in a face plane (origin on a face's plane, zero
/// direction on that axis), direction zero on some axes or all, and t ranges that are default,
/// shifted, degenerate (t_min = t_max) or unbounded.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<RayCase<T, N>> ray_case() {
  return unsized(rc::gen::exec([] {
    RayCase<T, N> c;
    c.box = *box<T, N>();
    c.dir = *displacement<T, N>();
    switch (*kind({3, 10, 4})) {
      case 0:
        c.origin = *vec<T, N>();
        break;
      case 1: {
        const auto p = *chance(60) ? *point_in(c.box) : *point_near(c.box);
        const T s = *rc::gen::weightedOneOf<T>(
            {{7, unit_time<T>()},
             {1, rc::gen::map(unit_time<T>(), [](T t) { return T(-t); })},
             {2, number<T>()}});
        for (std::size_t i = 0; i < N; ++i) c.origin[i] = finite_or(T(p[i] - s * c.dir[i]), p[i]);
        break;
      }
      default: {
        c.origin = *point_near(c.box);
        const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
        c.origin[i] = *chance(50) ? c.box.lo[i] : c.box.hi[i];
        c.dir[i] = T(0);
      }
    }
    switch (*kind({10, 3, 2, 2})) {
      case 0:
        c.t_min = T(0);
        break;
      case 1:
        c.t_min = *unit_time<T>();
        break;
      case 2:
        c.t_min = T(-*unit_time<T>());
        break;
      default:
        c.t_min = *number<T>();
    }
    switch (*kind({8, 1, 5, 2})) {
      case 0:
        c.t_max = std::nullopt;
        break;
      case 1:
        c.t_max = c.t_min;
        break;
      case 2:
        c.t_max = finite_or(T(c.t_min + *nonnegative<T>()), c.t_min);
        break;
      default:
        c.t_max = std::max(c.t_min, T(1));
    }
    return c;
  }));
}
template <Scalar T, std::size_t N>
void showValue(const SweepCase<T, N>& c, std::ostream& os) {
  show_fields(os, " = ", "a", c.a, "da", c.da, "b", c.b, "db", c.db);
}

template <Scalar T, std::size_t N>
void showValue(const RayCase<T, N>& c, std::ostream& os) {
  show_fields(os, " = ", "box", c.box, "origin", c.origin, "dir", c.dir, "t_min", c.t_min);
  os << ", t_max = ";
  if (c.t_max)
    rc::show(*c.t_max, os);
  else
    os << "inf";
}

/// Compiled once (numbers.hpp, "Compiled once").
#define AABB_CASES_MOTION_T(EXTERN, T) EXTERN template rc::Gen<T> contact_time<T>();
#define AABB_CASES_MOTION(EXTERN, T, N)                                        \
  EXTERN template rc::Gen<SweepCase<T, N>> sweep_case<T, N>();               \
  EXTERN template rc::Gen<RayCase<T, N>> ray_case<T, N>();
AABB_CASES_EACH_SCALAR(AABB_CASES_MOTION_T, extern)
AABB_CASES_EACH_SCALAR_AND_DIM(AABB_CASES_MOTION, extern)

}  // namespace aabb::gen
