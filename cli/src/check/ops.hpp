#pragma once
/// The ops of the C ABI (aabb/abi.h) as `check` sees them: for each op, its inputs (a Case), the
/// edge-aimed generator of cases (cases/, aabb::cases), the call through the C function
/// pointer, the judge under a user-chosen contract (judge/contract.hpp), the case as an
/// `aabb-oracle eval` query line, and a simple valid case for probing non-finite inputs.

#include <rapidcheck.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "aabb/filtered/dispatch.hpp"
#include "aabb/judge/contract.hpp"
#include "aabb/ops/registry.hpp"
#include "aabb/judge/ulp.hpp"
#include "aabb/reference.hpp"
#include "check/decode.hpp"
#include "check/frame.hpp"
#include "aabb/cases/generators.hpp"

namespace aabb::check {

namespace ref = aabb::reference;
namespace gen = aabb::gen;
using judge::Contract;
using judge::Fault;
using judge::Judgement;
using Json = nlohmann::ordered_json;

/// Which contracts an op's answer can be held to.
enum class Category {
  Decision,  ///< a boolean: exact or conservative
  Index,  ///< indices: exact
  Times,  ///< a hit and times: exact, conservative[:k], ulps:k
  Box,  ///< a box or numbers (intersection: a hit too): exact, conservative[:k], ulps:k
  Class,  ///< classify's 0 (disjoint), 1 (intersects) or 2 (contains): exact
};

/// A vector of dimension N (3, or 2 for the aabb2_ symbols of contract §4).
template <class T, std::size_t N>
using V = std::array<T, N>;
/// A matrix as the ABI passes it: N rows of N, row-major (T[9] in 3D, T[4] in 2D).
template <class T, std::size_t N>
using Mat = std::array<T, N * N>;
/// A named scalar input, for probing with NaN and ±inf.
template <class T>
using Slot = std::pair<std::string, T*>;

/// The first N of three numbers: one literal for both dimensions (sample cases).
template <class T, std::size_t N>
V<T, N> first(T x, T y, T z) {
  const std::array<T, 3> xyz{x, y, z};
  V<T, N> v;
  for (std::size_t i = 0; i < N; ++i) v[i] = xyz[i];
  return v;
}

// ---- Conversions ------------------------------------------------------------------------------

template <class T>
Json hex(T x) {
  return ref::hex(x);
}
template <class T, std::size_t N>
Json hex(const V<T, N>& v) {
  Json j = Json::array();
  for (const T& x : v) j.push_back(ref::hex(x));
  return j;
}
template <class T, std::size_t N>
Json mm_box(const V<T, N>& lo, const V<T, N>& hi) {
  Json j;
  j["min"] = hex(lo);
  j["max"] = hex(hi);
  return j;
}
template <class T, std::size_t N>
Json ce_box(const V<T, N>& c, const V<T, N>& e) {
  Json j;
  j["center"] = hex(c);
  j["extent"] = hex(e);
  return j;
}
/// The ABI's row-major matrix as its N rows.
template <class T, std::size_t N>
aabb::geometry::Matrix<T, N> rows_of(const Mat<T, N>& m) {
  aabb::geometry::Matrix<T, N> rows;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t k = 0; k < N; ++k) rows[i][k] = m[N * i + k];
  return rows;
}
template <class T, std::size_t N>
Json matrix_json(const Mat<T, N>& m) {
  Json rows = Json::array();
  for (const auto& row : rows_of<T, N>(m)) rows.push_back(hex(row));
  return rows;
}
template <class T, std::size_t N>
Json points_json(const std::vector<V<T, N>>& ps) {
  Json j = Json::array();
  for (const auto& p : ps) j.push_back(hex(p));
  return j;
}

template <class T, std::size_t N>
ref::Vec<N> ex(const V<T, N>& v) {
  return aabb::geometry::map(v, ref::exact_value);
}
template <class T, std::size_t N>
ref::Box<N> ex_box(const V<T, N>& lo, const V<T, N>& hi) {
  return aabb::geometry::map(aabb::geometry::Box<T, N>{lo, hi}, ref::exact_value);
}
template <class T, std::size_t N>
ref::CenterExtent<N> ex_ce(const V<T, N>& c, const V<T, N>& e) {
  return aabb::geometry::map(aabb::geometry::CenterExtent<T, N>{c, e}, ref::exact_value);
}
template <class T, std::size_t N>
ref::Matrix<N> ex_matrix(const Mat<T, N>& m) {
  return aabb::geometry::map(rows_of<T, N>(m), ref::exact_value);
}
template <class T, std::size_t N>
std::vector<ref::Vec<N>> ex_points(const std::vector<V<T, N>>& ps) {
  std::vector<ref::Vec<N>> r;
  r.reserve(ps.size());
  for (const auto& p : ps) r.push_back(ex(p));
  return r;
}
/// The exact answers: the filtered evaluator, or the plain reference under `--exact plain`.
namespace fx = aabb::filtered::dispatch;
template <class T, std::size_t N>
using MinMax = aabb::geometry::Box<T, N>;
template <class T, std::size_t N>
using CentreExtent = aabb::geometry::CenterExtent<T, N>;
template <class T, std::size_t K>
void add_slots(std::vector<Slot<T>>& s, const std::string& name, std::array<T, K>& v) {
  for (std::size_t i = 0; i < v.size(); ++i) s.emplace_back(name + "[" + std::to_string(i) + "]", &v[i]);
}

/// `gen` with every case made a half-line ray by Op::half_line (t_min = 0, t_max = +inf): check
/// --ray half-line and the vectors' half-line group. Shrinks stay half-lines.
template <class Op>
rc::Gen<typename Op::Case> half_line_cases(rc::Gen<typename Op::Case> gen) {
  return rc::gen::map(std::move(gen), [](typename Op::Case k) {
    Op::half_line(k);
    return k;
  });
}

/// An eval query with the case's boundary convention, when it is not the closed box (so that the
/// counterexample replays under the convention it was judged by).
inline Json with_boundary(Json q, ref::Boundary b) {
  if (b != ref::Boundary::Closed) q["boundary"] = ref::boundary_name(b);
  return q;
}

/// Bounds of a min–max box as centre and extent: c = lo/2 + hi/2, e = hi/2 - lo/2, rounded in T
/// (exact for most generated boxes; e >= 0 always, since rounding is monotone).
template <class T, std::size_t N>
std::pair<V<T, N>, V<T, N>> halves(const V<T, N>& lo, const V<T, N>& hi) {
  V<T, N> c, e;
  for (std::size_t i = 0; i < N; ++i) {
    c[i] = lo[i] / 2 + hi[i] / 2;
    e[i] = hi[i] / 2 - lo[i] / 2;
  }
  return {c, e};
}

