#pragma once
/// Every AABB test of the seed documents, exactly (contract §2). Each op validates its input and
/// returns an Error naming the field instead of an answer for invalid input; it never rounds.
/// Shared boundary rules: boxes are closed, so touching (a face, an edge, a corner, or a single
/// instant in time) counts as overlap; flat and point boxes are ordinary boxes.

#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "aabb/reference/box.hpp"

namespace aabb::reference {

// ---- Result shapes ---------------------------------------------------------------------------

/// `sweep`: T = {t in [0,1] : the moving boxes intersect}; t_first = min T, t_last = max T.
template <class Q>
struct BasicSweepResult {
  bool hit = false;
  std::optional<Q> t_first;  ///< set iff hit
  std::optional<Q> t_last;   ///< set iff hit
  friend bool operator==(const BasicSweepResult&, const BasicSweepResult&) = default;
};

/// `moving_vs_static`: hit and t_enter = min T.
template <class Q>
struct BasicMovingResult {
  bool hit = false;
  std::optional<Q> t_enter;  ///< set iff hit
  friend bool operator==(const BasicMovingResult&, const BasicMovingResult&) = default;
};

/// `ray`: T = {t in [t_min, t_max] : o + t·d in box}; t_enter = min T, t_exit = max T.
template <class Q>
struct BasicRayResult {
  bool hit = false;
  std::optional<Q> t_enter;      ///< set iff hit
  std::optional<Q> t_exit;       ///< set iff hit and T is bounded above
  bool t_exit_infinite = false;  ///< hit, and T is unbounded (t_max = +inf and d = 0 on every axis)
  friend bool operator==(const BasicRayResult&, const BasicRayResult&) = default;
};

/// `extreme_points`: lowest indices attaining the least and the greatest dot(P[i], d).
struct Extremes {
  std::size_t i_min = 0;
  std::size_t i_max = 0;
  friend bool operator==(const Extremes&, const Extremes&) = default;
};

/// `hill_climb`: the greatest dot(P[i], d) and every index attaining it, ascending.
template <class Q>
struct BasicHillClimb {
  Q value;
  std::vector<std::size_t> indices;
  friend bool operator==(const BasicHillClimb&, const BasicHillClimb&) = default;
};

using SweepResult = BasicSweepResult<Rational>;
using MovingResult = BasicMovingResult<Rational>;
using RayResult = BasicRayResult<Rational>;
using HillClimb = BasicHillClimb<Rational>;

namespace detail {

/// A closed set of times [lo, hi]; hi empty means +infinity.
template <class Q>
struct TimeInterval {
  Q lo;
  std::optional<Q> hi;
};

/// Narrows T to the times when the moving interval [m0 + t·v, m1 + t·v] meets the static
/// interval [s0, s1], i.e. m0 + t·v <= s1 and s0 <= m1 + t·v. Returns false when T is empty.
/// v = 0 keeps T whole or empties it: the axis overlaps for all t or for none.
template <class Q>
bool narrow(TimeInterval<Q>& T, const Q& s0, const Q& s1, const Q& m0, const Q& m1, const Q& v) {
  if (v == 0) return m0 <= s1 && s0 <= m1;
  Q enter = (s0 - m1) / v;  // m1 + t·v reaches s0
  Q leave = (s1 - m0) / v;  // m0 + t·v reaches s1
  if (v < 0) std::swap(enter, leave);
  if (enter > T.lo) T.lo = enter;
  if (!T.hi || leave < *T.hi) T.hi = leave;
  return T.lo <= *T.hi;
}

template <class Q, std::size_t N>
BasicVec<Q, N> minus(const BasicVec<Q, N>& a, const BasicVec<Q, N>& b) {
  BasicVec<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] - b[i];
  return r;
}

// An exact value inside a message, cut so that a 100,000-digit number stays a short message.
inline std::string shortened(std::string text) {
  constexpr std::size_t kShown = 40;
  if (text.size() > kShown) {
    text.resize(kShown);
    text += "...";
  }
  return text;
}
inline Error empty_list(const char* field) { return invalid_input(std::string(field) + ": empty list, need at least one point"); }

}  // namespace detail

// ---- Static tests ----------------------------------------------------------------------------

/// Whether p lies in the closed box (on a face, edge or corner counts).
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> contains(const BasicBox<Q, N>& box, const BasicVec<Q, N>& point) {
  if (auto e = validate(box, "box")) return *e;
  for (std::size_t i = 0; i < N; ++i)
    if (point[i] < box.lo[i] || box.hi[i] < point[i]) return false;
  return true;
}

