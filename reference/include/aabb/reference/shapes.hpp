#pragma once
/// The AABB tests beyond the seeds (contract §2b) against other shapes, exactly: grow (fat
/// boxes), closest_point, distance_sq, overlap_sphere (a disc in 2D), plane_side (a line in
/// 2D) and overlap_triangle. Same rules as ops.hpp: every op validates its input first (the box,
/// field "box", before the other inputs) and returns an Error naming the field instead of an
/// answer; it never rounds. Boxes, balls, half-spaces and triangles are closed sets, so
/// touching (a tangent sphere, a plane through a corner, a triangle vertex on a face) counts.

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "aabb/reference/box.hpp"

namespace aabb::reference {

namespace detail {

/// The least and the greatest a·x over the closed box, exactly: a linear function's extremes
/// over a box separate by axis, so each axis takes lo where a[i] >= 0 for the least value (hi
/// for the greatest) and the other bound where a[i] < 0.
template <class Q, std::size_t N>
std::pair<Q, Q> box_range(const BasicBox<Q, N>& box, const BasicVec<Q, N>& a) {
  Q least = 0, greatest = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (a[i] < 0) {
      least += a[i] * box.hi[i];
      greatest += a[i] * box.lo[i];
    } else {
      least += a[i] * box.lo[i];
      greatest += a[i] * box.hi[i];
    }
  }
  return {least, greatest};
}

/// p[i] clamped to [lo[i], hi[i]] on every axis.
template <class Q, std::size_t N>
BasicVec<Q, N> clamp_to(const BasicBox<Q, N>& box, const BasicVec<Q, N>& p) {
  BasicVec<Q, N> r = p;
  for (std::size_t i = 0; i < N; ++i) {
    if (r[i] < box.lo[i]) r[i] = box.lo[i];
    if (box.hi[i] < r[i]) r[i] = box.hi[i];
  }
  return r;
}

/// Σ max(lo[i] − p[i], 0, p[i] − hi[i])² over the axes (the box is valid).
template <class Q, std::size_t N>
Q gap_sq(const BasicBox<Q, N>& box, const BasicVec<Q, N>& p) {
  Q sum = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (p[i] < box.lo[i]) {
      const Q g = box.lo[i] - p[i];
      sum += g * g;
    } else if (box.hi[i] < p[i]) {
      const Q g = p[i] - box.hi[i];
      sum += g * g;
    }
  }
  return sum;
}

template <class Q, std::size_t N>
bool is_zero(const BasicVec<Q, N>& a) {
  for (std::size_t i = 0; i < N; ++i)
    if (a[i] != 0) return false;
  return true;
}

template <class Q>
BasicVec<Q, 3> cross(const BasicVec<Q, 3>& a, const BasicVec<Q, 3>& b) {
  return BasicVec<Q, 3>{Q(a[1] * b[2] - a[2] * b[1]), Q(a[2] * b[0] - a[0] * b[2]),
                        Q(a[0] * b[1] - a[1] * b[0])};
}

/// Whether axis a strictly separates the box from the triangle: the intervals of a·x over the
/// box and over the three vertices have a gap. Touching intervals do not separate; a zero axis
/// projects both sets to {0} and never separates (it is skipped).
template <class Q, std::size_t N>
bool separates(const BasicBox<Q, N>& box, const std::array<BasicVec<Q, N>, 3>& tri,
               const BasicVec<Q, N>& a) {
  if (is_zero(a)) return false;
  const auto [box_least, box_greatest] = box_range(box, a);
  Q tri_least = dot(tri[0], a), tri_greatest = tri_least;
  for (std::size_t k = 1; k < 3; ++k) {
    const Q p = dot(tri[k], a);
    if (p < tri_least) tri_least = p;
    if (tri_greatest < p) tri_greatest = p;
  }
  return box_greatest < tri_least || tri_greatest < box_least;
}

}  // namespace detail

// ---- grow -------------------------------------------------------------------------------------

/// The box [lo − m, hi + m] on every axis (a "fat" box of a broad phase). m < 0 is invalid.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicBox<Q, N>> grow(const BasicBox<Q, N>& box,
                                          const std::type_identity_t<Q>& margin) {
  if (auto e = validate(box, "box")) return *e;
  if (margin < 0) return invalid_input("margin < 0");
  BasicBox<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = box.lo[i] - margin;
    r.hi[i] = box.hi[i] + margin;
  }
  return r;
}