/// A point aimed at a centre–extent box's faces: per axis fl(c ± e) moved by -2..2 ulps, the
/// centre, or any number.
template <class T, std::size_t N>
rc::Gen<V<T, N>> ce_point(V<T, N> c, V<T, N> e) {
  return rc::gen::exec([c, e] {
    V<T, N> p;
    for (std::size_t i = 0; i < N; ++i) {
      switch (*gen::kind({6, 1, 1})) {
        case 0: {
          const T f = *gen::chance(50) ? c[i] + e[i] : c[i] - e[i];
          p[i] = std::isfinite(f) ? gen::ulp_step(f, *gen::int_in(-2, 2)) : c[i];
          break;
        }
        case 1:
          p[i] = c[i];
          break;
        default:
          p[i] = *gen::number<T>();
      }
    }
    return p;
  });
}

// ---- Default contracts ------------------------------------------------------------------------

/// The contract check holds an op to unless --contract says otherwise (docs/check.md), and the one
/// `vectors` uses to flag a seed listing's answer: decisions, indices and the bounds of points
/// exact; times within 1 ulp; computed boxes conservative and within 1 ulp; the centre–radius
/// transform conservative (its extent can need more: docs/contracts.md).
inline Contract default_contract(std::string_view op) {
  // The registry's text ("exact", "conservative", "conservative:1", "ulps:1"), which ops/registry.hpp
  // has checked at compile time to be one of these forms.
  const std::string_view text = ops::default_contract(op);
  const auto k = [&](std::size_t from) { return std::optional<long>(std::stol(std::string(text.substr(from)))); };
  if (text.starts_with("ulps:")) return {Contract::Kind::Ulps, k(5)};
  if (text.starts_with("conservative:")) return {Contract::Kind::Conservative, k(13)};
  if (text == "conservative") return {Contract::Kind::Conservative, std::nullopt};
  return {Contract::Kind::Exact, std::nullopt};
}

// ---- Answers ----------------------------------------------------------------------------------

// Every answer carries what check found wrong with the call's use of its buffers (frame.hpp).
// Outputs the library did not write keep not_written<T>().

struct DecisionAnswer {
  int hit = 0;
  BufferFault fault;
};
template <class T, std::size_t N = 3>
struct BoxAnswer {
  int hit = 1;  ///< intersection's result; 1 for the ops that return nothing
  V<T, N> lo{}, hi{};
  BufferFault fault;
};
template <class T>
struct TimesAnswer {
  int hit = 0;
  int times = 2;  ///< how many of t0, t1 the op writes on a hit
  T t0 = not_written<T>(), t1 = not_written<T>();
  BufferFault fault;
};
struct IndexAnswer {
  std::size_t i_min = 0, i_max = 0;
  BufferFault fault;
};

/// Copies n outputs the library wrote into `to`.
template <class T, std::size_t N>
void take(std::array<T, N>& to, const T* from) {
  for (std::size_t i = 0; i < N; ++i) to[i] = from[i];
}

/// Points as the ABI passes them: x, y, z of each point in turn.
template <class T, std::size_t N>
std::vector<T> flat_points(const std::vector<V<T, N>>& points) {
  std::vector<T> xyz;
  xyz.reserve(points.size() * N);
  for (const auto& p : points) xyz.insert(xyz.end(), p.begin(), p.end());
  return xyz;
}

/// The first output the library should have written but did not, or wrote as NaN: the kind
/// (kNotWritten or kNaNAnswer) and its detail; an empty kind when there is none.
template <class T>
std::pair<std::string, std::string> bad_output(const std::string& name, T x) {
  if (is_not_written(x)) return {kNotWritten, name + " was not written"};
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(x)) return {kNaNAnswer, name + " is NaN"};
  return {};
}
template <class T, std::size_t N>
std::pair<std::string, std::string> bad_output(const std::string& name, const std::array<T, N>& v) {
  for (std::size_t i = 0; i < N; ++i) {
    auto b = bad_output(name + "[" + std::to_string(i) + "]", v[i]);
    if (!b.first.empty()) return b;
  }
  return {};
}
inline std::pair<std::string, std::string> outputs_problem(const DecisionAnswer&) { return {}; }
template <class T, std::size_t N>
std::pair<std::string, std::string> outputs_problem(const BoxAnswer<T, N>& a) {
  if (a.hit == 0) return {};
  auto b = bad_output("lo", a.lo);
  return b.first.empty() ? bad_output("hi", a.hi) : b;
}
template <class T>
std::pair<std::string, std::string> outputs_problem(const TimesAnswer<T>& a) {
  if (a.hit == 0) return {};
  auto b = bad_output(a.times == 2 ? "t_first" : "t_enter", a.t0);
  return b.first.empty() && a.times == 2 ? bad_output("t_last", a.t1) : b;
}
inline std::pair<std::string, std::string> outputs_problem(const IndexAnswer& a) {
  auto b = bad_output("i_min", a.i_min);
  return b.first.empty() ? bad_output("i_max", a.i_max) : b;
}

inline Json answer_json(const DecisionAnswer& a) {
  return Json{{"result", a.hit}};
}
template <class T, std::size_t N>
Json answer_json(const BoxAnswer<T, N>& a) {
  Json j{{"result", a.hit}};
  j["lo"] = hex(a.lo);
  j["hi"] = hex(a.hi);
  return j;
}
template <class T>
Json answer_json(const TimesAnswer<T>& a) {
  return Json{{"result", a.hit}, {"t0", ref::hex(a.t0)}, {"t1", ref::hex(a.t1)}};
}
inline Json answer_json(const IndexAnswer& a) {
  return Json{{"i_min", a.i_min}, {"i_max", a.i_max}};
}

template <class T, std::size_t N>
void judge_box(Judgement& j, const V<T, N>& lo, const V<T, N>& hi, const ref::Box<N>& exact,
               const Contract& c) {
  for (std::size_t i = 0; i < N; ++i) {
    judge::judge_bound(j, "lo[" + std::to_string(i) + "]", lo[i], exact.lo[i], false, c);
    judge::judge_bound(j, "hi[" + std::to_string(i) + "]", hi[i], exact.hi[i], true, c);
  }
}

