#pragma once
/// The case library's vectors and boxes: displacements, boxes, box pairs touching, nested,
/// flat or one ulp apart, points near a box (the static family's inputs).

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <ostream>
#include <utility>
#include <vector>

#include "aabb/cases/numbers.hpp"

namespace aabb::gen {
// ---- Vectors ----------------------------------------------------------------------------------

/// A vector: all components small (45%), or any numbers; each component zero with
/// probability 1/5.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> vec() {
  return rc::gen::exec([] {
    const bool all_small = *chance(45);
    Vec<T, N> v;
    for (auto& x : v) x = *chance(20) ? T(0) : all_small ? *small<T>() : *number<T>();
    return v;
  });
}

/// A vector with components drawn from `values` (or zero).
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> vec_from(std::vector<T> values) {
  values.push_back(T(0));
  return rc::gen::exec([values] {
    Vec<T, N> v;
    for (auto& x : v) x = *rc::gen::elementOf(values);
    return v;
  });
}

/// A displacement (or ray direction): zero on every axis, zero on one axis, small or any.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> displacement() {
  return rc::gen::exec([] {
    Vec<T, N> v;
    switch (*kind({2, 5, 6, 6})) {
      case 0:
        v.fill(T(0));
        break;
      case 1:
        v = *vec<T, N>();
        v[static_cast<std::size_t>(*int_in(0, N - 1))] = T(0);
        break;
      case 2:
        for (auto& x : v) x = *small<T>();
        break;
      default:
        v = *vec<T, N>();
    }
    return v;
  });
}

// ---- Boxes ------------------------------------------------------------------------------------

/// The box spanned by two corners: each axis sorted, so it is valid by construction.
template <Scalar T, std::size_t N>
[[nodiscard]] ref::BasicBox<T, N> box_spanned(const Vec<T, N>& x, const Vec<T, N>& y) {
  ref::BasicBox<T, N> b;
  for (std::size_t i = 0; i < N; ++i) {
    b.lo[i] = std::min(x[i], y[i]);
    b.hi[i] = std::max(x[i], y[i]);
  }
  return b;
}

/// A valid box: independent corners, corners from a shared pool (flat axes are common), a point
/// box, or a box made flat on one axis.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<ref::BasicBox<T, N>> box() {
  return rc::gen::exec([] {
    switch (*kind({10, 12, 2, 4})) {
      case 0:
        return box_spanned(*vec<T, N>(), *vec<T, N>());
      case 1: {
        const auto values = *pool<T>(2, 4);
        return box_spanned(*vec_from<T, N>(values), *vec_from<T, N>(values));
      }
      case 2: {
        const auto p = *vec<T, N>();
        return ref::BasicBox<T, N>{p, p};
      }
      default: {
        auto b = box_spanned(*vec<T, N>(), *vec<T, N>());
        const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
        b.hi[i] = b.lo[i];
        return b;
      }
    }
  });
}

/// A valid centre–extent box; extents are zero often.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<ref::BasicCenterExtent<T, N>> center_extent() {
  return rc::gen::exec([] {
    ref::BasicCenterExtent<T, N> b;
    if (*chance(50)) {
      const auto values = *pool<T>(2, 4);
      b.center = *vec_from<T, N>(values);
      for (auto& e : b.extent) e = abs_of(*rc::gen::elementOf(values));
    } else {
      b.center = *vec<T, N>();
      for (auto& e : b.extent) e = *nonnegative<T>();
    }
    return b;
  });
}

/// Two boxes a and b.
template <Scalar T, std::size_t N>
struct BoxPair {
  ref::BasicBox<T, N> a;
  ref::BasicBox<T, N> b;
};

/// An interval that overlaps [lo, hi]: [min(x, hi), max(y, lo)], sorted (sorting an inverted one
/// leaves it nested in [lo, hi], so it still overlaps).
template <Scalar T>
[[nodiscard]] std::pair<T, T> overlapping_interval(const T& lo, const T& hi, const T& x,
                                                   const T& y) {
  T l = std::min(x, hi), h = std::max(y, lo);
  if (h < l) std::swap(l, h);
  return {l, h};
}

