#pragma once
/// Batch kernels: one query (box, centre–extent box, ray, moving box) against many boxes held as
/// a struct of arrays (docs/contracts.md, "Batch kernels"). Jolt's AABox4VsBox is the model
/// (STYLE.md 6): the scalar names, a lane mask out.
///
/// Contract of every kernel: it EQUALS THE SCALAR OP ON EVERY ELEMENT (static.hpp, moving.hpp),
/// for every input, NaN, ±inf, -0 and inverted boxes included. Element k's answer is the bit
/// k % 64 of mask word k / 64, or its index in the index list (ascending), plus, for the moving
/// kernels, the scalar op's t_enter.
///
/// How: the min–max overlap is comparisons only, done branch-free over blocks of 64 elements (the
/// compiler vectorises the block: SSE2 on any x86-64) and packed into one word. The other kernels
/// run a branch-free filter over the block that decides most elements exactly (a monotone
/// argument, written next to each filter) and call the scalar op for the elements it leaves open.
///
/// No heap allocation; the caller passes the output buffers; every function is noexcept.

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "aabb/optimized/box.hpp"
#include "aabb/optimized/moving.hpp"
#include "aabb/optimized/static.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define AABB_BATCH_AVX2 1
#include <immintrin.h>
#endif

namespace aabb::optimized {

/// count min–max boxes as a struct of arrays: box k is lo[i][k], hi[i][k] for i < N. A view: the
/// caller owns the arrays, which must not overlap the output buffers.
template <Float T, std::size_t N>
requires SupportedDimension<N>
struct BoxesSoA {
  const T* lo[N];
  const T* hi[N];
  std::size_t count = 0;

  /// Box k as a scalar Box (for the scalar op and for tests).
  [[nodiscard]] Box<T, N> operator[](std::size_t k) const noexcept {
    Box<T, N> b;
    for (std::size_t i = 0; i < N; ++i) b.lo[i] = lo[i][k], b.hi[i] = hi[i][k];
    return b;
  }
};

/// count centre–extent boxes as a struct of arrays: box k is center[i][k], extent[i][k].
template <Float T, std::size_t N>
requires SupportedDimension<N>
struct CenterExtentSoA {
  const T* center[N];
  const T* extent[N];
  std::size_t count = 0;

  /// Box k as a scalar CenterExtent.
  [[nodiscard]] CenterExtent<T, N> operator[](std::size_t k) const noexcept {
    CenterExtent<T, N> b;
    for (std::size_t i = 0; i < N; ++i) b.center[i] = center[i][k], b.extent[i] = extent[i][k];
    return b;
  }
};

/// The number of uint64 words a mask over count elements needs.
[[nodiscard]] constexpr std::size_t mask_words(std::size_t count) noexcept {
  return (count + 63) / 64;
}

namespace detail::batch {

inline constexpr std::size_t kBlock = 64;

/// Flags of one block: 0x00 (no) or 0xFF (yes) per element.
struct alignas(64) Flags {
  std::uint8_t f[kBlock];
};

/// 64 flags as one word, bit j = flag j (SSE2 movemask where available).
[[nodiscard]] inline std::uint64_t pack(const Flags& fl) noexcept {
  std::uint64_t w = 0;
#if defined(__SSE2__)
  for (int q = 0; q < 4; ++q) {
    const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(fl.f + 16 * q));
    w |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(v)) & 0xFFFFu) << (16 * q);
  }
#else
  for (std::size_t j = 0; j < kBlock; ++j) w |= std::uint64_t(fl.f[j] & 1u) << j;
#endif
  return w;
}

/// Appends the indices of mask word w (elements base + j) to out; returns the new length.
[[nodiscard]] inline std::size_t append(std::uint64_t w, std::size_t base, std::size_t* out,
                                        std::size_t n) noexcept {
  while (w != 0) {
    out[n++] = base + static_cast<std::size_t>(std::countr_zero(w));
    w &= w - 1;
  }
  return n;
}

