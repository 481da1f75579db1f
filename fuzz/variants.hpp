#pragma once
/// The cases of the differential fuzz targets (fuzz/differential.hpp): one per optimized/
/// function, each saying once which inputs it reads, in what order, and how its answer is
/// judged. The order of the reads is the format of the corpus files (fuzz/make_seeds.py): a
/// change of it makes every saved input mean something else.

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "aabb/judge/construction.hpp"
#include "aabb/judge/moving.hpp"
#include "aabb/judge/nonfinite.hpp"
#include "aabb/judge/shapes.hpp"
#include "aabb/judge/static.hpp"
#include "aabb/optimized/construction.hpp"
#include "aabb/optimized/moving.hpp"
#include "aabb/optimized/shapes.hpp"
#include "aabb/optimized/static.hpp"
#include "aabb/optimized/triangle.hpp"
#include "differential.hpp"

namespace aabb::fuzz::variants {

namespace judge = aabb::judge;
namespace nf = aabb::judge::nonfinite;

/// A violation of a second function run on the same case, its clause prefixed with the
/// function's name ("sweep_loose: ..."), so that the report says which one broke.
inline std::optional<judge::Violation> named(const char* function, std::optional<judge::Violation> v) {
  if (v) v->clause = std::string(function) + ": " + v->clause;
  return v;
}

/// A case whose optimized/ function and both judges are named `fn` and take the inputs in the
/// order they are read (the static ops and transform): valid input is judged against the
/// reference, the rest against judge/nonfinite.hpp's documented answers.
#define AABB_FUZZ_CASE(Name, OpName, text, fn, ...)                                   \
  struct Name {                                                                      \
    using Op = ops::OpName;                                                          \
    static constexpr const char* label = text;                                       \
    static auto read(auto& r) { return std::tuple{__VA_ARGS__}; }                    \
    static std::optional<judge::Violation> verdict(bool valid, const auto&... in) {  \
      const auto got = opt::fn(in...);                                               \
      return valid ? judge::fn(in..., got) : nf::fn(in..., got);                     \
    }                                                                                \
  }

// fuzz/static_minmax_fuzzer.cpp and static_ce_fuzzer.cpp.
AABB_FUZZ_CASE(Contains, Contains, "contains", contains, r.box("box"), r.vec("point"));
AABB_FUZZ_CASE(ContainsCe, Contains, "contains (centre-extent)", contains,
               r.center_extent("box"), r.vec("point"));
AABB_FUZZ_CASE(Overlap, Overlap, "overlap", overlap, r.box("a"), r.box("b"));
AABB_FUZZ_CASE(OverlapCe, Overlap, "overlap (centre-extent)", overlap, r.center_extent("a"),
               r.center_extent("b"));
AABB_FUZZ_CASE(Intersection, Intersection, "intersection", intersection, r.box("a"), r.box("b"));
AABB_FUZZ_CASE(Union, Union, "union_of", union_of, r.box("a"), r.box("b"));
// fuzz/containment_fuzzer.cpp.
AABB_FUZZ_CASE(ContainsBox, ContainsBox, "contains_box", contains_box, r.box("a"), r.box("b"));
AABB_FUZZ_CASE(Classify, Classify, "classify", classify, r.box("a"), r.box("b"));

/// bounds_of_points: 0 to 8 points (a count byte); the empty list is outside the domain.
struct BoundsOfPoints {
  using Op = ops::BoundsOfPoints;
  static constexpr const char* label = "bounds_of_points";
  static auto read(auto& r) { return std::tuple{r.points("points", r.byte() % 9)}; }
  template <opt::Float T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool valid, const std::vector<opt::Vec<T, N>>& ps) {
    const std::span<const opt::Vec<T, N>> span(ps);
    const auto got = opt::bounds_of_points(span);
    return valid && !ps.empty() ? judge::bounds_of_points(span, got) : nf::bounds_of_points(span, got);
  }
};

