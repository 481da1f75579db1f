// Properties of the reference's static tests: contains, overlap, intersection, union, contains_box,
// classify.

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include "axis_map.hpp"
#include "checks.hpp"
#include "aabb/cases/generators.hpp"

namespace {

using namespace aabb::props::exact_names;

template <std::size_t N>
ref::Box<N> any_box() {
  return aabb::geometry::map(*gen::box<Rational, N>(), ref::exact_value);
}

template <std::size_t N>
gen::BoxPair<Rational, N> any_pair() {
  const auto p = *gen::box_pair<Rational, N>();
  RC_TAG(aabb::props::pair_class(p.a, p.b));
  RC_CLASSIFY(aabb::props::is_flat(p.a) || aabb::props::is_flat(p.b), "flat");
  RC_CLASSIFY(aabb::props::extreme_magnitude(p.a) || aabb::props::extreme_magnitude(p.b),
              "huge or tiny");
  return p;
}

template <std::size_t N>
void contains_properties() {
  rc::prop("contains agrees with the point lying in every slab" + dim<N>(), [] {
    const auto box = any_box<N>();
    const auto p = *gen::point_near(box);
    bool in_every_slab = true;
    for (std::size_t i = 0; i < N; ++i)
      in_every_slab = in_every_slab && box.lo[i] <= p[i] && p[i] <= box.hi[i];
    RC_CLASSIFY(in_every_slab, "inside");
    RC_CLASSIFY(!in_every_slab, "outside");
    RC_ASSERT(ref::contains(box, p).value() == in_every_slab);
  });

  rc::prop("every corner of a box is contained in it" + dim<N>(), [] {
    const auto box = any_box<N>();
    for (const auto& c : aabb::props::corners(box)) RC_ASSERT(ref::contains(box, c).value());
  });

  rc::prop("a point one ulp outside a face is not contained" + dim<N>(), [] {
    auto box = any_box<N>();
    const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
    box.lo[i] = gen::snap(box.lo[i]);
    box.hi[i] = std::max(box.hi[i], box.lo[i]);
    auto p = *gen::point_near(box);
    p[i] = gen::ulp_step(box.lo[i], -1);
    RC_PRE(p[i] < box.lo[i]);  // only fails at -DBL_MAX, which has no neighbour below
    RC_ASSERT_FALSE(ref::contains(box, p).value());
  });

  rc::prop("the centre–extent form agrees with the min–max form via to_min_max" + dim<N>(), [] {
    const auto ce = aabb::geometry::map(*gen::center_extent<Rational, N>(), ref::exact_value);
    const auto mm = ref::to_min_max(ce);
    const auto p = *gen::point_near(mm);
    RC_ASSERT(ref::contains(ce, p).value() == ref::contains(mm, p).value());
  });

  rc::prop("to_center_extent and to_min_max are inverse" + dim<N>(), [] {
    const auto box = any_box<N>();
    RC_ASSERT(ref::to_min_max(ref::to_center_extent(box)) == box);
  });

  metamorphic<N>("the same answer", [](const gen::AxisMap<N>& m) {
    const auto box = any_box<N>();
    const auto p = *gen::point_near(box);
    RC_ASSERT(ref::contains(m.box(box), m.point(p)).value() == ref::contains(box, p).value());
    const auto ce = ref::to_center_extent(box);
    RC_ASSERT(ref::contains(m.box(ce), m.point(p)).value() == ref::contains(ce, p).value());
  });
}

template <std::size_t N>
void overlap_properties() {
  rc::prop("overlap holds exactly when the intersection exists" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    RC_ASSERT(ref::overlap(a, b).value() == ref::intersection(a, b).value().has_value());
  });

  rc::prop("overlap agrees with a brute-force search for a common point" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    // A common point exists iff, on every axis, the larger lo is <= the smaller hi; the
    // candidate point is made of those larger lo values.
    ref::Vec<N> candidate;
    for (std::size_t i = 0; i < N; ++i) candidate[i] = std::max(a.lo[i], b.lo[i]);
    const bool common = ref::contains(a, candidate).value() && ref::contains(b, candidate).value();
    RC_ASSERT(ref::overlap(a, b).value() == common);
  });

  rc::prop("swapping the two boxes leaves overlap unchanged" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    RC_ASSERT(ref::overlap(a, b).value() == ref::overlap(b, a).value());
  });

  rc::prop("the centre–extent form agrees with the min–max form via to_min_max" + dim<N>(), [] {
    // Independent centre–extent boxes, or a constructed pair (touching, nested...) converted.
    ref::CenterExtent<N> a, b;
    if (*gen::chance(40)) {
      a = aabb::geometry::map(*gen::center_extent<Rational, N>(), ref::exact_value);
      b = aabb::geometry::map(*gen::center_extent<Rational, N>(), ref::exact_value);
    } else {
      const auto p = any_pair<N>();
      a = ref::to_center_extent(p.a);
      b = ref::to_center_extent(p.b);
    }
    const bool expected = ref::overlap(ref::to_min_max(a), ref::to_min_max(b)).value();
    RC_CLASSIFY(expected, "overlap");
    RC_ASSERT(ref::overlap(a, b).value() == expected);
  });

  metamorphic<N>("the same answer", [](const gen::AxisMap<N>& m) {
    const auto [a, b] = any_pair<N>();
    RC_ASSERT(ref::overlap(m.box(a), m.box(b)).value() == ref::overlap(a, b).value());
  });
}

