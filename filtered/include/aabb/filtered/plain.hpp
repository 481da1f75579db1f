#pragma once
/// The plain path: exact conversion of the float inputs, then the reference op. The filtered
/// evaluator returns this for every input it does not decide itself (non-finite or invalid
/// input, forwarded ops), so its errors are the reference's by construction.
///
/// Conversion order and field names (the first non-finite input is the error, as
/// ref::exact(x, field) words it, e.g. "a.max[1]: NaN is not a number"): each op's arguments in
/// order; a min–max box `name` is name.min[i] for all i, then name.max[i]; a centre–extent box
/// name.center[i], then name.extent[i]; a vector name[i]; a point list points[k][i]; a matrix
/// m[i][j]. The names are the op's eval fields (the registry: ops/, `aabb-oracle ops`), except
/// the centre–extent sweep's, which are the C ABI's (ea, a0, a1, eb, b0, b1); a ray's t_max
/// may be +inf (unbounded).

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "aabb/geometry/box.hpp"
#include "aabb/reference.hpp"

namespace aabb::filtered::plain {

namespace geo = aabb::geometry;
namespace xf = aabb::exact_float;
namespace ref = aabb::reference;

/// Exact conversion that remembers the first non-finite input; names are built only for it.
class Converter {
 public:
  template <xf::Float T>
  [[nodiscard]] ref::Rational number(T x, std::string_view field) {
    if (error_) return ref::Rational(0);
    if (std::isfinite(x)) return ref::exact(x).value();
    error_ = ref::exact(x, field).error();
    return ref::Rational(0);
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Vec<N> vec(const geo::Vec<T, N>& v, std::string_view field) {
    ref::Vec<N> r;
    for (std::size_t i = 0; i < N; ++i) {
      if (error_) break;
      if (std::isfinite(v[i])) r[i] = ref::exact(v[i]).value();
      else error_ = ref::exact(v[i], ref::element(field, i)).error();
    }
    return r;
  }
  /// A box of either form, each value named "<field>.min[i]", "<field>.center[i]", ...
  template <geo::AnyBox B>
    requires xf::Float<geo::ScalarOf<B>>
  [[nodiscard]] auto box(const B& b, std::string_view field) {
    return geo::map_fields(b, [&](const char* name, const auto& v) { return vec(v, std::string(field) + "." + name); });
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] std::vector<ref::Vec<N>> points(std::span<const geo::Vec<T, N>> ps) {
    std::vector<ref::Vec<N>> r;
    r.reserve(ps.size());
    for (std::size_t k = 0; k < ps.size(); ++k) r.push_back(vec(ps[k], "points[" + std::to_string(k) + "]"));
    return r;
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Matrix<N> matrix(const geo::Matrix<T, N>& m) {
    ref::Matrix<N> r;
    for (std::size_t i = 0; i < N; ++i) r[i] = vec(m[i], "m[" + std::to_string(i) + "]");
    return r;
  }
  // The same, by the kind of the input: what exactly() below converts each argument with.
  template <xf::Float T>
  [[nodiscard]] ref::Rational convert(T x, std::string_view field) { return number(x, field); }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Vec<N> convert(const geo::Vec<T, N>& v, std::string_view field) { return vec(v, field); }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Box<N> convert(const geo::Box<T, N>& b, std::string_view field) { return box(b, field); }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::CenterExtent<N> convert(const geo::CenterExtent<T, N>& b, std::string_view field) {
    return box(b, field);
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] std::vector<ref::Vec<N>> convert(std::span<const geo::Vec<T, N>> ps, std::string_view) {
    return points(ps);
  }
  template <xf::Float T, std::size_t N>
  [[nodiscard]] ref::Matrix<N> convert(const geo::Matrix<T, N>& m, std::string_view) { return matrix(m); }
  /// Inputs that are no numbers (a graph, an index) pass as they are.
  [[nodiscard]] const std::vector<std::vector<std::size_t>>& convert(const std::vector<std::vector<std::size_t>>& g,
                                                                     std::string_view) {
    return g;
  }
  [[nodiscard]] std::size_t convert(std::size_t k, std::string_view) { return k; }
  [[nodiscard]] ref::Boundary convert(ref::Boundary b, std::string_view) { return b; }

  [[nodiscard]] const std::optional<Error>& error() const { return error_; }

 private:
  std::optional<Error> error_;
};

/// An input and the name of its eval field.
template <class X>
struct Named {
  const X& value;
  std::string_view field;
};
template <class X>
Named<X> named(const X& value, std::string_view field) {
  return {value, field};
}

/// Converts every input in order (the first non-finite one is the answer's error), then answers
/// with the reference op.
template <class RefOp, class... In>
[[nodiscard]] auto exactly(RefOp reference_op, const Named<In>&... in) {
  Converter c;
  auto exact = std::tuple{c.convert(in.value, in.field)...};  // braces: converted left to right
  using Answer = decltype(std::apply(reference_op, exact));
  if (c.error()) return Answer(*c.error());
  return std::apply(reference_op, exact);
}

// The reference op of that name, as one callable over all its overloads.
#define AABB_REFERENCE_OP(op) [](const auto&... x) { return ref::op(x...); }

/// A float box of either form.
template <class B>
concept FloatBox = requires(const B& b) { Converter{}.box(b, ""); };

template <FloatBox B, xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const B& box, const geo::Vec<T, N>& p) {
  return exactly(AABB_REFERENCE_OP(contains), named(box, "box"), named(p, "point"));
}

template <FloatBox B>
[[nodiscard]] Result<bool> overlap(const B& a, const B& b) {
  return exactly(AABB_REFERENCE_OP(overlap), named(a, "a"), named(b, "b"));
}

/// contains under a boundary convention (ref::Boundary; check --boundary).
template <FloatBox B, xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains(const B& box, const geo::Vec<T, N>& p, ref::Boundary boundary) {
  return exactly(AABB_REFERENCE_OP(contains), named(box, "box"), named(p, "point"), named(boundary, "boundary"));
}

/// overlap under a boundary convention.
template <FloatBox B>
[[nodiscard]] Result<bool> overlap(const B& a, const B& b, ref::Boundary boundary) {
  return exactly(AABB_REFERENCE_OP(overlap), named(a, "a"), named(b, "b"), named(boundary, "boundary"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<std::optional<ref::Box<N>>> intersection(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return exactly(AABB_REFERENCE_OP(intersection), named(a, "a"), named(b, "b"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> union_of(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return exactly(AABB_REFERENCE_OP(union_of), named(a, "a"), named(b, "b"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> contains_box(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return exactly(AABB_REFERENCE_OP(contains_box), named(a, "a"), named(b, "b"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Containment> classify(const geo::Box<T, N>& a, const geo::Box<T, N>& b) {
  return exactly(AABB_REFERENCE_OP(classify), named(a, "a"), named(b, "b"));
}

/// grow by a scalar or a vector margin, either box form.
template <FloatBox B, class M>
[[nodiscard]] auto grow(const B& box, const M& margin) {
  return exactly(AABB_REFERENCE_OP(grow), named(box, "box"), named(margin, "margin"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Vec<N>> closest_point(const geo::Box<T, N>& box, const geo::Vec<T, N>& p) {
  return exactly(AABB_REFERENCE_OP(closest_point), named(box, "box"), named(p, "point"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Rational> distance_sq(const geo::Box<T, N>& box, const geo::Vec<T, N>& p) {
  return exactly(AABB_REFERENCE_OP(distance_sq), named(box, "box"), named(p, "point"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap_sphere(const geo::Box<T, N>& box, const geo::Vec<T, N>& c, T r) {
  return exactly(AABB_REFERENCE_OP(overlap_sphere), named(box, "box"), named(c, "center"), named(r, "radius"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<int> plane_side(const geo::Box<T, N>& box, const geo::Vec<T, N>& n, T d) {
  return exactly(AABB_REFERENCE_OP(plane_side), named(box, "box"), named(n, "normal"), named(d, "offset"));
}

/// The vertices are named triangle[0], triangle[1], triangle[2] (eval's field, an array of three
/// vectors).
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<bool> overlap_triangle(const geo::Box<T, N>& box, const std::array<geo::Vec<T, N>, 3>& tri) {
  const auto vertices = [](const auto& b, const auto& v0, const auto& v1, const auto& v2) {
    return ref::overlap_triangle(b, std::array{v0, v1, v2});
  };
  return exactly(vertices, named(box, "box"), named(tri[0], "triangle[0]"), named(tri[1], "triangle[1]"),
                 named(tri[2], "triangle[2]"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep(const geo::Box<T, N>& a, const geo::Vec<T, N>& da,
                                             const geo::Box<T, N>& b, const geo::Vec<T, N>& db) {
  return exactly(AABB_REFERENCE_OP(sweep), named(a, "a"), named(da, "da"), named(b, "b"), named(db, "db"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::SweepResult> sweep_ce(const geo::Vec<T, N>& ea, const geo::Vec<T, N>& a0,
                                                const geo::Vec<T, N>& a1, const geo::Vec<T, N>& eb,
                                                const geo::Vec<T, N>& b0, const geo::Vec<T, N>& b1) {
  return exactly(AABB_REFERENCE_OP(sweep_ce), named(ea, "ea"), named(a0, "a0"), named(a1, "a1"), named(eb, "eb"),
                 named(b0, "b0"), named(b1, "b1"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::MovingResult> moving_vs_static(const geo::Box<T, N>& s, const geo::Box<T, N>& m,
                                                         const geo::Vec<T, N>& d) {
  return exactly(AABB_REFERENCE_OP(moving_vs_static), named(s, "stationary"), named(m, "moving"), named(d, "d"));
}

/// t_max = +inf means unbounded; -inf or NaN there is an error like any other.
template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::RayResult> ray(const geo::Box<T, N>& box, const geo::Vec<T, N>& o,
                                         const geo::Vec<T, N>& d, T t_min = T(0),
                                         T t_max = std::numeric_limits<T>::infinity()) {
  if (std::isinf(t_max) && t_max > 0) {
    const auto unbounded = [](const auto& b, const auto& origin, const auto& dir, const auto& t0) {
      return ref::ray(b, origin, dir, t0, std::nullopt);
    };
    return exactly(unbounded, named(box, "box"), named(o, "origin"), named(d, "dir"), named(t_min, "t_min"));
  }
  const auto bounded = [](const auto& b, const auto& origin, const auto& dir, const auto& t0, const auto& t1) {
    return ref::ray(b, origin, dir, t0, std::optional<ref::Rational>(t1));
  };
  return exactly(bounded, named(box, "box"), named(o, "origin"), named(d, "dir"), named(t_min, "t_min"),
                 named(t_max, "t_max"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_points(std::span<const geo::Vec<T, N>> points) {
  return exactly(AABB_REFERENCE_OP(bounds_of_points), named(points, "points"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Extremes> extreme_points(std::span<const geo::Vec<T, N>> points, const geo::Vec<T, N>& dir) {
  return exactly(AABB_REFERENCE_OP(extreme_points), named(points, "points"), named(dir, "dir"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::Box<N>> bounds_of_sphere(const geo::Vec<T, N>& center, T radius) {
  return exactly(AABB_REFERENCE_OP(bounds_of_sphere), named(center, "center"), named(radius, "radius"));
}

/// A min–max box gives a Result<ref::Box<N>>, a centre–extent box a Result<ref::CenterExtent<N>>.
template <FloatBox B, xf::Float T, std::size_t N>
[[nodiscard]] auto transform(const B& box, const geo::Matrix<T, N>& m, const geo::Vec<T, N>& t) {
  return exactly(AABB_REFERENCE_OP(transform), named(box, "box"), named(m, "m"), named(t, "t"));
}

template <xf::Float T, std::size_t N>
[[nodiscard]] Result<ref::HillClimb> hill_climb(std::span<const geo::Vec<T, N>> points,
                                                const std::vector<std::vector<std::size_t>>& neighbors,
                                                const geo::Vec<T, N>& dir, std::size_t start) {
  return exactly(AABB_REFERENCE_OP(hill_climb), named(points, "points"), named(neighbors, "neighbors"),
                 named(dir, "dir"), named(start, "start"));
}

#undef AABB_REFERENCE_OP

}  // namespace aabb::filtered::plain