/// The box [lo[i] − m[i], hi[i] + m[i]] on every axis. m[i] < 0 on any axis is invalid (the
/// first such axis is named: `margin[1] < 0`).
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicBox<Q, N>> grow(const BasicBox<Q, N>& box, const BasicVec<Q, N>& margin) {
  if (auto e = validate(box, "box")) return *e;
  for (std::size_t i = 0; i < N; ++i)
    if (margin[i] < 0) return invalid_input(element("margin", i) + " < 0");
  BasicBox<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = box.lo[i] - margin[i];
    r.hi[i] = box.hi[i] + margin[i];
  }
  return r;
}

/// Centre–extent form: the centre is unchanged and e[i] + m on every axis (the same closed set
/// as the min–max form). m < 0 is invalid.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicCenterExtent<Q, N>> grow(const BasicCenterExtent<Q, N>& box,
                                                   const std::type_identity_t<Q>& margin) {
  if (auto e = validate(box, "box")) return *e;
  if (margin < 0) return invalid_input("margin < 0");
  BasicCenterExtent<Q, N> r = box;
  for (std::size_t i = 0; i < N; ++i) r.extent[i] += margin;
  return r;
}

/// Centre–extent form with one margin per axis: c unchanged, e[i] + m[i]. m[i] < 0 is invalid.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicCenterExtent<Q, N>> grow(const BasicCenterExtent<Q, N>& box,
                                                   const BasicVec<Q, N>& margin) {
  if (auto e = validate(box, "box")) return *e;
  for (std::size_t i = 0; i < N; ++i)
    if (margin[i] < 0) return invalid_input(element("margin", i) + " < 0");
  BasicCenterExtent<Q, N> r = box;
  for (std::size_t i = 0; i < N; ++i) r.extent[i] += margin[i];
  return r;
}

// ---- Point queries ----------------------------------------------------------------------------

/// The point of the closed box nearest to p: clamp(p[i], lo[i], hi[i]) on every axis (p itself
/// when p is in the box; on a face, an edge or a corner otherwise). The nearest point is unique
/// because the box is convex.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicVec<Q, N>> closest_point(const BasicBox<Q, N>& box,
                                                   const BasicVec<Q, N>& point) {
  if (auto e = validate(box, "box")) return *e;
  return detail::clamp_to(box, point);
}

/// The squared Euclidean distance from p to the closed box, Σ max(lo[i] − p[i], 0, p[i] − hi[i])²:
/// 0 inside and on the boundary, exact (the distance itself is often irrational; its square
/// never is).
template <class Q, std::size_t N>
[[nodiscard]] Result<Q> distance_sq(const BasicBox<Q, N>& box, const BasicVec<Q, N>& point) {
  if (auto e = validate(box, "box")) return *e;
  return detail::gap_sq(box, point);
}

// ---- Other shapes -----------------------------------------------------------------------------

/// Whether the closed box and the closed ball (a disc in 2D) of centre c and radius r share a
/// point: distance_sq(box, c) <= r². A tangent sphere (distance exactly r, on a face, an edge
/// or a corner) overlaps; r = 0 is the point c (overlap iff contains). r < 0 is invalid input,
/// checked after the box.
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> overlap_sphere(const BasicBox<Q, N>& box, const BasicVec<Q, N>& center,
                                          const std::type_identity_t<Q>& radius) {
  if (auto e = validate(box, "box")) return *e;
  if (radius < 0) return invalid_input("radius < 0");
  return !(radius * radius < detail::gap_sq(box, center));
}

/// The side of the plane {x : n·x = d} (a line in 2D) on which the closed box lies: −1 when
/// n·x < d for every x of the box, +1 when n·x > d for every x, 0 otherwise (the plane cuts the
/// box, or touches it: through a corner, along an edge or a face). The least and greatest n·x
/// over the box are taken exactly, per axis lo or hi by the sign of n[i]. n need not be a unit
/// vector (the answer does not depend on its length); a zero n is invalid input, checked after
/// the box.
template <class Q, std::size_t N>
[[nodiscard]] Result<int> plane_side(const BasicBox<Q, N>& box, const BasicVec<Q, N>& normal,
                                     const std::type_identity_t<Q>& offset) {
  if (auto e = validate(box, "box")) return *e;
  if (detail::is_zero(normal))
    return invalid_input("normal: zero vector (a plane needs a normal that is not all zero)");
  const auto [least, greatest] = detail::box_range(box, normal);
  if (greatest < offset) return -1;
  if (offset < least) return +1;
  return 0;
}

