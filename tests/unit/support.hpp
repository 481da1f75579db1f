#pragma once
/// Helpers shared by the unit tests of aabb::reference: exact literals, vectors written once
/// for 2D and 3D, result accessors that fail the test cleanly, and Catch2 printers.
///
/// Test data is written with three coordinates and `v<N>` drops the third one in 2D. Cases
/// whose third axis is "benign" (the boxes overlap widely on it and nothing moves along it)
/// therefore mean the same thing in both dimensions and have the same hand-worked answer;
/// cases that need the third axis live in `if constexpr (N == 3)` blocks.

#include <catch2/catch.hpp>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "aabb/reference.hpp"

namespace aabb::test {

using reference::Box;
using reference::CenterExtent;
using reference::Extremes;
using reference::HillClimb;
using reference::Integer;
using reference::Matrix;
using reference::MovingResult;
using reference::Rational;
using reference::RayResult;
using reference::SweepResult;
using reference::Vec;

/// n/d exactly (in lowest terms, as every Rational is).
[[nodiscard]] inline Rational q(long n, long d = 1) {
  return Rational(Integer(n), Integer(d));
}

/// 2^k exactly, for any integer k; built from integers, not from the parser under test.
[[nodiscard]] inline Rational pow2(long k) {
  const Integer p = Integer(1) << static_cast<unsigned long>(k < 0 ? -k : k);
  return k < 0 ? Rational(Integer(1), p) : Rational(p);
}

/// A margin far below any double's spacing near the data: 2^-1000. No rational margin is the
/// smallest, but this one is below every float and double ulp in the tests' range.
[[nodiscard]] inline Rational tiny() {
  return pow2(-1000);
}

/// The first N of three coordinates (2D drops the third).
template <std::size_t N>
[[nodiscard]] Vec<N> v(const Rational& x, const Rational& y, const Rational& z) {
  if constexpr (N == 2) {
    return Vec<N>{x, y};
  } else {
    return Vec<N>{x, y, z};
  }
}

/// The top-left N×N block of a 3×3 matrix given by rows.
template <std::size_t N>
[[nodiscard]] Matrix<N> mat(const Vec<3>& r0, const Vec<3>& r1, const Vec<3>& r2) {
  const Vec<3> rows[3] = {r0, r1, r2};
  Matrix<N> m;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < N; ++j) m[i][j] = rows[i][j];
  return m;
}

/// Every coordinate equal to x.
template <std::size_t N>
[[nodiscard]] Vec<N> all(const Rational& x) {
  Vec<N> r;
  r.fill(x);
  return r;
}

/// x on axis k, zero elsewhere.
template <std::size_t N>
[[nodiscard]] Vec<N> axis(std::size_t k, const Rational& x) {
  Vec<N> r = all<N>(0);
  r[k] = x;
  return r;
}

template <std::size_t N>
[[nodiscard]] Vec<N> plus(const Vec<N>& a, const Vec<N>& b) {
  Vec<N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] + b[i];
  return r;
}

template <std::size_t N>
[[nodiscard]] Vec<N> minus(const Vec<N>& a, const Vec<N>& b) {
  Vec<N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] - b[i];
  return r;
}

template <std::size_t N>
[[nodiscard]] Box<N> box(const Vec<N>& lo, const Vec<N>& hi) {
  return Box<N>{lo, hi};
}

template <std::size_t N>
[[nodiscard]] CenterExtent<N> ce(const Vec<N>& center, const Vec<N>& extent) {
  return CenterExtent<N>{center, extent};
}

/// The box translated by d.
template <std::size_t N>
[[nodiscard]] Box<N> moved(const Box<N>& b, const Vec<N>& d) {
  return Box<N>{plus(b.lo, d), plus(b.hi, d)};
}

/// The point box {p}.
template <std::size_t N>
[[nodiscard]] Box<N> point_box(const Vec<N>& p) {
  return Box<N>{p, p};
}

/// Coordinates rotated by r places: axis i of the result is axis (i + r) mod N of x. Exact
/// answers do not depend on the names of the axes, so each case can run on every axis.
template <std::size_t N>
[[nodiscard]] Vec<N> rotated(const Vec<N>& x, std::size_t r) {
  Vec<N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = x[(i + r) % N];
  return out;
}

template <std::size_t N>
[[nodiscard]] Box<N> rotated(const Box<N>& b, std::size_t r) {
  return Box<N>{rotated(b.lo, r), rotated(b.hi, r)};
}

