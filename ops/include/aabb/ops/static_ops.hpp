#pragma once
/// The static ops of the contract (§2): a point or a box against a box, and the boxes two boxes
/// make. One struct per op: the vocabulary is ops/descriptor.hpp.

#include "aabb/ops/descriptor.hpp"

namespace aabb::ops {

struct Contains {
  static constexpr std::string_view name = "contains";
  static constexpr std::string_view family = "static";
  static constexpr std::string_view summary = "the point p lies in the closed box";
  static constexpr std::array fields{
      Field{"box", Kind::Box, true, ""},
      Field{"point", Kind::Point, true, ""},
  };
  static constexpr std::array outputs{Output{"contains", Kind::Boolean, ""}};
  static constexpr std::array<std::string_view, 0> invalid{};
  static constexpr std::array variants{
      Variant{"contains", Form::MinMax, "const T lo[3], const T hi[3], const T p[3]", "int: p in the box",
              "exact"},
      Variant{"contains_ce", Form::CenterExtent, "const T c[3], const T e[3], const T p[3]",
              "int: |p[i] - c[i]| <= e[i] on every axis", "exact"},
  };
  static constexpr std::array maps{
      Map{"axis permutation", "permute the axes of box and point: answer unchanged"},
      Map{"sign flip", "negate an axis of the point and mirror the box: answer unchanged"},
      Map{"translation", "add the same vector to box and point: answer unchanged"},
  };
};

struct Overlap {
  static constexpr std::string_view name = "overlap";
  static constexpr std::string_view family = "static";
  static constexpr std::string_view summary = "the closed boxes a and b share a point (touching overlaps)";
  static constexpr std::array fields{
      Field{"a", Kind::Box, true, ""},
      Field{"b", Kind::Box, true, ""},
  };
  static constexpr std::array outputs{Output{"overlap", Kind::Boolean, ""}};
  static constexpr std::array<std::string_view, 0> invalid{};
  static constexpr std::array variants{
      Variant{"overlap", Form::MinMax, "const T alo[3], const T ahi[3], const T blo[3], const T bhi[3]",
              "int: the boxes share a point", "exact"},
      Variant{"overlap_ce", Form::CenterExtent, "const T ac[3], const T ae[3], const T bc[3], const T be[3]",
              "int: |bc[i] - ac[i]| <= ae[i] + be[i] on every axis", "exact"},
  };
  static constexpr std::array maps{
      Map{"swap", "exchange a and b: answer unchanged"},
      Map{"axis permutation", "permute the axes of both boxes: answer unchanged"},
      Map{"sign flip", "mirror both boxes in an axis: answer unchanged"},
      Map{"translation", "add the same vector to both boxes: answer unchanged"},
  };
};

struct Intersection {
  static constexpr std::string_view name = "intersection";
  static constexpr std::string_view family = "static";
  static constexpr std::string_view summary = "the box a ∩ b, or none when the boxes do not overlap";
  static constexpr std::array fields{
      Field{"a", Kind::Box, true, ""},
      Field{"b", Kind::Box, true, ""},
  };
  static constexpr std::array outputs{
      Output{"intersection", Kind::BoxOrNull, "null when a and b do not overlap"}};
  static constexpr std::array<std::string_view, 0> invalid{};
  static constexpr std::array variants{
      Variant{"intersection", Form::MinMax,
              "const T alo[3], const T ahi[3], const T blo[3], const T bhi[3], T out_lo[3], T out_hi[3]",
              "int: 1 and out = a ∩ b when the boxes overlap; 0 otherwise, out unwritten", "exact"},
  };
  static constexpr std::array maps{
      Map{"swap", "exchange a and b: answer unchanged"},
      Map{"axis permutation", "permute the axes of both boxes: the answer's axes permuted alike"},
      Map{"translation", "add a vector to both boxes: the answer translated by it"},
  };
};

struct Union {
  static constexpr std::string_view name = "union";
  static constexpr std::string_view family = "static";
  static constexpr std::string_view summary = "the smallest box containing a and b";
  static constexpr std::array fields{
      Field{"a", Kind::Box, true, ""},
      Field{"b", Kind::Box, true, ""},
  };
  static constexpr std::array outputs{Output{"union", Kind::Box, ""}};
  static constexpr std::array<std::string_view, 0> invalid{};
  static constexpr std::array variants{
      Variant{"union", Form::MinMax, "", "", "exact", false},  // not in the C ABI yet (issue 12)
  };
  static constexpr std::array maps{
      Map{"swap", "exchange a and b: answer unchanged"},
      Map{"axis permutation", "permute the axes of both boxes: the answer's axes permuted alike"},
      Map{"translation", "add a vector to both boxes: the answer translated by it"},
  };
};

}  // namespace aabb::ops