// ---- Bindings to the registry ----------------------------------------------------------------

/// The check op of variant V of registry op Op (ops/registry.json): check's table walks the
/// registry, so every ABI variant needs one (an incomplete Binding does not compile), and each is
/// declared beside its struct with AABB_CHECK_BINDING(registry op, struct), which fails to compile
/// unless the struct's name is a variant of that op.
template <class Op, std::size_t V>
struct Binding;
#define AABB_CHECK_BINDING(OP, STRUCT)                                  \
  template <>                                                           \
  struct Binding<ops::OP, ops::index_of<ops::OP>(STRUCT<float>::name)> { \
    template <class T, std::size_t N>                                   \
    using type = STRUCT<T, N>;                                          \
  }

// ---- The ops ----------------------------------------------------------------------------------

template <class T, std::size_t N = 3>
struct Contains {
  static constexpr const char* name = "contains";
  static constexpr Category category = Category::Decision;
  using Fn = int (*)(const T*, const T*, const T*);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> lo, hi, p;
    ref::Boundary boundary = ref::Boundary::Closed;  ///< check --boundary (set for the whole campaign)
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto b = *gen::box<T, N>();
      return Case{b.lo, b.hi, *gen::point_near<T, N>(b)};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(T(0.5), T(0.5), T(0.5))}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.lo, k.hi); k.p = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.hit = f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.p, "p"));
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0, fx::contains(MinMax<T, N>{k.lo, k.hi}, k.p, k.boundary).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return with_boundary(Json{{"op", "contains"}, {"box", mm_box(k.lo, k.hi)}, {"point", hex(k.p)}}, k.boundary);
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi), add_slots(s, "p", k.p);
    return s;
  }
};
AABB_CHECK_BINDING(Contains, Contains);

template <class T, std::size_t N = 3>
struct ContainsCe {
  static constexpr const char* name = "contains_ce";
  static constexpr Category category = Category::Decision;
  using Fn = int (*)(const T*, const T*, const T*);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> c, e, p;
    ref::Boundary boundary = ref::Boundary::Closed;  ///< check --boundary (set for the whole campaign)
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      if (*gen::chance(40)) {
        const auto b = *gen::box<T, N>();
        const auto [c, e] = halves(b.lo, b.hi);
        return Case{c, e, *gen::point_near<T, N>(b)};
      }
      auto b = *gen::center_extent<T, N>();
      if (*gen::chance(20))
        for (auto& x : b.extent) x = *gen::large<T>();
      return Case{b.center, b.extent, *ce_point<T, N>(b.center, b.extent)};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(T(0.5), T(0.5), T(0.5))}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; k.c = d.vec(); k.e = d.extent(); k.p = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.hit = f(fr.in(k.c, "c"), fr.in(k.e, "e"), fr.in(k.p, "p"));
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0, fx::contains(CentreExtent<T, N>{k.c, k.e}, k.p, k.boundary).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return with_boundary(Json{{"op", "contains"}, {"box", ce_box(k.c, k.e)}, {"point", hex(k.p)}}, k.boundary);
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "c", k.c), add_slots(s, "e", k.e), add_slots(s, "p", k.p);
    return s;
  }
};
AABB_CHECK_BINDING(Contains, ContainsCe);

template <class T, std::size_t N = 3>
struct Overlap {
  static constexpr const char* name = "overlap";
  static constexpr Category category = Category::Decision;
  using Fn = int (*)(const T*, const T*, const T*, const T*);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> alo, ahi, blo, bhi;
    ref::Boundary boundary = ref::Boundary::Closed;  ///< check --boundary (set for the whole campaign)
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto p = *gen::box_pair<T, N>();
      return Case{p.a.lo, p.a.hi, p.b.lo, p.b.hi};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(T(0.5), T(0.5), T(0.5)), first<T, N>(2, 2, 2)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.alo, k.ahi); d.box(k.blo, k.bhi); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.hit = f(fr.in(k.alo, "alo"), fr.in(k.ahi, "ahi"), fr.in(k.blo, "blo"), fr.in(k.bhi, "bhi"));
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0,
                          fx::overlap(MinMax<T, N>{k.alo, k.ahi}, MinMax<T, N>{k.blo, k.bhi}, k.boundary).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return with_boundary(Json{{"op", "overlap"}, {"a", mm_box(k.alo, k.ahi)}, {"b", mm_box(k.blo, k.bhi)}}, k.boundary);
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "alo", k.alo), add_slots(s, "ahi", k.ahi), add_slots(s, "blo", k.blo),
        add_slots(s, "bhi", k.bhi);
    return s;
  }
};
AABB_CHECK_BINDING(Overlap, Overlap);

template <class T, std::size_t N = 3>
struct OverlapCe {
  static constexpr const char* name = "overlap_ce";
  static constexpr Category category = Category::Decision;
  using Fn = int (*)(const T*, const T*, const T*, const T*);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> ac, ae, bc, be;
    ref::Boundary boundary = ref::Boundary::Closed;  ///< check --boundary (set for the whole campaign)
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      if (*gen::chance(30)) {
        const auto p = *gen::box_pair<T, N>();
        const auto [ac, ae] = halves(p.a.lo, p.a.hi);
        const auto [bc, be] = halves(p.b.lo, p.b.hi);
        return Case{ac, ae, bc, be};
      }
      const auto a = *gen::center_extent<T, N>();
      const auto b = *gen::center_extent<T, N>();
      Case k{a.center, a.extent, b.center, b.extent};
      for (std::size_t i = 0; i < N; ++i) {
        switch (*gen::kind({6, 1, 1, 2})) {
          case 0: {  // b's centre at fl(ca ± fl(ea + eb)), moved by -2..2 ulps: apart, touching,
                     // overlapping
            k.bc[i] = gen::tie_center(k.ac[i], T(k.ae[i] + k.be[i]), k.bc[i]);
            break;
          }
          case 1:
            k.bc[i] = k.ac[i];
            break;
          case 2: {  // huge centres and extents, whose differences and sums overflow
            gen::huge_opposed(k.ac[i], k.bc[i], k.ae[i], k.be[i]);
            break;
          }
          default:
            break;
        }
      }
      if (*gen::chance(50)) std::swap(k.ac, k.bc), std::swap(k.ae, k.be);
      return k;
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(2, 2, 2), first<T, N>(1, 1, 1)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; k.ac = d.vec(); k.ae = d.extent(); k.bc = d.vec(); k.be = d.extent(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.hit = f(fr.in(k.ac, "ac"), fr.in(k.ae, "ae"), fr.in(k.bc, "bc"), fr.in(k.be, "be"));
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0, fx::overlap(CentreExtent<T, N>{k.ac, k.ae}, CentreExtent<T, N>{k.bc, k.be}, k.boundary).value(),
                          c);
    return j;
  }
  static Json query(const Case& k) {
    return with_boundary(Json{{"op", "overlap"}, {"a", ce_box(k.ac, k.ae)}, {"b", ce_box(k.bc, k.be)}}, k.boundary);
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "ac", k.ac), add_slots(s, "ae", k.ae), add_slots(s, "bc", k.bc),
        add_slots(s, "be", k.be);
    return s;
  }
};
AABB_CHECK_BINDING(Overlap, OverlapCe);

