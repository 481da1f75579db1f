#pragma once
/// The vocabulary of an op descriptor (docs/architecture.md, "The op registry"): what one op of
/// the contract says once (in ops/registry.json), so that eval, check, vectors, the fuzz targets
/// and the scripts read it instead of keeping lists of their own. Plain constexpr data.

#include <array>
#include <concepts>
#include <cstddef>
#include <string_view>

namespace aabb::ops {

/// What an input field or a result holds.
enum class Kind {
  Box,        ///< a box: {"min", "max"} or {"center", "extent"}
  Point,      ///< a position vector
  Vector,     ///< a displacement or direction vector
  Scalar,     ///< a finite number
  Time,       ///< a finite number, or "inf" where the field allows it (a ray's t_max)
  PointList,  ///< a non-empty array of points
  Matrix,     ///< N rows of N numbers, row-major
  Graph,      ///< one list of vertex indices per point (neighbour lists)
  Index,      ///< a non-negative integer below the number of points
  IndexList,  ///< an array of indices
  Boundary,   ///< "closed", "strict" or "half-open" (contains, overlap: contract §4)
  Class,      ///< "disjoint", "intersects" or "contains" (classify)
  Margin,     ///< a number or a vector, every component >= 0 (grow)
  Triangle,   ///< an array of three vectors (overlap_triangle)
  Side,       ///< -1, 0 or +1, a JSON integer (plane_side)
  Boolean,    ///< true or false
  Number,     ///< an exact number with its _f64 beside it
  BoxOrNull,  ///< a box, or null when there is none
  NumberOrNull,  ///< an exact number with its _f64 beside it, or null
  TimeOrNull,    ///< a number, "inf", or null
};

[[nodiscard]] constexpr std::string_view name(Kind k) {
  switch (k) {
    case Kind::Box: return "box";
    case Kind::Point: return "point";
    case Kind::Vector: return "vector";
    case Kind::Scalar: return "scalar";
    case Kind::Time: return "time";
    case Kind::PointList: return "point list";
    case Kind::Matrix: return "matrix";
    case Kind::Graph: return "graph";
    case Kind::Index: return "index";
    case Kind::Boundary: return "boundary";
    case Kind::IndexList: return "index list";
    case Kind::Class: return "class";
    case Kind::Margin: return "margin";
    case Kind::Triangle: return "triangle";
    case Kind::Side: return "side";
    case Kind::Boolean: return "boolean";
    case Kind::Number: return "number";
    case Kind::BoxOrNull: return "box or null";
    case Kind::NumberOrNull: return "number or null";
    case Kind::TimeOrNull: return "time or null";
  }
  return "?";
}

/// One input field of an eval query (the same name in the vectors' `input`).
struct Field {
  std::string_view name;
  Kind kind;
  bool required;
  std::string_view note;  ///< default value, or what the field means when it is not obvious
};

/// One field of the exact answer, in the order eval prints them.
struct Output {
  std::string_view name;
  Kind kind;
  std::string_view note;  ///< when the field is present or null
};

/// The box form of an ABI variant: which box representation its arguments use.
enum class Form { MinMax, CenterExtent, None };

[[nodiscard]] constexpr std::string_view name(Form f) {
  switch (f) {
    case Form::MinMax: return "min-max";
    case Form::CenterExtent: return "center-extent";
    case Form::None: return "none";
  }
  return "?";
}

/// The contract an answer is held to unless the user chooses another (docs/check.md): the
/// syntax of `check --contract` ("exact", "conservative", "conservative:1", "ulps:1").
using ContractText = std::string_view;

/// One form of an op: a function of the C ABI (contract §4, abi/include/aabb/abi.h),
/// `aabb_<name>_f32` and `aabb_<name>_f64`, unless `abi` is false. Its name is also the name of
/// check's campaign and of the vectors' files (`<name>_f32.json`).
struct Variant {
  std::string_view name;       ///< "overlap_ce"
  Form form;                   ///< the box form of its arguments
  std::string_view signature;  ///< the C parameters, T the float type
  std::string_view returns;    ///< what the C function returns, in words
  ContractText contract;       ///< the default contract of check and of the vectors' flags
  bool abi = true;             ///< false: only eval and the vectors have it (no C symbol yet)
};

/// How a metamorphic map acts on an op (properties/): the map, and what it does to the answer.
struct Map {
  std::string_view map;     ///< "swap", "axis permutation", "sign flip", "translation", "scaling"
  std::string_view effect;  ///< what the map does to the inputs and the answer
};

/// An op of the contract: the eval name and everything said once about it. Each op is a struct
/// with these static members, generated from ops/registry.json by ops/generate.py into
/// aabb/ops/descriptors.hpp: name, family, summary, fields, outputs, invalid, variants, maps.
template <class Op>
concept Descriptor = requires {
  { Op::name } -> std::convertible_to<std::string_view>;
  { Op::family } -> std::convertible_to<std::string_view>;
  { Op::summary } -> std::convertible_to<std::string_view>;
  Op::fields.size();
  Op::outputs.size();
  Op::invalid.size();
  Op::variants.size();
  Op::maps.size();
};

/// A list of ops; the registry's is `All` (aabb/ops/descriptors.hpp).
template <Descriptor... Ops>
struct List {
  static constexpr std::size_t size = sizeof...(Ops);
  /// Calls f.template operator()<Op>() for every op, in order.
  template <class F>
  static constexpr void for_each(F&& f) {
    (f.template operator()<Ops>(), ...);
  }
};

}  // namespace aabb::ops
