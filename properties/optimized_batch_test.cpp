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
#include <vector>

#include "aabb/optimized/batch.hpp"
#include "aabb/cases/generators.hpp"
#include "optimized_support.hpp"

namespace {

namespace opt = aabb::optimized;
namespace gen = aabb::gen;

using aabb::props::tag;

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

/// Mask words past count are absent, bits past count are 0, and the index list is exactly the
/// set bits, ascending.
void consistent(const std::vector<std::uint64_t>& mask, std::size_t count,
                const std::vector<std::size_t>& idx, std::size_t n) {
  RC_ASSERT(mask.size() == opt::mask_words(count));
  if (count % 64 != 0) RC_ASSERT((mask.back() >> (count % 64)) == 0u);
  std::size_t listed = 0;
  for (std::size_t k = 0; k < count; ++k)
    if ((mask[k / 64] >> (k % 64)) & 1u) {
      RC_ASSERT(listed < n);
      RC_ASSERT(idx[listed] == k);
      ++listed;
    }
  RC_ASSERT(listed == n);
}

bool bit(const std::vector<std::uint64_t>& mask, std::size_t k) {
  return ((mask[k / 64] >> (k % 64)) & 1u) != 0;
}

/// Same value bit for bit, or both NaN.
template <class T>
bool same(T x, T y) {
  return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof x) == 0;
}

template <class T, std::size_t N>
void overlap_properties() {
  rc::prop(
      "overlap_mask and overlap_indices equal the scalar overlap on every element" + tag<T, N>(),
      [] {
        const auto q = query<T, N>();
        const std::size_t n = *count();
        std::vector<opt::Box<T, N>> boxes;
        Classes<T, N> classes;
        for (std::size_t k = 0; k < n; ++k)
          boxes.push_back(element_near(q)), classes.add(q, boxes.back());
        classes.classify();
        const Soa<T, N> soa(boxes);
        std::vector<std::uint64_t> mask(opt::mask_words(n), ~std::uint64_t(0));
        std::vector<std::size_t> idx(n + 1);
        opt::overlap_mask(q, soa.view(n), mask.data());
        const std::size_t hits = opt::overlap_indices(q, soa.view(n), idx.data());
        for (std::size_t k = 0; k < n; ++k) RC_ASSERT(bit(mask, k) == opt::overlap(q, boxes[k]));
        consistent(mask, n, idx, hits);
        // Every block kernel this machine can run (the kernels dispatch to the best one only):
        // 0 = element by element, 1 = SSE2, 2 = AVX2.
        const int best = opt::detail::batch::overlap_level();
        if (opt::detail::batch::ordered(q))
          for (int level = 0; level <= best; ++level)
            for (std::size_t base = 0; base < n; base += 64) {
              const std::size_t m = std::min<std::size_t>(64, n - base);
              RC_ASSERT(opt::detail::batch::overlap_block(q, soa.view(n), base, m, level) ==
                        mask[base / 64]);
            }
        RC_CLASSIFY(best == 2, "AVX2 block checked");
        RC_CLASSIFY(hits == 0, "no hit");
        RC_CLASSIFY(hits == n && n > 0, "all hit");
      });
}