/// Two boxes with independent bounds.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> independent_pair() {
  return rc::gen::exec([] { return BoxPair<T, N>{*box<T, N>(), *box<T, N>()}; });
}

/// Two boxes whose bounds all come from one small pool: every relation between them is likely.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> pooled_pair() {
  return rc::gen::exec([] {
    const auto values = *pool<T>(2, 5);
    return BoxPair<T, N>{box_spanned(*vec_from<T, N>(values), *vec_from<T, N>(values)),
                         box_spanned(*vec_from<T, N>(values), *vec_from<T, N>(values))};
  });
}

/// Boxes that touch: on k random axes (1 = a face, 2 = an edge, 3 = a corner in 3D) b starts
/// where a ends (or ends where a starts), flat on that axis sometimes; on the other axes they
/// overlap. k = 0 (one case in N + 1) gives boxes that overlap without touching.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> touching_pair() {
  return rc::gen::exec([] {
    const auto a = *box<T, N>();
    const auto axes = *permutation(N);
    const auto touching = static_cast<std::size_t>(*int_in(0, N));
    ref::BasicBox<T, N> b;
    for (std::size_t k = 0; k < N; ++k) {
      const std::size_t i = axes[k];
      const T x = *number<T>();
      if (k < touching) {
        if (*chance(50)) {
          b.lo[i] = a.hi[i];
          b.hi[i] = *chance(20) ? a.hi[i] : std::max(a.hi[i], x);
        } else {
          b.hi[i] = a.lo[i];
          b.lo[i] = *chance(20) ? a.lo[i] : std::min(a.lo[i], x);
        }
      } else {
        std::tie(b.lo[i], b.hi[i]) = overlapping_interval(a.lo[i], a.hi[i], x, *number<T>());
      }
    }
    return BoxPair<T, N>{a, b};
  });
}

/// a nested in b: each bound of a is a bound of b or a value clamped into b (so a may share
/// faces with b, or be flat, or equal b).
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> nested_pair() {
  return rc::gen::exec([] {
    const auto outer = *box<T, N>();
    ref::BasicBox<T, N> inner;
    for (std::size_t i = 0; i < N; ++i) {
      const T lo = outer.lo[i], hi = outer.hi[i];
      auto inside = [&]() -> T {
        switch (*kind({2, 2, 3})) {
          case 0:
            return lo;
          case 1:
            return hi;
          default:
            return std::clamp(*number<T>(), lo, hi);
        }
      };
      const T x = inside(), y = inside();
      inner.lo[i] = std::min(x, y);
      inner.hi[i] = std::max(x, y);
    }
    return BoxPair<T, N>{inner, outer};
  });
}

/// Two equal boxes.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> identical_pair() {
  return rc::gen::exec([] {
    const auto a = *box<T, N>();
    return BoxPair<T, N>{a, a};
  });
}

/// On one axis b starts one ulp above a's upper bound, exactly at it, or one ulp below it (a's
/// bound is first rounded onto the double grid, or float's for T = float); the other axes
/// overlap.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> ulp_pair() {
  return rc::gen::exec([] {
    auto a = *box<T, N>();
    const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
    const int steps = *rc::gen::element(-1, 0, 1);
    ref::BasicBox<T, N> b;
    for (std::size_t j = 0; j < N; ++j) {
      const T x = *number<T>();
      if (j != i) {
        std::tie(b.lo[j], b.hi[j]) = overlapping_interval(a.lo[j], a.hi[j], x, *number<T>());
        continue;
      }
      a.hi[j] = snap(a.hi[j]);
      a.lo[j] = std::min(a.lo[j], a.hi[j]);
      b.lo[j] = ulp_step(a.hi[j], steps);
      b.hi[j] = std::max(b.lo[j], x);
    }
    return BoxPair<T, N>{a, b};
  });
}

