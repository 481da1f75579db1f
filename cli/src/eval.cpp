// The eval protocol: reads a query from one JSON line, asks the exact reference, writes the
// answer. Field order, messages and output shapes are those of docs/eval.md; every check of a
// field happens when that field is read, in the order contract §3 lists the fields, so the
// first problem of a line is the one reported.

#include "aabb/eval.hpp"

#include <aabb/reference.hpp>

#include <gmp.h>

#include <array>
#include <cerrno>
#include <exception>
#include <istream>
#include <optional>
#include <ostream>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "aabb/ops/registry.hpp"
#include "gmp_memory.hpp"
#include "json_line.hpp"

namespace aabb {
namespace {

namespace ref = aabb::reference;
using eval_detail::JsonValue;
using eval_detail::quote;
using ref::Rational;

// ---- Errors ----------------------------------------------------------------------------------

// Reading stops at a query's first problem, which travels to eval_line as this exception.
struct QueryError {
  Error error;
};

[[noreturn]] void fail(ErrorKind kind, std::string message) {
  throw QueryError{Error{kind, std::move(message)}};
}
[[noreturn]] void invalid(std::string message) { fail(ErrorKind::InvalidInput, std::move(message)); }
[[noreturn]] void missing(const std::string& path) { fail(ErrorKind::MissingField, path + ": missing"); }

void check(const std::optional<Error>& error) {
  if (error) throw QueryError{*error};
}
template <class T>
T check(Result<T> result) {
  if (!result.ok()) throw QueryError{result.error()};
  return std::move(result).value();
}

std::string at(std::string_view path, std::size_t i) { return ref::element(path, i); }
std::string member(std::string_view path, std::string_view key) {
  return eval_detail::path_join(path, key);
}

// A user's text inside a message, cut so that one message stays one readable line.
std::string shortened(std::string_view text) {
  constexpr std::size_t kShown = 40;
  if (text.size() <= kShown) return std::string(text);
  return std::string(text.substr(0, kShown)) + "...";
}

// ---- Values of a query whose dimension is known only at run time -----------------------------

using DynVec = std::vector<Rational>;

enum class Form { MinMax, CenterExtent };

struct DynBox {
  Form form = Form::MinMax;
  DynVec first;   // min, or center
  DynVec second;  // max, or extent
};

template <std::size_t N>
ref::Vec<N> fixed(const DynVec& v) {
  ref::Vec<N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = v[i];
  return out;
}

template <std::size_t N>
ref::CenterExtent<N> as_center_extent(const DynBox& b) {
  return ref::CenterExtent<N>{fixed<N>(b.first), fixed<N>(b.second)};
}

// The same closed set in min–max form; exact, for the ops that have no centre–extent overload.
template <std::size_t N>
ref::Box<N> as_min_max(const DynBox& b) {
  if (b.form == Form::MinMax) return ref::Box<N>{fixed<N>(b.first), fixed<N>(b.second)};
  return ref::to_min_max(as_center_extent<N>(b));
}

// Calls f(std::integral_constant<std::size_t, N>{}) for the query's dimension N.
template <class F>
decltype(auto) with_dimension(std::size_t dimension, F&& f) {
  if (dimension == 2) return f(std::integral_constant<std::size_t, 2>{});
  return f(std::integral_constant<std::size_t, 3>{});
}

// ---- Reading a query -------------------------------------------------------------------------

class QueryReader {
 public:
  QueryReader(const JsonValue& query, const EvalLimits& limits) : query_(query), limits_(limits) {}

  [[nodiscard]] std::size_t dimension() const { return dimension_; }

  [[nodiscard]] const JsonValue* optional(std::string_view field) const { return query_.find(field); }

  [[nodiscard]] const JsonValue& required(std::string_view field) const {
    const JsonValue* v = query_.find(field);
    if (v == nullptr) missing(std::string(field));
    return *v;
  }

  /// A finite number: a JSON number literal or a numeric string.
  Rational number(const JsonValue& v, const std::string& path) {
    ref::ParsedNumber p = parsed(v, path);
    if (p.kind == ref::NumberKind::Finite) return std::move(p.value);
    if (p.kind == ref::NumberKind::NaN) invalid(path + ": NaN is not allowed");
    invalid(path + ": infinity is not allowed here");
  }

