// `aabb-oracle vectors --out DIR`: Wycheproof-style test vectors, one JSON file per op and float
// type (docs/vectors.md). Cases come from the same edge-aimed generators as `check`
// (check/ops.hpp over the case library, cases/) and from systematic edge constructions; every
// expected answer is the line `aabb-oracle eval` prints for the case's input (aabb::eval_line),
// so the files and eval agree byte for byte. Flags are computed from the exact inputs and answer.

#include "vectors_command.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "aabb/eval.hpp"
#include "check/ops.hpp"
#include "aabb/listings/textbook_abi.hpp"

namespace aabb::cli {
namespace {

namespace chk = aabb::check;
namespace ref = aabb::reference;
namespace lst = aabb::textbook::abi;
using chk::Json;
using chk::V;
using Q = ref::Rational;
using Flags = std::set<std::string>;

constexpr const char* kSchemaName = "aabb_vectors_schema_v1.json";
constexpr const char* kGeneratorVersion = "aabb-oracle vectors 1";

/// Every flag a file may use, with what it says about a case; a file's `notes` lists the ones it
/// uses. Each is computed from the exact inputs and answer, never set by hand.
const std::map<std::string, std::pair<std::string, std::string>>& flag_notes() {
  static const std::map<std::string, std::pair<std::string, std::string>> notes{
      {"Touching",
       {"EDGE_CASE",
        "The sets only touch: two boxes meet where one ends and the other begins on some axis (a "
        "shared face, edge or corner), a point lies on the box's boundary, or a motion or ray "
        "meets the box at a single instant or along a face. Closed boxes: touching counts as "
        "overlapping."}},
      {"Containment",
       {"EDGE_CASE",
        "One box lies inside the other (equal boxes included); for a sweep, at t = 0."}},
      {"ZeroDisplacement",
       {"EDGE_CASE",
        "The relative displacement (or a ray's direction) is exactly zero on some axis: that axis "
        "overlaps for all t or for none. Seed 001's zero-velocity branch treats touching as a miss "
        "there."}},
      {"FlatBox",
       {"EDGE_CASE", "Some input box has zero width on some axis (min == max, extent 0)."}},
      {"UlpApart",
       {"EDGE_CASE",
        "Two exact quantities the test compares (a bound of one box and a bound of the other, a "
        "point and a bound, the best and second-best projections) differ, but their values "
        "rounded to the file's type are equal or adjacent: a float evaluation can order them "
        "wrongly."}},
      {"Subnormal", {"EDGE_CASE", "Some input is a subnormal number of the file's type."}},
      {"Overflow",
       {"EDGE_CASE",
        "An intermediate value a textbook float implementation computes (c ± e, e1 + e2, c2 - c1, "
        "a bound plus a displacement, a relative displacement, a product M[i][j]·x[j], a dot "
        "product) is beyond the file's type: rounded to the type it is infinite."}},
      {"SeedListingFlaw",
       {"KNOWN_BUG",
        "A re-creation of a seed listing (tests/seeds/textbook.hpp), run in the file's type, "
        "answers this case outside the contract `aabb-oracle check` holds the op to by default "
        "(docs/check.md); the comment names the listing. Computed by running the listing."}},
      {"OverlapAtStart",
       {"EDGE_CASE",
        "The moving boxes already overlap at t = 0: t_first is 0 and t_last is still the true last "
        "instant (seed 000's listing answers u1 = 0)."}},
      {"Tie",
       {"EDGE_CASE",
        "Two or more points share the least or the greatest exact projection: the answer is the "
        "lowest such index (extreme_points) or every such index (hill_climb)."}},
      {"Invalid",
       {"INVALID_INPUT",
        "The reference rejects the input (an inverted box, a negative extent or radius, t_min > "
        "t_max, a hill-climb graph with a false local maximum): result \"invalid\"."}},
      {"NonFinite",
       {"INVALID_INPUT", "An input is NaN or an infinity where the contract does not allow one."}},
  };
  return notes;
}

// ---- Exact helpers ------------------------------------------------------------------------------

template <class T>
T nearest(const Q& q) {
  if constexpr (std::is_same_v<T, float>) {
    return ref::nearest_float(q);
  } else {
    return ref::nearest_double(q);
  }
}
/// Whether q, rounded to T, is infinite.
template <class T>
bool overflows(const Q& q) {
  return std::isinf(nearest<T>(q));
}
/// A monotone index of T's values: adjacent values differ by 1, -0 and +0 share 0.
template <class T>
std::int64_t grid(T x) {
  using W = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const W bits = std::bit_cast<W>(x);
  const W sign = W(1) << (sizeof(T) * 8 - 1);
  const auto magnitude = static_cast<std::int64_t>(bits & ~sign);
  return (bits & sign) != 0 ? -magnitude : magnitude;
}
/// a != b, yet rounded to T they are equal or one ulp apart.
template <class T>
bool ulp_apart(const Q& a, const Q& b) {
  if (a == b) return false;
  // No subtraction of the two indices: -max and +max double are 2^64 - 2 apart, beyond int64.
  const std::int64_t x = grid(nearest<T>(a)), y = grid(nearest<T>(b));
  return x == y || (x < y ? x == y - 1 : y == x - 1);
}
Q absq(const Q& q) {
  return q < 0 ? Q(-q) : q;
}

ref::Box<3> shifted(const ref::Box<3>& b, const ref::Vec<3>& d, const Q& t) {
  ref::Box<3> r = b;
  for (std::size_t i = 0; i < 3; ++i) r.lo[i] += t * d[i], r.hi[i] += t * d[i];
  return r;
}

// ---- Flags of the exact cases -------------------------------------------------------------------

void flat_flags(Flags& f, const ref::Box<3>& b) {
  for (std::size_t i = 0; i < 3; ++i)
    if (b.lo[i] == b.hi[i]) f.insert("FlatBox");
}

/// Two static boxes: touching faces, nesting, ulp-apart compared bounds, flatness.
template <class T>
void pair_flags(Flags& f, const ref::Box<3>& a, const ref::Box<3>& b) {
  const bool overlap = ref::overlap(a, b).value();
  bool a_in_b = true, b_in_a = true;
  for (std::size_t i = 0; i < 3; ++i) {
    if (overlap && (a.hi[i] == b.lo[i] || b.hi[i] == a.lo[i])) f.insert("Touching");
    if (ulp_apart<T>(a.hi[i], b.lo[i]) || ulp_apart<T>(b.hi[i], a.lo[i])) f.insert("UlpApart");
    a_in_b = a_in_b && b.lo[i] <= a.lo[i] && a.hi[i] <= b.hi[i];
    b_in_a = b_in_a && a.lo[i] <= b.lo[i] && b.hi[i] <= a.hi[i];
  }
  if (a_in_b || b_in_a) f.insert("Containment");
  flat_flags(f, a), flat_flags(f, b);
}

/// The intermediates of a textbook centre–extent box: c - e and c + e.
template <class T>
void ce_overflow(Flags& f, const ref::CenterExtent<3>& b) {
  for (std::size_t i = 0; i < 3; ++i)
    if (overflows<T>(b.center[i] - b.extent[i]) || overflows<T>(b.center[i] + b.extent[i]))
      f.insert("Overflow");
}

/// Box a moving by da and b by db over [0, 1].
template <class T>
void sweep_flags(Flags& f, const ref::Box<3>& a, const ref::Vec<3>& da, const ref::Box<3>& b,
                 const ref::Vec<3>& db) {
  const auto r = ref::sweep(a, da, b, db).value();
  const ref::Box<3> a1 = shifted(a, da, 1), b1 = shifted(b, db, 1);
  Flags start;
  pair_flags<T>(start, a, b);
  bool still_touching = false;  // faces meeting on an axis without relative motion: for all t
  for (std::size_t i = 0; i < 3; ++i) {
    const Q v = db[i] - da[i];
    if (v == 0) f.insert("ZeroDisplacement");
    if (v == 0 && (a.hi[i] == b.lo[i] || b.hi[i] == a.lo[i])) still_touching = true;
    if (overflows<T>(v) || overflows<T>(a1.lo[i]) || overflows<T>(a1.hi[i]) ||
        overflows<T>(b1.lo[i]) || overflows<T>(b1.hi[i]))
      f.insert("Overflow");
    if (ulp_apart<T>(a1.hi[i], b1.lo[i]) || ulp_apart<T>(b1.hi[i], a1.lo[i])) f.insert("UlpApart");
  }
  for (const char* kept : {"Containment", "FlatBox", "UlpApart"})
    if (start.count(kept) != 0) f.insert(kept);
  if (r.hit) {
    if (*r.t_first == *r.t_last || still_touching) f.insert("Touching");
    if (*r.t_first == 0) {
      f.insert("OverlapAtStart");
      if (start.count("Touching") != 0) f.insert("Touching");
    }
  }
}

template <class T>
ref::Box<3> mm(const V<T>& lo, const V<T>& hi) {
  return chk::ex_box(lo, hi);
}
template <class T>
ref::Box<3> ce_as_mm(const V<T>& c, const V<T>& e) {
  return ref::to_min_max(chk::ex_ce(c, e));
}

/// Whether a seed listing's answer, called as check calls a library, violates `contract`.
template <class Op>
bool listing_wrong(typename Op::Fn fn, const typename Op::Case& k,
                   const judge::Contract& contract) {
  try {
    const auto a = Op::call(fn, k);
    return Op::judge(k, a, contract).finding.has_value();
  } catch (const std::exception&) {
    return false;
  }
}


// ---- Union: not in the C ABI, so not among check's ops; the same cases as overlap ---------------

template <class T>
struct Union {
  static constexpr const char* name = "union";
  static constexpr chk::Category category = chk::Category::Box;
  using Case = typename chk::Overlap<T>::Case;
  static rc::Gen<Case> cases() { return chk::Overlap<T>::cases(); }
  static Case sample() { return chk::Overlap<T>::sample(); }
  static Json query(const Case& k) {
    return Json{
        {"op", "union"}, {"a", chk::mm_box(k.alo, k.ahi)}, {"b", chk::mm_box(k.blo, k.bhi)}};
  }
};

// ---- Per-op specification -----------------------------------------------------------------------

/// What `vectors` needs beyond check's op: its flags, the seed listings that answer it, and the
/// systematic edge constructions.
template <class Op>
struct Spec {
  using OpType = Op;
  using Case = typename Op::Case;
  std::string file;  ///< file stem and `algorithm`: check's op name
  std::string form;  ///< "min-max", "center-extent" or "" (no box input)
  std::function<void(Flags&, const Case&)> flags;
  /// The listings that answer the case wrongly, by name; empty when none does (or none exists).
  std::function<std::vector<std::string>(const Case&)> wrong_listings;
  std::vector<std::pair<std::string, Case>> constructed;
  /// The worked cases of tests/seeds/seed_listings_test.cpp that fit the op.
  std::vector<std::pair<std::string, Case>> seeds = {};
};

/// Values used by the constructions.
template <class T>
struct Num {
  static constexpr T inf = std::numeric_limits<T>::infinity();
  static constexpr T max = std::numeric_limits<T>::max();
  static constexpr T tiny = std::numeric_limits<T>::denorm_min();
  static constexpr T eps = std::numeric_limits<T>::epsilon();
  static T up(T x) { return std::nextafter(x, inf); }
  static T down(T x) { return std::nextafter(x, -inf); }
};

template <class T>
Spec<chk::Contains<T>> contains_spec() {
  using N = Num<T>;
  Spec<chk::Contains<T>> s{"contains", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const auto p = chk::ex(k.p);
    const bool in = ref::contains(b, p).value();
    for (std::size_t i = 0; i < 3; ++i) {
      if (in && (p[i] == b.lo[i] || p[i] == b.hi[i])) f.insert("Touching");
      if (ulp_apart<T>(p[i], b.lo[i]) || ulp_apart<T>(p[i], b.hi[i])) f.insert("UlpApart");
    }
    flat_flags(f, b);
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1}, h{T(0.5), T(0.5), T(0.5)};
  s.constructed = {
      {"point on a face", {o, one, {1, T(0.5), T(0.5)}}},
      {"point on a corner", {o, one, one}},
      {"point one ulp outside a face", {o, one, {N::up(1), T(0.5), T(0.5)}}},
      {"point one ulp inside a face", {o, one, {N::down(1), T(0.5), T(0.5)}}},
      {"point in a flat box", {{0, 0, 1}, {1, 1, 1}, {T(0.5), T(0.5), 1}}},
      {"point box, the same point", {h, h, h}},
      {"subnormal box, point on its face", {o, {N::tiny, 1, 1}, {N::tiny, T(0.5), T(0.5)}}},
      {"subnormal point just outside", {o, one, {-N::tiny, T(0.5), T(0.5)}}},
      {"whole range box", {{-N::max, -N::max, -N::max}, {N::max, N::max, N::max}, {N::max, 0, 0}}},
  };
  return s;
}

template <class T>
Spec<chk::ContainsCe<T>> contains_ce_spec() {
  using N = Num<T>;
  Spec<chk::ContainsCe<T>> s{"contains_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto box = chk::ex_ce(k.c, k.e);
    const auto b = ref::to_min_max(box);
    const auto p = chk::ex(k.p);
    const bool in = ref::contains(box, p).value();
    for (std::size_t i = 0; i < 3; ++i) {
      if (in && (p[i] == b.lo[i] || p[i] == b.hi[i])) f.insert("Touching");
      if (ulp_apart<T>(p[i], b.lo[i]) || ulp_apart<T>(p[i], b.hi[i])) f.insert("UlpApart");
      if (overflows<T>(box.center[i] - p[i])) f.insert("Overflow");
    }
    ce_overflow<T>(f, box);
    flat_flags(f, b);
  };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::ContainsCe<T>>(&lst::seed004_contains_ce<T>, k, chk::default_contract(chk::ContainsCe<T>::name)))
      w.emplace_back("seed 004 Check_AABB_Hit");
    return w;
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  s.constructed = {
      {"point on a face", {o, one, {1, 0, 0}}},
      {"point one ulp outside a face", {o, one, {N::up(1), 0, 0}}},
      {"c - p rounds to e: the point is outside by 2^-30", {one, one, {T(-0x1p-30), 1, 1}}},
      {"c + e overflows, point inside", {{N::max, 0, 0}, {N::max, 1, 1}, {N::max, 0, 0}}},
      {"c - p overflows, point outside", {{N::max, 0, 0}, {N::max, 1, 1}, {-N::max, 0, 0}}},
      {"zero extent, point on the centre", {one, o, one}},
      {"subnormal extent, point on the face", {o, {N::tiny, 1, 1}, {-N::tiny, 0, 0}}},
  };
  s.seeds = {
      {"seed 004 Check_AABB_Hit: centre - p rounding, a point 2^-30 outside",
       {{1, 0, 0}, one, {T(-0x1p-30), 0, 0}}},
      {"seed 004 Check_AABB_Hit: a point on a face", {{1, 0, 0}, one, {2, 1, -1}}},
  };
  return s;
}

template <class T>
std::vector<std::pair<std::string, typename chk::Overlap<T>::Case>> pair_constructions() {
  using N = Num<T>;
  const V<T> o{0, 0, 0}, one{1, 1, 1}, two{2, 2, 2};
  const V<T> mx{N::max, N::max, N::max}, nmx{-N::max, -N::max, -N::max};
  return {
      {"faces touch on x", {o, one, {1, 0, 0}, {2, 1, 1}}},
      {"edges touch", {o, one, {1, 1, 0}, {2, 2, 1}}},
      {"corners touch", {o, one, one, two}},
      {"apart by one ulp on x", {o, one, {N::up(1), 0, 0}, {2, 1, 1}}},
      {"overlapping by one ulp on x", {o, one, {N::down(1), 0, 0}, {2, 1, 1}}},
      {"b nested in a", {o, {4, 4, 4}, one, two}},
      {"equal boxes", {o, one, o, one}},
      {"flat a inside b", {{0, 0, T(0.5)}, {1, 1, T(0.5)}, o, one}},
      {"point box on a's corner", {o, one, one, one}},
      {"negative zero meets positive zero", {{-1, -1, -1}, {-0.0, -0.0, -0.0}, o, one}},
      {"subnormal boxes touching", {o, {N::tiny, 1, 1}, {N::tiny, 0, 0}, {2 * N::tiny, 1, 1}}},
      {"subnormal gap", {o, {N::tiny, 1, 1}, {2 * N::tiny, 0, 0}, {3 * N::tiny, 1, 1}}},
      {"whole-range boxes touching at 0", {nmx, o, o, mx}},
      {"huge boxes one ulp apart", {nmx, {N::down(N::max), 0, 0}, {N::max, 0, 0}, mx}},
  };
}

template <class T>
Spec<chk::Overlap<T>> overlap_spec() {
  Spec<chk::Overlap<T>> s{"overlap", "min-max", {}, {}, pair_constructions<T>()};
  s.seeds = {{"seed 001 intersectAABBs: touching boxes overlap in a flat box",
              {{0, 0, 0}, {1, 1, 1}, {1, 0, 0}, {2, 1, 1}}}};
  s.flags = [](Flags& f, const auto& k) { pair_flags<T>(f, mm(k.alo, k.ahi), mm(k.blo, k.bhi)); };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::Overlap<T>>(&lst::seed001_overlap<T>, k, chk::default_contract(chk::Overlap<T>::name)))
      w.emplace_back("seed 001 intersectAABBs");
    return w;
  };
  return s;
}