/// Centre–extent form of contains (seed 004 Check_AABB_Hit): |c - p| <= e on every axis.
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> contains(const BasicCenterExtent<Q, N>& box, const BasicVec<Q, N>& point) {
  if (auto e = validate(box, "box")) return *e;
  return contains(to_min_max(box), point);
}

/// Whether the closed boxes share at least one point (touching counts; seed 001 intersectAABBs).
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> overlap(const BasicBox<Q, N>& a, const BasicBox<Q, N>& b) {
  if (auto e = validate(a, "a")) return *e;
  if (auto e = validate(b, "b")) return *e;
  for (std::size_t i = 0; i < N; ++i)
    if (b.hi[i] < a.lo[i] || a.hi[i] < b.lo[i]) return false;
  return true;
}

/// Centre–extent form of overlap (seeds 000, 004): |cb - ca| <= ea + eb on every axis.
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> overlap(const BasicCenterExtent<Q, N>& a, const BasicCenterExtent<Q, N>& b) {
  if (auto e = validate(a, "a")) return *e;
  if (auto e = validate(b, "b")) return *e;
  return overlap(to_min_max(a), to_min_max(b));
}

// ---- Conventions other than the closed box (contract §4, check --boundary, eval "boundary") ----

/// How a box's boundary counts in contains and overlap. Closed: faces belong to the box (the
/// contract's rule everywhere else). Strict: the closed test's comparisons, axis by axis, made
/// strict, as libraries write them (not an intersection of open sets): lo < p < hi; a.lo < b.hi
/// and b.lo < a.hi; so a point on a face is outside, touching boxes do not overlap, and a flat
/// box crossing another still overlaps it. HalfOpen: lo <= p < hi for contains; overlap as Strict.
/// A centre–extent box is [c - e, c + e] exactly, so |p - c| < e is Strict's contains.
enum class Boundary { Closed, Strict, HalfOpen };

/// The name eval and check use: "closed", "strict", "half-open".
[[nodiscard]] inline const char* boundary_name(Boundary b) {
  return b == Boundary::Closed ? "closed" : b == Boundary::Strict ? "strict" : "half-open";
}

/// contains under a boundary convention (Closed is contains above).
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> contains(const BasicBox<Q, N>& box, const BasicVec<Q, N>& point, Boundary b) {
  if (auto e = validate(box, "box")) return *e;
  for (std::size_t i = 0; i < N; ++i) {
    const bool low_ok = b == Boundary::Strict ? box.lo[i] < point[i] : !(point[i] < box.lo[i]);
    const bool high_ok = b == Boundary::Closed ? !(box.hi[i] < point[i]) : point[i] < box.hi[i];
    if (!low_ok || !high_ok) return false;
  }
  return true;
}

/// contains (centre–extent) under a boundary convention: the min–max rule on [c - e, c + e].
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> contains(const BasicCenterExtent<Q, N>& box, const BasicVec<Q, N>& point, Boundary b) {
  if (auto e = validate(box, "box")) return *e;
  return contains(to_min_max(box), point, b);
}

/// overlap under a boundary convention: Closed is overlap above; Strict and HalfOpen are
/// a.lo < b.hi and b.lo < a.hi on every axis.
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> overlap(const BasicBox<Q, N>& a, const BasicBox<Q, N>& b, Boundary boundary) {
  if (boundary == Boundary::Closed) return overlap(a, b);
  if (auto e = validate(a, "a")) return *e;
  if (auto e = validate(b, "b")) return *e;
  for (std::size_t i = 0; i < N; ++i)
    if (!(a.lo[i] < b.hi[i]) || !(b.lo[i] < a.hi[i])) return false;
  return true;
}

/// overlap (centre–extent) under a boundary convention: |cb - ca| < ea + eb for Strict and
/// HalfOpen, the min–max rule on the exact bounds.
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> overlap(const BasicCenterExtent<Q, N>& a, const BasicCenterExtent<Q, N>& b,
                                   Boundary boundary) {
  if (auto e = validate(a, "a")) return *e;
  if (auto e = validate(b, "b")) return *e;
  return overlap(to_min_max(a), to_min_max(b), boundary);
}