/// The loose sweeps' filter in its vector form (SSE2, three axes) against its scalar form on the
/// same input, valid or not: the same verdict and the same bits (docs/contracts.md, "The loose
/// sweeps"). Nothing to compare where the build has no vector form.
template <class T, std::size_t N>
std::optional<judge::Violation> loose_forms_agree(const opt::Box<T, N>& a, const opt::Vec<T, N>& da,
                                                  const opt::Box<T, N>& b, const opt::Vec<T, N>& db) {
#if defined(__SSE2__)
  if constexpr (N == 3) {
    namespace mv = opt::detail::moving;
    opt::SweepResult<T> rv, rs;
    const int fv = mv::sweep_loose_filter_sse(a, da, b, db, rv), fs = mv::sweep_loose_filter_scalar(a, da, b, db, rs);
    const auto bits = [](T t) { return std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(t); };
    if (fv != fs || rv.hit != rs.hit || bits(rv.t_first) != bits(rs.t_first) || bits(rv.t_last) != bits(rs.t_last))
      return judge::Violation{"sweep_loose: the SSE2 form of the loose filter gives the scalar form's verdict and bits",
                              "SSE2 form " + std::to_string(fv) + ", scalar form " + std::to_string(fs)};
  }
#endif
  return std::nullopt;
}

/// The moving ops' contracts: times within 1 ulp, or (conservative) never late and within 2.
template <bool Conservative>
const judge::Contract time_contract = Conservative ? judge::conservative_within(2) : judge::within_ulps(1);

// fuzz/sweep_fuzzer.cpp: the 1-ulp and the conservative variant of each (the 1-ulp case also runs
// the loose variant).
template <bool Conservative>
struct Sweep {
  using Op = ops::Sweep;
  static constexpr const char* label = Conservative ? "sweep_conservative" : "sweep";
  static auto read(auto& r) { return std::tuple{r.box("a"), r.vec("da"), r.box("b"), r.vec("db")}; }
  static std::optional<judge::Violation> verdict(bool valid, const auto& a, const auto& da,
                                                 const auto& b, const auto& db) {
    const auto got = Conservative ? opt::sweep_conservative(a, da, b, db) : opt::sweep(a, da, b, db);
    auto v = valid ? judge::sweep(a, da, b, db, got, time_contract<Conservative>) : nf::miss(got);
    if (v || Conservative) return v;
    // The 1-ulp case also runs sweep_loose on the same input (as WithConservative below: every
    // saved input keeps its meaning); its violations name sweep_loose in the clause.
    const auto loose = opt::sweep_loose(a, da, b, db);
    v = named("sweep_loose", valid ? judge::sweep_loose(a, da, b, db, loose) : nf::miss(loose));
    if (v) return v;
    return loose_forms_agree(a, da, b, db);
  }
};
template <bool Conservative>
struct MovingVsStatic {
  using Op = ops::MovingVsStatic;
  static constexpr const char* label =
      Conservative ? "moving_vs_static_conservative" : "moving_vs_static";
  static auto read(auto& r) { return std::tuple{r.box("stationary"), r.box("moving"), r.vec("d")}; }
  static std::optional<judge::Violation> verdict(bool valid, const auto& s, const auto& m, const auto& d) {
    const auto got =
        Conservative ? opt::moving_vs_static_conservative(s, m, d) : opt::moving_vs_static(s, m, d);
    auto v = valid ? judge::moving_vs_static(s, m, d, got, time_contract<Conservative>) : nf::miss(got);
    if (v || Conservative) return v;
    const auto loose = opt::moving_vs_static_loose(s, m, d);  // as in Sweep
    v = named("moving_vs_static_loose", valid ? judge::moving_vs_static_loose(s, m, d, loose) : nf::miss(loose));
    if (v) return v;
    return loose_forms_agree(s, std::remove_cvref_t<decltype(d)>{}, m, d);
  }
};

