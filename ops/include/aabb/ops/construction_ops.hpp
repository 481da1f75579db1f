#pragma once
/// The construction ops of the contract (§2): boxes and vertices computed from points, spheres
/// and transforms (seed 002).

#include "aabb/ops/descriptor.hpp"

namespace aabb::ops {

struct BoundsOfPoints {
  static constexpr std::string_view name = "bounds_of_points";
  static constexpr std::string_view family = "construction";
  static constexpr std::string_view summary = "the smallest box containing the points";
  static constexpr std::array fields{Field{"points", Kind::PointList, true, "n >= 1"}};
  static constexpr std::array outputs{Output{"box", Kind::Box, ""}};
  static constexpr std::array<std::string_view, 1> invalid{"points: empty list, need at least one point"};
  static constexpr std::array variants{
      Variant{"bounds_of_points", Form::None, "const T* xyz, size_t n, T lo[3], T hi[3]",
              "void: lo, hi = the smallest box containing the n points", "exact"},
  };
  static constexpr std::array maps{
      Map{"point permutation", "reorder the points: answer unchanged"},
      Map{"axis permutation", "permute the axes of the points: the answer's axes permuted alike"},
  };
};

struct ExtremePoints {
  static constexpr std::string_view name = "extreme_points";
  static constexpr std::string_view family = "construction";
  static constexpr std::string_view summary =
      "indices of a point with the least / greatest dot(P[i], dir); ties go to the lowest index";
  static constexpr std::array fields{
      Field{"points", Kind::PointList, true, "n >= 1"},
      Field{"dir", Kind::Vector, true, ""},
  };
  static constexpr std::array outputs{
      Output{"i_min", Kind::Index, ""},
      Output{"i_max", Kind::Index, ""},
  };
  static constexpr std::array<std::string_view, 1> invalid{"points: empty list, need at least one point"};
  static constexpr std::array variants{
      Variant{"extreme_points", Form::None, "const T* xyz, size_t n, const T dir[3], size_t* i_min, size_t* i_max",
              "void: i_min, i_max as the op", "exact"},
  };
  static constexpr std::array maps{
      Map{"direction reversal", "negate dir: i_min and i_max exchange when there are no ties"},
      Map{"axis permutation", "permute the axes of points and dir: answer unchanged"},
  };
};

struct BoundsOfSphere {
  static constexpr std::string_view name = "bounds_of_sphere";
  static constexpr std::string_view family = "construction";
  static constexpr std::string_view summary = "the box [c - r, c + r] on every axis";
  static constexpr std::array fields{
      Field{"center", Kind::Point, true, ""},
      Field{"radius", Kind::Scalar, true, ">= 0"},
  };
  static constexpr std::array outputs{Output{"box", Kind::Box, ""}};
  static constexpr std::array<std::string_view, 1> invalid{"radius < 0"};
  static constexpr std::array variants{
      Variant{"bounds_of_sphere", Form::None, "const T c[3], T r, T lo[3], T hi[3]",
              "void: lo, hi = c - r, c + r", "conservative:1"},
  };
  static constexpr std::array maps{
      Map{"translation", "add a vector to the centre: the answer translated by it"},
      Map{"axis permutation", "permute the axes of the centre: the answer's axes permuted alike"},
  };
};

struct Transform {
  static constexpr std::string_view name = "transform";
  static constexpr std::string_view family = "construction";
  static constexpr std::string_view summary =
      "the smallest box containing {M·x + t : x in box}; for a centre–extent box also c' and e'";
  static constexpr std::array fields{
      Field{"box", Kind::Box, true, ""},
      Field{"m", Kind::Matrix, true, "any real N×N matrix, y = M·x + t"},
      Field{"t", Kind::Vector, true, ""},
  };
  static constexpr std::array outputs{
      Output{"box", Kind::Box, ""},
      Output{"center", Kind::Vector, "centre–extent input only: M·c + t"},
      Output{"extent", Kind::Vector, "centre–extent input only: |M|·e"},
  };
  static constexpr std::array<std::string_view, 0> invalid{};
  static constexpr std::array variants{
      Variant{"transform", Form::MinMax,
              "const T lo[3], const T hi[3], const T m[9], const T t[3], T out_lo[3], T out_hi[3]",
              "void: out = the smallest box containing the image", "conservative:1"},
      Variant{"transform_ce", Form::CenterExtent,
              "const T c[3], const T e[3], const T m[9], const T t[3], T out_c[3], T out_e[3]",
              "void: out_c = M·c + t, out_e = |M|·e; the box they span is judged", "conservative"},
  };
  static constexpr std::array maps{
      Map{"identity", "M = I translates the box by t"},
      Map{"form", "the centre–extent answer's box equals the min-max answer"},
  };
};

struct HillClimb {
  static constexpr std::string_view name = "hill_climb";
  static constexpr std::string_view family = "construction";
  static constexpr std::string_view summary =
      "the greatest dot(P[i], dir) over the vertices, and every index attaining it";
  static constexpr std::array fields{
      Field{"points", Kind::PointList, true, "the vertices, n >= 1"},
      Field{"neighbors", Kind::Graph, true, "one index list per vertex"},
      Field{"dir", Kind::Vector, true, ""},
      Field{"start", Kind::Index, true, "the start vertex"},
  };
  static constexpr std::array outputs{
      Output{"value", Kind::Number, "the greatest dot product"},
      Output{"indices", Kind::IndexList, "every vertex attaining it"},
  };
  static constexpr std::array<std::string_view, 3> invalid{
      "neighbors: one list per point, each index below the number of points",
      "start: an index below the number of points",
      "a local maximum along the neighbour graph that is not a global one",
  };
  static constexpr std::array variants{
      Variant{"hill_climb", Form::None,
              "const T* xyz, size_t n, const size_t* offsets, const size_t* neighbors, const T dir[3], size_t start",
              "size_t: a vertex attaining the greatest dot(P[k], dir) (or, on other graphs, one with no higher "
              "neighbour)",
              "exact"},
  };
  static constexpr std::array maps{
      Map{"start", "every start vertex gives the same value"},
  };
};

}  // namespace aabb::ops