/// Whether the query box is valid on every axis (lo <= hi, no NaN): otherwise overlap is
/// false for every element, without reading them.
template <Float T, std::size_t N>
[[nodiscard]] inline bool ordered(const Box<T, N>& q) noexcept {
  for (std::size_t i = 0; i < N; ++i)
    if (!(q.lo[i] <= q.hi[i])) return false;
  return true;
}

/// Overlap of element j against q, whose axes are ordered: the same three comparisons per axis
/// as the scalar overlap (its fourth, q's own order, holds). Comparisons only.
template <Float T, std::size_t N>
[[nodiscard]] inline std::uint64_t overlap_one(const Box<T, N>& q, const BoxesSoA<T, N>& b,
                                               std::size_t k) noexcept {
  int hit = 1;
  for (std::size_t i = 0; i < N; ++i) {
    const T l = b.lo[i][k], h = b.hi[i][k];
    hit &= int(q.lo[i] <= h) & int(l <= q.hi[i]) & int(l <= h);
  }
  return std::uint64_t(hit);
}

// The full-block kernels. Per axis, with q ordered (q.lo <= q.hi, no NaN), the scalar op's four
// comparisons q.lo <= h, l <= q.hi, l <= h, q.lo <= q.hi hold together exactly when
// max(q.lo, l) <= min(q.hi, h): three instructions instead of five. The x86 max/min return their
// second operand when either is NaN, and the element is that operand, so a NaN bound reaches
// the comparison and makes it false, as in the scalar op; ±0 compare equal either way.

#if defined(__SSE2__)
/// One full block in SSE2 (every x86-64): 4 floats or 2 doubles per instruction.
template <Float T, std::size_t N>
[[nodiscard]] inline std::uint64_t overlap_block_sse2(const Box<T, N>& q, const BoxesSoA<T, N>& b,
                                                      std::size_t base) noexcept {
  std::uint64_t w = 0;
  if constexpr (std::is_same_v<T, float>) {
    for (std::size_t j = 0; j < kBlock; j += 4) {
      __m128 ok = _mm_castsi128_ps(_mm_set1_epi32(-1));
      for (std::size_t i = 0; i < N; ++i) {
        const __m128 mx = _mm_max_ps(_mm_set1_ps(q.lo[i]), _mm_loadu_ps(b.lo[i] + base + j));
        const __m128 mn = _mm_min_ps(_mm_set1_ps(q.hi[i]), _mm_loadu_ps(b.hi[i] + base + j));
        ok = _mm_and_ps(ok, _mm_cmple_ps(mx, mn));
      }
      w |= std::uint64_t(unsigned(_mm_movemask_ps(ok))) << j;
    }
  } else {
    for (std::size_t j = 0; j < kBlock; j += 2) {
      __m128d ok = _mm_castsi128_pd(_mm_set1_epi32(-1));
      for (std::size_t i = 0; i < N; ++i) {
        const __m128d mx = _mm_max_pd(_mm_set1_pd(q.lo[i]), _mm_loadu_pd(b.lo[i] + base + j));
        const __m128d mn = _mm_min_pd(_mm_set1_pd(q.hi[i]), _mm_loadu_pd(b.hi[i] + base + j));
        ok = _mm_and_pd(ok, _mm_cmple_pd(mx, mn));
      }
      w |= std::uint64_t(unsigned(_mm_movemask_pd(ok))) << j;
    }
  }
  return w;
}
#endif

