#pragma once
/// The case library's point sets, directions, matrices and graphs: tied extreme points,
/// singular matrices, neighbour graphs (the construction family's inputs).

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
// ---- Point sets, directions, matrices, graphs -------------------------------------------------

/// 1 to `max_count` points, coordinates from a shared pool or independent, with duplicates.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<std::vector<Vec<T, N>>> points(int max_count = 8) {
  return unsized(rc::gen::exec([max_count] {
    const int n = *int_in(1, max_count);
    std::vector<Vec<T, N>> ps;
    const bool pooled = *chance(60);
    const auto values = *pool<T>(2, 5);
    for (int k = 0; k < n; ++k) {
      if (k > 0 && *chance(15))
        ps.push_back(ps[static_cast<std::size_t>(*int_in(0, k - 1))]);
      else
        ps.push_back(pooled ? *vec_from<T, N>(values) : *vec<T, N>());
    }
    return ps;
  }));
}

/// A direction for `ps` that makes ties likely: zero, an axis, a small or any vector, or one
/// perpendicular to the difference of two of the points (so those two tie exactly for Rational).
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Vec<T, N>> direction_for(const std::vector<Vec<T, N>>& ps) {
  return rc::gen::exec([ps] {
    Vec<T, N> d;
    d.fill(T(0));
    switch (*kind({2, 3, 4, 4, 5})) {
      case 0:
        break;
      case 1:
        d[static_cast<std::size_t>(*int_in(0, N - 1))] = *chance(50) ? T(1) : T(-1);
        break;
      case 2:
        for (auto& x : d) x = *small<T>();
        break;
      case 3:
        d = *vec<T, N>();
        break;
      default: {
        const auto& p = *rc::gen::elementOf(ps);
        const auto& q = *rc::gen::elementOf(ps);
        Vec<T, N> u;
        for (std::size_t i = 0; i < N; ++i) u[i] = q[i] - p[i];
        if constexpr (N == 2) {
          d = {T(-u[1]), u[0]};
        } else {
          Vec<T, N> r;
          for (auto& x : r) x = *small<T>();
          d = {T(u[1] * r[2] - u[2] * r[1]), T(u[2] * r[0] - u[0] * r[2]),
               T(u[0] * r[1] - u[1] * r[0])};
        }
        for (std::size_t i = 0; i < N; ++i) d[i] = finite_or(d[i], T(0));
      }
    }
    return d;
  });
}

/// The identity matrix.
template <Scalar T, std::size_t N>
[[nodiscard]] ref::BasicMatrix<T, N> identity() {
  ref::BasicMatrix<T, N> m;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < N; ++j) m[i][j] = T(i == j ? 1 : 0);
  return m;
}

/// Matrices for `transform`: arbitrary and small-integer entries (zeros common), the identity,
/// signed permutations, exact rotations by Pythagorean triples (in a coordinate plane, or two
/// composed in 3D), singular matrices (a zero or repeated row) and the zero matrix.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<ref::BasicMatrix<T, N>> matrix() {
  return unsized(rc::gen::exec([] {
    ref::BasicMatrix<T, N> m = identity<T, N>();
    auto plane_rotation = [] {
      static const std::array<std::array<long, 3>, 4> triples = {
          {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}}};
      const auto& t = *rc::gen::elementOf(triples);
      const T c = ratio<T>(*chance(50) ? t[0] : -t[0], t[2]);
      const T s = ratio<T>(*chance(50) ? t[1] : -t[1], t[2]);
      const auto axes = *permutation(N);
      ref::BasicMatrix<T, N> r = identity<T, N>();
      const std::size_t i = axes[0], j = axes[1];
      r[i][i] = c;
      r[i][j] = T(-s);
      r[j][i] = s;
      r[j][j] = c;
      return r;
    };
    switch (*kind({8, 6, 1, 4, 5, 3, 1})) {
      case 0:
        for (auto& row : m)
          for (auto& x : row) x = *chance(25) ? T(0) : *number<T>();
        break;
      case 1:
        for (auto& row : m)
          for (auto& x : row) x = T(*int_in(-3, 3));
        break;
      case 2:
        break;
      case 3: {
        const auto p = *permutation(N);
        for (std::size_t i = 0; i < N; ++i)
          for (std::size_t j = 0; j < N; ++j) m[i][j] = T(j == p[i] ? (*chance(50) ? 1 : -1) : 0);
        break;
      }
      case 4: {
        m = plane_rotation();
        if (N == 3 && *chance(50)) {
          const auto r = plane_rotation();
          ref::BasicMatrix<T, N> product;
          for (std::size_t i = 0; i < N; ++i)
            for (std::size_t j = 0; j < N; ++j) {
              T sum(0);
              for (std::size_t k = 0; k < N; ++k) sum += r[i][k] * m[k][j];
              product[i][j] = sum;
            }
          m = product;
        }
        break;
      }
      case 5: {
        for (auto& row : m)
          for (auto& x : row) x = *small<T>();
        const auto i = static_cast<std::size_t>(*int_in(0, N - 1));
        const auto j = (i + 1) % N;
        if (*chance(50))
          m[i].fill(T(0));
        else
          m[i] = m[j];
        break;
      }
      default:
        for (auto& row : m) row.fill(T(0));
    }
    return m;
  }));
}

