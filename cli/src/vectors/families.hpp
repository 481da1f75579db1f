#pragma once
/// The per-op edge constructions of `vectors`, one file per family: static ops (static_ops.cpp),
/// moving ops (moving_ops.cpp) and construction ops (construction_ops.cpp). Each file gives each
/// of its ops a Spec (its flags, the seed listings that answer it, its constructed and seed cases)
/// and writes the op's files, in the order of contract §4.

#include "vectors/writer.hpp"

namespace aabb::vectors {

/// Writes the files of the static ops: contains, contains_ce, overlap, overlap_ce, intersection,
/// union (static_ops.cpp).
template <class T>
void static_ops(FileWriter<T>& out);

/// Writes the files of the moving ops: sweep, sweep_ce, moving_vs_static, ray (moving_ops.cpp).
template <class T>
void moving_ops(FileWriter<T>& out);

/// Writes the files of the construction ops: bounds_of_points, extreme_points, bounds_of_sphere,
/// transform, transform_ce, hill_climb (construction_ops.cpp).
template <class T>
void construction_ops(FileWriter<T>& out);

}  // namespace aabb::vectors
