#pragma once
/// What the edge constructions of `vectors` share: the names, the exact helpers that compute a
/// case's flags, and Spec, what `vectors` needs of an op beyond check's op (check/ops.hpp).

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "check/ops.hpp"
#include "aabb/listings/textbook_abi.hpp"
#include "aabb/ops/registry.hpp"

namespace aabb::vectors {

namespace chk = aabb::check;
namespace ref = aabb::reference;
namespace lst = aabb::textbook::abi;
using chk::Json;
/// A vector of the constructions, which are 3D (the 2D files have generated cases only).
template <class T>
using V = chk::V<T, 3>;
using Q = ref::Rational;
using Flags = std::set<std::string>;

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
inline Q absq(const Q& q) {
  return q < 0 ? Q(-q) : q;
}

template <std::size_t N>
ref::Box<N> shifted(const ref::Box<N>& b, const ref::Vec<N>& d, const Q& t) {
  ref::Box<N> r = b;
  for (std::size_t i = 0; i < N; ++i) r.lo[i] += t * d[i], r.hi[i] += t * d[i];
  return r;
}

// ---- Flags of the exact cases -------------------------------------------------------------------

template <std::size_t N>
void flat_flags(Flags& f, const ref::Box<N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (b.lo[i] == b.hi[i]) f.insert("FlatBox");
}

/// Two static boxes: touching faces, nesting, ulp-apart compared bounds, flatness.
template <class T, std::size_t N>
void pair_flags(Flags& f, const ref::Box<N>& a, const ref::Box<N>& b) {
  const bool overlap = ref::overlap(a, b).value();
  bool a_in_b = true, b_in_a = true;
  for (std::size_t i = 0; i < N; ++i) {
    if (overlap && (a.hi[i] == b.lo[i] || b.hi[i] == a.lo[i])) f.insert("Touching");
    if (ulp_apart<T>(a.hi[i], b.lo[i]) || ulp_apart<T>(b.hi[i], a.lo[i])) f.insert("UlpApart");
    a_in_b = a_in_b && b.lo[i] <= a.lo[i] && a.hi[i] <= b.hi[i];
    b_in_a = b_in_a && a.lo[i] <= b.lo[i] && b.hi[i] <= a.hi[i];
  }
  if (a_in_b || b_in_a) f.insert("Containment");
  flat_flags(f, a), flat_flags(f, b);
}

/// The intermediates of a textbook centre–extent box: c - e and c + e.
template <class T, std::size_t N>
void ce_overflow(Flags& f, const ref::CenterExtent<N>& b) {
  for (std::size_t i = 0; i < N; ++i)
    if (overflows<T>(b.center[i] - b.extent[i]) || overflows<T>(b.center[i] + b.extent[i]))
      f.insert("Overflow");
}

/// Box a moving by da and b by db over [0, 1].
template <class T, std::size_t N>
void sweep_flags(Flags& f, const ref::Box<N>& a, const ref::Vec<N>& da, const ref::Box<N>& b,
                 const ref::Vec<N>& db) {
  const auto r = ref::sweep(a, da, b, db).value();
  const ref::Box<N> a1 = shifted(a, da, Q(1)), b1 = shifted(b, db, Q(1));
  Flags start;
  pair_flags<T>(start, a, b);
  bool still_touching = false;  // faces meeting on an axis without relative motion: for all t
  for (std::size_t i = 0; i < N; ++i) {
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

template <class T, std::size_t N>
ref::Box<N> mm(const chk::V<T, N>& lo, const chk::V<T, N>& hi) {
  return chk::ex_box<T, N>(lo, hi);
}
template <class T, std::size_t N>
ref::Box<N> ce_as_mm(const chk::V<T, N>& c, const chk::V<T, N>& e) {
  return ref::to_min_max(chk::ex_ce<T, N>(c, e));
}

/// Whether a seed listing's answer, called as check calls a library, violates `contract`.
template <class Op>
bool listing_wrong(typename Op::Fn fn, const typename Op::Case& k,
                   const judge::Contract& contract) {
  try {
    const auto a = Op::call(fn, k);
    return Op::judge(k, a, contract).faulty();
  } catch (const std::exception&) {
    return false;
  }
}

/// The `wrong_listings` of an op: the name of each seed listing (in the order given) whose answer
/// violates the op's default contract (docs/check.md).
template <class Op>
std::function<std::vector<std::string>(const typename Op::Case&)> listings_wrong(
    std::vector<std::pair<typename Op::Fn, std::string>> listings) {
  return [listings = std::move(listings)](const typename Op::Case& k) {
    std::vector<std::string> w;
    for (const auto& [fn, name] : listings)
      if (listing_wrong<Op>(fn, k, chk::default_contract(Op::name))) w.push_back(name);
    return w;
  };
}

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

/// The vectors' files of variant V of registry op Op (ops/registry.json): vectors.cpp walks the
/// registry, so every variant needs one (an incomplete Binding does not compile), declared beside
/// its spec function with AABB_VECTORS_BINDING(registry op, "variant", spec function), which
/// fails to compile unless the name is a variant of that op.
template <class Op, std::size_t V>
struct Binding;
#define AABB_VECTORS_BINDING(OP, NAME, SPEC)                   \
  template <>                                                  \
  struct Binding<ops::OP, ops::index_of<ops::OP>(NAME)> {       \
    template <class T, std::size_t N>                          \
    static auto spec() {                                       \
      return SPEC<T, N>();                                     \
    }                                                          \
  }

}  // namespace aabb::vectors
