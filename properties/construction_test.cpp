// Properties of the reference's construction and update ops: bounds_of_points,
// bounds_of_sphere, extreme_points, transform (both forms), hill_climb.

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include "axis_map.hpp"
#include "checks.hpp"
#include "aabb/cases/generators.hpp"

namespace {

using namespace aabb::props::exact_names;

template <std::size_t N>
using Points = std::vector<ref::Vec<N>>;

template <std::size_t N>
Points<N> mapped(const gen::AxisMap<N>& m, const Points<N>& ps) {
  Points<N> r;
  for (const auto& p : ps) r.push_back(m.point(p));
  return r;
}

template <std::size_t N>
void bounds_of_points_properties() {
  rc::prop("the bounds contain every point and each bound is attained by a point" + dim<N>(), [] {
    const auto ps = *gen::points<Rational, N>();
    RC_CLASSIFY(ps.size() == 1, "one point");
    const auto b = ref::bounds_of_points(ps).value();
    for (const auto& p : ps) RC_ASSERT(ref::contains(b, p).value());
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(std::any_of(ps.begin(), ps.end(), [&](const auto& p) { return p[i] == b.lo[i]; }));
      RC_ASSERT(std::any_of(ps.begin(), ps.end(), [&](const auto& p) { return p[i] == b.hi[i]; }));
    }
  });

  rc::prop("the bounds do not depend on the order of the points" + dim<N>(), [] {
    const auto ps = *gen::points<Rational, N>();
    const auto order = *gen::permutation(ps.size());
    Points<N> shuffled;
    for (std::size_t k : order) shuffled.push_back(ps[k]);
    RC_ASSERT(ref::bounds_of_points(shuffled).value() == ref::bounds_of_points(ps).value());
  });

  rc::prop("the bounds of a box's corners are the box" + dim<N>(), [] {
    const auto b = *gen::box<Rational, N>();
    RC_ASSERT(ref::bounds_of_points(props::corners(b)).value() == b);
  });

  metamorphic<N>("the bounds mapped alike", [](const gen::AxisMap<N>& m) {
    const auto ps = *gen::points<Rational, N>();
    RC_ASSERT(ref::bounds_of_points(mapped(m, ps)).value() ==
              m.box(ref::bounds_of_points(ps).value()));
  });
}

template <std::size_t N>
void bounds_of_sphere_properties() {
  rc::prop("the bounds of a sphere are the bounds of its 2N axis points c ± r·e_i" + dim<N>(), [] {
    const auto c = *gen::vec<Rational, N>();
    const Rational r = *gen::nonnegative<Rational>();
    RC_CLASSIFY(r == 0, "r = 0");
    Points<N> ps;
    for (std::size_t i = 0; i < N; ++i) {
      auto p = c, q = c;
      p[i] += r;
      q[i] -= r;
      ps.push_back(p);
      ps.push_back(q);
    }
    RC_ASSERT(ref::bounds_of_sphere(c, r).value() == ref::bounds_of_points(ps).value());
  });

  metamorphic<N>("the bounds mapped alike", [](const gen::AxisMap<N>& m) {
    const auto c = *gen::vec<Rational, N>();
    const Rational r = *gen::nonnegative<Rational>();
    RC_ASSERT(ref::bounds_of_sphere(m.point(c), Rational(m.scale * r)).value() ==
              m.box(ref::bounds_of_sphere(c, r).value()));
  });
}

/// Lowest indices of the least and the greatest dot(P[i], d), by brute force.
template <std::size_t N>
ref::Extremes brute_extremes(const Points<N>& ps, const ref::Vec<N>& d) {
  ref::Extremes e;
  for (std::size_t k = 0; k < ps.size(); ++k) {
    const Rational v = ref::dot(ps[k], d);
    bool lowest = true, highest = true;
    for (std::size_t j = 0; j < ps.size(); ++j) {
      const Rational w = ref::dot(ps[j], d);
      if (w < v || (w == v && j < k)) lowest = false;
      if (w > v || (w == v && j < k)) highest = false;
    }
    if (lowest) e.i_min = k;
    if (highest) e.i_max = k;
  }
  return e;
}

