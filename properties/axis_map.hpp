#pragma once
/// Exact similarity maps of space for metamorphic properties, after CGAL's bbox tests:
/// x ↦ s·S·P·x + w with P an axis permutation, S a diagonal of signs, s > 0 a rational scale
/// and w a translation. Each maps boxes to boxes, keeps overlap, containment and contact times,
/// and scales dot products by s² (plus a constant), so every op's answer is either unchanged or
/// mapped the same way. All arithmetic is exact.

#include <rapidcheck.h>

#include <array>
#include <cstddef>
#include <ostream>
#include <utility>
#include <vector>

#include "aabb/reference.hpp"
#include "aabb/cases/generators.hpp"

namespace aabb::gen {

/// y[i] = scale · (flip[i] ? -1 : 1) · x[perm[i]] + shift[i].
template <std::size_t N>
struct AxisMap {
  std::array<std::size_t, N> perm;
  std::array<bool, N> flip{};
  Rational scale{1};
  ref::Vec<N> shift{};

  /// The identity map.
  [[nodiscard]] static AxisMap identity() {
    AxisMap m;
    for (std::size_t i = 0; i < N; ++i) m.perm[i] = i;
    return m;
  }

  /// The linear part, for displacements and directions.
  [[nodiscard]] ref::Vec<N> linear(const ref::Vec<N>& v) const {
    ref::Vec<N> r;
    for (std::size_t i = 0; i < N; ++i)
      r[i] = flip[i] ? Rational(-scale * v[perm[i]]) : Rational(scale * v[perm[i]]);
    return r;
  }

  /// The map applied to a point.
  [[nodiscard]] ref::Vec<N> point(const ref::Vec<N>& p) const {
    ref::Vec<N> r = linear(p);
    for (std::size_t i = 0; i < N; ++i) r[i] += shift[i];
    return r;
  }

  /// The image of a min–max box: its corners mapped, swapped on flipped axes.
  [[nodiscard]] ref::Box<N> box(const ref::Box<N>& b) const {
    ref::Box<N> r{point(b.lo), point(b.hi)};
    for (std::size_t i = 0; i < N; ++i)
      if (flip[i]) std::swap(r.lo[i], r.hi[i]);
    return r;
  }

  /// The image of a centre–extent box: the centre mapped, the extents permuted and scaled.
  [[nodiscard]] ref::CenterExtent<N> box(const ref::CenterExtent<N>& b) const {
    return {point(b.center), extent(b.extent)};
  }

  /// Extents (non-negative half widths) under the map: permuted and scaled, never negated.
  [[nodiscard]] ref::Vec<N> extent(const ref::Vec<N>& e) const {
    ref::Vec<N> r;
    for (std::size_t i = 0; i < N; ++i) r[i] = scale * e[perm[i]];
    return r;
  }

  /// M' with M'·φ(x) + t' = φ(M·x + t): the linear part conjugated, L·M·L⁻¹ (the scale cancels).
  [[nodiscard]] ref::Matrix<N> matrix(const ref::Matrix<N>& m) const {
    ref::Matrix<N> r;
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t k = 0; k < N; ++k)
        r[i][k] = flip[i] != flip[k] ? Rational(-m[perm[i]][perm[k]]) : m[perm[i]][perm[k]];
    return r;
  }

  /// t' = L·t + w - M'·w, the translation that goes with matrix(m).
  [[nodiscard]] ref::Vec<N> translation(const ref::Matrix<N>& m, const ref::Vec<N>& t) const {
    const ref::Matrix<N> mm = matrix(m);
    ref::Vec<N> r = point(t);
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t k = 0; k < N; ++k) r[i] -= mm[i][k] * shift[k];
    return r;
  }
};

/// A random permutation of the axes (nothing else).
template <std::size_t N>
[[nodiscard]] rc::Gen<AxisMap<N>> axis_permutation() {
  return unsized(rc::gen::exec([] {
    auto m = AxisMap<N>::identity();
    const auto p = *permutation(N);
    for (std::size_t i = 0; i < N; ++i) m.perm[i] = p[i];
    return m;
  }));
}

/// The sign of one random axis flipped (nothing else).
template <std::size_t N>
[[nodiscard]] rc::Gen<AxisMap<N>> axis_flip() {
  return unsized(rc::gen::exec([] {
    auto m = AxisMap<N>::identity();
    m.flip[static_cast<std::size_t>(*int_in(0, N - 1))] = true;
    return m;
  }));
}

/// A translation by an exact vector: any numbers, including huge, tiny and subnormal ones.
template <std::size_t N>
[[nodiscard]] rc::Gen<AxisMap<N>> translation() {
  return unsized(rc::gen::exec([] {
    auto m = AxisMap<N>::identity();
    m.shift = *vec<Rational, N>();
    return m;
  }));
}

/// A scaling by a positive rational p/q (small, or any positive number).
template <std::size_t N>
[[nodiscard]] rc::Gen<AxisMap<N>> rational_scaling() {
  return unsized(rc::gen::exec([] {
    auto m = AxisMap<N>::identity();
    m.scale = *chance(60) ? Rational(*int_in(1, 40)) / *int_in(1, 40) : *positive<Rational>();
    return m;
  }));
}

/// A scaling by 2^k, k anywhere in [-1100, 1100]: beyond the double range both ways.
template <std::size_t N>
[[nodiscard]] rc::Gen<AxisMap<N>> power_of_two_scaling() {
  return unsized(rc::gen::exec([] {
    auto m = AxisMap<N>::identity();
    m.scale = exact_power_of_two(*chance(50) ? *int_in(-8, 8) : *int_in(-1100, 1100));
    return m;
  }));
}

template <std::size_t N>
void showValue(const AxisMap<N>& m, std::ostream& os) {
  os << "AxisMap{perm = ";
  rc::show(m.perm, os);
  os << ", flip = ";
  rc::show(m.flip, os);
  os << ", scale = " << m.scale << ", shift = ";
  rc::show(m.shift, os);
  os << "}";
}

}  // namespace aabb::gen
