#pragma once
/// The C ABI's ops of contract §2b's shapes family as `check` sees them (check/ops.hpp has the
/// vocabulary): grow, closest_point, distance_sq, overlap_sphere, plane_side, overlap_triangle.
/// Their cases come from cases/shapes.hpp and boxes.hpp; their exact answers from the filtered
/// dispatchers (plain path).

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "check/ops.hpp"

namespace aabb::check {

// ---- Answers of one point or one number ----------------------------------------------------------

template <class T, std::size_t N = 3>
struct PointAnswer {
  V<T, N> p{};
  BufferFault fault;
};
template <class T>
struct ValueAnswer {
  T value = not_written<T>();
  BufferFault fault;
};
template <class T, std::size_t N>
std::pair<std::string, std::string> outputs_problem(const PointAnswer<T, N>& a) {
  return bad_output("out", a.p);
}
template <class T>
std::pair<std::string, std::string> outputs_problem(const ValueAnswer<T>& a) {
  // A returned number is always "written"; only NaN is a problem of the call.
  if (std::isnan(a.value)) return {kNaNAnswer, "the result is NaN"};
  return {};
}
template <class T, std::size_t N>
Json answer_json(const PointAnswer<T, N>& a) {
  return Json{{"out", hex(a.p)}};
}
template <class T>
Json answer_json(const ValueAnswer<T>& a) {
  return Json{{"result", ref::hex(a.value)}};
}

/// A box and a point aimed at its faces, or beyond a corner by rounding gaps (closest_point,
/// distance_sq).
template <class T, std::size_t N = 3>
struct BoxPointCase {
  V<T, N> lo, hi, p;
};
template <class T, std::size_t N>
rc::Gen<BoxPointCase<T, N>> box_point_cases() {
  return rc::gen::exec([] {
    const auto b = *gen::box<T, N>();
    return BoxPointCase<T, N>{b.lo, b.hi, *gen::chance(60) ? *gen::point_near<T, N>(b) : *gen::point_beyond<T, N>(b)};
  });
}
template <class T, std::size_t N>
std::vector<Slot<T>> box_point_slots(BoxPointCase<T, N>& k) {
  std::vector<Slot<T>> s;
  add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi), add_slots(s, "p", k.p);
  return s;
}

// ---- The ops ------------------------------------------------------------------------------------

template <class T, std::size_t N = 3>
struct Grow {
  static constexpr const char* name = "grow";
  static constexpr Category category = Category::Box;
  using Fn = void (*)(const T*, const T*, T, T*, T*);
  using Answer = BoxAnswer<T, N>;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> lo, hi;
    T margin;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto b = *gen::box<T, N>();
      return Case{b.lo, b.hi, *gen::chance(15) ? *gen::large<T>() : *gen::nonnegative<T>()};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 2, 3), T(0.5)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.lo, k.hi); k.margin = d.magnitude(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* lo = fr.out<T>(N, "out_lo");
    T* hi = fr.out<T>(N, "out_hi");
    f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), k.margin, lo, hi);
    take(a.lo, lo), take(a.hi, hi);
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge_box(j, a.lo, a.hi, fx::grow(MinMax<T, N>{k.lo, k.hi}, k.margin).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "grow"}, {"box", mm_box(k.lo, k.hi)}, {"margin", hex(k.margin)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi);
    s.emplace_back("margin", &k.margin);
    return s;
  }
};
AABB_CHECK_BINDING(Grow, Grow);

template <class T, std::size_t N = 3>
struct ClosestPoint {
  static constexpr const char* name = "closest_point";
  static constexpr Category category = Category::Box;
  using Fn = void (*)(const T*, const T*, const T*, T*);
  using Answer = PointAnswer<T, N>;
  static Json answer(const Answer& a) { return answer_json(a); }
  using Case = BoxPointCase<T, N>;
  static rc::Gen<Case> cases() { return box_point_cases<T, N>(); }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(2, T(0.5), -1)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.lo, k.hi); k.p = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    T* out = fr.out<T>(N, "out");
    f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.p, "p"), out);
    take(a.p, out);
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    const auto exact = fx::closest_point(MinMax<T, N>{k.lo, k.hi}, k.p).value();
    for (std::size_t i = 0; i < N; ++i) judge::judge_number(j, "out[" + std::to_string(i) + "]", a.p[i], exact[i], c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "closest_point"}, {"box", mm_box(k.lo, k.hi)}, {"point", hex(k.p)}};
  }
  static std::vector<Slot<T>> slots(Case& k) { return box_point_slots(k); }
};
AABB_CHECK_BINDING(ClosestPoint, ClosestPoint);

template <class T, std::size_t N = 3>
struct DistanceSq {
  static constexpr const char* name = "distance_sq";
  static constexpr Category category = Category::Box;
  using Fn = T (*)(const T*, const T*, const T*);
  using Answer = ValueAnswer<T>;
  static Json answer(const Answer& a) { return answer_json(a); }
  using Case = BoxPointCase<T, N>;
  static rc::Gen<Case> cases() { return box_point_cases<T, N>(); }
  static Case sample() { return ClosestPoint<T, N>::sample(); }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { return ClosestPoint<T, N>::decode(d); }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.value = f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.p, "p"));
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_number(j, "distance_sq", a.value, fx::distance_sq(MinMax<T, N>{k.lo, k.hi}, k.p).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "distance_sq"}, {"box", mm_box(k.lo, k.hi)}, {"point", hex(k.p)}};
  }
  static std::vector<Slot<T>> slots(Case& k) { return box_point_slots(k); }
};
AABB_CHECK_BINDING(DistanceSq, DistanceSq);

