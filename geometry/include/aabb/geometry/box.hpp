#pragma once
/// The shapes every layer shares, over any number type Q: Rational in the reference, float or
/// double in optimized/ and filtered/. One set of types, so that moving a value between layers
/// is a coordinate-wise map (geometry::map) and never a hand-written copy per shape.
///
/// Boundary rules (contract §1): a box is a closed set; lo[i] == hi[i] (flat box, point box)
/// is valid; lo[i] > hi[i] and extent[i] < 0 are invalid input. Which layer checks what, and what
/// each op answers for NaN, ±inf and inverted boxes, is written next to the op.

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace aabb::geometry {

/// The dimensions the project supports.
template <std::size_t N>
concept SupportedDimension = N == 2 || N == 3;

/// A point, vector or displacement.
template <class Q, std::size_t N>
  requires SupportedDimension<N>
using Vec = std::array<Q, N>;

/// The vector with x on every axis (a scalar margin as a vector one, ...).
template <std::size_t N, class Q>
  requires SupportedDimension<N>
[[nodiscard]] constexpr Vec<Q, N> splat(const Q& x) {
  Vec<Q, N> v;
  for (std::size_t i = 0; i < N; ++i) v[i] = x;
  return v;
}

/// Closed box {x : lo[i] <= x[i] <= hi[i]}.
template <class Q, std::size_t N>
  requires SupportedDimension<N>
struct Box {
  Vec<Q, N> lo, hi;
  friend bool operator==(const Box&, const Box&) = default;
};

/// Closed box {x : c[i] - e[i] <= x[i] <= c[i] + e[i]}, the bounds taken exactly.
template <class Q, std::size_t N>
  requires SupportedDimension<N>
struct CenterExtent {
  Vec<Q, N> center, extent;
  friend bool operator==(const CenterExtent&, const CenterExtent&) = default;
};

/// Row-major N×N matrix: m[i][j] is row i, column j; y = M·x + t.
template <class Q, std::size_t N>
  requires SupportedDimension<N>
using Matrix = std::array<Vec<Q, N>, N>;

namespace detail {
template <class X>
inline constexpr bool is_array = false;
template <class Q, std::size_t N>
inline constexpr bool is_array<std::array<Q, N>> = true;
}  // namespace detail

/// f applied to every coordinate of a Vec or Matrix (rows in order, coordinates in order).
template <class Q, std::size_t N, class F>
[[nodiscard]] auto map(const std::array<Q, N>& v, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    if constexpr (detail::is_array<Q>)
      return std::array<decltype(map(v[0], f)), N>{map(v[I], f)...};
    else
      return std::array<std::decay_t<decltype(f(v[0]))>, N>{f(v[I])...};
  }(std::make_index_sequence<N>{});
}

namespace detail {
template <class B>
struct box_traits {
  static constexpr bool is_box = false;
};
template <class Q, std::size_t N>
struct box_traits<Box<Q, N>> {
  static constexpr bool is_box = true;
  using scalar = Q;
};
template <class Q, std::size_t N>
struct box_traits<CenterExtent<Q, N>> {
  static constexpr bool is_box = true;
  using scalar = Q;
};
}  // namespace detail

/// A box of either form, over any number type.
template <class B>
concept AnyBox = detail::box_traits<B>::is_box;

/// The number type of a box.
template <AnyBox B>
using ScalarOf = typename detail::box_traits<B>::scalar;

/// A box of the same form made from f(name, vector) of each of b's two vectors, in order, with
/// their names in the protocol ("min", "max" or "center", "extent"): what a conversion that
/// names the field of a bad value needs.
template <class Q, std::size_t N, class F>
[[nodiscard]] auto map_fields(const Box<Q, N>& b, F&& f) {
  auto lo = f("min", b.lo);
  auto hi = f("max", b.hi);
  return Box<typename decltype(lo)::value_type, N>{std::move(lo), std::move(hi)};
}
template <class Q, std::size_t N, class F>
[[nodiscard]] auto map_fields(const CenterExtent<Q, N>& b, F&& f) {
  auto center = f("center", b.center);
  auto extent = f("extent", b.extent);
  return CenterExtent<typename decltype(center)::value_type, N>{std::move(center), std::move(extent)};
}

/// f applied to every number of a box of either form (lo then hi, or centre then extent).
template <AnyBox B, class F>
[[nodiscard]] auto map(const B& b, F&& f) {
  return map_fields(b, [&](const char*, const auto& v) { return map(v, f); });
}

/// The same shape over Q2, each number converted by Q2's constructor (exact when Q2 can hold
/// every value of Q; for float → Rational the reference's exact() says what happens to NaN/inf).
template <class Q2, class X>
[[nodiscard]] auto convert(const X& x) {
  return map(x, [](const auto& q) { return Q2(q); });
}

}  // namespace aabb::geometry