template <class T>
Spec<chk::Intersection<T>> intersection_spec() {
  Spec<chk::Intersection<T>> s{"intersection", "min-max", {}, {}, pair_constructions<T>()};
  s.seeds = {{"seed 001 intersectAABBs: touching boxes overlap in a flat box",
              {{0, 0, 0}, {1, 1, 1}, {1, 0, 0}, {2, 1, 1}}}};
  s.flags = [](Flags& f, const auto& k) { pair_flags<T>(f, mm(k.alo, k.ahi), mm(k.blo, k.bhi)); };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::Intersection<T>>(&lst::seed001_intersection<T>, k, chk::default_contract(chk::Intersection<T>::name)))
      w.emplace_back("seed 001 intersectAABBs");
    return w;
  };
  return s;
}

template <class T>
Spec<Union<T>> union_spec() {
  Spec<Union<T>> s{"union", "min-max", {}, {}, pair_constructions<T>()};
  s.flags = [](Flags& f, const auto& k) { pair_flags<T>(f, mm(k.alo, k.ahi), mm(k.blo, k.bhi)); };
  return s;
}

template <class T>
Spec<chk::OverlapCe<T>> overlap_ce_spec() {
  using N = Num<T>;
  Spec<chk::OverlapCe<T>> s{"overlap_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto a = chk::ex_ce(k.ac, k.ae), b = chk::ex_ce(k.bc, k.be);
    pair_flags<T>(f, ref::to_min_max(a), ref::to_min_max(b));
    ce_overflow<T>(f, a), ce_overflow<T>(f, b);
    for (std::size_t i = 0; i < 3; ++i)
      if (overflows<T>(a.extent[i] + b.extent[i]) || overflows<T>(b.center[i] - a.center[i]))
        f.insert("Overflow");
  };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::OverlapCe<T>>(&lst::seed000_overlap_ce<T>, k, chk::default_contract(chk::OverlapCe<T>::name)))
      w.emplace_back("seed 000 AABB::overlaps");
    if (listing_wrong<chk::OverlapCe<T>>(&lst::seed004_overlap_ce<T>, k, chk::default_contract(chk::OverlapCe<T>::name)))
      w.emplace_back("seed 004 AABB_AABB_Collision");
    return w;
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  const T quarter_ulp = 3 * N::eps / 4;  // e_b = 0.75 ulp(1): e_a + e_b rounds up to 1 + ulp
  s.constructed = {
      {"faces touch on x", {o, one, {2, 0, 0}, one}},
      {"e_a + e_b rounds up: apart by a quarter ulp",
       {o, one, {N::up(1), 0, 0}, {quarter_ulp, 1, 1}}},
      {"e_a + e_b exact: apart by one ulp", {o, one, {N::up(2), 0, 0}, one}},
      {"centres differ by 2 max, extents max and max - ulp: apart",
       {{-N::max, 0, 0}, {N::max, 1, 1}, {N::max, 0, 0}, {N::down(N::max), 1, 1}}},
      {"centres differ by 2 max, extents max: touching",
       {{-N::max, 0, 0}, {N::max, 1, 1}, {N::max, 0, 0}, {N::max, 1, 1}}},
      {"zero extents, same centre", {one, o, one, o}},
      {"subnormal extents touching", {o, {N::tiny, 1, 1}, {2 * N::tiny, 0, 0}, {N::tiny, 1, 1}}},
      {"subnormal extents apart", {o, {N::tiny, 1, 1}, {3 * N::tiny, 0, 0}, {N::tiny, 1, 1}}},
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
  return s;
}

