#pragma once
/// The moving ops of the contract (§2): boxes in motion over t in [0, 1], and rays. Each answer
/// is a closed set of times T, given by whether it is empty and its least (and greatest) member.

#include "aabb/ops/descriptor.hpp"

namespace aabb::ops {

struct Sweep {
  static constexpr std::string_view name = "sweep";
  static constexpr std::string_view family = "moving";
  static constexpr std::string_view summary =
      "a moves by da and b by db over t in [0, 1]; T = {t : they overlap}; hit, min T, max T";
  static constexpr std::array fields{
      Field{"a", Kind::Box, true, ""},
      Field{"b", Kind::Box, true, ""},
      Field{"da", Kind::Vector, false, "a's displacement; default zero; or give a_end"},
      Field{"db", Kind::Vector, false, "b's displacement; default zero; or give b_end"},
      Field{"a_end", Kind::Box, false, "a at t = 1, of a's form and size (instead of da)"},
      Field{"b_end", Kind::Box, false, "b at t = 1, of b's form and size (instead of db)"},
  };
  static constexpr std::array outputs{
      Output{"hit", Kind::Boolean, ""},
      Output{"t_first", Kind::NumberOrNull, "null on a miss"},
      Output{"t_last", Kind::NumberOrNull, "null on a miss"},
  };
  static constexpr std::array<std::string_view, 2> invalid{
      "da: give da or a_end, not both (likewise db, b_end)",
      "a_end: form or size differs from a (likewise b_end)",
  };
  static constexpr std::array variants{
      Variant{"sweep", Form::MinMax,
              "const T alo[3], const T ahi[3], const T da[3], const T blo[3], const T bhi[3], const T db[3], "
              "T* t_first, T* t_last",
              "int: T not empty; t_first = min T, t_last = max T on a hit", "ulps:1"},
      Variant{"sweep_ce", Form::CenterExtent,
              "const T ea[3], const T a0[3], const T a1[3], const T eb[3], const T b0[3], const T b1[3], "
              "T* u0, T* u1",
              "int: T not empty; u0 = min T, u1 = max T on a hit (centres at t = 0 and t = 1)", "ulps:1"},
  };
  static constexpr std::array maps{
      Map{"swap", "exchange (a, da) and (b, db): answer unchanged"},
      Map{"translation", "add the same vector to both displacements: answer unchanged"},
      Map{"axis permutation", "permute the axes of boxes and displacements: answer unchanged"},
      Map{"sign flip", "mirror boxes and displacements in an axis: answer unchanged"},
  };
};

struct MovingVsStatic {
  static constexpr std::string_view name = "moving_vs_static";
  static constexpr std::string_view family = "moving";
  static constexpr std::string_view summary =
      "moving moves by d over t in [0, 1] against the fixed stationary; hit and t_enter = min T";
  static constexpr std::array fields{
      Field{"stationary", Kind::Box, true, "min-max form"},
      Field{"moving", Kind::Box, true, "min-max form"},
      Field{"d", Kind::Vector, true, "moving's displacement over t in [0, 1]"},
  };
  static constexpr std::array outputs{
      Output{"hit", Kind::Boolean, ""},
      Output{"t_enter", Kind::NumberOrNull, "null on a miss"},
  };
  static constexpr std::array<std::string_view, 0> invalid{};
  static constexpr std::array variants{
      Variant{"moving_vs_static", Form::MinMax,
              "const T slo[3], const T shi[3], const T mlo[3], const T mhi[3], const T d[3], T* t_enter",
              "int: the boxes meet; t_enter = the first time on a hit", "ulps:1"},
  };
  static constexpr std::array maps{
      Map{"sweep", "equals sweep with the stationary box fixed (db = 0)"},
      Map{"axis permutation", "permute the axes of boxes and displacement: answer unchanged"},
      Map{"sign flip", "mirror boxes and displacement in an axis: answer unchanged"},
  };
};

struct Ray {
  static constexpr std::string_view name = "ray";
  static constexpr std::string_view family = "moving";
  static constexpr std::string_view summary =
      "T = {t in [t_min, t_max] : origin + t·dir in the box}; hit, t_enter = min T, t_exit = max T";
  static constexpr std::array fields{
      Field{"box", Kind::Box, true, "min-max form"},
      Field{"origin", Kind::Point, true, ""},
      Field{"dir", Kind::Vector, true, "may be zero on any axis, or entirely"},
      Field{"t_min", Kind::Scalar, false, "default 0"},
      Field{"t_max", Kind::Time, false, "default +infinity (\"inf\")"},
  };
  static constexpr std::array outputs{
      Output{"hit", Kind::Boolean, ""},
      Output{"t_enter", Kind::NumberOrNull, "null on a miss"},
      Output{"t_exit", Kind::TimeOrNull, "\"inf\" only when t_max is and nothing bounds the ray; null on a miss"},
  };
  static constexpr std::array<std::string_view, 2> invalid{
      "t_min > t_max",
      "t_max: -infinity (only +infinity, for an unbounded ray)",
  };
  static constexpr std::array variants{
      Variant{"ray", Form::MinMax,
              "const T lo[3], const T hi[3], const T o[3], const T d[3], T t_min, T t_max, T* t_enter, "
              "T* t_exit",
              "int: T not empty; t_enter = min T, t_exit = max T on a hit", "ulps:1"},
  };
  static constexpr std::array maps{
      Map{"axis permutation", "permute the axes of box, origin and direction: answer unchanged"},
      Map{"sign flip", "mirror box, origin and direction in an axis: answer unchanged"},
      Map{"translation", "add the same vector to box and origin: answer unchanged"},
  };
};

}  // namespace aabb::ops