#if defined(AABB_BATCH_AVX2)
/// One full block in AVX2, chosen at run time (the library is built for baseline x86-64).
template <Float T, std::size_t N>
[[gnu::target("avx2")]] [[nodiscard]] inline std::uint64_t overlap_block_avx2(
    const Box<T, N>& q, const BoxesSoA<T, N>& b, std::size_t base) noexcept {
  std::uint64_t w = 0;
  if constexpr (std::is_same_v<T, float>) {
    for (std::size_t j = 0; j < kBlock; j += 8) {
      __m256 ok = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
      for (std::size_t i = 0; i < N; ++i) {
        const __m256 mx =
            _mm256_max_ps(_mm256_set1_ps(q.lo[i]), _mm256_loadu_ps(b.lo[i] + base + j));
        const __m256 mn =
            _mm256_min_ps(_mm256_set1_ps(q.hi[i]), _mm256_loadu_ps(b.hi[i] + base + j));
        ok = _mm256_and_ps(ok, _mm256_cmp_ps(mx, mn, _CMP_LE_OQ));
      }
      w |= std::uint64_t(unsigned(_mm256_movemask_ps(ok))) << j;
    }
  } else {
    for (std::size_t j = 0; j < kBlock; j += 4) {
      __m256d ok = _mm256_castsi256_pd(_mm256_set1_epi32(-1));
      for (std::size_t i = 0; i < N; ++i) {
        const __m256d mx =
            _mm256_max_pd(_mm256_set1_pd(q.lo[i]), _mm256_loadu_pd(b.lo[i] + base + j));
        const __m256d mn =
            _mm256_min_pd(_mm256_set1_pd(q.hi[i]), _mm256_loadu_pd(b.hi[i] + base + j));
        ok = _mm256_and_pd(ok, _mm256_cmp_pd(mx, mn, _CMP_LE_OQ));
      }
      w |= std::uint64_t(unsigned(_mm256_movemask_pd(ok))) << j;
    }
  }
  return w;
}
#endif

/// Which full-block kernel this machine runs: 2 = AVX2, 1 = SSE2, 0 = element by element.
[[nodiscard]] inline int overlap_level() noexcept {
#if defined(AABB_BATCH_AVX2)
  if (__builtin_cpu_supports("avx2")) return 2;
#endif
#if defined(__SSE2__)
  return 1;
#else
  return 0;
#endif
}

/// Overlap bits of elements [base, base + m) against q (axes ordered): a full block by the
/// kernel `level` names, a partial block (or level 0) element by element.
template <Float T, std::size_t N>
[[nodiscard]] inline std::uint64_t overlap_block(const Box<T, N>& q, const BoxesSoA<T, N>& b,
                                                 std::size_t base, std::size_t m,
                                                 [[maybe_unused]] int level) noexcept {
#if defined(AABB_BATCH_AVX2)
  if (m == kBlock && level == 2) return overlap_block_avx2(q, b, base);
#endif
#if defined(__SSE2__)
  if (m == kBlock && level == 1) return overlap_block_sse2(q, b, base);
#endif
  std::uint64_t w = 0;
  for (std::size_t j = 0; j < m; ++j) w |= overlap_one(q, b, base + j) << j;
  return w;
}

/// Centre–extent flags of one block against q: `sure` = every axis has fl|cb - ca| <
/// fl(ea + eb) (a hit, certain: the monotone filter of static.hpp), `open` = no axis has
/// fl|cb - ca| > fl(ea + eb) or a NaN, and some axis ties (static.hpp's exact fallback decides
/// it). Elements in neither are certain misses (the scalar op returns false on that axis).
template <Float T, std::size_t N>
inline void ce_block(const CenterExtent<T, N>& q, const CenterExtentSoA<T, N>& b, std::size_t base,
                     std::size_t m, Flags& sure, Flags& open) noexcept {
  const T* __restrict c[N];
  const T* __restrict e[N];
  for (std::size_t i = 0; i < N; ++i) c[i] = b.center[i] + base, e[i] = b.extent[i] + base;
  std::uint8_t* __restrict s = sure.f;
  std::uint8_t* __restrict o = open.f;
  auto one = [&](std::size_t j) {
    int lt = 1, le = 1;
    for (std::size_t i = 0; i < N; ++i) {
      const T gap = std::fabs(c[i][j] - q.center[i]);
      const T reach = q.extent[i] + e[i][j];
      lt &= int(gap < reach);
      le &= int(gap <= reach);
    }
    s[j] = static_cast<std::uint8_t>(-lt);
    o[j] = static_cast<std::uint8_t>(-(le & ~lt & 1));
  };
  if (m == kBlock) {
    for (std::size_t j = 0; j < kBlock; ++j) one(j);
  } else {
    std::memset(s, 0, kBlock);
    std::memset(o, 0, kBlock);
    for (std::size_t j = 0; j < m; ++j) one(j);
  }
}