/// Seed 001's worked cases of intersectMovingAABB against the unit box: {name, moving, d}.
template <class T>
std::vector<std::tuple<std::string, V<T>, V<T>, V<T>>> seed001_moving_cases() {
  const T tiny = std::numeric_limits<T>::denorm_min();
  return {
      {"seed 001 intersectMovingAABB: touching, at rest", {1, 0, 0}, {2, 1, 1}, {0, 0, 0}},
      {"seed 001 intersectMovingAABB: touching, moving away", {1, 0, 0}, {2, 1, 1}, {1, 0, 0}},
      {"seed 001 intersectMovingAABB: an edge contact at t = 1", {2, 1, 0}, {3, 2, 1}, {-1, 0, 0}},
      {"seed 001 intersectMovingAABB: an approach timed exactly", {3, 0, 0}, {4, 1, 1}, {-4, 0, 0}},
      {"seed 001 intersectMovingAABB: a subnormal displacement drops a bound",
       {1, 2, 0},
       {2, 3, 1},
       {tiny, -2, 0}},
      {"seed 001 intersectMovingAABB: float single-instant contact at t = 3/4",
       {-22, -2, 0},
       {-21, 1, 1},
       {28, 4, 0}},
      {"seed 001 intersectMovingAABB: double single-instant contact at t = 1/3",
       {-12, 0, 0},
       {-11, 1, 1},
       {33, 3, 0}},
  };
}