/// The box a ∩ b, or nullopt when the boxes do not overlap. Touching boxes give a flat box.
template <class Q, std::size_t N>
[[nodiscard]] Result<std::optional<BasicBox<Q, N>>> intersection(const BasicBox<Q, N>& a,
                                                                  const BasicBox<Q, N>& b) {
  auto hit = overlap(a, b);
  if (!hit.ok()) return hit.error();
  if (!*hit) return std::optional<BasicBox<Q, N>>{};
  BasicBox<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = a.lo[i] < b.lo[i] ? b.lo[i] : a.lo[i];
    r.hi[i] = a.hi[i] < b.hi[i] ? a.hi[i] : b.hi[i];
  }
  return std::optional<BasicBox<Q, N>>(r);
}

/// The smallest box containing both a and b.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicBox<Q, N>> union_of(const BasicBox<Q, N>& a, const BasicBox<Q, N>& b) {
  if (auto e = validate(a, "a")) return *e;
  if (auto e = validate(b, "b")) return *e;
  BasicBox<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = a.lo[i] < b.lo[i] ? a.lo[i] : b.lo[i];
    r.hi[i] = a.hi[i] < b.hi[i] ? b.hi[i] : a.hi[i];
  }
  return r;
}

/// Whether b lies inside a: every point of b is a point of a (contract §2b). Closed boxes, so
/// shared faces count, a box contains itself, and a flat or point box b inside a is contained.
template <class Q, std::size_t N>
[[nodiscard]] Result<bool> contains_box(const BasicBox<Q, N>& a, const BasicBox<Q, N>& b) {
  if (auto e = validate(a, "a")) return *e;
  if (auto e = validate(b, "b")) return *e;
  for (std::size_t i = 0; i < N; ++i)
    if (b.lo[i] < a.lo[i] || a.hi[i] < b.hi[i]) return false;
  return true;
}

/// classify's answer (DirectXMath's ContainmentType): b ⊆ a is Contains, else a ∩ b ≠ ∅ is
/// Intersects, else Disjoint. The C ABI numbers them 0, 1, 2 in this order.
enum class Containment { Disjoint = 0, Intersects = 1, Contains = 2 };

/// The eval word of a class: "disjoint", "intersects" or "contains".
[[nodiscard]] constexpr const char* to_string(Containment c) noexcept {
  switch (c) {
    case Containment::Disjoint: return "disjoint";
    case Containment::Intersects: return "intersects";
    case Containment::Contains: return "contains";
  }
  return "?";
}

/// Where b lies relative to a (contract §2b): Contains when b ⊆ a (shared faces count), else
/// Intersects when the closed boxes share a point (touching counts), else Disjoint. Not
/// symmetric: classify(a, b) is Intersects when a ⊊ b.
template <class Q, std::size_t N>
[[nodiscard]] Result<Containment> classify(const BasicBox<Q, N>& a, const BasicBox<Q, N>& b) {
  const Result<bool> inside = contains_box(a, b);
  if (!inside.ok()) return inside.error();
  if (*inside) return Containment::Contains;
  return overlap(a, b).value() ? Containment::Intersects : Containment::Disjoint;
}

// ---- Moving tests ----------------------------------------------------------------------------

/// Box a moves by da and box b by db over t in [0,1]. T = {t : (a + t·da) ∩ (b + t·db) ≠ ∅} is
/// a closed interval (possibly one instant); hit iff it is not empty. Boxes that overlap at
/// t = 0 give t_first = 0 and the true t_last. Solved in a's frame: b moves by db - da.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicSweepResult<Q>> sweep(const BasicBox<Q, N>& a, const BasicVec<Q, N>& da,
                                                 const BasicBox<Q, N>& b, const BasicVec<Q, N>& db) {
  if (auto e = validate(a, "a")) return *e;
  if (auto e = validate(b, "b")) return *e;
  detail::TimeInterval<Q> T{Q(0), Q(1)};
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::narrow(T, a.lo[i], a.hi[i], b.lo[i], b.hi[i], Q(db[i] - da[i])))
      return BasicSweepResult<Q>{};
  return BasicSweepResult<Q>{true, T.lo, *T.hi};
}