/// b entirely above a on one axis, by a positive gap.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> separated_pair() {
  return rc::gen::exec([] {
    const auto a = *box<T, N>();
    auto b = *box<T, N>();
    const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
    const T gap = *positive<T>();
    const T width = b.hi[i] - b.lo[i];
    const T lo = finite_or(T(a.hi[i] + gap), ulp_step(a.hi[i], 1));
    b.lo[i] = lo;
    b.hi[i] = std::max(lo, finite_or(T(lo + width), lo));
    return BoxPair<T, N>{a, b};
  });
}

/// Pairs of boxes aimed at the edges of overlap: a mix of the generators above, in either order.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> box_pair() {
  return unsized(rc::gen::exec([] {
    BoxPair<T, N> p = weighted<BoxPair<T, N>>(
        {6, 18, 16, 8, 3, 8, 5}, independent_pair<T, N>, pooled_pair<T, N>, touching_pair<T, N>,
        nested_pair<T, N>, identical_pair<T, N>, ulp_pair<T, N>, separated_pair<T, N>);
    if (*chance(50)) std::swap(p.a, p.b);
    return p;
  }));
}

/// Pairs aimed at the edges of containment (contains_box, classify): a = the outer box and b a
/// box nested in it (sharing faces, flat, or equal: nested_pair), then on one axis one bound of
/// b moved by one ulp (outward: b sticks out of a by one ulp; inward: b leaves a shared face),
/// or any box_pair; a and b exchanged one time in five.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<BoxPair<T, N>> containment_pair() {
  return unsized(rc::gen::exec([] {
    if (*chance(30)) return *box_pair<T, N>();
    const auto nested = *nested_pair<T, N>();
    BoxPair<T, N> p{nested.b, nested.a};
    if (*chance(70)) {
      const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
      const int steps = *rc::gen::element(-1, 1);
      if (*chance(50)) {
        p.b.lo[i] = ulp_step(p.b.lo[i], steps);
        p.b.hi[i] = std::max(p.b.lo[i], p.b.hi[i]);
      } else {
        p.b.hi[i] = ulp_step(p.b.hi[i], steps);
        p.b.lo[i] = std::min(p.b.lo[i], p.b.hi[i]);
      }
    }
    if (*chance(20)) std::swap(p.a, p.b);
    return p;
  }));
}

/// One axis of a centre–extent case aimed at the float filter's tie |cb - ca| = ea + eb: the
/// centre fl(ca ± reach) (reach = fl(ea + eb)) moved by -2..2 ulps (just apart, touching, just
/// overlapping), or `current` when that sum is not finite. For check's centre–extent overlap
/// and the centre–extent generators of the float properties.
template <class F>
[[nodiscard]] F tie_center(F ca, F reach, F current) {
  const F c = *chance(50) ? ca + reach : ca - reach;
  return std::isfinite(c) ? ulp_step(c, *int_in(-2, 2)) : current;
}

/// One axis of two centre–extent boxes with huge centres on opposite sides and huge extents (b's
/// sometimes any), whose differences and sums overflow.
template <class F>
void huge_opposed(F& ca, F& cb, F& ea, F& eb) {
  const F s = *chance(50) ? F(1) : F(-1);
  ca = s * *large<F>();
  cb = -s * *large<F>();
  ea = *large<F>();
  eb = *chance(50) ? *large<F>() : *nonnegative<F>();
}

/// A point whose coordinate on each axis is `coordinate(lo, hi)` of the box's bounds there.
template <Scalar T, std::size_t N, class Coordinate>
[[nodiscard]] rc::Gen<Vec<T, N>> per_axis(const ref::BasicBox<T, N>& box, Coordinate coordinate) {
  return rc::gen::exec([box, coordinate] {
    Vec<T, N> p;
    for (std::size_t i = 0; i < N; ++i) p[i] = coordinate(box.lo[i], box.hi[i]);
    return p;
  });
}