  /// The optional "boundary" of contains and overlap (contract §4): "closed" when absent.
  ref::Boundary boundary() const {
    const JsonValue* v = optional("boundary");
    if (v == nullptr) return ref::Boundary::Closed;
    if (v->type == JsonValue::Type::String) {
      if (v->text == "closed") return ref::Boundary::Closed;
      if (v->text == "strict") return ref::Boundary::Strict;
      if (v->text == "half-open") return ref::Boundary::HalfOpen;
    }
    invalid("boundary: expected \"closed\", \"strict\" or \"half-open\"");
  }

  /// A ray's t_max: a finite number, or nullopt for +infinity ("inf", "+inf", "Infinity").
  std::optional<Rational> upper_time(const JsonValue& v, const std::string& path) {
    ref::ParsedNumber p = parsed(v, path);
    switch (p.kind) {
      case ref::NumberKind::Finite: return std::move(p.value);
      case ref::NumberKind::PositiveInfinity: return std::nullopt;
      case ref::NumberKind::NegativeInfinity:
        invalid(path + ": -infinity is not allowed (only +infinity, for an unbounded ray)");
      case ref::NumberKind::NaN: break;
    }
    invalid(path + ": NaN is not allowed");
  }

  /// An array of 2 or 3 numbers; the first vector of a query fixes its dimension.
  DynVec vector(const JsonValue& v, const std::string& path) {
    if (v.type != JsonValue::Type::Array) invalid(path + ": expected an array of 2 or 3 numbers");
    const std::size_t n = v.items.size();
    if (n != 2 && n != 3)
      invalid(path + ": expected an array of 2 or 3 numbers, got " + std::to_string(n));
    fix_dimension(n, path);
    DynVec out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) out.push_back(number(v.items[i], at(path, i)));
    return out;
  }

  /// {"min": v, "max": v} or {"center": v, "extent": v}, validated: min <= max, extent >= 0.
  DynBox box(const JsonValue& v, const std::string& path) {
    if (v.type != JsonValue::Type::Object)
      invalid(path + R"(: expected a box, {"min": v, "max": v} or {"center": v, "extent": v})");
    bool min_max = false, center_extent = false;
    for (const auto& [key, value] : v.members) {
      if (key == "min" || key == "max") {
        min_max = true;
      } else if (key == "center" || key == "extent") {
        center_extent = true;
      } else {
        invalid(member(path, key) + ": unknown field in a box (a box has min and max, or center and extent)");
      }
    }
    if (min_max && center_extent) invalid(path + ": mixes min/max with center/extent (give one form)");
    DynBox b;
    b.form = center_extent ? Form::CenterExtent : Form::MinMax;
    const char* first = center_extent ? "center" : "min";
    const char* second = center_extent ? "extent" : "max";
    const JsonValue* f = v.find(first);
    if (f == nullptr) missing(member(path, first));
    b.first = vector(*f, member(path, first));
    const JsonValue* s = v.find(second);
    if (s == nullptr) missing(member(path, second));
    b.second = vector(*s, member(path, second));
    with_dimension(dimension_, [&](auto n) {
      constexpr std::size_t N = decltype(n)::value;
      if (b.form == Form::CenterExtent) check(ref::validate(as_center_extent<N>(b), path));
      else check(ref::validate(as_min_max<N>(b), path));
    });
    return b;
  }

  /// A non-empty array of vectors.
  std::vector<DynVec> points(const JsonValue& v, const std::string& path) {
    if (v.type != JsonValue::Type::Array) invalid(path + ": expected an array of points");
    if (v.items.empty()) invalid(path + ": empty list, need at least one point");
    std::vector<DynVec> out;
    out.reserve(v.items.size());
    for (std::size_t i = 0; i < v.items.size(); ++i) out.push_back(vector(v.items[i], at(path, i)));
    return out;
  }

  /// An array of N rows of N numbers, N the query's dimension.
  std::vector<DynVec> matrix(const JsonValue& v, const std::string& path) {
    if (v.type != JsonValue::Type::Array || (v.items.size() != 2 && v.items.size() != 3))
      invalid(path + ": expected an array of 2 or 3 rows");
    fix_dimension(v.items.size(), path);
    std::vector<DynVec> rows;
    for (std::size_t i = 0; i < v.items.size(); ++i) rows.push_back(vector(v.items[i], at(path, i)));
    return rows;
  }