/// fuzz/sweep_ce_fuzzer.cpp: seed 000's AABBSweep shape. The bytes hold ea, a0, a1, eb, b0,
/// b1; the eval line, the boxes at t = 0 and t = 1 they make. The 1-ulp case also runs
/// sweep_ce_loose on the same input (as Sweep).
template <bool Conservative>
struct SweepCe {
  using Op = ops::Sweep;
  static constexpr const char* label = Conservative ? "sweep_ce_conservative" : "sweep_ce";
  template <class T, std::size_t N>
  static auto read(Reader<T, N>& r) {
    const auto ea = r.vec(), a0 = r.vec(), a1 = r.vec();
    const auto eb = r.vec(), b0 = r.vec(), b1 = r.vec();
    using Ce = opt::CenterExtent<T, N>;
    return std::tuple{Named<Ce>{"a", {a0, ea}}, Named<Ce>{"b", {b0, eb}}, Named<Ce>{"a_end", {a1, ea}},
                      Named<Ce>{"b_end", {b1, eb}}};
  }
  static std::optional<judge::Violation> verdict(bool valid, const auto& a, const auto& b,
                                                 const auto& a_end, const auto& b_end) {
    const auto& [a0, ea] = a;
    const auto& [b0, eb] = b;
    const auto got = Conservative
                         ? opt::sweep_ce_conservative(ea, a0, a_end.center, eb, b0, b_end.center)
                         : opt::sweep_ce(ea, a0, a_end.center, eb, b0, b_end.center);
    auto v = valid ? judge::sweep_ce(ea, a0, a_end.center, eb, b0, b_end.center, got, time_contract<Conservative>)
                   : nf::miss(got);
    if (v || Conservative) return v;
    const auto loose = opt::sweep_ce_loose(ea, a0, a_end.center, eb, b0, b_end.center);  // as in Sweep
    return named("sweep_ce_loose",
                 valid ? judge::sweep_ce_loose(ea, a0, a_end.center, eb, b0, b_end.center, loose) : nf::miss(loose));
  }
};

/// fuzz/ray_fuzzer.cpp: t_min and t_max read from the bytes (`Bounded`), or [0, +inf). The 1-ulp
/// case also runs ray_loose on the same input (as Sweep: every saved input keeps its meaning).
template <bool Conservative, bool Bounded>
struct Ray {
  using Op = ops::Ray;
  static constexpr const char* label = Conservative ? "ray_conservative" : "ray";
  template <class T, std::size_t N>
  static auto read(Reader<T, N>& r) {
    const auto box = r.box("box");
    const auto origin = r.vec("origin");
    const auto dir = r.vec("dir");
    Time<T> t_min{0}, t_max{std::numeric_limits<T>::infinity()};
    if (Bounded) {
      t_min.value = r.scalar("t_min").value;
      t_max.value = r.scalar("t_max").value;
    }
    return std::tuple{box, origin, dir, Named<Time<T>>{"t_min", t_min}, Named<Time<T>>{"t_max", t_max}};
  }
  template <class T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool, const opt::Box<T, N>& box, const opt::Vec<T, N>& o,
                                                 const opt::Vec<T, N>& d, Time<T> t_min, Time<T> t_max) {
    const T lo = t_min.value, hi = t_max.value;
    const auto got = Conservative ? opt::ray_conservative(box, o, d, lo, hi) : opt::ray(box, o, d, lo, hi);
    const bool valid = nf::ray_in_domain(box, o, d, lo, hi);
    auto v = valid ? judge::ray(box, o, d, lo, hi, got, time_contract<Conservative>) : nf::miss(got);
    if (v || Conservative) return v;
    const auto loose = opt::ray_loose(box, o, d, lo, hi);
    return named("ray_loose", valid ? judge::ray_loose(box, o, d, lo, hi, loose) : nf::miss(loose));
  }
};

// fuzz/construction_fuzzer.cpp.
struct BoundsOfSphere {
  using Op = ops::BoundsOfSphere;
  static constexpr const char* label = "bounds_of_sphere";
  static auto read(auto& r) { return std::tuple{r.vec("center"), r.scalar("radius")}; }
  template <opt::Float T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool valid, const opt::Vec<T, N>& c, T r) {
    const auto got = opt::bounds_of_sphere(c, r);
    auto v = valid && r >= 0 ? judge::bounds_of_sphere(c, r, got) : nf::bounds_of_sphere(c, r, got);
    if (v) return v;
    // The loose variant on the same input (every saved input keeps its meaning): its judge takes
    // any finite c and r, and nonfinite.hpp the rest.
    const auto loose = opt::bounds_of_sphere_loose(c, r);
    return named("bounds_of_sphere_loose",
                 valid ? judge::bounds_of_sphere_loose(c, r, loose) : nf::bounds_of_sphere_loose(c, r, loose));
  }
};
AABB_FUZZ_CASE(Transform, Transform, "transform (min-max)", transform, r.box("box"), r.matrix("m"),
               r.vec("t"));