/// The value of a Result, failing the test (not throwing) when it holds an error.
template <class T>
[[nodiscard]] T ok(const Result<T>& r) {
  if (!r.ok()) FAIL("expected a value, got the error: " << r.error().message);
  return r.value();
}

/// The error of a Result, failing the test when it holds a value.
template <class T>
[[nodiscard]] Error err(const Result<T>& r) {
  if (r.ok()) FAIL("expected an error, got a value");
  return r.error();
}

/// The reference's one error kind, with its message.
[[nodiscard]] inline Error invalid(std::string message) {
  return Error{ErrorKind::InvalidInput, std::move(message)};
}

/// Result shorthands.
[[nodiscard]] inline SweepResult sweep_hit(const Rational& first, const Rational& last) {
  return SweepResult{true, first, last};
}
[[nodiscard]] inline SweepResult sweep_miss() {
  return SweepResult{};
}
[[nodiscard]] inline RayResult ray_hit(const Rational& enter, const Rational& exit) {
  return RayResult{true, enter, exit, false};
}
/// A hit whose exit is +infinity (t_max unbounded and a zero direction).
[[nodiscard]] inline RayResult ray_hit_unbounded(const Rational& enter) {
  return RayResult{true, enter, std::nullopt, true};
}
[[nodiscard]] inline RayResult ray_miss() {
  return RayResult{};
}

}  // namespace aabb::test

namespace Catch {

template <>
struct StringMaker<aabb::Error> {
  static std::string convert(const aabb::Error& e) {
    return std::string("Error{") + aabb::to_string(e.kind) + ", \"" + e.message + "\"}";
  }
};

template <class Q, std::size_t N>
struct StringMaker<aabb::reference::BasicBox<Q, N>> {
  static std::string convert(const aabb::reference::BasicBox<Q, N>& b) {
    return "Box{lo " + StringMaker<aabb::reference::BasicVec<Q, N>>::convert(b.lo) + ", hi " +
           StringMaker<aabb::reference::BasicVec<Q, N>>::convert(b.hi) + "}";
  }
};

template <class Q, std::size_t N>
struct StringMaker<aabb::reference::BasicCenterExtent<Q, N>> {
  static std::string convert(const aabb::reference::BasicCenterExtent<Q, N>& b) {
    return "CenterExtent{c " + StringMaker<aabb::reference::BasicVec<Q, N>>::convert(b.center) +
           ", e " + StringMaker<aabb::reference::BasicVec<Q, N>>::convert(b.extent) + "}";
  }
};

template <class Q>
struct StringMaker<aabb::reference::BasicSweepResult<Q>> {
  static std::string convert(const aabb::reference::BasicSweepResult<Q>& r) {
    return "Sweep{hit " + StringMaker<bool>::convert(r.hit) + ", t_first " +
           StringMaker<std::optional<Q>>::convert(r.t_first) + ", t_last " +
           StringMaker<std::optional<Q>>::convert(r.t_last) + "}";
  }
};

template <class Q>
struct StringMaker<aabb::reference::BasicMovingResult<Q>> {
  static std::string convert(const aabb::reference::BasicMovingResult<Q>& r) {
    return "Moving{hit " + StringMaker<bool>::convert(r.hit) + ", t_enter " +
           StringMaker<std::optional<Q>>::convert(r.t_enter) + "}";
  }
};

template <class Q>
struct StringMaker<aabb::reference::BasicRayResult<Q>> {
  static std::string convert(const aabb::reference::BasicRayResult<Q>& r) {
    return "Ray{hit " + StringMaker<bool>::convert(r.hit) + ", t_enter " +
           StringMaker<std::optional<Q>>::convert(r.t_enter) + ", t_exit " +
           StringMaker<std::optional<Q>>::convert(r.t_exit) + ", t_exit_infinite " +
           StringMaker<bool>::convert(r.t_exit_infinite) + "}";
  }
};

template <>
struct StringMaker<aabb::reference::Extremes> {
  static std::string convert(const aabb::reference::Extremes& r) {
    return "Extremes{i_min " + std::to_string(r.i_min) + ", i_max " + std::to_string(r.i_max) + "}";
  }
};

template <class Q>
struct StringMaker<aabb::reference::BasicHillClimb<Q>> {
  static std::string convert(const aabb::reference::BasicHillClimb<Q>& r) {
    return "HillClimb{value " + StringMaker<Q>::convert(r.value) + ", indices " +
           StringMaker<std::vector<std::size_t>>::convert(r.indices) + "}";
  }
};

}  // namespace Catch