template <std::size_t N>
void intersection_properties() {
  rc::prop("the intersection lies in both boxes, and so does each of its corners" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    const auto r = ref::intersection(a, b).value();
    RC_PRE(r.has_value());
    RC_ASSERT(aabb::props::within(*r, a));
    RC_ASSERT(aabb::props::within(*r, b));
    for (const auto& c : aabb::props::corners(*r)) {
      RC_ASSERT(ref::contains(a, c).value());
      RC_ASSERT(ref::contains(b, c).value());
    }
  });

  rc::prop("any box inside both boxes lies inside the intersection" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    // A candidate box from the four bounds of each axis and points between them; kept only when
    // its two extreme corners (and so the whole box) lie in both boxes.
    ref::Box<N> c;
    for (std::size_t i = 0; i < N; ++i) {
      std::vector<Rational> v{a.lo[i], a.hi[i], b.lo[i], b.hi[i]};
      const auto x = *rc::gen::elementOf(v), y = *rc::gen::elementOf(v);
      const auto z = *rc::gen::elementOf(v);
      v.push_back((x + y) / 2);
      v.push_back((x + z) / 2);
      const auto p = *rc::gen::elementOf(v), q = *rc::gen::elementOf(v);
      c.lo[i] = std::min(p, q);
      c.hi[i] = std::max(p, q);
    }
    const bool in_both = aabb::props::within(c, a) && aabb::props::within(c, b);
    RC_CLASSIFY(in_both, "candidate in both");
    const auto r = ref::intersection(a, b).value();
    if (in_both) {
      RC_ASSERT(r.has_value());
      RC_ASSERT(aabb::props::within(c, *r));
    }
  });

  rc::prop("boxes without an intersection share none of the sampled points" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    RC_PRE(!ref::intersection(a, b).value().has_value());
    for (int k = 0; k < 8; ++k) {
      const auto p = *gen::point_near(*gen::chance(50) ? a : b);
      RC_ASSERT_FALSE(ref::contains(a, p).value() && ref::contains(b, p).value());
    }
  });

  rc::prop("a box nested in another is its intersection with it" + dim<N>(), [] {
    const auto [a, b] = *gen::nested_pair<Rational, N>();
    RC_TAG(aabb::props::pair_class(a, b));
    RC_ASSERT(ref::intersection(a, b).value() == std::optional<ref::Box<N>>(a));
    RC_ASSERT(ref::intersection(b, a).value() == std::optional<ref::Box<N>>(a));
  });

  rc::prop("swapping the two boxes leaves the intersection unchanged" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    RC_ASSERT(ref::intersection(a, b).value() == ref::intersection(b, a).value());
  });

  metamorphic<N>("the intersection mapped alike", [](const gen::AxisMap<N>& m) {
    const auto [a, b] = any_pair<N>();
    const auto r = ref::intersection(a, b).value();
    const auto mapped = ref::intersection(m.box(a), m.box(b)).value();
    RC_ASSERT(mapped.has_value() == r.has_value());
    if (r) RC_ASSERT(*mapped == m.box(*r));
  });
}

template <std::size_t N>
void union_properties() {
  rc::prop("the union contains both boxes" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    const auto u = ref::union_of(a, b).value();
    RC_ASSERT(aabb::props::within(a, u));
    RC_ASSERT(aabb::props::within(b, u));
  });

  rc::prop("each face of the union is touched by one of the boxes" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    const auto u = ref::union_of(a, b).value();
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(u.lo[i] == a.lo[i] || u.lo[i] == b.lo[i]);
      RC_ASSERT(u.hi[i] == a.hi[i] || u.hi[i] == b.hi[i]);
    }
  });

  rc::prop("the union of a box and a box nested in it is the outer box" + dim<N>(), [] {
    const auto [a, b] = *gen::nested_pair<Rational, N>();
    RC_TAG(aabb::props::pair_class(a, b));
    RC_ASSERT(ref::union_of(a, b).value() == b);
  });

  rc::prop("swapping the two boxes leaves the union unchanged" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    RC_ASSERT(ref::union_of(a, b).value() == ref::union_of(b, a).value());
  });

  metamorphic<N>("the union mapped alike", [](const gen::AxisMap<N>& m) {
    const auto [a, b] = any_pair<N>();
    RC_ASSERT(ref::union_of(m.box(a), m.box(b)).value() == m.box(ref::union_of(a, b).value()));
  });
}