template <std::size_t N>
void extreme_points_properties() {
  rc::prop(
      "extreme_points agrees with a brute force over exact dot products, lowest index on ties" +
          dim<N>(),
      [] {
        const auto ps = *gen::points<Rational, N>();
        const auto d = *gen::direction_for(ps);
        const auto e = brute_extremes(ps, d);
        bool tie = false;
        for (std::size_t k = 0; k < ps.size(); ++k)
          if (k != e.i_max && ref::dot(ps[k], d) == ref::dot(ps[e.i_max], d)) tie = true;
        RC_CLASSIFY(tie, "tie at the maximum");
        RC_CLASSIFY(props::is_zero(d), "zero direction");
        RC_ASSERT(ref::extreme_points(ps, d).value() == e);
      });

  rc::prop("reversing the direction swaps the extremes when there are no ties" + dim<N>(), [] {
    const auto ps = *gen::points<Rational, N>();
    const auto d = *gen::direction_for(ps);
    ref::Vec<N> minus_d;
    for (std::size_t i = 0; i < N; ++i) minus_d[i] = -d[i];
    const auto e = ref::extreme_points(ps, d).value();
    const auto f = ref::extreme_points(ps, minus_d).value();
    std::size_t at_min = 0, at_max = 0;
    for (const auto& p : ps) {
      at_min += ref::dot(p, d) == ref::dot(ps[e.i_min], d);
      at_max += ref::dot(p, d) == ref::dot(ps[e.i_max], d);
    }
    RC_PRE(at_min == 1 && at_max == 1);
    RC_ASSERT(f.i_min == e.i_max);
    RC_ASSERT(f.i_max == e.i_min);
  });

  metamorphic<N>("the same indices", [](const gen::AxisMap<N>& m) {
    const auto ps = *gen::points<Rational, N>();
    const auto d = *gen::direction_for(ps);
    RC_ASSERT(ref::extreme_points(mapped(m, ps), m.linear(d)).value() ==
              ref::extreme_points(ps, d).value());
  });
}

/// M·x + t.
template <std::size_t N>
ref::Vec<N> apply(const ref::Matrix<N>& m, const ref::Vec<N>& x, const ref::Vec<N>& t) {
  ref::Vec<N> y = t;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < N; ++j) y[i] += m[i][j] * x[j];
  return y;
}