/// Elements left open by a moving filter: `open` flags set where the filter could not prove a
/// miss. The filter's proof is next to its caller.
template <class Open>
inline void open_block(std::size_t m, Flags& open, Open&& maybe) noexcept {
  std::uint8_t* __restrict o = open.f;
  if (m == kBlock) {
    for (std::size_t j = 0; j < kBlock; ++j) o[j] = static_cast<std::uint8_t>(-maybe(j));
  } else {
    std::memset(o, 0, kBlock);
    for (std::size_t j = 0; j < m; ++j) o[j] = static_cast<std::uint8_t>(-maybe(j));
  }
}

/// The ray filter for element j: 0 when some axis proves a miss with comparisons only. An axis
/// proves it when the origin is outside the slab and the ray never moves towards it: dir = 0
/// (x(t) = o for all t), or t_min >= 0 (so t >= 0 on the whole ray) with dir pointing away or
/// zero (then x(t) - o has dir's sign). Valid input: that axis is never in the slab, a miss
/// exactly; invalid input: the scalar ray misses anyway. NaN compares false: left open.
template <Float T, std::size_t N>
struct RayFilter {
  const T* __restrict lo[N];
  const T* __restrict hi[N];
  Vec<T, N> o;
  int above_away[N], below_away[N];  // per axis: origin above (below) the slab proves a miss
  [[nodiscard]] int operator()(std::size_t j) const noexcept {
    int away = 0;
    for (std::size_t i = 0; i < N; ++i)
      away |= (int(o[i] > hi[i][j]) & above_away[i]) | (int(o[i] < lo[i][j]) & below_away[i]);
    return 1 - away;
  }
};

/// The moving_vs_static filter for element j (s = static box j, m moving by d over [0, 1]): 0
/// when some axis proves a miss. On axis i the moving interval covers exactly [m.lo + min(d, 0),
/// m.hi + max(d, 0)] over [0, 1]; the axis never meets s when fl(m.hi + max(d, 0)) < s.lo or
/// fl(m.lo + min(d, 0)) > s.hi. Rounding to nearest is monotone and s.lo, s.hi are floats, so
/// fl(x) < s.lo proves x < s.lo (and > likewise), overflow to ±inf included: a miss exactly
/// for valid input, and the scalar op misses invalid input anyway. NaN compares false: open.
template <Float T, std::size_t N>
struct MovingFilter {
  const T* __restrict lo[N];
  const T* __restrict hi[N];
  Vec<T, N> reach_hi, reach_lo;  // fl(m.hi + max(d, 0)), fl(m.lo + min(d, 0))
  [[nodiscard]] int operator()(std::size_t j) const noexcept {
    int away = 0;
    for (std::size_t i = 0; i < N; ++i)
      away |= int(reach_hi[i] < lo[i][j]) | int(reach_lo[i] > hi[i][j]);
    return 1 - away;
  }
};