/// Whether the closed box and the closed triangle (the convex hull of v0, v1, v2; degenerate
/// triangles are allowed: a segment or a point) share a point. Touching counts: a vertex on a
/// face, an edge along a face, a triangle in a face's plane.
///
/// Decided by the separating axis theorem, exactly: the sets are disjoint iff some axis a of a
/// fixed finite list has a strict gap between the intervals {a·x : x in box} and
/// {a·v : v a vertex}. With edges e0 = v1 − v0, e1 = v2 − v1, e2 = v0 − v2 and u_i the box axes:
/// 3D: u_0, u_1, u_2; the triangle normal e1 × e0; the nine u_i × e_j.
/// 2D: u_0, u_1; the three edge normals perp(e_j) = (−e_j[1], e_j[0]).
/// A zero axis (a zero edge, the normal of a degenerate triangle, u_i × e_j with u_i ∥ e_j)
/// projects both sets to {0} and is skipped: it never separates.
///
/// Why the list suffices, degenerate triangles and flat boxes included: the sets are disjoint iff
/// 0 ∉ D = box − triangle (Minkowski difference), a convex polytope whose faces are sums of
/// faces of the two, so every edge of D is parallel to a generator g: a box axis (of nonzero
/// width) or a nonzero triangle edge. For every generator g the list holds a family spanning
/// g⊥: the other box axes when g = u_k, the u_i × g (3D) or perp(g) (2D) when g is an edge.
/// Let A be the affine hull of D, of dimension k.
/// - k = N: 0 lies outside some facet of D. In 3D a facet is spanned by two non-parallel
///   generators, so its normal is u_i × u_j (a box axis), u_i × e_j, or e_j × e_l (parallel to
///   the triangle normal); in 2D a facet is parallel to one generator g and its normal spans g⊥.
///   That normal is in the list (up to scale), and it separates strictly.
/// - k < N and 0 ∉ A: a normal of A separates (D projects to one value, 0 to another). A plane
///   in 3D is spanned by two generators, its normal is in the list as above; a line along g has
///   normals g⊥, spanned by a family of the list, one of whose members is not orthogonal to the
///   offset of A from 0; k = 0 (D a point ≠ 0): some box axis.
/// - k < N and 0 ∈ A (A a subspace): a·x on A depends only on the projection of a onto A. k = 1:
///   A is a line along g and some box axis has a·g ≠ 0. k = 2 (3D): 0 lies outside some edge of
///   the polygon D, parallel to a generator g, whose normal f within A spans g⊥ ∩ A; the list's
///   family spanning g⊥ projects onto A into g⊥ ∩ A (as g ∈ A) and not all to 0 (f ∈ g⊥), so
///   one member projects to a nonzero multiple of f and separates.
/// A segment (v0, v1, v2 collinear) therefore needs the box axes and its direction × the box
/// axes, a point only the box axes: both are in the list, and the zero axes skipped lose nothing.
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> overlap_triangle(const BasicBox<Q, N>& box,
                                            const std::array<BasicVec<Q, N>, 3>& triangle) {
  if (auto e = validate(box, "box")) return *e;
  const std::array<BasicVec<Q, N>, 3> edges{detail::minus(triangle[1], triangle[0]),
                                            detail::minus(triangle[2], triangle[1]),
                                            detail::minus(triangle[0], triangle[2])};
  for (std::size_t i = 0; i < N; ++i) {
    BasicVec<Q, N> u;
    u.fill(Q(0));
    u[i] = 1;
    if (detail::separates(box, triangle, u)) return false;
  }
  if constexpr (N == 3) {
    if (detail::separates(box, triangle, detail::cross(edges[1], edges[0]))) return false;
    for (std::size_t i = 0; i < 3; ++i) {
      BasicVec<Q, 3> u;
      u.fill(Q(0));
      u[i] = 1;
      for (const auto& e : edges)
        if (detail::separates(box, triangle, detail::cross(u, e))) return false;
    }
  } else {
    for (const auto& e : edges)
      if (detail::separates(box, triangle, BasicVec<Q, 2>{Q(-e[1]), e[0]})) return false;
  }
  return true;
}

}  // namespace aabb::reference