template <class T>
Spec<chk::Sweep<T>> sweep_spec() {
  using N = Num<T>;
  Spec<chk::Sweep<T>> s{"sweep", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    sweep_flags<T>(f, mm(k.alo, k.ahi), chk::ex(k.da), mm(k.blo, k.bhi), chk::ex(k.db));
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  s.constructed = {
      {"touching faces, no motion", {o, one, o, {1, 0, 0}, {2, 1, 1}, o}},
      {"touching on y while b moves along x", {o, one, o, {3, 1, 0}, {4, 2, 1}, {-4, 0, 0}}},
      {"b reaches a exactly at t = 1", {o, one, o, {2, 0, 0}, {3, 1, 1}, {-1, 0, 0}}},
      {"touching at t = 0, moving apart", {o, one, o, {1, 0, 0}, {2, 1, 1}, {1, 0, 0}}},
      {"overlapping at t = 0, true t_last", {o, {2, 2, 2}, o, one, {3, 3, 3}, {4, 0, 0}}},
      {"apart by one ulp, no motion", {o, one, o, {N::up(1), 0, 0}, {2, 1, 1}, o}},
      {"both move the same way, touching", {o, one, {5, 0, 0}, {1, 0, 0}, {2, 1, 1}, {5, 0, 0}}},
      {"subnormal displacement, touching", {o, one, o, {1, 0, 0}, {2, 1, 1}, {-N::tiny, 0, 0}}},
      {"subnormal displacement, one ulp apart",
       {o, one, o, {N::up(1), 0, 0}, {2, 1, 1}, {-N::tiny, 0, 0}}},
      {"relative displacement overflows",
       {{-N::max, 0, 0},
        {-N::max / 2, 1, 1},
        {N::max, 0, 0},
        {N::max / 2, 0, 0},
        {N::max, 1, 1},
        {-N::max, 0, 0}}},
      {"flat boxes crossing", {{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {1, 0, 0}, {1, 1, 1}, o}},
  };
  for (const auto& [name, lo, hi, d] : seed001_moving_cases<T>())
    s.seeds.push_back({name + " (a at rest)", {o, one, o, lo, hi, d}});
  return s;
}

template <class T>
Spec<chk::SweepCe<T>> sweep_ce_spec() {
  Spec<chk::SweepCe<T>> s{"sweep_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto ea = chk::ex(k.ea), a0 = chk::ex(k.a0), a1 = chk::ex(k.a1);
    const auto eb = chk::ex(k.eb), b0 = chk::ex(k.b0), b1 = chk::ex(k.b1);
    ref::Vec<3> da, db;
    for (std::size_t i = 0; i < 3; ++i) {
      da[i] = a1[i] - a0[i], db[i] = b1[i] - b0[i];
      if (overflows<T>(da[i]) || overflows<T>(db[i]) || overflows<T>(ea[i] + eb[i]))
        f.insert("Overflow");
    }
    const ref::CenterExtent<3> a{a0, ea}, b{b0, eb}, ae{a1, ea}, be{b1, eb};
    ce_overflow<T>(f, a), ce_overflow<T>(f, b), ce_overflow<T>(f, ae), ce_overflow<T>(f, be);
    sweep_flags<T>(f, ref::to_min_max(a), da, ref::to_min_max(b), db);
  };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::SweepCe<T>>(&lst::seed000_sweep_ce<T>, k, chk::default_contract(chk::SweepCe<T>::name)))
      w.emplace_back("seed 000 AABBSweep");
    return w;
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  // {ea, a0, a1, eb, b0, b1}
  s.constructed = {
      {"touching faces, no motion", {one, o, o, one, {2, 0, 0}, {2, 0, 0}}},
      {"apart, no relative motion", {one, o, o, one, {3, 0, 0}, {3, 0, 0}}},
      {"apart and moving apart", {one, o, o, one, {3, 0, 0}, {4, 0, 0}}},
      {"touching at t = 0, moving apart", {one, o, o, one, {2, 0, 0}, {3, 0, 0}}},
      {"overlapping at t = 0, true t_last", {one, o, o, one, {1, 0, 0}, {5, 0, 0}}},
      {"a passes b", {one, o, {10, 0, 0}, one, {5, T(0.5), 0}, {5, T(0.5), 0}}},
      {"touching on y while moving on x", {one, o, {10, 0, 0}, one, {5, 2, 0}, {5, 2, 0}}},
  };
  const auto at = [](T x, T y, T z) { return V<T>{x, y, z}; };
  s.seeds = {
      {"seed 000 AABBSweep: zero relative velocity on a separating axis",
       {one, o, o, one, at(-4, 5, 0), at(4, 5, 0)}},
      {"seed 000 AABBSweep: at rest and apart", {one, o, o, one, at(5, 0, 0), at(5, 0, 0)}},
      {"seed 000 AABBSweep: overlapping at t = 0 until t = 1/2", {one, o, o, one, o, at(4, 0, 0)}},
      {"seed 000 AABBSweep: apart and moving apart (+x)",
       {one, o, o, one, at(5, 0, 0), at(6, 0, 0)}},
      {"seed 000 AABBSweep: apart and moving apart (-x)",
       {one, o, o, one, at(-5, 0, 0), at(-6, 0, 0)}},
      {"seed 000 AABBSweep: faces touching at t = 0 and separating",
       {one, o, o, one, at(2, 5, 0), at(4, -1, 0)}},
      {"seed 000 AABBSweep: touching at rest", {one, o, o, one, at(2, 0, 0), at(2, 0, 0)}},
      {"seed 000 AABBSweep: touching at t = 0 and moving apart",
       {one, o, o, one, at(2, 0, 0), at(3, 0, 0)}},
      {"seed 000 AABBSweep: contact exactly at t = 1", {one, o, o, one, at(4, 0, 0), at(2, 0, 0)}},
      {"seed 000 AABBSweep: a box passing through", {one, o, o, one, at(-4, 0, 0), at(4, 0, 0)}},
      {"seed 000 AABBSweep: Ea + Eb rounding up, 2^-25 apart closing by 2^-30",
       {one, o, at(T(0x1p-30), 0, 0), at(T(0x3p-25), 1, 1), at(1 + T(0x1p-23), 0, 0),
        at(1 + T(0x1p-23), 0, 0)}},
  };
  return s;
}

template <class T>
Spec<chk::MovingVsStatic<T>> moving_spec() {
  using N = Num<T>;
  Spec<chk::MovingVsStatic<T>> s{"moving_vs_static", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    sweep_flags<T>(f, mm(k.slo, k.shi), ref::Vec<3>{0, 0, 0}, mm(k.mlo, k.mhi), chk::ex(k.d));
  };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::MovingVsStatic<T>>(&lst::seed001_moving_vs_static<T>, k, chk::default_contract(chk::MovingVsStatic<T>::name)))
      w.emplace_back("seed 001 intersectMovingAABB");
    return w;
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  // {slo, shi, mlo, mhi, d}
  s.constructed = {
      {"touching faces, no motion", {o, one, {1, 0, 0}, {2, 1, 1}, o}},
      {"touching on y while moving along x", {o, one, {3, 1, 0}, {4, 2, 1}, {-4, 0, 0}}},
      {"enters at t = 1/2", {o, one, {3, 0, 0}, {4, 1, 1}, {-4, 0, 0}}},
      {"reaches the face exactly at t = 1", {o, one, {2, 0, 0}, {3, 1, 1}, {-1, 0, 0}}},
      {"touching, moving away", {o, one, {1, 0, 0}, {2, 1, 1}, {1, 0, 0}}},
      {"subnormal displacement, touching", {o, one, {1, 0, 0}, {2, 1, 1}, {N::tiny, 0, 0}}},
      {"apart by one ulp, no motion", {o, one, {N::up(1), 0, 0}, {2, 1, 1}, o}},
      {"displacement of max overshoots", {o, one, {N::max, 0, 0}, {N::max, 1, 1}, {-N::max, 0, 0}}},
  };
  for (const auto& [name, lo, hi, d] : seed001_moving_cases<T>())
    s.seeds.push_back({name, {o, one, lo, hi, d}});
  return s;
}