  /// A JSON number whose exact value is an integer in [0, count).
  std::size_t index(const JsonValue& v, const std::string& path, std::size_t count) {
    if (v.type != JsonValue::Type::Number) invalid(path + ": expected a non-negative integer index");
    const Rational q = check(ref::parse_number(v.text, path)).value;
    spend_bits(q, path);
    if (q < 0 || boost::multiprecision::denominator(q) != 1)
      invalid(path + ": expected a non-negative integer index");
    if (q >= count)
      invalid(path + ": index " + shortened(ref::to_string(q)) + " out of range (" +
              std::to_string(count) + " points)");
    return boost::multiprecision::numerator(q).convert_to<std::size_t>();
  }

 private:
  ref::ParsedNumber parsed(const JsonValue& v, const std::string& path) {
    if (v.type != JsonValue::Type::Number && v.type != JsonValue::Type::String)
      invalid(path + ": expected a number (a JSON number or a string such as \"0x1.8p-3\" or \"-3/7\")");
    ref::ParsedNumber p = check(ref::parse_number(v.text, path));
    spend_bits(p.value, path);
    return p;
  }

  // The line's bit budget (EvalLimits::max_line_bits): every number read counts the bits of its
  // numerator and denominator, so that no line can make eval hold more than a bounded amount of
  // exact numbers. Checked after each number, whose own size is bounded by the exponent limits
  // and the length of its text.
  void spend_bits(const Rational& q, const std::string& path) {
    const mpq_srcptr raw = q.backend().data();
    bits_ += mpz_sizeinbase(mpq_numref(raw), 2) + mpz_sizeinbase(mpq_denref(raw), 2);
    if (bits_ > limits_.max_line_bits)
      fail(ErrorKind::TooLarge, path + ": the numbers of this line exceed " +
                                    std::to_string(limits_.max_line_bits) +
                                    " bits in all (eval's limit per line)");
  }

  void fix_dimension(std::size_t n, const std::string& path) {
    if (dimension_ == 0) {
      dimension_ = n;
    } else if (n != dimension_) {
      invalid(path + ": dimension " + std::to_string(n) + " differs from the query's dimension " +
              std::to_string(dimension_));
    }
  }

  const JsonValue& query_;
  const EvalLimits& limits_;
  std::size_t dimension_ = 0;
  std::uint64_t bits_ = 0;
};

// ---- Writing an answer -----------------------------------------------------------------------

std::string exact_text(const Rational& q) { return quote(ref::to_string(q)); }
std::string f64_text(const Rational& q) { return quote(ref::hex_f64(q)); }

template <std::size_t N, class Text>
std::string vector_json(const ref::Vec<N>& v, Text text) {
  std::string out = "[";
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) out += ", ";
    out += text(v[i]);
  }
  return out + "]";
}

template <std::size_t N>
std::string box_json(const ref::Box<N>& b) {
  return "{\"min\": " + vector_json<N>(b.lo, exact_text) + ", \"max\": " + vector_json<N>(b.hi, exact_text) +
         ", \"min_f64\": " + vector_json<N>(b.lo, f64_text) + ", \"max_f64\": " + vector_json<N>(b.hi, f64_text) +
         "}";
}

// `{"id": …, "op": …` and then the result fields in the order they are added.
class Answer {
 public:
  Answer(const std::string& id, std::string_view op) : text_("{\"id\": " + id + ", \"op\": " + quote(op)) {}

  void raw(std::string_view name, const std::string& json) {
    text_ += ", ";
    text_ += quote(name);
    text_ += ": ";
    text_ += json;
  }
  void boolean(std::string_view name, bool value) { raw(name, value ? "true" : "false"); }
  void integer(std::string_view name, std::size_t value) { raw(name, std::to_string(value)); }

  /// X and X_f64; both null when the number does not exist.
  void number(std::string_view name, const std::optional<Rational>& q) {
    raw(name, q ? exact_text(*q) : "null");
    raw(std::string(name) + "_f64", q ? f64_text(*q) : "null");
  }
  /// X and X_f64 for a vector.
  template <std::size_t N>
  void vector(std::string_view name, const ref::Vec<N>& v) {
    raw(name, vector_json<N>(v, exact_text));
    raw(std::string(name) + "_f64", vector_json<N>(v, f64_text));
  }
  /// A result box, or null.
  template <std::size_t N>
  void box(std::string_view name, const std::optional<ref::Box<N>>& b) {
    raw(name, b ? box_json<N>(*b) : "null");
  }