template <std::size_t N>
void transform_properties() {
  rc::prop(
      "the box contains the image of every corner, and each bound is attained by one" + dim<N>(),
      [] {
        const auto b = *gen::box<Rational, N>();
        const auto m = *gen::matrix<Rational, N>();
        const auto t = *gen::vec<Rational, N>();
        const auto r = ref::transform(b, m, t).value();
        Points<N> images;
        for (const auto& c : props::corners(b)) images.push_back(apply(m, c, t));
        for (const auto& y : images) RC_ASSERT(ref::contains(r, y).value());
        for (std::size_t i = 0; i < N; ++i) {
          RC_ASSERT(std::any_of(images.begin(), images.end(),
                                [&](const auto& y) { return y[i] == r.lo[i]; }));
          RC_ASSERT(std::any_of(images.begin(), images.end(),
                                [&](const auto& y) { return y[i] == r.hi[i]; }));
        }
      });

  rc::prop("the box contains the image of every sampled point of the input" + dim<N>(), [] {
    const auto b = *gen::box<Rational, N>();
    const auto m = *gen::matrix<Rational, N>();
    const auto t = *gen::vec<Rational, N>();
    const auto r = ref::transform(b, m, t).value();
    for (int k = 0; k < 4; ++k) RC_ASSERT(ref::contains(r, apply(m, *gen::point_in(b), t)).value());
  });

  rc::prop("the centre–extent form agrees with the min–max form via to_min_max" + dim<N>(), [] {
    const auto ce = *gen::center_extent<Rational, N>();
    const auto m = *gen::matrix<Rational, N>();
    const auto t = *gen::vec<Rational, N>();
    RC_ASSERT(ref::to_min_max(ref::transform(ce, m, t).value()) ==
              ref::transform(ref::to_min_max(ce), m, t).value());
  });

  rc::prop("the centre–extent form gives c' = M·c + t and e' = |M|·e" + dim<N>(), [] {
    const auto ce = *gen::center_extent<Rational, N>();
    const auto m = *gen::matrix<Rational, N>();
    const auto t = *gen::vec<Rational, N>();
    const auto r = ref::transform(ce, m, t).value();
    RC_ASSERT(r.center == apply(m, ce.center, t));
    ref::Matrix<N> abs_m;
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t j = 0; j < N; ++j) abs_m[i][j] = m[i][j] < 0 ? Rational(-m[i][j]) : m[i][j];
    RC_ASSERT(r.extent == apply(abs_m, ce.extent, ref::Vec<N>{}));
  });

  rc::prop("the identity with translation t translates the box by t" + dim<N>(), [] {
    const auto b = *gen::box<Rational, N>();
    const auto t = *gen::vec<Rational, N>();
    RC_ASSERT(ref::transform(b, gen::identity<Rational, N>(), t).value() ==
              (ref::Box<N>{props::plus(b.lo, t), props::plus(b.hi, t)}));
  });

  metamorphic<N>("the box mapped alike", [](const gen::AxisMap<N>& mp) {
    const auto b = *gen::box<Rational, N>();
    const auto m = *gen::matrix<Rational, N>();
    const auto t = *gen::vec<Rational, N>();
    RC_ASSERT(ref::transform(mp.box(b), mp.matrix(m), mp.translation(m, t)).value() ==
              mp.box(ref::transform(b, m, t).value()));
    const auto ce = ref::to_center_extent(b);
    RC_ASSERT(ref::transform(mp.box(ce), mp.matrix(m), mp.translation(m, t)).value() ==
              mp.box(ref::transform(ce, m, t).value()));
  });
}

template <std::size_t N>
using Graph = gen::Graph<Rational, N>;

/// The greatest value and every index attaining it, by brute force.
template <std::size_t N>
ref::HillClimb brute_maximum(const Graph<N>& g, const ref::Vec<N>& d) {
  ref::HillClimb r{ref::dot(g.points[0], d), {}};
  for (const auto& p : g.points) r.value = std::max(r.value, Rational(ref::dot(p, d)));
  for (std::size_t v = 0; v < g.points.size(); ++v)
    if (ref::dot(g.points[v], d) == r.value) r.indices.push_back(v);
  return r;
}

/// Whether every vertex below the maximum has a neighbour strictly above it.
template <std::size_t N>
bool climbable(const Graph<N>& g, const ref::Vec<N>& d) {
  const Rational top = brute_maximum(g, d).value;
  for (std::size_t v = 0; v < g.points.size(); ++v) {
    const Rational here = ref::dot(g.points[v], d);
    if (here == top) continue;
    if (std::none_of(g.neighbors[v].begin(), g.neighbors[v].end(),
                     [&](std::size_t u) { return ref::dot(g.points[u], d) > here; }))
      return false;
  }
  return true;
}