AABB_FUZZ_CASE(TransformCe, Transform, "transform (centre-radius)", transform,
               r.center_extent("box"), r.matrix("m"), r.vec("t"));

/// A transform case (`Tight`, either form) that also runs transform_conservative on the same
/// input against its own contract (judge::transform_conservative; outside the domain, transform's
/// documented answers): one case for both keeps every saved input's meaning (the selector byte
/// picks a case modulo their number). Its violations name transform_conservative in the clause.
template <class Tight>
struct WithConservative {
  using Op = typename Tight::Op;
  static constexpr const char* label = Tight::label;
  static auto read(auto& r) { return Tight::read(r); }
  static std::optional<judge::Violation> verdict(bool valid, const auto&... in) {
    if (auto v = Tight::verdict(valid, in...)) return v;
    const auto got = opt::transform_conservative(in...);
    return named("transform_conservative",
                 valid ? judge::transform_conservative(in..., got) : nf::transform(in..., got));
  }
};

// fuzz/shapes_fuzzer.cpp (contract §2b's point, sphere and plane queries).
AABB_FUZZ_CASE(ClosestPoint, ClosestPoint, "closest_point", closest_point, r.box("box"), r.vec("point"));
AABB_FUZZ_CASE(DistanceSq, DistanceSq, "distance_sq", distance_sq, r.box("box"), r.vec("point"));
AABB_FUZZ_CASE(DistanceSqConservative, DistanceSq, "distance_sq_conservative", distance_sq_conservative,
               r.box("box"), r.vec("point"));

#undef AABB_FUZZ_CASE

/// Whether a margin is in the reference's domain beside being finite: every component >= 0.
template <opt::Float T>
[[nodiscard]] bool nonnegative(T m) {
  return m >= 0;
}
template <opt::Float T, std::size_t N>
[[nodiscard]] bool nonnegative(const opt::Vec<T, N>& m) {
  for (T x : m)
    if (!(x >= 0)) return false;
  return true;
}

/// grow: the box (min–max, or centre–extent when `Ce`), then the margin (one number, or a vector
/// when `Vector`). A negative margin is outside the domain (judge::nonfinite's rule).
template <bool Ce, bool Vector>
struct Grow {
  using Op = ops::Grow;
  static constexpr const char* label = Ce ? (Vector ? "grow (centre-extent, vector margin)" : "grow (centre-extent)")
                                          : (Vector ? "grow (vector margin)" : "grow");
  static auto read(auto& r) {
    auto box = [&] {
      if constexpr (Ce) return r.center_extent("box");
      else return r.box("box");
    }();
    if constexpr (Vector) return std::tuple{box, r.vec("margin")};
    else return std::tuple{box, r.scalar("margin")};
  }
  static std::optional<judge::Violation> verdict(bool valid, const auto& box, const auto& m) {
    const auto got = opt::grow(box, m);
    return valid && nonnegative(m) ? judge::grow(box, m, got) : nf::grow(box, m, got);
  }
};

/// overlap_sphere: box, center, radius; r < 0 is outside the domain.
struct OverlapSphere {
  using Op = ops::OverlapSphere;
  static constexpr const char* label = "overlap_sphere";
  static auto read(auto& r) { return std::tuple{r.box("box"), r.vec("center"), r.scalar("radius")}; }
  template <opt::Float T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool valid, const opt::Box<T, N>& box, const opt::Vec<T, N>& c, T r) {
    const bool got = opt::overlap_sphere(box, c, r);
    return valid && r >= 0 ? judge::overlap_sphere(box, c, r, got) : nf::overlap_sphere(box, c, r, got);
  }
};