  [[nodiscard]] std::string finish() && { return std::move(text_) + "}"; }

 private:
  std::string text_;
};

// ---- The ops, each reading its fields in contract order -------------------------------------

// One specialization per op of the registry (ops/registry.hpp); an op without one fails to link
// with "undefined reference to run<aabb::ops::NewOp>".
template <class Op>
void run(QueryReader& r, Answer& out);

template <>
void run<ops::Contains>(QueryReader& r, Answer& out) {
  const DynBox box = r.box(r.required("box"), "box");
  const DynVec point = r.vector(r.required("point"), "point");
  const ref::Boundary b = r.boundary();
  out.boolean("contains", with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    if (box.form == Form::CenterExtent) return check(ref::contains(as_center_extent<N>(box), fixed<N>(point), b));
    return check(ref::contains(as_min_max<N>(box), fixed<N>(point), b));
  }));
}

template <>
void run<ops::Overlap>(QueryReader& r, Answer& out) {
  const DynBox a = r.box(r.required("a"), "a");
  const DynBox b = r.box(r.required("b"), "b");
  const ref::Boundary boundary = r.boundary();
  out.boolean("overlap", with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    if (a.form == Form::CenterExtent && b.form == Form::CenterExtent)
      return check(ref::overlap(as_center_extent<N>(a), as_center_extent<N>(b), boundary));
    return check(ref::overlap(as_min_max<N>(a), as_min_max<N>(b), boundary));
  }));
}

template <>
void run<ops::Intersection>(QueryReader& r, Answer& out) {
  const DynBox a = r.box(r.required("a"), "a");
  const DynBox b = r.box(r.required("b"), "b");
  with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    out.box<N>("intersection", check(ref::intersection(as_min_max<N>(a), as_min_max<N>(b))));
  });
}

template <>
void run<ops::Union>(QueryReader& r, Answer& out) {
  const DynBox a = r.box(r.required("a"), "a");
  const DynBox b = r.box(r.required("b"), "b");
  with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    out.box<N>("union", check(ref::union_of(as_min_max<N>(a), as_min_max<N>(b))));
  });
}

template <>
void run<ops::ContainsBox>(QueryReader& r, Answer& out) {
  const DynBox a = r.box(r.required("a"), "a");
  const DynBox b = r.box(r.required("b"), "b");
  out.boolean("contains", with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return check(ref::contains_box(as_min_max<N>(a), as_min_max<N>(b)));
  }));
}

template <>
void run<ops::Classify>(QueryReader& r, Answer& out) {
  const DynBox a = r.box(r.required("a"), "a");
  const DynBox b = r.box(r.required("b"), "b");
  const ref::Containment c = with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return check(ref::classify(as_min_max<N>(a), as_min_max<N>(b)));
  });
  out.raw("class", quote(ref::to_string(c)));
}

// A sweep box's motion over t in [0, 1]: `da` given directly (default zero), or the box at
// t = 1 as `a_end`, of the same form and size, whose displacement is end - start exactly.
DynVec motion(QueryReader& r, const DynBox& start, const std::string& box_name,
              const std::string& displacement_name) {
  const std::string end_name = box_name + "_end";
  const JsonValue* d = r.optional(displacement_name);
  const JsonValue* e = r.optional(end_name);
  if (d != nullptr && e != nullptr)
    invalid(displacement_name + ": give " + displacement_name + " or " + end_name + ", not both");
  if (d != nullptr) return r.vector(*d, displacement_name);
  DynVec displacement(r.dimension());
  if (e == nullptr) return displacement;
  const DynBox end = r.box(*e, end_name);
  if (end.form != start.form) invalid(end_name + ": form differs from " + box_name);
  for (std::size_t i = 0; i < r.dimension(); ++i) {
    const bool same_size = end.form == Form::CenterExtent
                               ? end.second[i] == start.second[i]
                               : end.second[i] - end.first[i] == start.second[i] - start.first[i];
    if (!same_size) invalid(end_name + ": size differs from " + box_name + " on axis " + std::to_string(i));
  }
  for (std::size_t i = 0; i < r.dimension(); ++i) displacement[i] = end.first[i] - start.first[i];
  return displacement;
}