template <std::size_t N>
void hill_climb_properties() {
  rc::prop("on a box's vertex graph it returns the brute-force maximum from every start" + dim<N>(),
           [] {
             const auto g = *gen::box_vertex_graph<Rational, N>();
             const auto d = *gen::direction_for(g.points);
             const auto expected = brute_maximum(g, d);
             RC_CLASSIFY(expected.indices.size() > 1, "plateau at the top");
             RC_CLASSIFY(props::has_zero(d), "zero direction component");
             for (std::size_t start = 0; start < g.points.size(); ++start)
               RC_ASSERT(ref::hill_climb(g.points, g.neighbors, d, start).value() == expected);
           });

  rc::prop("a graph with a planted local maximum that is not global is rejected" + dim<N>(), [] {
    auto g = *gen::box_vertex_graph<Rational, N>();
    auto d = *gen::direction_for(g.points);
    if (props::is_zero(d)) d[0] = 1;
    const auto top = brute_maximum(g, d);
    std::vector<std::size_t> below;
    for (std::size_t v = 0; v < g.points.size(); ++v)
      if (ref::dot(g.points[v], d) < top.value) below.push_back(v);
    if (!below.empty() && *gen::chance(50)) {
      // Cut a lower vertex's edges to every vertex above it.
      const std::size_t v = *rc::gen::elementOf(below);
      const Rational here = ref::dot(g.points[v], d);
      std::erase_if(g.neighbors[v], [&](std::size_t u) { return ref::dot(g.points[u], d) > here; });
      RC_TAG("cut upward edges");
    } else {
      // Add a vertex below every other one, joined only to vertices no higher than itself.
      auto q = g.points[top.indices[0]];
      for (std::size_t i = 0; i < N; ++i) q[i] -= d[i] * (1 + static_cast<int>(g.points.size()));
      const Rational here = ref::dot(q, d);
      std::vector<std::size_t> lower;
      for (std::size_t v = 0; v < g.points.size(); ++v)
        if (ref::dot(g.points[v], d) <= here) lower.push_back(v);
      g.points.push_back(q);
      g.neighbors.push_back(lower);
      RC_TAG("added a lower vertex");
    }
    RC_ASSERT_FALSE(climbable(g, d));
    for (std::size_t start = 0; start < g.points.size(); ++start) {
      const auto r = ref::hill_climb(g.points, g.neighbors, d, start);
      RC_ASSERT_FALSE(r.ok());
      RC_ASSERT(r.error().kind == aabb::ErrorKind::InvalidInput);
    }
  });

  rc::prop(
      "a random graph is accepted exactly when every vertex below the maximum has a higher "
      "neighbour" +
          dim<N>(),
      [] {
        const auto g = *gen::random_graph<Rational, N>();
        const auto d = *gen::direction_for(g.points);
        const auto start =
            static_cast<std::size_t>(*gen::int_in(0, static_cast<int>(g.points.size()) - 1));
        const bool valid = climbable(g, d);
        RC_CLASSIFY(valid, "valid");
        const auto r = ref::hill_climb(g.points, g.neighbors, d, start);
        RC_ASSERT(r.ok() == valid);
        if (valid) RC_ASSERT(r.value() == brute_maximum(g, d));
      });

  metamorphic<N>("the same indices", [](const gen::AxisMap<N>& m) {
    const auto g = *gen::box_vertex_graph<Rational, N>();
    const auto d = *gen::direction_for(g.points);
    const auto r = ref::hill_climb(g.points, g.neighbors, d, 0).value();
    const auto s = ref::hill_climb(mapped(m, g.points), g.neighbors, m.linear(d), 0).value();
    RC_ASSERT(s.indices == r.indices);
    // dot(φ(p), L·d) = scale²·dot(p, d) + dot(shift, L·d).
    RC_ASSERT(s.value == m.scale * m.scale * r.value + ref::dot(m.shift, m.linear(d)));
  });
}

}  // namespace

TEST_CASE("reference::bounds_of_points") {
  bounds_of_points_properties<2>();
  bounds_of_points_properties<3>();
}

TEST_CASE("reference::bounds_of_sphere") {
  bounds_of_sphere_properties<2>();
  bounds_of_sphere_properties<3>();
}

TEST_CASE("reference::extreme_points") {
  extreme_points_properties<2>();
  extreme_points_properties<3>();
}

TEST_CASE("reference::transform") {
  transform_properties<2>();
  transform_properties<3>();
}

TEST_CASE("reference::hill_climb") {
  hill_climb_properties<2>();
  hill_climb_properties<3>();
}