template <class T>
Spec<chk::Ray<T>> ray_spec() {
  using N = Num<T>;
  Spec<chk::Ray<T>> s{"ray", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    const auto o = chk::ex(k.o), d = chk::ex(k.d);
    std::optional<Q> t_max;
    if (!std::isinf(k.t_max)) t_max = ref::exact(k.t_max).value();
    const auto r = ref::ray(b, o, d, ref::exact(k.t_min).value(), t_max).value();
    for (std::size_t i = 0; i < 3; ++i) {
      if (d[i] == 0) {
        f.insert("ZeroDisplacement");
        if (r.hit && (o[i] == b.lo[i] || o[i] == b.hi[i])) f.insert("Touching");
      }
      if (ulp_apart<T>(o[i], b.lo[i]) || ulp_apart<T>(o[i], b.hi[i])) f.insert("UlpApart");
      if (overflows<T>(b.lo[i] - o[i]) || overflows<T>(b.hi[i] - o[i])) f.insert("Overflow");
    }
    if (r.hit && r.t_exit && *r.t_enter == *r.t_exit) f.insert("Touching");
    flat_flags(f, b);
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  const T inf = N::inf;
  // {lo, hi, o, d, t_min, t_max}
  s.constructed = {
      {"along a face, direction zero on y", {o, one, {-1, 1, T(0.5)}, {1, 0, 0}, 0, inf}},
      {"grazes the corner (1, 1)", {o, one, {2, 0, T(0.5)}, {-1, 1, 0}, 0, inf}},
      {"zero direction inside: unbounded", {o, one, {T(0.5), T(0.5), T(0.5)}, o, 0, inf}},
      {"zero direction outside", {o, one, {2, T(0.5), T(0.5)}, o, 0, inf}},
      {"origin one ulp outside, parallel", {o, one, {N::up(1), T(0.5), T(0.5)}, {0, 1, 0}, 0, inf}},
      {"clipped by t_max", {o, one, {-1, T(0.5), T(0.5)}, {4, 0, 0}, 0, T(0.3)}},
      {"t_min = t_max on the face", {o, one, {-1, T(0.5), T(0.5)}, {1, 0, 0}, 1, 1}},
      {"subnormal direction", {o, one, {-1, T(0.5), T(0.5)}, {N::tiny, 0, 0}, 0, inf}},
      {"box - origin overflows",
       {{-N::max, 0, 0}, {N::max, 1, 1}, {N::max, T(0.5), T(0.5)}, {-1, 0, 0}, 0, inf}},
  };
  return s;
}

template <class T>
Spec<chk::BoundsOfPoints<T>> bounds_of_points_spec() {
  using N = Num<T>;
  Spec<chk::BoundsOfPoints<T>> s{"bounds_of_points", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    flat_flags(f, ref::bounds_of_points(chk::ex_points(k.points)).value());
  };
  s.constructed = {
      {"one point: a point box", {{{1, 2, 3}}}},
      {"duplicates", {{{1, 2, 3}, {-1, 5, 0}, {1, 2, 3}, {0, -4, T(3.5)}}}},
      {"negative and positive zero", {{{-0.0, 0, -0.0}, {0, -0.0, 0}}}},
      {"subnormals", {{{N::tiny, -N::tiny, 0}, {-N::tiny, N::tiny, 2 * N::tiny}}}},
      {"the whole range", {{{N::max, -N::max, 0}, {-N::max, N::max, 1}}}},
  };
  return s;
}

template <class T>
Spec<chk::ExtremePoints<T>> extreme_points_spec() {
  using N = Num<T>;
  Spec<chk::ExtremePoints<T>> s{"extreme_points", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto ps = chk::ex_points(k.points);
    const auto d = chk::ex(k.dir);
    std::vector<Q> dots;
    for (const auto& p : ps) {
      dots.push_back(ref::dot(p, d));
      Q partial = 0;
      for (std::size_t i = 0; i < 3; ++i) {
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
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::ExtremePoints<T>>(&lst::seed002_extreme_points<T>, k, chk::default_contract(chk::ExtremePoints<T>::name)))
      w.emplace_back("seed 002 ExtremePointAlongDirection");
    return w;
  };
  // {points, dir}
  s.constructed = {
      {"tie: lowest index wins", {{{1, 0, 0}, {0, 1, 0}, {1, 0, 0}}, {1, 1, 0}}},
      {"zero direction: 0 and 0", {{{1, 2, 3}, {4, 5, 6}}, {0, 0, 0}}},
      {"projections one ulp apart", {{{1, 0, 0}, {N::up(1), 0, 0}, {N::down(1), 0, 0}}, {1, 0, 0}}},
      {"1 + 2^-30 vs 1: the sum rounds", {{{1, T(0x1p-30), 0}, {1, 0, 0}}, {1, 1, 0}}},
      {"dot products overflow", {{{N::max, N::max, 0}, {N::max, 0, 0}}, {1, 1, 0}}},
      {"projections beyond FLT_MAX", {{{N::max, 0, 0}, {-N::max, 0, 0}}, {2, 0, 0}}},
  };
  s.seeds = {
      {"seed 002 ExtremePointAlongDirection: 1 and 1 + 2^-30 round to one float",
       {{{1, 0, 0}, {1, T(0x1p-30), 0}}, {1, 1, 0}}},
      {"seed 002 ExtremePointAlongDirection: 1 and 1 + 2^-30, reversed direction",
       {{{1, 0, 0}, {1, T(0x1p-30), 0}}, {-1, -1, 0}}},
  };
  return s;
}

template <class T>
Spec<chk::BoundsOfSphere<T>> bounds_of_sphere_spec() {
  using N = Num<T>;
  Spec<chk::BoundsOfSphere<T>> s{"bounds_of_sphere", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto c = chk::ex(k.c);
    const Q r = ref::exact(k.r).value();
    if (r == 0) f.insert("FlatBox");
    for (std::size_t i = 0; i < 3; ++i)
      if (overflows<T>(c[i] - r) || overflows<T>(c[i] + r)) f.insert("Overflow");
  };
  s.constructed = {
      {"radius 0: a point box", {{1, 2, 3}, 0}},
      {"c + r overflows", {{N::max, 0, -N::max}, N::max}},
      {"subnormal radius", {{0, 1, N::tiny}, N::tiny}},
      {"c ± r not representable", {{1, 1, 1}, T(0x1p-30)}},
  };
  return s;
}

/// The products M[i][j]·x[j] of a transform, and its exact result bounds.
template <class T>
void transform_overflow(Flags& f, const chk::M9<T>& m, const std::vector<ref::Vec<3>>& xs,
                        const ref::Box<3>& result) {
  const auto em = chk::ex_matrix(m);
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j)
      for (const auto& x : xs)
        if (overflows<T>(em[i][j] * x[j])) f.insert("Overflow");
    if (overflows<T>(result.lo[i]) || overflows<T>(result.hi[i])) f.insert("Overflow");
  }
}