template <>
void run<ops::Sweep>(QueryReader& r, Answer& out) {
  const DynBox a = r.box(r.required("a"), "a");
  const DynBox b = r.box(r.required("b"), "b");
  const DynVec da = motion(r, a, "a", "da");
  const DynVec db = motion(r, b, "b", "db");
  const ref::SweepResult s = with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    if (a.form == Form::CenterExtent && b.form == Form::CenterExtent) {
      // Seed 000's form: extents, and centres at t = 0 and t = 1.
      ref::Vec<N> a1 = fixed<N>(a.first), b1 = fixed<N>(b.first);
      for (std::size_t i = 0; i < N; ++i) {
        a1[i] += da[i];
        b1[i] += db[i];
      }
      return check(ref::sweep_ce(fixed<N>(a.second), fixed<N>(a.first), a1, fixed<N>(b.second),
                                 fixed<N>(b.first), b1));
    }
    return check(ref::sweep(as_min_max<N>(a), fixed<N>(da), as_min_max<N>(b), fixed<N>(db)));
  });
  out.boolean("hit", s.hit);
  out.number("t_first", s.t_first);
  out.number("t_last", s.t_last);
}

template <>
void run<ops::MovingVsStatic>(QueryReader& r, Answer& out) {
  const DynBox stationary = r.box(r.required("stationary"), "stationary");
  const DynBox moving = r.box(r.required("moving"), "moving");
  const DynVec d = r.vector(r.required("d"), "d");
  const ref::MovingResult m = with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return check(ref::moving_vs_static(as_min_max<N>(stationary), as_min_max<N>(moving), fixed<N>(d)));
  });
  out.boolean("hit", m.hit);
  out.number("t_enter", m.t_enter);
}

template <>
void run<ops::Ray>(QueryReader& r, Answer& out) {
  const DynBox box = r.box(r.required("box"), "box");
  const DynVec origin = r.vector(r.required("origin"), "origin");
  const DynVec dir = r.vector(r.required("dir"), "dir");
  Rational t_min = 0;
  if (const JsonValue* v = r.optional("t_min")) t_min = r.number(*v, "t_min");
  std::optional<Rational> t_max;
  if (const JsonValue* v = r.optional("t_max")) t_max = r.upper_time(*v, "t_max");
  if (t_max && *t_max < t_min) invalid("t_min > t_max");
  const ref::RayResult h = with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return check(ref::ray(as_min_max<N>(box), fixed<N>(origin), fixed<N>(dir), t_min, t_max));
  });
  out.boolean("hit", h.hit);
  out.number("t_enter", h.t_enter);
  if (h.hit && h.t_exit_infinite) {
    out.raw("t_exit", "\"inf\"");
    out.raw("t_exit_f64", "\"inf\"");
  } else {
    out.number("t_exit", h.t_exit);
  }
}

template <std::size_t N>
std::vector<ref::Vec<N>> fixed_points(const std::vector<DynVec>& points) {
  std::vector<ref::Vec<N>> out;
  out.reserve(points.size());
  for (const DynVec& p : points) out.push_back(fixed<N>(p));
  return out;
}

template <>
void run<ops::BoundsOfPoints>(QueryReader& r, Answer& out) {
  const std::vector<DynVec> points = r.points(r.required("points"), "points");
  with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    out.box<N>("box", check(ref::bounds_of_points(fixed_points<N>(points))));
  });
}

template <>
void run<ops::ExtremePoints>(QueryReader& r, Answer& out) {
  const std::vector<DynVec> points = r.points(r.required("points"), "points");
  const DynVec dir = r.vector(r.required("dir"), "dir");
  const ref::Extremes e = with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return check(ref::extreme_points(fixed_points<N>(points), fixed<N>(dir)));
  });
  out.integer("i_min", e.i_min);
  out.integer("i_max", e.i_max);
}

template <>
void run<ops::BoundsOfSphere>(QueryReader& r, Answer& out) {
  const DynVec center = r.vector(r.required("center"), "center");
  const Rational radius = r.number(r.required("radius"), "radius");
  if (radius < 0) invalid("radius < 0");
  with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    out.box<N>("box", check(ref::bounds_of_sphere(fixed<N>(center), radius)));
  });
}

