#pragma once
/// Test-only re-creations of the seed listings (seed documents 000–004), in the project's own code.
///
/// Each function re-creates one listing's LOGIC: its comparisons, initial values, branch order,
/// evaluation order and outputs, including what it leaves unwritten. None of them is a correct
/// AABB test: the listings are known to be wrong on some inputs, and these re-creations exist so
/// the tests, the properties and the `check` tool's "seed re-creation" plugins can show where.
/// The correct answers come from aabb::reference (docs/semantics.md, "The seed listings and
/// their flaws").
///
/// Every function is a template over the scalar T and is meant to run over
/// - aabb::reference::Rational: no rounding, so a wrong answer is a flaw of the logic itself;
/// - float or double: the listing as compiled code, so rounding flaws show as well.
/// The listings are three-dimensional, and so are these.
///
/// Conventions where a listing leaves something to its surrounding code:
/// - VECTOR / Point / D3DXVECTOR3 are std::array<T, 3>; AABB3 (seed 001) and the min–max AABB
///   (seed 002) are reference::BasicBox<T, 3> {lo, hi}; the centre–extent structs (seeds 000,
///   002, 004) are reference::BasicCenterExtent<T, 3> {center, extent}.
/// - fabs / Abs are std::fabs over floating types and the exact absolute value otherwise.
/// - MAX / MIN (seed 000) are the usual macros ((a) > (b) ? (a) : (b)) and ((a) < (b) ? (a) : (b));
///   max / min (seed 001) are std::max / std::min, (a < b) ? b : a and (b < a) ? b : a.
/// - Every product is stored in a variable before it is added, so no compiler may fuse the two
///   into one fused multiply-add: the listings' float arithmetic rounds after each operation.
/// - The float constants FLT_MAX (seed 002) and 1e30f (seed 001) keep their exact float values
///   in every T (see flt_max and no_intersection), so the logic is the same over every type.

#include <cfloat>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "aabb/reference/box.hpp"

namespace aabb::textbook {

template <class T>
using Vec3 = reference::BasicVec<T, 3>;
template <class T>
using MinMax3 = reference::BasicBox<T, 3>;
template <class T>
using CenterExtent3 = reference::BasicCenterExtent<T, 3>;
template <class T>
using Matrix3 = reference::BasicMatrix<T, 3>;

namespace detail {

/// m · 2^k for k >= 0, exactly in an exact T.
template <class T>
[[nodiscard]] T times_pow2(T m, int k) {
  for (int i = 0; i < k; ++i) m *= 2;
  return m;
}

/// The listings' fabs / Abs.
template <class T>
[[nodiscard]] T fabs(const T& x) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::fabs(x);
  } else {
    return x < 0 ? T(-x) : x;
  }
}

/// Seed 000's MAX and MIN macros: a NaN in `a` yields `b`.
template <class T>
[[nodiscard]] T MAX(const T& a, const T& b) {
  return a > b ? a : b;
}
template <class T>
[[nodiscard]] T MIN(const T& a, const T& b) {
  return a < b ? a : b;
}

/// Seed 001's max and min, as std::max and std::min compare.
template <class T>
[[nodiscard]] T std_max(const T& a, const T& b) {
  return a < b ? b : a;
}
template <class T>
[[nodiscard]] T std_min(const T& a, const T& b) {
  return b < a ? b : a;
}

}  // namespace detail

/// FLT_MAX, seed 002's initial projections, as its exact value (2^24 - 1) · 2^104 in every T.
/// Over double this is still FLT_MAX, not DBL_MAX: the listing's logic, not a double rewrite.
template <class T>
[[nodiscard]] T flt_max() {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(FLT_MAX);
  } else {
    return detail::times_pow2(T(16777215), 104);
  }
}

/// Seed 001's kNoIntersection, the float 1e30f, as its exact value 6617445 · 2^77
/// (1000000015047466219876688855040) in every T. The listing's contract is "returns > 1 if no
/// intersection"; over Rational this is the same sentinel, exactly.
template <class T>
[[nodiscard]] T no_intersection() {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(1e30f);
  } else {
    return detail::times_pow2(T(6617445), 77);
  }
}

// ---- Seeds 000 / 003: centre–extent AABB and the two-box sweep --------------------------------

/// Seed 000 (= 003), Listing 3, class AABB: P is the centre ("position"), E the extents.
template <class T>
struct AABB {
  Vec3<T> P;
  Vec3<T> E;

  /// Listing 3's AABB::overlaps: fabs(T) <= E.i + b.E.i on x, y, z with T = b.P - P. A NaN
  /// anywhere makes a comparison false, so the answer is "no overlap".
  [[nodiscard]] bool overlaps(const AABB& b) const {
    Vec3<T> t;
    for (std::size_t i = 0; i < 3; ++i) t[i] = b.P[i] - P[i];
    const T ex = E[0] + b.E[0], ey = E[1] + b.E[1], ez = E[2] + b.E[2];
    return detail::fabs(t[0]) <= ex && detail::fabs(t[1]) <= ey && detail::fabs(t[2]) <= ez;
  }
  /// Listing 3's min(i): P[i] - E[i], rounded once in floating T.
  [[nodiscard]] T min(long i) const {
    return P[static_cast<std::size_t>(i)] - E[static_cast<std::size_t>(i)];
  }
  /// Listing 3's max(i): P[i] + E[i], rounded once in floating T.
  [[nodiscard]] T max(long i) const {
    return P[static_cast<std::size_t>(i)] + E[static_cast<std::size_t>(i)];
  }
};