/// What the ops on two min–max boxes share besides overlap itself (intersection, union,
/// contains_box, classify): overlap's cases, sample and slots, and the eval query under the op's
/// own name. Op derives from it (BoxPairOp<T, Op>) and adds name, category, Fn, Answer, call and
/// judge, and may give other cases.
template <class T, std::size_t N, class Op>
struct BoxPairOp {
  using Case = typename Overlap<T, N>::Case;
  static rc::Gen<Case> cases() { return Overlap<T, N>::cases(); }
  static Case sample() { return Overlap<T, N>::sample(); }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { return Overlap<T, N>::decode(d); }
  static std::vector<Slot<T>> slots(Case& k) { return Overlap<T, N>::slots(k); }
  static Json query(const Case& k) { return Json{{"op", Op::name}, {"a", mm_box(k.alo, k.ahi)}, {"b", mm_box(k.blo, k.bhi)}}; }
};

/// Calls f(alo, ahi, blo, bhi, out_lo, out_hi) (intersection, union) on a pair of boxes; the
/// answer's hit is f's int result, or 1 when f returns nothing.
template <class T, std::size_t N, class F>
BoxAnswer<T, N> call_pair_to_box(F f, const typename Overlap<T, N>::Case& k) {
  Frame fr;
  BoxAnswer<T, N> a;
  T* lo = fr.out<T>(N, "out_lo");
  T* hi = fr.out<T>(N, "out_hi");
  const auto call = [&] { return f(fr.in(k.alo, "alo"), fr.in(k.ahi, "ahi"), fr.in(k.blo, "blo"), fr.in(k.bhi, "bhi"), lo, hi); };
  if constexpr (std::is_void_v<decltype(call())>)
    call();
  else
    a.hit = call();
  take(a.lo, lo), take(a.hi, hi);
  a.fault = fr.verify();
  return a;
}

template <class T, std::size_t N = 3>
struct Intersection : BoxPairOp<T, N, Intersection<T, N>> {
  using Case = typename BoxPairOp<T, N, Intersection<T, N>>::Case;
  static constexpr const char* name = "intersection";
  static constexpr Category category = Category::Box;
  using Fn = int (*)(const T*, const T*, const T*, const T*, T*, T*);
  using Answer = BoxAnswer<T, N>;
  static Json answer(const Answer& a) { return answer_json(a); }
  static Answer call(Fn f, const Case& k) { return call_pair_to_box<T, N>(f, k); }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    const auto exact = fx::intersection(MinMax<T, N>{k.alo, k.ahi}, MinMax<T, N>{k.blo, k.bhi}).value();
    judge::judge_decision(j, a.hit != 0, exact.has_value(), c);
    if (a.hit != 0 && exact) judge_box(j, a.lo, a.hi, *exact, c);
    return j;
  }
};
AABB_CHECK_BINDING(Intersection, Intersection);

template <class T, std::size_t N = 3>
struct Union : BoxPairOp<T, N, Union<T, N>> {
  using Case = typename BoxPairOp<T, N, Union<T, N>>::Case;
  static constexpr const char* name = "union";
  static constexpr Category category = Category::Box;
  using Fn = void (*)(const T*, const T*, const T*, const T*, T*, T*);
  using Answer = BoxAnswer<T, N>;
  static Json answer(const Answer& a) { return answer_json(a); }
  static Answer call(Fn f, const Case& k) { return call_pair_to_box<T, N>(f, k); }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge_box(j, a.lo, a.hi, fx::union_of(MinMax<T, N>{k.alo, k.ahi}, MinMax<T, N>{k.blo, k.bhi}).value(), c);
    return j;
  }
};
AABB_CHECK_BINDING(Union, Union);

/// Cases of contains_box and classify: a box pair aimed at containment's edges.
template <class T, std::size_t N>
rc::Gen<typename Overlap<T, N>::Case> containment_cases() {
  return rc::gen::exec([] {
    const auto p = *gen::containment_pair<T, N>();
    return typename Overlap<T, N>::Case{p.a.lo, p.a.hi, p.b.lo, p.b.hi};
  });
}

template <class T, std::size_t N = 3>
struct ContainsBox : BoxPairOp<T, N, ContainsBox<T, N>> {
  using Case = typename BoxPairOp<T, N, ContainsBox<T, N>>::Case;
  static constexpr const char* name = "contains_box";
  static constexpr Category category = Category::Decision;
  using Fn = int (*)(const T*, const T*, const T*, const T*);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  static rc::Gen<Case> cases() { return containment_cases<T, N>(); }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(2, 2, 2), first<T, N>(T(0.5), T(0.5), T(0.5)), first<T, N>(1, 1, 1)}; }
  static Answer call(Fn f, const Case& k) { return Overlap<T, N>::call(f, k); }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0,
                          fx::contains_box(MinMax<T, N>{k.alo, k.ahi}, MinMax<T, N>{k.blo, k.bhi}).value(), c);
    return j;
  }
};
AABB_CHECK_BINDING(ContainsBox, ContainsBox);

/// classify's answer as text: "0 (disjoint)", "2 (contains)", or the number alone when it is
/// no class.
inline std::string class_text(int c) {
  const std::string n = std::to_string(c);
  return c >= 0 && c <= 2 ? n + " (" + ref::to_string(static_cast<ref::Containment>(c)) + ")" : n;
}