/// Points with neighbour lists: the inputs of `hill_climb`.
template <Scalar T, std::size_t N>
struct Graph {
  std::vector<Vec<T, N>> points;
  std::vector<std::vector<std::size_t>> neighbors;
};

/// The vertex graph of a random box: its 2^N corners (repeated when the box is flat), joined
/// when they differ on one axis, listed in a random order. Valid for hill climbing along every
/// direction: a corner below the maximum improves by switching one axis.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Graph<T, N>> box_vertex_graph() {
  return unsized(rc::gen::exec([] {
    const auto b = *box<T, N>();
    constexpr std::size_t n = std::size_t{1} << N;
    const auto order = *permutation(n);  // corner c is vertex order[c]
    Graph<T, N> g;
    g.points.resize(n);
    g.neighbors.resize(n);
    for (std::size_t c = 0; c < n; ++c) {
      for (std::size_t i = 0; i < N; ++i) g.points[order[c]][i] = (c >> i & 1) ? b.hi[i] : b.lo[i];
      for (std::size_t i = 0; i < N; ++i)
        g.neighbors[order[c]].push_back(order[c ^ (std::size_t{1} << i)]);
    }
    return g;
  }));
}

/// A random graph: up to `max_count` points with random neighbour lists (self-loops, repeats and
/// one-way edges allowed), valid or not for hill climbing.
template <Scalar T, std::size_t N>
[[nodiscard]] rc::Gen<Graph<T, N>> random_graph(int max_count = 7) {
  return unsized(rc::gen::exec([max_count] {
    Graph<T, N> g;
    g.points = *points<T, N>(max_count);
    const int n = static_cast<int>(g.points.size());
    g.neighbors.resize(g.points.size());
    for (auto& list : g.neighbors) {
      const int degree = *int_in(0, std::min(n, 4));
      for (int k = 0; k < degree; ++k) list.push_back(static_cast<std::size_t>(*int_in(0, n - 1)));
    }
    return g;
  }));
}
template <Scalar T, std::size_t N>
void showValue(const Graph<T, N>& g, std::ostream& os) {
  show_fields(os, " = ", "points", g.points, "neighbors", g.neighbors);
}

/// Compiled once (numbers.hpp, "Compiled once").
#define AABB_CASES_CONSTRUCTION(EXTERN, T, N)                                                  \
  EXTERN template rc::Gen<std::vector<Vec<T, N>>> points<T, N>(int);                         \
  EXTERN template rc::Gen<Vec<T, N>> direction_for<T, N>(const std::vector<Vec<T, N>>&);     \
  EXTERN template rc::Gen<ref::BasicMatrix<T, N>> matrix<T, N>();                            \
  EXTERN template rc::Gen<Graph<T, N>> box_vertex_graph<T, N>();                             \
  EXTERN template rc::Gen<Graph<T, N>> random_graph<T, N>(int);
AABB_CASES_EACH_SCALAR_AND_DIM(AABB_CASES_CONSTRUCTION, extern)

}  // namespace aabb::gen
