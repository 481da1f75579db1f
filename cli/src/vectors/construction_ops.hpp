#pragma once
/// `vectors`: the edge constructions of the construction ops (bounds_of_points, extreme_points,
/// bounds_of_sphere, transform, transform_ce, hill_climb): one function per op gives its Spec
/// (vectors/common.hpp); vectors.cpp writes their files.

#include "vectors/common.hpp"

namespace aabb::vectors {

template <class T, std::size_t N = 3>
Spec<chk::BoundsOfPoints<T, N>> bounds_of_points_spec() {
  Spec<chk::BoundsOfPoints<T, N>> s{"bounds_of_points", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    flat_flags(f, ref::bounds_of_points(chk::ex_points(k.points)).value());
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    s.constructed = {
        {"one point: a point box", {{{1, 2, 3}}}},
        {"duplicates", {{{1, 2, 3}, {-1, 5, 0}, {1, 2, 3}, {0, -4, T(3.5)}}}},
        {"negative and positive zero", {{{-0.0, 0, -0.0}, {0, -0.0, 0}}}},
        {"subnormals", {{{U::tiny, -U::tiny, 0}, {-U::tiny, U::tiny, 2 * U::tiny}}}},
        {"the whole range", {{{U::max, -U::max, 0}, {-U::max, U::max, 1}}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(BoundsOfPoints, "bounds_of_points", bounds_of_points_spec);

template <class T, std::size_t N = 3>
Spec<chk::ExtremePoints<T, N>> extreme_points_spec() {
  Spec<chk::ExtremePoints<T, N>> s{"extreme_points", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto ps = chk::ex_points(k.points);
    const auto d = chk::ex(k.dir);
    std::vector<Q> dots;
    for (const auto& p : ps) {
      dots.push_back(ref::dot(p, d));
      Q partial = 0;
      for (std::size_t i = 0; i < N; ++i) {
        const Q term = p[i] * d[i];
        partial += term;
        if (overflows<T>(term) || overflows<T>(partial)) f.insert("Overflow");
      }
    }
    const auto lo = *std::min_element(dots.begin(), dots.end());
    const auto hi = *std::max_element(dots.begin(), dots.end());
    if (std::count(dots.begin(), dots.end(), lo) > 1 ||
        std::count(dots.begin(), dots.end(), hi) > 1)
      f.insert("Tie");
    for (const Q& x : dots)
      if (ulp_apart<T>(x, lo) || ulp_apart<T>(x, hi)) f.insert("UlpApart");
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    s.wrong_listings = listings_wrong<chk::ExtremePoints<T>>({
        {&lst::seed002_extreme_points<T>, "seed 002 ExtremePointAlongDirection"},
    });
    // {points, dir}
    using U = Num<T>;
    s.constructed = {
        {"tie: lowest index wins", {{{1, 0, 0}, {0, 1, 0}, {1, 0, 0}}, {1, 1, 0}}},
        {"zero direction: 0 and 0", {{{1, 2, 3}, {4, 5, 6}}, {0, 0, 0}}},
        {"projections one ulp apart", {{{1, 0, 0}, {U::up(1), 0, 0}, {U::down(1), 0, 0}}, {1, 0, 0}}},
        {"1 + 2^-30 vs 1: the sum rounds", {{{1, T(0x1p-30), 0}, {1, 0, 0}}, {1, 1, 0}}},
        {"dot products overflow", {{{U::max, U::max, 0}, {U::max, 0, 0}}, {1, 1, 0}}},
        {"projections beyond FLT_MAX", {{{U::max, 0, 0}, {-U::max, 0, 0}}, {2, 0, 0}}},
    };
    s.seeds = {
        {"seed 002 ExtremePointAlongDirection: 1 and 1 + 2^-30 round to one float",
         {{{1, 0, 0}, {1, T(0x1p-30), 0}}, {1, 1, 0}}},
        {"seed 002 ExtremePointAlongDirection: 1 and 1 + 2^-30, reversed direction",
         {{{1, 0, 0}, {1, T(0x1p-30), 0}}, {-1, -1, 0}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(ExtremePoints, "extreme_points", extreme_points_spec);

template <class T, std::size_t N = 3>
Spec<chk::BoundsOfSphere<T, N>> bounds_of_sphere_spec() {
  Spec<chk::BoundsOfSphere<T, N>> s{"bounds_of_sphere", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto c = chk::ex(k.c);
    const Q r = ref::exact(k.r).value();
    if (r == 0) f.insert("FlatBox");
    for (std::size_t i = 0; i < N; ++i)
      if (overflows<T>(c[i] - r) || overflows<T>(c[i] + r)) f.insert("Overflow");
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    using U = Num<T>;
    s.constructed = {
        {"radius 0: a point box", {{1, 2, 3}, 0}},
        {"c + r overflows", {{U::max, 0, -U::max}, U::max}},
        {"subnormal radius", {{0, 1, U::tiny}, U::tiny}},
        {"c ± r not representable", {{1, 1, 1}, T(0x1p-30)}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(BoundsOfSphere, "bounds_of_sphere", bounds_of_sphere_spec);

/// The products M[i][j]·x[j] of a transform, and its exact result bounds.
template <class T, std::size_t N>
void transform_overflow(Flags& f, const chk::Mat<T, N>& m, const std::vector<ref::Vec<N>>& xs,
                        const ref::Box<N>& result) {
  const auto em = chk::ex_matrix<T, N>(m);
  for (std::size_t i = 0; i < N; ++i) {
    for (std::size_t j = 0; j < N; ++j)
      for (const auto& x : xs)
        if (overflows<T>(em[i][j] * x[j])) f.insert("Overflow");
    if (overflows<T>(result.lo[i]) || overflows<T>(result.hi[i])) f.insert("Overflow");
  }
}

template <class T, std::size_t N = 3>
Spec<chk::Transform<T, N>> transform_spec() {
  Spec<chk::Transform<T, N>> s{"transform", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    flat_flags(f, b);
    transform_overflow<T, N>(f, k.m, {b.lo, b.hi},
                          ref::transform(b, chk::ex_matrix<T, N>(k.m), chk::ex(k.t)).value());
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    s.wrong_listings = listings_wrong<chk::Transform<T>>({
        {&lst::seed002_transform<T>, "seed 002 UpdateAABB (min-max)"},
    });
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    const chk::Mat<T, 3> id{1, 0, 0, 0, 1, 0, 0, 0, 1}, rot{0, -1, 0, 1, 0, 0, 0, 0, 1};
    using U = Num<T>;
    s.constructed = {
        {"identity", {o, one, id, o}},
        {"quarter turn about z and a translation", {o, one, rot, {1, 2, 3}}},
        {"reflection", {o, one, {-1, 0, 0, 0, 1, 0, 0, 0, -1}, o}},
        {"singular matrix: a flat result", {{-1, -1, -1}, one, {1, 1, 0, 1, 1, 0, 0, 0, 0}, o}},
        {"products overflow", {{-2, -2, -2}, {2, 2, 2}, {U::max, 0, 0, 0, 1, 0, 0, 0, 1}, o}},
        {"rounded products: 1/3 and 0.1",
         {{T(0.1), 0, 0}, {1, 1, 1}, {T(1.0 / 3), T(0.1), 0, 0, 1, 0, 0, 0, 1}, {T(0.1), 0, 0}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Transform, "transform", transform_spec);

template <class T, std::size_t N = 3>
Spec<chk::TransformCe<T, N>> transform_ce_spec() {
  Spec<chk::TransformCe<T, N>> s{"transform_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto box = chk::ex_ce(k.c, k.e);
    const auto em = chk::ex_matrix<T, N>(k.m);
    flat_flags(f, ref::to_min_max(box));
    const auto r = ref::transform(box, em, chk::ex(k.t)).value();
    for (std::size_t i = 0; i < N; ++i) {
      for (std::size_t j = 0; j < N; ++j)
        if (overflows<T>(em[i][j] * box.center[j]) || overflows<T>(absq(em[i][j]) * box.extent[j]))
          f.insert("Overflow");
      if (overflows<T>(r.center[i]) || overflows<T>(r.extent[i])) f.insert("Overflow");
    }
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    s.wrong_listings = listings_wrong<chk::TransformCe<T>>({
        {&lst::seed002_transform_ce<T>, "seed 002 UpdateAABB (centre-radius)"},
    });
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    const chk::Mat<T, 3> id{1, 0, 0, 0, 1, 0, 0, 0, 1}, rot{0, -1, 0, 1, 0, 0, 0, 0, 1};
    using U = Num<T>;
    s.constructed = {
        {"identity", {o, one, id, o}},
        {"quarter turn about z and a translation", {one, {1, 2, 3}, rot, {1, 2, 3}}},
        {"zero extent", {one, o, rot, o}},
        {"products overflow", {{2, 0, 0}, {2, 1, 1}, {U::max, 0, 0, 0, 1, 0, 0, 0, 1}, o}},
        {"rounded products: 1/3 and 0.1",
         {{T(0.1), 0, 0}, {T(0.1), 1, 1}, {T(1.0 / 3), T(0.1), 0, 0, 1, 0, 0, 0, 1}, {T(0.1), 0, 0}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Transform, "transform_ce", transform_ce_spec);

template <class T, std::size_t N = 3>
Spec<chk::HillClimb<T, N>> hill_climb_spec() {
  Spec<chk::HillClimb<T, N>> s{"hill_climb", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto r =
        ref::hill_climb(chk::ex_points(k.points), k.neighbors, chk::ex(k.dir), k.start).value();
    if (r.indices.size() > 1) f.insert("Tie");
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    // {points, neighbors, dir, start}
    s.constructed = {
        {"square, an edge on the plateau",
         {{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}},
          {{1, 3}, {0, 2}, {1, 3}, {0, 2}},
          {0, 1, 0},
          1}},
        {"square, one top vertex",
         {{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}},
          {{1, 3}, {0, 2}, {1, 3}, {0, 2}},
          {1, 1, 0},
          0}},
        {"a false local maximum: not convex",
         {{{1, 0, 0}, {0, 0, 0}, {3, 0, 0}}, {{1}, {0, 2}, {1}}, {1, 0, 0}, 0}},
        {"zero direction: every vertex",
         {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{1, 2}, {0, 2}, {0, 1}}, {0, 0, 0}, 2}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(HillClimb, "hill_climb", hill_climb_spec);

}  // namespace aabb::vectors