/// Seed 000's AABBSweep in its own argument order: extents ea, eb and centres at t = 0 (a0, b0)
/// and t = 1 (a1, b1). The displacement of each box is the exact difference of its centres.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicSweepResult<Q>> sweep_ce(const BasicVec<Q, N>& ea, const BasicVec<Q, N>& a0,
                                                    const BasicVec<Q, N>& a1, const BasicVec<Q, N>& eb,
                                                    const BasicVec<Q, N>& b0, const BasicVec<Q, N>& b1) {
  const BasicCenterExtent<Q, N> a{a0, ea}, b{b0, eb};
  for (std::size_t i = 0; i < N; ++i) {
    if (ea[i] < 0) return invalid_input(element("ea", i) + " < 0");
    if (eb[i] < 0) return invalid_input(element("eb", i) + " < 0");
  }
  return sweep(to_min_max(a), detail::minus(a1, a0), to_min_max(b), detail::minus(b1, b0));
}

/// Seed 001's intersectMovingAABB: `moving` moves by d over t in [0,1], `stationary` stays.
/// Same T as sweep; t_enter = min T (0 when they already overlap).
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicMovingResult<Q>> moving_vs_static(const BasicBox<Q, N>& stationary,
                                                            const BasicBox<Q, N>& moving,
                                                            const BasicVec<Q, N>& d) {
  if (auto e = validate(stationary, "stationary")) return *e;
  if (auto e = validate(moving, "moving")) return *e;
  detail::TimeInterval<Q> T{Q(0), Q(1)};
  for (std::size_t i = 0; i < N; ++i)
    if (!detail::narrow(T, stationary.lo[i], stationary.hi[i], moving.lo[i], moving.hi[i], d[i]))
      return BasicMovingResult<Q>{};
  return BasicMovingResult<Q>{true, T.lo};
}

/// Ray o + t·d for t in [t_min, t_max] (t_max empty = +infinity) against the closed box.
/// d may be zero on any axis or entirely: then that axis holds for all t or for none. A ray in
/// a face plane touches the box and hits. t_min > t_max is invalid input.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicRayResult<Q>> ray(const BasicBox<Q, N>& box, const BasicVec<Q, N>& origin,
                                            const BasicVec<Q, N>& dir,
                                            const std::type_identity_t<Q>& t_min = Q(0),
                                            const std::optional<std::type_identity_t<Q>>& t_max =
                                                std::nullopt) {
  if (auto e = validate(box, "box")) return *e;
  if (t_max && *t_max < t_min) return invalid_input("t_min > t_max");
  detail::TimeInterval<Q> T{t_min, t_max};
  for (std::size_t i = 0; i < N; ++i) {
    if (dir[i] == 0) {
      if (origin[i] < box.lo[i] || box.hi[i] < origin[i]) return BasicRayResult<Q>{};
      continue;
    }
    if (!detail::narrow(T, box.lo[i], box.hi[i], origin[i], origin[i], dir[i])) return BasicRayResult<Q>{};
  }
  BasicRayResult<Q> r;
  r.hit = true;
  r.t_enter = T.lo;
  r.t_exit = T.hi;
  r.t_exit_infinite = !T.hi.has_value();
  return r;
}

// ---- Construction and update -----------------------------------------------------------------

/// The smallest box containing every point; an empty list is invalid input.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicBox<Q, N>> bounds_of_points(const std::vector<BasicVec<Q, N>>& points) {
  if (points.empty()) return detail::empty_list("points");
  BasicBox<Q, N> r{points[0], points[0]};
  for (const auto& p : points)
    for (std::size_t i = 0; i < N; ++i) {
      if (p[i] < r.lo[i]) r.lo[i] = p[i];
      if (r.hi[i] < p[i]) r.hi[i] = p[i];
    }
  return r;
}

/// Seed 002's ExtremePointAlongDirection: the lowest index of a point with the least and with
/// the greatest exact dot(P[i], d). d = 0 makes every point tie: (0, 0). Empty list: invalid.
template <class Q, std::size_t N>
[[nodiscard]] Result<Extremes> extreme_points(const std::vector<BasicVec<Q, N>>& points,
                                              const BasicVec<Q, N>& dir) {
  if (points.empty()) return detail::empty_list("points");
  Extremes r;
  Q lo = dot(points[0], dir), hi = lo;
  for (std::size_t k = 1; k < points.size(); ++k) {
    const Q p = dot(points[k], dir);
    if (p < lo) { lo = p; r.i_min = k; }
    if (hi < p) { hi = p; r.i_max = k; }
  }
  return r;
}

