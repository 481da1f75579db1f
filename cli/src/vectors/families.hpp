#pragma once
/// The per-op edge constructions of `vectors`, one file per family: static ops (static_ops.cpp),
/// moving ops (moving_ops.cpp) and construction ops (construction_ops.cpp). Each function gives
/// the op's Spec: its flags, the seed listings that answer it, its constructed and seed cases.

#include "vectors/common.hpp"

namespace aabb::vectors {

// ---- Union: not in the C ABI, so not among check's ops; the same cases as overlap ---------------

template <class T>
struct Union {
  static constexpr const char* name = "union";
  static constexpr chk::Category category = chk::Category::Box;
  using Case = typename chk::Overlap<T>::Case;
  static rc::Gen<Case> cases() { return chk::Overlap<T>::cases(); }
  static Case sample() { return chk::Overlap<T>::sample(); }
  static Json query(const Case& k) {
    return Json{
        {"op", "union"}, {"a", chk::mm_box(k.alo, k.ahi)}, {"b", chk::mm_box(k.blo, k.bhi)}};
  }
};

// Static ops: static_ops.cpp.
template <class T>
Spec<chk::Contains<T>> contains_spec();
template <class T>
Spec<chk::ContainsCe<T>> contains_ce_spec();
template <class T>
Spec<chk::Overlap<T>> overlap_spec();
template <class T>
Spec<chk::OverlapCe<T>> overlap_ce_spec();
template <class T>
Spec<chk::Intersection<T>> intersection_spec();
template <class T>
Spec<Union<T>> union_spec();
// Moving ops: moving_ops.cpp.
template <class T>
Spec<chk::Sweep<T>> sweep_spec();
template <class T>
Spec<chk::SweepCe<T>> sweep_ce_spec();
template <class T>
Spec<chk::MovingVsStatic<T>> moving_spec();
template <class T>
Spec<chk::Ray<T>> ray_spec();
// Construction ops: construction_ops.cpp.
template <class T>
Spec<chk::BoundsOfPoints<T>> bounds_of_points_spec();
template <class T>
Spec<chk::ExtremePoints<T>> extreme_points_spec();
template <class T>
Spec<chk::BoundsOfSphere<T>> bounds_of_sphere_spec();
template <class T>
Spec<chk::Transform<T>> transform_spec();
template <class T>
Spec<chk::TransformCe<T>> transform_ce_spec();
template <class T>
Spec<chk::HillClimb<T>> hill_climb_spec();

}  // namespace aabb::vectors