/// Seed 000 (= 003), Listing 4, AABBSweep: boxes with extents Ea, Eb move from centres A0, B0
/// to A1, B1 over normalized time [0, 1]. Returns whether they overlap, with u0 / u1 the first
/// and last times. Its known flaws (the tests show each): boxes overlapping at t = 0 return
/// u0 = u1 = 0; an axis that is separated with zero relative velocity, or separated (or only
/// touching) and moving apart, keeps the interval [0, 1] and so never rules out a hit.
template <class T>
bool AABBSweep(const Vec3<T>& Ea, const Vec3<T>& A0, const Vec3<T>& A1, const Vec3<T>& Eb,
               const Vec3<T>& B0, const Vec3<T>& B1, T& u0, T& u1) {
  const AABB<T> A{A0, Ea};
  const AABB<T> B{B0, Eb};
  Vec3<T> va, vb, v;
  for (std::size_t i = 0; i < 3; ++i) va[i] = A1[i] - A0[i];
  for (std::size_t i = 0; i < 3; ++i) vb[i] = B1[i] - B0[i];
  for (std::size_t i = 0; i < 3; ++i) v[i] = vb[i] - va[i];  // solved in A's frame
  Vec3<T> u_0{T(0), T(0), T(0)};
  Vec3<T> u_1{T(1), T(1), T(1)};

  if (A.overlaps(B)) {
    u0 = u1 = T(0);
    return true;
  }
  for (long i = 0; i < 3; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (A.max(i) < B.min(i) && v[k] < 0) {
      u_0[k] = (A.max(i) - B.min(i)) / v[k];
    } else if (B.max(i) < A.min(i) && v[k] > 0) {
      u_0[k] = (A.min(i) - B.max(i)) / v[k];
    }
    if (B.max(i) > A.min(i) && v[k] < 0) {
      u_1[k] = (A.min(i) - B.max(i)) / v[k];
    } else if (A.max(i) > B.min(i) && v[k] > 0) {
      u_1[k] = (A.max(i) - B.min(i)) / v[k];
    }
  }
  u0 = detail::MAX(u_0[0], detail::MAX(u_0[1], u_0[2]));
  u1 = detail::MIN(u_1[0], detail::MIN(u_1[1], u_1[2]));
  return u0 <= u1;
}

// ---- Seed 001: min–max overlap and the moving-vs-stationary test ------------------------------

/// Seed 001, intersectAABBs: no overlap when box1.min > box2.max or box1.max < box2.min on an
/// axis (touching overlaps); on overlap writes the intersection box when the pointer is non-null.
/// A NaN makes every comparison false: "overlap".
template <class T>
bool intersectAABBs(const MinMax3<T>& box1, const MinMax3<T>& box2, MinMax3<T>* boxIntersect) {
  for (std::size_t i = 0; i < 3; ++i) {
    if (box1.lo[i] > box2.hi[i]) return false;
    if (box1.hi[i] < box2.lo[i]) return false;
  }
  if (boxIntersect != nullptr) {
    for (std::size_t i = 0; i < 3; ++i) {
      boxIntersect->lo[i] = detail::std_max(box1.lo[i], box2.lo[i]);
      boxIntersect->hi[i] = detail::std_min(box1.hi[i], box2.hi[i]);
    }
  }
  return true;
}

/// Seed 001, intersectMovingAABB: the first time in [0, 1] at which movingBox, displaced by
/// t·d, meets stationaryBox, or no_intersection<T>() (> 1) when it does not. Axes in the order
/// x, y, z, each as the listing writes it. Its known flaws: on an axis with d == 0, touching is
/// a miss (>= and <=), while on a moving axis touching is a hit; over float, 1/d overflows for
/// a subnormal d and 0·inf gives NaN, which silently drops that axis's bound; and the products
/// with the rounded 1/d can order two equal times the wrong way.
template <class T>
T intersectMovingAABB(const MinMax3<T>& stationaryBox, const MinMax3<T>& movingBox,
                      const Vec3<T>& d) {
  const T kNoIntersection = no_intersection<T>();
  T tEnter = T(0);
  T tLeave = T(1);
  for (std::size_t i = 0; i < 3; ++i) {
    if (d[i] == T(0)) {
      if ((stationaryBox.lo[i] >= movingBox.hi[i]) || (stationaryBox.hi[i] <= movingBox.lo[i]))
        return kNoIntersection;
    } else {
      const T oneOverD = T(1) / d[i];
      const T enterGap = stationaryBox.lo[i] - movingBox.hi[i];
      const T leaveGap = stationaryBox.hi[i] - movingBox.lo[i];
      T enter = enterGap * oneOverD;
      T leave = leaveGap * oneOverD;
      if (enter > leave) std::swap(enter, leave);
      if (enter > tEnter) tEnter = enter;
      if (leave < tLeave) tLeave = leave;
      if (tEnter > tLeave) return kNoIntersection;
    }
  }
  return tEnter;
}