/// plane_side: box, normal, offset; a zero normal is outside the domain.
struct PlaneSide {
  using Op = ops::PlaneSide;
  static constexpr const char* label = "plane_side";
  static auto read(auto& r) { return std::tuple{r.box("box"), r.vec("normal"), r.scalar("offset")}; }
  template <opt::Float T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool valid, const opt::Box<T, N>& box, const opt::Vec<T, N>& n, T d) {
    const int got = opt::plane_side(box, n, d);
    bool zero = true;
    for (T x : n) zero = zero && x == 0;
    return valid && !zero ? judge::plane_side(box, n, d, got) : nf::plane_side(box, n, d, got);
  }
};

/// overlap_triangle (optimized/triangle.hpp): box, then the three vertices.
struct OverlapTriangle {
  using Op = ops::OverlapTriangle;
  static constexpr const char* label = "overlap_triangle";
  static auto read(auto& r) { return std::tuple{r.box("box"), r.triangle("triangle")}; }
  template <opt::Float T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool valid, const opt::Box<T, N>& box,
                                                 const std::array<opt::Vec<T, N>, 3>& v) {
    const bool got = opt::overlap_triangle(box, v[0], v[1], v[2]);
    return valid ? judge::overlap_triangle(box, v, got) : nf::overlap_triangle(box, v, got);
  }
};

/// fuzz/extreme_fuzzer.cpp: a count byte (0 to 16 points), the points, d.
struct ExtremePoints {
  using Op = ops::ExtremePoints;
  static constexpr const char* label = "extreme_points";
  static auto read(auto& r) { return std::tuple{r.points("points", r.byte() % 17), r.vec("dir")}; }
  template <opt::Float T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool valid, const std::vector<opt::Vec<T, N>>& ps,
                                                 const opt::Vec<T, N>& dir) {
    const auto got = opt::extreme_points(ps.data(), ps.size(), dir);
    return valid && !ps.empty() ? judge::extreme_points(ps, dir, got.i_min, got.i_max)
                                : nf::extreme_points(ps, dir, got.i_min, got.i_max);
  }
};

/// A count byte (1 to 16 points; 0 is outside the domain), the points, d, a start byte (n and
/// n + 1 are out of range on purpose), then per vertex a neighbour count byte (0..7) and one
/// byte per neighbour (out of range on purpose when >= n).
struct HillClimb {
  using Op = ops::HillClimb;
  static constexpr const char* label = "hill_climb";
  template <class T, std::size_t N>
  static auto read(Reader<T, N>& r) {
    const std::size_t n = r.byte() % 17;
    auto points = r.points("points", n);
    const auto dir = r.vec("dir");
    const std::size_t start = r.byte() % (n + 2);
    Graph graph(n);
    for (auto& list : graph) {
      list.resize(r.byte() % 8);
      for (auto& u : list) u = r.byte() % (n + 2);
    }
    return std::tuple{points, Named<Graph>{"neighbors", graph}, dir, Named<std::size_t>{"start", start}};
  }
  template <opt::Float T, std::size_t N>
  static std::optional<judge::Violation> verdict(bool valid, const std::vector<opt::Vec<T, N>>& ps,
                                                 const Graph& graph, const opt::Vec<T, N>& dir,
                                                 std::size_t start) {
    const std::size_t n = ps.size();
    std::vector<std::size_t> offsets{0}, flat;
    bool in_range = start < n;
    for (const auto& list : graph) {
      for (std::size_t u : list) {
        in_range = in_range && u < n;
        flat.push_back(u);
      }
      offsets.push_back(flat.size());
    }
    const auto got = opt::hill_climb(ps.data(), n, offsets.data(), flat.data(), dir, start);
    valid = valid && in_range && n > 0;
    if (auto v = valid ? judge::hill_climb(ps, graph, dir, start, got.index)
                       : nf::hill_climb(ps, graph, dir, start, got.index, got.steps))
      return v;
    if (valid && got.steps > n - 1)
      return judge::Violation{"hill_climb terminates within n - 1 steps", std::to_string(got.steps)};
    return std::nullopt;
  }
};

}  // namespace aabb::fuzz::variants
