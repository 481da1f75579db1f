#pragma once
/// `vectors`: the edge constructions and flags of contract §2b's shapes family (ops/registry.json):
/// one function per variant gives its Spec (vectors/common.hpp); vectors.cpp writes their files.

#include <array>

#include "vectors/common.hpp"

namespace aabb::vectors {

// ---- Exact helpers of the family ----------------------------------------------------------------

/// Whether q is not a value of T (so the file's type cannot hold the exact answer).
template <class T>
bool inexact(const Q& q) {
  return ref::exact(nearest<T>(q)).value() != q;
}
template <class T>
void inexact_flag(Flags& f, const Q& q) {
  if (overflows<T>(q)) f.insert("Overflow");
  else if (inexact<T>(q)) f.insert("Inexact");
}

/// The exact gap of p to the box on axis i: max(lo - p, 0, p - hi).
template <std::size_t N>
Q gap(const ref::Box<N>& b, const ref::Vec<N>& p, std::size_t i) {
  if (p[i] < b.lo[i]) return b.lo[i] - p[i];
  if (b.hi[i] < p[i]) return p[i] - b.hi[i];
  return Q(0);
}

/// A point against a box: on its boundary (Touching), ulp-apart from a bound, gaps the textbook
/// subtraction overflows.
template <class T, std::size_t N>
void point_flags(Flags& f, const ref::Box<N>& b, const ref::Vec<N>& p) {
  flat_flags(f, b);
  const bool in = ref::contains(b, p).value();
  for (std::size_t i = 0; i < N; ++i) {
    if (in && (p[i] == b.lo[i] || p[i] == b.hi[i])) f.insert("Touching");
    if (ulp_apart<T>(p[i], b.lo[i]) || ulp_apart<T>(p[i], b.hi[i])) f.insert("UlpApart");
    if (overflows<T>(gap(b, p, i)) || overflows<T>(gap(b, p, i) * gap(b, p, i))) f.insert("Overflow");
  }
}

// ---- The ops ------------------------------------------------------------------------------------

template <class T, std::size_t N = 3>
Spec<chk::Grow<T, N>> grow_spec() {
  Spec<chk::Grow<T, N>> s{"grow", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    flat_flags(f, b);
    const auto g = ref::grow(b, ref::exact(k.margin).value()).value();
    for (std::size_t i = 0; i < N; ++i) inexact_flag<T>(f, g.lo[i]), inexact_flag<T>(f, g.hi[i]);
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    s.constructed = {
        {"zero margin", {o, one, 0}},
        {"margin 1/2", {o, one, T(0.5)}},
        {"margin below half an ulp of 1: 1 + m is not a float", {o, one, U::eps / 4}},
        {"flat box, margin 1", {{0, 0, 1}, one, 1}},
        {"subnormal margin", {o, one, U::tiny}},
        {"huge box, huge margin: the bounds overflow", {{-U::max, 0, 0}, {U::max, 1, 1}, U::max}},
        {"margin 1 on bounds of max: max + 1 is not a float", {{-U::max, 0, 0}, {U::max, 1, 1}, 1}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Grow, "grow", grow_spec);

template <class T, std::size_t N = 3>
Spec<chk::ClosestPoint<T, N>> closest_point_spec() {
  Spec<chk::ClosestPoint<T, N>> s{"closest_point", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) { point_flags<T>(f, mm(k.lo, k.hi), chk::ex(k.p)); };
  if constexpr (N == 3) {  // the constructions are 3D
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    s.constructed = {
        {"point inside", {o, one, {T(0.5), T(0.25), T(0.75)}}},
        {"point on a face", {o, one, {1, T(0.5), T(0.5)}}},
        {"point beyond a face", {o, one, {2, T(0.5), T(0.5)}}},
        {"point beyond a corner", {o, one, {-1, 2, 3}}},
        {"point one ulp beyond a face", {o, one, {U::up(1), T(0.5), T(0.5)}}},
        {"flat box", {{0, 0, 1}, one, {T(0.5), T(0.5), 5}}},
        {"huge point beyond a huge box", {{-U::max, 0, 0}, {0, 1, 1}, {U::max, -U::max, U::max}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(ClosestPoint, "closest_point", closest_point_spec);

template <class T, std::size_t N = 3>
Spec<chk::DistanceSq<T, N>> distance_sq_spec() {
  Spec<chk::DistanceSq<T, N>> s{"distance_sq", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const auto p = chk::ex(k.p);
    point_flags<T>(f, b, p);
    inexact_flag<T>(f, ref::distance_sq(b, p).value());
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    s.constructed = {
        {"point inside: 0", {o, one, {T(0.5), T(0.5), T(0.5)}}},
        {"point on a face: 0", {o, one, {1, T(0.5), T(0.5)}}},
        {"3, 4 beyond an edge: 25", {o, one, {4, 5, T(0.5)}}},
        {"2, 3, 6 beyond a corner: 49", {o, one, {3, 4, 7}}},
        {"one ulp beyond a face: the square is inexact", {o, one, {U::up(1), T(0.5), T(0.5)}}},
        {"subnormal gap: the square underflows", {o, one, {-U::tiny, T(0.5), T(0.5)}}},
        {"gap of max: the square overflows", {{0, 0, 0}, one, {-U::max, T(0.5), T(0.5)}}},
        {"gap beyond max: the subtraction overflows", {{U::max, 0, 0}, {U::max, 1, 1}, {-U::max, T(0.5), T(0.5)}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(DistanceSq, "distance_sq", distance_sq_spec);

template <class T, std::size_t N = 3>
Spec<chk::OverlapSphere<T, N>> overlap_sphere_spec() {
  Spec<chk::OverlapSphere<T, N>> s{"overlap_sphere", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const auto c = chk::ex(k.c);
    flat_flags(f, b);
    if (k.r == 0) f.insert("FlatBox");  // a point sphere
    const Q r = ref::exact(k.r).value();
    const Q d = ref::distance_sq(b, c).value();
    if (d == r * r) f.insert("Tangent");
    if (ulp_apart<T>(d, r * r)) f.insert("UlpApart");
    if (overflows<T>(r * r) || overflows<T>(d)) f.insert("Overflow");
    for (std::size_t i = 0; i < N; ++i)
      if (overflows<T>(gap(b, c, i))) f.insert("Overflow");
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    const T two_up = U::up(2);
    s.constructed = {
        {"centre inside", {o, one, {T(0.5), T(0.5), T(0.5)}, T(0.1)}},
        {"tangent to a face", {o, one, {3, T(0.5), T(0.5)}, 2}},
        {"apart from a face by one ulp of the radius", {o, one, {3, T(0.5), T(0.5)}, U::down(2)}},
        {"tangent to an edge: 3, 4, 5", {o, one, {4, 5, T(0.5)}, 5}},
        {"tangent to a corner: 2, 3, 6, 7", {o, one, {3, 4, 7}, 7}},
        {"one ulp short of a corner", {o, one, {3, 4, 7}, U::down(7)}},
        {"radius 0 on a face: the point touches", {o, one, {1, T(0.5), T(0.5)}, 0}},
        {"radius 0 one ulp outside", {o, one, {U::up(1), T(0.5), T(0.5)}, 0}},
        {"Arvo's sum rounds onto r²: gaps 1 and 2^-k", {o, one, {2, 1 + U::eps, T(0.5)}, two_up}},
        {"below the minimum face (cglm's glm_aabb_sphere measures from the maximum)",
         {o, one, {-1, T(0.5), T(0.5)}, T(1.5)}},
        {"huge radius: r² overflows", {o, one, {U::max, 0, 0}, U::max}},
        {"subnormal gap and radius", {o, one, {-U::tiny, T(0.5), T(0.5)}, U::tiny}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(OverlapSphere, "overlap_sphere", overlap_sphere_spec);

template <class T, std::size_t N = 3>
Spec<chk::PlaneSide<T, N>> plane_side_spec() {
  Spec<chk::PlaneSide<T, N>> s{"plane_side", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const auto n = chk::ex(k.n);
    const Q d = ref::exact(k.d).value();
    flat_flags(f, b);
    Q lo = 0, hi = 0;  // the least and greatest n·x over the box
    for (std::size_t i = 0; i < N; ++i) {
      const Q a = n[i] * b.lo[i], c = n[i] * b.hi[i];
      lo += a < c ? a : c;
      hi += a < c ? c : a;
      if (overflows<T>(a) || overflows<T>(c)) f.insert("Overflow");
    }
    if (lo == d || hi == d) f.insert("Touching");
    if (ulp_apart<T>(lo, d) || ulp_apart<T>(hi, d)) f.insert("UlpApart");
    if (overflows<T>(lo) || overflows<T>(hi)) f.insert("Overflow");
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    s.constructed = {
        {"plane x + y + z = 3 through the corner (1, 1, 1)", {o, one, one, 3}},
        {"plane x + y + z = 3 + ulp: just above the box", {o, one, one, U::up(3)}},
        {"plane x + y + z = 3 - ulp: cuts the corner", {o, one, one, U::down(3)}},
        {"plane x = 1 along a face", {o, one, {1, 0, 0}, 1}},
        {"plane x = 0 along the other face", {o, one, {1, 0, 0}, 0}},
        {"plane below the box", {o, one, {0, 0, 1}, -1}},
        {"plane cutting the box", {o, one, {1, -1, 0}, 0}},
        {"n·c ± Σ|n|e rounds: a tiny normal component", {o, one, {1, U::eps / 4, 0}, 1}},
        {"flat box on the plane", {{0, 0, 2}, {1, 1, 2}, {0, 0, 1}, 2}},
        {"huge normal and box: products overflow", {{-U::max, 0, 0}, {U::max, 1, 1}, {U::max, 1, 0}, 0}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(PlaneSide, "plane_side", plane_side_spec);

/// Whether the closed box and the closed triangle touch without overlapping more: on some
/// separating-axis candidate (box axes, the normal, edge × axis) their exact projections meet in
/// one point while they overlap.
template <std::size_t N>
bool triangle_touches(const ref::Box<N>& b, const std::array<ref::Vec<N>, 3>& v) {
  const auto sub = [](const ref::Vec<N>& x, const ref::Vec<N>& y) {
    ref::Vec<N> d;
    for (std::size_t i = 0; i < N; ++i) d[i] = x[i] - y[i];
    return d;
  };
  const std::array<ref::Vec<N>, 3> e{sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])};
  std::vector<ref::Vec<N>> axes;
  for (std::size_t i = 0; i < N; ++i) {
    ref::Vec<N> u{};
    u[i] = 1;
    axes.push_back(u);
  }
  if constexpr (N == 3) {  // the normal and edge × axis
    const auto cross = [](const ref::Vec<3>& x, const ref::Vec<3>& y) {
      return ref::Vec<3>{x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
    };
    axes.push_back(cross(e[0], e[1]));
    for (const auto& ed : e)
      for (std::size_t i = 0; i < 3; ++i) axes.push_back(cross(ed, axes[i]));
  } else {  // in 2D, the edges' normals
    for (const auto& ed : e) axes.push_back(ref::Vec<2>{-ed[1], ed[0]});
  }
  for (const auto& a : axes) {
    bool zero = true;
    for (std::size_t i = 0; i < N; ++i) zero = zero && a[i] == 0;
    if (zero) continue;
    Q blo = 0, bhi = 0;
    for (std::size_t i = 0; i < N; ++i) {
      const Q x = a[i] * b.lo[i], y = a[i] * b.hi[i];
      blo += x < y ? x : y;
      bhi += x < y ? y : x;
    }
    Q tlo = ref::dot(a, v[0]), thi = tlo;
    for (std::size_t k = 1; k < 3; ++k) {
      const Q t = ref::dot(a, v[k]);
      if (t < tlo) tlo = t;
      if (thi < t) thi = t;
    }
    if (thi == blo || bhi == tlo) return true;
  }
  return false;
}

template <class T, std::size_t N = 3>
Spec<chk::OverlapTriangle<T, N>> overlap_triangle_spec() {
  Spec<chk::OverlapTriangle<T, N>> s{"overlap_triangle", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const std::array<ref::Vec<N>, 3> v{chk::ex(k.v0), chk::ex(k.v1), chk::ex(k.v2)};
    flat_flags(f, b);
    ref::Vec<N> e0, e1;
    for (std::size_t i = 0; i < N; ++i) e0[i] = v[1][i] - v[0][i], e1[i] = v[2][i] - v[0][i];
    bool degenerate = false;  // the three vertices on a line (or a point): the normal is zero
    if constexpr (N == 3) {
      const ref::Vec<3> n{e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2], e0[0] * e1[1] - e0[1] * e1[0]};
      degenerate = n[0] == 0 && n[1] == 0 && n[2] == 0;
    } else {
      degenerate = e0[0] * e1[1] - e0[1] * e1[0] == 0;
    }
    if (degenerate) f.insert("DegenerateTriangle");
    if (ref::overlap_triangle(b, v).value() && triangle_touches(b, v)) f.insert("Touching");
    for (std::size_t i = 0; i < N; ++i)
      if (overflows<T>(e0[i]) || overflows<T>(e1[i]) || overflows<T>(v[2][i] - v[1][i])) f.insert("Overflow");
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    s.constructed = {
        {"a vertex inside", {o, one, {T(0.5), T(0.5), T(0.5)}, {3, 0, 0}, {0, 3, 0}}},
        {"touching at a corner with a vertex", {o, one, one, {2, 1, 1}, {1, 2, 2}}},
        {"an edge along a face", {o, one, {1, -1, T(0.5)}, {1, 2, T(0.5)}, {3, T(0.5), T(0.5)}}},
        {"lying in a face plane, overlapping the face", {o, one, {-1, -1, 1}, {3, -1, 1}, {-1, 3, 1}}},
        {"lying in a face plane one ulp above it", {o, one, {-1, -1, U::up(1)}, {3, -1, U::up(1)}, {-1, 3, U::up(1)}}},
        {"crossing the box with no vertex inside", {o, one, {-1, T(0.5), -1}, {3, T(0.5), -1}, {T(0.5), T(0.5), 3}}},
        {"the plane x + y + z = 3 through the corner (1, 1, 1): touching", {o, one, {3, 0, 0}, {0, 3, 0}, {0, 0, 3}}},
        {"the plane x + y + z = 3 + 3 ulps: apart, only the normal separates",
         {o, one, {U::up(3), 0, 0}, {0, U::up(3), 0}, {0, 0, U::up(3)}}},
        {"beyond the edge x + y = 5/2: only edge × z separates",
         {o, one, {3, T(-0.5), T(0.5)}, {T(-0.5), 3, T(0.5)}, {3, 3, T(0.5)}}},
        {"the edge x + y = 2 through the edge x = y = 1: touching",
         {o, one, {T(2.5), T(-0.5), T(0.5)}, {T(-0.5), T(2.5), T(0.5)}, {3, 3, T(0.5)}}},
        {"a segment through the box", {o, one, {-1, T(0.5), T(0.5)}, {2, T(0.5), T(0.5)}, {2, T(0.5), T(0.5)}}},
        {"a segment touching an edge", {o, one, {2, 0, 1}, {0, 2, 1}, {0, 2, 1}}},
        {"a point on a face", {o, one, {1, T(0.5), T(0.5)}, {1, T(0.5), T(0.5)}, {1, T(0.5), T(0.5)}}},
        {"a point one ulp outside", {o, one, {U::up(1), T(0.5), T(0.5)}, {U::up(1), T(0.5), T(0.5)}, {U::up(1), T(0.5), T(0.5)}}},
        {"collinear vertices", {o, one, {-1, -1, T(0.5)}, {3, 3, T(0.5)}, {1, 1, T(0.5)}}},
        {"huge triangle around the box", {o, one, {-U::max, -U::max, T(0.5)}, {U::max, -U::max, T(0.5)}, {0, U::max, T(0.5)}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(OverlapTriangle, "overlap_triangle", overlap_triangle_spec);

}  // namespace aabb::vectors