template <>
void run<ops::Transform>(QueryReader& r, Answer& out) {
  const DynBox box = r.box(r.required("box"), "box");
  const std::vector<DynVec> rows = r.matrix(r.required("m"), "m");
  const DynVec t = r.vector(r.required("t"), "t");
  with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    ref::Matrix<N> m;
    for (std::size_t i = 0; i < N; ++i) m[i] = fixed<N>(rows[i]);
    out.box<N>("box", check(ref::transform(as_min_max<N>(box), m, fixed<N>(t))));
    if (box.form == Form::CenterExtent) {
      const ref::CenterExtent<N> ce = check(ref::transform(as_center_extent<N>(box), m, fixed<N>(t)));
      out.vector<N>("center", ce.center);
      out.vector<N>("extent", ce.extent);
    }
  });
}

template <>
void run<ops::HillClimb>(QueryReader& r, Answer& out) {
  const std::vector<DynVec> points = r.points(r.required("points"), "points");
  const std::size_t count = points.size();
  const JsonValue& lists = r.required("neighbors");
  if (lists.type != JsonValue::Type::Array)
    invalid("neighbors: expected an array of index lists, one per point");
  if (lists.items.size() != count)
    invalid("neighbors: " + std::to_string(lists.items.size()) + " lists for " + std::to_string(count) +
            " points");
  std::vector<std::vector<std::size_t>> neighbors(count);
  for (std::size_t v = 0; v < count; ++v) {
    const JsonValue& list = lists.items[v];
    const std::string path = at("neighbors", v);
    if (list.type != JsonValue::Type::Array) invalid(path + ": expected an array of indices");
    for (std::size_t k = 0; k < list.items.size(); ++k)
      neighbors[v].push_back(r.index(list.items[k], at(path, k), count));
  }
  const DynVec dir = r.vector(r.required("dir"), "dir");
  const std::size_t start = r.index(r.required("start"), "start", count);
  const ref::HillClimb h = with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return check(ref::hill_climb(fixed_points<N>(points), neighbors, fixed<N>(dir), start));
  });
  out.number("value", h.value);
  std::string indices = "[";
  for (std::size_t k = 0; k < h.indices.size(); ++k) {
    if (k > 0) indices += ", ";
    indices += std::to_string(h.indices[k]);
  }
  out.raw("indices", indices + "]");
}

// ---- Contract §2b's shapes family ------------------------------------------------------------

template <>
void run<ops::Grow>(QueryReader& r, Answer& out) {
  const DynBox box = r.box(r.required("box"), "box");
  // A number, or a vector of the query's dimension: every component >= 0.
  const JsonValue& m = r.required("margin");
  const bool scalar = m.type != JsonValue::Type::Array;
  const Rational margin = scalar ? r.number(m, "margin") : Rational(0);
  const DynVec margins = scalar ? DynVec{} : r.vector(m, "margin");
  with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    const auto grown = [&](const auto& b) {
      return scalar ? check(ref::grow(b, margin)) : check(ref::grow(b, fixed<N>(margins)));
    };
    if (box.form == Form::CenterExtent) {
      const ref::CenterExtent<N> ce = grown(as_center_extent<N>(box));
      out.box<N>("box", ref::to_min_max(ce));
      out.vector<N>("center", ce.center);
      out.vector<N>("extent", ce.extent);
    } else {
      out.box<N>("box", grown(as_min_max<N>(box)));
    }
  });
}

/// Reads the min–max box "box", then the vector `field`, and calls f(box, vector) over the
/// query's dimension (f reads the op's scalar, if any, after them: the order of the errors).
template <class F>
decltype(auto) on_box_and_vector(QueryReader& r, std::string_view field, F&& f) {
  const DynBox box = r.box(r.required("box"), "box");
  const DynVec v = r.vector(r.required(field), std::string(field));
  return with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return f(as_min_max<N>(box), fixed<N>(v));
  });
}

template <>
void run<ops::ClosestPoint>(QueryReader& r, Answer& out) {
  on_box_and_vector(r, "point", [&]<std::size_t N>(const ref::Box<N>& box, const ref::Vec<N>& p) {
    out.vector<N>("point", check(ref::closest_point(box, p)));
  });
}

template <>
void run<ops::DistanceSq>(QueryReader& r, Answer& out) {
  out.number("distance_sq", on_box_and_vector(r, "point", [](const auto& box, const auto& p) {
    return check(ref::distance_sq(box, p));
  }));
}