/// One centre–extent element aimed at q's filter ties: per axis the centre at fl(qc ± fl(qe +
/// e)) moved by -2..2 ulps, huge values whose sums overflow, independent values, NaN/inf, or a
/// negative extent.
template <class T, std::size_t N>
opt::CenterExtent<T, N> ce_element(const opt::CenterExtent<T, N>& q) {
  auto b = *gen::center_extent<T, N>();
  for (std::size_t i = 0; i < N; ++i) {
    switch (*gen::kind({6, 1, 2, 1, 1})) {
      case 0: {
        const T reach = q.extent[i] + b.extent[i];
        const T c = *gen::chance(50) ? q.center[i] + reach : q.center[i] - reach;
        if (std::isfinite(c)) b.center[i] = gen::ulp_step(c, *gen::int_in(-2, 2));
        break;
      }
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

template <class T, std::size_t N>
void ce_overlap_properties() {
  rc::prop(
      "centre–extent overlap_mask and overlap_indices equal the scalar overlap on every element" +
          tag<T, N>(),
      [] {
        auto q = *gen::center_extent<T, N>();
        if (*gen::chance(30))
          for (std::size_t i = 0; i < N; ++i)
            q.center[i] = *gen::large<T>(), q.extent[i] = *gen::large<T>();
        const std::size_t n = *count();
        std::vector<opt::CenterExtent<T, N>> boxes;
        std::size_t ties = 0;
        for (std::size_t k = 0; k < n; ++k) {
          boxes.push_back(ce_element(q));
          for (std::size_t i = 0; i < N; ++i)
            ties += std::fabs(boxes[k].center[i] - q.center[i]) == q.extent[i] + boxes[k].extent[i];
        }
        RC_CLASSIFY(ties > 0, "filter ties (exact fallback)");
        std::array<std::vector<T>, N> c, e;
        for (std::size_t i = 0; i < N; ++i)
          for (const auto& b : boxes) c[i].push_back(b.center[i]), e[i].push_back(b.extent[i]);
        opt::CenterExtentSoA<T, N> soa;
        for (std::size_t i = 0; i < N; ++i)
          soa.center[i] = c[i].data(), soa.extent[i] = e[i].data();
        soa.count = n;
        std::vector<std::uint64_t> mask(opt::mask_words(n), ~std::uint64_t(0));
        std::vector<std::size_t> idx(n + 1);
        opt::overlap_mask(q, soa, mask.data());
        const std::size_t hits = opt::overlap_indices(q, soa, idx.data());
        for (std::size_t k = 0; k < n; ++k) RC_ASSERT(bit(mask, k) == opt::overlap(q, boxes[k]));
        consistent(mask, n, idx, hits);
        RC_CLASSIFY(hits > 0 && hits < n, "some hit");
      });
}

/// Checks a moving kernel's mask, t_enter per element, indices and listed t_enter against the
/// scalar results.
template <class T>
void moving_agrees(const std::vector<opt::MovingResult<T>>& scalar,
                   const std::vector<std::uint64_t>& mask, const std::vector<T>& t_all,
                   const std::vector<std::size_t>& idx, const std::vector<T>& t_listed,
                   std::size_t hits) {
  const std::size_t n = scalar.size();
  for (std::size_t k = 0; k < n; ++k) {
    RC_ASSERT(bit(mask, k) == scalar[k].hit);
    RC_ASSERT(same(t_all[k], scalar[k].t_enter));
  }
  consistent(mask, n, idx, hits);
  for (std::size_t j = 0; j < hits; ++j) RC_ASSERT(same(t_listed[j], scalar[idx[j]].t_enter));
  std::size_t hit_count = 0;
  for (const auto& r : scalar) hit_count += r.hit;
  RC_CLASSIFY(hit_count == 0, "no hit");
  RC_CLASSIFY(hit_count > 0 && hit_count < n, "some hit");
}

template <class T, std::size_t N>
void ray_properties() {
  rc::prop("ray_mask and ray_indices equal the scalar ray on every element" + tag<T, N>(), [] {
    const auto c = *gen::ray_case<T, N>();
    const auto home = c.box;
    const T t_max = c.t_max ? *c.t_max : std::numeric_limits<T>::infinity();
    auto origin = c.origin, dir = c.dir;
    if (*gen::chance(5)) dir[static_cast<std::size_t>(*gen::int_in(0, N - 1))] = *bad<T>();
    const std::size_t n = *count();
    std::vector<opt::Box<T, N>> boxes;
    Classes<T, N> classes;
    for (std::size_t k = 0; k < n; ++k) {
      boxes.push_back(*gen::chance(30) ? home : element_near(home));
      classes.add(home, boxes.back());
    }
    classes.classify();
    RC_CLASSIFY(c.t_min < 0, "t_min < 0");
    const Soa<T, N> soa(boxes);
    std::vector<std::uint64_t> mask(opt::mask_words(n), ~std::uint64_t(0));
    std::vector<std::size_t> idx(n + 1);
    std::vector<T> t_all(n), t_listed(n + 1);
    opt::ray_mask(soa.view(n), origin, dir, c.t_min, t_max, mask.data(), t_all.data());
    const std::size_t hits =
        opt::ray_indices(soa.view(n), origin, dir, c.t_min, t_max, idx.data(), t_listed.data());
    std::vector<opt::MovingResult<T>> scalar;
    for (const auto& b : boxes) {
      const auto r = opt::ray(b, origin, dir, c.t_min, t_max);
      scalar.push_back({r.hit, r.t_enter});
    }
    moving_agrees(scalar, mask, t_all, idx, t_listed, hits);
  });
}

template <class T, std::size_t N>
void moving_properties() {
  rc::prop("moving_vs_static_mask and _indices equal the scalar moving_vs_static on every element" +
               tag<T, N>(),
           [] {
             const auto c = *gen::sweep_case<T, N>();
             const auto home = c.a;
             auto moving = c.b;
             auto d = c.db;
             if (*gen::chance(5)) d[static_cast<std::size_t>(*gen::int_in(0, N - 1))] = *bad<T>();
             const std::size_t n = *count();
             std::vector<opt::Box<T, N>> boxes;
             Classes<T, N> classes;
             for (std::size_t k = 0; k < n; ++k) {
               boxes.push_back(*gen::chance(30) ? home : element_near(home));
               classes.add(home, boxes.back());
             }
             classes.classify();
             const Soa<T, N> soa(boxes);
             std::vector<std::uint64_t> mask(opt::mask_words(n), ~std::uint64_t(0));
             std::vector<std::size_t> idx(n + 1);
             std::vector<T> t_all(n), t_listed(n + 1);
             opt::moving_vs_static_mask(soa.view(n), moving, d, mask.data(), t_all.data());
             const std::size_t hits =
                 opt::moving_vs_static_indices(soa.view(n), moving, d, idx.data(), t_listed.data());
             std::vector<opt::MovingResult<T>> scalar;
             for (const auto& b : boxes) scalar.push_back(opt::moving_vs_static(b, moving, d));
             moving_agrees(scalar, mask, t_all, idx, t_listed, hits);
           });
}

template <class T, std::size_t N>
void all() {
  overlap_properties<T, N>();
  ce_overlap_properties<T, N>();
  ray_properties<T, N>();
  moving_properties<T, N>();
}

}  // namespace

TEST_CASE("optimized::batch") {
  all<float, 2>();
  all<float, 3>();
  all<double, 2>();
  all<double, 3>();
}