template <class T, std::size_t N = 3>
struct Classify : BoxPairOp<T, N, Classify<T, N>> {
  using Case = typename BoxPairOp<T, N, Classify<T, N>>::Case;
  static constexpr const char* name = "classify";
  static constexpr Category category = Category::Class;
  static constexpr std::pair<int, int> int_results{0, 2};  ///< disjoint, intersects, contains
  using Fn = int (*)(const T*, const T*, const T*, const T*);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  static rc::Gen<Case> cases() { return containment_cases<T, N>(); }
  static Case sample() { return ContainsBox<T, N>::sample(); }
  static Answer call(Fn f, const Case& k) { return Overlap<T, N>::call(f, k); }
  static Judgement judge(const Case& k, const Answer& a, const Contract&) {
    Judgement j;
    const int exact = static_cast<int>(fx::classify(MinMax<T, N>{k.alo, k.ahi}, MinMax<T, N>{k.blo, k.bhi}).value());
    if (a.hit != exact) j.fault(Fault::WrongClass, "got " + class_text(a.hit) + ", exact " + class_text(exact));
    return j;
  }
};
AABB_CHECK_BINDING(Classify, Classify);

template <class T, std::size_t N = 3>
struct Sweep {
  static constexpr const char* name = "sweep";
  static constexpr Category category = Category::Times;
  using Fn = int (*)(const T*, const T*, const T*, const T*, const T*, const T*, T*, T*);
  using Answer = TimesAnswer<T>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> alo, ahi, da, blo, bhi, db;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto s = *gen::sweep_case<T, N>();
      return Case{s.a.lo, s.a.hi, s.da, s.b.lo, s.b.hi, s.db};
    });
  }
  static Case sample() {
    return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(0, 0, 0), first<T, N>(2, 0, 0), first<T, N>(3, 1, 1), first<T, N>(-2, 0, 0)};
  }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.alo, k.ahi); k.da = d.vec(); d.box(k.blo, k.bhi); k.db = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* t0 = fr.out<T>(1, "t_first");
    T* t1 = fr.out<T>(1, "t_last");
    a.hit = f(fr.in(k.alo, "alo"), fr.in(k.ahi, "ahi"), fr.in(k.da, "da"), fr.in(k.blo, "blo"),
              fr.in(k.bhi, "bhi"), fr.in(k.db, "db"), t0, t1);
    a.t0 = *t0, a.t1 = *t1;
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge_result(const ref::SweepResult& e, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0, e.hit, c);
    if (a.hit != 0 && e.hit) {
      judge::judge_first_time(j, "t_first", a.t0, *e.t_first, c);
      judge::judge_last_time(j, "t_last", a.t1, *e.t_last, false, c);
    }
    return j;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    return judge_result(
        fx::sweep(MinMax<T, N>{k.alo, k.ahi}, k.da, MinMax<T, N>{k.blo, k.bhi}, k.db).value(), a, c);
  }
  static Json query(const Case& k) {
    return Json{{"op", "sweep"},
                {"a", mm_box(k.alo, k.ahi)},
                {"da", hex(k.da)},
                {"b", mm_box(k.blo, k.bhi)},
                {"db", hex(k.db)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "alo", k.alo), add_slots(s, "ahi", k.ahi), add_slots(s, "da", k.da);
    add_slots(s, "blo", k.blo), add_slots(s, "bhi", k.bhi), add_slots(s, "db", k.db);
    return s;
  }
};
AABB_CHECK_BINDING(Sweep, Sweep);

template <class T, std::size_t N = 3>
struct SweepCe {
  static constexpr const char* name = "sweep_ce";
  static constexpr Category category = Category::Times;
  using Fn = int (*)(const T*, const T*, const T*, const T*, const T*, const T*, T*, T*);
  using Answer = TimesAnswer<T>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> ea, a0, a1, eb, b0, b1;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      Case k;
      if (*gen::chance(50)) {
        const auto s = *gen::sweep_case<T, N>();
        std::tie(k.a0, k.ea) = halves(s.a.lo, s.a.hi);
        std::tie(k.b0, k.eb) = halves(s.b.lo, s.b.hi);
        for (std::size_t i = 0; i < N; ++i) {
          k.a1[i] = gen::finite_or(T(k.a0[i] + s.da[i]), k.a0[i]);
          k.b1[i] = gen::finite_or(T(k.b0[i] + s.db[i]), k.b0[i]);
        }
      } else {
        const auto a = *gen::center_extent<T, N>(), b = *gen::center_extent<T, N>();
        k.a0 = a.center, k.ea = a.extent, k.b0 = b.center, k.eb = b.extent;
        k.a1 = *gen::chance(30) ? k.a0 : *gen::vec<T, N>();
        k.b1 = *gen::chance(30) ? k.b0 : *gen::vec<T, N>();
      }
      return k;
    });
  }
  static Case sample() {
    return {first<T, N>(1, 1, 1), first<T, N>(0, 0, 0), first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(4, 0, 0), first<T, N>(0, 0, 0)};
  }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; k.ea = d.extent(); k.a0 = d.vec(); k.a1 = d.vec(); k.eb = d.extent(); k.b0 = d.vec(); k.b1 = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* t0 = fr.out<T>(1, "u0");
    T* t1 = fr.out<T>(1, "u1");
    a.hit = f(fr.in(k.ea, "ea"), fr.in(k.a0, "a0"), fr.in(k.a1, "a1"), fr.in(k.eb, "eb"),
              fr.in(k.b0, "b0"), fr.in(k.b1, "b1"), t0, t1);
    a.t0 = *t0, a.t1 = *t1;
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    return Sweep<T, N>::judge_result(
        fx::sweep_ce(k.ea, k.a0, k.a1, k.eb, k.b0, k.b1).value(), a, c);
  }
  static Json query(const Case& k) {
    return Json{{"op", "sweep"},
                {"a", ce_box(k.a0, k.ea)},
                {"a_end", ce_box(k.a1, k.ea)},
                {"b", ce_box(k.b0, k.eb)},
                {"b_end", ce_box(k.b1, k.eb)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "ea", k.ea), add_slots(s, "a0", k.a0), add_slots(s, "a1", k.a1);
    add_slots(s, "eb", k.eb), add_slots(s, "b0", k.b0), add_slots(s, "b1", k.b1);
    return s;
  }
};
AABB_CHECK_BINDING(Sweep, SweepCe);