// ---- Seed 002: extreme points and the AABB update under M·x + t -------------------------------

/// Seed 002's Dot, evaluated left to right: (a.x·b.x + a.y·b.y) + a.z·b.z.
template <class T>
[[nodiscard]] T Dot(const Vec3<T>& a, const Vec3<T>& b) {
  const T x = a[0] * b[0];
  const T y = a[1] * b[1];
  const T z = a[2] * b[2];
  const T xy = x + y;
  return xy + z;
}

/// Seed 002, ExtremePointAlongDirection: *imin / *imax become the indices of the least and the
/// greatest Dot(pt[i], dir), first index on ties. Starts from minproj = FLT_MAX and
/// maxproj = -FLT_MAX and updates only on strict < / >, so an output is LEFT UNWRITTEN when
/// n <= 0, when every projection is NaN, or when no projection is below FLT_MAX (for *imin) or
/// above -FLT_MAX (for *imax). Callers must not read an output the listing did not write.
template <class T>
void ExtremePointAlongDirection(const Vec3<T>& dir, const Vec3<T>* pt, int n, int* imin,
                                int* imax) {
  T minproj = flt_max<T>();
  T maxproj = T(-flt_max<T>());
  for (int i = 0; i < n; i++) {
    const T proj = Dot(pt[i], dir);
    if (proj < minproj) {
      minproj = proj;
      *imin = i;
    }
    if (proj > maxproj) {
      maxproj = proj;
      *imax = i;
    }
  }
}

/// Seed 002, UpdateAABB in min–max form: b = the box of {m·x + t : x in a}, each bound summed
/// term by term starting from t[i]. Over float every product and sum rounds to nearest, which
/// can move a bound inward: the float box need not contain the exact one.
template <class T>
void UpdateAABB(MinMax3<T> a, const Matrix3<T>& m, const Vec3<T>& t, MinMax3<T>& b) {
  for (std::size_t i = 0; i < 3; ++i) {
    b.lo[i] = b.hi[i] = t[i];
    for (std::size_t j = 0; j < 3; ++j) {
      const T e = m[i][j] * a.lo[j];
      const T f = m[i][j] * a.hi[j];
      if (e < f) {
        b.lo[i] += e;
        b.hi[i] += f;
      } else {
        b.lo[i] += f;
        b.hi[i] += e;
      }
    }
  }
}

/// Seed 002, UpdateAABB in centre–radius form: b.c = m·a.c + t, b.r[i] = Σj Abs(m[i][j])·a.r[j].
/// Over float the rounded centre and radius can describe a box smaller than the exact one.
template <class T>
void UpdateAABB(CenterExtent3<T> a, const Matrix3<T>& m, const Vec3<T>& t, CenterExtent3<T>& b) {
  for (std::size_t i = 0; i < 3; ++i) {
    b.center[i] = t[i];
    b.extent[i] = T(0);
    for (std::size_t j = 0; j < 3; ++j) {
      const T c = m[i][j] * a.center[j];
      b.center[i] += c;
      const T r = detail::fabs(m[i][j]) * a.extent[j];
      b.extent[i] += r;
    }
  }
}

// ---- Seed 004: centre–extent point test and box–box test --------------------------------------

/// Seed 004, Check_AABB_Hit: a miss as soon as fabs(centre - p) > extent on an axis (x, y, z).
/// A NaN makes every comparison false: "hit". Over float, centre - p rounds, so a point just
/// outside can be reported inside (never the reverse: rounding to nearest is monotone).
template <class T>
bool Check_AABB_Hit(const CenterExtent3<T>& box, const Vec3<T>& hitPosition) {
  for (std::size_t i = 0; i < 3; ++i) {
    const T gap = box.center[i] - hitPosition[i];
    if (detail::fabs(gap) > box.extent[i]) return false;
  }
  return true;
}

/// Seed 004, AABB_AABB_Collision: a miss as soon as fabs(c2 - c1) > e2 + e1 on an axis. A NaN
/// makes every comparison false: "hit". Over float both sides round, so boxes just apart can
/// be reported overlapping (never the reverse, by monotonicity).
template <class T>
bool AABB_AABB_Collision(const CenterExtent3<T>& box1, const CenterExtent3<T>& box2) {
  for (std::size_t i = 0; i < 3; ++i) {
    const T gap = box2.center[i] - box1.center[i];
    const T reach = box2.extent[i] + box1.extent[i];
    if (detail::fabs(gap) > reach) return false;
  }
  return true;
}

}  // namespace aabb::textbook