template <class T, std::size_t N = 3>
struct OverlapSphere {
  static constexpr const char* name = "overlap_sphere";
  static constexpr Category category = Category::Decision;
  using Fn = int (*)(const T*, const T*, const T*, T);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> lo, hi, c;
    T r;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto s = *gen::sphere_case<T, N>();
      return Case{s.box.lo, s.box.hi, s.center, s.radius};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(4, 5, T(0.5)), 5}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.lo, k.hi); k.c = d.vec(); k.r = d.magnitude(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.hit = f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.c, "c"), k.r);
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0, fx::overlap_sphere(MinMax<T, N>{k.lo, k.hi}, k.c, k.r).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "overlap_sphere"}, {"box", mm_box(k.lo, k.hi)}, {"center", hex(k.c)}, {"radius", hex(k.r)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi), add_slots(s, "c", k.c);
    s.emplace_back("r", &k.r);
    return s;
  }
};
AABB_CHECK_BINDING(OverlapSphere, OverlapSphere);

/// plane_side's answer as text: "-1 (below)", "0 (touching or cutting)", "+1 (above)".
inline std::string side_text(int s) {
  if (s == -1) return "-1 (below: n·x < d on the whole box)";
  if (s == 0) return "0 (the plane touches or cuts the box)";
  if (s == 1) return "+1 (above: n·x > d on the whole box)";
  return std::to_string(s);
}

template <class T, std::size_t N = 3>
struct PlaneSide {
  static constexpr const char* name = "plane_side";
  static constexpr Category category = Category::Class;
  static constexpr std::pair<int, int> int_results{-1, 1};  ///< below, touching or cutting, above
  using Fn = int (*)(const T*, const T*, const T*, T);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> lo, hi, n;
    T d;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto p = *gen::plane_case<T, N>();
      return Case{p.box.lo, p.box.hi, p.normal, p.offset};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(1, 1, 1), 3}; }
  /// Fuzz bytes: a box, the normal (a zero normal is outside the op's domain), the offset.
  static Case decode(Decoder<T, N>& d) {
    Case k{};
    d.box(k.lo, k.hi);
    k.n = d.vec();
    if (std::all_of(k.n.begin(), k.n.end(), [](T x) { return x == 0; })) d.reject();
    k.d = d.number();
    return k;
  }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.hit = f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.n, "n"), k.d);
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract&) {
    Judgement j;
    const int exact = fx::plane_side(MinMax<T, N>{k.lo, k.hi}, k.n, k.d).value();
    if (a.hit != exact) j.fault(Fault::WrongSide, "got " + side_text(a.hit) + ", exact " + side_text(exact));
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "plane_side"}, {"box", mm_box(k.lo, k.hi)}, {"normal", hex(k.n)}, {"offset", hex(k.d)}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi), add_slots(s, "n", k.n);
    s.emplace_back("d", &k.d);
    return s;
  }
};
AABB_CHECK_BINDING(PlaneSide, PlaneSide);

template <class T, std::size_t N = 3>
struct OverlapTriangle {
  static constexpr const char* name = "overlap_triangle";
  static constexpr Category category = Category::Decision;
  using Fn = int (*)(const T*, const T*, const T*, const T*, const T*);
  using Answer = DecisionAnswer;
  static Json answer(const Answer& a) { return answer_json(a); }
  struct Case {
    V<T, N> lo, hi, v0, v1, v2;
  };
  static rc::Gen<Case> cases() {
    return rc::gen::exec([] {
      const auto t = *gen::triangle_case<T, N>();
      return Case{t.box.lo, t.box.hi, t.v[0], t.v[1], t.v[2]};
    });
  }
  static Case sample() { return {first<T, N>(0, 0, 0), first<T, N>(1, 1, 1), first<T, N>(2, 0, 0), first<T, N>(0, 2, 0), first<T, N>(0, 0, 2)}; }
  /// Fuzz bytes (check/decode.hpp), in the order of the eval query's fields.
  static Case decode(Decoder<T, N>& d) { Case k{}; d.box(k.lo, k.hi); k.v0 = d.vec(); k.v1 = d.vec(); k.v2 = d.vec(); return k; }
  static Answer call(Fn f, const Case& k) {
    Frame fr;
    Answer a;
    a.hit = f(fr.in(k.lo, "lo"), fr.in(k.hi, "hi"), fr.in(k.v0, "v0"), fr.in(k.v1, "v1"), fr.in(k.v2, "v2"));
    a.fault = fr.verify();
    return a;
  }
  static Judgement judge(const Case& k, const Answer& a, const Contract& c) {
    Judgement j;
    judge::judge_decision(j, a.hit != 0,
                          fx::overlap_triangle(MinMax<T, N>{k.lo, k.hi}, std::array{k.v0, k.v1, k.v2}).value(), c);
    return j;
  }
  static Json query(const Case& k) {
    return Json{{"op", "overlap_triangle"},
                {"box", mm_box(k.lo, k.hi)},
                {"triangle", Json::array({hex(k.v0), hex(k.v1), hex(k.v2)})}};
  }
  static std::vector<Slot<T>> slots(Case& k) {
    std::vector<Slot<T>> s;
    add_slots(s, "lo", k.lo), add_slots(s, "hi", k.hi), add_slots(s, "v0", k.v0), add_slots(s, "v1", k.v1),
        add_slots(s, "v2", k.v2);
    return s;
  }
};
AABB_CHECK_BINDING(OverlapTriangle, OverlapTriangle);

#undef AABB_CHECK_BINDING

}  // namespace aabb::check