/// A point aimed at `box`: per axis on a face, inside, at the midpoint, one ulp outside, or
/// anywhere.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> point_near(const ref::BasicBox<T, N>& box) {
  return per_axis(box, [](const T& lo, const T& hi) {
    return choose<T>({4, 4, 4, 2, 2, 2, 3}, [&] { return lo; }, [&] { return hi; },
                     [&] { return std::clamp(*number<T>(), lo, hi); },
                     [&] { return midpoint_of(lo, hi); }, [&] { return ulp_step(snap(lo), -1); },
                     [&] { return ulp_step(snap(hi), 1); }, [] { return *number<T>(); });
  });
}

/// A point in `box`: per axis a bound, the midpoint, or a value clamped into the box.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> point_in(const ref::BasicBox<T, N>& box) {
  return per_axis(box, [](const T& lo, const T& hi) {
    return choose<T>({3, 3, 2, 4}, [&] { return lo; }, [&] { return hi; },
                     [&] { return midpoint_of(lo, hi); },
                     [&] { return std::clamp(*number<T>(), lo, hi); });
  });
}

template <Scalar T, std::size_t N>
void showValue(const BoxPair<T, N>& p, std::ostream& os) {
  show_fields(os, " = ", "a", p.a, "b", p.b);
}

/// Compiled once (numbers.hpp, "Compiled once").
#define AABB_CASES_BOXES(EXTERN, T, N)                                                         \
  EXTERN template rc::Gen<Vec<T, N>> vec<T, N>();                                            \
  EXTERN template rc::Gen<Vec<T, N>> vec_from<T, N>(std::vector<T>);                         \
  EXTERN template rc::Gen<Vec<T, N>> displacement<T, N>();                                   \
  EXTERN template rc::Gen<ref::BasicBox<T, N>> box<T, N>();                                  \
  EXTERN template rc::Gen<ref::BasicCenterExtent<T, N>> center_extent<T, N>();               \
  EXTERN template rc::Gen<BoxPair<T, N>> independent_pair<T, N>();                           \
  EXTERN template rc::Gen<BoxPair<T, N>> pooled_pair<T, N>();                                \
  EXTERN template rc::Gen<BoxPair<T, N>> touching_pair<T, N>();                              \
  EXTERN template rc::Gen<BoxPair<T, N>> nested_pair<T, N>();                                \
  EXTERN template rc::Gen<BoxPair<T, N>> identical_pair<T, N>();                             \
  EXTERN template rc::Gen<BoxPair<T, N>> ulp_pair<T, N>();                                   \
  EXTERN template rc::Gen<BoxPair<T, N>> separated_pair<T, N>();                             \
  EXTERN template rc::Gen<BoxPair<T, N>> box_pair<T, N>();                                   \
  EXTERN template rc::Gen<BoxPair<T, N>> containment_pair<T, N>();                           \
  EXTERN template rc::Gen<Vec<T, N>> point_near<T, N>(const ref::BasicBox<T, N>&);           \
  EXTERN template rc::Gen<Vec<T, N>> point_in<T, N>(const ref::BasicBox<T, N>&);
AABB_CASES_EACH_SCALAR_AND_DIM(AABB_CASES_BOXES, extern)

}  // namespace aabb::gen

// RapidCheck prints a counterexample's values through showValue, found by argument-dependent
// lookup, so the printers for the shared shapes have to live in geometry's namespace. They are
// test-only and so are declared here rather than in geometry/.
namespace aabb::geometry {

template <class Q, std::size_t N>
void showValue(const Box<Q, N>& b, std::ostream& os) {
  os << "{";
  gen::show_fields(os, ": ", "min", b.lo, "max", b.hi);
  os << "}";
}

template <class Q, std::size_t N>
void showValue(const CenterExtent<Q, N>& b, std::ostream& os) {
  os << "{";
  gen::show_fields(os, ": ", "center", b.center, "extent", b.extent);
  os << "}";
}

}  // namespace aabb::geometry
