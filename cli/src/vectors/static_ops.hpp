#pragma once
/// `vectors`: the edge constructions of the static family's ops (ops/registry.json): one function
/// per variant gives its Spec (vectors/common.hpp);
/// vectors.cpp writes their files.

#include "vectors/common.hpp"

namespace aabb::vectors {

template <class T, std::size_t N = 3>
Spec<chk::Contains<T, N>> contains_spec() {
  Spec<chk::Contains<T, N>> s{"contains", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const auto p = chk::ex(k.p);
    const bool in = ref::contains(b, p).value();
    for (std::size_t i = 0; i < N; ++i) {
      if (in && (p[i] == b.lo[i] || p[i] == b.hi[i])) f.insert("Touching");
      if (ulp_apart<T>(p[i], b.lo[i]) || ulp_apart<T>(p[i], b.hi[i])) f.insert("UlpApart");
    }
    flat_flags(f, b);
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    const V<T> o{0, 0, 0}, one{1, 1, 1}, h{T(0.5), T(0.5), T(0.5)};
    using U = Num<T>;
    s.constructed = {
        {"point on a face", {o, one, {1, T(0.5), T(0.5)}}},
        {"point on a corner", {o, one, one}},
        {"point one ulp outside a face", {o, one, {U::up(1), T(0.5), T(0.5)}}},
        {"point one ulp inside a face", {o, one, {U::down(1), T(0.5), T(0.5)}}},
        {"point in a flat box", {{0, 0, 1}, {1, 1, 1}, {T(0.5), T(0.5), 1}}},
        {"point box, the same point", {h, h, h}},
        {"subnormal box, point on its face", {o, {U::tiny, 1, 1}, {U::tiny, T(0.5), T(0.5)}}},
        {"subnormal point just outside", {o, one, {-U::tiny, T(0.5), T(0.5)}}},
        {"whole range box", {{-U::max, -U::max, -U::max}, {U::max, U::max, U::max}, {U::max, 0, 0}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Contains, "contains", contains_spec);

template <class T, std::size_t N = 3>
Spec<chk::ContainsCe<T, N>> contains_ce_spec() {
  Spec<chk::ContainsCe<T, N>> s{"contains_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto box = chk::ex_ce(k.c, k.e);
    const auto b = ref::to_min_max(box);
    const auto p = chk::ex(k.p);
    const bool in = ref::contains(box, p).value();
    for (std::size_t i = 0; i < N; ++i) {
      if (in && (p[i] == b.lo[i] || p[i] == b.hi[i])) f.insert("Touching");
      if (ulp_apart<T>(p[i], b.lo[i]) || ulp_apart<T>(p[i], b.hi[i])) f.insert("UlpApart");
      if (overflows<T>(box.center[i] - p[i])) f.insert("Overflow");
    }
    ce_overflow<T>(f, box);
    flat_flags(f, b);
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    s.wrong_listings = listings_wrong<chk::ContainsCe<T>>({
        {&lst::seed004_contains_ce<T>, "seed 004 Check_AABB_Hit"},
    });
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    using U = Num<T>;
    s.constructed = {
        {"point on a face", {o, one, {1, 0, 0}}},
        {"point one ulp outside a face", {o, one, {U::up(1), 0, 0}}},
        {"c - p rounds to e: the point is outside by 2^-30", {one, one, {T(-0x1p-30), 1, 1}}},
        {"c + e overflows, point inside", {{U::max, 0, 0}, {U::max, 1, 1}, {U::max, 0, 0}}},
        {"c - p overflows, point outside", {{U::max, 0, 0}, {U::max, 1, 1}, {-U::max, 0, 0}}},
        {"zero extent, point on the centre", {one, o, one}},
        {"subnormal extent, point on the face", {o, {U::tiny, 1, 1}, {-U::tiny, 0, 0}}},
    };
    s.seeds = {
        {"seed 004 Check_AABB_Hit: centre - p rounding, a point 2^-30 outside",
         {{1, 0, 0}, one, {T(-0x1p-30), 0, 0}}},
        {"seed 004 Check_AABB_Hit: a point on a face", {{1, 0, 0}, one, {2, 1, -1}}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Contains, "contains_ce", contains_ce_spec);

template <class T>
std::vector<std::pair<std::string, typename chk::Overlap<T>::Case>> pair_constructions() {
  using U = Num<T>;
  const V<T> o{0, 0, 0}, one{1, 1, 1}, two{2, 2, 2};
  const V<T> mx{U::max, U::max, U::max}, nmx{-U::max, -U::max, -U::max};
  return {
      {"faces touch on x", {o, one, {1, 0, 0}, {2, 1, 1}}},
      {"edges touch", {o, one, {1, 1, 0}, {2, 2, 1}}},
      {"corners touch", {o, one, one, two}},
      {"apart by one ulp on x", {o, one, {U::up(1), 0, 0}, {2, 1, 1}}},
      {"overlapping by one ulp on x", {o, one, {U::down(1), 0, 0}, {2, 1, 1}}},
      {"b nested in a", {o, {4, 4, 4}, one, two}},
      {"equal boxes", {o, one, o, one}},
      {"flat a inside b", {{0, 0, T(0.5)}, {1, 1, T(0.5)}, o, one}},
      {"point box on a's corner", {o, one, one, one}},
      {"negative zero meets positive zero", {{-1, -1, -1}, {-0.0, -0.0, -0.0}, o, one}},
      {"subnormal boxes touching", {o, {U::tiny, 1, 1}, {U::tiny, 0, 0}, {2 * U::tiny, 1, 1}}},
      {"subnormal gap", {o, {U::tiny, 1, 1}, {2 * U::tiny, 0, 0}, {3 * U::tiny, 1, 1}}},
      {"whole-range boxes touching at 0", {nmx, o, o, mx}},
      {"huge boxes one ulp apart", {nmx, {U::down(U::max), 0, 0}, {U::max, 0, 0}, mx}},
  };
}

/// The spec of an op on two min-max boxes (overlap, intersection, union): the pair constructions
/// and the flags of two static boxes.
template <class Op, class T, std::size_t N>
Spec<Op> pair_spec(const char* file) {
  Spec<Op> s{file, "min-max", {}, {}, {}};
  if constexpr (N == 3) s.constructed = pair_constructions<T>();
  s.flags = [](Flags& f, const auto& k) { pair_flags<T>(f, mm(k.alo, k.ahi), mm(k.blo, k.bhi)); };
  return s;
}

/// The worked case of seed 001's intersectAABBs.
template <class Op>
std::vector<std::pair<std::string, typename Op::Case>> seed001_pair_seeds() {
  return {{"seed 001 intersectAABBs: touching boxes overlap in a flat box",
           {{0, 0, 0}, {1, 1, 1}, {1, 0, 0}, {2, 1, 1}}}};
}

template <class T, std::size_t N = 3>
Spec<chk::Overlap<T, N>> overlap_spec() {
  auto s = pair_spec<chk::Overlap<T, N>, T, N>("overlap");
  if constexpr (N == 3) {  // the seeds and seed listings are 3D
    s.seeds = seed001_pair_seeds<chk::Overlap<T>>();
    s.wrong_listings =
        listings_wrong<chk::Overlap<T>>({{&lst::seed001_overlap<T>, "seed 001 intersectAABBs"}});
  }
  return s;
}
AABB_VECTORS_BINDING(Overlap, "overlap", overlap_spec);

template <class T, std::size_t N = 3>
Spec<chk::Intersection<T, N>> intersection_spec() {
  auto s = pair_spec<chk::Intersection<T, N>, T, N>("intersection");
  if constexpr (N == 3) {  // the seeds and seed listings are 3D
    s.seeds = seed001_pair_seeds<chk::Intersection<T>>();
    s.wrong_listings = listings_wrong<chk::Intersection<T>>({
        {&lst::seed001_intersection<T>, "seed 001 intersectAABBs"},
    });
  }
  return s;
}
AABB_VECTORS_BINDING(Intersection, "intersection", intersection_spec);

template <class T, std::size_t N = 3>
Spec<chk::Union<T, N>> union_spec() {
  return pair_spec<chk::Union<T, N>, T, N>("union");
}
AABB_VECTORS_BINDING(Union, "union", union_spec);

/// The constructions of containment (contains_box, classify): b equal to a, inside sharing
/// faces, flat on a face, one ulp out, a inside b, touching, apart; at 1, at subnormal and at
/// huge scale.
template <class T>
std::vector<std::pair<std::string, typename chk::Overlap<T>::Case>> containment_constructions() {
  using U = Num<T>;
  const V<T> o{0, 0, 0}, one{1, 1, 1}, h{T(0.5), T(0.5), T(0.5)};
  const V<T> mx{U::max, U::max, U::max}, nmx{-U::max, -U::max, -U::max};
  return {
      {"b equals a", {o, one, o, one}},
      {"b inside a, sharing the faces x = 0 and x = 1", {o, one, {0, T(0.25), T(0.25)}, {1, h[1], h[2]}}},
      {"b flat on a's face x = 1", {o, one, {1, 0, 0}, one}},
      {"b a point on a's corner", {o, one, one, one}},
      {"b sticks out of a by one ulp at x = 1", {o, one, h, {U::up(1), 1, 1}}},
      {"b sticks out of a by one ulp below x = 0", {o, one, {-U::tiny, 0, 0}, h}},
      {"b one ulp inside a's face", {o, one, h, {U::down(1), 1, 1}}},
      {"a inside b", {h, one, o, one}},
      {"a flat, b the same flat box", {{0, 0, 1}, one, {0, 0, 1}, one}},
      {"faces touch on x", {o, one, {1, 0, 0}, {2, 1, 1}}},
      {"apart by one ulp on x", {o, one, {U::up(1), 0, 0}, {2, 1, 1}}},
      {"subnormal b inside subnormal a", {o, {2 * U::tiny, 1, 1}, {U::tiny, 0, 0}, {2 * U::tiny, 1, 1}}},
      {"whole-range a, b up to max", {nmx, mx, o, mx}},
      {"b one ulp above a's max - ulp bound", {nmx, {U::down(U::max), 1, 1}, o, {U::max, 1, 1}}},
  };
}

/// The flags of a containment case: those of two static boxes, then Touching when b reaches a
/// face of a from inside (a shared face), UlpApart when a bound of b is one ulp from a's
/// bound on the same side.
template <class T, std::size_t N>
void containment_flags(Flags& f, const ref::Box<N>& a, const ref::Box<N>& b) {
  pair_flags<T>(f, a, b);
  const bool inside = ref::contains_box(a, b).value();
  for (std::size_t i = 0; i < N; ++i) {
    if (inside && (a.lo[i] == b.lo[i] || a.hi[i] == b.hi[i])) f.insert("Touching");
    if (ulp_apart<T>(a.lo[i], b.lo[i]) || ulp_apart<T>(a.hi[i], b.hi[i])) f.insert("UlpApart");
  }
}

template <class Op, class T, std::size_t N>
Spec<Op> containment_spec(const char* file) {
  Spec<Op> s{file, "min-max", {}, {}, {}};
  if constexpr (N == 3) s.constructed = containment_constructions<T>();
  s.flags = [](Flags& f, const auto& k) { containment_flags<T>(f, mm(k.alo, k.ahi), mm(k.blo, k.bhi)); };
  return s;
}

template <class T, std::size_t N = 3>
Spec<chk::ContainsBox<T, N>> contains_box_spec() {
  return containment_spec<chk::ContainsBox<T, N>, T, N>("contains_box");
}
AABB_VECTORS_BINDING(ContainsBox, "contains_box", contains_box_spec);

template <class T, std::size_t N = 3>
Spec<chk::Classify<T, N>> classify_spec() {
  return containment_spec<chk::Classify<T, N>, T, N>("classify");
}
AABB_VECTORS_BINDING(Classify, "classify", classify_spec);

template <class T, std::size_t N = 3>
Spec<chk::OverlapCe<T, N>> overlap_ce_spec() {
  Spec<chk::OverlapCe<T, N>> s{"overlap_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto a = chk::ex_ce(k.ac, k.ae), b = chk::ex_ce(k.bc, k.be);
    pair_flags<T>(f, ref::to_min_max(a), ref::to_min_max(b));
    ce_overflow<T>(f, a), ce_overflow<T>(f, b);
    for (std::size_t i = 0; i < N; ++i)
      if (overflows<T>(a.extent[i] + b.extent[i]) || overflows<T>(b.center[i] - a.center[i]))
        f.insert("Overflow");
  };
  if constexpr (N == 3) {  // the constructions, seeds and seed listings are 3D
    s.wrong_listings = listings_wrong<chk::OverlapCe<T>>({
        {&lst::seed000_overlap_ce<T>, "seed 000 AABB::overlaps"},
        {&lst::seed004_overlap_ce<T>, "seed 004 AABB_AABB_Collision"},
    });
    using U = Num<T>;
    const V<T> o{0, 0, 0}, one{1, 1, 1};
    const T quarter_ulp = 3 * U::eps / 4;  // e_b = 0.75 ulp(1): e_a + e_b rounds up to 1 + ulp
    s.constructed = {
        {"faces touch on x", {o, one, {2, 0, 0}, one}},
        {"e_a + e_b rounds up: apart by a quarter ulp",
         {o, one, {U::up(1), 0, 0}, {quarter_ulp, 1, 1}}},
        {"e_a + e_b exact: apart by one ulp", {o, one, {U::up(2), 0, 0}, one}},
        {"centres differ by 2 max, extents max and max - ulp: apart",
         {{-U::max, 0, 0}, {U::max, 1, 1}, {U::max, 0, 0}, {U::down(U::max), 1, 1}}},
        {"centres differ by 2 max, extents max: touching",
         {{-U::max, 0, 0}, {U::max, 1, 1}, {U::max, 0, 0}, {U::max, 1, 1}}},
        {"zero extents, same centre", {one, o, one, o}},
        {"subnormal extents touching", {o, {U::tiny, 1, 1}, {2 * U::tiny, 0, 0}, {U::tiny, 1, 1}}},
        {"subnormal extents apart", {o, {U::tiny, 1, 1}, {3 * U::tiny, 0, 0}, {U::tiny, 1, 1}}},
        {"b nested in a", {o, {4, 4, 4}, one, one}},
    };
    const T e25 = T(0x3p-25), near1 = 1 + T(0x1p-23);
    s.seeds = {
        {"seed 000 AABB::overlaps: E.x + b.E.x rounding up, boxes 2^-25 apart",
         {o, one, {near1, 0, 0}, {e25, 1, 1}}},
        {"seed 000 AABB::overlaps: touching boxes", {o, one, {2, 2, 2}, one}},
        {"seed 004 AABB_AABB_Collision: c2 - c1 rounding, boxes 2^-30 apart",
         {{T(-0x1p-30), 0, 0}, one, {2, 0, 0}, one}},
    };
  }
  return s;
}
AABB_VECTORS_BINDING(Overlap, "overlap_ce", overlap_ce_spec);

}  // namespace aabb::vectors