template <class T>
Spec<chk::Transform<T>> transform_spec() {
  using N = Num<T>;
  Spec<chk::Transform<T>> s{"transform", "min-max", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto b = mm(k.lo, k.hi);
    flat_flags(f, b);
    transform_overflow<T>(f, k.m, {b.lo, b.hi},
                          ref::transform(b, chk::ex_matrix(k.m), chk::ex(k.t)).value());
  };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::Transform<T>>(&lst::seed002_transform<T>, k, chk::default_contract(chk::Transform<T>::name)))
      w.emplace_back("seed 002 UpdateAABB (min-max)");
    return w;
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  const chk::M9<T> id{1, 0, 0, 0, 1, 0, 0, 0, 1}, rot{0, -1, 0, 1, 0, 0, 0, 0, 1};
  s.constructed = {
      {"identity", {o, one, id, o}},
      {"quarter turn about z and a translation", {o, one, rot, {1, 2, 3}}},
      {"reflection", {o, one, {-1, 0, 0, 0, 1, 0, 0, 0, -1}, o}},
      {"singular matrix: a flat result", {{-1, -1, -1}, one, {1, 1, 0, 1, 1, 0, 0, 0, 0}, o}},
      {"products overflow", {{-2, -2, -2}, {2, 2, 2}, {N::max, 0, 0, 0, 1, 0, 0, 0, 1}, o}},
      {"rounded products: 1/3 and 0.1",
       {{T(0.1), 0, 0}, {1, 1, 1}, {T(1.0 / 3), T(0.1), 0, 0, 1, 0, 0, 0, 1}, {T(0.1), 0, 0}}},
  };
  return s;
}

template <class T>
Spec<chk::TransformCe<T>> transform_ce_spec() {
  using N = Num<T>;
  Spec<chk::TransformCe<T>> s{"transform_ce", "center-extent", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto box = chk::ex_ce(k.c, k.e);
    const auto em = chk::ex_matrix(k.m);
    flat_flags(f, ref::to_min_max(box));
    const auto r = ref::transform(box, em, chk::ex(k.t)).value();
    for (std::size_t i = 0; i < 3; ++i) {
      for (std::size_t j = 0; j < 3; ++j)
        if (overflows<T>(em[i][j] * box.center[j]) || overflows<T>(absq(em[i][j]) * box.extent[j]))
          f.insert("Overflow");
      if (overflows<T>(r.center[i]) || overflows<T>(r.extent[i])) f.insert("Overflow");
    }
  };
  s.wrong_listings = [](const auto& k) {
    std::vector<std::string> w;
    if (listing_wrong<chk::TransformCe<T>>(&lst::seed002_transform_ce<T>, k, chk::default_contract(chk::TransformCe<T>::name)))
      w.emplace_back("seed 002 UpdateAABB (centre-radius)");
    return w;
  };
  const V<T> o{0, 0, 0}, one{1, 1, 1};
  const chk::M9<T> id{1, 0, 0, 0, 1, 0, 0, 0, 1}, rot{0, -1, 0, 1, 0, 0, 0, 0, 1};
  s.constructed = {
      {"identity", {o, one, id, o}},
      {"quarter turn about z and a translation", {one, {1, 2, 3}, rot, {1, 2, 3}}},
      {"zero extent", {one, o, rot, o}},
      {"products overflow", {{2, 0, 0}, {2, 1, 1}, {N::max, 0, 0, 0, 1, 0, 0, 0, 1}, o}},
      {"rounded products: 1/3 and 0.1",
       {{T(0.1), 0, 0}, {T(0.1), 1, 1}, {T(1.0 / 3), T(0.1), 0, 0, 1, 0, 0, 0, 1}, {T(0.1), 0, 0}}},
  };
  return s;
}

template <class T>
Spec<chk::HillClimb<T>> hill_climb_spec() {
  Spec<chk::HillClimb<T>> s{"hill_climb", "", {}, {}, {}};
  s.flags = [](Flags& f, const auto& k) {
    const auto r =
        ref::hill_climb(chk::ex_points(k.points), k.neighbors, chk::ex(k.dir), k.start).value();
    if (r.indices.size() > 1) f.insert("Tie");
  };
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
  return s;
}

// ---- Files ----------------------------------------------------------------------------------

const char* test_type(chk::Category c) {
  switch (c) {
    case chk::Category::Decision:
      return "AabbDecisionTest";
    case chk::Category::Index:
      return "AabbIndexTest";
    case chk::Category::Times:
      return "AabbTimesTest";
    case chk::Category::Box:
      break;
  }
  return "AabbBoxTest";
}