/// Runs one moving kernel: the filter over each block, then `scalar(k)` (returning the scalar
/// op's {hit, t_enter}) for each open element k; mask bit and t_enter[k] (NaN for a filtered
/// miss, the scalar op's t_enter otherwise) for every element.
template <Float T, class Filter, class Scalar>
inline void moving_mask(std::size_t count, const Filter& filter, Scalar&& scalar,
                        std::uint64_t* mask, T* t_enter) noexcept {
  Flags open;
  for (std::size_t base = 0; base < count; base += kBlock) {
    const std::size_t m = count - base < kBlock ? count - base : kBlock;
    Filter f = filter;
    for (std::size_t i = 0; i < sizeof(f.lo) / sizeof(f.lo[0]); ++i)
      f.lo[i] += base, f.hi[i] += base;
    open_block(m, open, f);
    std::uint64_t w = pack(open), hits = 0;
    for (std::size_t j = 0; j < m; ++j) t_enter[base + j] = std::numeric_limits<T>::quiet_NaN();
    while (w != 0) {
      const auto j = static_cast<std::size_t>(std::countr_zero(w));
      w &= w - 1;
      const MovingResult<T> r = scalar(base + j);
      t_enter[base + j] = r.t_enter;
      hits |= std::uint64_t(r.hit) << j;
    }
    mask[base / kBlock] = hits;
  }
}

/// The same, writing indices of hits (ascending) and their t_enter side by side; returns the count.
template <Float T, class Filter, class Scalar>
[[nodiscard]] inline std::size_t moving_indices(std::size_t count, const Filter& filter,
                                                Scalar&& scalar, std::size_t* out,
                                                T* t_enter) noexcept {
  Flags open;
  std::size_t n = 0;
  for (std::size_t base = 0; base < count; base += kBlock) {
    const std::size_t m = count - base < kBlock ? count - base : kBlock;
    Filter f = filter;
    for (std::size_t i = 0; i < sizeof(f.lo) / sizeof(f.lo[0]); ++i)
      f.lo[i] += base, f.hi[i] += base;
    open_block(m, open, f);
    std::uint64_t w = pack(open);
    while (w != 0) {
      const auto j = static_cast<std::size_t>(std::countr_zero(w));
      w &= w - 1;
      const MovingResult<T> r = scalar(base + j);
      if (r.hit) out[n] = base + j, t_enter[n] = r.t_enter, ++n;
    }
  }
  return n;
}

template <Float T, std::size_t N>
[[nodiscard]] inline RayFilter<T, N> ray_filter(const BoxesSoA<T, N>& boxes, const Vec<T, N>& o,
                                                const Vec<T, N>& d, T t_min) noexcept {
  RayFilter<T, N> f;
  for (std::size_t i = 0; i < N; ++i) f.lo[i] = boxes.lo[i], f.hi[i] = boxes.hi[i];
  f.o = o;
  const bool forward = t_min >= T(0);  // then t >= 0 on the whole ray
  for (std::size_t i = 0; i < N; ++i) {
    const bool zero = d[i] == T(0);
    f.above_away[i] = int(forward ? d[i] >= T(0) : zero);
    f.below_away[i] = int(forward ? d[i] <= T(0) : zero);
  }
  return f;
}

template <Float T, std::size_t N>
[[nodiscard]] inline MovingFilter<T, N> moving_filter(const BoxesSoA<T, N>& boxes,
                                                      const Box<T, N>& m,
                                                      const Vec<T, N>& d) noexcept {
  MovingFilter<T, N> f;
  for (std::size_t i = 0; i < N; ++i) {
    f.lo[i] = boxes.lo[i], f.hi[i] = boxes.hi[i];
    f.reach_hi[i] = m.hi[i] + (d[i] > T(0) ? d[i] : T(0));
    f.reach_lo[i] = m.lo[i] + (d[i] < T(0) ? d[i] : T(0));
  }
  return f;
}

}  // namespace detail::batch

// ---- Min–max overlap ---------------------------------------------------------------------------