/// The boundary conventions of contract §4 (check --boundary, eval "boundary"), against the
/// closed rule: each is the closed test minus exactly the boundary cases it excludes.
template <std::size_t N>
void boundary_properties() {
  rc::prop("strict contains is closed contains off every face; half-open keeps the min faces" + dim<N>(), [] {
    const auto box = any_box<N>();
    const auto p = *gen::point_near(box);
    bool on_min = false, on_max = false;
    for (std::size_t i = 0; i < N; ++i) {
      on_min = on_min || p[i] == box.lo[i];
      on_max = on_max || p[i] == box.hi[i];
    }
    const bool closed = ref::contains(box, p).value();
    RC_CLASSIFY(closed && (on_min || on_max), "on the boundary");
    RC_ASSERT(ref::contains(box, p, ref::Boundary::Closed).value() == closed);
    RC_ASSERT(ref::contains(box, p, ref::Boundary::Strict).value() == (closed && !on_min && !on_max));
    RC_ASSERT(ref::contains(box, p, ref::Boundary::HalfOpen).value() == (closed && !on_max));
    // The centre–extent form is the min–max rule on [c - e, c + e].
    const auto ce = ref::to_center_extent(box);
    for (auto b : {ref::Boundary::Strict, ref::Boundary::HalfOpen})
      RC_ASSERT(ref::contains(ce, p, b).value() == ref::contains(box, p, b).value());
  });

  rc::prop("strict overlap is closed overlap without touching on any axis; half-open is strict" + dim<N>(), [] {
    const auto [a, b] = any_pair<N>();
    bool touching = false;
    for (std::size_t i = 0; i < N; ++i) touching = touching || a.lo[i] == b.hi[i] || b.lo[i] == a.hi[i];
    const bool closed = ref::overlap(a, b).value();
    RC_CLASSIFY(closed && touching, "touching");
    // A flat box crossing another: still overlapping under strict (comparisons, not open sets).
    const bool strict = ref::overlap(a, b, ref::Boundary::Strict).value();
    RC_ASSERT(strict == (closed && !touching));
    RC_ASSERT(ref::overlap(a, b, ref::Boundary::HalfOpen).value() == strict);
    RC_ASSERT(ref::overlap(b, a, ref::Boundary::Strict).value() == strict);
    RC_ASSERT(ref::overlap(ref::to_center_extent(a), ref::to_center_extent(b), ref::Boundary::Strict).value() == strict);
  });
}

/// A pair aimed at containment's edges (b nested in a, one ulp out or in), tagged with its class.
template <std::size_t N>
gen::BoxPair<Rational, N> containment_pair() {
  const auto p = *gen::containment_pair<Rational, N>();
  RC_TAG(ref::to_string(ref::classify(p.a, p.b).value()));
  return p;
}

template <std::size_t N>
void containment_properties() {
  rc::prop("contains_box holds exactly when every corner of b lies in a" + dim<N>(), [] {
    const auto [a, b] = containment_pair<N>();
    bool corners_in = true;
    for (const auto& c : aabb::props::corners(b)) corners_in = corners_in && ref::contains(a, c).value();
    RC_ASSERT(ref::contains_box(a, b).value() == corners_in);
  });

  rc::prop("contains_box holds exactly when the intersection is b and when the union is a" + dim<N>(), [] {
    const auto [a, b] = containment_pair<N>();
    const bool in = ref::contains_box(a, b).value();
    RC_ASSERT(in == (ref::intersection(a, b).value() == std::optional<ref::Box<N>>(b)));
    RC_ASSERT(in == (ref::union_of(a, b).value() == a));
  });

  rc::prop("a box contains itself, and two boxes contain each other only when equal" + dim<N>(), [] {
    const auto [a, b] = containment_pair<N>();
    RC_ASSERT(ref::contains_box(a, a).value());
    if (ref::contains_box(a, b).value() && ref::contains_box(b, a).value()) RC_ASSERT(a == b);
  });

  rc::prop("classify is contains_box, else overlap, else disjoint" + dim<N>(), [] {
    const auto [a, b] = containment_pair<N>();
    const auto c = ref::classify(a, b).value();
    RC_ASSERT((c == ref::Containment::Contains) == ref::contains_box(a, b).value());
    RC_ASSERT((c == ref::Containment::Disjoint) == !ref::overlap(a, b).value());
  });

  metamorphic<N>("the same containment and class", [](const gen::AxisMap<N>& m) {
    const auto [a, b] = containment_pair<N>();
    RC_ASSERT(ref::contains_box(m.box(a), m.box(b)).value() == ref::contains_box(a, b).value());
    RC_ASSERT(ref::classify(m.box(a), m.box(b)).value() == ref::classify(a, b).value());
  });
}

}  // namespace

TEST_CASE("reference::contains") {
  contains_properties<2>();
  contains_properties<3>();
}

TEST_CASE("reference::overlap") {
  overlap_properties<2>();
  overlap_properties<3>();
}

TEST_CASE("reference::contains and overlap under the boundary conventions") {
  boundary_properties<2>();
  boundary_properties<3>();
}

TEST_CASE("reference::intersection") {
  intersection_properties<2>();
  intersection_properties<3>();
}

TEST_CASE("reference::union_of") {
  union_properties<2>();
  union_properties<3>();
}

TEST_CASE("reference::contains_box and classify") {
  containment_properties<2>();
  containment_properties<3>();
}