/// Beside every `X_f64` of an eval answer, `X_f32`: the float nearest to the exact X.
Json exact_to_f32(const Json& exact) {
  if (exact.is_array()) {
    Json r = Json::array();
    for (const auto& x : exact) r.push_back(exact_to_f32(x));
    return r;
  }
  if (!exact.is_string()) return exact;  // null: no value
  const std::string text = exact.get<std::string>();
  if (text == "inf") return "inf";
  return ref::hex_f32(ref::parse_number(text, "expected").value().value);
}
Json with_f32(const Json& j) {
  if (!j.is_object()) return j;
  Json r = Json::object();
  for (auto it = j.begin(); it != j.end(); ++it) {
    r[it.key()] = with_f32(it.value());
    const std::string& key = it.key();
    if (key.size() > 4 && key.compare(key.size() - 4, 4, "_f64") == 0) {
      const std::string base = key.substr(0, key.size() - 4);
      r[base + "_f32"] = exact_to_f32(j.at(base));
    }
  }
  return r;
}

/// Whether some number in the query is a subnormal of T.
template <class T>
bool has_subnormal(const Json& j) {
  if (j.is_array() || j.is_object()) {
    for (const auto& x : j)
      if (has_subnormal<T>(x)) return true;
    return false;
  }
  if (!j.is_string()) return false;
  const auto parsed = ref::parse_number(j.get<std::string>(), "x");
  if (!parsed.ok() || parsed.value().kind != ref::NumberKind::Finite) return false;
  const Q& q = parsed.value().value;
  static const Q min_normal = ref::exact(std::numeric_limits<T>::min()).value();
  return q != 0 && absq(q) < min_normal;
}

/// The invalid variants of an op's simple valid case: each breaks one rule of the contract.
std::vector<std::tuple<std::string, std::string, Json>> invalid_variants(const Json& query) {
  std::vector<std::tuple<std::string, std::string, Json>> out;
  // The first box (or sphere radius) made invalid.
  for (const char* field : {"box", "a", "stationary"}) {
    if (!query.contains(field)) continue;
    Json q = query;
    if (q[field].contains("max")) {
      q[field]["max"][0] = "-0x1p+3";
      out.emplace_back("max below min on axis 0", "Invalid", q);
    } else {
      q[field]["extent"][0] = "-0x1p+0";
      out.emplace_back("negative extent", "Invalid", q);
    }
    break;
  }
  if (query.contains("radius")) {
    Json q = query;
    q["radius"] = "-0x1p+0";
    out.emplace_back("negative radius", "Invalid", q);
  }
  if (query.contains("t_min")) {
    Json q = query;
    q["t_min"] = "0x1p+1", q["t_max"] = "0x1p+0";
    out.emplace_back("t_min > t_max", "Invalid", q);
  }
  // The first number of the query made NaN, then +infinity.
  for (const char* word : {"nan", "inf"}) {
    Json q = query;
    std::function<bool(Json&)> replace = [&](Json& j) {
      if (j.is_string()) {
        j = word;
        return true;
      }
      if (j.is_array() || j.is_object()) {
        for (auto& x : j)
          if (replace(x)) return true;
      }
      return false;
    };
    for (auto it = q.begin(); it != q.end(); ++it)
      if (it.key() != "op" && replace(it.value())) break;
    out.emplace_back(std::string("first number is ") + word, "NonFinite", q);
  }
  return out;
}