template <>
void run<ops::OverlapSphere>(QueryReader& r, Answer& out) {
  out.boolean("overlap", on_box_and_vector(r, "center", [&](const auto& box, const auto& c) {
    return check(ref::overlap_sphere(box, c, r.number(r.required("radius"), "radius")));
  }));
}

template <>
void run<ops::PlaneSide>(QueryReader& r, Answer& out) {
  const int side = on_box_and_vector(r, "normal", [&](const auto& box, const auto& n) {
    return check(ref::plane_side(box, n, r.number(r.required("offset"), "offset")));
  });
  out.raw("side", std::to_string(side));
}

template <>
void run<ops::OverlapTriangle>(QueryReader& r, Answer& out) {
  const DynBox box = r.box(r.required("box"), "box");
  const JsonValue& t = r.required("triangle");
  if (t.type != JsonValue::Type::Array) invalid("triangle: expected an array of three vectors");
  if (t.items.size() != 3)
    invalid("triangle: expected an array of three vectors, got " + std::to_string(t.items.size()));
  std::vector<DynVec> vertices;
  for (std::size_t k = 0; k < 3; ++k) vertices.push_back(r.vector(t.items[k], at("triangle", k)));
  out.boolean("overlap", with_dimension(r.dimension(), [&](auto n) {
    constexpr std::size_t N = decltype(n)::value;
    return check(ref::overlap_triangle(as_min_max<N>(box),
                                       std::array{fixed<N>(vertices[0]), fixed<N>(vertices[1]), fixed<N>(vertices[2])}));
  }));
}

struct OpSpec {
  std::string_view name;
  std::vector<std::string_view> fields;
  void (*run)(QueryReader&, Answer&);

  [[nodiscard]] bool allows(std::string_view key) const {
    if (key == "id" || key == "op") return true;
    for (std::string_view f : fields)
      if (f == key) return true;
    return false;
  }
};

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = [] {
    std::vector<OpSpec> t;
    ops::for_each_op([&]<class Op>() {
      OpSpec spec{Op::name, {}, run<Op>};
      for (const ops::Field& f : Op::fields) spec.fields.push_back(f.name);
      t.push_back(std::move(spec));
    });
    return t;
  }();
  return table;
}

// ---- One line --------------------------------------------------------------------------------

// A message of at most kMaxErrorMessageBytes bytes: longer ones keep their start (the field
// they name) and end with "...", cut where no UTF-8 sequence is split.
std::string capped(const std::string& message) {
  if (message.size() <= kMaxErrorMessageBytes) return message;
  std::size_t cut = kMaxErrorMessageBytes - 3;
  while (cut > 0 && (static_cast<unsigned char>(message[cut]) & 0xC0) == 0x80) --cut;
  return message.substr(0, cut) + "...";
}

// Every error line is made here, so every message is capped here.
EvalAnswer error_answer(const std::string& id, const Error& e) {
  return EvalAnswer{"{\"id\": " + id + ", \"error\": {\"kind\": " + quote(to_string(e.kind)) +
                        ", \"message\": " + quote(capped(e.message)) + "}}",
                    false};
}

EvalAnswer answer_line(std::string_view line, std::string& id, const EvalLimits& limits) {
  Result<JsonValue> parsed = eval_detail::parse_json_line(line);
  if (!parsed.ok()) return error_answer(id, parsed.error());
  const JsonValue& query = parsed.value();
  if (query.type != JsonValue::Type::Object)
    return error_answer(id, Error{ErrorKind::Parse, "line: expected a JSON object"});
  if (const JsonValue* v = query.find("id")) id = eval_detail::dump(*v);

  const JsonValue* op = query.find("op");
  if (op == nullptr) missing("op");
  if (op->type != JsonValue::Type::String) invalid("op: expected a string naming the operation");
  const OpSpec* spec = nullptr;
  for (const OpSpec& s : op_table())
    if (s.name == op->text) spec = &s;
  if (spec == nullptr) fail(ErrorKind::UnknownOp, "op: unknown op " + quote(shortened(op->text)));
  for (const auto& [key, value] : query.members)
    if (!spec->allows(key))
      invalid(member("", key) + ": unknown field for op \"" + std::string(spec->name) + "\"");

  QueryReader reader(query, limits);
  Answer answer(id, spec->name);
  spec->run(reader, answer);
  return EvalAnswer{std::move(answer).finish(), true};
}

}  // namespace