template <class T, std::size_t N = 3>
struct MovingVsStatic {
  static constexpr const char* name = "moving_vs_static";
  static constexpr Category category = Category::Times;
  using Fn = int (*)(const T*, const T*, const T*, const T*, const T*, T*);
  using Answer = TimesAnswer<T>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> slo, shi, mlo, mhi, d;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto s = *gen::sweep_case<T, N>();
      // The sweep's relative motion: exact when da is zero (often), rounded otherwise.
      V<T, N> d;
      for (std::size_t i = 0; i < N; ++i) d[i] = gen::finite_or(T(s.db[i] - s.da[i]), s.db[i]);
      return Case{s.a.lo, s.a.hi, s.b.lo, s.b.hi, d};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(2, 0, 0), first<T, N>(3, 1, 1), first<T, N>(-2, 0, 0)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.slo, k.shi); d.box(k.mlo, k.mhi); k.d = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.times = 1;
    T* t0 = fr.out<T>(1, "t_enter");
    a.hit = f(fr.in(k.slo, "slo"), fr.in(k.shi, "shi"), fr.in(k.mlo, "mlo"), fr.in(k.mhi, "mhi"),
              fr.in(k.d, "d"), t0);
    a.t0 = *t0;
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    const auto e =
        fx::moving_vs_static(MinMax<T, N>{k.slo, k.shi}, MinMax<T, N>{k.mlo, k.mhi}, k.d).value();
    judge::judge_decision(j, a.hit != 0, e.hit, c);
    if (a.hit != 0 && e.hit) judge::judge_first_time(j, "t_enter", a.t0, *e.t_enter, c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "moving_vs_static"},
                {"stationary", mm_box(k.slo, k.shi)},
                {"moving", mm_box(k.mlo, k.mhi)},
                {"d", hex(k.d)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "slo", k.slo), add_slots(s, "shi", k.shi), add_slots(s, "mlo", k.mlo);
    add_slots(s, "mhi", k.mhi), add_slots(s, "d", k.d);
    return s;
  }
};
AABB_CHECK_BINDING(MovingVsStatic, MovingVsStatic);

template <class T, std::size_t N = 3>
struct Ray {
  static constexpr const char* name = "ray";
  static constexpr Category category = Category::Times;
  using Fn = int (*)(const T*, const T*, const T*, const T*, T, T, T*, T*);
  using Answer = TimesAnswer<T>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> lo, hi, o, d;
    T t_min, t_max;  ///< t_max = +inf: unbounded
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto r = *gen::ray_case<T, N>();
      return Case{r.box.lo, r.box.hi, r.origin,
                  r.dir,    r.t_min,  r.t_max.value_or(std::numeric_limits<T>::infinity())};
    });
  }
  /// check --ray half-line: the library's rays have no range (t from 0 to +inf).
  static void half_line(Case& k) {
    k.t_min = 0;
    k.t_max = std::numeric_limits<T>::infinity();
  }
  static Case sample() {
    return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(-1, T(0.5), T(0.5)),
            first<T, N>(1, 0, 0), 0,         std::numeric_limits<T>::infinity()};
  }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.lo, k.hi); k.o = d.vec(); k.d = d.vec(); k.t_min = d.number(); k.t_max = d.upper_time(); if (k.t_max < k.t_min) std::swap(k.t_min, k.t_max); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* t0 = fr.out<T>(1, "t_enter");
    T* t1 = fr.out<T>(1, "t_exit");
    a.hit = f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.o, "o"), fr.in(k.d, "d"), k.t_min,
              k.t_max, t0, t1);
    a.t0 = *t0, a.t1 = *t1;
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    const T t_max = std::isinf(k.t_max) ? std::numeric_limits<T>::infinity() : k.t_max;  // any inf: unbounded
    const auto e = fx::ray(MinMax<T, N>{k.lo, k.hi}, k.o, k.d, k.t_min, t_max).value();
    judge::judge_decision(j, a.hit != 0, e.hit, c);
    if (a.hit != 0 && e.hit) {
      judge::judge_first_time(j, "t_enter", a.t0, *e.t_enter, c);
      judge::judge_last_time(j, "t_exit", a.t1, e.t_exit.value_or(ref::Rational(0)),
                             e.t_exit_infinite, c);
    }
    return j;
  }
  static Json query(const Case& k) {
    Json q{{"op", "ray"},
           {"box", mm_box(k.lo, k.hi)},
           {"origin", hex(k.o)},
           {"dir", hex(k.d)},
           {"t_min", hex(k.t_min)}};
    q["t_max"] = std::isinf(k.t_max) ? Json("inf") : hex(k.t_max);
    return q;
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi), add_slots(s, "o", k.o),
        add_slots(s, "d", k.d);
    s.emplace_back("t_min", &k.t_min);
    return s;
  }
};
AABB_CHECK_BINDING(Ray, Ray);

template <class T, std::size_t N = 3>
struct BoundsOfPoints {
  static constexpr const char* name = "bounds_of_points";
  static constexpr Category category = Category::Box;
  using Fn = void (*)(const T*, std::size_t, T*, T*);
  using Answer = BoxAnswer<T, N>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    std::vector<V<T, N>> points;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] { return Case{*gen::points<T, N>()}; });
  }
  static Case sample() { return {{first<T, N>(0, 0, 0), first<T, N>(1, 2, 3), first<T, N>(-1, T(0.5), 2)}}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { return Case{d.points(1, 16)}; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    const std::vector<T> xyz = flat_points(k.points);
    T* lo = fr.out<T>(N, "lo");
    T* hi = fr.out<T>(N, "hi");
    f(fr.in(xyz, "xyz"), k.points.size(), lo, hi);
    take(a.lo, lo), take(a.hi, hi);
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge_box(j, a.lo, a.hi, fx::bounds_of_points(std::span<const V<T, N>>(k.points)).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "bounds_of_points"}, {"points", points_json(k.points)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "points[0]", k.points[0]);
    add_slots(s, "points[1]", k.points[1]);
    return s;
  }
};
AABB_CHECK_BINDING(BoundsOfPoints, BoundsOfPoints);