/// A deterministic stream per file: the user's seed mixed with the file's name (FNV-1a).
std::uint64_t file_seed(std::uint64_t seed, const std::string& name) {
  std::uint64_t h = 14695981039346656037ull ^ seed;
  for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

template <class Op, class T>
Json build_file(const Spec<Op>& spec, const std::string& type_name, std::uint64_t seed,
                int cases_per_group) {
  using Case = typename Op::Case;
  std::set<std::string> used_flags;
  int next_id = 1;

  const auto make_test = [&](const std::string& comment, const Json& query,
                             const std::optional<Case>& k, Flags flags) {
    const EvalAnswer answer = eval_line(query.dump());
    Json parsed = Json::parse(answer.json);
    Json input = Json::object();
    for (auto it = query.begin(); it != query.end(); ++it)
      if (it.key() != "op") input[it.key()] = it.value();
    std::string text = comment;
    Json expected = Json::object();
    if (answer.ok) {
      if (k) {
        try {
          spec.flags(flags, *k);
          if (spec.wrong_listings) {
            const auto wrong = spec.wrong_listings(*k);
            for (const auto& name : wrong) text += "; " + name + " answers wrongly";
            if (!wrong.empty()) flags.insert("SeedListingFlaw");
          }
        } catch (const std::exception& e) {
          throw std::runtime_error("flags of \"" + comment + "\": " + e.what());
        }
      }
      if (has_subnormal<T>(query)) flags.insert("Subnormal");
      for (auto it = parsed.begin(); it != parsed.end(); ++it)
        if (it.key() != "id" && it.key() != "op") expected[it.key()] = it.value();
      if (std::is_same_v<T, float>) expected = with_f32(expected);
    } else {
      if (flags.empty()) flags.insert("Invalid");
      expected["error"] = parsed["error"];
    }
    used_flags.insert(flags.begin(), flags.end());
    Json test;
    test["tcId"] = next_id++;
    test["comment"] = text;
    test["flags"] = Json(std::vector<std::string>(flags.begin(), flags.end()));
    test["input"] = std::move(input);
    test["result"] = answer.ok ? "valid" : "invalid";
    test["expected"] = std::move(expected);
    return test;
  };

  const auto group = [&](const char* source, const std::string& description) {
    Json g;
    g["type"] = test_type(Op::category);
    g["source"] = source;
    g["description"] = description;
    g["tests"] = Json::array();
    return g;
  };

  Json groups = Json::array();

  Json constructed = group("constructed", "Systematic edge constructions, named in each comment.");
  for (const auto& [name, k] : spec.constructed)
    constructed["tests"].push_back(make_test(name, Op::query(k), k, {}));
  if (!constructed["tests"].empty()) groups.push_back(std::move(constructed));

  Json seeds = group("seed",
                     "The worked cases of the seed-listing tests (tests/seeds/"
                     "seed_listings_test.cpp), answered by the exact reference.");
  for (const auto& [name, k] : spec.seeds)
    seeds["tests"].push_back(make_test(name, Op::query(k), k, {}));
  if (!seeds["tests"].empty()) groups.push_back(std::move(seeds));

  Json generated = group("generated",
                         "Cases drawn from the edge-aimed generators of `aabb-oracle check` "
                         "(properties/generators.hpp), seed " +
                             std::to_string(seed) + ".");
  rc::Random random(file_seed(seed, spec.file + "_" + type_name));
  const auto gen = Op::cases();
  std::set<std::string> seen;
  for (int drawn = 0, tries = 0; drawn < cases_per_group && tries < 20 * cases_per_group; ++tries) {
    rc::Random r = random.split();
    std::optional<Case> k;
    try {
      k = gen(r, rc::kNominalSize).value();
    } catch (const std::exception&) {
      continue;  // a generator that gave up (gen::suchThat): draw again
    }
    const Json query = Op::query(*k);
    if (!seen.insert(query.dump()).second) continue;
    ++drawn;
    generated["tests"].push_back(
        make_test("generated case " + std::to_string(drawn), query, k, {}));
  }
  groups.push_back(std::move(generated));

  Json invalid = group("invalid", "Inputs the reference rejects; the expected error is eval's.");
  for (const auto& [name, flag, query] : invalid_variants(Op::query(Op::sample())))
    invalid["tests"].push_back(make_test(name, query, std::nullopt, {flag}));
  groups.push_back(std::move(invalid));

  Json notes = Json::object();
  for (const auto& flag : used_flags) {
    const auto& [bug_type, description] = flag_notes().at(flag);
    notes[flag] = Json{{"bugType", bug_type}, {"description", description}};
  }

  const std::string op = Op::query(Op::sample())["op"];
  Json file;
  file["algorithm"] = spec.file;
  file["op"] = op;
  file["boxForm"] = spec.form.empty() ? Json(nullptr) : Json(spec.form);
  file["floatType"] = type_name;
  file["dimension"] = 3;
  file["schema"] = kSchemaName;
  file["generatorVersion"] = kGeneratorVersion;
  file["seed"] = seed;
  file["numberOfTests"] = next_id - 1;
  file["header"] = Json::array({
      "Test vectors for the AABB op \"" + spec.file + "\" over " + type_name + " (IEEE-754 binary" +
          (type_name == "f32" ? "32" : "64") + "), dimension 3.",
      "Each test's input holds the fields of an `aabb-oracle eval` query for op \"" + op +
          "\"; every input number is a hex float exactly representable in " + type_name + ".",
      "Expected results are exact: rationals as \"p/q\" strings, as `aabb-oracle eval` prints "
      "them, each with X_f64 (and in f32 files X_f32), the nearest value of that type (ties to "
      "even) as a hex float.",
      "result \"invalid\" means the exact reference rejects the input; expected.error is eval's "
      "error. Flags are computed from the exact inputs and answer (see notes, docs/vectors.md).",
  });
  file["notes"] = std::move(notes);
  file["testGroups"] = std::move(groups);
  return file;
}

/// Writes `stem_type.json` into `dir`; false when the file cannot be written, with `failure` set
/// to "PATH: REASON".
bool write_file(const std::filesystem::path& dir, const std::string& stem, const Json& file,
                std::string& failure) {
  const std::filesystem::path path = dir / (stem + ".json");
  const auto fail = [&] {
    const int error = errno;
    failure = path.string() + ": " + (error != 0 ? std::strerror(error) : "unknown error");
    return false;
  };
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return fail();
  out << file.dump(1) << "\n";
  out.flush();
  if (!out) return fail();
  out.close();
  if (!out) return fail();
  return true;
}

template <class T>
bool write_type(const std::filesystem::path& dir, const std::string& type_name, std::uint64_t seed,
                int k, std::size_t& total, std::size_t& files, std::string& failure) {
  bool ok = true;
  const auto emit = [&](const auto& spec) {
    using Op = typename std::decay_t<decltype(spec)>::OpType;
    const Json file = build_file<Op, T>(spec, type_name, seed, k);
    total += file["numberOfTests"].template get<std::size_t>();
    ++files;
    if (ok && !write_file(dir, spec.file + "_" + type_name, file, failure)) ok = false;
  };
  emit(contains_spec<T>());
  emit(contains_ce_spec<T>());
  emit(overlap_spec<T>());
  emit(overlap_ce_spec<T>());
  emit(intersection_spec<T>());
  emit(union_spec<T>());
  emit(sweep_spec<T>());
  emit(sweep_ce_spec<T>());
  emit(moving_spec<T>());
  emit(ray_spec<T>());
  emit(bounds_of_points_spec<T>());
  emit(extreme_points_spec<T>());
  emit(bounds_of_sphere_spec<T>());
  emit(transform_spec<T>());
  emit(transform_ce_spec<T>());
  emit(hill_climb_spec<T>());
  return ok;
}

constexpr const char* kVectorsFooter =
    R"(Files (the full format is docs/vectors.md; the schema is vectors/aabb_vectors_schema_v1.json):
  DIR/<op>_<type>.json for every op of the contract (contains, contains_ce, overlap,
  overlap_ce, intersection, union, sweep, sweep_ce, moving_vs_static, ray,
  bounds_of_points, extreme_points, bounds_of_sphere, transform, transform_ce,
  hill_climb) and type f32, f64. Each test: tcId, comment, flags, input (an eval
  query's fields, hex floats of the type), result ("valid"/"invalid") and expected
  (eval's exact answer, plus X_f32 in f32 files). The same seed gives the same bytes.
Exit status: 0 written; 2 usage error (bad option value, DIR cannot be created or written).)";

}  // namespace

CLI::App* add_vectors_command(CLI::App& app, VectorsOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "vectors",
      "Write Wycheproof-style test vectors with exact expected answers, one JSON file "
      "per op and float type");
  cmd->add_option("--out", o.out, "directory to write the files into (created if missing)")
      ->required();
  cmd->add_option("--seed", o.seed, "seed of the generated cases (default 20261123)")
      ->check(CLI::NonNegativeNumber);  // without it CLI11 wraps "-3" around to 2^64 - 3
  cmd->add_option("--cases-per-group", o.cases_per_group,
                  "generated cases per file, 1 to 100000 (default 200)")
      ->check(CLI::Range(1, 100000));
  cmd->footer(kVectorsFooter);
  return cmd;
}

int run_vectors_command(const VectorsOptions& o) {
  namespace fs = std::filesystem;
  if (o.cases_per_group < 1 || o.cases_per_group > 100000) {
    std::cerr << "aabb-oracle vectors: --cases-per-group " << o.cases_per_group
              << ": must be between 1 and 100000\n";
    return 2;
  }
  if (o.out.empty()) {
    std::cerr << "aabb-oracle vectors: --out: empty directory name\n";
    return 2;
  }
  const fs::path dir(o.out);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    std::cerr << "aabb-oracle vectors: --out " << o.out << ": cannot create the directory"
              << (ec ? ": " + ec.message() : std::string()) << "\n";
    return 2;
  }
  std::size_t total = 0, files = 0;
  std::string failure;
  try {
    const bool ok = write_type<float>(dir, "f32", o.seed, o.cases_per_group, total, files, failure) &&
                    write_type<double>(dir, "f64", o.seed, o.cases_per_group, total, files, failure);
    if (!ok) {
      std::cerr << "aabb-oracle vectors: --out " << o.out << ": cannot write " << failure << "\n";
      return 2;
    }
  } catch (const std::exception& e) {
    std::cerr << "aabb-oracle vectors: internal error: " << e.what() << "\n";
    return 1;
  }
  std::cout << "aabb-oracle vectors: wrote " << files << " files, " << total << " tests, to "
            << o.out << "\n";
  return 0;
}

}  // namespace aabb::cli