/// Seed 002's AABB of a bounding sphere: [c - r, c + r] on every axis; r < 0 is invalid.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicBox<Q, N>> bounds_of_sphere(const BasicVec<Q, N>& center, const Q& radius) {
  if (radius < 0) return invalid_input("radius < 0");
  BasicBox<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = center[i] - radius;
    r.hi[i] = center[i] + radius;
  }
  return r;
}

/// Seed 002's UpdateAABB, min–max form: the smallest box containing {M·x + t : x in box}. A
/// linear function's extremes over a box separate by axis, so row i's bounds are
/// t[i] + Σj min/max(M[i][j]·lo[j], M[i][j]·hi[j]), exactly; any real M is allowed.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicBox<Q, N>> transform(const BasicBox<Q, N>& box, const BasicMatrix<Q, N>& m,
                                               const BasicVec<Q, N>& t) {
  if (auto e = validate(box, "box")) return *e;
  BasicBox<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.lo[i] = t[i];
    r.hi[i] = t[i];
    for (std::size_t j = 0; j < N; ++j) {
      Q e = m[i][j] * box.lo[j], f = m[i][j] * box.hi[j];
      if (f < e) std::swap(e, f);
      r.lo[i] += e;
      r.hi[i] += f;
    }
  }
  return r;
}

/// Seed 002's UpdateAABB, centre–radius form: c' = M·c + t, e'[i] = Σj |M[i][j]|·e[j]. The same
/// closed set as the min–max form (a property checks it).
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicCenterExtent<Q, N>> transform(const BasicCenterExtent<Q, N>& box,
                                                        const BasicMatrix<Q, N>& m,
                                                        const BasicVec<Q, N>& t) {
  if (auto e = validate(box, "box")) return *e;
  BasicCenterExtent<Q, N> r;
  for (std::size_t i = 0; i < N; ++i) {
    r.center[i] = t[i];
    r.extent[i] = 0;
    for (std::size_t j = 0; j < N; ++j) {
      r.center[i] += m[i][j] * box.center[j];
      r.extent[i] += (m[i][j] < 0 ? Q(-m[i][j]) : m[i][j]) * box.extent[j];
    }
  }
  return r;
}

/// Seed 002's hill climbing, defined by its answer: the greatest dot(P[i], d) over all vertices
/// and every index attaining it. Hill climbing finds that answer from any start exactly when
/// every vertex below the maximum has a neighbour strictly above it (true of a convex body's
/// vertex graph); an input with a vertex below the maximum and no higher neighbour — a local
/// maximum that is not global, plateaus included — is invalid, and so are out-of-range indices.
template <class Q, std::size_t N>
[[nodiscard]] Result<BasicHillClimb<Q>> hill_climb(const std::vector<BasicVec<Q, N>>& points,
                                                   const std::vector<std::vector<std::size_t>>& neighbors,
                                                   const BasicVec<Q, N>& dir, std::size_t start) {
  const std::size_t n = points.size();
  if (n == 0) return detail::empty_list("points");
  if (neighbors.size() != n)
    return invalid_input("neighbors: " + std::to_string(neighbors.size()) + " lists for " +
                         std::to_string(n) + " points");
  if (start >= n)
    return invalid_input("start: index " + std::to_string(start) + " out of range (" +
                         std::to_string(n) + " points)");
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t k = 0; k < neighbors[v].size(); ++k)
      if (neighbors[v][k] >= n)
        return invalid_input("neighbors[" + std::to_string(v) + "][" + std::to_string(k) +
                             "]: index " + std::to_string(neighbors[v][k]) + " out of range (" +
                             std::to_string(n) + " points)");
  std::vector<Q> value(n);
  for (std::size_t v = 0; v < n; ++v) value[v] = dot(points[v], dir);
  BasicHillClimb<Q> r{value[0], {}};
  for (std::size_t v = 1; v < n; ++v)
    if (r.value < value[v]) r.value = value[v];
  for (std::size_t v = 0; v < n; ++v) {
    if (value[v] == r.value) {
      r.indices.push_back(v);
      continue;
    }
    bool has_higher = false;
    for (std::size_t u : neighbors[v]) has_higher = has_higher || value[v] < value[u];
    if (!has_higher)
      return invalid_input("neighbors: vertex " + std::to_string(v) +
                           " is a local maximum along the neighbour graph (value " +
                           detail::shortened(value[v].str()) + ") but not a global one (value " +
                           detail::shortened(r.value.str()) + ")");
  }
  return r;
}

}  // namespace aabb::reference