template <class T, std::size_t N = 3>
struct ExtremePoints {
  static constexpr const char* name = "extreme_points";
  static constexpr Category category = Category::Index;
  using Fn = void (*)(const T*, std::size_t, const T*, std::size_t*, std::size_t*);
  using Answer = IndexAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    std::vector<V<T, N>> points;
    V<T, N> dir;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      auto ps = *gen::points<T, N>();
      const auto d = *gen::direction_for<T, N>(ps);
      return Case{std::move(ps), d};
    });
  }
  static Case sample() { return {{first<T, N>(0, 0, 0), first<T, N>(1, 2, 3), first<T, N>(-1, T(0.5), 2)}, first<T, N>(1, 1, 1)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; k.points = d.points(1, 16); k.dir = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    const std::vector<T> xyz = flat_points(k.points);
    std::size_t* i_min = fr.out<std::size_t>(1, "i_min");
    std::size_t* i_max = fr.out<std::size_t>(1, "i_max");
    f(fr.in(xyz, "xyz"), k.points.size(), fr.in(k.dir, "dir"), i_min, i_max);
    a.i_min = *i_min, a.i_max = *i_max;
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract&) {
    Judgement j;
    const auto e = fx::extreme_points(std::span<const V<T, N>>(k.points), k.dir).value();
    if (a.i_min != e.i_min)
      j.fault(Fault::WrongIndex,
              "i_min = " + std::to_string(a.i_min) + ", exact " + std::to_string(e.i_min));
    if (a.i_max != e.i_max)
      j.fault(Fault::WrongIndex,
              "i_max = " + std::to_string(a.i_max) + ", exact " + std::to_string(e.i_max));
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "extreme_points"}, {"points", points_json(k.points)}, {"dir", hex(k.dir)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "points[0]", k.points[0]);
    add_slots(s, "dir", k.dir);
    return s;
  }
};
AABB_CHECK_BINDING(ExtremePoints, ExtremePoints);

template <class T, std::size_t N = 3>
struct BoundsOfSphere {
  static constexpr const char* name = "bounds_of_sphere";
  static constexpr Category category = Category::Box;
  using Fn = void (*)(const T*, T, T*, T*);
  using Answer = BoxAnswer<T, N>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> c;
    T r;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto c = *gen::vec<T, N>();
      return Case{c, *gen::chance(15) ? *gen::large<T>() : *gen::nonnegative<T>()};
    });
  }
  static Case sample() { return {first<T, N>(1, 2, 3), T(0.5)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; k.c = d.vec(); k.r = d.magnitude(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* lo = fr.out<T>(N, "lo");
    T* hi = fr.out<T>(N, "hi");
    f(fr.in(k.c, "c"), k.r, lo, hi);
    take(a.lo, lo), take(a.hi, hi);
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge_box(j, a.lo, a.hi, fx::bounds_of_sphere(k.c, k.r).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "bounds_of_sphere"}, {"center", hex(k.c)}, {"radius", hex(k.r)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "c", k.c);
    s.emplace_back("r", &k.r);
    return s;
  }
};
AABB_CHECK_BINDING(BoundsOfSphere, BoundsOfSphere);

/// A matrix's rows as the ABI passes them: row-major.
template <class T, std::size_t N>
Mat<T, N> flat(const std::array<std::array<T, N>, N>& m) {
  Mat<T, N> r;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t k = 0; k < N; ++k) r[N * i + k] = m[i][k];
  return r;
}
/// A quarter turn about the last axis: the transforms' sample matrix.
template <class T, std::size_t N>
Mat<T, N> quarter_turn() {
  if constexpr (N == 2)
    return {0, -1, 1, 0};
  else
    return {0, -1, 0, 1, 0, 0, 0, 0, 1};
}

template <class T, std::size_t N = 3>
struct Transform {
  static constexpr const char* name = "transform";
  static constexpr Category category = Category::Box;
  using Fn = void (*)(const T*, const T*, const T*, const T*, T*, T*);
  using Answer = BoxAnswer<T, N>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> lo, hi;
    Mat<T, N> m;
    V<T, N> t;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto b = *gen::box<T, N>();
      const auto m = *gen::matrix<T, N>();
      return Case{b.lo, b.hi, flat(m), *gen::vec<T, N>()};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), quarter_turn<T, N>(), first<T, N>(1, 2, 3)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.lo, k.hi); k.m = d.template entries<N * N>(); k.t = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* lo = fr.out<T>(N, "out_lo");
    T* hi = fr.out<T>(N, "out_hi");
    f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.m, "m"), fr.in(k.t, "t"), lo, hi);
    take(a.lo, lo), take(a.hi, hi);
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge_box(j, a.lo, a.hi, ref::transform(ex_box(k.lo, k.hi), ex_matrix<T, N>(k.m), ex(k.t)).value(),
              c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{
        {"op", "transform"}, {"box", mm_box(k.lo, k.hi)}, {"m", matrix_json<T, N>(k.m)}, {"t", hex(k.t)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi);
    add_slots(s, "m", k.m);  // every entry of the matrix, as --probe-nonfinite promises
    add_slots(s, "t", k.t);
    return s;
  }
};
AABB_CHECK_BINDING(Transform, Transform);

template <class T, std::size_t N = 3>
struct TransformCe {
  static constexpr const char* name = "transform_ce";
  static constexpr Category category = Category::Box;
  using Fn = void (*)(const T*, const T*, const T*, const T*, T*, T*);
  struct Answer {
    V<T, N> c, e;
    BufferFault fault;
  };
  static Json answer(const Answer& a) { return Json{{"center", hex(a.c)}, {"extent", hex(a.e)}}; }
  friend std::pair<std::string, std::string> outputs_problem(const Answer& a) {
    auto b = bad_output("out_c", a.c);
    return b.first.empty() ? bad_output("out_e", a.e) : b;
  }
  struct Case {
    V<T, N> c, e;
    Mat<T, N> m;
    V<T, N> t;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto b = *gen::center_extent<T, N>();
      const auto m = *gen::matrix<T, N>();
      return Case{b.center, b.extent, flat(m), *gen::vec<T, N>()};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), quarter_turn<T, N>(), first<T, N>(1, 2, 3)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; k.c = d.vec(); k.e = d.extent(); k.m = d.template entries<N * N>(); k.t = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* c = fr.out<T>(N, "out_c");
    T* e = fr.out<T>(N, "out_e");
    f(fr.in(k.c, "c"), fr.in(k.e, "e"), fr.in(k.m, "m"), fr.in(k.t, "t"), c, e);
    take(a.c, c), take(a.e, e);
    a.fault = fr.verify();
    return a;
  }
  /// Conservative: the box [c - e, c + e], taken exactly, contains the exact image box, and the
  /// centre is within k ulps when k is given. Exact / ulps: centre and extent each within k ulps
  /// of the exact c' and e'.
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    const auto e = ref::transform(ex_ce(k.c, k.e), ex_matrix<T, N>(k.m), ex(k.t)).value();
    if (c.kind == Contract::Kind::Conservative) {
      const auto want = ref::to_min_max(e);
      for (std::size_t i = 0; i < N; ++i) {
        const std::string axis = "[" + std::to_string(i) + "]";
        if (!std::isfinite(a.c[i]) || std::isnan(a.e[i]) || a.e[i] < 0) {
          j.fault(Fault::NotContaining, "center" + axis + " = " + ref::hex(a.c[i]) + ", extent" +
                                            axis + " = " + ref::hex(a.e[i]));
          continue;
        }
        if (std::isinf(a.e[i])) continue;  // +inf extent contains everything
        const ref::Rational gc = ref::exact(a.c[i]).value(), ge = ref::exact(a.e[i]).value();
        if (gc - ge > want.lo[i] || gc + ge < want.hi[i])
          j.fault(Fault::NotContaining, "axis " + std::to_string(i) + ": [" +
                                            judge::detail::contract::exact_text(gc - ge) + ", " +
                                            judge::detail::contract::exact_text(gc + ge) +
                                            "] vs exact [" +
                                            judge::detail::contract::exact_text(want.lo[i]) + ", " +
                                            judge::detail::contract::exact_text(want.hi[i]) + "]");
        judge::judge_number(j, "center" + axis, a.c[i], e.center[i], c);
      }
      return j;
    }
    for (std::size_t i = 0; i < N; ++i) {
      judge::judge_number(j, "center[" + std::to_string(i) + "]", a.c[i], e.center[i], c);
      judge::judge_number(j, "extent[" + std::to_string(i) + "]", a.e[i], e.extent[i], c);
    }
    return j;
  }
  static Json query(const Case& k) {
    return Json{
        {"op", "transform"}, {"box", ce_box(k.c, k.e)}, {"m", matrix_json<T, N>(k.m)}, {"t", hex(k.t)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "c", k.c), add_slots(s, "e", k.e);
    add_slots(s, "m", k.m);  // every entry of the matrix, as --probe-nonfinite promises
    add_slots(s, "t", k.t);
    return s;
  }
};
AABB_CHECK_BINDING(Transform, TransformCe);