/// overlap(q, boxes[k]) for every k, as mask_words(boxes.count) words: bit k % 64 of word k / 64
/// (bits past count are 0). EQUALS THE SCALAR overlap ON EVERY ELEMENT: comparisons only, so
/// EXACT; touching counts, NaN → 0, inverted (q or element) → 0, ±inf as extended reals.
template <Float T, std::size_t N>
inline void overlap_mask(const Box<T, N>& q, const BoxesSoA<T, N>& boxes,
                         std::uint64_t* mask) noexcept {
  if (!detail::batch::ordered(q)) {
    for (std::size_t w = 0; w < mask_words(boxes.count); ++w) mask[w] = 0;
    return;
  }
  const int level = detail::batch::overlap_level();
  for (std::size_t base = 0; base < boxes.count; base += detail::batch::kBlock) {
    const std::size_t m = boxes.count - base < 64 ? boxes.count - base : 64;
    mask[base / detail::batch::kBlock] = detail::batch::overlap_block(q, boxes, base, m, level);
  }
}

/// The indices k (ascending) with overlap(q, boxes[k]), written to out (room for boxes.count);
/// returns how many. EQUALS THE SCALAR overlap ON EVERY ELEMENT (as overlap_mask).
template <Float T, std::size_t N>
[[nodiscard]] inline std::size_t overlap_indices(const Box<T, N>& q, const BoxesSoA<T, N>& boxes,
                                                 std::size_t* out) noexcept {
  if (!detail::batch::ordered(q)) return 0;
  const int level = detail::batch::overlap_level();
  std::size_t n = 0;
  for (std::size_t base = 0; base < boxes.count; base += detail::batch::kBlock) {
    const std::size_t m = boxes.count - base < 64 ? boxes.count - base : 64;
    n = detail::batch::append(detail::batch::overlap_block(q, boxes, base, m, level), base, out, n);
  }
  return n;
}

// ---- Centre–extent overlap ---------------------------------------------------------------------

/// overlap(q, boxes[k]) (centre–extent, static.hpp) for every k, as a mask (as overlap_mask).
/// EQUALS THE SCALAR overlap ON EVERY ELEMENT, so EXACT: the same monotone filter, vectorised,
/// and the scalar op (its exact fallback) for elements whose filter ties on some axis.
template <Float T, std::size_t N>
inline void overlap_mask(const CenterExtent<T, N>& q, const CenterExtentSoA<T, N>& boxes,
                         std::uint64_t* mask) noexcept {
  detail::batch::Flags sure, open;
  for (std::size_t base = 0; base < boxes.count; base += detail::batch::kBlock) {
    const std::size_t m = boxes.count - base < 64 ? boxes.count - base : 64;
    detail::batch::ce_block(q, boxes, base, m, sure, open);
    std::uint64_t w = detail::batch::pack(sure), ties = detail::batch::pack(open);
    while (ties != 0) {
      const auto j = static_cast<std::size_t>(std::countr_zero(ties));
      ties &= ties - 1;
      w |= std::uint64_t(overlap(q, boxes[base + j])) << j;
    }
    mask[base / detail::batch::kBlock] = w;
  }
}

/// The indices k (ascending) with overlap(q, boxes[k]) (centre–extent) written to out (room for
/// boxes.count); returns how many. EQUALS THE SCALAR overlap ON EVERY ELEMENT.
template <Float T, std::size_t N>
[[nodiscard]] inline std::size_t overlap_indices(const CenterExtent<T, N>& q,
                                                 const CenterExtentSoA<T, N>& boxes,
                                                 std::size_t* out) noexcept {
  detail::batch::Flags sure, open;
  std::size_t n = 0;
  for (std::size_t base = 0; base < boxes.count; base += detail::batch::kBlock) {
    const std::size_t m = boxes.count - base < 64 ? boxes.count - base : 64;
    detail::batch::ce_block(q, boxes, base, m, sure, open);
    std::uint64_t w = detail::batch::pack(sure), ties = detail::batch::pack(open);
    while (ties != 0) {
      const auto j = static_cast<std::size_t>(std::countr_zero(ties));
      ties &= ties - 1;
      w |= std::uint64_t(overlap(q, boxes[base + j])) << j;
    }
    n = detail::batch::append(w, base, out, n);
  }
  return n;
}

