// Properties of optimized/batch.hpp: every kernel equals its scalar op (static.hpp, moving.hpp)
// on every element, over float and double, in 2D and 3D, for sets of 0, 1, 7, 33, 64, 100+
// elements aimed at the edges (touching, nested, flat, ulp-apart, huge, subnormal, NaN, ±inf,
// inverted); and its mask and index list say the same thing.

#include <rapidcheck/catch.h>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "shipped/batch.hpp"
#include "aabb/cases/generators.hpp"
#include "optimized_support.hpp"
#include "relations.hpp"

namespace {

using namespace aabb::props::shipped_names;
using aabb::props::BatchAnswer;
using aabb::props::batch_equals_scalar;
using aabb::props::batch_storage;

/// The element counts: empty, one, below one vector, odd, one block exactly, and past it.
rc::Gen<std::size_t> count() {
  return rc::gen::map(gen::kind({1, 2, 2, 2, 1, 2, 2}), [](int k) {
    constexpr std::size_t counts[] = {0, 1, 7, 33, 64, 100, 130};
    return counts[k];
  });
}

/// A value not valid as a bound: NaN or ±inf.
template <class T>
rc::Gen<T> bad() {
  using L = std::numeric_limits<T>;
  return rc::gen::element(L::quiet_NaN(), L::infinity(), -L::infinity());
}

/// x moved by -1, 0 or +1 ulp (x itself when that leaves the finite range).
template <class T>
T near(T x) {
  return std::isfinite(x) ? gen::ulp_step(x, *gen::int_in(-1, 1)) : x;
}

/// The edge classes of element b against query q (min–max), for RC_CLASSIFY.
template <class T, std::size_t N>
struct Classes {
  bool touching = false, nested = false, flat = false, ulp_apart = false, huge = false,
       subnormal = false, nonfinite = false, inverted = false;
  void add(const opt::Box<T, N>& q, const opt::Box<T, N>& b) {
    bool in = true;
    for (std::size_t i = 0; i < N; ++i) {
      touching |= b.hi[i] == q.lo[i] || b.lo[i] == q.hi[i];
      in &= q.lo[i] <= b.lo[i] && b.hi[i] <= q.hi[i];
      flat |= b.lo[i] == b.hi[i];
      ulp_apart |= std::isfinite(q.hi[i]) && b.lo[i] == std::nextafter(q.hi[i], T(INFINITY));
      ulp_apart |= std::isfinite(q.lo[i]) && b.hi[i] == std::nextafter(q.lo[i], -T(INFINITY));
      for (T x : {b.lo[i], b.hi[i]}) {
        huge |= std::fabs(x) >= std::numeric_limits<T>::max() / 4 && std::isfinite(x);
        subnormal |= std::fpclassify(x) == FP_SUBNORMAL;
        nonfinite |= !std::isfinite(x);
      }
      inverted |= b.hi[i] < b.lo[i];
    }
    nested |= in;
  }
  void classify() const {
    RC_CLASSIFY(touching, "touching");
    RC_CLASSIFY(nested, "nested");
    RC_CLASSIFY(flat, "flat");
    RC_CLASSIFY(ulp_apart, "ulp-apart");
    RC_CLASSIFY(huge, "huge");
    RC_CLASSIFY(subnormal, "subnormal");
    RC_CLASSIFY(nonfinite, "NaN/inf");
    RC_CLASSIFY(inverted, "inverted");
  }
};

/// One element box aimed at q: bounds from q's bounds moved by -1..1 ulp (touching, nested,
/// ulp-apart, flat), a box from generators.hpp (huge, subnormal values from its number
/// generator), a pooled or touching pair's partner, or a box with a NaN/inf bound or inverted.
template <class T, std::size_t N>
opt::Box<T, N> element_near(const opt::Box<T, N>& q) {
  opt::Box<T, N> b;
  switch (*gen::kind({5, 3, 3, 1, 1})) {
    case 0:
      for (std::size_t i = 0; i < N; ++i) {
        const std::array<T, 4> pool{q.lo[i], q.hi[i], *gen::number<T>(), T(0)};
        T x = near(pool[static_cast<std::size_t>(*gen::int_in(0, 3))]);
        T y = near(pool[static_cast<std::size_t>(*gen::int_in(0, 3))]);
        if (y < x) std::swap(x, y);
        b.lo[i] = x, b.hi[i] = y;
      }
      return b;
    case 1:
      return *gen::box<T, N>();
    case 2: {
      const auto p = *gen::box_pair<T, N>();
      return (*gen::chance(50) ? p.a : p.b);
    }
    case 3:
      b = *gen::box<T, N>();
      (*gen::chance(50) ? b.lo : b.hi)[static_cast<std::size_t>(*gen::int_in(0, N - 1))] =
          *bad<T>();
      return b;
    default: {
      b = *gen::box<T, N>();
      const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
      if (b.lo[i] == b.hi[i]) b.hi[i] = *gen::number<T>();
      std::swap(b.lo[i], b.hi[i]);
      return b;
    }
  }
}

/// A query box: usually valid (from a pair, so elements can be built around it), sometimes
/// with a NaN/inf bound or inverted.
template <class T, std::size_t N>
opt::Box<T, N> query() {
  auto q = (*gen::chance(50) ? (*gen::box_pair<T, N>()).a : *gen::box<T, N>());
  if (*gen::chance(8)) {
    const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
    if (*gen::chance(50))
      q.lo[i] = *bad<T>();
    else if (q.lo[i] < q.hi[i])
      std::swap(q.lo[i], q.hi[i]);
  }
  return q;
}

/// n elements around `home`: `home` itself with probability home_share percent, else
/// element_near(home); their edge classes tagged.
template <class T, std::size_t N>
std::vector<opt::Box<T, N>> elements_around(const opt::Box<T, N>& home, std::size_t n, int home_share) {
  std::vector<opt::Box<T, N>> boxes;
  Classes<T, N> classes;
  for (std::size_t k = 0; k < n; ++k) {
    boxes.push_back(home_share > 0 && *gen::chance(home_share) ? home : element_near(home));
    classes.add(home, boxes.back());
  }
  classes.classify();
  return boxes;
}

/// Boxes held as a struct of arrays, each array exactly `count` long (ASan sees any over-read).
template <class T, std::size_t N>
struct Soa {
  std::array<std::vector<T>, N> lo, hi;
  explicit Soa(const std::vector<opt::Box<T, N>>& boxes) {
    for (std::size_t i = 0; i < N; ++i)
      for (const auto& b : boxes) lo[i].push_back(b.lo[i]), hi[i].push_back(b.hi[i]);
  }
  opt::BoxesSoA<T, N> view(std::size_t n) const {
    opt::BoxesSoA<T, N> v;
    for (std::size_t i = 0; i < N; ++i) v.lo[i] = lo[i].data(), v.hi[i] = hi[i].data();
    v.count = n;
    return v;
  }
};

/// A query (a box, or a tuple of the other inputs) and the elements of a set of boxes.
template <class Q, class E = Q>
struct QueryCase {
  Q q;
  std::vector<E> elements;
};
template <class T, std::size_t N>
using OverlapCase = QueryCase<opt::Box<T, N>>;
template <class T, std::size_t N>
using CeOverlapCase = QueryCase<opt::CenterExtent<T, N>>;

constexpr auto overlap_properties = []<class T, std::size_t N>() {
  batch_equals_scalar<T, N>(
      "overlap_mask and overlap_indices equal the scalar overlap on every element",
      [] {
        const auto q = query<T, N>();
        const std::size_t n = *count();
        return OverlapCase<T, N>{q, elements_around(q, n, 0)};
      },
      [](const OverlapCase<T, N>& c) {
        const std::size_t n = c.elements.size();
        const Soa<T, N> soa(c.elements);
        auto a = batch_storage<T>(n, false);
        opt::overlap_mask(c.q, soa.view(n), a.mask.data());
        a.hits = opt::overlap_indices(c.q, soa.view(n), a.idx.data());
        return a;
      },
      [](const OverlapCase<T, N>& c, const opt::Box<T, N>& b) { return opt::overlap(c.q, b); },
      [](const OverlapCase<T, N>& c, const BatchAnswer<T>& got, const auto&) {
        const std::size_t n = c.elements.size();
        const Soa<T, N> soa(c.elements);
        // Every block kernel this machine can run (the kernels dispatch to the best one only):
        // 0 = element by element, 1 = SSE2, 2 = AVX2.
        const int best = opt::detail::batch::overlap_level();
        if (opt::detail::batch::ordered(c.q))
          for (int level = 0; level <= best; ++level)
            for (std::size_t base = 0; base < n; base += 64) {
              const std::size_t m = std::min<std::size_t>(64, n - base);
              RC_ASSERT(opt::detail::batch::overlap_block(c.q, soa.view(n), base, m, level) == got.mask[base / 64]);
            }
        RC_CLASSIFY(best == 2, "AVX2 block checked");
        RC_CLASSIFY(got.hits == 0, "no hit");
        RC_CLASSIFY(got.hits == n && n > 0, "all hit");
      });
};

/// One centre–extent element aimed at q's filter ties: per axis the centre at fl(qc ± fl(qe +
/// e)) moved by -2..2 ulps, huge values whose sums overflow, independent values, NaN/inf, or a
/// negative extent.
template <class T, std::size_t N>
opt::CenterExtent<T, N> ce_element(const opt::CenterExtent<T, N>& q) {
  auto b = *gen::center_extent<T, N>();
  for (std::size_t i = 0; i < N; ++i) {
    switch (*gen::kind({6, 1, 2, 1, 1})) {
      case 0:
        b.center[i] = gen::tie_center(q.center[i], T(q.extent[i] + b.extent[i]), b.center[i]);
        break;
      case 1:
        b.center[i] = (*gen::chance(50) ? T(1) : T(-1)) * *gen::large<T>();
        b.extent[i] = *gen::large<T>();
        break;
      case 3:
        (*gen::chance(50) ? b.center : b.extent)[i] = *bad<T>();
        break;
      case 4:
        b.extent[i] = -*gen::positive<T>();
        break;
      default:
        break;
    }
  }
  return b;
}

constexpr auto ce_overlap_properties = []<class T, std::size_t N>() {
  batch_equals_scalar<T, N>(
      "centre–extent overlap_mask and overlap_indices equal the scalar overlap on every element",
      [] {
        CeOverlapCase<T, N> c{*gen::center_extent<T, N>(), {}};
        if (*gen::chance(30))
          for (std::size_t i = 0; i < N; ++i)
            c.q.center[i] = *gen::large<T>(), c.q.extent[i] = *gen::large<T>();
        const std::size_t n = *count();
        std::size_t ties = 0;
        for (std::size_t k = 0; k < n; ++k) {
          c.elements.push_back(ce_element(c.q));
          for (std::size_t i = 0; i < N; ++i)
            ties += std::fabs(c.elements[k].center[i] - c.q.center[i]) == c.q.extent[i] + c.elements[k].extent[i];
        }
        RC_CLASSIFY(ties > 0, "filter ties (exact fallback)");
        return c;
      },
      [](const CeOverlapCase<T, N>& c) {
        const std::size_t n = c.elements.size();
        std::array<std::vector<T>, N> centers, extents;
        for (std::size_t i = 0; i < N; ++i)
          for (const auto& b : c.elements) centers[i].push_back(b.center[i]), extents[i].push_back(b.extent[i]);
        opt::CenterExtentSoA<T, N> soa;
        for (std::size_t i = 0; i < N; ++i) soa.center[i] = centers[i].data(), soa.extent[i] = extents[i].data();
        soa.count = n;
        auto a = batch_storage<T>(n, false);
        opt::overlap_mask(c.q, soa, a.mask.data());
        a.hits = opt::overlap_indices(c.q, soa, a.idx.data());
        return a;
      },
      [](const CeOverlapCase<T, N>& c, const opt::CenterExtent<T, N>& b) { return opt::overlap(c.q, b); },
      [](const CeOverlapCase<T, N>& c, const BatchAnswer<T>& got, const auto&) {
        RC_CLASSIFY(got.hits > 0 && got.hits < c.elements.size(), "some hit");
      });
};

/// Tags how many elements the scalar moving op hit.
template <class C, class R>
void classify_hits(const C& c, const BatchAnswer<R>&, const std::vector<opt::MovingResult<R>>& scalar) {
  std::size_t hit_count = 0;
  for (const auto& r : scalar) hit_count += r.hit;
  RC_CLASSIFY(hit_count == 0, "no hit");
  RC_CLASSIFY(hit_count > 0 && hit_count < c.elements.size(), "some hit");
}

/// A moving kernel's case: its other inputs (the ray, or the moving box and d) and the boxes.
template <class T, std::size_t N, class... Q>
using MovingCase = QueryCase<std::tuple<Q...>, opt::Box<T, N>>;

/// One input vector (the ray's direction, the moving box's d) made NaN or ±inf on an axis, 1 in 20.
template <class T, std::size_t N>
void maybe_bad(opt::Vec<T, N>& v) {
  if (*gen::chance(5)) v[static_cast<std::size_t>(*gen::int_in(0, N - 1))] = *bad<T>();
}

constexpr auto ray_properties = []<class T, std::size_t N>() {
  using Case = MovingCase<T, N, opt::Vec<T, N>, opt::Vec<T, N>, T, T>;
  batch_equals_scalar<T, N>(
      "ray_mask and ray_indices equal the scalar ray on every element",
      [] {
        const auto c = *gen::ray_case<T, N>();
        Case k{{c.origin, c.dir, c.t_min, c.t_max ? *c.t_max : std::numeric_limits<T>::infinity()}, {}};
        maybe_bad(std::get<1>(k.q));
        k.elements = elements_around(c.box, *count(), 30);
        RC_CLASSIFY(c.t_min < 0, "t_min < 0");
        return k;
      },
      [](const Case& k) {
        const auto& [o, d, t_min, t_max] = k.q;
        const std::size_t n = k.elements.size();
        const Soa<T, N> soa(k.elements);
        auto a = batch_storage<T>(n, true);
        opt::ray_mask(soa.view(n), o, d, t_min, t_max, a.mask.data(), a.t_all.data());
        a.hits = opt::ray_indices(soa.view(n), o, d, t_min, t_max, a.idx.data(), a.t_listed.data());
        return a;
      },
      [](const Case& k, const opt::Box<T, N>& b) {
        const auto r = std::apply([&b](const auto&... x) { return opt::ray(b, x...); }, k.q);
        return opt::MovingResult<T>{r.hit, r.t_enter};
      },
      [](const auto& k, const auto& got, const auto& scalar) { classify_hits(k, got, scalar); });
};

constexpr auto moving_properties = []<class T, std::size_t N>() {
  using Case = MovingCase<T, N, opt::Box<T, N>, opt::Vec<T, N>>;
  batch_equals_scalar<T, N>(
      "moving_vs_static_mask and _indices equal the scalar moving_vs_static on every element",
      [] {
        const auto c = *gen::sweep_case<T, N>();
        Case k{{c.b, c.db}, {}};
        maybe_bad(std::get<1>(k.q));
        k.elements = elements_around(c.a, *count(), 30);
        return k;
      },
      [](const Case& k) {
        const auto& [moving, d] = k.q;
        const std::size_t n = k.elements.size();
        const Soa<T, N> soa(k.elements);
        auto a = batch_storage<T>(n, true);
        opt::moving_vs_static_mask(soa.view(n), moving, d, a.mask.data(), a.t_all.data());
        a.hits = opt::moving_vs_static_indices(soa.view(n), moving, d, a.idx.data(), a.t_listed.data());
        return a;
      },
      [](const Case& k, const opt::Box<T, N>& b) {
        return std::apply([&b](const auto&... x) { return opt::moving_vs_static(b, x...); }, k.q);
      },
      [](const auto& k, const auto& got, const auto& scalar) { classify_hits(k, got, scalar); });
};

}  // namespace

TEST_CASE("optimized::batch") {
  aabb::props::each_type_and_dim(overlap_properties, ce_overlap_properties, ray_properties, moving_properties);
}