template <class T, std::size_t N = 3>
struct HillClimb {
  static constexpr const char* name = "hill_climb";
  static constexpr Category category = Category::Index;
  using Fn = std::size_t (*)(const T*, std::size_t, const std::size_t*, const std::size_t*,
                             const T*, std::size_t);
  struct Answer {
    std::size_t index = 0;
    BufferFault fault;
  };
  static Json answer(const Answer& a) { return Json{{"index", a.index}}; }
  friend std::pair<std::string, std::string> outputs_problem(const Answer&) { return {}; }
  struct Case {
    std::vector<V<T, N>> points;
    std::vector<std::vector<std::size_t>> neighbors;
    V<T, N> dir;
    std::size_t start;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      auto g = *gen::chance(60) ? *gen::box_vertex_graph<T, N>() : *gen::random_graph<T, N>();
      const auto d = *gen::chance(70) ? *gen::direction_for<T, N>(g.points) : *gen::vec<T, N>();
      const auto start =
          static_cast<std::size_t>(*gen::int_in(0, static_cast<int>(g.points.size()) - 1));
      return Case{std::move(g.points), std::move(g.neighbors), d, start};
    });
  }
  static Case sample() {
    return {{first<T, N>(0, 0, 0), first<T, N>(1, 0, 0), first<T, N>(1, 1, 0), first<T, N>(0, 1, 0)},
            {{1, 3}, {0, 2}, {1, 3}, {0, 2}},
            first<T, N>(1, 1, 0),
            0};
  }
  /// Fuzz bytes: 1 to 8 points, the complete graph over them (every local maximum is global, as
  /// the op requires), a direction and a start.
  static Case decode(Decoder<T, N>& d) {
    Case k{};
    k.points = d.points(1, 8);
    k.neighbors.resize(k.points.size());
    for (std::size_t i = 0; i < k.points.size(); ++i)
      for (std::size_t j = 0; j < k.points.size(); ++j)
        if (j != i) k.neighbors[i].push_back(j);
    k.dir = d.vec();
    k.start = d.count(0, k.points.size() - 1);
    return k;
  }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    const std::vector<T> xyz = flat_points(k.points);
    std::vector<std::size_t> offsets{0}, flat_neighbors;
    for (const auto& list : k.neighbors) {
      flat_neighbors.insert(flat_neighbors.end(), list.begin(), list.end());
      offsets.push_back(flat_neighbors.size());
    }
    a.index = f(fr.in(xyz, "xyz"), k.points.size(), fr.in(offsets, "offsets"),
                fr.in(flat_neighbors, "neighbors"), fr.in(k.dir, "dir"), k.start);
    a.fault = fr.verify();
    return a;
  }
  /// On a graph where hill climbing reaches the top, one of the exact maximal vertices; on any
  /// other graph, a vertex with no strictly higher neighbour.
  static Judgement judge(const Case& k, const Answer& a, const Contract&) {
    Judgement j;
    const auto ps = ex_points(k.points);
    const auto d = ex(k.dir);
    if (a.index >= ps.size()) {
      j.fault(Fault::WrongIndex, "index " + std::to_string(a.index) + " out of range");
      return j;
    }
    const auto e = ref::hill_climb(ps, k.neighbors, d, k.start);
    if (e.ok()) {
      for (std::size_t i : e.value().indices)
        if (i == a.index) return j;
      j.fault(Fault::WrongIndex, "vertex " + std::to_string(a.index) + " has " +
                                     judge::detail::contract::exact_text(ref::dot(ps[a.index], d)) +
                                     ", maximum " +
                                     judge::detail::contract::exact_text(e.value().value) +
                                     " at vertex " + std::to_string(e.value().indices.front()));
      return j;
    }
    const ref::Rational here = ref::dot(ps[a.index], d);
    for (std::size_t u : k.neighbors[a.index])
      if (u < ps.size() && ref::dot(ps[u], d) > here) {
        j.fault(Fault::WrongIndex, "vertex " + std::to_string(a.index) +
                                       " has a higher neighbour " + std::to_string(u));
        break;
      }
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "hill_climb"},
                {"points", points_json(k.points)},
                {"neighbors", k.neighbors},
                {"dir", hex(k.dir)},
                {"start", k.start}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "points[0]", k.points[0]);
    add_slots(s, "dir", k.dir);
    return s;
  }
};
AABB_CHECK_BINDING(HillClimb, HillClimb);

}  // namespace aabb::check

// The shapes family's ops (contract §2b), bound the same way; it undefines AABB_CHECK_BINDING.
#include "check/shape_ops.hpp"
