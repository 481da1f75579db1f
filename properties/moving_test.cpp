// Properties of the reference's moving tests: sweep, sweep_ce, moving_vs_static, ray.

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include "axis_map.hpp"
#include "checks.hpp"
#include "aabb/cases/generators.hpp"

namespace {

using namespace aabb::props::exact_names;

template <std::size_t N>
using Sweep = gen::SweepCase<Rational, N>;

template <std::size_t N>
ref::SweepResult sweep_of(const Sweep<N>& c) {
  return ref::sweep(c.a, c.da, c.b, c.db).value();
}

/// A generated sweep, with its outcome classified.
template <std::size_t N>
Sweep<N> any_sweep() {
  const auto c = *gen::sweep_case<Rational, N>();
  const auto r = sweep_of(c);
  RC_CLASSIFY(!r.hit, "miss");
  RC_CLASSIFY(r.hit && *r.t_first == *r.t_last, "single-instant");
  RC_CLASSIFY(r.hit && *r.t_first == 0, "t=0");
  RC_CLASSIFY(r.hit && *r.t_last == 1, "t=1");
  RC_CLASSIFY(r.hit && *r.t_first == 0 && *r.t_last < 1, "apart");
  RC_CLASSIFY(r.hit && 0 < *r.t_first && *r.t_first < *r.t_last && *r.t_last < 1, "interior");
  RC_CLASSIFY(props::minus(c.db, c.da) == ref::Vec<N>{}, "no relative motion");
  return c;
}

/// ε > 0 with t - ε >= lo: (t - lo) / 2^k for a random k, so ε is small and sometimes all of it.
Rational step_back(const Rational& t, const Rational& lo) {
  return (t - lo) / gen::exact_power_of_two(*gen::int_in(0, 70));
}

template <std::size_t N>
void sweep_properties() {
  rc::prop("zero displacements give overlap, over the whole of [0, 1]" + dim<N>(), [] {
    const auto p = *gen::box_pair<Rational, N>();
    RC_TAG(props::pair_class(p.a, p.b));
    const ref::Vec<N> zero{};
    const auto r = ref::sweep(p.a, zero, p.b, zero).value();
    const bool hit = ref::overlap(p.a, p.b).value();
    RC_ASSERT(r.hit == hit);
    if (hit) {
      RC_ASSERT(*r.t_first == 0);
      RC_ASSERT(*r.t_last == 1);
    }
  });

  rc::prop("the boxes overlap at t_first and at t_last" + dim<N>(), [] {
    const auto c = any_sweep<N>();
    const auto r = sweep_of(c);
    RC_PRE(r.hit);
    RC_ASSERT(Rational(0) <= *r.t_first);
    RC_ASSERT(*r.t_first <= *r.t_last);
    RC_ASSERT(*r.t_last <= Rational(1));
    RC_ASSERT(props::overlap_at(c, *r.t_first));
    RC_ASSERT(props::overlap_at(c, *r.t_last));
  });

  rc::prop("the boxes do not overlap just before t_first nor just after t_last" + dim<N>(), [] {
    const auto c = any_sweep<N>();
    const auto r = sweep_of(c);
    RC_PRE(r.hit);
    RC_PRE((*r.t_first > 0 || *r.t_last < 1));
    if (*r.t_first > 0)
      RC_ASSERT_FALSE(props::overlap_at(c, *r.t_first - step_back(*r.t_first, 0)));
    if (*r.t_last < 1) RC_ASSERT_FALSE(props::overlap_at(c, *r.t_last + step_back(1, *r.t_last)));
  });

  rc::prop("a sweep that misses overlaps at no sampled time in [0, 1]" + dim<N>(), [] {
    const auto c = any_sweep<N>();
    RC_PRE(!sweep_of(c).hit);
    for (const auto& t : props::sweep_samples(c)) RC_ASSERT_FALSE(props::overlap_at(c, t));
  });

  rc::prop("at every critical time and between them, overlap holds exactly in [t_first, t_last]" +
               dim<N>(),
           [] {
             const auto c = any_sweep<N>();
             const auto r = sweep_of(c);
             for (const auto& t : props::sweep_samples(c)) {
               const bool inside = r.hit && *r.t_first <= t && t <= *r.t_last;
               RC_ASSERT(props::overlap_at(c, t) == inside);
             }
           });

  rc::prop("swapping the two boxes leaves the sweep unchanged" + dim<N>(), [] {
    const auto c = any_sweep<N>();
    RC_ASSERT(ref::sweep(c.b, c.db, c.a, c.da).value() == sweep_of(c));
  });

  rc::prop("adding the same vector to both displacements leaves the sweep unchanged" + dim<N>(),
           [] {
             const auto c = any_sweep<N>();
             const auto w = *gen::vec<Rational, N>();
             RC_ASSERT(ref::sweep(c.a, props::plus(c.da, w), c.b, props::plus(c.db, w)).value() ==
                       sweep_of(c));
           });

  metamorphic<N>("the same hit and times", [](const gen::AxisMap<N>& m) {
    const auto c = any_sweep<N>();
    RC_ASSERT(ref::sweep(m.box(c.a), m.linear(c.da), m.box(c.b), m.linear(c.db)).value() ==
              sweep_of(c));
  });
}

template <std::size_t N>
void sweep_ce_properties() {
  rc::prop("sweep_ce equals sweep on the min–max boxes with displacement a1 - a0" + dim<N>(), [] {
    const auto c = any_sweep<N>();
    // The same sweep in seed 000's terms: extents and centres at t = 0 and t = 1.
    const auto a = ref::to_center_extent(c.a), b = ref::to_center_extent(c.b);
    const auto a1 = props::plus(a.center, c.da), b1 = props::plus(b.center, c.db);
    const auto r = ref::sweep_ce(a.extent, a.center, a1, b.extent, b.center, b1).value();
    RC_ASSERT(r == ref::sweep(ref::to_min_max(a), props::minus(a1, a.center), ref::to_min_max(b),
                              props::minus(b1, b.center))
                       .value());
    RC_ASSERT(r == sweep_of(c));
  });

  rc::prop("sweep_ce of arbitrary centres equals sweep with their differences" + dim<N>(), [] {
    const auto ea = *gen::vec<Rational, N>(), eb = *gen::vec<Rational, N>();
    ref::Vec<N> pa, pb;
    for (std::size_t i = 0; i < N; ++i) {
      pa[i] = ea[i] < 0 ? Rational(-ea[i]) : ea[i];
      pb[i] = eb[i] < 0 ? Rational(-eb[i]) : eb[i];
    }
    const auto a0 = *gen::vec<Rational, N>(), a1 = *gen::vec<Rational, N>();
    const auto b0 = *gen::vec<Rational, N>(), b1 = *gen::vec<Rational, N>();
    const auto r = ref::sweep_ce(pa, a0, a1, pb, b0, b1).value();
    RC_ASSERT(r == ref::sweep(ref::to_min_max(ref::CenterExtent<N>{a0, pa}), props::minus(a1, a0),
                              ref::to_min_max(ref::CenterExtent<N>{b0, pb}), props::minus(b1, b0))
                       .value());
  });

  metamorphic<N>("the same hit and times", [](const gen::AxisMap<N>& m) {
    const auto c = any_sweep<N>();
    const auto a = ref::to_center_extent(c.a), b = ref::to_center_extent(c.b);
    const auto a1 = props::plus(a.center, c.da), b1 = props::plus(b.center, c.db);
    const auto r = ref::sweep_ce(a.extent, a.center, a1, b.extent, b.center, b1).value();
    RC_ASSERT(ref::sweep_ce(m.extent(a.extent), m.point(a.center), m.point(a1), m.extent(b.extent),
                            m.point(b.center), m.point(b1))
                  .value() == r);
  });
}

template <std::size_t N>
void moving_vs_static_properties() {
  rc::prop("moving_vs_static equals sweep with the stationary box fixed" + dim<N>(), [] {
    const auto c = any_sweep<N>();
    // The same relative motion with a held still: b moves by db - da.
    const auto d = props::minus(c.db, c.da);
    const auto r = ref::moving_vs_static(c.a, c.b, d).value();
    const auto s = ref::sweep(c.a, ref::Vec<N>{}, c.b, d).value();
    RC_ASSERT(r.hit == s.hit);
    RC_ASSERT(r.t_enter == s.t_first);
    RC_ASSERT(r.hit == sweep_of(c).hit);
    RC_ASSERT(r.t_enter == sweep_of(c).t_first);
  });

  metamorphic<N>("the same hit and time", [](const gen::AxisMap<N>& m) {
    const auto c = any_sweep<N>();
    const auto r = ref::moving_vs_static(c.a, c.b, c.db).value();
    RC_ASSERT(ref::moving_vs_static(m.box(c.a), m.box(c.b), m.linear(c.db)).value() == r);
  });
}

template <std::size_t N>
using Ray = gen::RayCase<Rational, N>;

template <std::size_t N>
ref::RayResult ray_of(const Ray<N>& c) {
  return ref::ray(c.box, c.origin, c.dir, c.t_min, c.t_max).value();
}

template <std::size_t N>
bool inside_at(const Ray<N>& c, const Rational& t) {
  return ref::contains(c.box, props::along(c.origin, c.dir, t)).value();
}

/// A generated ray, with its outcome classified.
template <std::size_t N>
Ray<N> any_ray() {
  const auto c = *gen::ray_case<Rational, N>();
  const auto r = ray_of(c);
  RC_CLASSIFY(!r.hit, "miss");
  RC_CLASSIFY(r.hit && r.t_exit && *r.t_enter == *r.t_exit, "single point");
  RC_CLASSIFY(r.hit && r.t_exit_infinite, "unbounded");
  RC_CLASSIFY(r.hit && r.t_exit && *r.t_enter < *r.t_exit && !props::has_zero(c.dir), "crossing");
  RC_CLASSIFY(props::is_zero(c.dir), "zero direction");
  RC_CLASSIFY(!props::is_zero(c.dir) && props::has_zero(c.dir), "zero component");
  bool in_face_plane = false;
  for (std::size_t i = 0; i < N; ++i)
    in_face_plane = in_face_plane ||
                    (c.dir[i] == 0 && (c.origin[i] == c.box.lo[i] || c.origin[i] == c.box.hi[i]));
  RC_CLASSIFY(r.hit && in_face_plane, "hit in a face plane");
  return c;
}

template <std::size_t N>
void ray_properties() {
  rc::prop("the point at t_enter and at t_exit is in the box" + dim<N>(), [] {
    const auto c = any_ray<N>();
    const auto r = ray_of(c);
    RC_PRE(r.hit);
    RC_ASSERT(c.t_min <= *r.t_enter);
    RC_ASSERT(inside_at(c, *r.t_enter));
    if (r.t_exit) {
      RC_ASSERT(*r.t_enter <= *r.t_exit);
      if (c.t_max) RC_ASSERT(*r.t_exit <= *c.t_max);
      RC_ASSERT(inside_at(c, *r.t_exit));
    }
  });

  rc::prop("t_exit is infinite exactly when t_max is and the direction is zero" + dim<N>(), [] {
    const auto c = any_ray<N>();
    const auto r = ray_of(c);
    RC_PRE(r.hit);
    RC_ASSERT(r.t_exit_infinite == (!c.t_max && props::is_zero(c.dir)));
    RC_ASSERT(r.t_exit.has_value() == !r.t_exit_infinite);
    if (r.t_exit_infinite)
      RC_ASSERT(inside_at(c, *r.t_enter + gen::exact_power_of_two(*gen::int_in(0, 200))));
  });

  rc::prop(
      "the point just outside [t_enter, t_exit] but within [t_min, t_max] is outside" + dim<N>(),
      [] {
        const auto c = any_ray<N>();
        const auto r = ray_of(c);
        RC_PRE(r.hit);
        if (c.t_min < *r.t_enter)
          RC_ASSERT_FALSE(inside_at(c, *r.t_enter - step_back(*r.t_enter, c.t_min)));
        if (r.t_exit && !c.t_max)
          RC_ASSERT_FALSE(inside_at(c, *r.t_exit + gen::exact_power_of_two(-*gen::int_in(0, 70))));
        if (r.t_exit && c.t_max && *r.t_exit < *c.t_max)
          RC_ASSERT_FALSE(inside_at(c, *r.t_exit + step_back(*c.t_max, *r.t_exit)));
      });

  rc::prop("a ray that misses is inside the box at no sampled t in [t_min, t_max]" + dim<N>(), [] {
    const auto c = any_ray<N>();
    RC_PRE(!ray_of(c).hit);
    for (const auto& t : props::ray_samples(c)) RC_ASSERT_FALSE(inside_at(c, t));
  });

  rc::prop(
      "at every critical t and between them, the point is inside exactly in [t_enter, t_exit]" +
          dim<N>(),
      [] {
        const auto c = any_ray<N>();
        const auto r = ray_of(c);
        for (const auto& t : props::ray_samples(c)) {
          const bool in_range = r.hit && *r.t_enter <= t && (!r.t_exit || t <= *r.t_exit);
          RC_ASSERT(inside_at(c, t) == in_range);
        }
      });

  rc::prop("the default t range is [0, +infinity)" + dim<N>(), [] {
    const auto c = any_ray<N>();
    RC_ASSERT(ref::ray(c.box, c.origin, c.dir).value() ==
              ref::ray(c.box, c.origin, c.dir, Rational(0), std::optional<Rational>{}).value());
  });

  metamorphic<N>("the same hit and times", [](const gen::AxisMap<N>& m) {
    const auto c = any_ray<N>();
    RC_ASSERT(
        ref::ray(m.box(c.box), m.point(c.origin), m.linear(c.dir), c.t_min, c.t_max).value() ==
        ray_of(c));
  });
}

}  // namespace

TEST_CASE("reference::sweep") {
  sweep_properties<2>();
  sweep_properties<3>();
}

TEST_CASE("reference::sweep_ce") {
  sweep_ce_properties<2>();
  sweep_ce_properties<3>();
}

TEST_CASE("reference::moving_vs_static") {
  moving_vs_static_properties<2>();
  moving_vs_static_properties<3>();
}

TEST_CASE("reference::ray") {
  ray_properties<2>();
  ray_properties<3>();
}