EvalAnswer eval_line(std::string_view line, const EvalLimits& limits) {
  std::string id = "null";
  // Everything GMP holds for this line is counted against its cap, and a failed GMP allocation
  // throws (instead of aborting the process) while the scope is open.
  const eval_detail::LineMemoryScope memory(limits.max_line_memory);
  try {
    return answer_line(line, id, limits);
  } catch (const QueryError& e) {
    return error_answer(id, e.error);
  } catch (const eval_detail::LineMemoryExceeded&) {
    return error_answer(id, Error{ErrorKind::OutOfMemory,
                                  "line: out of memory while answering (more than " +
                                      std::to_string(limits.max_line_memory >> 20) + " MiB)"});
  } catch (const std::bad_alloc&) {
    return error_answer(id, Error{ErrorKind::OutOfMemory, "line: out of memory while answering"});
  } catch (const std::exception& e) {
    return error_answer(id, Error{ErrorKind::InvalidInput, std::string("line: internal error: ") + e.what()});
  } catch (...) {
    return error_answer(id, Error{ErrorKind::InvalidInput, "line: internal error"});
  }
}

bool is_blank_line(std::string_view line) noexcept {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

namespace {

enum class LineRead { Line, End, TooLong, NoMemory };

/// The size of the pieces lines are read in. The buffer is the caller's, on the heap: answering
/// a line may need all the stack GMP's temporaries can get.
constexpr std::size_t kPiece = std::size_t{1} << 16;

/// The next line of `in` into `line` (without its '\n'), read in pieces of kPiece bytes so that a line
/// longer than `max_bytes` is never held: it is skipped to its end instead (TooLong). A line the
/// system cannot give the memory for (std::bad_alloc while it grows) is skipped the same way
/// (NoMemory), its memory given back first.
LineRead read_line(std::istream& in, std::string& line, std::size_t max_bytes, char* piece) {
  line.clear();
  bool any = false;
  for (;;) {
    in.getline(piece, kPiece);
    const auto got = static_cast<std::size_t>(in.gcount());
    const bool piece_full = in.fail() && !in.eof() && got == kPiece - 1;
    const bool newline = !in.fail() && !in.eof();  // the '\n' was read (and counted in gcount)
    // The end of the input (or a stream that failed for good: nothing more can be read).
    if (got == 0 && (in.eof() || in.bad() || !newline)) return any ? LineRead::Line : LineRead::End;
    any = true;
    const std::size_t stored = newline ? got - 1 : got;
    const auto skip_rest = [&](LineRead why) {
      std::string().swap(line);
      in.clear();
      if (!newline && !in.eof()) in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
      return why;
    };
    if (line.size() + stored > max_bytes) return skip_rest(LineRead::TooLong);
    try {
      line.append(piece, stored);
    } catch (const std::bad_alloc&) {
      return skip_rest(LineRead::NoMemory);
    }
    if (piece_full) {
      in.clear();
      continue;
    }
    return LineRead::Line;  // ended by its '\n', or the last line, ended by the input's end
  }
}

}  // namespace

EvalSummary eval_stream(std::istream& in, std::ostream& out, const EvalLimits& limits) {
  EvalSummary summary;
  std::string line;
  const auto piece = std::make_unique<char[]>(kPiece);
  for (;;) {
    const LineRead read = read_line(in, line, limits.max_line_memory, piece.get());
    if (read == LineRead::End) break;
    EvalAnswer answer;
    if (read == LineRead::TooLong) {
      answer = error_answer("null", Error{ErrorKind::OutOfMemory,
                                          "line: longer than the " + std::to_string(limits.max_line_memory >> 20) +
                                              " MiB a line may hold (--max-line-memory); not read"});
    } else if (read == LineRead::NoMemory) {
      answer = error_answer("null", Error{ErrorKind::OutOfMemory, "line: out of memory while reading it"});
    } else {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (is_blank_line(line)) continue;
      answer = eval_line(line, limits);
    }
    errno = 0;
    out << answer.json << '\n' << std::flush;
    if (!out) {
      // Nobody gets this answer or any later one: stop reading rather than answer into the void.
      summary.write_failed = true;
      summary.write_errno = errno;
      break;
    }
    ++summary.answered;
    if (!answer.ok) ++summary.errors;
  }
  return summary;
}

}  // namespace aabb
