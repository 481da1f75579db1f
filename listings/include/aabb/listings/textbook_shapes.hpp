#pragma once
/// The naive float formulas engines ship for the ops of contract §2b, written once: the
/// baselines of the benchmarks (bench/optimized_shapes.cpp) and the planted bugs the properties
/// must catch (properties/optimized_shapes_test.cpp, optimized_triangle_test.cpp). Each rounds
/// in T as engines' code does; none is a correct test (docs/contracts.md says where each fails).
/// examples/plugins/naive.c has the same formulas in C behind the C ABI.
///
/// Every product is stored before it is added where the formula has one, so no compiler fuses
/// the two: the formulas round after each operation, as in the engines compiled without FMA.

#include <array>
#include <cmath>
#include <cstddef>

#include "aabb/geometry/box.hpp"

namespace aabb::textbook {

/// Σ gap², in T: (lo - c)² or (c - hi)² per axis.
template <class T, std::size_t N>
[[nodiscard]] T distance_sq(const geometry::Box<T, N>& box, const geometry::Vec<T, N>& c) {
  T s = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (c[i] < box.lo[i]) {
      const T g = box.lo[i] - c[i], g2 = g * g;
      s += g2;
    } else if (c[i] > box.hi[i]) {
      const T g = c[i] - box.hi[i], g2 = g * g;
      s += g2;
    }
  }
  return s;
}

/// Arvo's sphere test as engines write it: Σ gap² <= r·r in T.
template <class T, std::size_t N>
[[nodiscard]] bool overlap_sphere(const geometry::Box<T, N>& box, const geometry::Vec<T, N>& c, T r) {
  return distance_sq(box, c) <= r * r;
}

/// The centre–extent plane test: s = n·c - d against ±Σ|n|·e, in T.
template <class T, std::size_t N>
[[nodiscard]] int plane_side(const geometry::Box<T, N>& box, const geometry::Vec<T, N>& n, T d) {
  T s = -d, reach = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const T c = (box.lo[i] + box.hi[i]) / 2, e = (box.hi[i] - box.lo[i]) / 2;
    const T nc = n[i] * c, ne = std::fabs(n[i]) * e;
    s += nc;
    reach += ne;
  }
  if (s > reach) return 1;
  if (s < -reach) return -1;
  return 0;
}

/// grow rounded to nearest: lo - m, hi + m.
template <class T, std::size_t N>
[[nodiscard]] geometry::Box<T, N> grow(const geometry::Box<T, N>& box, T m) {
  geometry::Box<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = box.lo[i] - m;
    r.hi[i] = box.hi[i] + m;
  }
  return r;
}

/// The clamp, as engines write it (exact: it selects an input).
template <class T, std::size_t N>
[[nodiscard]] geometry::Vec<T, N> closest_point(const geometry::Box<T, N>& box, const geometry::Vec<T, N>& p) {
  geometry::Vec<T, N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = std::fmin(std::fmax(p[i], box.lo[i]), box.hi[i]);
  return r;
}

/// b inside a, per axis a.lo <= b.lo and b.hi <= a.hi (correct for ordered finite boxes).
template <class T, std::size_t N>
[[nodiscard]] bool contains_box(const geometry::Box<T, N>& a, const geometry::Box<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (b.lo[i] < a.lo[i] || b.hi[i] > a.hi[i]) return false;
  return true;
}

/// 0 disjoint, 1 intersecting, 2 b contained in a: overlap first, then containment.
template <class T, std::size_t N>
[[nodiscard]] int classify(const geometry::Box<T, N>& a, const geometry::Box<T, N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (a.lo[i] > b.hi[i] || b.lo[i] > a.hi[i]) return 0;
  return contains_box(a, b) ? 2 : 1;
}

/// The union by fmin / fmax.
template <class T, std::size_t N>
[[nodiscard]] geometry::Box<T, N> box_union(const geometry::Box<T, N>& a, const geometry::Box<T, N>& b) {
  geometry::Box<T, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = std::fmin(a.lo[i], b.lo[i]);
    r.hi[i] = std::fmax(a.hi[i], b.hi[i]);
  }
  return r;
}

/// Akenine-Möller's box–triangle test in T (centre, half-extents, every projection rounded):
/// the box's axes, then in 3D the triangle's normal and the nine edge × axis cross products, in
/// 2D the three edge normals.
template <class T, std::size_t N>
[[nodiscard]] bool overlap_triangle(const geometry::Box<T, N>& box, const std::array<geometry::Vec<T, N>, 3>& v) {
  using V = geometry::Vec<T, N>;
  V h, w[3];
  for (std::size_t i = 0; i < N; ++i) {
    const T ctr = (box.lo[i] + box.hi[i]) / 2;
    h[i] = (box.hi[i] - box.lo[i]) / 2;
    for (int k = 0; k < 3; ++k) w[k][i] = v[k][i] - ctr;
  }
  for (std::size_t i = 0; i < N; ++i) {
    const T mn = std::fmin(w[0][i], std::fmin(w[1][i], w[2][i]));
    const T mx = std::fmax(w[0][i], std::fmax(w[1][i], w[2][i]));
    if (mn > h[i] || mx < -h[i]) return false;
  }
  auto separated = [&](const V& a) {
    T r = 0, p[3] = {0, 0, 0};
    for (std::size_t i = 0; i < N; ++i) {
      const T ra = h[i] * std::fabs(a[i]);
      r += ra;
      for (int k = 0; k < 3; ++k) {
        const T pk = a[i] * w[k][i];
        p[k] += pk;
      }
    }
    const T mn = std::fmin(p[0], std::fmin(p[1], p[2])), mx = std::fmax(p[0], std::fmax(p[1], p[2]));
    return mn > r || mx < -r;
  };
  V e[3];
  for (std::size_t i = 0; i < N; ++i) {
    e[0][i] = w[1][i] - w[0][i];
    e[1][i] = w[2][i] - w[1][i];
    e[2][i] = w[0][i] - w[2][i];
  }
  if constexpr (N == 3) {
    const T n0a = e[0][1] * e[1][2], n0b = e[0][2] * e[1][1], n1a = e[0][2] * e[1][0], n1b = e[0][0] * e[1][2],
            n2a = e[0][0] * e[1][1], n2b = e[0][1] * e[1][0];
    if (separated(V{n0a - n0b, n1a - n1b, n2a - n2b})) return false;
    for (std::size_t i = 0; i < 3; ++i)
      for (const auto& ed : e) {
        V a{};
        a[(i + 1) % 3] = -ed[(i + 2) % 3];
        a[(i + 2) % 3] = ed[(i + 1) % 3];
        if (separated(a)) return false;
      }
  } else {
    for (const auto& ed : e)
      if (separated(V{-ed[1], ed[0]})) return false;
  }
  return true;
}

}  // namespace aabb::textbook