// ---- Ray ---------------------------------------------------------------------------------------

/// ray(boxes[k], origin, dir, t_min, t_max) for every k: the hit as a mask (as overlap_mask) and
/// t_enter[k] (boxes.count entries; NaN on a miss). EQUALS THE SCALAR ray ON EVERY ELEMENT (hit
/// exact, t_enter the scalar's, within 1 ulp): an exact comparison filter (RayFilter) rejects
/// boxes the ray moves away from, and the scalar op answers the rest.
template <Float T, std::size_t N>
inline void ray_mask(const BoxesSoA<T, N>& boxes, const Vec<T, N>& origin, const Vec<T, N>& dir,
                     T t_min, T t_max, std::uint64_t* mask, T* t_enter) noexcept {
  detail::batch::moving_mask<T>(
      boxes.count, detail::batch::ray_filter(boxes, origin, dir, t_min),
      [&](std::size_t k) {
        const RayResult<T> r = ray(boxes[k], origin, dir, t_min, t_max);
        return MovingResult<T>{r.hit, r.t_enter};
      },
      mask, t_enter);
}

/// The indices k (ascending) where the scalar ray hits boxes[k], and t_enter[n] of the n-th
/// listed box (out and t_enter: room for boxes.count); returns how many. EQUALS THE SCALAR ray ON
/// EVERY ELEMENT (as ray_mask).
template <Float T, std::size_t N>
[[nodiscard]] inline std::size_t ray_indices(const BoxesSoA<T, N>& boxes, const Vec<T, N>& origin,
                                             const Vec<T, N>& dir, T t_min, T t_max,
                                             std::size_t* out, T* t_enter) noexcept {
  return detail::batch::moving_indices<T>(
      boxes.count, detail::batch::ray_filter(boxes, origin, dir, t_min),
      [&](std::size_t k) {
        const RayResult<T> r = ray(boxes[k], origin, dir, t_min, t_max);
        return MovingResult<T>{r.hit, r.t_enter};
      },
      out, t_enter);
}

// ---- Moving box vs many static boxes -----------------------------------------------------------

/// moving_vs_static(stationary[k], moving, d) for every k: the hit as a mask (as overlap_mask)
/// and t_enter[k] (NaN on a miss). EQUALS THE SCALAR moving_vs_static ON EVERY ELEMENT (hit
/// exact, t_enter the scalar's): an exact swept-interval filter (MovingFilter) rejects boxes the
/// moving box never reaches on some axis, and the scalar op answers the rest.
template <Float T, std::size_t N>
inline void moving_vs_static_mask(const BoxesSoA<T, N>& stationary, const Box<T, N>& moving,
                                  const Vec<T, N>& d, std::uint64_t* mask, T* t_enter) noexcept {
  detail::batch::moving_mask<T>(
      stationary.count, detail::batch::moving_filter(stationary, moving, d),
      [&](std::size_t k) { return moving_vs_static(stationary[k], moving, d); }, mask, t_enter);
}

/// The indices k (ascending) where the scalar moving_vs_static hits stationary[k], and t_enter[n]
/// of the n-th listed box; returns how many. EQUALS THE SCALAR moving_vs_static ON EVERY ELEMENT.
template <Float T, std::size_t N>
[[nodiscard]] inline std::size_t moving_vs_static_indices(const BoxesSoA<T, N>& stationary,
                                                          const Box<T, N>& moving,
                                                          const Vec<T, N>& d, std::size_t* out,
                                                          T* t_enter) noexcept {
  return detail::batch::moving_indices<T>(
      stationary.count, detail::batch::moving_filter(stationary, moving, d),
      [&](std::size_t k) { return moving_vs_static(stationary[k], moving, d); }, out, t_enter);
}

}  // namespace aabb::optimized
