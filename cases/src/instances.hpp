#pragma once
// The explicit instantiations of every generator for one scalar type (aabb/cases/numbers.hpp,
// "Compiled once"), from each family's own list, in both dimensions: included only by
// instances_<type>.cpp, so that the three name one list instead of three copies of it.

#include "aabb/cases/generators.hpp"

#define AABB_CASES_INSTANTIATE(T)           \
  AABB_CASES_NUMBERS(, T)                   \
  AABB_CASES_MOTION_T(, T)                  \
  AABB_CASES_BOXES(, T, 2)                  \
  AABB_CASES_BOXES(, T, 3)                  \
  AABB_CASES_MOTION(, T, 2)                 \
  AABB_CASES_MOTION(, T, 3)                 \
  AABB_CASES_CONSTRUCTION(, T, 2)           \
  AABB_CASES_CONSTRUCTION(, T, 3)
// Float types also have the float-only numbers and the shapes.
#define AABB_CASES_INSTANTIATE_FLOAT(F)     \
  AABB_CASES_INSTANTIATE(F)                 \
  AABB_CASES_NUMBERS_F(, F)                 \
  AABB_CASES_SHAPES(, F, 2)                 \
  AABB_CASES_SHAPES(, F, 3)
